"""The player's own thread through a tournament: a personal link (only its token's hash is stored), the
messages queued for the player, and the addresses that unsubscribed from a kind of message."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class PersonalLink(models.Model):
    """One player's link for one tournament: from a sign-up (with its e-mail) or handed out at the desk
    for an entry. The token itself is never stored: it is derived from the installation's secret key, the
    row and its ``generation`` (players/tokens.py), so the director's list can show it again, and renewing
    (a new generation and salt) makes the old one stop working."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="personal_links")
    sign_up = models.OneToOneField("signup.SignUp", on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="personal_link")
    entry = models.OneToOneField("tournament.Entry", on_delete=models.CASCADE, null=True, blank=True,
                                 related_name="personal_link")
    token_hash = models.CharField(max_length=64, unique=True)
    salt = models.CharField(max_length=32)
    generation = models.PositiveIntegerField(default=1)
    language = models.CharField(_("Sprache"), max_length=8, default="de")
    created_at = models.DateTimeField(auto_now_add=True)
    renewed_at = models.DateTimeField(null=True, blank=True)
    # Set when the player checked in from this link (the director's list marks it and can undo it).
    self_checked_in_at = models.DateTimeField(_("selbst eingecheckt"), null=True, blank=True)

    class Meta:
        verbose_name = _("Persönlicher Link")
        verbose_name_plural = _("Persönliche Links")
        constraints = [models.CheckConstraint(condition=models.Q(sign_up__isnull=False) | models.Q(entry__isnull=False),
                                              name="personal_link_has_an_owner")]

    @property
    def email(self) -> str:
        return self.sign_up.email if self.sign_up_id else ""

    @property
    def name(self) -> str:
        return self.sign_up.name if self.sign_up_id else self.entry.player.name


class MessageKind(models.TextChoices):
    SIGNED_UP = "signed_up", _("Anmeldung erhalten")
    MOVED_UP = "moved_up", _("Von der Warteliste nachgerückt")
    SEATED = "seated", _("Platz in der Runde")
    RESULTS = "results", _("Ergebnisse veröffentlicht")
    REMINDER = "reminder", _("Erinnerung am Vortag")


class Message(models.Model):
    """A message for a player, queued when its cause commits and sent by the worker (players/outbox.py `send_message`).
    Only what it is about is stored; its text is written when it is sent or shown (players/compose.py),
    so the personal link's token is never in the database."""

    QUEUED, SENT, KEPT, RETRYING, FAILED, SKIPPED = "queued", "sent", "kept", "retrying", "failed", "skipped"
    STATUS_CHOICES = [
        (QUEUED, _("wartet")), (SENT, _("gesendet")), (KEPT, _("nicht gesendet (kein Mailserver)")),
        (RETRYING, _("Fehler, wird wiederholt")), (FAILED, _("aufgegeben")), (SKIPPED, _("abbestellt")),
    ]

    link = models.ForeignKey(PersonalLink, on_delete=models.CASCADE, related_name="messages")
    kind = models.CharField(max_length=12, choices=MessageKind.choices)
    round_number = models.PositiveSmallIntegerField(default=0)  # the round a seat message is about; 0 otherwise
    # A round seated again after its seat message went out: 1, 2 … for the corrections (players/changes.py).
    revision = models.PositiveSmallIntegerField(default=0)
    seat = models.CharField(max_length=20, blank=True)  # the seat a sent seat message told ("table/seat")
    email = models.EmailField()
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    due_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["link", "kind", "round_number", "revision"],
                                               name="one_message_per_cause")]


class Unsubscribe(models.Model):
    """An address that wants no more messages of one kind (the one-tap link at the end of each message)."""

    email = models.EmailField()
    kind = models.CharField(max_length=12, choices=MessageKind.choices)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["email", "kind"], name="one_unsubscribe_per_kind")]
