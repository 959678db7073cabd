"""A club's saved rule set is named one way everywhere (tournament.selectors.saved_ruleset): "custom:<id>" or
its slug (issue 31: "custom:<pk>" was parsed in two places with different checks)."""

import io
import json
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from language import ServiceError
from rules.engine.custom import RuleSetInvalid
from rules.rulesets import get_ruleset
from tournament.models import CustomRuleSet
from tournament.selectors import saved_ruleset, saved_versions
from tournament.services import create_tournament, resolve_ruleset
from tournament.variants.services import save_variant, start_from

SPEC = {"slug": "stammtisch", "name": "Stammtisch", "base": "raiffeisen",
        "overrides": {"contracts": {"dreier": {"value": 5}}}}


@pytest.fixture
def saved(db):
    save_variant(spec=SPEC)
    return save_variant(spec=SPEC)  # version 2, the newest


def test_one_reading_of_the_key_in_the_form_the_tournament_and_the_command(saved):
    assert saved_ruleset("stammtisch") == saved_ruleset(f"custom:{saved.pk}") == saved and saved.version == 2
    assert resolve_ruleset("stammtisch").version == resolve_ruleset(f"custom:{saved.pk}").version == 2
    assert start_from(f"custom:{saved.pk}").current.slug == start_from("stammtisch").current.slug == "stammtisch"
    for key in ("custom:²", "custom:", "custom:99999", "nirgends", "x" * 80):
        assert saved_ruleset(key) is None
        with pytest.raises(ServiceError):
            resolve_ruleset(key)
        with pytest.raises(ServiceError):
            start_from(key)


def test_a_saved_slug_is_scored_by_score_hands_with_its_newest_version(saved, tmp_path):
    """Issue 32 point 5: ``score_hands --rules <saved slug>`` said "unknown rule set"."""
    hands = tmp_path / "hands.jsonl"
    hands.write_text(json.dumps({"contract": "dreier", "declarer": 2, "result": "won"}) + "\n", encoding="utf-8")
    out = io.StringIO()
    call_command("score_hands", "--rules", "stammtisch", str(hands), stdout=out)
    # The saved Dreier is worth 5 (Raiffeisen's is 2): the declarer wins 5 from each of three.
    assert json.loads(out.getvalue()) == {"points": [-5, -5, 15, -5], "cash": [-5, -5, 15, -5]}
    assert get_ruleset("stammtisch").key == "stammtisch@2"
    with pytest.raises(CommandError, match="unknown rule set 'nirgends'"):
        call_command("score_hands", "--rules", "nirgends", str(hands), stdout=io.StringIO())


def test_a_saved_rule_set_has_a_page_with_every_version_and_its_sample_hands(saved, client):
    """A tournament on a club's variant links "its rules" to /regeln/<slug>/: that page, not a 404."""
    html = client.get("/regeln/stammtisch/").content.decode()
    for version in (1, 2):
        section = html[html.index(f'id="version-{version}"'):]
        section = section[:section.index("</details>")]
        assert "Stammtisch" in section and 'data-contract="dreier"' in section and "Beispielspiele" in section
    assert client.get("/regeln/nirgends/").status_code == 404
    assert client.get("/regeln/raiffeisen/").status_code == 200


def test_a_tournament_on_a_saved_rule_set_links_to_its_rules(saved, director, client):
    tournament = create_tournament(name="Klubabend", slug="klubabend", date=date(2026, 11, 28),
                                   ruleset=resolve_ruleset("stammtisch"))
    html = client.get(f"/turniere/{tournament.slug}/").content.decode()
    assert 'href="/regeln/stammtisch/#version-2"' in html
    assert client.get("/regeln/stammtisch/").status_code == 200
    # The organiser's list of saved rule sets links each version to its rules too.
    listed = client.get("/leitung/regelwerke/").content.decode()
    assert 'href="/regeln/stammtisch/#version-2"' in listed and 'href="/regeln/stammtisch/#version-1"' in listed


REFUSED = {"bonuses": {"pagat": {"silent": 9, "announced": 1}}}  # a bonus worth more silent than announced


def test_a_version_the_engine_refuses_today_is_listed_with_why_and_never_scored(saved):
    """A version saved before a check existed is not offered for scoring, and no older version stands in for it
    (the club plays the newest); the rules page still finds it (the tournaments played under it keep their
    snapshot)."""
    CustomRuleSet.objects.create(slug="stammtisch", version=3, name="Stammtisch", base="raiffeisen", overrides=REFUSED)
    versions = saved_versions("stammtisch")
    assert [(type(v).__name__, v.version) for v in versions] == [("RefusedVersion", 3), ("RuleSet", 2), ("RuleSet", 1)]
    assert "still (9) zählt sie mehr als angesagt (1)" in str(versions[0].said)
    with pytest.raises(RuleSetInvalid):
        get_ruleset("stammtisch")
    assert saved_versions("raiffeisen") == saved_versions("x" * 61) == []


def test_score_hands_refuses_a_saved_slug_whose_newest_version_is_refused_today(saved, tmp_path):
    CustomRuleSet.objects.create(slug="stammtisch", version=3, name="Stammtisch", base="raiffeisen", overrides=REFUSED)
    hands = tmp_path / "hands.jsonl"
    hands.write_text(json.dumps({"contract": "dreier", "declarer": 2, "result": "won"}) + "\n", encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("score_hands", "--rules", "stammtisch", str(hands), stdout=io.StringIO())
    assert "Ungültiger eigener Regelsatz" in str(refused.value) and "pagat" in str(refused.value)


@pytest.mark.parametrize(("language", "words", "reason"), [
    ("de", "lässt die Regel-Engine heute nicht mehr zu", "still (9) zählt sie mehr als angesagt (1)"),
    ("en", "no longer accepts this version", "silent (9) it is worth more than announced (1)")])
def test_the_rules_page_lists_a_refused_version_with_why_in_the_pages_language(saved, client, language, words, reason):
    """A tournament created on a version links to its anchor: the anchor is there even when the version is refused."""
    CustomRuleSet.objects.create(slug="stammtisch", version=3, name="Stammtisch", base="raiffeisen", overrides=REFUSED)
    html = client.get("/regeln/stammtisch/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    section = html[html.index('id="version-3"'):]
    section = section[:section.index("</details>")]
    assert words in section and reason in section
    assert 'id="version-2"' in html and 'id="version-1"' in html
    CustomRuleSet.objects.filter(slug="stammtisch").exclude(version=3).update(overrides=REFUSED)  # none taken today
    only_refused = client.get("/regeln/stammtisch/", HTTP_ACCEPT_LANGUAGE=language)
    assert only_refused.status_code == 200 and only_refused.content.decode().count(words) == 3


def test_a_refused_saved_rule_set_is_said_in_one_language_each(saved):
    """Issue 31 point 5: the engine's refusal reaches the director in the page's language, never its English."""
    CustomRuleSet.objects.create(slug="stammtisch", version=3, name="Stammtisch", base="raiffeisen",
                                 overrides={"bonuses": {"pagat": {"silent": 9, "announced": 1}}})
    for read in (resolve_ruleset, start_from):
        with pytest.raises(ServiceError) as excinfo:
            read("stammtisch")
        assert "Prämie Pagat: still (9) zählt sie mehr als angesagt (1)" in excinfo.value.message_de
        assert "Bonus Pagat ultimo: silent (9) it is worth more than announced (1)" in excinfo.value.message_en
        assert "worth more than announced (1)" not in excinfo.value.message_de
