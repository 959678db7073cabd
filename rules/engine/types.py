"""Typed input and output of the engine: a hand as entered, and what it scored and why."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from typing import Sequence, TypeVar, Union

from .cardpoints import format_thirds
from .catalogue import DECLARER, other_side
from .numbers import json_number

# Points are whole numbers except where a Trischaken tie splits a payment (seed 000 section 4:
# "Players with the same card points split their victory points").
Amount = Union[int, Fraction]
Seats4 = tuple[Amount, Amount, Amount, Amount]


Frozen = TypeVar("Frozen", bound=type)


def slot_init(cls: Frozen) -> Frozen:
    """Give a frozen dataclass with slots an ``__init__`` that fills its slots directly.

    The ``__init__`` dataclasses writes for a frozen class sets each field through
    ``object.__setattr__`` by name, about three times the cost of writing the slot; the engine builds
    five of these objects per hand (bench/score_hands.py: a fifth of its time). The signature, the
    defaults and the frozen instance stay dataclasses' own; a default factory, a keyword-only field or a
    ``__post_init__`` (which the direct ``__init__`` would not honour) is refused.
    """
    if hasattr(cls, "__post_init__"):  # the direct __init__ would skip it
        raise TypeError(f"{cls.__name__}: slot_init takes no __post_init__")
    names: list[str] = []
    namespace: dict[str, object] = {}
    for item in fields(cls):
        if item.kw_only:  # the direct __init__ takes every field by position or name
            raise TypeError(f"{cls.__name__}.{item.name}: slot_init takes no keyword-only field")
        if item.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{item.name}: slot_init takes no default factory")
        names.append(item.name if item.default is MISSING else f"{item.name}=_default_{item.name}")
        namespace[f"_default_{item.name}"] = item.default
        namespace[f"_set_{item.name}"] = getattr(cls, item.name).__set__
    body = "".join(f"    _set_{item.name}(self, {item.name})\n" for item in fields(cls))
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", namespace)  # noqa: S102 - as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls


def seats4(values: Sequence[Amount]) -> Seats4:
    """The four per-seat amounts of a list as the fixed-length tuple (fails on any other length)."""
    a, b, c, d = values
    return (a, b, c, d)


def pays_each(payer: int, amount: Amount) -> list[Amount]:
    """One seat pays ``amount`` to each of the three others (a negative amount: receives it from each)."""
    seats: list[Amount] = [amount] * 4
    seats[payer] = -3 * amount
    return seats


@slot_init
@dataclass(frozen=True, slots=True)
class BonusClaim:
    """One bonus line of a hand: which side it concerns and how it went."""

    bonus: str
    side: str = DECLARER
    announced: bool = False
    made: bool = True
    kontra: int = 1

    @property
    def winner(self) -> str:
        # A silent bonus attempted and lost counts for the other side, which is the same as
        # made=false on the attempting side (rule-notes.md, "All rule sets").
        return self.side if self.made else other_side(self.side)

    @property
    def achieved(self) -> bool:
        """Whether the feat happened (for one side or the other); false only for a failed announcement."""
        return self.made or not self.announced

    def to_dict(self) -> dict:
        data: dict = {"bonus": self.bonus, "side": self.side}
        if self.announced:
            data["announced"] = True
        if not self.made:
            data["made"] = False
        if self.kontra != 1:
            data["kontra"] = self.kontra
        return data


@slot_init
@dataclass(frozen=True, slots=True)
class Hand:
    """A hand exactly as the interchange format describes it (hand-format.md), parsed.

    Card points are held in thirds (see cardpoints.py). ``kontra`` is the game's multiplier
    for every opponent; ``kontra_by_opponent`` holds the individual doublings of a negative
    contract (seat, multiplier) and overrides ``kontra`` for those seats.
    """

    contract: str
    declarer: int = 0
    partner: int | None = None
    result: str | None = None
    declarer_points: int | None = None
    kontra: int = 1
    kontra_by_opponent: tuple[tuple[int, int], ...] = ()
    bonuses: tuple[BonusClaim, ...] = ()
    card_points: tuple[int, int, int, int] | None = None
    renonce: int | None = None
    surrender: bool = False
    # Additive fields (hand-format.md allows more): the declarer took the talon half without the
    # called king (Hopfgarten's penalty), and a contract that was bid but not played out.
    talon_without_king: bool = False
    not_played: bool = False
    # Additive field: the declarer played a contract that needs a bird (an A-Rufer) without one, a renonce
    # the rule set prices on its own (ContractRule.no_bird_price).
    without_bird: bool = False

    def opponent_kontra(self, seat: int) -> int:
        for opponent, multiplier in self.kontra_by_opponent:
            if opponent == seat:
                return multiplier
        return self.kontra

    def claim(self, bonus: str) -> BonusClaim | None:
        for claim in self.bonuses:
            if claim.bonus == bonus:
                return claim
        return None

    def to_dict(self) -> dict:
        """The hand in the interchange format, without defaulted fields."""
        data: dict = {"contract": self.contract, "declarer": self.declarer}
        if self.partner is not None:
            data["partner"] = self.partner
        if self.result is not None:
            data["result"] = self.result
        if self.declarer_points is not None:
            data["declarer_points"] = format_thirds(self.declarer_points)
        if self.kontra_by_opponent:
            data["kontra"] = {str(seat): multiplier for seat, multiplier in self.kontra_by_opponent}
        elif self.kontra != 1:
            data["kontra"] = self.kontra
        if self.bonuses:
            data["bonuses"] = [claim.to_dict() for claim in self.bonuses]
        if self.card_points is not None:
            data["card_points"] = [format_thirds(value) for value in self.card_points]
        if self.renonce is not None:
            data["renonce"] = self.renonce
        if self.surrender:
            data["surrender"] = True
        if self.talon_without_king:
            data["talon_without_king"] = True
        if self.not_played:
            data["not_played"] = True
        if self.without_bird:
            data["without_bird"] = True
        return data


@slot_init
@dataclass(frozen=True, slots=True)
class Factor:
    """A multiplier applied to a line: solo doubling, loss doubling, a kontra, a Valat.

    ``standings`` is false for factors that only move money (rule-notes.md: kontras multiply
    the cash always, the standings points only where the rule set says so). ``seat`` names the
    opponent of an individual kontra in a negative contract.
    """

    code: str
    value: int
    label_de: str
    label_en: str
    standings: bool = True
    seat: int | None = None


@slot_init
@dataclass(frozen=True, slots=True)
class LineItem:
    """One part of a hand's score: what it is, its base value, its factors, who got what."""

    code: str
    subject: str
    label_de: str
    label_en: str
    base: Amount
    factors: tuple[Factor, ...]
    winner: str | None
    points: Seats4
    cash: Seats4
    note_de: str = ""
    note_en: str = ""

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "subject": self.subject,
            "label_de": self.label_de,
            "label_en": self.label_en,
            "base": json_number(self.base),
            "factors": [
                {
                    "code": f.code,
                    "value": f.value,
                    "label_de": f.label_de,
                    "label_en": f.label_en,
                    "standings": f.standings,
                    **({"seat": f.seat} if f.seat is not None else {}),
                }
                for f in self.factors
            ],
            "winner": self.winner,
            "points": [json_number(v) for v in self.points],
            "cash": [json_number(v) for v in self.cash],
            **({"note_de": self.note_de, "note_en": self.note_en} if self.note_de else {}),
        }


