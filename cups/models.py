"""Cups, their seasons, the tournaments of a season and results imported from past seasons.

The three built-in schemes live in code (cups/schemes.py); a cup's own table scheme is a CupScheme row.
Writes go through cups/services.py and cups/imports.py, reads through cups/selectors.py.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cups import schemes
from cups.season import (
    FINAL_DECIDES,
    FINAL_DOUBLE,
    FINAL_NONE,
    FINAL_ON_TOP,
    FINAL_PLUS,
    TIE_ABAKUS_FIXED,
    TIE_ABAKUS_HEINE,
    TIE_PROJECT,
)
from cups.season_rules import COUNT_BY_RULE, COUNT_FIXED, COUNT_FROM_CUP
from tournament.players import key as club_key


class CupScheme(models.Model):
    """A director's own scheme: cup points by rank, stored as data (kind ``table``)."""

    key = models.SlugField(_("Kürzel"), max_length=40, unique=True)
    name = models.CharField(_("Name"), max_length=120)
    numbers = models.JSONField(_("Punkte je Rang"), default=list,
                               help_text=_("Cuppunkte für Rang 1, 2, 3 …; spätere Ränge bekommen 0."))
    source = models.CharField(_("Quelle"), max_length=200, blank=True)

    class Meta:
        ordering = ["key"]
        verbose_name = _("Cup-Wertung")
        verbose_name_plural = _("Cup-Wertungen")

    def __str__(self) -> str:
        return f"{self.name} ({self.key})"

    def clean(self):
        if self.key in schemes.BUILTIN:
            raise ValidationError({"key": _("Dieses Kürzel gehört einer eingebauten Wertung.")})
        try:
            self.scheme()
        except (TypeError, ValueError) as err:
            raise ValidationError({"numbers": _("Eine Liste nicht negativer ganzer Zahlen, Rang 1 zuerst.")}) from err

    def scheme(self) -> schemes.Scheme:
        return schemes.table_scheme(self.key, self.name, self.numbers, self.source)


class Cup(models.Model):
    FINAL_CHOICES = [
        (FINAL_NONE, _("kein eigenes Finale")),
        (FINAL_PLUS, _("Finale zählt zusätzlich zu den besten Ergebnissen")),
        (FINAL_DOUBLE, _("Finale zählt doppelt")),
        (FINAL_DECIDES, _("Finale entscheidet")),
    ]

    name = models.CharField(_("Name"), max_length=160)
    slug = models.SlugField(_("Kürzel"), unique=True)
    scheme = models.CharField(pgettext_lazy("cup scheme", "Wertung"), max_length=40, default="fixed",
                              help_text=_("cube, fixed, heine oder das Kürzel einer eigenen Cup-Wertung"))
    ruleset_slug = models.CharField(_("Regelwerk (Vorgabe)"), max_length=49, blank=True)
    region = models.CharField(_("Region"), max_length=120, blank=True)
    best_n = models.PositiveSmallIntegerField(_("gewertete Ergebnisse (statt der Regel)"), null=True, blank=True)
    final_mode = models.CharField(_("Finale"), max_length=10, choices=FINAL_CHOICES, default=FINAL_NONE)
    # Some cups' finals (ABAKUS getCupPunkte, fixed points) take points off: ranks beyond 50 and the
    # season's players who stay away from the final (cups/season.py final_points, no_show_result).
    # The cup's site takes published tournaments only under the rule sets it knows, unless the cup
    # plays a rule set of its own (publishing/checks.py hub_ruleset); such tournaments say so on every page.
    custom_rulesets = models.BooleanField(
        _("eigene Regelwerke zulassen"), default=False,
        help_text=_("Turnierorte dürfen Turniere mit einem eigenen (geänderten) Regelwerk veröffentlichen."))
    final_penalties = models.BooleanField(
        _("Minuspunkte im Finale"), default=False,
        help_text=_("Rang über 50 im Finale: 50 − Rang; wer nicht zum Finale kommt: 49 − Finalisten (höchstens 0). "
                    "Nur wenn das Finale zusätzlich oder doppelt zählt."))
    # Qualification (docs/sources/season.md "Qualification and sub-rankings"; migration 0006).
    min_tournaments = models.PositiveSmallIntegerField(
        _("Mindestzahl an Turnieren"), null=True, blank=True,
        help_text=_("Wer weniger Turniere der Saison spielt, ist nicht qualifiziert (etwa 4 für das Ö-Finale)."))
    final_qualifiers = models.PositiveSmallIntegerField(
        _("Qualifizierte für das Finale"), null=True, blank=True,
        help_text=_("So viele der qualifizierten Spieler der Saisonwertung kommen ins Finale."))
    qualifies_for = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="member_cups",
        verbose_name=_("qualifiziert für"),
        help_text=_("Ein Finale, das aus mehreren Cups schöpft (das Ö-Finale): wer hier qualifiziert ist, ist dort dabei."))
    abakus_number = models.CharField(_("ABAKUS-Nummer"), max_length=10, blank=True,
                                     help_text=_("Nummer des Cups in ABAKUS (import_abakus)."))

    class Meta:
        ordering = ["name"]
        verbose_name = _("Cup")
        verbose_name_plural = _("Cups")
        # The cup organiser's role, held per cup (docs/roles.md).
        permissions = [("manage_cup", _("Cup organisieren: Saisonen, Turniere, Importe, Schlüssel"))]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        if self.scheme not in schemes.BUILTIN and not CupScheme.objects.filter(key=self.scheme).exists():
            raise ValidationError({"scheme": _("Unbekannte Wertung.")})
        if self.final_penalties and self.final_mode not in FINAL_ON_TOP:
            raise ValidationError({"final_penalties": _(
                "Minuspunkte im Finale gibt es nur, wenn das Finale zusätzlich oder doppelt zählt.")})


