"""Writes for tournaments and entries (HackSoft style: keyword-only, atomic, validated).

Rounds are tournament/rounds.py's; who a player is and a new player (with his entry) are
tournament/players.py's; a list of players from a file is read by paper/imports/players.py."""

from __future__ import annotations

import uuid
from datetime import date as Date

from django.db.models import Q
from django.utils.translation import gettext_lazy

from language import ByLanguage, ServiceError
from rules.engine.ruleset import RuleSet
from tournament import live, selectors
from tournament.errors import refuse_a_copy
from tournament.events import ChangeKind
from tournament.models import Entry, Player, Round, RoundEvent, Tournament
from tournament.money import MAX_STAKE_CENTS, euro_text, from_cents

# --- rule sets ------------------------------------------------------------------------------


def resolve_ruleset(key: str) -> RuleSet:
    """A seed rule set by slug, or a club's saved one (tournament.selectors.saved_ruleset: "custom:<id>" or
    its slug)."""
    from rules.engine.custom import RuleSetInvalid
    from rules.rulesets import BUILTIN, load_custom

    if key in BUILTIN:
        return BUILTIN[key]
    custom = selectors.saved_ruleset(key)
    if custom is not None:
        try:
            return load_custom(custom.spec())
        except RuleSetInvalid as error:
            from tournament.variants.problems import said_all

            raise ServiceError(gettext_lazy("Das Regelwerk ist ungültig: %(error)s"),
                               error=said_all(error.problems)) from None
    raise ServiceError(gettext_lazy("Unbekanntes Regelwerk „%(key)s“."), key=str(key)[:40])


# --- tournaments ------------------------------------------------------------------------------

# Hands at a table of four and of five: at five the dealer sits out, so everyone plays as many hands
# as at four (16 of 20, 20 of 25). Every seed rule set plays one of these (docs/rules).
HAND_COUNTS = {(16, 20), (20, 25)}


@live.write_service(kind=ChangeKind.SETTINGS, changes=lambda arguments, tournament: [tournament.pk])
def create_tournament(
    *, name: str, slug: str, date: Date, ruleset: RuleSet, venue: str = "", stake_cents: int | None = None,
    rounds: int | None = None, tables_of_five: bool | None = None, kontra_to_charity: bool = False, user=None,
    hands_at_four: int | None = None, hands_at_five: int | None = None, last_round_by_standings: bool = False,
    time_limit_minutes: int | None = None, tables_of_six: bool | None = None,
) -> Tournament:
    """A tournament with its rounds, playing under a snapshot of ``ruleset`` and its format."""
    fmt = ruleset.format
    four = fmt.hands_at_four if hands_at_four is None else hands_at_four
    # At five the dealer sits out: five deals of four hands each keep everyone at the count of a
    # table of four (Hopfgarten's data says 20 at five too, which would leave its five-table at 16).
    five = four * 5 // 4 if hands_at_five is None else hands_at_five
    tournament = Tournament(
        name=name, slug=slug, date=date, venue=venue,
        ruleset_slug=ruleset.slug, ruleset_version=ruleset.version, ruleset_snapshot=ruleset.to_plain(),
        stake_cents=fmt.stake_cents if stake_cents is None else stake_cents,
        rounds=fmt.rounds if rounds is None else rounds,
        hands_at_four=four, hands_at_five=five,
        tables_of_five=fmt.tables_of_five if tables_of_five is None else tables_of_five,
        tables_of_six=fmt.tables_of_six if tables_of_six is None else tables_of_six,
        final_round_top=fmt.final_round_top, final_round_carry_percent=fmt.final_round_carry_percent,
        tie_breaks=list(fmt.tie_breaks), kontra_to_charity=kontra_to_charity, created_by=user,
        last_round_by_standings=last_round_by_standings,
        time_limit_minutes=time_limit_minutes or fmt.time_limit_minutes or None,
    )
    if (tournament.hands_at_four, tournament.hands_at_five) not in HAND_COUNTS:
        raise ServiceError(gettext_lazy(
            "%(hands_at_four)s Spiele am Vierer- und %(hands_at_five)s am Fünfertisch passen nicht zusammen: jeder spielt gleich "
            "viele (16 und 20, oder 20 und 25)."), hands_at_four=tournament.hands_at_four, hands_at_five=tournament.hands_at_five)
    tournament.full_clean()
    tournament.save()
    numbers = range(1, tournament.rounds + 1 + (1 if tournament.has_final else 0))
    Round.objects.bulk_create(
        [Round(tournament=tournament, number=n, is_final=tournament.has_final and n > tournament.rounds) for n in numbers]
    )
    return tournament


