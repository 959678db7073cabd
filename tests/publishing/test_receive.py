"""The hub takes a venue's whole tournament: identical standings, no duplicates, nothing half-written."""

from __future__ import annotations

import copy

import pytest
from django.db.models import F
from publishing_tools import build_document, forget_venue, receive

from cups.models import SeasonTournament
from publishing.models import PublishedCopy
from publishing.problems import Refused
from scoring.models import Correction, Hand, HandScore
from scoring.selectors import standings_document
from tournament.models import Entry, Player, Round, Seat, Table, Team, Tournament

_receive = receive
_forget_venue = forget_venue


def _counts(slug):
    tournament = Tournament.objects.get(slug=slug)
    return {
        "entries": Entry.objects.filter(tournament=tournament).count(),
        "rounds": Round.objects.filter(tournament=tournament).count(),
        "tables": Table.objects.filter(round__tournament=tournament).count(),
        "seats": Seat.objects.filter(table__round__tournament=tournament).count(),
        "hands": Hand.objects.filter(table__round__tournament=tournament).count(),
        "scores": HandScore.objects.filter(hand__table__round__tournament=tournament).count(),
        "corrections": Correction.objects.filter(round__tournament=tournament).count(),
        "teams": Team.objects.filter(tournament=tournament).count(),
        "players": Player.objects.count(),
        "seasons": SeasonTournament.objects.filter(tournament=tournament).count(),
    }


def test_a_published_tournament_has_the_venues_standings_and_counts_in_the_cup(venue_event, hub_cup):
    cup, token = hub_cup()
    before = standings_document(venue_event)
    document = build_document(venue_event)
    assert before["teams"] and any(row["total"] for row in before["rows"])
    _forget_venue(venue_event)

    received = _receive(document, token)

    assert received.status == "created"
    hub = Tournament.objects.get(slug="wirt-cup-1")
    assert standings_document(hub) == before
    # every copied score row carries its hand's round (the standings sum per round from it alone)
    assert not HandScore.objects.filter(round__tournament=hub).exclude(round_id=F("hand__table__round_id")).exists()
    assert hub.cup_season.season.cup == cup
    copy_row = PublishedCopy.objects.get(tournament=hub)
    assert (copy_row.cup, copy_row.last_closed_round) == (cup, 1)
    # the table links stay at the venue: the hub's tables have tokens of their own
    assert not set(Table.objects.filter(round__tournament=hub).values_list("token", flat=True)) & {
        t["token"] for r in document["rounds"] for t in r["tables"] if "token" in t}


def test_sending_again_updates_and_never_duplicates(venue_event, hub_cup, play_round):
    _cup, token = hub_cup()
    first = build_document(venue_event)
    second_round = venue_event.round_set.get(number=2)
    play_round(second_round, seed=5, hands=4)
    venue_event.refresh_from_db()
    later = build_document(venue_event)
    expected = standings_document(venue_event)
    _forget_venue(venue_event)

    assert _receive(first, token).status == "created"
    counts_first = _counts("wirt-cup-1")
    assert _receive(first, token).status == "unchanged"  # the same copy again: nothing written
    assert _counts("wirt-cup-1") == counts_first
    assert _receive(later, token).status == "updated"
    counts_later = _counts("wirt-cup-1")
    assert counts_later["hands"] > counts_first["hands"]
    assert {k: v for k, v in counts_later.items() if k != "hands" and k != "scores"} == \
        {k: v for k, v in counts_first.items() if k != "hands" and k != "scores"}
    assert _receive(later, token).status == "unchanged"
    assert _counts("wirt-cup-1") == counts_later
    assert standings_document(Tournament.objects.get(slug="wirt-cup-1")) == expected


def test_a_replayed_older_request_never_puts_the_old_state_back(venue_event, hub_cup, play_round):
    _cup, token = hub_cup()
    old = build_document(venue_event)
    play_round(venue_event.round_set.get(number=2), seed=5, hands=4)
    venue_event.refresh_from_db()
    new = build_document(venue_event)
    expected = standings_document(venue_event)
    _forget_venue(venue_event)
    _receive(new, token)

    with pytest.raises(Refused) as refusal:
        _receive(old, token)

    assert refusal.value.status == 409
    assert "neueren Stand" in refusal.value.message_de and "newer state" in refusal.value.message_en
    assert standings_document(Tournament.objects.get(slug="wirt-cup-1")) == expected


