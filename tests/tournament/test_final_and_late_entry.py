"""Hopfgarten (seed 003): "The first 12 players are qualified for the final rubber" — the best 12 who are
still here, so a withdrawn or absent player is passed over; and "It's not possible to join later" —
nobody is added or checked in once round 1 is seated (other rule sets take late arrivals)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from events import seat_as_the_director

from language import ServiceError
from scoring.selectors import standings
from tournament import players, rounds, services
from tournament.models import Entry, Player


@pytest.fixture
def hopfgarten(make_tournament):
    """16 present players and one registered who never comes; round 1 seated."""
    tournament = make_tournament("hopfgarten", players=16, rounds=1, seat=False, slug="hopf-final")
    player = players.register_player(name="Nie Da", club="TC Test")
    services.enter_player(tournament=tournament, player=player, checked_in=False)
    rounds.seat_round(round=tournament.round_set.get(number=1), seed="r1")
    return tournament


def test_the_final_passes_over_withdrawn_and_absent_players(hopfgarten, play_round):
    first, final = hopfgarten.round_set.get(number=1), hopfgarten.round_set.get(number=2)
    play_round(first, seed=4)
    rounds.close_round(round=first)
    ranked = [row for row in standings(hopfgarten) if row.rank is not None]
    assert len(ranked) == 16  # the no-show is not ranked at all
    withdrawn, gone_home = ranked[1].player.entry_id, ranked[4].player.entry_id
    services.withdraw(entry=Entry.objects.get(pk=withdrawn), after_round=1)
    services.set_checked_in(entry=Entry.objects.get(pk=gone_home), checked_in=False)

    seat_as_the_director(round=final, seed="f")
    seated = {seat.entry_id for table in final.tables.all() for seat in table.seats.all()}
    expected = [row.player.entry_id for row in ranked if row.player.entry_id not in (withdrawn, gone_home)][:12]
    assert seated == set(expected) and len(seated) == 12
    assert ranked[13].player.entry_id in seated  # the 14th moved up into the final
    # Table 1 holds the best four who are here, in ranking order.
    assert [s.entry_id for s in final.tables.get(number=1).seats.order_by("position")] == expected[:4]
    event = final.events.get(action="seat")
    assert event.detail["passed_over"] == [withdrawn, gone_home]


def test_nobody_joins_a_hopfgarten_event_once_round_1_is_seated(hopfgarten):
    absent = hopfgarten.entries.get(player__name="Nie Da")
    with pytest.raises(ServiceError) as refused:
        services.set_checked_in(entry=absent, checked_in=True)
    assert "kann niemand mehr dazukommen, sobald Runde 1 gesetzt ist" in refused.value.message_de
    assert "nobody can join once round 1 is seated" in refused.value.message_en
    late = players.register_player(name="Zu Spät")
    with pytest.raises(ServiceError):
        services.enter_player(tournament=hopfgarten, player=late, checked_in=True)
    with pytest.raises(ServiceError):
        services.enter_player(tournament=hopfgarten, player=late, checked_in=False)
    assert not hopfgarten.entries.filter(player=late).exists()
    absent.refresh_from_db()
    assert not absent.checked_in
    # A seated player unticked by mistake is not joining: ticking again is fine.
    seated = hopfgarten.entries.filter(checked_in=True).first()
    services.set_checked_in(entry=seated, checked_in=False)
    services.set_checked_in(entry=seated, checked_in=True)
    seated.refresh_from_db()
    assert seated.checked_in


def test_before_round_1_is_seated_everyone_may_still_come(make_tournament):
    tournament = make_tournament("hopfgarten", players=16, seat=False, slug="hopf-early")
    late = players.register_player(name="Knapp Rechtzeitig")
    assert services.enter_player(tournament=tournament, player=late, checked_in=True).checked_in


def test_other_rule_sets_take_late_arrivals(make_tournament):
    tournament = make_tournament("tirol", players=16, slug="tirol-late")
    late = players.register_player(name="Zu Spät")
    entry = services.enter_player(tournament=tournament, player=late, checked_in=True)
    assert entry.checked_in


def test_the_director_pages_say_so(client, director, hopfgarten):
    slug = hopfgarten.slug
    absent = hopfgarten.entries.get(player__name="Nie Da")
    page = client.post(reverse("tournament:check_in", args=[slug, absent.pk]), {"checked_in": "1"}, follow=True)
    assert page.status_code == 200
    assert "kann niemand mehr dazukommen" in page.content.decode()
    absent.refresh_from_db()
    assert not absent.checked_in
    page = client.post(reverse("tournament:add_player", args=[slug]), {"name": "Neu Hier", "checked_in": "on"},
                       follow=True)
    assert "kann niemand mehr dazukommen" in page.content.decode()
    assert not Player.objects.filter(name="Neu Hier").exists()
    page = client.post(reverse("tournament:check_in_all", args=[slug]), follow=True)
    assert "kann niemand mehr dazukommen" in page.content.decode()
    assert hopfgarten.entries.filter(checked_in=False).count() == 1
    english = client.post(reverse("tournament:check_in", args=[slug, absent.pk]), {"checked_in": "1"}, follow=True,
                          HTTP_ACCEPT_LANGUAGE="en")
    assert "nobody can join once round 1 is seated" in english.content.decode()
