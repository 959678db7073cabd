"""What the schema cannot say field by field, checked before the hub writes anything: that the parts
of a document fit each other (a player once per round, hands no more than planned, numbering, the
table sizes the tournament seats, bye points as the rule set scores them) and that its rule set is
one the hub knows (publishing/schema.py has the fields and bounds)."""

from __future__ import annotations

from publishing.problems import Refused, at
from publishing.schema import FORMAT, Document, RoundPart
from rules.engine.custom import RuleSetInvalid, validate_ruleset
from rules.engine.ruleset import PlainDataError, RuleSet
from rules.rulesets import BUILTIN
from tournament.models import Tournament

__all__ = ["Refused", "check_document", "hub_ruleset"]


def _unique(values: list, path: str, what_de: str, what_en: str) -> None:
    seen = set()
    for number, value in enumerate(values):
        if value in seen:
            raise at(f"{path}[{number}]", f"{what_de} {value} kommt zweimal vor", f"{what_en} {value} appears twice")
        seen.add(value)


def _check_round(document: Document, number: int, part: RoundPart, plan: Tournament, bye_points: int) -> None:
    path = f"rounds[{number}]"
    t = document.tournament
    last = t.rounds + (1 if t.final_round_top else 0)
    if part.number > last:
        raise at(f"{path}.number", f"dieses Turnier hat nur {last} Runden", f"this tournament has only {last} rounds")
    _unique([table.number for table in part.tables], f"{path}.tables", "Tisch", "table")
    sizes = plan.table_sizes
    placed: set[int] = set()
    for t_number, table in enumerate(part.tables):
        where = f"{path}.tables[{t_number}]"
        if len(table.seats) not in sizes:
            raise at(f"{where}.seats", f"dieses Turnier setzt Tische zu {', '.join(map(str, sizes))}",
                     f"this tournament seats tables of {', '.join(map(str, sizes))}")
        for s_number, entry in enumerate(table.seats):
            if entry >= len(document.entries):
                raise at(f"{where}.seats[{s_number}]", "diesen Spieler gibt es nicht", "there is no such player")
            if entry in placed:
                raise at(f"{where}.seats[{s_number}]", "der Spieler sitzt in dieser Runde schon an einem Tisch",
                         "the player already sits at a table in this round")
            placed.add(entry)
        planned = plan.hands_for(len(table.seats))
        if table.hands_planned > planned:
            raise at(f"{where}.hands_planned", f"an diesem Tisch sind höchstens {planned} Spiele geplant",
                     f"at most {planned} hands are planned at this table")
        if len(table.hands) > table.hands_planned:
            raise at(f"{where}.hands", f"mehr Spiele als geplant ({table.hands_planned})",
                     f"more hands than planned ({table.hands_planned})")
        if table.first_dealer >= len(table.seats):
            raise at(f"{where}.first_dealer", "diesen Platz gibt es am Tisch nicht", "there is no such place at the table")
        for a_number, absence in enumerate(table.absences):
            if absence.position >= len(table.seats):
                raise at(f"{where}.absences[{a_number}].position", "diesen Platz gibt es am Tisch nicht",
                         "there is no such place at the table")
        for h_number, hand in enumerate(table.hands):
            if hand.number != h_number + 1:
                raise at(f"{where}.hands[{h_number}].number", f"erwartet wird Spiel {h_number + 1}",
                         f"hand {h_number + 1} is expected")
    for b_number, bye in enumerate(part.byes):
        if bye.entry >= len(document.entries) or bye.entry in placed:
            raise at(f"{path}.byes[{b_number}].entry", "der Spieler sitzt in dieser Runde schon oder fehlt",
                     "the player already sits in this round or does not exist")
        placed.add(bye.entry)
        if bye.points != bye_points:
            raise at(f"{path}.byes[{b_number}].points", f"ein Freilos zählt nach dem Regelwerk {bye_points}",
                     f"a bye scores {bye_points} under the rule set")
    for c_number, correction in enumerate(part.corrections):
        if correction.entry >= len(document.entries):
            raise at(f"{path}.corrections[{c_number}].entry", "diesen Spieler gibt es nicht", "there is no such player")
    if part.status == "planned" and (part.tables or part.byes):
        raise at(f"{path}.status", "eine geplante Runde hat noch keine Tische", "a planned round has no tables yet")


