"""A day at the venue as the cups run it, in the browser (issue 10, "Done when"; slow: `make test-slow`).

A director runs a 13-player Tirol event and a 26-player Hopfgarten event with its final, each with a
no-show, a withdrawal, a manual correction, a penalty and an annulled deal; Tirol takes a late arrival,
Hopfgarten refuses one ("not possible to join later"). Every director action goes through the pages;
the scorers of one table per round tap their hands on the phone page (the special hands among them),
the other tables' tablets send theirs through the scorer API, as a second device or the outbox does.

After every round the public standings page and standings.json must equal a computation made here,
independently of the site's standings code: each stored hand scored again by the rules engine from
what was entered, put on the players by the seat rule, plus the corrections, and for Hopfgarten's
final the preliminary half carried over (seed: "The score of these three rounds is halved and taken
to the final rubber"). The special hands are checked against the seed texts' own numbers. At the
end the workbook's cached figures, the settlement and the score sheet PDF say the same.
"""

from __future__ import annotations

import io
import json
import random
import re
import uuid
from collections import defaultdict
from decimal import Decimal

import pytest
from browser_flows import PASSWORD, chip, sign_in, standings_on_page
from django.contrib.auth.models import User
from openpyxl import load_workbook
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from rules.engine import score
from rules.engine.sampling import random_hand
from scoring.models import Correction, Hand
from scoring.seats import seat_entries
from tournament.models import Entry, Tournament

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what depends on the database (locks, constraints, sums) is tested without a browser.
pytestmark = pytest.mark.once

FIRST = ["Anna", "Karl", "Lisa", "Otto", "Maria", "Josef", "Resi", "Franz", "Rosa", "Hubert", "Greta", "Alois",
         "Elfi", "Sepp", "Vroni", "Toni", "Kathi", "Hans", "Leni", "Much", "Burgi", "Luis", "Traudl", "Gust",
         "Zenzi", "Ferdl", "Mitzi", "Poldi", "Hermi", "Wastl"]
LAST = ["Berger", "Huber", "Maier", "Sommer", "Gruber", "Wallner", "Hofer", "Egger", "Pichler", "Moser", "Steiner",
        "Brunner", "Haas", "Mayr", "Kofler", "Schett", "Rainer", "Auer", "Lechner", "Fuchs", "Wimmer", "Strasser",
        "Winkler", "Lang", "Seidl", "Eder", "Koller", "Riedl", "Baumann", "Graf"]
NAMES = [f"{first} {last}" for first, last in zip(FIRST, LAST, strict=True)]


def create_tournament(page: Page, *, name: str, slug: str, rules: str, fives: bool) -> Tournament:
    page.get_by_label("Name:", exact=True).fill(name)
    page.get_by_label("Kürzel (für Links)").fill(slug)
    page.get_by_label("Datum").fill("2026-11-21")
    page.get_by_label("Regelwerk").select_option(rules)
    if fives:
        page.get_by_label("Fünfertische").select_option("yes")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator("ul.messages")).to_contain_text("Turnier angelegt.")
    return Tournament.objects.get(slug=slug)


def paste_players(page: Page, names: list[str], *, checked_in: bool) -> None:
    paste = page.locator("section.card").filter(has=page.get_by_role("heading", name="Liste einfügen"))
    paste.get_by_label("Spielerliste").fill("\n".join(names))
    box = paste.get_by_label("als anwesend eintragen")
    box.check() if checked_in else box.uncheck()
    paste.get_by_role("button", name="Übernehmen").click()
    expect(page.locator("ul.messages")).to_contain_text(f"{len(names)} Spieler eingetragen")


def seat_round(page: Page, tournament: Tournament, number: int, label: str) -> list[str]:
    page.goto(f"/turniere/{tournament.slug}/")
    page.locator(".round-card").filter(has=page.get_by_role("link", name=label, exact=True)) \
        .get_by_role("button", name="Runde setzen").click()
    expect(page.locator("ul.messages")).to_contain_text("ist gesetzt.")
    return [a.get_attribute("href") for a in page.get_by_role("link", name="Scorer-Link").all()]


def close_round(page: Page, tournament: Tournament, number: int) -> None:
    page.goto(f"/turniere/{tournament.slug}/runde/{number}/")
    page.get_by_role("button", name="Runde abschließen").click()
    expect(page.locator("ul.messages")).to_contain_text("ist abgeschlossen.")


def save(page: Page) -> None:
    expect(page.locator("#preview table.preview-table tbody tr")).to_have_count(4)
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("gespeichert")


