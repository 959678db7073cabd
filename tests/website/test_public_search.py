"""The public "where am I" on the standings finds a player as the director's search does (one measure,
tournament/players.py ``fits_search``): umlauts written out, another word order, a typo, the club."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.players import fits_search


@pytest.fixture
def standings_with_names(make_tournament):
    tournament = make_tournament(players=8, slug="suche")
    people = [("Franz Müller", "TC Wörgl"), ("Anna Huber", "Raiffeisen Tarockclub"), ("Josef Gruber", "TC Wörgl")]
    for entry, (name, club) in zip(tournament.entries.select_related("player").order_by("pk"), people, strict=False):
        entry.player.name, entry.player.club = name, club
        entry.player.save()
    return tournament


def found(client, tournament, query: str) -> set[str]:
    page = client.get(reverse("tournament:standings", args=[tournament.slug]), {"q": query}).content.decode()
    return {name for name in ("Franz Müller", "Anna Huber", "Josef Gruber", "Spielerin 003") if name in page}


@pytest.mark.parametrize(("query", "who"), [
    ("mueller", {"Franz Müller"}),  # the umlaut written out
    ("MÜLLER franz", {"Franz Müller"}),  # case and word order
    ("Hubr", {"Anna Huber"}),  # a typo
    ("woergl", {"Franz Müller", "Josef Gruber"}),  # the club, spelt without the dots
    ("raiffeisen", {"Anna Huber"}),
    ("Zzyzx", set()),
])
def test_where_am_i_forgives_spellings_as_the_directors_search_does(client, standings_with_names, query, who):
    assert found(client, standings_with_names, query) == who


def test_the_measure_is_the_directors_one():
    assert fits_search("mueller", "Franz Müller", "") and fits_search("TC Woergl", "X", "TC Wörgl")
    assert not fits_search("", "Franz Müller", "TC Wörgl") and not fits_search("Huber", "Franz Müller", "TC Wörgl")
