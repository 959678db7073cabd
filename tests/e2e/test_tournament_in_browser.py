"""The whole evening in a real browser (issue scenario).

A director creates a 17-player tournament and seats round 1 (three tables of four, one of five); a
scorer enters hands at the table of five on a phone through the real page, including one the rules
forbid, which is refused; the public standings page shows the new totals and refreshes itself.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from pdf_tools import pdf_text
from playwright.sync_api import Locator, Page, expect

from scoring.models import Hand, HandScore
from tournament.models import Table, Tournament

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once

SLUG = "e2e-innsbruck"
PLAYERS = [
    ("Anna Berger", "Wörgl"), ("Karl Huber", "Hall"), ("Lisa Maier", "Kufstein"), ("Otto Sommer", "Schwaz"),
    ("Maria Gruber", "Telfs"), ("Josef Wallner", "Imst"), ("Theresia Hofer", "Lienz"), ("Franz Egger", "Kitzbühel"),
    ("Rosa Pichler", "Landeck"), ("Hubert Moser", "Reutte"), ("Greta Steiner", "Zams"), ("Alois Brunner", "Jenbach"),
    ("Elfriede Haas", "Rum"), ("Sepp Mayr", "Axams"), ("Vroni Kofler", "Matrei"), ("Toni Schett", "Sölden"),
    ("Kathi Rainer", "Fulpmes"),
]
PASSWORD = "tarock-e2e-Leitung"


def _number(text: str) -> Decimal:
    """A number as the German pages print it: "-1", "1,5", "−2,25", "" (no score yet) -> 0."""
    text = text.strip().replace("\u2212", "-").replace("\xa0", "").replace(".", "").replace(",", ".")
    return Decimal(text or "0")


def _db_totals(tournament: Tournament) -> dict[str, Decimal]:
    """Every entered player's standings points, summed from the stored HandScore rows."""
    totals = {entry.player.name: Decimal("0") for entry in tournament.entries.select_related("player")}
    sums = (HandScore.objects.filter(hand__table__round__tournament=tournament)
            .values("entry__player__name").annotate(points=Sum("points")))
    for row in sums:
        totals[row["entry__player__name"]] = row["points"]
    return totals


def _column(table: Locator, header: str) -> int:
    headers = [text.strip() for text in table.locator("thead th").all_inner_texts()]
    assert header in headers, f"no column {header!r} in {headers}"
    return headers.index(header)


def _standings(page: Page) -> dict[str, Decimal]:
    """Name -> total points as the public standings table shows them."""
    table = page.locator("#standings table.standings")
    name, total = _column(table, "Name"), _column(table, "Punkte")
    shown = {}
    for row in table.locator("tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        shown[cells[name].strip()] = _number(cells[total])
    return shown


class Taps:
    """Taps on the phone, counted (the scorer's Rufer must take at most five)."""

    def __init__(self):
        self.count = 0

    def __call__(self, locator: Locator) -> None:
        locator.tap()
        self.count += 1


def _chip(page: Page, field: str, text: str) -> Locator:
    """The chip (label.chip around a hidden radio) of a choice in the hand form, by its visible text."""
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has=page.get_by_text(text, exact=True))


def _player_chip(page: Page, field: str, name: str) -> Locator:
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(has_text=name)


def _preview_points(page: Page) -> dict[str, Decimal]:
    rows = page.locator("#preview table.preview-table tbody tr")
    return {row.locator("td").nth(0).inner_text().strip(): _number(row.locator("td").nth(1).inner_text())
            for row in rows.all()}


