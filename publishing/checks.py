"""What the schema cannot say field by field, checked before the hub writes anything: that the parts
of a document fit each other (a player once per round, hands no more than planned, numbering, the
table sizes the tournament seats, bye points as the rule set scores them) and that its rule set is
one the hub knows (publishing/schema.py has the fields and bounds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from language import Message
from publishing.problems import Refused, at
from publishing.schema import FORMAT, Document, RoundPart
from rules.engine.custom import RuleSetInvalid, validate_ruleset
from rules.engine.ruleset import PlainDataError, RuleSet
from rules.rulesets import BUILTIN
from tournament.models import Tournament

__all__ = ["Refused", "check_document", "hub_ruleset"]


def _unique(values: list, path: str, twice) -> None:
    """``twice``: the msgid saying a value (%(value)s) appears twice."""
    seen = set()
    for number, value in enumerate(values):
        if value in seen:
            raise at(f"{path}[{number}]", Message(twice, value=value))
        seen.add(value)


def _check_round(document: Document, number: int, part: RoundPart, plan: Tournament, bye_points: int) -> None:
    path = f"rounds[{number}]"
    t = document.tournament
    last = t.rounds + (1 if t.final_round_top else 0)
    if part.number > last:
        raise at(f"{path}.number", Message(gettext_lazy("dieses Turnier hat nur %(last)s Runden"), last=last))
    _unique([table.number for table in part.tables], f"{path}.tables", gettext_lazy("Tisch %(value)s kommt zweimal vor"))
    sizes = plan.table_sizes
    placed: set[int] = set()
    for t_number, table in enumerate(part.tables):
        where = f"{path}.tables[{t_number}]"
        if len(table.seats) not in sizes:
            raise at(f"{where}.seats", Message(gettext_lazy(
                "dieses Turnier setzt Tische zu %(sizes)s"), sizes=', '.join(map(str, sizes))))
        for s_number, entry in enumerate(table.seats):
            if entry >= len(document.entries):
                raise at(f"{where}.seats[{s_number}]", gettext_lazy("diesen Spieler gibt es nicht"))
            if entry in placed:
                raise at(f"{where}.seats[{s_number}]", gettext_lazy("der Spieler sitzt in dieser Runde schon an einem Tisch"))
            placed.add(entry)
        planned = plan.hands_for(len(table.seats))
        if table.hands_planned > planned:
            raise at(f"{where}.hands_planned", Message(gettext_lazy(
                "an diesem Tisch sind höchstens %(planned)s Spiele geplant"), planned=planned))
        if len(table.hands) > table.hands_planned:
            raise at(f"{where}.hands", Message(gettext_lazy(
                "mehr Spiele als geplant (%(hands_planned)s)"), hands_planned=table.hands_planned))
        if table.first_dealer >= len(table.seats):
            raise at(f"{where}.first_dealer", gettext_lazy("diesen Platz gibt es am Tisch nicht"))
        for a_number, absence in enumerate(table.absences):
            if absence.position >= len(table.seats):
                raise at(f"{where}.absences[{a_number}].position", gettext_lazy("diesen Platz gibt es am Tisch nicht"))
        for h_number, hand in enumerate(table.hands):
            if hand.number != h_number + 1:
                raise at(f"{where}.hands[{h_number}].number", Message(gettext_lazy(
                    "erwartet wird Spiel %(number)s"), number=h_number + 1))
    for b_number, bye in enumerate(part.byes):
        if bye.entry >= len(document.entries) or bye.entry in placed:
            raise at(f"{path}.byes[{b_number}].entry", gettext_lazy("der Spieler sitzt in dieser Runde schon oder fehlt"))
        placed.add(bye.entry)
        if bye.points != bye_points:
            raise at(f"{path}.byes[{b_number}].points", Message(gettext_lazy(
                "ein Freilos zählt nach dem Regelwerk %(bye_points)s"), bye_points=bye_points))
    for c_number, correction in enumerate(part.corrections):
        if correction.entry >= len(document.entries):
            raise at(f"{path}.corrections[{c_number}].entry", gettext_lazy("diesen Spieler gibt es nicht"))
    _check_events(document, path, part)
    if part.status == "planned" and (part.tables or part.byes):
        raise at(f"{path}.status", gettext_lazy("eine geplante Runde hat noch keine Tische"))


def _check_events(document: Document, path: str, part: RoundPart) -> None:
    """A round event names entries of the document and tables of its round."""
    tables = {table.number for table in part.tables}
    for e_number, event in enumerate(part.events):
        where = f"{path}.events[{e_number}]"
        named = [event.table] if event.action == "end_table" else event.tables if event.action in (
            "rotate", "reopen") else []
        if any(number not in tables for number in named):
            raise at(f"{where}.table{'' if event.action == 'end_table' else 's'}",
                     gettext_lazy("diesen Tisch gibt es in dieser Runde nicht"))
        for p_number, (a, b, _count) in enumerate(event.repeated_pairs if event.action == "seat" else []):
            if a >= len(document.entries) or b >= len(document.entries):
                raise at(f"{where}.repeated_pairs[{p_number}]", gettext_lazy("diesen Spieler gibt es nicht"))


def check_document(document: Document) -> None:
    """Raises Refused (400) naming the first part that does not fit the rest."""
    if document.format == FORMAT and document.incarnation is None:
        raise at("incarnation", Message(gettext_lazy("fehlt (Format %(format)s)"), format=FORMAT))
    if document.format != FORMAT and document.incarnation is not None:
        raise at("incarnation", Message(gettext_lazy("gibt es im Format %(format)s nicht"), format=document.format))
    t = document.tournament
    players = len(document.players)
    if len(document.entries) != players:
        raise at("entries", gettext_lazy("es braucht genau einen Eintrag je Spieler"))
    if t.final_round_top > players:
        raise at("tournament.final_round_top", Message(gettext_lazy("mehr Finalisten als Spieler (%(players)s)"),
            players=players))
    if len(t.prizes_cents) > max(players, 1):
        raise at("tournament.prizes_cents", gettext_lazy("mehr Preise als Spieler"))
    if len(set(t.tie_breaks)) != len(t.tie_breaks):
        raise at("tournament.tie_breaks", gettext_lazy("ein Kriterium kommt zweimal vor"))
    for number, entry in enumerate(document.entries):
        if entry.withdrawn_after_round is not None and entry.withdrawn_after_round > t.rounds + 1:
            raise at(f"entries[{number}].withdrawn_after_round", gettext_lazy("diese Runde gibt es nicht"))
    _unique([team.name for team in document.teams], "teams", gettext_lazy("Mannschaft %(value)s kommt zweimal vor"))
    in_team: set[int] = set()
    for number, team in enumerate(document.teams):
        for m_number, member in enumerate(team.members):
            if member >= players or member in in_team:
                raise at(f"teams[{number}].members[{m_number}]", gettext_lazy(
                    "der Spieler fehlt oder ist schon in einer Mannschaft"))
            in_team.add(member)
    _unique([part.number for part in document.rounds], "rounds", gettext_lazy("Runde %(value)s kommt zweimal vor"))
    plan = Tournament(hands_at_four=t.hands_at_four, hands_at_five=t.hands_at_five, tables_of_five=t.tables_of_five,
                      tables_of_six=t.tables_of_six)
    bye_points = _readable_ruleset(document).format.bye_points
    for number, part in enumerate(document.rounds):
        _check_round(document, number, part, plan, bye_points)


def _readable_ruleset(document: Document) -> RuleSet:
    try:  # the hub scores the hands under this very rule set: it must read it
        return RuleSet.from_plain(document.tournament.ruleset_snapshot)
    except (PlainDataError, ValueError, TypeError) as error:
        raise Refused(422, gettext_lazy(
            "Der Cup-Server kann das Regelwerk dieses Turniers nicht lesen; vermutlich läuft am Turnierort eine neuere Version. "
            "Bitte den Cup-Server erneuern. (%(error)s)"), error=error) from error


def hub_ruleset(document: Document, *, custom_allowed: bool) -> RuleSet:
    """The rule set the hub scores the document's hands under: its own copy of a known rule set (the
    document's must be that very copy), or a custom one where the cup allows them, checked by the
    engine as a director's own rule set is."""
    t = document.tournament
    sent = _readable_ruleset(document)
    own = BUILTIN.get(t.ruleset_slug)
    if own is not None:
        if own.version != t.ruleset_version or sent.to_plain() != own.to_plain():
            raise at("tournament.ruleset_snapshot", Message(gettext_lazy(
                "das Regelwerk „%(ruleset_slug)s“ (Version %(ruleset_version)s) stimmt nicht mit der Fassung des Cup-Servers "
                "(Version %(version)s) überein"),
                    ruleset_slug=t.ruleset_slug, ruleset_version=t.ruleset_version, version=own.version), status=422)
        return own
    if not custom_allowed:
        raise at("tournament.ruleset_slug", Message(gettext_lazy(
            "„%(ruleset_slug)s“ ist ein eigenes Regelwerk, und dieser Cup nimmt nur die bekannten Regelwerke"),
                ruleset_slug=t.ruleset_slug), status=422)
    if sent.slug != t.ruleset_slug or sent.version != t.ruleset_version:
        raise at("tournament.ruleset_snapshot", gettext_lazy("Kürzel oder Version passen nicht zum Turnier"), status=422)
    try:
        validate_ruleset(sent)
    except RuleSetInvalid as error:
        raise at("tournament.ruleset_snapshot", Message(gettext_lazy(
            "das eigene Regelwerk ist fehlerhaft (%(error)s)"), error=error), status=422) from error
    return sent
