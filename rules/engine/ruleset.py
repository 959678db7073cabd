"""A rule set as data: contracts, bonuses, settings and the strategies it selects.

Everything here is plain, frozen data that a reviewer can check line by line against the seed
text it cites, and that round-trips through JSON (``to_plain``/``from_plain``) so a tournament
can store the exact rules it was played under and a director can derive a custom rule set.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar, cast

from .catalogue import ALONE, CALL, CONTRACT_NAMES_EN


@dataclass(frozen=True)
class Cite:
    """Where a value comes from: a seed file id ("000".."004"), "rule-notes" or "custom",
    and the sentence or table row, quoted as it stands there."""

    source: str
    quote: str


@dataclass(frozen=True)
class ContractRule:
    slug: str
    name: str
    value: int
    kind: str
    source: Cite
    vorhand_only: bool = False
    partner: str = ALONE
    talon: str = "none"
    farbenspiel: bool = False
    # Solos double their bonuses (seed 000 section 3: "All bonuses score double").
    bonus_factor: int = 1
    # Sechserdreier loses double (seed 000 section 3, seed 004 "bei Verlust zahlt der Spieler doppelt").
    loss_factor: int = 1
    bonuses: frozenset[str] = frozenset()
    # At least one of these birds must be announced by the declarer's side (Besser-Rufer), unless
    # ``bird_optional``: the bird is needed in hand and entered only when announced or played for
    # (hand-format.md, the Raiffeisen cup's and Sauwald's A-Rufer).
    required_birds: frozenset[str] = frozenset()
    bird_optional: bool = False
    surrender: bool = False
    # A fixed price the declarer pays each of the three others on giving up (pagat.com: "give up the
    # hand for 3 points"); None = the game plus the planned bird (seed 004, rule-notes.md).
    surrender_value: Optional[int] = None
    # The bonus whose silent value the declarer pays each opponent for taking the talon half without
    # the called king (Hopfgarten: "a penalty equal to the score of a captured king").
    talon_king_penalty: Optional[str] = None
    # Bid, but not played out and scored 0 when no further announcement follows (Hopfgarten's Rufer).
    may_stay_unplayed: bool = False
    kontra_void_when_alone: bool = False
    needs_announcement: bool = False
    partner_required: bool = False
    notes: tuple[Cite, ...] = ()
    # Negative games of a rule set's own (a Triccolo): the tricks the declarer must take (0-3) and how
    # open the hands are ("closed", "half_open", "open"); None = what the hand format's slug stands for.
    tricks: Optional[int] = None
    ouvert: Optional[str] = None
    # Playing the contract without the bird it requires is a renonce of the declarer that pays this much to
    # each other player (OÖ23 [sec §3.7], SWC:209: 3 to each); None = no such rule (hand field ``without_bird``).
    no_bird_price: Optional[int] = None

    @property
    def calls_partner(self) -> bool:
        return self.partner == CALL

    @property
    def name_en(self) -> str:
        """The English name of a hand-format contract; a rule set's own contract keeps its name."""
        return CONTRACT_NAMES_EN.get(self.slug, self.name)


@dataclass(frozen=True)
class BonusRule:
    slug: str
    name: str
    silent: Optional[int]
    announced: Optional[int]
    source: Cite
    solo_doubling: bool = True
    kontra_allowed: bool = True
    can_fail: bool = True
    # Not multiplied by a Valat that multiplies the announcements (Hopfgarten's 10 Tarock).
    valat_exempt: bool = False
    # Not scored next to these bonuses (Hopfgarten: Königfang "is not applied with König Ultimo").
    excluded_by: frozenset[str] = frozenset()
    notes: tuple[Cite, ...] = ()
    # The opponents may announce it only once the game is kontra'd (Skill7's Absolut: "An opponent may
    # only bid “Absolut” after a “Kontra” has been bid").
    opponents_need_kontra: bool = False
    # Card points (in thirds) the side needs for the bonus (Tirol's 1st Sack "≥ 45 + 2", Skill7's Absolut
    # "must reach 56 points"): a hand whose declarer_points contradict the claim is refused.
    min_card_points: Optional[int] = None
    # The card points (in thirds) of the cards the bonus is about, which the side must have taken in its
    # tricks: Trull 13 (Pagat, Mond, Sküs), Alle Könige 17+1. None for a bonus held in hand (Skill7's
    # Trull is a holding premium) or one without such cards. The plausibility checks use it.
    card_thirds: Optional[int] = None
    # A silent bonus tried and lost counts for the other side (rule-notes.md) unless the cup's own text
    # says it is scored only when announced (ÖF21 "Rufen": losing the called king is not scored unless
    # it was announced ultimo).
    silent_loss_scores: bool = True

    def value(self, announced: bool) -> int:
        chosen = self.announced if announced else self.silent
        assert chosen is not None, "validation refuses a bonus in a form the rule set lacks"
        return chosen