@slot_init
@dataclass(frozen=True, slots=True)
class HandResult:
    """Per-seat standings points and cash (in points) of one hand, and the lines behind them."""

    points: Seats4
    cash: Seats4
    items: tuple[LineItem, ...] = field(default=())

    def to_dict(self, *, breakdown: bool = False) -> dict:
        data: dict = {
            "points": [json_number(v) for v in self.points],
            "cash": [json_number(v) for v in self.cash],
        }
        if breakdown:
            data["breakdown"] = [item.to_dict() for item in self.items]
        return data


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a hand is invalid: a stable code for programs, a sentence for people."""

    code: str
    message_de: str
    message_en: str
    field: str = ""

    def to_dict(self) -> dict:
        return {"code": self.code, "field": self.field, "de": self.message_de, "en": self.message_en}


class RuleSetProblem(str):
    """One thing wrong with a rule set: the English sentence (what ``score_hands --rules-file`` prints and what
    a string comparison sees), a stable ``code``, the ``path`` of the setting it concerns
    (``contracts.<slug>.<field>``, ``bonuses.<slug>.<field>``, ``trischaken.<field>``, ``valat.kind`` …) and the
    ``params`` a site needs to say it in its own language."""

    code: str
    path: str
    params: dict[str, object]

    def __new__(cls, code: str, path: str, text: str, **params: object) -> RuleSetProblem:
        made = super().__new__(cls, text)
        made.code, made.path, made.params = code, path, params
        return made


class InvalidHand(ValueError):
    """Raised with every problem found in a hand, never just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message_en for p in self.problems))

    def message(self, lang: str = "both") -> str:
        german = " ".join(p.message_de for p in self.problems)
        english = " ".join(p.message_en for p in self.problems)
        if lang == "de":
            return german
        if lang == "en":
            return english
        return f"{german} / {english}"