def check_document(document: Document) -> None:
    """Raises Refused (400) naming the first part that does not fit the rest."""
    if document.format == FORMAT and document.incarnation is None:
        raise at("incarnation", f"fehlt (Format {FORMAT})", f"is missing (format {FORMAT})")
    if document.format != FORMAT and document.incarnation is not None:
        raise at("incarnation", f"gibt es im Format {document.format} nicht", f"is not part of format {document.format}")
    t = document.tournament
    players = len(document.players)
    if len(document.entries) != players:
        raise at("entries", "es braucht genau einen Eintrag je Spieler", "exactly one entry per player is needed")
    if t.final_round_top > players:
        raise at("tournament.final_round_top", f"mehr Finalisten als Spieler ({players})",
                 f"more finalists than players ({players})")
    if len(t.prizes_cents) > max(players, 1):
        raise at("tournament.prizes_cents", "mehr Preise als Spieler", "more prizes than players")
    if len(set(t.tie_breaks)) != len(t.tie_breaks):
        raise at("tournament.tie_breaks", "ein Kriterium kommt zweimal vor", "a criterion appears twice")
    for number, entry in enumerate(document.entries):
        if entry.withdrawn_after_round is not None and entry.withdrawn_after_round > t.rounds + 1:
            raise at(f"entries[{number}].withdrawn_after_round", "diese Runde gibt es nicht", "there is no such round")
    _unique([team.name for team in document.teams], "teams", "Mannschaft", "team")
    in_team: set[int] = set()
    for number, team in enumerate(document.teams):
        for m_number, member in enumerate(team.members):
            if member >= players or member in in_team:
                raise at(f"teams[{number}].members[{m_number}]", "der Spieler fehlt oder ist schon in einer Mannschaft",
                         "the player does not exist or is in a team already")
            in_team.add(member)
    _unique([part.number for part in document.rounds], "rounds", "Runde", "round")
    plan = Tournament(hands_at_four=t.hands_at_four, hands_at_five=t.hands_at_five, tables_of_five=t.tables_of_five,
                      tables_of_six=t.tables_of_six)
    bye_points = _readable_ruleset(document).format.bye_points
    for number, part in enumerate(document.rounds):
        _check_round(document, number, part, plan, bye_points)


def _readable_ruleset(document: Document) -> RuleSet:
    try:  # the hub scores the hands under this very rule set: it must read it
        return RuleSet.from_plain(document.tournament.ruleset_snapshot)
    except (PlainDataError, ValueError, TypeError) as error:
        raise Refused(422, "Der Cup-Server kann das Regelwerk dieses Turniers nicht lesen; vermutlich läuft am "
                           f"Turnierort eine neuere Version. Bitte den Cup-Server erneuern. ({error})",
                      "The cup's site cannot read this tournament's rule set; the venue probably runs a newer "
                      f"version. Please update the cup's site. ({error})") from error


def hub_ruleset(document: Document, *, custom_allowed: bool) -> RuleSet:
    """The rule set the hub scores the document's hands under: its own copy of a known rule set (the
    document's must be that very copy), or a custom one where the cup allows them, checked by the
    engine as a director's own rule set is."""
    t = document.tournament
    sent = _readable_ruleset(document)
    own = BUILTIN.get(t.ruleset_slug)
    if own is not None:
        if own.version != t.ruleset_version or sent.to_plain() != own.to_plain():
            raise at("tournament.ruleset_snapshot",
                     f"das Regelwerk „{t.ruleset_slug}“ (Version {t.ruleset_version}) stimmt nicht mit der Fassung "
                     f"des Cup-Servers (Version {own.version}) überein",
                     f"the rule set “{t.ruleset_slug}” (version {t.ruleset_version}) differs from the cup's site's "
                     f"copy (version {own.version})", status=422)
        return own
    if not custom_allowed:
        raise at("tournament.ruleset_slug", f"„{t.ruleset_slug}“ ist ein eigenes Regelwerk, und dieser Cup nimmt "
                 "nur die bekannten Regelwerke", f"“{t.ruleset_slug}” is a custom rule set, and this cup takes "
                 "only the known rule sets", status=422)
    if sent.slug != t.ruleset_slug or sent.version != t.ruleset_version:
        raise at("tournament.ruleset_snapshot", "Kürzel oder Version passen nicht zum Turnier",
                 "slug or version do not match the tournament", status=422)
    try:
        validate_ruleset(sent)
    except RuleSetInvalid as error:
        raise at("tournament.ruleset_snapshot", f"das eigene Regelwerk ist fehlerhaft ({error})",
                 f"the custom rule set is faulty ({error})", status=422) from error
    return sent