@dataclass(frozen=True)
class ValatRule:
    """How a Valat scores; ``kind`` selects the strategy in valat.py.

    premium:       added like a bonus worth its value (× the game value if per_game_value);
                   bonuses of the kinds in ``voids`` do not count next to an achieved Valat.
    game_multiple: replaces the game with value × game value; only announced bonuses beside it.
    multiplier:    multiplies the game and the announced bonuses; silent bonuses do not count.
    override:      only the Valat counts: no game, no other bonus.
    """

    kind: str
    source: Cite
    per_game_value: bool = False
    voids: frozenset[str] = frozenset()
    notes: tuple[Cite, ...] = ()
    # game_multiple: beside an announced Valat only announced bonuses count whether the Valat is won or lost
    # (OÖ23 "Ansagen 2", ÖF21 "Valat": silent ones not, "auch beim verlorenen Valat"); False = silent bonuses
    # are void only beside a Valat that happened.
    announced_voids_silent: bool = False


@dataclass(frozen=True)
class TrischakenRule:
    """How Trischaken pays; ``kind`` selects the strategy in trischaken.py.

    two_pairs:  the two players with the most card points pay ``unit`` each to the other two;
                a mayor, or the declarer (Vorhand) with the most points, pays ``alone_unit`` to
                each instead (× ``declarer_factor`` for a declarer who is mayor); virgins collect
                ``virgin_unit`` from each other player. ``extras`` = "replace": those cases take
                the place of the pair payment; "add": they come on top of it. ``virgins`` =
                "share": several virgins share one virgin payment; "each": each collects in full.
    loser_pays: the player with the most card points pays ``unit`` to each other player,
                double from the mayor threshold, to the virgins alone if there are any;
                doubled if that player is the declarer (Vorhand).
    most_pays:  the player(s) with the most card points pay: a sole loser ``unit`` to each other
                player (double from the mayor threshold, × ``declarer_factor`` as Vorhand, who with
                ``declarer_tied_pays`` also loses alone when tied for the most); tied losers pay
                each other player ``unit``. Virgins take the payment: ``virgins`` = "share": they
                share what the loser(s) pay, each share rounded up to whole points; "each": each
                virgin receives three times the loser's unit (two virgins: without the mayor's
                doubling), the losers sharing it (one player with every trick pays each the unit). ``renonce_declarer_factor``
                multiplies the renonce price of a revoking Vorhand.
    """

    kind: str
    source: Cite
    unit: int = 1
    alone_unit: int = 2
    virgin_unit: int = 2
    mayor_threshold: int = 107
    declarer_most_pays_alone: bool = False
    declarer_factor: int = 1
    extras: str = "replace"
    virgins: str = "share"
    renonce_unit: int = 2
    notes: tuple[Cite, ...] = ()
    declarer_tied_pays: bool = False
    renonce_declarer_factor: int = 1


