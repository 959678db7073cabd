"""The Österreich-Rangliste as stored: each rated tournament's final ranks (taken when it is published), the
ratings and their history from the newest recomputation, and the origins a cup lets frame its pages.

Writes go through rating/services.py, reads through rating/selectors.py.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RatedPlacing(models.Model):
    """A player's final rank in a finished tournament of a cup, taken when the tournament is published (or by
    ``manage.py rating --rebuild``). Bound to the entry, so a merge of two player records carries it along."""

    entry = models.OneToOneField("tournament.Entry", on_delete=models.CASCADE, related_name="rated_placing")
    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="rated_placings")
    rank = models.PositiveIntegerField(_("Rang"))

    class Meta:
        verbose_name = _("gewerteter Rang")
        verbose_name_plural = _("gewertete Ränge")


class RatingRun(models.Model):
    """One recomputation of the whole list: as of which tournament, by which method, how long it took."""

    computed_at = models.DateTimeField(_("berechnet am"), auto_now_add=True)
    as_of = models.DateField(_("Stand"), null=True)
    as_of_event = models.CharField(_("neuestes Turnier"), max_length=200, blank=True)
    method = models.CharField(_("Verfahren"), max_length=200)
    events = models.PositiveIntegerField(_("Turniere"), default=0)
    players = models.PositiveIntegerField(_("Spieler"), default=0)
    seconds = models.FloatField(_("Sekunden"), default=0)

    class Meta:
        ordering = ["-computed_at", "-pk"]
        verbose_name = _("Berechnung der Rangliste")
        verbose_name_plural = _("Berechnungen der Rangliste")


class Rating(models.Model):
    """A player's place in the newest recomputation, with every step of its history (for the chart)."""

    player = models.OneToOneField("tournament.Player", on_delete=models.CASCADE, related_name="rating")
    rank = models.PositiveIntegerField(_("Platz"))
    value = models.FloatField(_("Wertung"))
    mu = models.FloatField()
    sigma = models.FloatField()
    tournaments = models.PositiveIntegerField(_("Turniere"))
    last_date = models.DateField(_("letztes Turnier"))
    # [[date ISO, tournament name, rank, field, rating after], ...] oldest first
    history = models.JSONField(default=list)

    class Meta:
        ordering = ["rank", "pk"]
        verbose_name = _("Wertung")
        verbose_name_plural = _("Wertungen")


class RatingCup(models.Model):
    """A cup a rated player played in (the list's cup and region filters)."""

    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="rating_cups")
    cup = models.ForeignKey("cups.Cup", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "cup"], name="rating_cup_once")]


class FrameOrigins(models.Model):
    """The websites (origins) a cup's organiser lets show the cup's standings and calendar in a frame."""

    cup = models.OneToOneField("cups.Cup", on_delete=models.CASCADE, related_name="frame_origins")
    origins = models.TextField(
        _("erlaubte Websites"), blank=True,
        help_text=_("Eine Adresse je Zeile, etwa https://www.tarockclub.at; nur diese dürfen die Tabelle einbetten."))

    class Meta:
        verbose_name = _("Einbettung")
        verbose_name_plural = _("Einbettungen")

    def __str__(self) -> str:
        return str(self.cup)

    def clean(self):
        from django.core.exceptions import ValidationError

        from hall.csp import frame_origin

        wrong = [line.strip() for line in self.origins.splitlines() if line.strip() and frame_origin(line) is None]
        if wrong:
            raise ValidationError({"origins": _("Keine Website-Adresse wie https://www.tarockclub.at: %(lines)s")
                                   % {"lines": ", ".join(wrong)}})

    def listed(self) -> list[str]:
        return [line.strip() for line in self.origins.splitlines() if line.strip()]
