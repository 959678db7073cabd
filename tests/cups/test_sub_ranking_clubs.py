"""A sub-ranking's club word compares clubs as the house does (tournament/players.py ``key``: the teams and
the club ranking), not as a substring of the raw text."""

from __future__ import annotations

import pytest

from cups.models import SubRanking


@pytest.mark.parametrize("club, region", [("TC Woergl", ""), ("TC Wörgl", ""), ("TC WÖRGL", ""), ("", "Wörgl-Land"),
                                          ("Tarockrunde  Wörgl", "Tirol")])
def test_every_spelling_of_the_club_is_taken(club, region):
    for word in ("Wörgl", "woergl", "WOERGL"):
        assert SubRanking(club_word=word).takes_player(club, region), (word, club, region)


def test_a_club_word_of_two_words_and_a_part_of_a_word():
    assert SubRanking(club_word="TC Wörgl").takes_player("Wörgl TC")
    assert SubRanking(club_word="Wien").takes_player("Wiener Tarockrunde")
    assert not SubRanking(club_word="Wörgl").takes_player("TC Wels", "Oberösterreich")
    assert not SubRanking(club_word="Woergl Nord").takes_player("TC Wörgl")
    assert SubRanking(club_word="").takes_player("TC Wels")
