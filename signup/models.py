"""Players signing up online for a coming tournament (issue: the cup online): a tournament's
registration (open or not, a deadline, a cap) and each sign-up, its place and what became of it."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import names


class Registration(models.Model):
    """A tournament's online registration. Its row is what sign-ups lock, so two phones cannot both
    take the last place."""

    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="registration")
    is_open = models.BooleanField(_("Anmeldung offen"), default=True)
    deadline = models.DateTimeField(_("Anmeldeschluss"))
    cap = models.PositiveIntegerField(_("Plätze"), null=True, blank=True, help_text=_("leer = ohne Grenze"))

    def why_closed(self) -> str | None:
        """Why nobody can sign up now: "closed" by the director, or the "deadline" has passed; None while
        sign-ups are taken (the sign-up service refuses by it, the page shows the form by it)."""
        if not self.is_open:
            return "closed"
        return "deadline" if timezone.now() > self.deadline else None


class SignUp(models.Model):
    REGISTERED, WAITING, CONFIRMED, CHECKED_IN, CANCELLED = "registered", "waiting", "confirmed", "checked_in", "cancelled"
    STATUS_CHOICES = [
        (REGISTERED, _("angemeldet")), (WAITING, _("Warteliste")), (CONFIRMED, _("bestätigt")),
        (CHECKED_IN, _("anwesend")), (CANCELLED, _("abgemeldet")),
    ]
    HOLDS_A_PLACE = (REGISTERED, CONFIRMED, CHECKED_IN)

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="sign_ups")
    name = models.CharField(_("Name"), max_length=names.TEXT_MAX)
    club = models.CharField(_("Verein"), max_length=names.TEXT_MAX, blank=True)
    email = models.EmailField(_("E-Mail"), blank=True)
    name_key = models.CharField(max_length=names.KEY_MAX, editable=False)
    # The known player this is (matched by name and club, or chosen by the director); none for a newcomer.
    player = models.ForeignKey("tournament.Player", on_delete=models.SET_NULL, null=True, blank=True)
    status = models.CharField(_("Status"), max_length=12, choices=STATUS_CHOICES, default=REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("Anmeldung")
        verbose_name_plural = _("Anmeldungen")

    def save(self, *args, **kwargs):
        # Kept like Player.name_key, so "is this person signed up already" is the players' rule
        # (tournament/players.py find_player over the tournament's sign-ups).
        self.name_key = names.key(self.name)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


class SignUpAttempt(models.Model):
    """One sign-up sent from an address (a hash of it): the flood limit counts these in the database,
    so every server process sees the same count."""

    address = models.CharField(max_length=64, db_index=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
