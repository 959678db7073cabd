"""Players across tournaments: typo-tolerant search, merging duplicates, the public player page."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from cups import services
from cups.models import ImportedResult, PlayerMerge
from cups.players import find_players, merge_players, player_history
from cups.selectors import season_standings
from language import ServiceError
from scoring.models import HandScore
from tournament.models import Entry, Player


@pytest.mark.django_db
def test_find_players_tolerates_typos_order_and_accents(django_assert_num_queries):
    franz = Player.objects.create(name="Franz Huber", club="TC Innsbruck")
    mueller = Player.objects.create(name="Hans Müller", club="TC Wörgl")
    Player.objects.create(name="Anna Berger", club="TC Innsbruck")
    with django_assert_num_queries(2):  # the players, and those ABAKUS marks deceased
        assert find_players("Frnaz Huber")[0].player == franz
    assert find_players("huber franz")[0].player == franz
    assert find_players("Hubr")[0].player == franz
    assert find_players("Hans Mueller")[0].player == mueller
    assert find_players("Muller")[0].player == mueller
    assert [s.player.name for s in find_players("", club="TC Innsbruk")][:2] == ["Anna Berger", "Franz Huber"]
    assert find_players("Zzyzx Qwerty") == []
    assert find_players("") == []
    assert find_players("x" * 5000) == []


def test_merge_moves_entries_and_imports_and_keeps_an_audit(played, cup_season, director):
    season = cup_season("fixed")
    first, second = played("m-1", day=date(2026, 10, 3)), played("m-2", day=date(2026, 10, 17))
    services.add_tournament(season=season, tournament=first)
    services.add_tournament(season=season, tournament=second)
    # the same person entered as a second record in m-2 (the fixture reuses players by name)
    keep = Entry.objects.filter(tournament=first).select_related("player").order_by("pk").first().player
    dup_entry = Entry.objects.get(tournament=second, player=keep)
    duplicate = Player.objects.create(name=keep.name + " 2", club=keep.club)
    Entry.objects.filter(pk=dup_entry.pk).update(player=duplicate)
    ImportedResult.objects.create(season=season, tournament_name="Alt", date=date(2026, 9, 1), rank=2,
                                  player=duplicate, total=10)
    before = {r.player.key: r for r in season_standings(season).rows}
    assert len(before[keep.pk].results) == 1 and len(before[duplicate.pk].results) == 2

    merge = merge_players(keep=keep, duplicate=duplicate, user=director)

    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert Entry.objects.get(pk=dup_entry.pk).player == keep
    assert ImportedResult.objects.get(tournament_name="Alt").player == keep
    assert PlayerMerge.objects.get() == merge
    assert (merge.keep, merge.user, merge.duplicate_id, merge.tournaments, merge.imported_results) == (
        keep, director, duplicate.pk, ["m-2"], 1)
    after = {r.player.key: r for r in season_standings(season).rows}
    assert duplicate.pk not in after
    got = {c.result.tournament: c.result.points for c in after[keep.pk].results}
    assert set(got) == {"m-1", "m-2", "2026-09-01-alt"}
    assert after[keep.pk].participations == 3


def test_merge_refusals(played, director):
    tournament = played("m-3")
    a, b = [e.player for e in Entry.objects.filter(tournament=tournament).select_related("player")[:2]]
    with pytest.raises(ServiceError) as err:
        merge_players(keep=a, duplicate=b, user=director)
    assert "Beide haben" in err.value.message_de and "Both played" in err.value.message_en
    with pytest.raises(ServiceError):
        merge_players(keep=a, duplicate=a, user=director)
    assert Player.objects.filter(pk=b.pk).exists() and not PlayerMerge.objects.exists()


def test_search_page_for_the_director(client, played, director):
    tournament = played("m-4")
    franz = Player.objects.create(name="Franz Huber", club="TC Innsbruck")
    detail = client.get(reverse("tournament:detail", args=["m-4"])).content.decode()
    assert reverse("cups:player_search") in detail
    page = client.get(reverse("cups:player_search"), {"q": "Frans Hubr", "tournament": "m-4"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Franz Huber" in html and reverse("tournament:enter_existing", args=["m-4"]) in html
    client.post(reverse("tournament:enter_existing", args=["m-4"]), {"player": franz.pk})
    assert tournament.entries.filter(player=franz).exists()
    html = client.get(reverse("cups:player_search"), {"q": "Franz Huber", "tournament": "m-4"}).content.decode()
    assert "schon angemeldet" in html
    assert client.get(reverse("cups:player_search"), {"q": "\x00" * 3, "tournament": "x" * 300}).status_code == 200


def test_search_and_merge_pages_need_staff(client, db):
    for name in ("cups:player_search", "cups:player_merge"):
        assert client.get(reverse(name)).status_code == 302


def test_merge_page_confirms_then_merges(client, director):
    keep = Player.objects.create(name="Franz Huber", club="TC Innsbruck")
    dup = Player.objects.create(name="Franz Hubr", club="TC Innsbruck")
    url = reverse("cups:player_merge")
    html = client.get(url, {"q": "Franz", "keep": keep.pk, "duplicate": dup.pk}).content.decode()
    assert "Franz Hubr" in html and 'name="confirm"' in html
    response = client.post(url, {"keep": keep.pk, "duplicate": dup.pk})
    assert response.status_code == 422 and Player.objects.filter(pk=dup.pk).exists()
    response = client.post(url, {"keep": keep.pk, "duplicate": keep.pk, "confirm": "1"})
    assert response.status_code == 422
    response = client.post(url, {"keep": "x", "duplicate": "", "confirm": "1"})
    assert response.status_code == 422
    response = client.post(url, {"keep": keep.pk, "duplicate": dup.pk, "confirm": "1"})
    assert response.status_code == 302 and response["Location"] == reverse("cups:player", args=[keep.pk])
    assert not Player.objects.filter(pk=dup.pk).exists()
    assert "Franz Hubr" in client.get(url).content.decode()  # the audit list


def test_player_page_across_tournaments(client, played, cup_season, django_assert_num_queries):
    season = cup_season("fixed")
    first = played("h-1", day=date(2026, 10, 3))
    played("h-2", day=date(2026, 10, 17))
    services.add_tournament(season=season, tournament=first)
    played("h-3", day=date(2026, 11, 1))  # not in a season
    player = Entry.objects.filter(tournament=first).order_by("pk").first().player
    assert Entry.objects.filter(player=player).count() == 3  # the fixture's players are reused by name

    with django_assert_num_queries(18):
        history = player_history(player)
    assert history.tournaments == 3
    assert [line.tournament_slug for line in history.lines] == ["h-1", "h-2", "h-3"]
    row = next(r for r in season_standings(season).rows if r.player.key == player.pk)
    assert history.lines[0].cup_points == row.results[0].worth and history.lines[0].season == season
    assert history.lines[2].season is None and history.lines[2].cup_points is None
    assert history.best_rank == min(line.rank for line in history.lines)
    assert history.wins == sum(line.rank == 1 for line in history.lines)
    scores = HandScore.objects.filter(entry__player=player)
    assert sum(c.hands for c in history.contracts) == scores.count() == history.hands
    assert all(0 <= c.declared_won <= c.declared and 0 <= c.partnered_won <= c.partnered
               and 0 <= c.against_won <= c.against for c in history.contracts)
    assert sum(c.declared for c in history.contracts) == sum(
        1 for s in scores.select_related("hand") if s.hand.data.get("declarer") == s.hand_seat)
    expected = sum(s.points for s in scores) * 60 / scores.count()
    assert history.points_per_sixty == expected.quantize(Decimal("0.1"))
    assert len(history.charts) == 1 and len(history.charts[0]["bars"]) == 1

    # the player, its version (five), then player_history's eighteen, then the sections of rating/ (the rating,
    # the quotas, the best results: cups/player_sections.py)
    with django_assert_num_queries(27):
        page = client.get(reverse("cups:player", args=[player.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    # reload: the player and its version, the history from the cache, the three of rating/'s sections
    with django_assert_num_queries(9):
        assert client.get(reverse("cups:player", args=[player.pk])).content.decode().count("<tr") == html.count("<tr")
    assert player.name in html and "<svg" in html and "<polyline" in html and "Turnier h-3" in html
    season_html = client.get(reverse("cups:season", args=["tirol", "2026-27"])).content.decode()
    assert reverse("cups:player", args=[player.pk]) in season_html
    assert client.get(reverse("cups:player", args=[999999])).status_code == 404


def test_search_and_merge_pages_never_answer_500(played, django_user_model):
    from django.test import Client
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    played("fz")
    user = django_user_model.objects.create_superuser("leitung-fz", "l@example.invalid", "x")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    values = st.one_of(st.text(max_size=30), st.sampled_from(["", "-1", "0", "1", "\x00", "fz", "99999999999999999999"]))
    data = st.dictionaries(st.sampled_from(["q", "club", "tournament", "keep", "duplicate", "confirm"]), values)

    @settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data)
    def check(params):
        for response in (client.get(reverse("cups:player_search"), params),
                         client.get(reverse("cups:player_merge"), params),
                         client.post(reverse("cups:player_merge"), params)):
            assert response.status_code < 500, response.content[:300]

    check()
    assert client.get(reverse("cups:player_search"), {"tournament": "fz\x00", "q": "\x00a"}).status_code == 200


def test_declarer_hands_by_contract_in_one_query(played, django_assert_num_queries):
    from scoring.models import HandScore
    from scoring.selectors import declarer_hands

    tournament = played("d-1", hands=4)
    entry = tournament.entries.order_by("pk").first()
    expected: dict[str, list[int]] = {}
    for score in HandScore.objects.filter(entry=entry).select_related("hand"):
        if score.hand.data.get("declarer") == score.hand_seat:
            counts = expected.setdefault(score.hand.contract, [0, 0])
            counts[0] += 1
            counts[1] += score.points > 0
    with django_assert_num_queries(1):
        got = declarer_hands([entry.pk])
    assert {c: [n, w] for c, n, w in got} == expected
    assert declarer_hands([]) == []


def test_the_player_page_follows_his_hands_and_his_seasons(client, played, cup_season):
    """Cached under a version of its inputs: a hand he plays, one of his tournaments put into a season,
    and a rename each show on the next load."""
    from scoring.services import store_hand
    from tournament.models import Table

    season = cup_season("heine")
    first = played("pv-1", day=date(2026, 10, 3))
    services.add_tournament(season=season, tournament=first)
    entry = Entry.objects.filter(tournament=first).order_by("pk").first()
    url = reverse("cups:player", args=[entry.player.pk])
    before = client.get(url).content.decode()

    table = Table.objects.get(seats__entry=entry)
    store_hand(table=table, number=table.hands_entered + 1, data={"contract": "dreier", "declarer": 0, "result": "won"})
    after_hand = client.get(url).content.decode()
    assert after_hand != before

    other = played("pv-2", day=date(2026, 10, 10))  # he plays it too (the fixture reuses names), outside the season
    outside = client.get(url).content.decode()
    services.add_tournament(season=season, tournament=other)
    assert client.get(url).content.decode() != outside  # now with its cup points in the season

    entry.player.name = "Neuer Name"
    entry.player.save(update_fields=["name"])
    assert "Neuer Name" in client.get(url).content.decode()

