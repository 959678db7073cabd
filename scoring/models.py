"""Hands as entered at the table, what the engine made of them, and every correction.

A hand stores the interchange JSON it was entered as and the engine's full result, so it can be
re-scored and audited; HandScore holds each active player's points and cash as rows the
standings can sum in the database.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models import Entry, Round, Table


def who_label(code: str) -> str:
    """A stored "who entered it" code ("scorer", "director:<username>", "import", "demo") in the
    reader's language; the code itself never depends on the language of whoever entered the hand."""
    kind, _sep, name = code.partition(":")
    if kind == "scorer":
        return gettext("Tisch-Scorer")
    if kind == "director":
        return gettext("Turnierleitung (%(name)s)") % {"name": name} if name else gettext("Turnierleitung")
    if kind == "import":
        return gettext("Import")
    if kind == "demo":
        return gettext("Demo")
    return code


def who_did_it(by: str, username: str | None) -> str:
    """Who changed a hand or booked points, for a protocol or a printed sheet: the account when a signed-in user did
    it, else the stored code in words (who_label: "scorer" is the table scorer) or the name the venue sent."""
    return username or who_label(by)


# Who did it (a scorer's name, a director's account, the import's or the venue's word): the one limit of
# Hand.entered_by, HandRevision.by, Correction.by, a pause's by (scoring/absences.py) and the hub's document.
WHO_MAX = 120


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("Spiel"))
    dealer_position = models.PositiveSmallIntegerField()
    data = models.JSONField(help_text="the hand in the interchange format, seats 0..3 of this hand")
    result = models.JSONField(help_text="the engine's result with breakdown (exact values)")
    contract = models.CharField(max_length=30)
    entered_by = models.CharField(max_length=WHO_MAX, blank=True, help_text="a code: see who_label")
    idempotency_key = models.CharField(max_length=64, blank=True)
    version = models.PositiveIntegerField(default=1, help_text="1 when entered, +1 with every correction")
    box_euros = models.DecimalField(max_digits=10, decimal_places=2, default=0,
                                    help_text="what this hand paid into the charity box, to the cent")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        unique_together = [("table", "number")]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "idempotency_key"], condition=~models.Q(idempotency_key=""), name="hand_once_per_key"
            ),
        ]
        ordering = ["table", "number"]
        verbose_name = _("Spiel")
        verbose_name_plural = _("Spiele")

    def __str__(self) -> str:
        return f"{self.table} – Spiel {self.number}"

    @property
    def entered_by_label(self) -> str:
        return who_label(self.entered_by)


class HandScore(models.Model):
    """One active player's share of a hand: standings points and cash, in points (× stake = euros)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="hand_scores")
    # The hand's round, kept beside it (scoring.scored.score_rows sets it; a hand never changes table) so
    # the standings sum points and euros per round and entry from one covering index, without joining
    # hand, table and round for every score row (docs/benchmarks.md, "Cold standings").
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+", editable=False)
    hand_seat = models.PositiveSmallIntegerField(help_text="seat 0..3 of the hand (0 = Vorhand)")
    points = models.DecimalField(max_digits=10, decimal_places=2)
    cash = models.DecimalField(max_digits=10, decimal_places=2)
    # The part of ``cash`` that kontras moved (rules/engine/kontra.py): a charity box may collect it.
    kontra_cash = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    # What the player takes home from this hand, to the cent (scoring/settlement.py hand_money: cash x
    # stake, less the kontra share a charity box collects), fixed when the hand is stored and again
    # whenever the tournament's stake or charity box changes (scoring.services.reprice).
    euros = models.DecimalField(max_digits=10, decimal_places=2, default=0)

    class Meta:
        unique_together = [("hand", "entry")]
        indexes = [models.Index(fields=["entry", "hand"]),
                   # The standings' sums read nothing but this index (no table row).
                   models.Index(fields=["round", "entry", "points", "euros"], name="handscore_round_sums")]


class HandRevision(models.Model):
    """Who changed a hand (or removed it), when, from what to what, and why."""

    ENTERED, CORRECTED, REMOVED = "entered", "corrected", "removed"
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=12)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    by = models.CharField(max_length=WHO_MAX, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]


# What one correction may book, and how long its reason may be: the director's form and a published
# copy on the cup's site are held to the same limits.
CORRECTION_LIMIT = 1000
CORRECTION_REASON_LENGTH = 500


class Correction(models.Model):
    """Points a director books outside a hand, with the reason: a renonce claimed after the hand, a
    penalty, a ruling on a late arrival. They count for the standings in their round (not for the
    money: nobody pays them at the table, except a revoke claim, paid at the stake like its hand,
    scoring.settlement.claim_cents) and are shown on the sheets, the standings and the workbook.
    A correction is never edited or deleted: a wrong one is undone by booking the opposite.

    A revoke claim (Tirol: points lost beyond a renonce's price, claimed from the offender) is one
    booking of two rows tied to the hand: the claimant +points, the offender -points, same ``booking``."""

    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="corrections")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="corrections")
    points = models.DecimalField(_("Punkte"), max_digits=10, decimal_places=2)
    reason = models.TextField(_("Begründung"))
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="claims")
    booking = models.UUIDField(null=True, blank=True, help_text="the rows of one zero-sum booking share it")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # Who booked it where the booking came from elsewhere (a copy on the cup's site: the venue's user name; the
    # venue's users are not this site's). Empty for a booking made here (``user`` says it) or sent without it.
    by = models.CharField(max_length=WHO_MAX, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "id"]
        verbose_name = _("Punktekorrektur")
        verbose_name_plural = _("Punktekorrekturen")

    @property
    def booked_by(self) -> str:
        """Who booked it as the pages show it: the user here, the name sent with a copy, else ""."""
        return self.user.get_username() if self.user_id else self.by
