"""Every write service bumps the live version, structurally: it is wrapped by tournament.live.write_service.

The structural tests look at the code itself: every public function of the apps that writes rows
(or opens a transaction) must carry the hook, and every public function of the service modules
must carry it or be a read listed below. A new write service without the hook fails here before any
page shows stale standings. The behavioural spot checks then call services and watch the version.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from cups import services as cup_services
from cups.players import merge_players
from language import ServiceError
from paper.imports import players as player_import
from scoring import services as scoring_services
from tournament import live, rounds, services
from tournament.models import Player, Tournament

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ["tournament", "scoring", "cups", "paper", "website"]
SKIPPED_PARTS = {"migrations", "management"}  # demo data and one-off commands call the services
SERVICE_MODULES = ["tournament.services", "tournament.players", "tournament.rounds", "scoring.services", "scoring.absences",
                   "cups.services"]
# Public functions of those modules that write nothing (checked below: no write in their source).
READS = {"tournament.services.resolve_ruleset", "tournament.players.likely_duplicates",
         "tournament.players.clean_fields", "tournament.players.identity", "tournament.players.same_player",
         "tournament.players.find_player", "tournament.players.known_players", "tournament.players.keyed_players",
         "tournament.players.match_score", "tournament.players.fits_search",
         "tournament.services.check_late_entry", "tournament.rounds.round_problems",
         "tournament.rounds.seating_problems", "scoring.services.director_code", "cups.services.season_label",
         "tournament.players.unsaved_player", "tournament.players.matchable_by_name",
         "tournament.players.never_matched_by_name"}  # the last registers a source at start-up: no database write
# The bump and the hook themselves, and the raw row writers a whole tournament's copy runs inside its write
# services (tournament/copies.py, scoring/copies.py).
# The season pages' stored rankings are a cache in the database, written by the read path that ranked them and
# versioned by what they were ranked from (cups/summaries.py, cups/rankings.py): no tournament changes.
NOT_SERVICES = {"tournament.live.touch", "tournament.live.write_service", "tournament.copies.insert_rows",
                "tournament.copies.delete_rows", "cups.summaries.store_summaries",
                "cups.rankings.store_rankings", "cups.summaries.keep_ranked"}
# An ORM write or a transaction (a queryset's update takes keywords, a set's does not).
WRITES = re.compile(r"transaction\.atomic|\.save\(|\.get_or_create\(|\.create\(|\.update\(\w+=|\.delete\(|"
                    r"bulk_create|bulk_update|select_for_update")


def public_functions(module_name: str):
    module = importlib.import_module(module_name)
    for name, function in sorted(vars(module).items()):
        if not name.startswith("_") and inspect.isfunction(function) and function.__module__ == module_name:
            yield f"{module_name}.{name}", function


def app_modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if not SKIPPED_PARTS & set(path.parts):
                yield ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def writes(function) -> bool:
    body = inspect.getsource(inspect.unwrap(function))
    return bool(WRITES.search(body.split(":", 1)[1] if body.lstrip().startswith("@") else body))


def hooked(function) -> bool:
    return getattr(function, "writes_live_version", False)


def test_every_public_function_that_writes_is_a_write_service():
    unhooked = [name for module in app_modules() for name, function in public_functions(module)
                if name not in NOT_SERVICES and writes(function) and not hooked(function)]
    assert unhooked == []


def test_every_public_function_of_the_service_modules_is_a_write_service_or_a_listed_read():
    found = dict(item for module in SERVICE_MODULES for item in public_functions(module))
    assert READS <= set(found)
    assert [name for name, function in found.items() if not hooked(function) and name not in READS] == []
    assert [name for name in READS if writes(found[name]) or hooked(found[name])] == []


def test_the_scan_would_catch_a_write_service_without_the_hook():
    def add_player(*, name):
        return Player.objects.create(name=name)

    assert writes(add_player) and not hooked(add_player)
    assert hooked(live.write_service(changes=live.NO_TOURNAMENT)(add_player))


def test_a_write_service_must_say_which_tournament_it_writes():
    with pytest.raises(TypeError, match="needs an argument naming its tournament"):
        @live.write_service
        def rename(*, player, name):
            pass


def version(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).live_version


@pytest.fixture
def event(make_tournament):
    return make_tournament("tirol", players=8, slug="writes")


def first_table(tournament):
    return tournament.round_set.get(number=1).tables.order_by("number").first()


DREIER = {"contract": "dreier", "declarer": 0, "result": "won"}
WRITES_TO_CHECK = {
    # services that did not bump before the hook: nothing they write shows on a live page today, and the
    # bump (one render) keeps the pages right the day something does
    "set_prizes": lambda t: services.set_prizes(tournament=t, entry_fee_cents=1000, prizes_cents=[3000, 2000]),
    "record_draw (first dealer)": lambda t: scoring_services.record_draw(
        table=first_table(t), first_dealer=2, expected_version=first_table(t).version),
    "record_draw": lambda t: scoring_services.record_draw(
        table=first_table(t), first_vorhand=1, expected_version=first_table(t).version),
    "rotate_links": lambda t: rounds.rotate_links(round=t.round_set.get(number=1), every_table=True),
    "store_hand": lambda t: scoring_services.store_hand(table=first_table(t), number=1, data=DREIER),
    "book_correction": lambda t: scoring_services.book_correction(
        entry=t.entries.first(), round=t.round_set.get(number=1), points=5, reason="Renonce"),
    "reprice": lambda t: scoring_services.reprice(tournament=t),
    "withdraw": lambda t: services.withdraw(entry=t.entries.first(), after_round=1),
    "add_tournament": lambda t: cup_services.add_tournament(
        season=cup_services.create_season(cup=cup_services.create_cup(name="Cup", slug="cup"), label="2026/27"),
        tournament=t),
}


@pytest.mark.parametrize("write", sorted(WRITES_TO_CHECK))
def test_a_write_service_bumps_the_version_once(event, write):
    before = version(event)
    WRITES_TO_CHECK[write](event)
    assert version(event) == before + 1


def test_a_refused_write_leaves_the_version(event):
    before = version(event)
    with pytest.raises(ServiceError):
        rounds.close_round(round=event.round_set.get(number=1))
    assert version(event) == before


def test_services_inside_a_service_bump_once(event):
    before = version(event)
    report = player_import.import_players(tournament=event, rows=[{"name": f"Neu {i}"} for i in range(5)])
    assert len(report.entered) == 5  # five enter_player calls, one bump
    assert version(event) == before + 1


def test_a_merge_bumps_the_tournaments_of_the_duplicate(event, make_tournament):
    other = make_tournament("tirol", players=8, slug="writes-2", seat=False)
    keep, duplicate = Player.objects.create(name="Doppelt"), Player.objects.create(name="Doppelt", club="TC Test")
    services.enter_player(tournament=event, player=keep)
    services.enter_player(tournament=other, player=duplicate)
    before, before_other = version(event), version(other)
    merge_players(keep=keep, duplicate=duplicate)
    assert (version(event), version(other)) == (before + 1, before_other + 1)


def test_a_replayed_hand_writes_nothing_and_leaves_the_version(event):
    table = first_table(event)
    scoring_services.store_hand(table=table, number=1, data=DREIER, idempotency_key="k1")
    before = version(event)
    replay = scoring_services.store_hand(table=table, number=1, data=DREIER, idempotency_key="k1")
    assert not replay.created and version(event) == before