def tap_plain_hand(page: Page, rng: random.Random, contract: str) -> None:
    """A plain hand by taps: the contract, a declarer where one is chosen, a partner if one is called."""
    page.wait_for_selector("#hand-form")
    chip(page, "contract", contract).tap()
    options = json.loads(page.locator("#ruleset-options").text_content())
    slug = chip(page, "contract", contract).locator("input").get_attribute("value")
    if not options["contracts"][slug]["vorhand_only"]:
        page.locator('#hand-form fieldset[data-field="declarer"] label.chip').nth(rng.randrange(4)).tap()
    partner = page.locator('#hand-form fieldset[data-field="partner"]')
    if partner.is_visible():
        choices = partner.locator("label.chip:not(.disabled)")
        choices.nth(rng.randrange(choices.count() - 1)).tap()
    chip(page, "result", rng.choice(["gewonnen", "verloren"])).tap()
    save(page)


def tap_annulled(page: Page) -> None:
    page.wait_for_selector("#hand-form")
    chip(page, "contract", "annulliert").tap()
    save(page)
    expect(page.locator("#sheet, main").first).to_contain_text("annulliert")


def tap_talon_penalty(page: Page) -> None:
    """Hopfgarten: Vorhand calls, takes the talon half without the called king, and the Rufer is not
    played out (no further announcement): the penalty alone."""
    page.wait_for_selector("#hand-form")
    chip(page, "contract", "Rufer").tap()
    chip(page, "partner", "König im Talon").tap()
    page.locator('#hand-form details[data-field="special"] summary').tap()
    page.locator('#hand-form [data-field="not_played"] input').check()
    page.locator('#hand-form [data-field="talon_without_king"] input').check()
    save(page)


def send_by_api(page: Page, link: str, ruleset, rng: random.Random) -> None:
    """The table's tablet sends the rest of its hands through the scorer API (what the outbox does)."""
    token = link.strip("/").split("/")[-1]
    state = page.request.get(f"/t/{token}/api/").json()
    for number in range(state["next_number"], state["hands_planned"] + 1):
        answer = page.request.post(f"/t/{token}/api/hands/", data={
            "number": number, "key": uuid.uuid4().hex, "hand": random_hand(ruleset, rng)})
        assert answer.status == 201, answer.text()


def confirm(page: Page, link: str) -> None:
    page.goto(link)
    page.get_by_role("button", name="Zettel bestätigen").tap()
    expect(page.locator("ul.messages")).to_contain_text("Tisch bestätigt")


