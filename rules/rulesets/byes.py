"""What a bye scores, the same reading for every seed rule set (none of the seeds speaks of byes)."""

from __future__ import annotations

from rules.engine.ruleset import Cite, Interpretation

# When the rule sets with tables of four and five need byes.
WITH_FIVES = ("Tables of four come first, then tables of five; 6, 7 and 11 present players fit no such tables, "
              "so one or two sit out (with tables of six allowed, only 7: one sits out).")


def bye_interpretation(why_byes: str) -> Interpretation:
    """The interpretation behind ``format.bye_points = 0``; ``why_byes`` says when this rule set needs byes."""
    return Interpretation(
        "Byes (Freilos)",
        f"{why_byes} A player present for such a round who sits it out (a bye) scores 0 for it "
        "(`format.bye_points`). Every hand is zero-sum, so 0 is exactly the average of the players who "
        "played the round, the same as the player sitting out a hand at a table of five: a bye neither "
        "helps nor hurts against the field. Byes rotate: they go to the players with the fewest byes so far. "
        "No seed text seats six at a table (`format.tables_of_six` is off; pagat.com only mentions an online "
        "site that \"allows tables of up to 6 players, with players sitting out in rotation\"); the director "
        "may allow them for a tournament, as the cups' app ABAKUS plays them: the dealer and the player opposite "
        "sit out each hand, 24 hands are planned for 16 at four, and 6 and 11 players then need no bye.",
        Cite("rule-notes", "Every hand is zero-sum in both ledgers."),
    )
