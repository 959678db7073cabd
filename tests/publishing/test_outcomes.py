"""A publication's outcome is kept as what happened (PublishAttempt.code and .values, publishing/outcomes.py)
and said in the reader's language: the director's German page shows no English, the English page no German;
the earlier attempts stored joined ("Veröffentlicht: URL / Published: URL") are read back by migration 0005."""

from __future__ import annotations

import importlib

import pytest
from django.utils import translation

from language import in_both
from publishing import outcomes
from publishing.models import PublishAttempt
from publishing.venue import client as venue_client
from publishing.venue.services import set_target

migration = importlib.import_module("publishing.migrations.0005_publishattempt_code")

URL = "https://cup.example.at/turnier/herbst/"
EXAMPLES = {
    outcomes.PUBLISHED: {"where": URL},
    outcomes.PUBLISHED_REPLACING: {"where": URL, "before": 17},
    outcomes.UNCHANGED: {},
    outcomes.HUB_REFUSES: {"code": 409, "hub_de": "Der Cup-Server hat einen neueren Stand.",
                           "hub_en": "The hub has a newer state."},
    outcomes.HUB_REDIRECTS: {"code": 301},
    outcomes.HUB_ERROR: {"code": 404},
    outcomes.HUB_FAILS: {"code": 500},
    outcomes.UNREACHABLE: {"reason": "timed out"},
    outcomes.NOT_JSON: {},
    outcomes.BAD_PORT: {},
    outcomes.BAD_SCHEME: {},
    outcomes.NOT_ALLOWED: {"sites": "https://cup.tarock.at/"},
    outcomes.NO_SUCH_HOST: {"host": "cup.invalid", "reason": "gaierror"},
    outcomes.PRIVATE: {"host": "10.0.0.1"},
}
# Outcomes newer than the joined texts migration 0005 reads back: never stored joined, nothing to read back.
NEWER_THAN_0005 = {outcomes.HUB_FAILS}


def test_every_sentence_has_an_example():
    assert set(EXAMPLES) == set(outcomes.SENTENCES)


@pytest.mark.parametrize("code", sorted(set(EXAMPLES) - NEWER_THAN_0005))
def test_an_attempt_stored_joined_is_read_back_into_its_code_and_values(code):
    said = outcomes.sentence(code, EXAMPLES[code])
    assert migration.read_back(in_both(said)) == (code, EXAMPLES[code])


def test_a_joined_text_no_pattern_fits_keeps_each_half_for_its_reader():
    code, values = migration.read_back("Irgendwas anderes / Something else")
    assert code == outcomes.EARLIER
    said = outcomes.sentence(code, values)
    assert (said.render("de"), said.render("en")) == ("Irgendwas anderes", "Something else")


@pytest.mark.django_db
@pytest.mark.parametrize("language, shown, hidden", [
    ("de", f"Veröffentlicht: {URL}", "Published"), ("en", f"Published: {URL}", "Veröffentlicht")])
def test_the_publishing_page_says_the_outcome_in_its_readers_language_alone(
        client, director, make_tournament, language, shown, hidden):
    tournament = make_tournament(players=8, slug="sprache")
    set_target(tournament=tournament, url="https://cup.example.at/", token="abc.def")
    outcome = venue_client.Outcome(True, outcomes.PUBLISHED, {"where": URL}, sequence=1)
    venue_client.record_attempt(tournament=tournament, outcome=outcome)
    attempt = PublishAttempt.objects.get()
    assert (attempt.code, attempt.values) == (outcomes.PUBLISHED, {"where": URL})
    page = client.get(f"/turniere/{tournament.slug}/veroeffentlichen/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in page and f"{hidden}: {URL}" not in page and " / Published" not in page


@pytest.mark.django_db
def test_the_hubs_words_are_kept_in_both_languages_and_shown_in_one(make_tournament):
    tournament = make_tournament(players=8, slug="worte")
    outcome = venue_client.Outcome(False, outcomes.HUB_REFUSES, EXAMPLES[outcomes.HUB_REFUSES])
    attempt = venue_client.record_attempt(tournament=tournament, outcome=outcome)
    with translation.override("en"):
        assert attempt.message == "The cup's site refuses (409): The hub has a newer state."
    with translation.override("de"):
        assert attempt.message == "Der Cup-Server lehnt ab (409): Der Cup-Server hat einen neueren Stand."



@pytest.mark.django_db(transaction=True)
def test_migration_0005_converts_the_attempts_stored_before(make_tournament):
    """The real migration over real rows: joined texts before, codes and values after (and back again)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    tournament = make_tournament(players=8, slug="vorher")
    before, after = [("publishing", "0004_publishtarget_follow")], [("publishing", "0005_publishattempt_code")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model("publishing", "PublishAttempt")
    joined = in_both(outcomes.sentence(outcomes.PUBLISHED, {"where": URL}))
    old.objects.create(tournament_id=tournament.pk, ok=True, message=joined)
    old.objects.create(tournament_id=tournament.pk, ok=False, message="Etwas / Something")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    converted = {attempt.code: attempt for attempt in PublishAttempt.objects.all()}
    assert converted[outcomes.PUBLISHED].values == {"where": URL}
    with translation.override("en"):
        assert converted[outcomes.PUBLISHED].message == f"Published: {URL}"
        assert converted[outcomes.EARLIER].message == "Something"
    executor = MigrationExecutor(connection)
    executor.migrate(before)  # and back: the joined text again
    old = executor.loader.project_state(before).apps.get_model("publishing", "PublishAttempt")
    assert sorted(old.objects.values_list("message", flat=True)) == sorted([joined, "Etwas / Something"])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.parametrize("status, code", [(500, outcomes.HUB_FAILS), (502, outcomes.HUB_FAILS), (503, outcomes.HUB_FAILS),
                                          (404, outcomes.HUB_ERROR), (410, outcomes.HUB_ERROR)])
def test_a_hub_failing_on_its_side_is_not_blamed_on_the_address(status, code):
    """A 5xx without the hub's own words is the hub's fault (issue 31: a 500 on republishing asked whether the
    address was right); a 4xx without words may well be a wrong address."""
    import io
    import urllib.error

    answer = urllib.error.HTTPError(URL, status, "Error", {}, io.BytesIO(b"<h1>Server Error (500)</h1>"))
    outcome = venue_client._hub_answer(answer)
    said = outcomes.sentence(outcome.code, outcome.values)
    assert (outcome.code, outcome.values) == (code, {"code": status})
    blames_address = code == outcomes.HUB_ERROR
    assert ("ist die Adresse richtig?" in said.render("de")) is blames_address
    assert ("is the address right?" in said.render("en")) is blames_address
    if not blames_address:
        assert "an der Adresse liegt es nicht" in said.render("de")
        assert "the address is not to blame" in said.render("en")