@dataclass(frozen=True)
class RenonceRule:
    """How a revoke scores outside Trischaken; ``kind`` selects the strategy in renonce.py.

    as_winner:  every other player scores as if their side had won the game and every announced
                bonus; the offender pays it all.
    fixed_each: the offender pays every other player the contract plus the announced bonuses.
    """

    kind: str
    source: Cite
    notes: tuple[Cite, ...] = ()
    # Points a player shows he lost beyond the renonce's price may be claimed from the offender on top
    # (Tirol, seed 000 section 6): booked against the hand, the claimant credited, the offender debited.
    claims_on_top: bool = False


# Tie-break keys the standings understand (tournament/standings.py), compared in the order listed:
#   best_round     the player's best single round score (higher wins);
#   round_results  the round scores sorted best first, compared one by one: best round, then second
#                  best, and so on (higher wins at the first difference);
#   final_round    the final round's score (finalists only; higher wins);
#   lots           the drawn lot (lot 1 first).
TIE_BREAK_KEYS = ("best_round", "round_results", "final_round", "lots")


@dataclass(frozen=True)
class TournamentFormat:
    """What the rule set's own text says about a tournament (used by the tournament app)."""

    source: Cite
    rounds: int = 3
    hands_at_four: int = 16
    hands_at_five: int = 20
    tables_of_five: bool = True
    # Tables of six (the dealer and the player opposite sit out each hand, as the cups' app ABAKUS
    # plays them): no seed text seats six, so every seed rule set leaves them off; a custom rule set
    # or the tournament may allow them (rules/rulesets/byes.py says why).
    tables_of_six: bool = False
    final_round_top: int = 0
    final_round_carry_percent: int = 0
    tie_breaks: tuple[str, ...] = ("best_round", "lots")
    stake_cents: int = 10
    notes: tuple[Cite, ...] = ()
    # Direction of play, dealing and the dealer's turn: "anticlockwise" (the Austrian default) or
    # "clockwise" (Hopfgarten); the tournament app derives the dealer and seat order from it.
    direction: str = "anticlockwise"
    direction_source: Optional[Cite] = None
    # Whether a player may still join once the first round is seated (a late arrival plays from the
    # next round on). Hopfgarten: "It's not possible to join later."
    late_entry: bool = True
    late_entry_source: Optional[Cite] = None
    # What a bye scores (a player present for a round who sits it out because the count fits no
    # tables, events.md); each rule set gives its reason as an interpretation.
    bye_points: int = 0
    # What is drawn at the table before the first hand, as the rule set's text says: "first_dealer"
    # (the text says nothing: the table settles who deals first), "first_vorhand" (Hopfgarten: the
    # highest card is Forehand) or "seats_and_first_vorhand" (Tirol: the seat order, tarock is first
    # Vorhand). The scorer's page asks exactly that; the first dealer follows from it.
    table_draw: str = "first_dealer"
    table_draw_source: Optional[Cite] = None
    # A round's time limit in minutes where the text gives one (Hopfgarten: 1 hour 45 minutes); 0 where
    # it gives none (Tirol: "There is a time limit" without a number: the tournament sets it).
    time_limit_minutes: int = 0
    time_limit_source: Optional[Cite] = None
    # The final round's own limit where the text gives the final one of its own (Hopfgarten: "20 games,
    # no time limit"): 0 = no limit; None = as the other rounds.
    final_time_limit_minutes: Optional[int] = None
    final_time_limit_source: Optional[Cite] = None


@dataclass(frozen=True)
class Interpretation:
    """A reading the project had to make where the text is ambiguous, and why."""

    topic: str
    text: str
    source: Cite


