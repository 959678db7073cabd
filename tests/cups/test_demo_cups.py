"""`seed_demo --demo-cups` (what `make run` loads): three cups, one per scheme, three tournaments each
from a shared pool; their season standings, the players' history pages and the season sheets must
show the season points that docs/sources/season.md's formulas give when applied by hand, here, to
each tournament's standings as standings.json publishes them (issue 11, "Done when")."""

from __future__ import annotations

import io
import json
import math
import re
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core.management import call_command
from events import built_once
from openpyxl import load_workbook
from pypdf import PdfReader

from cups.models import Cup
from tournament.models import Player

# season.md, "Cup points of one tournament": the `fixed` table for ranks 1-50.
FIXED = [223, 198, 180, 168, 156, 147, 138, 131, 124, 117, 110, 105, 100, 95, 90, 85, 80, 76, 72, 68, 64, 60, 56,
         52, 49, 46, 43, 40, 37, 34, 31, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def spec_cup_points(scheme: str, rank: int, ranked: int, total: Decimal) -> Decimal:
    if scheme == "cube":  # round(200 · ((N − rank) / (N − 1))³), half away from zero
        exact = Decimal(200) * (Decimal(ranked - rank) / Decimal(ranked - 1)) ** 3
        return exact.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    if scheme == "fixed":
        return Decimal(FIXED[rank - 1] if rank <= 50 else 0)
    assert scheme == "heine"
    if total <= 0:
        return Decimal(0)
    if total >= 300:
        return Decimal(200)
    if total > 100:
        return Decimal(100 + math.floor((total - 100) / 2))
    return total


def counted_results(tournaments: int) -> int:
    # season.md, "Season ranking": n = floor(T / 2) when T > 10, else floor((T + 1) / 2)
    return tournaments // 2 if tournaments > 10 else (tournaments + 1) // 2


@pytest.fixture(scope="module")
def built_demo_cups(django_db_setup, django_db_blocker):
    with built_once(django_db_blocker):
        call_command("seed_demo", demo_cups=True, players=8, slug="plain", stdout=io.StringIO())
        yield


@pytest.fixture
def demo_cups(built_demo_cups, db):
    return {cup.slug: cup for cup in Cup.objects.all()}


def test_three_cups_one_per_scheme_from_shared_pools(demo_cups):
    assert {cup.scheme for cup in demo_cups.values()} == {"cube", "fixed", "heine"}
    for cup in demo_cups.values():
        assert cup.seasons.count() == 3  # the current season and two earlier ones (rating/demo.py, website/demo_players.py)
        season = cup.seasons.get(label="2026/27")
        slugs = list(season.tournaments.values_list("tournament__slug", flat=True))
        assert len(slugs) == 3
        players = Player.objects.filter(entries__tournament__slug__in=slugs)
        assert players.distinct().count() < players.count()  # the same people meet again
    call_command("seed_demo", demo_cups=True, players=8, slug="plain", stdout=io.StringIO())  # a second make run
    assert sum(cup.seasons.get(label="2026/27").tournaments.count() for cup in Cup.objects.all()) == 9
    assert sum(cup.seasons.count() for cup in Cup.objects.all()) == 9  # nor another earlier season


def test_the_rating_list_of_the_demo_spans_cups_and_seasons(client, demo_cups):
    from django.db.models import Q

    data = client.get("/rangliste/?format=json").json()
    in_cups = Player.objects.filter(Q(entries__tournament__cup_season__isnull=False) | Q(imported_results__isnull=False))
    assert data["as_of"] == "2026-11-21" and len(data["rows"]) == in_cups.distinct().count()
    assert max(row["tournaments"] for row in data["rows"]) >= 6
    assert all(client.get(f"/rangliste/?format=json&cup={slug}").json()["rows"] for slug in demo_cups)


def expected_season(client, cup: Cup) -> dict[str, Decimal]:
    """Season points per player: each tournament's standings.json through the spec's formulas."""
    season = cup.seasons.get(label="2026/27")
    results: dict[str, list[Decimal]] = defaultdict(list)
    tournaments = [link.tournament for link in season.tournaments.select_related("tournament")]
    for tournament in tournaments:
        data = client.get(f"/turnier/{tournament.slug}/standings.json").json()
        ranked = [row for row in data["rows"] if row["rank"] is not None]
        for row in ranked:
            results[row["name"]].append(spec_cup_points(cup.scheme, row["rank"], len(ranked),
                                                        Decimal(str(row["total"]))))
    n = counted_results(len(tournaments))
    return {name: sum(sorted(points, reverse=True)[:n], Decimal(0)) for name, points in results.items()}


def test_season_standings_pages_history_and_sheets_match_the_spec(client, demo_cups):
    for cup in demo_cups.values():
        expected = expected_season(client, cup)
        season = cup.seasons.get(label="2026/27")
        out = io.StringIO()
        call_command("season_standings", cup.slug, "--json", stdout=out)
        data = json.loads(out.getvalue())
        assert data["scheme"] == cup.scheme and data["tournaments"] == 3 and data["counted"] == 2
        shown = {row["name"]: Decimal(str(row["points"])) for row in data["rows"]}
        assert shown == expected, cup.slug
        ranks = [row["rank"] for row in data["rows"]]
        assert ranks == sorted(ranks) and ranks[0] == 1
        points = [shown[row["name"]] for row in data["rows"]]
        assert points == sorted(points, reverse=True)

        page = client.get(f"/cup/{cup.slug}/{season.slug}/").content.decode()
        for name, total in expected.items():
            row = next(r for r in re.findall(r"<tr.*?</tr>", page, re.S) if name in r)
            assert re.search(rf">\s*{total.normalize():f}\s*<", row), (cup.slug, name, total)

        book = load_workbook(io.BytesIO(client.get(
            f"/cup/{cup.slug}/{season.slug}/export/season-standings-xlsx/").content), data_only=True)
        rows = list(book[book.sheetnames[0]].iter_rows(values_only=True))
        for name, total in expected.items():
            line = next(r for r in rows if name in r)
            assert any(isinstance(v, (int, float)) and Decimal(str(v)) == total for v in line), (name, line)

        pdf = PdfReader(io.BytesIO(client.get(f"/cup/{cup.slug}/{season.slug}/export/season-standings-pdf/").content))
        text = "\n".join(page.extract_text() for page in pdf.pages)
        lines = [line.strip() for line in text.splitlines()]
        for name, total in expected.items():
            at = lines.index(name)  # one cell a line: name, the club if any, the season points
            assert f"{total.normalize():f}" in lines[at + 1:at + 3], (name, lines[at:at + 3])

        # The pool player with most tournaments: the history page lists each tournament's cup points.
        row = data["rows"][0]
        player = Player.objects.get(name=row["name"])
        history = client.get(f"/spieler/{player.pk}/").content.decode()
        for result in row["results"]:
            # by the tournament's own address: an earlier season plays at the same places under the same names
            tournament_row = next(r for r in re.findall(r"<tr.*?</tr>", history, re.S)
                                  if f'href="/turnier/{result["tournament"]}/"' in r)
            assert f"{Decimal(str(result['points'])).normalize():f}" in tournament_row

