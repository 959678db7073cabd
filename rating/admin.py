from django.contrib import admin

from rating.models import FrameOrigins, RatingRun


@admin.register(FrameOrigins)
class FrameOriginsAdmin(admin.ModelAdmin):
    list_display = ["cup", "origins"]


@admin.register(RatingRun)
class RatingRunAdmin(admin.ModelAdmin):
    list_display = ["computed_at", "as_of", "as_of_event", "events", "players", "seconds"]
    readonly_fields = ["computed_at", "as_of", "as_of_event", "method", "events", "players", "seconds"]
