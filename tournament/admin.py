"""Admin screens: the custom rule-set editor (validated by the engine before it is saved) and
read-mostly views of the tournament data for support."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from guardian.admin import GuardedModelAdmin

from tournament import events, live
from tournament.models import CustomRuleSet, Entry, Player, Round, RoundEvent, Tournament


class CustomRuleSetForm(forms.ModelForm):
    class Meta:
        model = CustomRuleSet
        fields = ["slug", "version", "name", "base", "description", "overrides"]
        widgets = {"base": forms.Select(), "overrides": forms.Textarea(attrs={"rows": 14, "cols": 90})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from rules.rulesets import BUILTIN

        self.fields["base"].widget.choices = [(slug, rs.name) for slug, rs in BUILTIN.items()]
        self.fields["overrides"].help_text = _(
            'Nur was abweicht, als JSON, z. B. {"valat": {"kind": "game_multiple"}, '
            '"bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": false}}}. '
            "Siehe README, Abschnitt „Custom rule sets“."
        )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        from rules.engine.custom import RuleSetInvalid
        from rules.rulesets import load_custom

        spec = {"slug": data["slug"], "name": data["name"], "version": data["version"], "base": data["base"],
                "description": data.get("description", ""), "overrides": data.get("overrides") or {}}
        try:
            load_custom(spec)  # structure, references and a zero-sum check over sampled hands
        except RuleSetInvalid as error:
            raise forms.ValidationError([forms.ValidationError(problem) for problem in error.problems]) from None
        return data


@admin.register(CustomRuleSet)
class CustomRuleSetAdmin(admin.ModelAdmin):
    form = CustomRuleSetForm
    list_display = ("name", "slug", "version", "base", "created_at")
    search_fields = ("name", "slug")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "region", "created_at")
    search_fields = ("name", "club", "region")

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        for tournament_id in obj.entries.values_list("tournament_id", flat=True):
            live.touch(tournament_id)  # a renamed player is renamed on every live page


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("player", "checked_in", "withdrawn_after_round", "lot")
    readonly_fields = ("lot",)
    autocomplete_fields = ("player",)


@admin.register(Tournament)
class TournamentAdmin(GuardedModelAdmin):  # "Object permissions": who directs it (docs/roles.md)
    list_display = ("name", "date", "venue", "ruleset_slug", "ruleset_version", "site")
    # Entry fee and prizes are set on the director's prize page, which validates them (tournament.services.set_prizes).
    readonly_fields = ("ruleset_slug", "ruleset_version", "ruleset_snapshot", "entry_fee_cents", "prizes_cents")
    search_fields = ("name", "slug")
    inlines = [EntryInline]

    @admin.display(description=_("Seiten"))
    def site(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("tournament:detail", args=[obj.slug]), _("Turnierleitung"))

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and {"stake_cents", "kontra_to_charity"} & set(form.changed_data):
            events.announce(events.money_settings_changed, tournament_id=obj.pk)

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
