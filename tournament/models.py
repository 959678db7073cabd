"""Players, tournaments, entries, rounds, tables and seats.

Models hold data and the small rules derived from it (can a round be seated, does a table take
a scorer's writes); writes go through the services, reads through tournament/selectors.py. Hands
live in scoring/: the counters on Table (hands entered, time of the last one) are kept by scoring's
services, so the tournament core answers "is this table done?" without reading a hand."""

from __future__ import annotations

import re
import secrets
import uuid
from functools import cached_property

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine.ruleset import RuleSet
from tournament import names, variants


class Player(models.Model):
    name = models.CharField(_("Name"), max_length=names.TEXT_MAX)
    club = models.CharField(_("Verein"), max_length=names.TEXT_MAX, blank=True)
    region = models.CharField(_("Region / Cup"), max_length=names.TEXT_MAX, blank=True)
    notes = models.TextField(_("Notizen"), blank=True)
    # The name's key (tournament/names.py): who a player is is decided in tournament/players.py.
    name_key = models.CharField(max_length=names.KEY_MAX, db_index=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "club"]
        verbose_name = _("Spieler")
        verbose_name_plural = _("Spieler")

    def save(self, *args, **kwargs):
        self.name_key = names.key(self.name)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


class CustomRuleSet(models.Model):
    """A director's rule set derived from a seed one (rules/engine/custom.py), editable in the admin."""

    slug = models.SlugField(_("Kürzel"), max_length=49)
    version = models.PositiveIntegerField(_("Version"), default=1)
    name = models.CharField(_("Name"), max_length=variants.VARIANT_NAME_MAX)
    base = models.CharField(_("Grundlage"), max_length=20)
    description = models.TextField(_("Beschreibung"), blank=True)
    overrides = models.JSONField(_("Abweichungen"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("slug", "version")]
        ordering = ["slug", "-version"]
        verbose_name = _("eigenes Regelwerk")
        verbose_name_plural = _("eigene Regelwerke")

    def spec(self) -> dict:
        return {"slug": self.slug, "name": self.name, "version": self.version, "base": self.base,
                "description": self.description, "overrides": self.overrides}

    def __str__(self) -> str:
        return f"{self.name} ({self.slug} v{self.version})"


_PARSED_RULESETS: dict[tuple, RuleSet] = {}


class Tournament(models.Model):
    name = models.CharField(_("Name"), max_length=160)
    slug = models.SlugField(_("Kürzel"), unique=True)
    date = models.DateField(_("Datum"))
    venue = models.CharField(_("Ort"), max_length=160, blank=True)
    # The rules it is played under, frozen: editing a rule set never changes a past event.
    ruleset_slug = models.CharField(max_length=49)
    ruleset_version = models.PositiveIntegerField()
    ruleset_snapshot = models.JSONField()
    stake_cents = models.PositiveIntegerField(_("Cent je Punkt"), default=10)
    # Some cups collect the money kontras move in a charity box instead of paying it to the winners.
    kontra_to_charity = models.BooleanField(_("Kontra-Geld in die Spendenkassa"), default=False)
    rounds = models.PositiveSmallIntegerField(_("Runden"), default=3)
    hands_at_four = models.PositiveSmallIntegerField(_("Spiele am Vierertisch"), default=16)
    hands_at_five = models.PositiveSmallIntegerField(_("Spiele am Fünfertisch"), default=20)
    tables_of_five = models.BooleanField(_("Fünfertische erlaubt"), default=True)
    # Tables of six (two sit out each hand: the dealer and the one opposite, as ABAKUS plays them, events.md) seat
    # the counts fours and fives cannot (6, 11); no seed text has them, so the director allows them (docs/rules, "Byes").
    tables_of_six = models.BooleanField(_("Sechsertische erlaubt"), default=False)
    # The last preliminary round seated by the standings, best four at table 1 (ABAKUS "nach Reihung"), not drawn.
    last_round_by_standings = models.BooleanField(_("letzte Runde nach Reihung setzen"), default=False)
    # Minutes a round may take from its seating (RuleSet.format.time_limit_minutes, else the director's); none: no clock.
    time_limit_minutes = models.PositiveSmallIntegerField(_("Zeitlimit je Runde (Minuten)"), null=True, blank=True)
    final_round_top = models.PositiveSmallIntegerField(_("Finalrunde: beste"), default=0)
    final_round_carry_percent = models.PositiveSmallIntegerField(_("Finalrunde: übernommene Punkte (%)"), default=50)
    tie_breaks = models.JSONField(default=list)
    # What each player pays to play, and the prizes by final rank (rank 1 first), in cents: set by the director
    # (services.set_prizes), paid out in the settlement (scoring/settlement.py), never mixed into the tables' money.
    entry_fee_cents = models.PositiveIntegerField(_("Nenngeld (Cent)"), default=0)
    prizes_cents = models.JSONField(_("Preise nach Rang (Cent)"), default=list, blank=True)
    # Bumped in the same transaction as every write that changes what the live pages show (a hand, an entry, a
    # round): the public pages cache their standings under it and the incarnation (tournament/live.py).
    live_version = models.PositiveIntegerField(default=0, editable=False)
    # This life of the tournament, new when it is re-created under its slug or its database restored (renewed by
    # services.renew_incarnations): the cup's site tells the venue's newer truth from a replayed old request by it.
    incarnation = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    is_copy = models.BooleanField(default=False, editable=False, help_text="a copy of a tournament run elsewhere: read only")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")
        # The tournament director's role, held per tournament (docs/roles.md).
        permissions = [("direct_tournament", _("Turnier leiten"))]

    def __str__(self) -> str:
        return self.name

    @cached_property
    def ruleset(self) -> RuleSet:
        # The snapshot never changes once a tournament exists, so it is parsed once per process.
        key = (self.pk, self.ruleset_slug, self.ruleset_version, self.created_at)
        ruleset = _PARSED_RULESETS.get(key)
        if ruleset is None:
            ruleset = _PARSED_RULESETS[key] = RuleSet.from_plain(self.ruleset_snapshot)
        return ruleset

    @property
    def ruleset_label(self) -> str:
        """The rule set's name as every page shows it, a club's own variant (no rule set the site ships) marked."""
        from rules.rulesets import BUILTIN
        name = self.ruleset.name
        return name if self.ruleset_slug in BUILTIN else gettext("%(name)s (eigenes Regelwerk)") % {"name": name}

    @property
    def has_final(self) -> bool:
        return self.final_round_top > 0

    def seats_by_standings(self, round_number: int) -> bool:
        """Whether round ``round_number`` is seated by the standings: a final always, the last
        preliminary round where the director chose "nach Reihung"."""
        return round_number > self.rounds or (self.last_round_by_standings and round_number == self.rounds > 1)

    def hands_for(self, table_size: int) -> int:
        """Hands planned at a table: everyone plays as many as at four. At six two sit out each hand,
        so 16 at four are 24 at six (each of the six deals four times and plays 16)."""
        if table_size == 6:
            return self.hands_at_four * 6 // 4
        return self.hands_at_five if table_size == 5 else self.hands_at_four

    @property
    def table_sizes_allowed(self) -> dict[str, bool]:
        """The table sizes this tournament seats, as the seating functions take them."""
        return {"allow_five": self.tables_of_five, "allow_six": self.tables_of_six}

    @property
    def table_sizes(self) -> tuple[int, ...]:
        return (4,) + ((5,) if self.tables_of_five else ()) + ((6,) if self.tables_of_six else ())

    def round_label(self, number: int) -> str:
        return round_label(number, is_final=self.has_final and number > self.rounds)


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    checked_in = models.BooleanField(_("anwesend"), default=False)
    withdrawn_after_round = models.PositiveSmallIntegerField(_("ausgeschieden nach Runde"), null=True, blank=True)
    # Drawn once per tournament and kept, so the last tie-break ("Los") can be shown and audited.
    lot = models.PositiveIntegerField(_("Los"), null=True, blank=True)
    # A "Springer" seated instead of a bye (events.md): he plays, the others' hands count, he is not ranked.
    substitute = models.BooleanField(_("Springer"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("tournament", "player")]
        ordering = ["player__name"]
        verbose_name = _("Teilnahme")
        verbose_name_plural = _("Teilnahmen")

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn_after_round is None or round_number <= self.withdrawn_after_round


def round_label(number: int, *, is_final: bool) -> str:
    """"Runde 2" or "Finalrunde": how every page, sheet and workbook names a round."""
    return gettext("Finalrunde") if is_final else gettext("Runde %(n)s") % {"n": number}


class Round(models.Model):
    PLANNED, SEATED, RUNNING, CLOSED = "planned", "seated", "running", "closed"
    STATUS_CHOICES = [(PLANNED, _("geplant")), (SEATED, _("gesetzt")), (RUNNING, _("läuft")), (CLOSED, _("abgeschlossen"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("Runde"))
    status = models.CharField(_("Status"), max_length=10, choices=STATUS_CHOICES, default=PLANNED)
    is_final = models.BooleanField(_("Finalrunde"), default=False)
    seed = models.CharField(_("Auslosung (Seed)"), max_length=40, blank=True)
    repeats = models.PositiveIntegerField(_("wiederholte Begegnungen"), default=0)
    five_table_repeats = models.PositiveIntegerField(default=0)
    seated_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        unique_together = [("tournament", "number")]
        ordering = ["tournament", "number"]
        verbose_name = _("Runde")
        verbose_name_plural = _("Runden")

    def __str__(self) -> str:
        return f"{self.tournament} – {self.number}. Runde"

    @property
    def is_open(self) -> bool:
        return self.status in (self.SEATED, self.RUNNING)

    @property
    def can_seat(self) -> bool:
        """A round is (re)drawn only before its first hand: the first hand makes it RUNNING."""
        return self.status in (self.PLANNED, self.SEATED)

    @property
    def can_close(self) -> bool:
        return self.is_open

    @property
    def can_reopen(self) -> bool:
        return self.status == self.CLOSED

    @property
    def label(self) -> str:
        return round_label(self.number, is_final=self.is_final)


REASON_MAX = 500  # why a table ended or a round reopened (RoundEvent.reason): forms, inputs, the hub's document


class RoundEvent(models.Model):
    """Audit trail of what a director did to a round (seat, close, reopen with its reason, end a table)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(max_length=20)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]


def new_token() -> str:
    return secrets.token_urlsafe(18)


TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{1,40}")


def looks_like_token(text: str) -> bool:
    """Could ``text`` be a table's token? Anything else (a NUL byte, a slash) never reaches the database."""
    return bool(TOKEN_FORM.fullmatch(text))


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("Tisch"))
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)
    hands_planned = models.PositiveSmallIntegerField(_("Spiele geplant"))
    ended_early = models.BooleanField(_("vorzeitig beendet"), default=False)
    confirmed_at = models.DateTimeField(_("bestätigt"), null=True, blank=True)
    confirmed_by = models.CharField(_("bestätigt von"), max_length=200, blank=True)
    # Bumped by every write to the table's hands: an edit made on a stale page is refused.
    version = models.PositiveIntegerField(default=0)
    # Kept by scoring.services in the same transaction as the hands themselves.
    hands_entered = models.PositiveSmallIntegerField(_("Spiele eingetragen"), default=0)
    # Drawn at the table before the first hand (Platz - 1); the deal passes on from there.
    first_dealer = models.PositiveSmallIntegerField(_("erster Geber"), default=0)
    # Whether the table recorded its draw (the rule set's table_draw): until then the page preselects
    # nobody, and the first dealer is Platz 1 only as a default.
    first_dealer_drawn = models.BooleanField(_("am Tisch gelost"), default=False)
    last_hand_at = models.DateTimeField(null=True, blank=True)
    # Paused or gone during the round (events.md): scoring.seats.Absence records, written by scoring only for
    # hands not yet stored, so a stored hand's players never change.
    absences = models.JSONField(_("Pausen und Abgänge"), default=list, blank=True)

    class Meta:
        unique_together = [("round", "number")]
        ordering = ["round", "number"]
        verbose_name = _("Tisch")
        verbose_name_plural = _("Tische")

    def __str__(self) -> str:
        return f"Tisch {self.number} ({self.round})"

    @property
    def hands_missing(self) -> int:
        return 0 if self.ended_early else max(self.hands_planned - self.hands_entered, 0)

    @property
    def is_complete(self) -> bool:
        """Every planned hand is in, or the director ended play here."""
        return self.hands_missing == 0

    @property
    def hands_counted(self) -> int:
        """Hands this table contributes to its round: all planned, or those played before it ended."""
        return self.hands_entered if self.ended_early else self.hands_planned

    @property
    def is_playing(self) -> bool:
        """Still at the cards: the round is open and hands are missing."""
        return self.round.is_open and not self.is_complete

    @property
    def scorer_lock(self) -> str | None:
        """Why the scorer's link may not write hands here: "copy" (of a tournament run elsewhere: nobody writes), "round"
        (not open), "ended" (by the director) or "confirmed" (by the players); None when it may. The rest is the director's."""
        return ("copy" if self.round.tournament.is_copy else "round" if not self.round.is_open
                else "ended" if self.ended_early else "confirmed" if self.confirmed_at else None)


class Seat(models.Model):
    """A player's place at a table; positions run in the rule set's direction of play (the table card
    draws them so), and the deal passes from each position to the next."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        unique_together = [("table", "position"), ("table", "entry")]
        ordering = ["table", "position"]

    def __str__(self) -> str:
        return f"{self.entry.player} @ {self.table} #{self.position}"


class Team(models.Model):
    """A team (Mannschaft) of players registered for one tournament; its total is the sum of its
    members' totals (ABAKUS ``showTurnierMT.js``). Written by tournament/teams.py."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("Mannschaft"), max_length=120)  # the one limit: teams.MAX_NAME, the hub's TeamPart read it
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="tournament_team_name_once")]
        verbose_name = _("Mannschaft")
        verbose_name_plural = _("Mannschaften")

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player's entry in a team: one entry belongs to at most one team, so a player plays for one team per tournament."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="team_membership")

    class Meta:
        ordering = ["team", "entry"]
        verbose_name = _("Mannschaftsmitglied")
        verbose_name_plural = _("Mannschaftsmitglieder")

    def __str__(self) -> str:
        return f"{self.entry.player} – {self.team}"

    def clean(self):
        from django.core.exceptions import ValidationError

        if self.entry_id and self.team_id and self.entry.tournament_id != self.team.tournament_id:
            raise ValidationError({"entry": _("Der Spieler spielt nicht in diesem Turnier.")})


class Bye(models.Model):
    """A player present for a round who sits it out because the count fits no tables (events.md): ``points`` is what
    the bye scored, the rule set's value (RuleSet.format.bye_points), kept with the round so the standings show it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="byes")
    points = models.DecimalField(_("Punkte"), max_digits=10, decimal_places=2, default=0)

    class Meta:
        unique_together = [("round", "entry")]
        ordering = ["round", "entry"]
        verbose_name = _("Freilos")
        verbose_name_plural = _("Freilose")

    def __str__(self) -> str:
        return f"{self.entry.player} – Freilos {self.round}"
