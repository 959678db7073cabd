"""The Österreich-Rangliste and the embeddable views in chromium: the list and the player's page with its SVG
chart load with nothing refused by the Content-Security-Policy (at 390 px without sideways scrolling), and a
club's website may frame the cup's table only when the cup's organiser listed it; any other site is refused."""

from __future__ import annotations

import random
import threading
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from cups.services import add_tournament, create_cup, create_season
from paper.imports import players as player_import
from rating import services as rating_services
from rating.models import Rating
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring.services import record_hands
from tournament import rounds, services

pytestmark = pytest.mark.once



@pytest.fixture
def rated(transactional_db):
    cup = create_cup(name="Cup Unterland", slug="unterland", scheme="fixed")
    season = create_season(cup=cup, label="2026/27")
    for number in (1, 2):
        tournament = services.create_tournament(name=f"Turnier {number}", slug=f"t{number}", date=date(2026, 10, number),
                                                ruleset=BUILTIN["tirol"], rounds=1)
        player_import.import_players(tournament=tournament, check_in=True,
                                     rows=[{"name": f"Spieler {i:02d}", "club": "TC"} for i in range(8)])
        round = tournament.round_set.get(number=1)
        rounds.seat_round(round=round, seed=f"r{number}")
        rng = random.Random(number)
        for table in round.tables.all():
            record_hands(table=table, hands=[random_hand(tournament.ruleset, rng) for _ in range(table.hands_planned)])
        rounds.close_round(round=round)
        add_tournament(season=season, tournament=tournament)
    rating_services.rebuild()
    return cup


def test_the_list_and_the_chart_run_with_nothing_refused_on_a_phone(rated, new_context):
    page = new_context(phone=True).new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if "Refused to" in message.text else None)
    page.goto("/rangliste/")
    expect(page.locator("table.rating-list tbody tr")).to_have_count(Rating.objects.count())
    best = Rating.objects.order_by("rank").first()
    page.goto(f"/spieler/{best.player_id}/")
    expect(page.locator("svg.rating-chart circle")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert not refused, refused


@pytest.fixture
def club_site(live_server):
    """club_site() -> the origin of a club's website on 127.0.0.1 (a real server: chromium refuses a page it cannot
    place on the network framing a local one, whatever the policy says) whose page frames the cup's table."""
    servers = []

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = f'<iframe id="t" src="{live_server.url}/einbetten/cup/unterland/"></iframe>'.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    def start() -> str:
        server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()


@pytest.mark.parametrize("listed", [True, False])
def test_a_club_site_frames_the_table_only_when_listed(rated, new_context, club_site, listed):
    site, other = club_site(), club_site()
    rating_services.set_frame_origins(cup=rated, text=site if listed else other)
    page = new_context().new_page()
    page.goto(f"{site}/")
    frame = page.frame_locator("#t")
    if listed:
        expect(frame.locator("h1")).to_have_text("Cup Unterland 2026/27")
    else:
        page.wait_for_load_state("load")
        embedded = next(f for f in page.frames if f != page.main_frame)
        assert "Cup Unterland" not in embedded.content()
