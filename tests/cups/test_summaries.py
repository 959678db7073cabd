"""The cup overview's stored season summaries (cups/summaries.py): read while current, ranked anew as soon as
anything their ranking is made of changes, names always read fresh (issue 30, point 7)."""

from __future__ import annotations

from datetime import date

import pytest

from cups import services, summaries
from cups.abakus_import import import_abakus
from cups.models import Cup, ImportedResult, Season, SeasonRanking, SeasonSummary
from cups.selectors import cup_overview, find_season, season_standings, stored_season_standings
from rules.engine.numbers import json_number
from tests.cups.test_abakus_import import content as abakus_content
from tests.cups.test_abakus_import import export as abakus_export
from tournament.models import Player


def _winners(cup):
    return [(s.season.label, [w.player.name for w in s.winners], s.winners[0].points if s.winners else None,
             s.players) for s in cup_overview(cup)]


def _ranked(season):
    """The line the overview must show, worked out by ranking the season in full (season_standings)."""
    season = Season.objects.select_related("cup").get(pk=season.pk)
    standings = season_standings(season)
    first = [row for row in standings.rows if row.rank == 1]
    return [(season.label, [row.player.name for row in first], json_number(first[0].points) if first else None,
             len(standings.rows))]


def _result(season, player, rank, total, day=date(2025, 9, 1), name="X"):
    return ImportedResult.objects.create(season=season, tournament_name=name, date=day, rank=rank, player=player,
                                         total=total)


def test_an_imported_result_added_or_edited_ranks_the_season_anew(cup_season, django_assert_num_queries):
    season = cup_season("fixed")
    anna, bert = Player.objects.create(name="Anna Alt"), Player.objects.create(name="Bert Berg")
    _result(season, anna, 1, 50)
    _result(season, bert, 2, 40)
    assert _winners(season.cup) == _ranked(season) and _ranked(season)[0][1] == ["Anna Alt"]
    stored = SeasonSummary.objects.get(season=season)
    # Bert wins the next tournament and Anna misses it: he leads now.
    bert_in_y = _result(season, bert, 1, 60, day=date(2025, 9, 8), name="Y")
    assert _winners(season.cup) == _ranked(season) and _ranked(season)[0][1] == ["Bert Berg"]
    assert SeasonSummary.objects.get(season=season).version != stored.version
    # An edit as the admin makes it (no service, no tournament written): Bert was only third in Y.
    bert_in_y.rank = 3
    bert_in_y.save()
    assert _winners(season.cup) == _ranked(season) and _ranked(season)[0][1] == ["Anna Alt"]


def test_a_current_summary_is_read_not_ranked_and_names_are_fresh(cup_season, django_assert_num_queries):
    season = cup_season("fixed")
    anna = Player.objects.create(name="Anna Alt")
    _result(season, anna, 1, 50)
    _winners(season.cup)
    Player.objects.filter(pk=anna.pk).update(name="Anna Altmann")  # no version of any season changes
    with django_assert_num_queries(6):
        shown = _winners(season.cup)
    assert shown == _ranked(season) and shown[0][1] == ["Anna Altmann"]


def test_the_seasons_rules_are_part_of_the_version(cup_season):
    season = cup_season("fixed")
    anna, bert = Player.objects.create(name="Anna Alt"), Player.objects.create(name="Bert Berg")
    _result(season, anna, 1, 50)
    _result(season, bert, 2, 40)
    fixed = _winners(season.cup)
    assert fixed == _ranked(season)
    services.set_season_rules(season=season, scheme="heine")
    heine = _winners(season.cup)
    assert heine == _ranked(season) and heine[0][2] != fixed[0][2]  # Heine's points come from the totals
    assert SeasonSummary.objects.get(season=season).points == heine[0][2]


@pytest.mark.django_db
def test_an_abakus_import_leaves_every_season_ranked_and_stored(django_assert_max_num_queries):
    """The first overview and season page after an import read what the import stored (issue 30, point 7: the
    first overview after importing 20 seasons ranked them all for its visitor, 3 s)."""
    import_abakus(content=abakus_content())

    def stored(model):
        return dict(model.objects.values_list("season_id", "version"))

    cups = list(Cup.objects.prefetch_related("seasons"))
    current = {pk: version for cup in cups for pk, version in summaries.season_versions(cup, list(cup.seasons.all())).items()}
    assert len(current) > 3 and stored(SeasonSummary) == current and stored(SeasonRanking) == current
    lines = set(SeasonSummary.objects.values_list("pk", flat=True))
    for cup in cups:
        with django_assert_max_num_queries(7):  # nothing ranked: read (current_summaries)
            cup_overview(cup)
    assert set(SeasonSummary.objects.values_list("pk", flat=True)) == lines  # nothing stored anew

    # A re-import that corrects a round ranks that season again in its own transaction, and only that one.
    data = abakus_export()
    data["00"]["050"]["2023-09-02"]["0003"] = [10, 10, 110]
    import_abakus(content=abakus_content(data))
    season = find_season("hausruckcup", "2023/24")
    fresh = season_standings(season)
    assert stored(SeasonSummary)[season.pk] != current[season.pk]
    assert {pk: v for pk, v in stored(SeasonSummary).items() if pk != season.pk} == \
        {pk: v for pk, v in current.items() if pk != season.pk}
    assert stored(SeasonRanking) == stored(SeasonSummary)
    shown = stored_season_standings(season)
    assert [(r.rank, r.player.name, r.points) for r in shown.rows] == [(r.rank, r.player.name, r.points) for r in fresh.rows]
