"""A season's stored ranking (cups/rankings.py): read instead of ranking while current, exactly as a fresh
ranking reads, ranked anew as soon as anything it is made of changes (issue 30, point 7)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from cups import services
from cups.models import ImportedResult, Season, SeasonRanking, SeasonSummary
from cups.selectors import cup_overview, season_standings, stored_season_standings
from tournament.models import Player


def _result(season, player, rank, total, day=date(2025, 9, 1), name="X", is_final=False):
    return ImportedResult.objects.create(season=season, tournament_name=name, date=day, rank=rank, player=player,
                                         total=total, is_final=is_final)


def _fresh(season):
    return Season.objects.select_related("cup").get(pk=season.pk)


def _seen(standings):
    """Everything the season page, its JSON and the overview read of a ranking."""
    return (standings.as_json(), str(standings.table_body()), standings.sentences(), standings.counted,
            [(c.key, c.name, c.date, c.is_final, c.players) for c in standings.columns])


def _season_with_ties(cup_season):
    season = cup_season("heine", final_mode="plus", final_qualifiers=2, min_tournaments=2)
    anna, bert, carl, dora = (Player.objects.create(name=name, club=club) for name, club in
                              (("Anna Alt", "Wels"), ("Bert Berg", "Ried"), ("Carl Cik", "Wels"), ("Dora Dorn", "")))
    _result(season, anna, 1, Decimal("120.5"))
    _result(season, bert, 2, 80)
    _result(season, dora, 3, 80)
    _result(season, bert, 1, 95, day=date(2025, 9, 8), name="Y")
    _result(season, carl, 2, Decimal("12.25"), day=date(2025, 9, 8), name="Y")
    _result(season, dora, 3, -40, day=date(2025, 9, 8), name="Y")
    _result(season, anna, 1, 60, day=date(2025, 9, 15), name="Finale", is_final=True)
    _result(season, carl, 2, 60, day=date(2025, 9, 15), name="Finale", is_final=True)
    return season, (anna, bert, carl, dora)


def test_a_stored_ranking_reads_exactly_as_a_fresh_one(cup_season, django_assert_num_queries):
    season, _players = _season_with_ties(cup_season)
    fresh = season_standings(_fresh(season))
    assert not SeasonRanking.objects.exists()
    first = stored_season_standings(_fresh(season))  # ranks and stores the ranking and the overview's line
    assert SeasonRanking.objects.filter(season=season).exists() and SeasonSummary.objects.filter(season=season).exists()
    with django_assert_num_queries(6):  # the version (four), the stored document, the players' names
        stored = stored_season_standings(_fresh(season))
    assert _seen(stored) == _seen(first) == _seen(fresh)
    assert any(isinstance(row.points, Decimal) for row in stored.rows)  # Decimal points come back as Decimals
    assert Decimal("12.25") in [item.result.points for row in stored.rows for item in row.results]
    assert [row.shared for row in stored.rows] == [row.shared for row in fresh.rows]


def test_a_renamed_player_shows_at_once_in_his_shared_place(cup_season):
    season = cup_season("fixed")
    anna, bert = Player.objects.create(name="Anna Alt"), Player.objects.create(name="Bert Berg")
    _result(season, anna, 1, 50)
    _result(season, bert, 1, 50, day=date(2025, 9, 8), name="Y")
    stored_season_standings(_fresh(season))
    assert [row.player.name for row in stored_season_standings(_fresh(season)).rows] == ["Anna Alt", "Bert Berg"]
    Player.objects.filter(pk=anna.pk).update(name="Zita Alt")  # no version changes: the document is read again
    stored = stored_season_standings(_fresh(season))
    assert [row.player.name for row in stored.rows] == ["Bert Berg", "Zita Alt"]
    assert _seen(stored) == _seen(season_standings(_fresh(season)))


def test_anything_the_ranking_is_made_of_ranks_it_anew(cup_season):
    season, (anna, bert, carl, dora) = _season_with_ties(cup_season)
    stored_season_standings(_fresh(season))
    version = SeasonRanking.objects.get(season=season).version
    _result(season, dora, 1, 200, day=date(2025, 9, 22), name="Z")  # an import adds a tournament
    assert _seen(stored_season_standings(_fresh(season))) == _seen(season_standings(_fresh(season)))
    assert SeasonRanking.objects.get(season=season).version != version
    services.set_season_rules(season=season, scheme="fixed")  # the season's rules
    assert _seen(stored_season_standings(_fresh(season))) == _seen(season_standings(_fresh(season)))
    ImportedResult.objects.filter(player=carl).delete()  # a player's results deleted in the admin, then he
    carl.delete()
    assert _seen(stored_season_standings(_fresh(season))) == _seen(season_standings(_fresh(season)))


def test_the_overview_stores_every_ranking_it_ranked(cup_season, django_assert_num_queries):
    season, _players = _season_with_ties(cup_season)
    cup_overview(season.cup)
    assert SeasonRanking.objects.filter(season=season).exists()
    with django_assert_num_queries(6):  # the season page's read needs no ranking
        stored = stored_season_standings(_fresh(season))
    assert _seen(stored) == _seen(season_standings(_fresh(season)))


def test_the_season_page_and_its_json_read_the_stored_ranking(cup_season, client):
    season, _players = _season_with_ties(cup_season)
    url = f"/cup/{season.cup.slug}/{season.slug}/"
    before = client.get(url)
    assert before.status_code == 200 and SeasonRanking.objects.filter(season=season).exists()
    # Overwrite the stored document's rank of the leader: what the page shows is the stored ranking.
    ranking = SeasonRanking.objects.get(season=season)
    ranking.document["rows"][0][1] = 7
    ranking.save()
    assert 7 in [row["rank"] for row in client.get(url + "?format=json").json()["rows"]]


def test_a_new_version_of_the_ranking_code_ranks_every_season_again(cup_season, monkeypatch):
    """Rankings stored by the site's previous code are never read: what it ranked may differ from what this code
    ranks, and the document's shape may have changed (the version carries a digest of the ranking's code)."""
    from cups import summaries

    season, _players = _season_with_ties(cup_season)
    stored_season_standings(_fresh(season))
    before = SeasonRanking.objects.get(season=season).version
    summaries.ranking_code.cache_clear()
    monkeypatch.setattr(summaries, "ranking_code", lambda: "the next version of the site")
    assert summaries.season_versions(season.cup, [season])[season.pk] != before
    stored_season_standings(_fresh(season))
    assert SeasonRanking.objects.get(season=season).version != before


def test_a_locked_database_leaves_the_ranking_unstored_and_the_page_answers(cup_season, client, monkeypatch):
    """Storing is a cache: when the hall's SQLite stays locked (scorers saving), the season page and the overview
    show what they ranked, store nothing, and the next visitor stores it."""
    from django.db import OperationalError

    from cups import summaries

    season, (anna, *_rest) = _season_with_ties(cup_season)

    def locked(lines):
        raise OperationalError("database is locked")

    monkeypatch.setattr(summaries, "store_summaries", locked)
    fresh = [row.player.name for row in season_standings(_fresh(season)).rows]
    assert [row.player.name for row in stored_season_standings(_fresh(season)).rows] == fresh
    assert [line.season for line in cup_overview(season.cup)] == [season]
    assert not SeasonRanking.objects.exists() and not SeasonSummary.objects.exists()
    page = client.get(f"/cup/{season.cup.slug}/{season.slug}/")
    assert page.status_code == 200 and anna.name in page.content.decode()


def test_a_result_edited_in_the_admin_shows_at_once_on_the_season_cup_and_player_pages(cup_season, client):
    """The pages' HTML is cached under the version the stored ranking carries (cups/live.py): an imported rank
    edited in the admin (no result added, none removed) is on every page at the next request, not a minute later."""
    season, (anna, _bert, _carl, _dora) = _season_with_ties(cup_season)
    pages = (f"/cup/{season.cup.slug}/{season.slug}/", f"/cup/{season.cup.slug}/", f"/spieler/{anna.pk}/")
    before = [client.get(url) for url in pages]
    assert [page.status_code for page in before] == [200, 200, 200]
    assert 'title="Rang 3">110<' not in before[0].content.decode()
    ImportedResult.objects.filter(player=anna, rank=1, tournament_name="X").update(rank=3)
    after = [client.get(url).content.decode() for url in pages]
    assert 'title="Rang 3">110<' in after[0]  # her result in X, now third
    assert [a != b.content.decode() for a, b in zip(after, before, strict=True)] == [True, True, True]