@pytest.mark.django_db(transaction=True)
def test_director_seats_scorer_enters_hands_public_standings_follow(live_server, new_context, artifacts, settings):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    settings.SITE_URL = live_server.url  # the address the hall's phones reach, printed on the cards

    # --- the director, on a laptop -----------------------------------------------------------------
    director = new_context().new_page()
    director.goto("/admin/login/?next=/turniere/")
    director.locator("#id_username").fill("leitung")
    director.locator("#id_password").fill(PASSWORD)
    director.get_by_role("button", name="Anmelden").click()
    expect(director).to_have_url(re.compile(r"/turniere/$"))
    expect(director.get_by_role("heading", name="Neues Turnier")).to_be_visible()

    director.get_by_label("Name:", exact=True).fill("Innsbrucker Tarockabend")
    director.get_by_label("Kürzel (für Links)").fill(SLUG)
    director.get_by_label("Datum").fill("2026-11-21")
    director.get_by_label("Ort").fill("Innsbruck")
    director.get_by_label("Regelwerk").select_option("tirol")
    director.get_by_role("button", name="Turnier anlegen").click()
    expect(director).to_have_url(re.compile(rf"/turniere/{SLUG}/$"))
    expect(director.locator("ul.messages")).to_contain_text("Turnier angelegt.")
    tournament = Tournament.objects.get(slug=SLUG)
    assert tournament.ruleset_slug == "tirol"

    paste = director.locator("section.card").filter(has=director.get_by_role("heading", name="Liste einfügen"))
    paste.get_by_label("Spielerliste").fill("\n".join(f"{name}; {club}" for name, club in PLAYERS))
    check_in = paste.get_by_label("als anwesend eintragen")
    # The label must name the paste form's own box (ids must be unique on the page), ticked by default.
    expect(check_in, "paste form: the label 'als anwesend eintragen' names no checkbox of its own form "
                     "(duplicate id_checked_in on the detail page?)").to_be_checked()
    check_in.check()
    paste.get_by_role("button", name="Übernehmen").click()
    expect(director.locator("ul.messages")).to_contain_text("17 Spieler eingetragen (0 schon bekannt).")
    expect(director.locator("#spieler")).to_contain_text("17 anwesend / 17")

    first_round = director.locator(".round-card").filter(has=director.get_by_role("link", name="Runde 1", exact=True))
    first_round.get_by_role("button", name="Runde setzen").click()
    expect(director).to_have_url(re.compile(rf"/turniere/{SLUG}/runde/1/$"))
    expect(director.locator("ul.messages")).to_contain_text("Runde 1 ist gesetzt.")

    rows = director.locator("table.progress tbody tr")
    expect(rows).to_have_count(4)
    board = []
    for row in rows.all():
        cells = row.locator("td")
        board.append({"number": cells.nth(0).inner_text().strip(),
                      "players": [p.strip() for p in cells.nth(1).inner_text().split(",")],
                      "link": row.get_by_role("link", name="Scorer-Link").get_attribute("href")})
    assert sorted(len(t["players"]) for t in board) == [4, 4, 4, 5]
    assert sorted(p for t in board for p in t["players"]) == sorted(name for name, _ in PLAYERS)
    for t in board:
        assert t["number"].endswith("*") == (len(t["players"]) == 5), f"only the table of five is marked: {board}"
    five = next(t for t in board if len(t["players"]) == 5)
    assert re.fullmatch(r"/t/[^/]+/", five["link"]), five["link"]
    table = Table.objects.get(round__tournament=tournament, round__number=1, token=five["link"].split("/")[2])
    seats = five["players"]  # seating order, first dealer first

    # The director prints the table cards from the round page: the five-table's card carries its scorer link
    # at SITE_URL.
    cards_link = director.get_by_role("link", name="Tischkarten mit QR-Code")
    cards = director.context.request.get(cards_link.get_attribute("href"))
    assert cards.ok and cards.headers["content-type"] == "application/pdf"
    assert f"{live_server.url}{five['link']}" in pdf_text(cards.body())

    # --- the scorer at the table of five, on a phone ---------------------------------------------------
    scorer = new_context(phone=True).new_page()
    scorer.goto(five["link"])
    next_hand = scorer.locator("section.next-hand")
    expect(next_hand.get_by_role("heading", level=1)).to_contain_text(f"Spiel 1 von {table.hands_planned}")
    expect(next_hand).to_contain_text(f"Geber: {seats[0]} (sitzt aus)")
    expect(next_hand).to_contain_text(f"Vorhand: {seats[1]}")
    sheet_rows = scorer.locator("table.sheet tbody tr")
    expect(sheet_rows).to_have_count(0)

    # Hand 1: a plain Rufer of Vorhand, won with the partner two seats on, in at most five taps.
    tap = Taps()
    vorhand, partner = seats[1], seats[3]
    tap(_chip(scorer, "contract", "Rufer"))
    tap(_player_chip(scorer, "declarer", vorhand))
    tap(_player_chip(scorer, "partner", partner))
    tap(_chip(scorer, "result", "gewonnen"))
    expected = {seats[1]: Decimal(1), seats[2]: Decimal(-1), seats[3]: Decimal(1), seats[4]: Decimal(-1)}
    expect(scorer.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    assert _preview_points(scorer) == expected
    scorer.screenshot(path=str(artifacts / "scorer-preview.png"), full_page=True)
    tap(scorer.locator("#save-hand"))
    assert tap.count <= 5
    expect(scorer.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    expect(sheet_rows).to_have_count(1)

    # Hand 2: a Dreier by the second player of the hand (the dealer, seat 1, sits out now).
    expect(next_hand).to_contain_text(f"Geber: {seats[1]} (sitzt aus)")
    expect(next_hand).to_contain_text(f"Vorhand: {seats[2]}")
    tap(_chip(scorer, "contract", "Dreier"))
    tap(_player_chip(scorer, "declarer", seats[3]))
    expect(scorer.locator('#hand-form fieldset[data-field="partner"]')).to_be_hidden()
    tap(_chip(scorer, "result", "gewonnen"))
    expect(scorer.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    assert _preview_points(scorer)[seats[3]] > 0
    tap(scorer.locator("#save-hand"))
    expect(scorer.locator("#outbox")).to_contain_text("Spiel 2 gespeichert.")
    expect(sheet_rows).to_have_count(2)

    # Hand 3: a Besserrufer with no bird announced: the page lets it through, the rules refuse it.
    tap(_chip(scorer, "contract", "Besserrufer"))
    tap(_player_chip(scorer, "declarer", seats[3]))
    tap(_player_chip(scorer, "partner", seats[4]))
    tap(_chip(scorer, "result", "gewonnen"))
    tap(scorer.locator("#save-hand"))
    problems = scorer.locator(".problems").first
    expect(problems).to_be_visible()
    expect(problems).to_contain_text(re.compile("nicht gespeichert", re.IGNORECASE))
    # the refused hand is back in the form, to be corrected rather than typed again
    expect(_chip(scorer, "contract", "Besserrufer").locator("input")).to_be_checked()
    # In the page's language alone, whichever answered first: the live preview, or the outbox's refused save.
    expect(problems).to_contain_text("Besserrufer braucht ein angesagtes Vogerl")
    expect(problems).not_to_contain_text("Besserrufer needs a bird announced")
    expect(next_hand.get_by_role("heading", level=1)).to_contain_text("Spiel 3 von")
    expect(sheet_rows).to_have_count(2)
    assert Hand.objects.filter(table=table).count() == 2

    # --- the public standings, in another browser (no login) ---------------------------------------------
    public = new_context().new_page()
    public.clock.install()  # the page's timers on a clock the test moves (its 20 s refresh below)
    public.goto(f"/turnier/{SLUG}/")
    public.evaluate("window.__e2eNoReload = true")  # survives only if the page refreshes itself in place
    expect(public.locator("#standings table.standings tbody tr")).to_have_count(len(PLAYERS))
    totals = _db_totals(tournament)
    assert sum(1 for points in totals.values() if points) >= 4, totals
    assert _standings(public) == totals
    expect(public.locator("#standings .progress-line")).to_contain_text(re.compile(r"läuft: 2 von"))
    public.screenshot(path=str(artifacts / "standings.png"), full_page=True)
    standings_pdf = public.context.request.get(public.get_by_role("link", name="Rangliste (PDF)").get_attribute("href"))
    assert standings_pdf.ok
    printed = pdf_text(standings_pdf.body())
    assert all(name in printed for name, _ in PLAYERS)

    # Hand 3 again, now a valid Rufer of Vorhand lost; the open standings page must follow by itself.
    expect(next_hand).to_contain_text(f"Vorhand: {seats[3]}")
    scorer.goto(five["link"])  # a fresh form (the refused one keeps its entries)
    tap(_chip(scorer, "contract", "Rufer"))
    tap(_player_chip(scorer, "partner", seats[0]))
    tap(_chip(scorer, "result", "verloren"))
    expect(scorer.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    tap(scorer.locator("#save-hand"))
    expect(scorer.locator("#outbox")).to_contain_text("Spiel 3 gespeichert.")
    assert Hand.objects.filter(table=table).count() == 3
    # live.js fetches ?fragment=1 every 20 s (nothing in the app lowered): the page's 20 s go by on its clock
    # now, so the refresh comes after the save, never before it with the next one 20 s of real time later.
    public.clock.run_for(20_000)
    expect(public.locator("#standings .progress-line")).to_contain_text(re.compile(r"läuft: 3 von"))
    assert public.evaluate("window.__e2eNoReload") is True
    after = _db_totals(tournament)
    assert {name for name in after if after[name] != totals[name]} == {seats[3], seats[4], seats[0], seats[1]}
    assert _standings(public) == after