@dataclass(frozen=True)
class RuleSet:
    slug: str
    name: str
    version: int
    seed: str
    description: str
    contracts: tuple[ContractRule, ...]
    bonuses: tuple[BonusRule, ...]
    win_threshold: int
    total_card_points: int
    kontra_levels: tuple[int, ...]
    kontra_counts_for_standings: bool
    own_king_allowed: bool
    valat: ValatRule
    format: TournamentFormat
    citations: dict[str, Cite]
    trischaken: Optional[TrischakenRule] = None
    renonce: Optional[RenonceRule] = None
    interpretations: tuple[Interpretation, ...] = ()
    base: Optional[str] = None
    # The primary texts behind a rule set whose citations quote a summary of them (the cups' rules,
    # docs/sources/cup-rules.md): each a tag used in the quotes and where the text is (URL or file:line).
    references: tuple[Cite, ...] = ()
    # What changed against the previous version of the same rules (Tirol 2020 against 2019/20).
    changes: tuple[Cite, ...] = ()
    _contract_index: dict[str, ContractRule] = field(default_factory=dict, init=False, repr=False, compare=False)
    _bonus_index: dict[str, BonusRule] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_contract_index", {c.slug: c for c in self.contracts})
        object.__setattr__(self, "_bonus_index", {b.slug: b for b in self.bonuses})

    def contract(self, slug: str) -> Optional[ContractRule]:
        return self._contract_index.get(slug)

    def bonus(self, slug: str) -> Optional[BonusRule]:
        return self._bonus_index.get(slug)

    def bonus_rule(self, slug: str) -> BonusRule:
        """The bonus of a slug the caller knows is in the rule set (KeyError otherwise)."""
        return self._bonus_index[slug]

    @property
    def key(self) -> str:
        return f"{self.slug}@{self.version}"

    def to_plain(self) -> dict:
        """JSON-ready dict of the whole rule set (the snapshot a tournament stores)."""
        return cast(dict, to_plain(self))

    @classmethod
    def from_plain(cls, data: dict) -> RuleSet:
        return from_plain(cls, data)


# --- plain (JSON) conversion -------------------------------------------------------------


def to_plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value) if f.init}
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: to_plain(item) for key, item in value.items()}
    return value


@cache
def _type_hints(cls: type) -> dict[str, Any]:
    """Resolved field types of a rule-set class (resolving them is slow; they never change)."""
    return typing.get_type_hints(cls)


class PlainDataError(ValueError):
    """The plain data does not have the shape of a rule set; the message names the place."""


if TYPE_CHECKING:  # pragma: no cover - typing only
    from _typeshed import DataclassInstance

# A rule-set dataclass read back from plain data is of the class asked for.
Plain = TypeVar("Plain", bound="DataclassInstance")


def from_plain(cls: type[Plain], data: Any, path: str = "") -> Plain:
    if not isinstance(data, dict):
        raise PlainDataError(f"{path or cls.__name__}: expected an object")
    hints = _type_hints(cls)
    known = {f.name: f for f in fields(cls) if f.init}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise PlainDataError(f"{path or cls.__name__}: unknown field(s) {', '.join(unknown)}")
    kwargs = {}
    for name in known:
        if name in data:
            kwargs[name] = _convert(hints[name], data[name], f"{path}.{name}" if path else name)
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise PlainDataError(f"{path or cls.__name__}: {error}") from None


def _convert(hint: Any, value: Any, path: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [arg for arg in args if arg is not type(None)]
        return _convert(inner, value, path)
    if isinstance(hint, type) and is_dataclass(hint):
        return from_plain(hint, value, path)
    if origin is frozenset:
        _expect(isinstance(value, list), path, "a list")
        return frozenset(_convert(args[0], item, f"{path}[]") for item in value)
    if origin is tuple:
        _expect(isinstance(value, list), path, "a list")
        return tuple(_convert(args[0], item, f"{path}[{i}]") for i, item in enumerate(value))
    if origin is dict:
        _expect(isinstance(value, dict), path, "an object")
        return {key: _convert(args[1], item, f"{path}.{key}") for key, item in value.items()}
    accepts, what = SIMPLE_TYPES[hint]
    _expect(accepts(value), path, what)
    return value


SIMPLE_TYPES: dict[type, tuple[Callable[[Any], bool], str]] = {
    bool: (lambda value: isinstance(value, bool), "true or false"),
    int: (lambda value: isinstance(value, int) and not isinstance(value, bool), "a whole number"),
    str: (lambda value: isinstance(value, str), "a text"),
}


def _expect(condition: bool, path: str, what: str) -> None:
    if not condition:
        raise PlainDataError(f"{path}: expected {what}")
