"""seed_demo --min-tournaments sets a new cup's minimum (season.md "Qualification and sub-rankings"), and the
demo tournaments have names a director can tell apart."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cups.models import Cup
from tournament.models import Tournament


def test_min_tournaments_sets_the_new_cups_minimum(db):
    call_command("seed_demo", players=8, slug="quali-1", cup="quali", min_tournaments=4, played=1, stdout=None)
    assert Cup.objects.get(slug="quali").min_tournaments == 4


def test_min_tournaments_needs_a_cup(db):
    with pytest.raises(CommandError, match="--min-tournaments"):
        call_command("seed_demo", players=8, slug="ohne-cup", min_tournaments=4)


def test_demo_tournaments_of_one_rule_set_have_distinct_names(db):
    call_command("seed_demo", players=8, slug="demo-a", played=0, date="2026-11-20")
    call_command("seed_demo", players=12, slug="demo-b", played=0, date="2026-11-27")
    names = set(Tournament.objects.filter(slug__in=["demo-a", "demo-b"]).values_list("name", flat=True))
    assert len(names) == 2
