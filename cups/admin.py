from django.contrib import admin
from guardian.admin import GuardedModelAdmin

from cups.models import AbakusNumber, Cup, CupScheme, ImportedResult, PlayerMerge, Season, SeasonTournament, SubRanking


@admin.register(CupScheme)
class CupSchemeAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "source"]


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0


@admin.register(Cup)
class CupAdmin(GuardedModelAdmin):  # "Object permissions": who organises this cup (docs/roles.md)
    list_display = ["name", "slug", "scheme", "region", "best_n", "final_mode", "final_penalties", "min_tournaments",
                    "final_qualifiers", "qualifies_for"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SeasonInline]


@admin.register(SubRanking)
class SubRankingAdmin(admin.ModelAdmin):
    list_display = ["cup", "name", "slug", "include_word", "exclude_word", "club_word", "min_tournaments"]
    list_filter = ["cup"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(AbakusNumber)
class AbakusNumberAdmin(admin.ModelAdmin):
    list_display = ["number", "player"]
    search_fields = ["number"]
    raw_id_fields = ["player"]


class SeasonTournamentInline(admin.TabularInline):
    model = SeasonTournament
    extra = 0
    raw_id_fields = ["tournament"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["cup", "label", "ordering"]
    list_filter = ["cup"]
    inlines = [SeasonTournamentInline]


@admin.register(ImportedResult)
class ImportedResultAdmin(admin.ModelAdmin):
    list_display = ["season", "tournament_name", "date", "rank", "player", "club", "total"]
    list_filter = ["season"]
    raw_id_fields = ["player"]
    list_select_related = ["season__cup", "player"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    """The audit of merges is read-only: merges happen on the director's merge page (cups/players.py)."""

    list_display = ["merged_at", "duplicate_name", "duplicate_id", "keep", "user", "imported_results"]
    readonly_fields = ["keep", "duplicate_id", "duplicate_name", "duplicate_club", "user", "merged_at", "tournaments",
                       "imported_results"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