def season_slug(label: str) -> str:
    """"2026/27" -> "2026-27": the season's part of its page address."""
    return slugify(label.replace("/", "-"))


class Season(models.Model):
    """A season of a cup. Its rules (migration 0007) default from the cup: empty fields follow the cup
    (cups/season_rules.py ``rules_of``); an imported ABAKUS season sets them all as ABAKUS decided them."""

    COUNTING_CHOICES = [
        (COUNT_FROM_CUP, _("wie der Cup")),
        (COUNT_BY_RULE, _("nach der Zahl der Turniere (die Hälfte)")),
        (COUNT_FIXED, _("eine feste Zahl")),
    ]
    TIE_CHOICES = [
        (TIE_PROJECT, _("besserer bester Rang, dann mehr Teilnahmen")),
        (TIE_ABAKUS_FIXED, _("wie ABAKUS (Fixpunkte): gewichtete Summe der gewerteten Ergebnisse, dann Teilnahmen")),
        (TIE_ABAKUS_HEINE, _("wie ABAKUS (Heinewertung): gleicher Rang bei gleichen Punkten")),
    ]

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="seasons")
    label = models.CharField(_("Saison"), max_length=20, help_text=_("etwa 2026/27"))
    slug = models.SlugField(_("Kürzel"), max_length=20, editable=False)
    ordering = models.PositiveIntegerField(_("Reihenfolge"), default=0,
                                           help_text=_("höher = neuer; die neueste Saison ist die aktuelle"))
    scheme = models.CharField(pgettext_lazy("cup scheme", "Wertung"), max_length=40, blank=True,
                              help_text=_("leer: die Wertung des Cups"))
    counting = models.CharField(_("gewertete Ergebnisse"), max_length=10, blank=True, choices=COUNTING_CHOICES)
    best_n = models.PositiveSmallIntegerField(_("Zahl der gewerteten Ergebnisse"), null=True, blank=True)
    final_mode = models.CharField(_("Finale"), max_length=10, blank=True, choices=[("", _("wie der Cup")),
                                                                                 *Cup.FINAL_CHOICES])
    final_penalties = models.BooleanField(_("Minuspunkte im Finale"), null=True, blank=True)
    min_tournaments = models.PositiveSmallIntegerField(_("Mindestzahl an Turnieren"), null=True, blank=True,
                                                       help_text=_("leer: wie der Cup; 0: keine"))
    final_qualifiers = models.PositiveSmallIntegerField(_("Qualifizierte für das Finale"), null=True, blank=True,
                                                        help_text=_("leer: wie der Cup; 0: keine"))
    tie_rule = models.CharField(_("bei gleichen Punkten"), max_length=20, blank=True, choices=TIE_CHOICES)

    class Meta:
        unique_together = [("cup", "label"), ("cup", "slug")]
        ordering = ["cup", "-ordering", "-label"]
        verbose_name = _("Saison")
        verbose_name_plural = _("Saisonen")

    def save(self, *args, **kwargs):
        self.slug = season_slug(self.label)
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.cup} {self.label}"

    def clean(self):
        if not season_slug(self.label):  # the season's page address: a label of signs only has none
            raise ValidationError({"label": _("Die Saison braucht Buchstaben oder Ziffern, etwa 2026/27.")})
        if self.scheme and self.scheme not in schemes.BUILTIN and not CupScheme.objects.filter(key=self.scheme).exists():
            raise ValidationError({"scheme": _("Unbekannte Wertung.")})
        if self.counting == COUNT_FIXED and not self.best_n:
            raise ValidationError({"best_n": _("Wie viele Ergebnisse zählen?")})


