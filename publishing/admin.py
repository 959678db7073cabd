"""The hub's publishing rows in the admin (docs/publishing.md, "Scope"): the organiser sees every token and
every published copy, revokes a token, and gives a copy to another token of the same cup when a venue's
laptop and token were replaced. Tokens are made where their secret can be shown once (the cup's token
page, `manage.py publish_token`); a copy goes with its tournament (deleted in the tournament's admin)."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from publishing.hub.tokens import revoke_token
from publishing.models import PublishedCopy, PublishToken


@admin.register(PublishToken)
class PublishTokenAdmin(admin.ModelAdmin):
    list_display = ("cup", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("cup",)
    search_fields = ("name", "prefix")
    fields = ("cup", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    readonly_fields = ("cup", "prefix", "created_at", "last_used_at", "revoked_at")
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Ausgewählte Schlüssel widerrufen"))
    def revoke(self, request, queryset):
        for row in queryset:
            revoke_token(token=row.prefix)
        self.message_user(request, _("Widerrufen: %(count)s") % {"count": queryset.count()}, messages.SUCCESS)


class PublishedCopyForm(forms.ModelForm):
    class Meta:
        model = PublishedCopy
        fields = ("token",)

    def clean_token(self):
        token = self.cleaned_data["token"]
        if token is not None and token.cup_id != self.instance.cup_id:
            raise forms.ValidationError(_("Nur ein Schlüssel desselben Cups darf dieses Turnier ändern."))
        return token


@admin.register(PublishedCopy)
class PublishedCopyAdmin(admin.ModelAdmin):
    form = PublishedCopyForm
    list_display = ("tournament", "cup", "token", "sequence", "received_at", "last_closed_round")
    list_filter = ("cup",)
    search_fields = ("tournament__name", "tournament__slug")
    fields = ("tournament", "cup", "token", "sequence", "incarnation", "retired_incarnations", "sent_at",
              "received_at", "last_closed_round")
    readonly_fields = ("tournament", "cup", "sequence", "incarnation", "retired_incarnations", "sent_at",
                       "received_at", "last_closed_round")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # the copy goes with its tournament: delete that, and the venue may publish it anew

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "token":
            kwargs["queryset"] = PublishToken.objects.filter(revoked_at__isnull=True).select_related("cup")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)
