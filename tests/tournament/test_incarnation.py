"""A tournament's incarnation: its own from creation, renewed after a restore, and part of every live cache key."""

from __future__ import annotations

from tournament import live
from tournament.models import Tournament
from tournament.services import renew_incarnations


def test_every_tournament_has_its_own_incarnation_and_renewing_one_leaves_the_others(make_tournament):
    first = make_tournament(players=8, slug="erstes")
    second = make_tournament(players=8, slug="zweites")
    assert first.incarnation != second.incarnation
    before = {t.pk: (t.incarnation, t.live_version) for t in Tournament.objects.all()}

    assert renew_incarnations(tournament=first) == [first.pk]

    after = {t.pk: (t.incarnation, t.live_version) for t in Tournament.objects.all()}
    assert after[first.pk][0] == first.incarnation != before[first.pk][0]
    assert after[first.pk][1] == before[first.pk][1] + 1
    assert after[second.pk] == before[second.pk]


def test_renewing_every_tournament_gives_each_a_new_distinct_incarnation(make_tournament):
    for slug in ("a", "b", "c"):
        make_tournament(players=8, slug=slug)
    before = dict(Tournament.objects.values_list("pk", "incarnation"))
    assert sorted(renew_incarnations()) == sorted(before)
    after = dict(Tournament.objects.values_list("pk", "incarnation"))
    assert len(set(after.values())) == 3 and not set(after.values()) & set(before.values())


def test_a_restored_live_version_does_not_find_the_pages_cached_before_the_restore(make_tournament):
    tournament = make_tournament(players=8, slug="wieder")
    assert live.cached(tournament, "standings", "", lambda: "vor der Sicherung") == "vor der Sicherung"
    # A restore brings back rows under a live_version the cache has seen already; the restore renews the incarnation.
    version = Tournament.objects.get(pk=tournament.pk).live_version
    renew_incarnations()
    Tournament.objects.filter(pk=tournament.pk).update(live_version=version)
    restored = Tournament.objects.get(pk=tournament.pk)
    assert live.cached(restored, "standings", "", lambda: "nach der Sicherung") == "nach der Sicherung"
