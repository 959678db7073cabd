"""A published copy on the hub is read only (issue 31): the venue is the source. The copy's table sheet shows the
hands with a sentence saying the venue enters them, and offers no hand form, no pause or leave, no "Letztes Spiel
ändern"; every write path (the form, the scorer's JSON API, undo, correcting, pausing, confirming, the draw,
booking points) refuses a copy with a 403 in words in the page's language, and the write services refuse it too."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.urls import reverse
from publishing_tools import build_document, forget_venue, receive

from language import ServiceError
from scoring import absences, services
from scoring.models import Correction, Hand
from tournament import players, rounds, teams
from tournament import services as tournament_services
from tournament.errors import CopyNotWritable
from tournament.models import RoundEvent, Table, Team, TeamMember, Tournament

SLUG = "wirt-cup-1"
DE = "Dieses Turnier ist eine Kopie vom Turnierort"
EN = "This tournament is a copy from the venue"
DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}


@pytest.fixture
def hub_copy(venue_event, hub_cup) -> Tournament:
    """The venue's event (round 2 running, two hands at each table) as the hub's copy."""
    _cup, token = hub_cup()
    document = build_document(venue_event)
    forget_venue(venue_event)
    receive(document, token)
    return Tournament.objects.get(slug=SLUG)


@pytest.fixture
def five(hub_copy) -> Table:
    return next(t for t in Table.objects.filter(round__tournament=hub_copy, round__number=2) if t.seats.count() == 5)


@pytest.fixture
def hub_director(db, client):
    client.force_login(User.objects.create_superuser("cupleitung", "cup@example.invalid", "tarock"))
    return client


def test_a_copy_is_marked_as_one_and_a_venues_tournament_is_not(venue_event, hub_copy, make_tournament):
    assert hub_copy.is_copy and not make_tournament(players=4, slug="daheim").is_copy
    assert Table.objects.filter(round__tournament=hub_copy).first().scorer_lock == "copy"


def test_the_copies_marked_before_the_field_existed_are_marked_by_the_migration(hub_copy):
    from importlib import import_module

    Tournament.objects.filter(pk=hub_copy.pk).update(is_copy=False)
    import_module("publishing.migrations.0006_copies_marked").mark_copies(apps, None)
    assert Tournament.objects.get(pk=hub_copy.pk).is_copy


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_copys_sheet_shows_the_hands_read_only(hub_director, five, language):
    page = hub_director.get(reverse("scoring:director_sheet", args=[five.pk]), HTTP_ACCEPT_LANGUAGE=language)

    assert page.status_code == 200
    text = page.content.decode()
    sentence = {"de": "Eine Kopie vom Turnierort: die Spiele trägt der Turnierort ein",
                "en": "A copy from the venue: the venue enters the hands"}[language]
    assert sentence in text
    assert text.count('<td class="contract">') == five.hands_entered == 2  # the hands are there to read
    assert 'name="contract"' not in text  # no hand form
    for action in ('value="pause"', 'value="leave"', "director_absence", "/pause/", "/spiel/1/", "/spiel/2/",
                   "letztes-spiel", "rueckgaengig", "erster-geber", "bestaetigen"):
        assert action not in text, action
    scorer = hub_director.get(reverse("scoring:sheet", args=[five.token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert sentence in scorer and 'name="contract"' not in scorer and "letztes-spiel" not in scorer


def _writes(five: Table, hand_form: dict) -> dict:
    """Every write path a page or a phone posts to, with what it sends."""
    version = {"version": five.version}
    return {
        "scorer form": (reverse("scoring:sheet", args=[five.token]), {**hand_form, **version}),
        "director form": (reverse("scoring:director_sheet", args=[five.pk]), {**hand_form, **version}),
        "undo": (reverse("scoring:undo", args=[five.token]), version),
        "edit last": (reverse("scoring:edit_last", args=[five.token]), {**hand_form, **version}),
        "director correct": (reverse("scoring:director_correct", args=[five.pk, 1]),
                             {**hand_form, **version, "reason": "Tippfehler"}),
        "pause": (reverse("scoring:absence", args=[five.token]), {"action": "pause", "position": 1, **version}),
        "director pause": (reverse("scoring:director_absence", args=[five.pk]),
                           {"action": "leave", "position": 1, **version}),
        "confirm": (reverse("scoring:confirm", args=[five.token]), {"names": "alle", **version}),
        "draw": (reverse("scoring:first_dealer", args=[five.token]), {"position": 1, **version}),
        "booking": (reverse("scoring:corrections", args=[five.round.tournament.slug]),
                    {"entry": five.seats.first().entry_id, "round": five.round_id, "points": 3, "reason": "Strafe"}),
    }


def _state(tournament) -> tuple:
    tables = Table.objects.filter(round__tournament=tournament).order_by("pk")
    return (list(tables.values_list("version", "absences", "confirmed_at", "first_dealer")),
            Hand.objects.filter(table__round__tournament=tournament).count(),
            Correction.objects.filter(round__tournament=tournament).count())


@pytest.mark.parametrize("path", ["scorer form", "director form", "undo", "edit last", "director correct", "pause",
                                  "director pause", "confirm", "draw", "booking"])
@pytest.mark.parametrize(("language", "words"), [("de", DE), ("en", EN)])
def test_every_write_path_refuses_a_copy_with_a_403_in_words(hub_director, five, path, language, words):
    hand_form = {"number": five.hands_entered + 1, "idempotency_key": "k" * 16, "contract": "dreier",
                 "declarer": "0", "result": "won", "kontra": "1"}
    url, data = _writes(five, hand_form)[path]
    before = _state(five.round.tournament)

    answer = hub_director.post(url, data, HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 403
    text = answer.content.decode()
    assert words in text and (EN if language == "de" else DE) not in text
    assert _state(five.round.tournament) == before


@pytest.mark.parametrize(("language", "words"), [("de", DE), ("en", EN)])
def test_the_scorer_api_refuses_a_copy_with_a_403_in_words(client, five, language, words):
    before = _state(five.round.tournament)

    answer = client.post(reverse("scoring:api_hands", args=[five.token]), json.dumps(
        {"number": five.hands_entered + 1, "key": "k" * 16, "hand": DREIER}), content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 403
    assert words in answer.json()["message"] and DE in answer.json()["error_de"]
    state = client.get(reverse("scoring:api_state", args=[five.token])).json()
    assert state["status"] == "closed"
    assert _state(five.round.tournament) == before


def test_the_write_services_refuse_a_copy_even_for_the_director(five):
    hand = five.hands.order_by("number").last()
    writes = [
        lambda: services.store_hand(table=five, number=five.hands_entered + 1, data=DREIER, director=True),
        lambda: services.correct_hand(hand=hand, data=DREIER, expected_version=five.version, reason="x", director=True),
        lambda: services.remove_last_hand(table=five, expected_version=five.version, director=True),
        lambda: absences.pause_player(table=five, position=1, by="director:cupleitung", director=True),
        lambda: absences.leave_table(table=five, position=1, by="director:cupleitung", director=True),
        lambda: absences.return_player(table=five, position=1, by="director:cupleitung", director=True),
        lambda: services.record_draw(table=five, expected_version=five.version, first_dealer=1, director=True),
        lambda: services.book_correction(entry=five.seats.first().entry, round=five.round, points=3, reason="x"),
    ]
    before = _state(five.round.tournament)
    for write in writes:
        with pytest.raises(CopyNotWritable) as refused:
            write()
        assert isinstance(refused.value, ServiceError) and DE in refused.value.message_de
    assert _state(five.round.tournament) == before


# --- the tournament's own writes (issue 31 leftovers): rounds, tables, entries, withdrawals, teams --------------

def _play(tournament) -> tuple:
    """What the tournament-level writes would change: rounds, their events, the tables' links, the entries, teams."""
    return (list(tournament.round_set.order_by("number").values_list("status", "closed_at")),
            RoundEvent.objects.filter(round__tournament=tournament).count(),
            list(Table.objects.filter(round__tournament=tournament).order_by("pk").values_list("token", "ended_early")),
            list(tournament.entries.order_by("pk").values_list("checked_in", "withdrawn_after_round", "substitute")),
            list(TeamMember.objects.filter(team__tournament=tournament).order_by("pk").values_list("team__name", "entry")),
            Team.objects.filter(tournament=tournament).count(), _state(tournament))


