"""A round's time limit: the rule set's where its text has a number (Hopfgarten "20 games each with a
time limit of 1 hour and 45 minutes"), the tournament's where it has none (Tirol "There is a time
limit; the tournament director can end play at tables that are running late"); a countdown on the
scorer page, the round board and the projector; at the limit the director may end late tables."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from rules.rulesets import get_ruleset
from tournament import rounds, selectors
from tournament.models import Round


def test_the_limit_comes_from_the_rule_set_or_the_tournament(make_tournament):
    assert get_ruleset("hopfgarten").format.time_limit_minutes == 105
    assert get_ruleset("tirol").format.time_limit_minutes == 0 and get_ruleset("tirol").format.time_limit_source
    assert make_tournament("hopfgarten", players=8, slug="hopf", seat=False).time_limit_minutes == 105
    assert make_tournament("tirol", players=8, slug="tirol-ohne", seat=False).time_limit_minutes is None
    assert make_tournament("tirol", players=8, slug="tirol-mit", seat=False, time_limit_minutes=120).time_limit_minutes == 120


def test_the_clock_counts_down_from_seating_to_the_limit(make_tournament):
    tournament = make_tournament("hopfgarten", players=8, slug="uhr")
    round = Round.objects.select_related("tournament").get(tournament=tournament, number=1)
    clock = selectors.round_clock(round, now=round.seated_at + timedelta(minutes=30))
    assert clock.deadline == round.seated_at + timedelta(minutes=105) and not clock.over
    assert selectors.round_clock(round, now=round.seated_at + timedelta(minutes=106)).over


def test_the_countdown_shows_on_the_scorer_page_the_board_and_the_projector(client, director, make_tournament):
    tournament = make_tournament("hopfgarten", players=8, slug="countdown")
    round = tournament.round_set.get(number=1)
    table = round.tables.first()
    for url in (reverse("scoring:sheet", args=[table.token]), reverse("tournament:round", args=[tournament.slug, 1]),
                reverse("tournament:projector", args=[tournament.slug])):
        page = client.get(url).content.decode()
        assert 'class="countdown' in page and "data-deadline=" in page, url


def test_at_the_limit_the_board_says_what_the_director_may_do(client, director, make_tournament):
    tournament = make_tournament("tirol", players=8, slug="spaet", time_limit_minutes=60)
    Round.objects.filter(tournament=tournament, number=1).update(seated_at=timezone.now() - timedelta(minutes=61))
    page = client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()
    assert "Zeit abgelaufen" in page and "countdown over" in page
    table = tournament.round_set.get(number=1).tables.first()
    rounds.end_table(table=table, reason="Zeitlimit")  # the director ends play at the late table
    table.refresh_from_db()
    assert table.ended_early


def test_no_limit_no_countdown(client, director, make_tournament):
    tournament = make_tournament("tirol", players=8, slug="ohne")
    assert 'class="countdown' not in client.get(reverse("tournament:round", args=[tournament.slug, 1])).content.decode()


def test_hopfgartens_final_rubber_has_no_time_limit(client, director, make_tournament, play_round):
    """003: "the final rubber (20 games, no time limit)": no deadline, no countdown, in the data too."""
    from events import seat_as_the_director

    assert get_ruleset("hopfgarten").format.final_time_limit_minutes == 0
    tournament = make_tournament("hopfgarten", players=8, rounds=1, slug="finale-ohne")
    first = tournament.round_set.get(number=1)
    play_round(first, seed=1)
    rounds.close_round(round=first)
    final = seat_as_the_director(tournament.round_set.get(number=2), seed="f")
    final = Round.objects.select_related("tournament").get(pk=final.pk)
    assert final.is_final and selectors.round_time_limit(final) is None
    assert selectors.round_clock(final, now=final.seated_at + timedelta(minutes=200)).deadline is None
    table = final.tables.first()
    for url in (reverse("scoring:sheet", args=[table.token]), reverse("tournament:round", args=[tournament.slug, 2])):
        assert 'class="countdown' not in client.get(url).content.decode(), url
    assert selectors.round_time_limit(first) == 105  # the rubbers before it keep theirs
