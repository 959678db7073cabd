from django.contrib import admin
from django.urls import include, path

from tournament import export_views, views

tournament_patterns = ([
    path("", views.home, name="home"),
    path("turniere/", views.tournament_list, name="list"),
    path("turniere/<slug:slug>/", views.tournament_detail, name="detail"),
    path("turniere/<slug:slug>/spieler/neu/", views.add_player, name="add_player"),
    path("turniere/<slug:slug>/spieler/vorhanden/", views.enter_existing, name="enter_existing"),
    path("turniere/<slug:slug>/spieler/import/", views.import_players, name="import_players"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/anwesend/", views.check_in, name="check_in"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/ausgeschieden/", views.withdraw, name="withdraw"),
    path("turniere/<slug:slug>/runde/<int:number>/", views.round_detail, name="round"),
    path("turniere/<slug:slug>/runde/<int:number>/<str:action>/", views.round_action, name="round_action"),
    path("turniere/<slug:slug>/runde/<int:number>/tisch/<int:table_id>/beenden/", views.end_table, name="end_table"),
    path("turniere/<slug:slug>/druck/<str:identifier>/", export_views.tournament_export, name="export"),
    path("turniere/<slug:slug>/runde/<int:number>/druck/<str:identifier>/", export_views.round_export,
         name="round_export"),
    path("turnier/<slug:slug>/", views.public_standings, name="standings"),
    path("turnier/<slug:slug>/druck/<str:identifier>/", export_views.public_export, name="public_export"),
    path("turnier/<slug:slug>/beamer/", views.projector, name="projector"),
    path("turnier/<slug:slug>/spieler/<int:entry_id>/", views.player_page, name="player"),
], "tournament")

urlpatterns = [
    path("admin/", admin.site.urls),
    # The hall app: /healthz, the director's login /anmelden/ and logout /abmelden/.
    path("", include("hall.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include(tournament_patterns)),
    path("", include("scoring.urls")),
    path("", include("rules.urls")),
]
