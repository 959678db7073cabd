"""The director's small things (issue 23, point 11): a name close to a known one is asked about, the
new-tournament form comes filled in, the round page keeps "neu setzen" away from "Runde abschließen",
a correction shows when it was booked."""

from __future__ import annotations

from django.urls import reverse

from tournament.models import Entry, Player


def _add(client, slug, name, **extra):
    return client.post(reverse("tournament:add_player", args=[slug]), {"name": name, "checked_in": "on", **extra})


def test_a_name_close_to_a_known_one_is_asked_about_first(client, director, make_tournament):
    tournament = make_tournament("tirol", players=4, seat=False, slug="nah")
    Player.objects.create(name="Anna Huber", club="TC Wörgl")
    response = _add(client, "nah", "Anna Hubert")
    html = response.content.decode()
    assert response.status_code == 200 and "einem bekannten Namen sehr ähnlich" in html
    assert "Anna Huber" in html and "nehmen" in html and "trotzdem neu anlegen" in html
    assert not Player.objects.filter(name="Anna Hubert").exists()
    client.cookies["django_language"] = "en"
    assert "is very close to a known name" in _add(client, "nah", "Anna Hubert").content.decode()
    # Asked and answered: created on purpose.
    assert _add(client, "nah", "Anna Hubert", allow_duplicate="on").status_code == 302
    assert Entry.objects.filter(tournament=tournament, player__name="Anna Hubert").exists()


def test_a_family_name_alone_is_not_close(client, director, make_tournament):
    make_tournament("tirol", players=4, seat=False, slug="familie")
    Player.objects.create(name="Anna Huber", club="TC Wörgl")
    assert _add(client, "familie", "Franz Huber").status_code == 302  # another person: added without asking
    assert Player.objects.filter(name="Franz Huber").exists()
    # The same name key stays the existing question (a namesake in another club).
    response = _add(client, "familie", "anna huber")
    assert response.status_code == 200 and "gibt es vielleicht schon" in response.content.decode()


def test_the_new_tournament_form_fills_in_the_date_and_forms_the_slug(client, director):
    from django.utils import timezone

    from tournament.models import Tournament

    before = timezone.localdate()
    page = client.get(reverse("tournament:list")).content.decode()
    days = {before, timezone.localdate()}  # a request across midnight may show either day
    assert any(f'value="{day:%Y-%m-%d}"' in page for day in days) and "js/new-tournament" in page
    data = {"name": "Tiroler Cup Wörgl", "date": "2026-12-05", "venue": "Wörgl", "ruleset": "tirol"}
    assert client.post(reverse("tournament:list"), {**data, "slug": ""}).status_code == 302
    assert Tournament.objects.filter(slug="tiroler-cup-worgl-2026-12-05").exists()
    # The slug the page filled in (slug_auto) is taken: the next free one, no error.
    response = client.post(reverse("tournament:list"), {**data, "slug": "tiroler-cup-worgl-2026-12-05", "slug_auto": "True"})
    assert response.status_code == 302 and Tournament.objects.filter(slug="tiroler-cup-worgl-2026-12-05-2").exists()
    # A slug the director typed himself that is taken stays a form error.
    response = client.post(reverse("tournament:list"), {**data, "slug": "tiroler-cup-worgl-2026-12-05"})
    assert response.status_code == 200 and Tournament.objects.count() == 2


def test_reseating_is_not_beside_closing_the_round(client, director, make_tournament):
    tournament = make_tournament("tirol", players=8, slug="setzen")
    page = client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()
    actions = page[page.index('<div class="actions">'):]
    actions = actions[:actions.index("</div>")]
    assert "Runde abschließen" in actions and "neu setzen" not in actions
    reseat = page[page.index('id="reseat"'):]
    assert "<summary>Sitzordnung neu auslosen …</summary>" in reseat and ">neu setzen</button>" in reseat
    assert reseat.index("neu setzen") > page.index("</table>") - page.index('id="reseat"')


def test_not_publishing_is_explained(client, director, make_tournament):
    tournament = make_tournament("tirol", players=4, seat=False, slug="ohne-cup")
    page = client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode()
    assert "Nicht für einen Cup-Server eingerichtet." in page
    assert "Das Turnier läuft hier ganz ohne." in page and "die Turniere seiner Saison sammelt" in page
    assert f'href="{reverse("publishing:settings", args=[tournament.slug])}"' in page
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode()
    assert "The tournament runs here without one." in page


def test_a_correction_shows_when_it_was_booked(client, director, make_tournament, play_round):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from scoring.models import Correction
    from scoring.services import book_correction

    tournament = make_tournament("tirol", players=8, slug="korrektur")
    round1 = tournament.round_set.get(number=1)
    play_round(round1, hands=2)
    entry = round1.tables.get(number=1).seats.get(position=0).entry
    correction = book_correction(entry=entry, round=round1, points=-10, reason="Renonce nachträglich", user=director)
    Correction.objects.filter(pk=correction.pk).update(at=datetime(2026, 11, 21, 14, 35, tzinfo=ZoneInfo("Europe/Vienna")))
    player = client.get(reverse("tournament:player", args=[tournament.slug, entry.pk])).content.decode()
    assert "Renonce nachträglich · gebucht 21.11. 14:35" in player
    sheet = client.get(reverse("scoring:sheet", args=[round1.tables.get(number=1).token])).content.decode()
    assert "Renonce nachträglich <small class=\"when\">(gebucht 21.11. 14:35)</small>" in sheet
