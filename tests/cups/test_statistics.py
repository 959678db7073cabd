"""A cup's statistics against figures worked out here from the tournaments' own standings."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from cups import services, statistics
from cups.adapters import final_standings
from cups.statistics import cup_statistics
from scoring.models import HandScore


@pytest.fixture
def two_seasons(played, cup_season):
    """Season 2025/26: two tournaments of the same 8 players; 2026/27: one of 12 (4 of them new)."""
    new = cup_season("fixed", label="2026/27")
    old = services.create_season(cup=new.cup, label="2025/26", ordering=0)
    tournaments = [played("s-1", day=date(2025, 10, 4)), played("s-2", day=date(2026, 3, 7)),
                   played("s-3", players=12, day=date(2026, 10, 3))]
    for season, tournament in ((old, tournaments[0]), (old, tournaments[1]), (new, tournaments[2])):
        services.add_tournament(season=season, tournament=tournament)
    return new.cup, tournaments


def test_the_counts_and_winners_by_season(two_seasons):
    cup, tournaments = two_seasons
    stats = cup_statistics(cup)
    assert stats.tournaments == 3
    by_label = {s.label: s for s in stats.seasons}
    assert (by_label["2025/26"].tournaments, by_label["2025/26"].players) == (2, 8)
    assert (by_label["2026/27"].tournaments, by_label["2026/27"].players) == (1, 12)
    finals = final_standings(tournaments)
    assert [c.players for c in by_label["2025/26"].columns] == [len(finals[t.pk]) for t in tournaments[:2]]
    assert by_label["2026/27"].winners == [r.entry.player.name for r in finals[tournaments[2].pk] if r.rank == 1]


def test_the_best_lists_worked_out_by_hand(two_seasons):
    cup, tournaments = two_seasons
    finals = final_standings(tournaments)
    stats = cup_statistics(cup)
    totals = sorted((row.total for t in tournaments for row in finals[t.pk]), reverse=True)
    assert [line.value for line in stats.best_results] == totals[:statistics.TOP]
    wins: dict[str, int] = {}
    for t in tournaments:
        for row in finals[t.pk]:
            if row.rank == 1:
                wins[row.entry.player.name] = wins.get(row.entry.player.name, 0) + 1
    assert {line.name: line.value for line in stats.most_wins} == wins
    played = {line.name: line.value for line in stats.most_played}
    assert max(played.values()) == 3 and min(played.values()) >= 1


def test_occasional_players_drop_out_of_the_lists_at_a_minimum_share(two_seasons):
    cup, tournaments = two_seasons
    finals = final_standings(tournaments)
    newcomers = {row.entry.player.name for row in finals[tournaments[2].pk]} - {
        row.entry.player.name for row in finals[tournaments[0].pk]}
    assert len(newcomers) == 4
    everyone = {line.name for line in cup_statistics(cup, min_share=0).most_played}
    regulars = {line.name for line in cup_statistics(cup, min_share=50).most_played}
    assert newcomers & everyone and not newcomers & regulars  # 1 of 3 tournaments is 33 %
    assert newcomers & {line.name for line in cup_statistics(cup, min_share=33).most_played}


def test_points_per_sixty_hands(two_seasons, monkeypatch):
    cup, _tournaments = two_seasons
    monkeypatch.setattr(statistics, "MIN_HANDS", 1)
    stats = cup_statistics(cup)
    best = stats.per_sixty[0]
    scores = HandScore.objects.filter(entry__player__name=best.name, hand__table__round__tournament__cup_season__season__cup=cup)
    expected = (sum(s.points for s in scores) * 60 / scores.count()).quantize(Decimal("0.1"))
    assert best.value == expected and best.detail == str(scores.count())


def test_the_page_and_its_filter_never_answer_500(client, two_seasons, django_assert_max_num_queries):
    cup, _tournaments = two_seasons
    with django_assert_max_num_queries(18):
        page = client.get(f"/cup/{cup.slug}/statistik/")
    assert page.status_code == 200 and "Meiste Turniersiege" in page.content.decode()
    for bad in ("abc", "-5", "1000", "", "%00"):
        assert client.get(f"/cup/{cup.slug}/statistik/?anteil={bad}").status_code == 200
    assert client.get("/cup/gibtsnicht/statistik/").status_code == 404
