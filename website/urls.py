"""The site's root URLs: the admin, the hall (health, login), the tournament pages of this package, and
each app's own pages."""

from django.contrib import admin
from django.urls import include, path

from website.views import director, entries, prize_giving, public, rounds, teams, variants

tournament_patterns = ([
    path("", public.home, name="home"),
    path("turniere/", director.tournament_list, name="list"),
    path("turniere/<slug:slug>/", director.tournament_detail, name="detail"),
    path("turniere/<slug:slug>/preise/", director.prize_settings, name="prizes"),
    path("turniere/<slug:slug>/mannschaften/", teams.team_list, name="teams"),
    path("turniere/<slug:slug>/spieler/neu/", entries.add_player, name="add_player"),
    path("turniere/<slug:slug>/spieler/vorhanden/", entries.enter_existing, name="enter_existing"),
    path("turniere/<slug:slug>/spieler/import/", entries.import_players, name="import_players"),
    path("turniere/<slug:slug>/spieler/alle-anwesend/", entries.check_in_all, name="check_in_all"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/anwesend/", entries.check_in, name="check_in"),
    path("turniere/<slug:slug>/spieler/<int:entry_id>/ausgeschieden/", entries.withdraw, name="withdraw"),
    path("turniere/<slug:slug>/runde/<int:number>/", rounds.round_detail, name="round"),
    path("turniere/<slug:slug>/runde/<int:number>/neue-links/", rounds.rotate_links, name="rotate_links"),
    path("turniere/<slug:slug>/runde/<int:number>/springer/", rounds.seat_substitute, name="seat_substitute"),
    path("turniere/<slug:slug>/runde/<int:number>/<str:action>/", rounds.round_action, name="round_action"),
    path("turniere/<slug:slug>/runde/<int:number>/tisch/<int:table_id>/beenden/", rounds.end_table, name="end_table"),
    path("turnier/<slug:slug>/", public.public_standings, name="standings"),
    path("turnier/<slug:slug>/standings.json", public.standings_json, name="standings_json"),
    path("turnier/<slug:slug>/beamer/", public.projector, name="projector"),
    path("turnier/<slug:slug>/siegerehrung/", prize_giving.prize_giving, name="prize_giving"),
    path("turnier/<slug:slug>/spieler/<int:entry_id>/", public.player_page, name="player"),
], "tournament")

# A director's page refused to an account that directs nothing: the hall's page says why.
handler403 = "hall.views.forbidden"

urlpatterns = [
    path("admin/", admin.site.urls),
    # The organiser's club rule sets: built in a form (tournament/variants/), saved as versions.
    path("leitung/regelwerke/", variants.variant_list, name="variants"),
    path("leitung/regelwerke/bauen/", variants.variant_edit, name="variant_edit"),
    path("leitung/regelwerke/vorschau/", variants.variant_preview, name="variant_preview"),
    # Browsers ask for /favicon.ico on pages without the layout (a PDF, a 404 of the server itself).
    path("favicon.ico", public.favicon),
    # The hall app: /healthz, the director's login /anmelden/ and logout /abmelden/.
    path("", include("hall.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include(tournament_patterns)),
    path("", include("scoring.urls")),
    path("", include("paper.urls")),
    path("", include("rules.urls")),
    path("", include("cups.urls")),
    # Publishing: the hub's /api/publish/ and the venue's page for where a tournament publishes to.
    path("", include("publishing.urls")),
    # Online sign-up: the players' page on a phone and the director's list.
    path("", include("signup.urls")),
    # The Österreich-Rangliste, the open data's description (/api/schema.json) and the embeddable views.
    path("", include("rating.urls")),
    path("", include("players.urls")),
]
