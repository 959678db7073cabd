"""A finished tournament published again after a correction at the venue (issue 31): the hub's copy is replaced
with nothing left pointing at its old rows (the rating's placings, a player's link), and the rating follows."""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.db import models
from publishing_tools import build_document, forget_venue, receive

from rules.engine.sampling import random_hand
from scoring.selectors import standings_document
from scoring.services import correct_hand
from tournament import copies
from tournament.models import Tournament

# Who lets go of each foreign key into a replaced copy: scoring's rows are removed by the caller first
# (scoring.copies.remove_hands); every other app's rows are deleted (CASCADE) by the copy itself.
REMOVED_BY_CALLER = {"scoring.HandScore", "scoring.Hand", "scoring.HandRevision", "scoring.Correction"}


def test_every_foreign_key_into_a_replaced_copy_is_let_go():
    pointing = copies.rows_pointing_into_a_copy()
    labels = {f"{field.model._meta.label}.{field.name}" for field in pointing}
    assert {"rating.RatedPlacing.entry", "players.PersonalLink.entry", "scoring.HandScore.entry"} <= labels
    for field in pointing:
        handled_by_copy = field.remote_field.on_delete in (models.CASCADE, models.SET_NULL)
        assert handled_by_copy or field.model._meta.label in REMOVED_BY_CALLER, (
            f"{field.model._meta.label}.{field.name} ({field.remote_field.on_delete.__name__}) blocks a republish")


def _corrected(tournament):
    """A director's correction of some hand that changes the totals (looked for, not assumed)."""
    before = [row["total"] for row in standings_document(tournament)["rows"]]
    rng = random.Random(7)
    for hand in [h for table in tournament.round_set.get(number=1).tables.order_by("number")
                 for h in table.hands.order_by("number")]:
        for _attempt in range(20):
            hand.refresh_from_db()
            correct_hand(hand=hand, data=random_hand(tournament.ruleset, rng), expected_version=hand.table.version,
                         reason="Falsch eingetragen", by="Leitung", director=True)
            if [row["total"] for row in standings_document(tournament)["rows"]] != before:
                return
    pytest.fail("no correction changed the totals")


def test_a_finished_tournament_published_again_after_a_correction_replaces_the_copy_and_the_rating(
        client, season_of, finished, django_capture_on_commit_callbacks):
    from cups.services import create_cup
    from players.links import link_for_entry
    from publishing.hub.tokens import create_token
    from rating.models import RatedPlacing

    venue = finished(season_of("daheim"), "wirt-1", day=date(2026, 11, 28))
    venue.refresh_from_db()
    first = build_document(venue)
    _corrected(venue)
    venue.refresh_from_db()
    corrected = standings_document(venue)
    second = build_document(venue)
    assert second["sequence"] > first["sequence"]
    forget_venue(venue)
    cup = create_cup(name="Cup Unterland", slug="unterland", scheme="fixed")
    _row, token = create_token(cup=cup, name="Gasthof")
    with django_capture_on_commit_callbacks(execute=True):
        receive(first, token)
    hub = Tournament.objects.get(slug="wirt-1")
    assert RatedPlacing.objects.filter(tournament=hub).count() == 8  # the finished copy is rated
    link_for_entry(entry=hub.entries.first())  # a player's link on the copy points at an old entry, too

    with django_capture_on_commit_callbacks(execute=True):
        received = receive(second, token)

    assert received.status == "updated"
    assert standings_document(hub) == corrected
    ranks = {p.entry.player.name: p.rank for p in RatedPlacing.objects.filter(tournament=hub).select_related("entry__player")}
    assert ranks == {row["name"]: row["rank"] for row in corrected["rows"]}
    rows = client.get("/rangliste/?format=json").json()["rows"]
    assert len(rows) == 8