def expected_totals(tournament: Tournament) -> dict[str, Decimal]:
    """Each player's total from the hands as entered, scored again by the engine, plus corrections;
    with a final, the finalists carry the given share of their preliminary points."""
    ruleset = tournament.ruleset
    by_round: dict[str, dict[int, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    hands = Hand.objects.filter(table__round__tournament=tournament).select_related("table__round")
    for hand in hands:
        table = hand.table
        entries = list(table.seats.order_by("position").values_list("entry__player__name", flat=True))
        seats = seat_entries(entries, hand.number, table.first_dealer)
        for seat, points in enumerate(score(hand.data, ruleset).points):
            by_round[seats[seat]][table.round.number] += Decimal(str(points))
    for correction in Correction.objects.filter(entry__tournament=tournament).select_related("round", "entry__player"):
        by_round[correction.entry.player.name][correction.round.number] += correction.points
    final = tournament.rounds + 1 if tournament.has_final else None
    totals = {}
    for name, rounds in by_round.items():
        preliminary = sum((points for number, points in rounds.items() if number != final), Decimal(0))
        if final is not None and final in rounds:
            carried = (preliminary * tournament.final_round_carry_percent / 100).quantize(Decimal("0.01"))
            totals[name] = carried + rounds[final]
        else:
            totals[name] = preliminary
    return totals


def shown_totals(page: Page, tournament: Tournament) -> dict[str, Decimal]:
    """The public standings page (the table rows) and standings.json, which must say the same."""
    on_page = standings_on_page(page, tournament.slug)
    data = page.request.get(f"/turnier/{tournament.slug}/standings.json").json()
    in_json = {row["name"]: Decimal(str(row["total"])) for row in data["rows"]}
    assert on_page.keys() == in_json.keys()
    for name in on_page:
        assert on_page[name] == in_json[name], name
    return in_json


def check_standings(page: Page, tournament: Tournament) -> dict:
    expected = expected_totals(tournament)
    shown = shown_totals(page, tournament)
    for name, total in shown.items():
        assert total == expected.get(name, Decimal(0)), (name, total, expected.get(name))
    return page.request.get(f"/turnier/{tournament.slug}/standings.json").json()


def play_round(director: Page, scorer: Page, tournament: Tournament, number: int, label: str, rng: random.Random,
               special=None) -> None:
    """Seat the round, tap the first table's hands on the phone (``special`` taps some of them), send
    the other tables' hands by API, confirm every sheet, close the round and check the standings."""
    links = seat_round(director, tournament, number, label)
    ruleset = tournament.ruleset
    scorer.goto(links[0])
    planned = int(re.search(r"von (\d+)", scorer.locator("section.next-hand h1").inner_text()).group(1))
    contract = {"tirol": "Dreier", "hopfgarten": "Auf"}[tournament.ruleset_slug]
    for hand_number in range(1, planned + 1):
        if special and hand_number in special:
            special[hand_number](scorer)
        else:
            tap_plain_hand(scorer, rng, contract)
    for link in links[1:]:
        send_by_api(scorer, link, ruleset, rng)
    for link in links:
        confirm(scorer, link)
    close_round(director, tournament, number)
    check_standings(director, tournament)


def book_correction(page: Page, tournament: Tournament, name: str, round_label: str, points: str, reason: str) -> None:
    page.goto(f"/leitung/turnier/{tournament.slug}/korrekturen/")
    page.get_by_label("Spieler").select_option(label=name)
    page.get_by_label("Runde").select_option(label=round_label)
    page.get_by_label("Punkte (minus: Abzug)").fill(points)
    page.get_by_label("Begründung").fill(reason)
    page.get_by_role("button", name="Korrektur buchen").click()
    expect(page.locator("main")).to_contain_text(reason)


def withdraw(page: Page, tournament: Tournament, name: str, after_round: int) -> None:
    page.goto(f"/turniere/{tournament.slug}/")
    page.get_by_label(f"{name} ausgeschieden nach Runde").fill(str(after_round))
    page.get_by_label(f"{name} ausgeschieden nach Runde").locator("xpath=..").get_by_role("button").click()
    expect(page.locator("ul.messages")).to_contain_text(f"{name} ist nach Runde {after_round} ausgeschieden.")


def add_late_player(page: Page, tournament: Tournament, name: str) -> None:
    page.goto(f"/turniere/{tournament.slug}/")
    card = page.locator("section.card").filter(has=page.get_by_role("heading", name="Spieler anmelden"))
    card.get_by_label("Name:", exact=True).fill(name)
    card.get_by_role("button", name="Anmelden").click()


def check_paper(page: Page, tournament: Tournament, expected: dict[str, Decimal], words: list[str]) -> None:
    """The workbook's cached totals, the settlement's zero sum and the score sheets' special hands."""
    book = load_workbook(io.BytesIO(page.request.get(f"/turniere/{tournament.slug}/druck/tournament-xlsx/").body()),
                         data_only=True)
    rows = list(book["Rangliste"].iter_rows(values_only=True))
    head = next(i for i, row in enumerate(rows) if "Punkte" in row and "Name" in row)
    name_at, total_at = rows[head].index("Name"), rows[head].index("Punkte")
    cached = {row[name_at]: Decimal(str(row[total_at])).quantize(Decimal("0.01"))
              for row in rows[head + 1:] if row[name_at] and row[total_at] is not None}
    for name, total in expected.items():
        assert cached[name] == total, (name, cached.get(name), total)
    sheets = PdfReader(io.BytesIO(page.request.get(f"/turniere/{tournament.slug}/runde/1/druck/score-sheets-pdf/").body()))
    text = "\n".join(p.extract_text() for p in sheets.pages)
    for word in words:
        assert word in text, word


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_13_player_tirol_day(live_server, new_context):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    rng = random.Random("tirol-day")
    director = new_context().new_page()
    sign_in(director)
    tournament = create_tournament(director, name="Tiroler Cup Kufstein", slug="kufstein", rules="tirol", fives=False)
    paste_players(director, NAMES[:13], checked_in=True)
    paste_players(director, [NAMES[13]], checked_in=False)  # registered, never comes: the no-show
    scorer = new_context(phone=True).new_page()

    play_round(director, scorer, tournament, 1, "Runde 1", rng, special={5: tap_annulled})
    annulled = Hand.objects.get(table__round__tournament=tournament, data__contract="annulled")
    assert annulled.result["points"] == [0, 0, 0, 0]  # "0 Punkte": the deal counts, scores nothing

    add_late_player(director, tournament, NAMES[14])  # arrives after round 1, plays rounds 2 and 3
    expect(director.locator("ul.messages")).to_contain_text(NAMES[14])
    assert Entry.objects.get(tournament=tournament, player__name=NAMES[14]).checked_in
    play_round(director, scorer, tournament, 2, "Runde 2", rng)
    late = Entry.objects.get(tournament=tournament, player__name=NAMES[14])
    assert late.seats.filter(table__round__number=2).exists()

    withdraw(director, tournament, NAMES[0], after_round=2)
    book_correction(director, tournament, NAMES[1], "Runde 2", "-10", "Renonce von Spiel 7 nachträglich")
    data = check_standings(director, tournament)
    play_round(director, scorer, tournament, 3, "Runde 3", rng)
    assert not Entry.objects.get(tournament=tournament, player__name=NAMES[0]).seats.filter(
        table__round__number=3).exists()

    data = check_standings(director, tournament)
    rows = {row["name"]: row for row in data["rows"]}
    assert rows[NAMES[13]]["rank"] is None and rows[NAMES[13]]["status"] == "absent"
    assert data["rows"][-1]["name"] == NAMES[13]  # the no-show is listed last, unranked
    assert rows[NAMES[0]]["status"] == "withdrawn" and rows[NAMES[0]]["rank"] is not None
    assert sum(Decimal(str(row["total"])) for row in data["rows"]) == Decimal(-10)  # zero-sum hands + the booking
    check_paper(director, tournament, expected_totals(tournament), ["annulliert"])


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_26_player_hopfgarten_day_with_final(live_server, new_context):
    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    rng = random.Random("hopfgarten-day")
    director = new_context().new_page()
    sign_in(director)
    tournament = create_tournament(director, name="Hopfgartner Tarockturnier", slug="hopfgarten-tag",
                                   rules="hopfgarten", fives=True)
    paste_players(director, NAMES[:26], checked_in=True)
    paste_players(director, [NAMES[26]], checked_in=False)  # the no-show
    scorer = new_context(phone=True).new_page()

    play_round(director, scorer, tournament, 1, "Runde 1", rng, special={3: tap_talon_penalty, 7: tap_annulled})
    penalty = Hand.objects.get(table__round__tournament=tournament, data__talon_without_king=True)
    # Seed: "a penalty equal to the score of a captured king, even if the Rufer isn't played";
    # "Königfang 1": Vorhand pays each of the three others 1.
    assert penalty.result["points"] == [-3, 1, 1, 1]

    # "It is not possible to join later": the late arrival is refused, nothing is stored.
    add_late_player(director, tournament, NAMES[27])
    expect(director.locator("ul.messages")).to_contain_text("kann niemand mehr dazukommen")
    assert not Entry.objects.filter(tournament=tournament, player__name=NAMES[27]).exists()

    standings = check_standings(director, tournament)
    leader = next(row["name"] for row in standings["rows"] if row["rank"] == 1)
    withdraw(director, tournament, leader, after_round=1)  # the round-1 leader goes home
    play_round(director, scorer, tournament, 2, "Runde 2", rng)
    book_correction(director, tournament, NAMES[5], "Runde 2", "-5", "Strafe: Karten hergezeigt")
    play_round(director, scorer, tournament, 3, "Runde 3", rng)

    # The best after three rounds goes home before the final: the final takes the next twelve.
    after_three = check_standings(director, tournament)
    best = next(row["name"] for row in after_three["rows"] if row["status"] == "ranked")
    withdraw(director, tournament, best, after_round=3)
    before_final = check_standings(director, tournament)
    qualified = [row["name"] for row in before_final["rows"]
                 if row["rank"] is not None and row["status"] == "ranked"][:12]
    assert best not in qualified and len(qualified) == 12
    play_round(director, scorer, tournament, 4, "Finalrunde", rng)
    final = tournament.round_set.get(number=4)
    finalists = set(Entry.objects.filter(seats__table__round=final).values_list("player__name", flat=True))
    assert finalists == set(qualified)
    assert not {best, leader, NAMES[26]} & finalists

    data = check_standings(director, tournament)
    assert {row["name"] for row in data["rows"][:12]} == finalists  # the final decides the first twelve
    rows = {row["name"]: row for row in data["rows"]}
    assert rows[NAMES[26]]["status"] == "absent" and rows[leader]["status"] == "withdrawn"
    assert rows[best]["status"] == "withdrawn" and rows[best]["rank"] == 13  # first after the twelve finalists
    check_paper(director, tournament, expected_totals(tournament), ["annulliert"])
