from django.contrib import admin
from django.urls import include, path

from tournament import views

tournament_patterns = ([
    path("", views.home, name="home"),
    path("turniere/", views.tournament_list, name="list"),
    path("turniere/<slug:slug>/", views.tournament_detail, name="detail"),
    path("turniere/<slug:slug>/preise/", views.prize_settings, name="prizes"),
    path("turniere/<slug:slug>/spieler/neu/", views.add_player, name="add_player"),
    path("turniere/<slug:slug>/spieler/vorhanden/", views.enter_existing, name="enter_existing"),
    path("turniere/<slug:slug>/spieler/import/", views.import_players, name="import_players"),
    path("turniere/<slug:slug>/spieler/alle-anwesend/", views.check_in_all, name="check_in_all"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/anwesend/", views.check_in, name="check_in"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/ausgeschieden/", views.withdraw, name="withdraw"),
    path("turniere/<slug:slug>/runde/<int:number>/", views.round_detail, name="round"),
    path("turniere/<slug:slug>/runde/<int:number>/neue-links/", views.rotate_links, name="rotate_links"),
    path("turniere/<slug:slug>/runde/<int:number>/<str:action>/", views.round_action, name="round_action"),
    path("turniere/<slug:slug>/runde/<int:number>/tisch/<int:table_id>/beenden/", views.end_table, name="end_table"),
    path("turnier/<slug:slug>/", views.public_standings, name="standings"),
    path("turnier/<slug:slug>/standings.json", views.standings_json, name="standings_json"),
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
    path("", include("paper.urls")),
    path("", include("rules.urls")),
    path("", include("cups.urls")),
]