def test_the_same_state_with_other_contents_is_refused(venue_event, hub_cup):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    _forget_venue(venue_event)
    _receive(document, token)
    forged = copy.deepcopy(document)
    forged["players"][0]["name"] = "Jemand Anderer"

    with pytest.raises(Refused) as refusal:
        _receive(forged, token)

    assert refusal.value.status == 409
    assert not Player.objects.filter(name="Jemand Anderer").exists()


def test_a_token_of_another_cup_cannot_change_the_tournament(venue_event, hub_cup):
    _cup, token = hub_cup("unterland")
    _other, other_token = hub_cup("oberland")
    document = build_document(venue_event)
    _forget_venue(venue_event)
    _receive(document, token)
    newer = copy.deepcopy(document)
    newer["sequence"] += 5

    with pytest.raises(Refused) as refusal:
        _receive(newer, other_token)

    assert refusal.value.status == 403
    assert PublishedCopy.objects.get().cup.slug == "unterland"


def test_a_tournament_of_the_hubs_own_is_never_overwritten(venue_event, hub_cup, make_tournament):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    document["tournament"]["slug"] = "hub-eigenes"
    own = make_tournament(players=8, slug="hub-eigenes")
    entries = own.entries.count()

    with pytest.raises(Refused) as refusal:
        _receive(document, token)

    assert refusal.value.status == 409
    assert own.entries.count() == entries and not PublishedCopy.objects.exists()


def test_a_copy_broken_half_way_leaves_the_last_good_one(venue_event, hub_cup, play_round):
    _cup, token = hub_cup()
    good = build_document(venue_event)
    play_round(venue_event.round_set.get(number=2), seed=5, hands=4)
    venue_event.refresh_from_db()
    later = build_document(venue_event)
    expected_rows = None
    _forget_venue(venue_event)
    _receive(good, token)
    expected_rows = standings_document(Tournament.objects.get(slug="wirt-cup-1"))
    counts = _counts("wirt-cup-1")
    # The last table's last hand is one the rule set does not allow: found only while writing.
    broken = copy.deepcopy(later)
    broken["rounds"][1]["tables"][-1]["hands"][-1]["data"] = {"contract": "kein-spiel"}

    with pytest.raises(Refused) as refusal:
        _receive(broken, token)

    assert refusal.value.status in (400, 422)
    assert _counts("wirt-cup-1") == counts
    assert standings_document(Tournament.objects.get(slug="wirt-cup-1")) == expected_rows


def test_a_hand_the_hub_scores_differently_refuses_the_whole_copy(venue_event, hub_cup):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    _forget_venue(venue_event)
    tampered = copy.deepcopy(document)
    points = tampered["rounds"][0]["tables"][0]["hands"][0]["points"]
    points[0] = str(float(points[0]) + 1)

    with pytest.raises(Refused) as refusal:
        _receive(tampered, token)

    assert refusal.value.status == 409
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="etwas/9"),
    lambda d: d.update(sequence="viele"),
    lambda d: d.update(players="niemand"),
    lambda d: d["players"].pop(),
    lambda d: d["rounds"][0]["tables"][0]["seats"].__setitem__(0, 99),
    lambda d: d["rounds"][0]["tables"][0]["seats"].__setitem__(1, d["rounds"][0]["tables"][0]["seats"][0]),
    lambda d: d["rounds"][0].update(status="gewürfelt"),
    lambda d: d["rounds"][0]["tables"][0]["hands"][0].update(number=7),
    lambda d: d["tournament"].update(date="gestern"),
    lambda d: d["teams"][0].update(members=[0, 500]),
    lambda d: d["rounds"][0]["corrections"][0].update(reason=""),
])
def test_a_damaged_document_is_refused_before_anything_is_written(venue_event, hub_cup, damage):
    _cup, token = hub_cup()
    document = build_document(venue_event)
    _forget_venue(venue_event)
    players = Player.objects.count()
    damage(document)

    with pytest.raises(Refused) as refusal:
        _receive(document, token)

    assert refusal.value.status == 400
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists() and Player.objects.count() == players


def test_a_rule_set_the_hub_cannot_read_is_a_clear_refusal(venue_event, hub_cup):
    """A venue on a newer version sends a rule set with a field this hub does not know: a 422 saying
    so, never a 500 in the middle of the write."""
    _cup, token = hub_cup()
    document = build_document(venue_event)
    document["tournament"]["ruleset_snapshot"]["format"]["from_the_future"] = 1
    _forget_venue(venue_event)

    with pytest.raises(Refused) as refusal:
        _receive(document, token)

    assert refusal.value.status == 422 and "neuere Version" in refusal.value.message_de
    assert not Tournament.objects.filter(slug="wirt-cup-1").exists()
