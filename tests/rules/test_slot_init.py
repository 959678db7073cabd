"""slot_init (rules/engine/types.py): the engine's frozen dataclasses built by filling their slots."""

from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from rules.engine.types import BonusClaim, Hand, HandResult, LineItem, slot_init


def test_defaults_keywords_and_frozen_instances_are_dataclasses_own():
    hand = Hand("rufer", 1, bonuses=(BonusClaim("pagat", announced=True),))
    assert hand == Hand(contract="rufer", declarer=1, partner=None, bonuses=(BonusClaim("pagat", "declarer", True, True, 1),))
    assert hand.kontra == 1 and hand.not_played is False and HandResult((0,) * 4, (0,) * 4).items == ()
    assert replace(hand, declarer=2).declarer == 2
    with pytest.raises(FrozenInstanceError):
        hand.declarer = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        LineItem("game", "rufer")  # type: ignore[call-arg]
    assert Hand.__init__.__qualname__ == "Hand.__init__"


def test_a_default_factory_is_refused():
    @dataclass(frozen=True, slots=True)
    class Listed:
        values: list = field(default_factory=list)

    with pytest.raises(TypeError, match="default factory"):
        slot_init(Listed)


def test_a_post_init_or_a_keyword_only_field_is_refused():
    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self):
            raise ValueError

    @dataclass(frozen=True, slots=True, kw_only=True)
    class Named:
        value: int

    with pytest.raises(TypeError, match="__post_init__"):
        slot_init(Checked)
    with pytest.raises(TypeError, match="keyword-only"):
        slot_init(Named)
