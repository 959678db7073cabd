"""The season page says in words what counts, who qualifies and how a tie is broken (issue 30, point 6), with
the plural forms right, and its PDF and workbook say the same sentences."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pdf_tools import pdf_text

from cups.abakus_import import import_abakus
from cups.exports import SeasonStandingsPdf, SeasonStandingsXlsx
from cups.selectors import find_season, season_standings
from cups.services import set_qualification
from tests.cups.test_abakus_import import content


def page(season, lang="de") -> str:
    return Client().get(reverse("cups:season", args=[season.cup.slug, season.slug]),
                        HTTP_ACCEPT_LANGUAGE=lang).content.decode()


@pytest.mark.django_db
def test_one_tournament_and_one_counted_result_read_in_the_singular():
    import_abakus(content=content())
    styria = find_season("steirischer-tarockcup")
    with translation.override("de"):
        said = season_standings(styria).sentences()
    assert said == ["2 Turniere gespielt.", "Es zählt das beste Ergebnis (Heine (aus den Turnierpunkten)).",
                    "Bei gleichen Punkten teilen sich die Spieler den Rang (wie in ABAKUS)."]
    tirol = find_season("tiroler-tarockcup")
    with translation.override("en"):
        said = season_standings(tirol).sentences()
    assert said[:2] == ["1 tournament played.", "The best 6 results count (Heine (from the tournament points))."]  # the scheme named in the page's language (cups.selectors.BUILTIN_NAMES)
    assert "1 Turnier gespielt." in page(tirol)


@pytest.mark.django_db
def test_who_qualifies_and_the_tie_at_the_line_are_named_without_a_final_that_is_not_there():
    import_abakus(content=content())
    tirol = find_season("tiroler-tarockcup")
    set_qualification(cup=tirol.cup, min_tournaments=1, final_qualifiers=2)
    tirol = find_season("tiroler-tarockcup")
    html = page(tirol)
    assert "Qualifiziert sind die besten 2 der Wertung." in html and "ins Finale" not in html
    assert "Qualifiziert ist, wer mindestens 1 Turnier der Saison gespielt hat." in html
    assert "Wer sich an der Grenze den Rang mit einem Qualifizierten teilt, ist ebenfalls qualifiziert." in html
    assert "nicht unter den besten 2" in html  # the column says why, where it said "–"
    hausruck = find_season("hausruckcup")
    set_qualification(cup=hausruck.cup, final_qualifiers=1)
    with translation.override("en"):
        said = season_standings(find_season("hausruckcup")).sentences()
    assert "The best of the ranking reaches the final." in said  # the season's final counts on top
    assert "The final counts on top of the best results." in said
    assert said[-1].startswith("On equal points (as in ABAKUS): first the weighted sum")


@pytest.mark.django_db
def test_the_pdf_and_the_workbook_say_what_the_page_says():
    import_abakus(content=content())
    season = find_season("hausruckcup", "2019/20")
    with translation.override("de"):
        said = season_standings(season).sentences()
        pdf = " ".join(pdf_text(SeasonStandingsPdf(season).render().content).split())
        workbook = load_workbook(io.BytesIO(SeasonStandingsXlsx(season).render().content))
    for sentence in said:
        assert sentence in pdf
        assert sentence in page(season)
    assert [row[0] for row in workbook["Rules"].iter_rows(min_row=2, values_only=True)] == said