def test_the_tournaments_write_services_refuse_a_copy(hub_copy, five):
    first, second = hub_copy.round_set.get(number=1), hub_copy.round_set.get(number=2)
    entry = hub_copy.entries.order_by("pk").first()
    team = Team.objects.get(tournament=hub_copy)
    free = hub_copy.entries.filter(team_membership__isnull=True).first()
    member = team.memberships.first().entry
    writes = {
        "seat": lambda: rounds.seat_round(round=second, seed="x"),
        "seat as given": lambda: rounds.seat_round_as_given(round=second, tables={}),
        "close": lambda: rounds.close_round(round=second),
        "end and close": lambda: rounds.end_tables_and_close(round=second, reason="Zeit"),
        "reopen": lambda: rounds.reopen_round(round=first, reason="Irrtum"),
        "end table": lambda: rounds.end_table(table=five, reason="Zeit"),
        "new links": lambda: rounds.rotate_links(round=second, every_table=True),
        "new player": lambda: players.enter_new_player(tournament=hub_copy, name="Neu Ankömmling"),
        "known player": lambda: tournament_services.enter_player(tournament=hub_copy, player=entry.player),
        "substitute": lambda: players.add_substitute(round=second, name="Sepp Springer"),
        "seat with substitute": lambda: players.seat_with_substitute(round=second, name="Sepp Springer"),
        "not here": lambda: tournament_services.set_checked_in(entry=entry, checked_in=False),
        "withdraw": lambda: tournament_services.withdraw(entry=entry, after_round=1),
        "team": lambda: teams.create_team(tournament=hub_copy, name="Neue"),
        "team of the import": lambda: teams.team_name_for_import(hub_copy, "Neue"),
        "form teams": lambda: teams.form_teams(tournament=hub_copy, size=2),
        "member": lambda: teams.add_member(team=team, entry=free),
        "members": lambda: teams.add_members(team=team, entries=[free]),
        "remove members": lambda: teams.remove_members(team=team, entries=[member]),
        "delete team": lambda: teams.delete_team(team=team),
        "confirm": lambda: services.confirm_table(table=five, expected_version=five.version, names="alle"),
        # The money is the venue's too: a hub's stake would price the copy's hands other than the venue's sheets.
        "prizes": lambda: tournament_services.set_prizes(tournament=hub_copy, entry_fee_cents=1000, prizes_cents=[500],
                                                          over_fees_ok=True),
        "stake": lambda: tournament_services.set_money_settings(tournament=hub_copy, stake_cents=20, kontra_to_charity=True),
    }
    before = _play(hub_copy), _money(hub_copy)
    for name, write in writes.items():
        with pytest.raises(CopyNotWritable):
            write()
        assert (_play(hub_copy), _money(hub_copy)) == before, name