class SeasonTournament(models.Model):
    """A tournament of this site counted in a season; a tournament belongs to at most one season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="tournaments")
    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="cup_season")
    is_final = models.BooleanField(_("Cup-Finale"), default=False)

    class Meta:
        ordering = ["tournament__date", "tournament__name"]
        verbose_name = _("Turnier der Saison")
        verbose_name_plural = _("Turniere der Saison")

    def __str__(self) -> str:
        return f"{self.season}: {self.tournament}"


class ImportedResult(models.Model):
    """One line of a past tournament's final standings, imported (cups/imports.py)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="imported_results")
    tournament_name = models.CharField(_("Turnier"), max_length=160)
    date = models.DateField(_("Datum"))
    rank = models.PositiveIntegerField(_("Rang"))
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="imported_results")
    club = models.CharField(_("Verein"), max_length=120, blank=True)
    total = models.DecimalField(_("Punkte"), max_digits=10, decimal_places=2)
    rounds = models.JSONField(_("Punkte je Runde"), default=list, blank=True)  # ABAKUS: None for a missed round
    is_final = models.BooleanField(_("Cup-Finale"), default=False)
    team = models.CharField(_("Team"), max_length=60, blank=True)  # ABAKUS team cups (TYP "MT"), migration 0007
    organiser = models.CharField(_("Veranstalter"), max_length=160, blank=True)

    class Meta:
        ordering = ["date", "tournament_name", "rank"]
        constraints = [models.UniqueConstraint(fields=["season", "tournament_name", "date", "player"],
                                               name="cups_imported_once_per_player")]
        verbose_name = _("importiertes Ergebnis")
        verbose_name_plural = _("importierte Ergebnisse")

    def __str__(self) -> str:
        return f"{self.tournament_name} {self.date}: {self.rank}. {self.player}"