@live.write_service(kind=ChangeKind.COPY, changes=lambda arguments, renewed: renewed)
def renew_incarnations(*, tournament: Tournament | None = None) -> list[int]:
    """A new incarnation for ``tournament``, or for every tournament of the database (after a restore):
    from now on the cup's site takes this state as the venue's newest, whatever its live_version, and
    refuses what was sent under the old one. Returns the ids of the tournaments renewed."""
    rows = Tournament.objects.select_for_update().only("pk").order_by("pk")
    rows = list(rows.filter(pk=tournament.pk) if tournament is not None else rows)
    for row in rows:
        row.incarnation = uuid.uuid4()
    Tournament.objects.bulk_update(rows, ["incarnation"], batch_size=500)
    if tournament is not None and rows:
        tournament.incarnation = rows[0].incarnation
    return [row.pk for row in rows]


# --- players and entries ------------------------------------------------------------------------


def check_late_entry(tournament: Tournament, entry: Entry | None = None) -> None:
    """Refuse a player joining once round 1 is seated where the rule set forbids it (Hopfgarten: "It's
    not possible to join later."); elsewhere a late arrival plays from the next round on. A player who
    already has a seat is not joining (checked in again after a slip)."""
    fmt = tournament.ruleset.format
    if fmt.late_entry or not tournament.round_set.filter(number=1).exclude(status=Round.PLANNED).exists():
        return
    if entry is not None and entry.seats.exists():
        return
    raise ServiceError(gettext_lazy(
        "Nach den Regeln „%(ruleset)s“ kann niemand mehr dazukommen, sobald Runde 1 gesetzt ist („It's not possible to join "
        "later.“)."), ruleset=tournament.ruleset.name)


@live.write_service(kind=ChangeKind.ENTRIES)
def enter_player(*, tournament: Tournament, player: Player, checked_in: bool = False) -> Entry:
    refuse_a_copy(tournament)
    entry = Entry.objects.filter(tournament=tournament, player=player).first()
    if entry is None or (checked_in and not entry.checked_in):
        check_late_entry(tournament, entry)
    entry, created = Entry.objects.get_or_create(tournament=tournament, player=player, defaults={"checked_in": checked_in})
    if not created and checked_in and not entry.checked_in:
        entry.checked_in = True
        entry.save(update_fields=["checked_in"])
    return entry


@live.write_service(kind=ChangeKind.ENTRIES)
def set_checked_in(*, entry: Entry, checked_in: bool) -> Entry:
    refuse_a_copy(entry.tournament)
    if checked_in and not entry.checked_in:
        check_late_entry(entry.tournament, entry)
    entry.checked_in = checked_in
    entry.save(update_fields=["checked_in"])
    return entry


@live.write_service(kind=ChangeKind.WITHDRAWAL)
def withdraw(*, entry: Entry, after_round: int | None, user=None) -> Entry:
    """The player leaves the tournament after ``after_round`` (0: before the first), or plays on again (None).
    The round it first concerns (the next, or the last there is) keeps it in its protocol, with who and when."""
    refuse_a_copy(entry.tournament)
    last = selectors.last_round_number(entry.tournament)
    if after_round is not None:
        if not 0 <= after_round <= last:
            raise ServiceError(gettext_lazy("Das Turnier hat die Runden 1 bis %(last)s: nach Runde %(n)s geht nicht."),
                               last=last, n=after_round)
        begun = (entry.seats.filter(Q(table__hands_entered__gt=0) | Q(table__round__status__in=(
            Round.RUNNING, Round.CLOSED)), table__round__number__gt=after_round)
            .order_by("-table__round__number").values_list("table__round__number", flat=True).first())
        if begun is not None:  # his table plays that round with him: he cannot have left before it
            raise ServiceError(gettext_lazy(
                "%(name)s sitzt in Runde %(round)s, die schon begonnen hat: ausgeschieden frühestens nach Runde "
                "%(round)s (wer jetzt geht, verlässt seinen Tisch)."), name=entry.player.name, round=begun)
    before = entry.withdrawn_after_round
    if before == after_round:
        return entry
    entry.withdrawn_after_round = after_round
    entry.save(update_fields=["withdrawn_after_round"])
    # Playing on again is told where the withdrawal was: that round's board is where the director looks for it.
    concerned = min((after_round if after_round is not None else before) + 1, last)
    round = entry.tournament.round_set.filter(number=concerned).first()
    if round is not None:
        RoundEvent.objects.create(round=round, action="withdraw", user=user,
                                  detail={"name": entry.player.name, "after_round": after_round})
    return entry