def _money(tournament) -> tuple:
    return Tournament.objects.filter(pk=tournament.pk).values_list(
        "entry_fee_cents", "prizes_cents", "stake_cents", "kontra_to_charity").get()


def _tournament_writes(copy: Tournament, five: Table) -> dict:
    """Every director's page that changes a tournament's play, with what it posts."""
    slug, entry = copy.slug, copy.entries.order_by("pk").first()
    return {
        "seat": (reverse("tournament:round_action", args=[slug, 2, "seat"]), {}),
        "close": (reverse("tournament:round_action", args=[slug, 2, "close"]), {"reason": "Zeit", "unconfirmed_ok": "1"}),
        "reopen": (reverse("tournament:round_action", args=[slug, 1, "reopen"]), {"reason": "Irrtum"}),
        "end table": (reverse("tournament:end_table", args=[slug, 2, five.pk]), {"reason": "Zeit"}),
        "new links": (reverse("tournament:rotate_links", args=[slug, 2]), {"table": five.pk}),
        "substitute": (reverse("tournament:seat_substitute", args=[slug, 2]), {"name": "Sepp Springer"}),
        "new player": (reverse("tournament:add_player", args=[slug]), {"name": "Neu Ankömmling", "allow_duplicate": "1"}),
        "known player": (reverse("tournament:enter_existing", args=[slug]), {"player": entry.player_id}),
        "import": (reverse("tournament:import_players", args=[slug]), {"text": "Neu Ankömmling"}),
        "all here": (reverse("tournament:check_in_all", args=[slug]), {}),
        "not here": (reverse("tournament:check_in", args=[slug, entry.pk]), {"checked_in": "0"}),
        "withdraw": (reverse("tournament:withdraw", args=[slug, entry.pk]), {"after_round": "1"}),
        "team": (reverse("tournament:teams", args=[slug]), {"action": "create", "name": "Neue"}),
        "form teams": (reverse("tournament:teams", args=[slug]), {"action": "form", "size": "2"}),
        "prizes": (reverse("tournament:prizes", args=[slug]), {"entry_fee": "10", "prizes": "5", "over_fees_ok": "1"}),
    }


@pytest.mark.parametrize("path", ["seat", "close", "reopen", "end table", "new links", "substitute", "new player",
                                  "known player", "import", "all here", "not here", "withdraw", "team", "form teams",
                                  "prizes"])
@pytest.mark.parametrize(("language", "words"), [("de", DE), ("en", EN)])
def test_every_tournament_page_refuses_a_copy_with_a_403_in_words(hub_director, hub_copy, five, path, language, words):
    url, data = _tournament_writes(hub_copy, five)[path]
    before, money = _play(hub_copy), _money(hub_copy)

    answer = hub_director.post(url, data, HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 403
    text = answer.content.decode()
    assert words in text and (EN if language == "de" else DE) not in text
    assert _play(hub_copy) == before and _money(hub_copy) == money


def test_the_hub_still_writes_its_copy_and_a_cups_season_takes_it(venue_event, hub_cup):
    """The guard is the play's writes' and their pages': the hub's receiving code replaces the copy (rounds, tables,
    entries, teams: rows the guarded services refuse to write) and a cup's season takes it."""
    from cups.models import SeasonTournament

    cup, token = hub_cup()
    document = build_document(venue_event)
    forget_venue(venue_event)
    receive(document, token)
    document["sequence"] += 1
    document["teams"] = []

    assert receive(document, token).status == "updated"
    copy = Tournament.objects.get(slug=SLUG)
    assert copy.is_copy and not Team.objects.filter(tournament=copy).exists()
    assert SeasonTournament.objects.get(tournament=copy).season.cup == cup  # cups.services.add_tournament took it


def test_the_prize_page_of_a_copy_shows_the_money_without_a_form(hub_director, hub_copy):
    page = hub_director.get(reverse("tournament:prizes", args=[hub_copy.slug])).content.decode()
    assert "Nenngeld und Preise legt der Turnierort fest" in page and 'class="stacked prizes-form"' not in page