class PlayerMerge(models.Model):
    """Audit of a merge of two player records (cups/players.py merge_players): who, when, what moved."""

    keep = models.ForeignKey("tournament.Player", on_delete=models.SET_NULL, null=True, related_name="merges")
    duplicate_id = models.PositiveIntegerField(_("Nummer des Duplikats"))
    duplicate_name = models.CharField(_("Name des Duplikats"), max_length=120)
    duplicate_club = models.CharField(_("Verein des Duplikats"), max_length=120, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    merged_at = models.DateTimeField(_("zusammengeführt am"), auto_now_add=True)
    tournaments = models.JSONField(_("übernommene Turniere"), default=list)
    imported_results = models.PositiveIntegerField(_("übernommene importierte Ergebnisse"), default=0)

    class Meta:
        ordering = ["-merged_at", "-pk"]
        verbose_name = _("Zusammenführung")
        verbose_name_plural = _("Zusammenführungen")

    def __str__(self) -> str:
        return f"{self.duplicate_name} ({self.duplicate_id}) -> {self.keep}"


class SubRanking(models.Model):
    """A season sub-ranking of a cup (the Wiener cup's "Out of Vienna"): the cup's tournaments and/or players
    that fit its words, ranked like the season (cups/selectors.py ``season_standings(season, sub=)``)."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="sub_rankings")
    slug = models.SlugField(_("Kürzel"), max_length=40)
    name = models.CharField(_("Name"), max_length=120)
    include_word = models.CharField(
        _("nur Turniere mit"), max_length=60, blank=True,
        help_text=_("Nur Turniere, deren Name oder Ort dieses Wort enthält (leer: alle)."))
    exclude_word = models.CharField(
        _("ohne Turniere mit"), max_length=60, blank=True,
        help_text=_("Turniere, deren Name oder Ort dieses Wort enthält, zählen nicht (etwa „Wien“)."))
    club_word = models.CharField(
        _("nur Spieler aus"), max_length=60, blank=True,
        help_text=_("Nur Spieler, deren Verein oder Region dieses Wort enthält (leer: alle)."))
    min_tournaments = models.PositiveSmallIntegerField(_("Mindestzahl an Turnieren"), null=True, blank=True)

    class Meta:
        ordering = ["cup", "name"]
        unique_together = [("cup", "slug")]
        verbose_name = _("Teilwertung")
        verbose_name_plural = _("Teilwertungen")

    def __str__(self) -> str:
        return f"{self.cup}: {self.name}"

    def takes_tournament(self, name: str, venue: str = "") -> bool:
        text = f"{name} {venue}".casefold()
        if self.include_word and self.include_word.casefold() not in text:
            return False
        return not (self.exclude_word and self.exclude_word.casefold() in text)

    def takes_player(self, club: str, region: str = "") -> bool:
        """Whether a player of ``club`` (``region``) counts here: every word of ``club_word`` stands in the club
        or region as the house compares clubs (tournament/players.py ``key``, as the teams and the club ranking
        do), so "Wörgl" takes "TC Woergl" and "TC WÖRGL" alike, and "Wien" still takes "Wiener Tarockrunde"."""
        if not self.club_word:
            return True
        held = club_key(f"{club} {region}")
        return all(word in held for word in club_key(self.club_word).split())


class AbakusNumber(models.Model):
    """A player's number in ABAKUS (import_abakus): a later import finds him by it."""

    number = models.CharField(_("ABAKUS-Nummer"), max_length=20, unique=True)
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="abakus_numbers")
    # ABAKUS's flag 2 (loadCUPS.js isVERSTORBEN): kept out of the player search's suggestions (migration 0007)
    deceased = models.BooleanField(_("verstorben"), default=False)

    class Meta:
        ordering = ["number"]
        verbose_name = _("ABAKUS-Nummer")
        verbose_name_plural = _("ABAKUS-Nummern")

    def __str__(self) -> str:
        return f"{self.number}: {self.player}"


class SeasonSummary(models.Model):
    """What the cup overview shows of a season (its size, its winners and their points), stored under the
    version of everything its ranking is made of (cups/summaries.py): a summary whose version is not the
    season's current one is ranked anew, so no write has to remember it (migration 0008, issue 30 point 7)."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="summary")
    version = models.CharField(max_length=64)
    tournaments = models.PositiveIntegerField(default=0)
    players = models.PositiveIntegerField(default=0)
    winners = models.JSONField(default=list)  # the keys (player ids) of rank 1, in the ranking's order
    points = models.JSONField(null=True)  # the winners' points (a number)

    class Meta:
        verbose_name = _("Saisonübersicht")
        verbose_name_plural = _("Saisonübersichten")

    def __str__(self) -> str:
        return f"{self.season}: {self.version}"


class SeasonRanking(models.Model):
    """A season's whole ranking (its columns and every row's results, counted or not), stored under the same
    version as its SeasonSummary (cups/summaries.py): the season page reads it instead of ranking the season
    again, and a stale one is ranked anew (cups/rankings.py; migration 0010, issue 30 point 7). Names and
    clubs are not stored: they are read when the page is shown."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="stored_ranking")
    version = models.CharField(max_length=64)
    document = models.JSONField(default=dict)

    class Meta:
        verbose_name = _("Gespeicherte Saisonwertung")
        verbose_name_plural = _("Gespeicherte Saisonwertungen")

    def __str__(self) -> str:
        return f"{self.season}: {self.version}"


class CupDate(models.Model):
    """A coming date of a cup that has no tournament on the site yet: ABAKUS's ``CUPS/TERMINE`` (import_abakus).
    The calendar lists it until a tournament of the cup's season on that day takes its place (migration 0009)."""

    cup = models.ForeignKey(Cup, on_delete=models.CASCADE, related_name="dates")
    date = models.DateField(_("Datum"))
    name = models.CharField(_("Name"), max_length=160, blank=True)
    begins = models.CharField(_("Beginn"), max_length=20, blank=True)

    class Meta:
        ordering = ["date", "name"]
        constraints = [models.UniqueConstraint(fields=["cup", "date", "name"], name="cups_date_once")]
        verbose_name = _("Termin")
        verbose_name_plural = _("Termine")

    def __str__(self) -> str:
        return f"{self.cup} {self.date}: {self.name}"
