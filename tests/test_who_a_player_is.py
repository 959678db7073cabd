"""Every way a player comes in reads "who a player is" the one way (tournament/players.py): sign-up,
the director's form, the player list, the season import, a name on a paper sheet and the login
throttle. The cases are the ones the old keys got wrong: every Cyrillic name had the same key (after
"Иван Петров" signed up, four other people were refused as duplicates), while a Cyrillic "А" inside
a Latin name made a second "Anna Huber"."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from language import ServiceError
from tournament.models import Entry, Player

FIVE_RUSSIANS = ["Иван Петров", "Пётр Иванов", "Мария Иванова", "Анна Смирнова", "Сергей Попов"]
CYRILLIC_ANNA = "\u0410nna Huber"  # the first letter is Cyrillic


@pytest.fixture
def open_signup(make_tournament):
    from signup.services import set_registration

    tournament = make_tournament(players=0, slug="anmeldung", seat=False)
    set_registration(tournament=tournament, is_open=True, cap=None, deadline=timezone.now() + timedelta(days=7))
    return tournament


def _sign(tournament, name: str, club: str = ""):
    from signup.services import sign_up

    return sign_up(tournament=tournament, name=name, club=club, address=name)


def test_sign_up_takes_every_cyrillic_name_and_refuses_a_look_alike(open_signup):
    from signup.models import SignUp

    for name in FIVE_RUSSIANS:
        _sign(open_signup, name, "ТК Москва")
    assert SignUp.objects.count() == 5
    _sign(open_signup, "Anna Huber", "TC Wörgl")
    with pytest.raises(ServiceError, match="schon angemeldet"):
        _sign(open_signup, CYRILLIC_ANNA, "tc woergl")
    assert SignUp.objects.count() == 6


def test_sign_up_finds_the_known_player_through_a_look_alike_but_not_in_another_club(open_signup):
    known = Player.objects.create(name="Anna Huber", club="TC Wörgl")
    Player.objects.create(name="Иван Петров", club="ТК Москва")
    assert _sign(open_signup, CYRILLIC_ANNA, "TC Wörgl").player == known
    assert _sign(open_signup, "Пётр Иванов", "ТК Москва").player is None  # another person, whatever the old key said
    assert _sign(open_signup, "Anna Huber", "").player is None  # no club is not TC Wörgl


def test_check_in_of_a_newcomer_makes_player_and_entry_together(open_signup):
    from signup.services import check_in, confirm

    signed = _sign(open_signup, "Иван Петров", "ТК Москва")
    entry = check_in(sign_up=confirm(sign_up=signed))
    assert (entry.player.name, entry.checked_in, entry.tournament) == ("Иван Петров", True, open_signup)


def test_the_directors_form_asks_about_a_look_alike_and_takes_every_cyrillic_name(client, director, make_tournament):
    tournament = make_tournament(players=0, slug="formular", seat=False)
    url = reverse("tournament:add_player", args=[tournament.slug])
    for name in FIVE_RUSSIANS:
        client.post(url, {"name": name, "club": "ТК Москва", "checked_in": "on"})
    assert Entry.objects.filter(tournament=tournament).count() == 5
    client.post(url, {"name": "Anna Huber", "club": "TC Wörgl"})
    response = client.post(url, {"name": CYRILLIC_ANNA, "club": "TC Wörgl"})
    assert response.status_code == 200 and "gibt es vielleicht schon" in response.content.decode()
    response = client.post(url, {"name": "Anna\u202eHuber", "club": ""}, follow=True)
    assert "Steuerzeichen" in response.content.decode()
    assert Player.objects.count() == 6


def test_the_player_list_reuses_a_look_alike_and_creates_every_cyrillic_name(make_tournament):
    from paper.imports import players as player_import

    tournament = make_tournament(players=0, slug="liste", seat=False)
    anna = Player.objects.create(name="Anna Huber", club="TC Wörgl")
    text = "\n".join([f"{name}; ТК Москва" for name in FIVE_RUSSIANS] + [f"{CYRILLIC_ANNA}; TC  Wörgl"])
    report = player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_text(text))
    assert report.reused == [anna] and not report.flagged
    assert len(report.entered) == 6 and Player.objects.count() == 6
    again = player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_text(text))
    assert len(again.reused) == 6 and Player.objects.count() == 6  # a list uploaded again enters nobody twice


def test_the_season_import_matches_a_look_alike_and_keeps_cyrillic_names_apart(db):
    from cups import services
    from cups.imports import import_season_results

    season = services.create_season(cup=services.create_cup(name="Cup", slug="cup", scheme="cube"), label="2026/27")
    anna = Player.objects.create(name="Anna Huber", club="TC Wörgl")
    lines = ["tournament;date;rank;name;club;total", f"Herbst;3.10.2025;1;{CYRILLIC_ANNA};tc woergl;90"]
    lines += [f"Herbst;3.10.2025;{rank};{name};ТК Москва;{50 - rank}" for rank, name in enumerate(FIVE_RUSSIANS, 2)]
    report = import_season_results(season=season, content="\n".join(lines).encode(), filename="alt.csv")
    assert report.ok, report.lines()
    assert report.players_created == 5 and season.imported_results.get(rank=1).player == anna


def test_a_name_on_a_paper_sheet_and_a_login_read_the_same_key():
    from hall.ratelimit import normalise_name
    from paper.imports.hands.readable import player_key

    assert player_key(CYRILLIC_ANNA) == player_key("huber anna")
    assert normalise_name("\uff56\u0456ctim") == normalise_name("Victim")  # full-width v, Cyrillic i
