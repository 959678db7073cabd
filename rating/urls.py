from django.urls import path

from rating import views

app_name = "rating"

urlpatterns = [
    path("rangliste/", views.rating_list, name="list"),
    path("api/schema.json", views.schema_json, name="schema"),
    path("einbetten/cup/<slug:slug>/", views.embed_standings, name="embed_standings"),
    path("einbetten/cup/<slug:slug>/kalender/", views.embed_calendar, name="embed_calendar"),
    path("leitung/cup/<slug:slug>/einbetten/", views.frame_origins, name="frame_origins"),
]
