from django.urls import path

from cups import views

app_name = "cups"

urlpatterns = [
    # Before the season pages: "kalender" would otherwise read as a season.
    path("kalender/", views.calendar_page, name="calendar"),
    path("cup/", views.cup_list, name="cups"),
    path("kalender.ics", views.calendar_feed, name="calendar_feed"),
    path("cup/<slug:slug>/kalender/", views.calendar_page, name="cup_calendar"),
    path("cup/<slug:slug>/kalender.ics", views.calendar_feed, name="cup_calendar_feed"),
    path("cup/<slug:slug>/statistik/", views.statistics_page, name="statistics"),
    path("cup/<slug:slug>/einstellungen/", views.cup_settings, name="cup_settings"),
    path("cup/<slug:slug>/", views.cup_page, name="cup"),
    path("cup/<slug:slug>/<slug:season>/", views.season_page, name="season"),
    path("cup/<slug:slug>/<slug:season>/import/", views.season_import, name="import"),
    path("cup/<slug:slug>/<slug:season>/regeln/", views.season_rules, name="season_rules"),
    path("spieler/<int:pk>/", views.player_page, name="player"),
    path("leitung/spieler/suche/", views.player_search, name="player_search"),
    path("leitung/spieler/zusammenfuehren/", views.player_merge, name="player_merge"),
    path("cup/<slug:slug>/<slug:season>/export/<slug:identifier>/", views.season_export, name="season_export"),
    path("cup/<slug:slug>/<slug:season>/wertung/<slug:sub>/", views.sub_ranking_page, name="sub_ranking"),
    path("cup/<slug:slug>/<slug:season>/wertung/<slug:sub>/export/<slug:identifier>/", views.season_export,
         name="sub_ranking_export"),
]
