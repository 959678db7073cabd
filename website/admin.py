"""Admin screens of the tournament core's models: read-mostly views of the tournament data for support (a club's
rule set is built in the organiser's form, tournament/variants/). They live in website, beside the pages they
link to (the director's tournament page, the rule-set form): the tournament core names no page."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from guardian.admin import GuardedModelAdmin

from tournament import live, services
from tournament.events import ChangeKind
from tournament.models import CustomRuleSet, Entry, Player, Round, RoundEvent, Tournament
from tournament.money import MAX_STAKE_CENTS


@admin.register(CustomRuleSet)
class CustomRuleSetAdmin(admin.ModelAdmin):
    """Read only: a club's rule set is built and saved as a new version in the organiser's form
    (/leitung/regelwerke/, tournament/variants/), where no JSON is typed."""

    list_display = ("name", "slug", "version", "base", "created_at", "form_link")
    search_fields = ("name", "slug")

    @admin.display(description=_("Formular"))
    def form_link(self, obj):
        return format_html('<a href="{}?start=custom:{}">{}</a>', reverse("variant_edit"), obj.pk,
                           _("neue Version im Formular"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "region", "created_at")
    search_fields = ("name", "club", "region")

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        for tournament_id in obj.entries.values_list("tournament_id", flat=True):
            live.touch(tournament_id, kind=ChangeKind.ENTRIES)  # a renamed player is renamed on every live page


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("player", "checked_in", "withdrawn_after_round", "lot")
    readonly_fields = ("lot",)
    autocomplete_fields = ("player",)


class TournamentAdminForm(forms.ModelForm):
    # The same bound as the director's form and set_money_settings: refused on the field, not as a 500.
    stake_cents = forms.IntegerField(label=_("Cent je Punkt"), min_value=0, max_value=MAX_STAKE_CENTS)

    class Meta:
        model = Tournament
        fields = "__all__"


@admin.register(Tournament)
class TournamentAdmin(GuardedModelAdmin):  # "Object permissions": who directs it (docs/roles.md)
    form = TournamentAdminForm
    list_display = ("name", "date", "venue", "ruleset_slug", "ruleset_version", "site")
    # Entry fee and prizes are set on the director's prize page, which validates them (tournament.services.set_prizes).
    readonly_fields = ("ruleset_slug", "ruleset_version", "ruleset_snapshot", "entry_fee_cents", "prizes_cents")
    search_fields = ("name", "slug")
    inlines = [EntryInline]

    @admin.display(description=_("Seiten"))
    def site(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("tournament:detail", args=[obj.slug]), _("Turnierleitung"))

    def save_model(self, request, obj, form, change):
        if not change:
            super().save_model(request, obj, form, change)
            return
        # The money settings change through their one service, which prices the stored hands again.
        stake_cents, kontra_to_charity = obj.stake_cents, obj.kontra_to_charity
        obj.stake_cents, obj.kontra_to_charity = (
            Tournament.objects.values_list("stake_cents", "kontra_to_charity").get(pk=obj.pk))
        super().save_model(request, obj, form, change)
        services.set_money_settings(tournament=obj, stake_cents=stake_cents, kontra_to_charity=kontra_to_charity)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        live.touch(form.instance.pk)  # entries edited here change the live pages


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "is_final", "repeats", "seed")
    list_filter = ("status",)
    # A round is closed and reopened on the round page, which checks its tables and announces it.
    readonly_fields = ("status", "closed_at")


@admin.register(RoundEvent)
class RoundEventAdmin(admin.ModelAdmin):
    list_display = ("round", "action", "reason", "user", "at")
    readonly_fields = ("round", "action", "reason", "detail", "user", "at")
