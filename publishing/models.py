"""Publishing a venue's tournament to the cup's site (docs/sources/events.md, "Publishing").

On the hub: the tokens a cup hands to its venues (only a hash is stored) and, per received
tournament, which cup it came in for and how new the copy is. On the venue laptop: where a
tournament publishes to, and every attempt with its outcome, for the director's page.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from language import render
from publishing import outcomes

# What the hub's answer says about its copy's state (publishing/hub/receive.py, with the copy's sequence),
# and what the venue records of it for the director's page (PublishAttempt.kind, .hub_sequence).
REPLACED = "replaced"  # taken: the hub had another incarnation's state (a restore, a re-created tournament)
HUB_NEWER = "hub_newer"  # refused: the hub has a later state of this incarnation (a database copied back by hand)
RETIRED = "retired"  # refused: this incarnation was replaced on the hub already


class PublishToken(models.Model):
    """A hub token: it may publish tournaments into its cup's seasons and nothing else."""

    cup = models.ForeignKey("cups.Cup", on_delete=models.CASCADE, related_name="publish_tokens")
    name = models.CharField(_("Name"), max_length=120, blank=True)
    # The token is "<prefix>.<secret>": the prefix finds the row, only the secret's SHA-256 is kept, so a
    # copy of the database publishes nothing.
    prefix = models.CharField(max_length=16, unique=True)
    digest = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(_("widerrufen"), null=True, blank=True)

    class Meta:
        ordering = ["cup", "-created_at"]
        verbose_name = _("Veröffentlichungs-Schlüssel")
        verbose_name_plural = _("Veröffentlichungs-Schlüssel")

    def __str__(self) -> str:
        return f"{self.cup} – {self.name or self.prefix}"


class PublishedCopy(models.Model):
    """A tournament on the hub that a venue published: the cup it came in for, and the venue's
    version of it, so an older or replayed request never overwrites a newer copy. The version is the
    venue tournament's incarnation and its sequence in that incarnation: a new incarnation (a restore,
    a re-created tournament) replaces the copy whatever its sequence, a retired one is refused."""

    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="published_copy")
    cup = models.ForeignKey("cups.Cup", on_delete=models.CASCADE, related_name="published_copies")
    token = models.ForeignKey(PublishToken, on_delete=models.SET_NULL, null=True, blank=True)
    sequence = models.PositiveIntegerField(help_text="the venue's live_version of the copy")
    incarnation = models.UUIDField(null=True, blank=True,
                                   help_text="the venue tournament's incarnation of the copy (none: sent as tarock-turnier/2)")
    retired_incarnations = models.JSONField(default=list, blank=True,
                                            help_text="incarnations this copy replaced: their sendings are refused")
    digest = models.CharField(max_length=64, help_text="SHA-256 of the document received")
    sent_at = models.DateTimeField(help_text="when the venue built the document (the venue's clock)")
    received_at = models.DateTimeField()
    last_closed_round = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("veröffentlichtes Turnier")
        verbose_name_plural = _("veröffentlichte Turniere")


class PublishTarget(models.Model):
    """Where a venue's tournament publishes to. The token is the venue's own secret for that hub and
    stays on the laptop (it must be sent, so it cannot be kept as a hash here)."""

    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="publish_target")
    url = models.URLField(_("Adresse des Cup-Servers"), max_length=300)
    token = models.CharField(_("Schlüssel"), max_length=200)
    after_each_round = models.BooleanField(_("nach jeder abgeschlossenen Runde veröffentlichen"), default=True)
    # The cup's site follows a running round (publishing/venue/auto.py: at most every PUBLISH_LIVE_SECONDS).
    while_playing = models.BooleanField(_("während der Runde laufend veröffentlichen"), default=False)
    # How far the hub follows (the tournament's live_version is the sequence a publication sends): the sequence
    # the last answered attempt sent, and the one the hub holds. A live_version the hub does not hold is a change
    # it has not seen yet (the director's page says so; publishing while playing sends it).
    sent_sequence = models.PositiveIntegerField(null=True, blank=True)
    published_sequence = models.PositiveIntegerField(null=True, blank=True)
    # Which of the server's processes publishes (publishing/venue/auto.py): the one that claimed the target in
    # the database; a publication runs until running_until at the latest, the next live one starts at
    # live_not_before at the earliest (PUBLISH_LIVE_SECONDS after the last one started).
    running_until = models.DateTimeField(null=True, blank=True)
    live_not_before = models.DateTimeField(null=True, blank=True)


class PublishAttempt(models.Model):
    """One try to publish: when, whether the hub took it, and the hub's (or the network's) answer."""

    KINDS = [(REPLACED, REPLACED), (HUB_NEWER, HUB_NEWER), (RETIRED, RETIRED)]

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="publish_attempts")
    at = models.DateTimeField(auto_now_add=True)
    ok = models.BooleanField(default=False)
    # What happened, as publishing/outcomes.py names it, and the sentence's values (the hub's address, a status,
    # the hub's words in each language): the page renders it in its reader's language (``message``).
    code = models.CharField(max_length=30, blank=True)
    values = models.JSONField(default=dict, blank=True)
    automatic = models.BooleanField(default=False)
    kind = models.CharField(max_length=20, choices=KINDS, blank=True)
    hub_sequence = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    @property
    def message(self) -> str:
        """The outcome in the active language (the page's), never both."""
        return render(outcomes.sentence(self.code, self.values))
