"""Tirol 2020 (`tirol2020`, docs/sources/abakus-tirol.md) beside the 2019/20 text (`tirol`, seed 000)."""

from datetime import date

import pytest
from django.urls import reverse

from rules.engine import InvalidHand, score
from rules.rulesets import BUILTIN

OLD, NEW = BUILTIN["tirol"], BUILTIN["tirol2020"]
SILENT_SACK = {"contract": "dreier", "declarer": 2, "declarer_points": "47", "bonuses": [{"bonus": "sack", "side": "declarer"}]}


@pytest.mark.once
def test_a_silent_sack_scores_1_in_2020_and_is_refused_under_2019_20():
    # REGELN.js:51: 1st Sack 1 silent / 2 announced; Dreier 5 alone: 15 + 3.
    assert list(score(SILENT_SACK, NEW).points) == [-6, -6, 18, -6]
    with pytest.raises(InvalidHand) as excinfo:
        score(SILENT_SACK, OLD)
    assert [p.code for p in excinfo.value.problems] == ["bonus_must_be_announced"]


@pytest.mark.once
def test_a_silent_2nd_sack_needs_its_card_points_in_2020():
    hand = {**SILENT_SACK, "declarer_points": "50", "bonuses": [{"bonus": "double_sack", "side": "declarer"}]}
    with pytest.raises(InvalidHand) as excinfo:
        score(hand, NEW)
    assert [p.code for p in excinfo.value.problems] == ["bonus_points_too_few"]


@pytest.mark.once
def test_only_the_cited_changes_differ_from_2019_20():
    assert (NEW.slug, NEW.version, OLD.version) == ("tirol2020", 2, 1)
    assert NEW.contracts == OLD.contracts and NEW.valat == OLD.valat and NEW.trischaken == OLD.trischaken
    changed = {b.slug for b in NEW.bonuses} - {b.slug for b in NEW.bonuses if b in OLD.bonuses}
    assert changed == {"sack", "double_sack"}
    assert all(change.source == "abakus-tirol" for change in NEW.changes) and len(NEW.changes) == 4
    assert NEW.format == OLD.format


@pytest.mark.django_db
def test_a_tournament_keeps_the_version_it_was_created_with():
    from tournament import services

    old = services.create_tournament(name="T19", slug="t19", date=date(2026, 5, 1), ruleset=OLD)
    new = services.create_tournament(name="T20", slug="t20", date=date(2026, 5, 1), ruleset=NEW)
    old.refresh_from_db()
    new.refresh_from_db()
    assert (old.ruleset_slug, old.ruleset_version, new.ruleset_slug, new.ruleset_version) == ("tirol", 1, "tirol2020", 2)
    # The snapshot, not today's code, is what the tournament scores with.
    assert old.ruleset == OLD and new.ruleset == NEW
    assert old.ruleset.bonus_rule("sack").silent is None and new.ruleset.bonus_rule("sack").silent == 1


@pytest.mark.django_db
def test_the_rule_page_shows_the_version_and_what_changed(client):
    html = client.get(reverse("rules:ruleset", args=["tirol2020"])).content.decode()
    assert "Version 2" in html and "Neu in Version 2" in html
    assert "REGELN.js:51–52" in html


@pytest.mark.django_db
def test_the_cups_rule_pages_show_their_sources(client):
    html = client.get(reverse("rules:ruleset", args=["sauwald"])).content.decode()
    assert "Quellen" in html and "Statistik/REGELN.js" in html