# --- entry fee and prizes -----------------------------------------------------------------------

MAX_PRIZES = 100  # places with a prize
MAX_CENTS = 100_000_000  # a million euros: anything above is a typing slip


def _euros(cents: int, lang: str = "de") -> str:
    return euro_text(from_cents(cents), lang=lang, grouped=False)


def _amount(cents: int) -> ByLanguage:
    """An amount as each language writes it, for a refusal either language may read."""
    return ByLanguage(lambda lang: _euros(cents, lang))


@live.write_service(kind=ChangeKind.SETTINGS)
def set_prizes(*, tournament: Tournament, entry_fee_cents: int, prizes_cents: list[int],
               over_fees_ok: bool = False) -> Tournament:
    """The entry fee and the prize list (place 1 first), in cents.

    Amounts are whole cents, none negative. The prizes may add up to more than the fees collected so
    far (fee x players checked in or seated: tournament.selectors.fee_payers) only when the director
    says so (``over_fees_ok``: a sponsor or the club adds the rest); otherwise the write is refused
    with both sums, so no prize list promises money the event has not taken in."""
    refuse_a_copy(tournament)
    amounts = [entry_fee_cents, *prizes_cents]
    if any(not isinstance(amount, int) or amount < 0 for amount in amounts):
        raise ServiceError(gettext_lazy("Nenngeld und Preise dürfen nicht negativ sein."))
    if any(amount > MAX_CENTS for amount in amounts):
        raise ServiceError(gettext_lazy("Mehr als %(most)s ist wohl ein Tippfehler."), most=_amount(MAX_CENTS))
    while prizes_cents and prizes_cents[-1] == 0:  # a zero for the last places pays nobody anything
        prizes_cents = prizes_cents[:-1]
    if len(prizes_cents) > MAX_PRIZES:
        raise ServiceError(gettext_lazy("Höchstens %(most)s Preise."), most=MAX_PRIZES)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    payers = selectors.fee_payers(tournament)
    fees, total = entry_fee_cents * payers, sum(prizes_cents)
    if total > fees and not over_fees_ok:
        raise ServiceError(gettext_lazy(
            "Die Preise (%(prizes)s) sind mehr als das Nenngeld (%(payers)s × %(fee)s = %(fees)s). Wenn das so gewollt ist "
            "(Sponsor, Zuschuss), bitte bestätigen."), prizes=_amount(total), payers=payers, fee=_amount(entry_fee_cents),
            fees=_amount(fees))
    tournament.entry_fee_cents = entry_fee_cents
    tournament.prizes_cents = list(prizes_cents)
    tournament.save(update_fields=["entry_fee_cents", "prizes_cents"])
    return tournament


@live.write_service(kind=ChangeKind.SETTINGS)
def set_money_settings(*, tournament: Tournament, stake_cents: int, kontra_to_charity: bool) -> Tournament:
    """Change what a point is worth and where the kontra money goes; the stored hands are priced again
    once this commits (scoring follows the change channel's ChangeKind.MONEY)."""
    refuse_a_copy(tournament)
    if not 0 <= stake_cents <= MAX_STAKE_CENTS:
        raise ServiceError(gettext_lazy("Cent je Punkt: 0 bis %(most)s."), most=MAX_STAKE_CENTS)
    changed = (tournament.stake_cents, tournament.kontra_to_charity) != (stake_cents, kontra_to_charity)
    tournament.stake_cents, tournament.kontra_to_charity = stake_cents, kontra_to_charity
    tournament.save(update_fields=["stake_cents", "kontra_to_charity"])
    if changed:
        live.note(tournament.pk, ChangeKind.MONEY)
    return tournament
