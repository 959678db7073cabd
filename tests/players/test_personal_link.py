"""The personal link: the player's page (seat, table diagram, first dealer, hands, standing, season) with
no login; self check-in at the door, which the director sees and can undo; a renewed link replaces the
old one, of which only a hash was ever stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from players import links, tokens
from players.models import PersonalLink
from signup import services as signup_services
from signup.models import SignUp

pytestmark = pytest.mark.django_db


def _signed_up(tournament, name="Anna Berger", email="anna@example.invalid") -> tuple[SignUp, str]:
    sign_up = signup_services.sign_up(tournament=tournament, name=name, club="TC Test", email=email)
    return sign_up, sign_up.personal_path


def test_only_a_hash_of_the_token_is_stored(coming_tournament):
    _sign_up, path = _signed_up(coming_tournament())
    token = path.split("/")[2]
    link = PersonalLink.objects.get()
    stored = " ".join(str(value) for value in PersonalLink.objects.values().get().values())
    assert token not in stored and link.token_hash == tokens.hash_of(token)
    assert links.find(token) == link and links.find(token[:-1] + ("A" if token[-1] != "A" else "B")) is None


def test_the_page_needs_no_login_and_a_wrong_link_is_a_404_that_says_so(coming_tournament):
    _sign_up, path = _signed_up(coming_tournament())
    page = Client().get(path)
    assert page.status_code == 200 and "Anna Berger" in page.content.decode()
    assert "noindex" in page.content.decode()
    wrong = Client().get("/ich/nicht-echt/")
    assert wrong.status_code == 404 and "gilt nicht" in wrong.content.decode()


def test_a_renewed_link_replaces_the_old_one(client, director, coming_tournament):
    tournament = coming_tournament()
    sign_up, old = _signed_up(tournament)
    link = sign_up.personal_link
    answer = client.post(f"/turniere/{tournament.slug}/links/", {"action": "renew", "link": link.pk})
    assert answer.status_code == 302
    assert Client().get(old).status_code == 404
    link.refresh_from_db()
    new = links.path(link)
    assert new != old and Client().get(new).status_code == 200
    assert new in client.get(f"/turniere/{tournament.slug}/links/").content.decode()


def test_the_desk_lists_every_player_with_a_qr_code_of_their_link(client, director, make_tournament):
    tournament = make_tournament(players=5, slug="desk", seat=False)
    page = client.get(f"/turniere/{tournament.slug}/links/")
    html = page.content.decode()
    assert page.status_code == 200 and html.count('<svg class="qr"') == 5
    for link in PersonalLink.objects.filter(tournament=tournament):
        assert links.path(link) in html
    assert Client().get(f"/turniere/{tournament.slug}/links/").status_code == 302  # directors only


@pytest.mark.once
def test_the_desk_qr_code_reads_back_as_the_link(tmp_path):
    """zbarimg (zbar-tools) reads the QR code the page draws: what a phone at the door scans."""
    import shutil
    import subprocess

    if not shutil.which("zbarimg") or not shutil.which("chromium"):
        pytest.skip("zbarimg and chromium are installed by scripts/system-packages.sh")
    from players.qr import qr_svg

    url = "http://192.168.1.20:8000/ich/abcdefghijklmnopqrstuvwx/"
    svg = tmp_path / "code.svg"
    svg.write_text(qr_svg(url, size_px=300))
    png = tmp_path / "code.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={png}",
                    "--window-size=320,320", svg.as_uri()], check=True, capture_output=True, timeout=60)
    read = subprocess.run(["zbarimg", "--raw", "-q", str(png)], capture_output=True, text=True, timeout=30)
    assert read.stdout.strip() == url


def test_self_check_in_on_the_day_the_director_sees_it_and_can_undo_it(client, director, coming_tournament):
    tournament = coming_tournament(days=0)
    sign_up, path = _signed_up(tournament)
    player = Client()
    page = player.get(path).content.decode()
    assert "Ich bin da" in page
    answer = player.post(path + "einchecken/")
    assert answer.status_code == 302
    sign_up.refresh_from_db()
    entry = tournament.entries.get()
    assert sign_up.status == SignUp.CHECKED_IN and entry.checked_in
    assert "Sie sind eingecheckt" in player.get(path).content.decode()
    desk = client.get(f"/turniere/{tournament.slug}/links/").content.decode()
    assert "selbst eingecheckt" in desk
    link = sign_up.personal_link
    client.post(f"/turniere/{tournament.slug}/links/", {"action": "undo", "link": link.pk})
    sign_up.refresh_from_db()
    entry.refresh_from_db()
    assert sign_up.status == SignUp.CONFIRMED and not entry.checked_in
    assert PersonalLink.objects.get().self_checked_in_at is None


def test_self_check_in_is_refused_with_a_sentence_before_the_day_and_from_the_waiting_list(coming_tournament):
    tournament = coming_tournament(cap=1)
    _signed_up(tournament, "Anna", "anna@example.invalid")
    _sign_up, path = _signed_up(tournament, "Bernd", "bernd@example.invalid")
    answer = Client().post(path + "einchecken/")
    assert answer.status_code == 422 and "erst am Turniertag" in answer.content.decode()
    tournament.date = timezone.localdate()
    tournament.save(update_fields=["date"])
    answer = Client().post(path + "einchecken/")
    assert answer.status_code == 422 and "Warteliste" in answer.content.decode()
    assert not tournament.entries.exists()


def test_a_seated_player_sees_table_seat_diagram_first_dealer_hands_and_rank(client, director, make_tournament,
                                                                           play_round):
    tournament = make_tournament(players=8, slug="tag")
    client.get(f"/turniere/{tournament.slug}/links/")  # the director's list makes everyone's link
    first = tournament.round_set.get(number=1)
    play_round(first, seed=3, hands=2)
    entry = tournament.entries.order_by("player__name").first()
    table = first.tables.get(seats__entry=entry)
    seat = table.seats.get(entry=entry)
    path = links.path(PersonalLink.objects.get(entry=entry))
    html = Client().get(path).content.decode()
    assert f"Tisch {table.number} · Platz {seat.position + 1}" in html
    assert html.count('class="seat') >= 4 and 'class="seat me"' in html  # the diagram with the player's seat
    assert re.search(r"Rang \d+=? mit", html) and "Spiel" in html
    others = [s.entry.player.name for s in table.seats.all() if s.entry_id != entry.pk]
    assert all(name in html for name in others)
    dealer = table.seats.get(position=table.first_dealer).entry.player.name
    assert ("Erster Geber: " + dealer) in html or "wird am Tisch gelost" in html


def test_the_page_speaks_the_language_the_player_signed_up_in(coming_tournament):
    from django.utils import translation

    tournament = coming_tournament()
    with translation.override("en"):
        _sign_up, path = _signed_up(tournament)
    html = Client().get(path).content.decode()
    assert "Check-in opens on the day" in html
    switched = Client()
    switched.cookies["django_language"] = "de"
    assert "erst am Turniertag" in switched.get(path).content.decode()



def test_the_director_takes_a_check_in_back_on_the_sign_up_list_but_not_once_seated(client, director, coming_tournament):
    tournament = coming_tournament(days=0, cap=None)
    signed = []
    for number in range(4):
        sign_up, _path = _signed_up(tournament, f"Gast {number}", f"gast{number}@example.invalid")
        signup_services.confirm(sign_up=sign_up)
        signup_services.check_in(sign_up=sign_up)
        signed.append(sign_up)
    listing = f"/turniere/{tournament.slug}/anmeldungen/"
    assert "Check-in zurücknehmen" in client.get(listing).content.decode()
    assert client.post(listing, {"action": "undo_check_in", "sign_up": signed[0].pk}).status_code == 302
    signed[0].refresh_from_db()
    assert signed[0].status == SignUp.CONFIRMED and not tournament.entries.get(player=signed[0].player).checked_in
    signup_services.check_in(sign_up=signed[0])
    from tournament import rounds

    rounds.seat_round(round=tournament.round_set.get(number=1), seed="z")
    refused = client.post(listing, {"action": "undo_check_in", "sign_up": signed[1].pk})
    assert refused.status_code == 422 and "sitzt schon an einem Tisch" in refused.content.decode()
