"""season_standings: final standings of the season's tournaments (only players who played a hand) plus
imported results, cup points by the cup's scheme, best n counted; a fixed number of queries."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from cups import adapters, services
from cups.models import CupScheme, ImportedResult, Season
from cups.schemes import BUILTIN
from cups.selectors import cup_overview, season_standings
from scoring.selectors import standings
from tournament.models import Player


def test_final_standings_are_the_tournament_standings_without_absent_players(played):
    one = played("t-one", players=9, absent=2)
    two = played("t-two", players=8)
    finals = adapters.final_standings([one, two])
    for tournament in (one, two):
        reference = [r for r in standings(tournament) if r.player.entry_id in
                     {e.pk for e in tournament.entries.filter(hand_scores__isnull=False)}]
        rows = finals[tournament.pk]
        assert [(r.entry.pk, r.total) for r in rows] == [(r.player.entry_id, r.total) for r in reference]
        assert all(not r.entry.player.name.startswith("Fehlt") for r in rows)
        assert rows[0].rank == 1 and rows[-1].rank <= len(rows)
    assert len(finals[one.pk]) == 9 and len(standings(one)) == 11


def test_ranks_close_up_when_absent_players_sit_between():
    from tournament.standings import PlayerScores, Ranked

    def ranked(rank, entry_id, shared=False):
        played = {1: Decimal(1)} if entry_id != 2 else {}  # entry 2 never played a hand
        return Ranked(rank, shared, PlayerScores(entry_id, str(entry_id), "", None, played), Decimal(0), Decimal(0), None)

    rows = adapters.present_only([ranked(1, 1), ranked(2, 2, True), ranked(2, 3, True), ranked(4, 4), ranked(5, 5)],
                                 {i: i for i in range(1, 6)})
    assert [(r.rank, r.shared, r.entry) for r in rows] == [(1, False, 1), (2, False, 3), (3, False, 4), (4, False, 5)]


def test_season_standings_cube_with_imports(played, cup_season):
    season = cup_season("cube")
    t1 = played("t-herbst", day=date(2026, 10, 3), absent=1)
    t2 = played("t-winter", day=date(2026, 12, 5))
    services.add_tournament(season=season, tournament=t1)
    services.add_tournament(season=season, tournament=t2)
    anna = Player.objects.create(name="Anna Import", club="TC Alt")
    first = Player.objects.get(name="Spielerin 000")
    ImportedResult.objects.create(season=season, tournament_name="Sommerturnier", date=date(2026, 7, 1), rank=1,
                                  player=anna, club="TC Alt", total=Decimal("120"))
    ImportedResult.objects.create(season=season, tournament_name="Sommerturnier", date=date(2026, 7, 1), rank=2,
                                  player=first, club="TC Test", total=Decimal("10"))

    standings = season_standings(Season.objects.select_related("cup").get(pk=season.pk))
    assert standings.tournaments == 3 and standings.counted == 2
    assert [c.key for c in standings.columns] == ["2026-07-01-sommerturnier", "t-herbst", "t-winter"]
    assert [c.players for c in standings.columns] == [2, 8, 8]
    finals = adapters.final_standings([t1, t2])
    expected: dict[str, list[int]] = {}
    for tournament in (t1, t2):
        for row in finals[tournament.pk]:
            expected.setdefault(row.entry.player.name, []).append(BUILTIN["cube"].points(rank=row.rank, players=8))
    expected["Anna Import"] = [200]
    expected["Spielerin 000"].insert(0, 0)  # last of two in the imported tournament
    by_name = {row.player.name: row for row in standings.rows}
    assert set(by_name) == set(expected)
    for name, points in expected.items():
        assert by_name[name].points == sum(sorted(points, reverse=True)[:2])
        assert by_name[name].participations == len(points)
    data = standings.as_json()
    assert set(data) == {"cup", "season", "scheme", "tournaments", "counted", "min_tournaments", "final_qualifiers",
                         "rows"}
    assert (data["cup"], data["season"], data["scheme"], data["tournaments"], data["counted"]) == (
        "tirol", "2026/27", "cube", 3, 2)
    # players.md: each row as season_standings --json, the club too
    assert set(data["rows"][0]) == {"rank", "name", "club", "points", "qualified", "tournaments_missing", "results"}
    assert all(row["qualified"] is True for row in data["rows"])  # the cup sets no minimum
    assert set(data["rows"][0]["results"][0]) == {"tournament", "rank", "points", "counted", "final"}
    assert "Fehlt 0" not in by_name


def test_query_count_is_constant(played, cup_season, django_assert_num_queries):
    season = cup_season("fixed")
    services.add_tournament(season=season, tournament=played("q-1", players=8))
    season = Season.objects.select_related("cup").get(pk=season.pk)
    with django_assert_num_queries(8):
        small = season_standings(season)
    for i, players in ((2, 12), (3, 9)):
        services.add_tournament(season=season, tournament=played(f"q-{i}", players=players, absent=1))
    for rank in range(1, 6):
        player = Player.objects.create(name=f"Alt {rank}", club="")
        ImportedResult.objects.create(season=season, tournament_name="Alt", date=date(2026, 1, 1), rank=rank,
                                      player=player, total=10 * rank)
    with django_assert_num_queries(8):
        big = season_standings(season)
    assert big.tournaments == 4 and len(big.rows) > len(small.rows)


def test_custom_scheme_costs_one_query_more(played, cup_season, django_assert_num_queries):
    CupScheme.objects.create(key="hausruck", name="Hausruck", numbers=[30, 20, 10])
    season = cup_season("hausruck", slug="hausruck")
    services.add_tournament(season=season, tournament=played("h-1", players=8))
    season = Season.objects.select_related("cup").get(pk=season.pk)
    with django_assert_num_queries(9):
        standings = season_standings(season)
    for row in standings.rows:
        (result,) = row.results
        assert row.points == result.result.points == ([30, 20, 10] + [0] * 10)[result.result.rank - 1]
    assert standings.scheme.key == "hausruck" and standings.as_json()["scheme"] == "hausruck"


def test_cup_overview_winners(played, cup_season, django_assert_num_queries):
    season = cup_season("fixed")
    old = services.create_season(cup=season.cup, label="2025/26", ordering=0)
    services.add_tournament(season=season, tournament=played("o-1"))
    anna = Player.objects.create(name="Anna Alt", club="")
    ImportedResult.objects.create(season=old, tournament_name="X", date=date(2025, 9, 1), rank=1, player=anna, total=5)
    # The first overview ranks both seasons, one after the other (cups/selectors.py SEASONS_RANKED_AT_ONCE: a long
    # history ranked at once held all of it in memory), each with the queries of season_standings, and stores
    # their summaries and their whole rankings (cups/summaries.py keep_ranked: a delete and an insert of each, and
    # the savepoint around the four).
    with django_assert_num_queries(28):
        overview = cup_overview(season.cup)
    assert [s.season.label for s in overview] == ["2026/27", "2025/26"]
    assert [w.player.name for w in overview[1].winners] == ["Anna Alt"]
    assert overview[0].tournaments == 1 and overview[0].players == 8
    # Every later one reads them (cups/summaries.py): six queries, and the same lines.
    with django_assert_num_queries(6):
        again = cup_overview(season.cup)
    assert [(s.season, s.tournaments, s.players, [(w.player.name, w.points) for w in s.winners]) for s in again] == \
        [(s.season, s.tournaments, s.players, [(w.player.name, w.points) for w in s.winners]) for s in overview]
