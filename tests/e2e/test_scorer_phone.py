"""The scorer's phone, 390 x 844 (issue 23): a plain won Rufer in four taps with no swipe (the
contracts and the players on the first screen, "Speichern" in view once the hand is complete), a
refused save brings its message into view, the Schreibzettel fits the phone, German pages show no
English value; and a round at a table of five with a player who pauses and one who leaves."""

from __future__ import annotations

import re

import pytest
from browser_flows import chip, no_sideways_scroll, standings_on_page, tap_a_dreier
from playwright.sync_api import Page, expect

from scoring.models import Hand
from tournament.models import Table

# A page flow in the browser: the same on every database, run once, in the SQLite phase of `make test`
# (the marker `once`); what it stores goes through services the PostgreSQL phase tests without a browser.
pytestmark = pytest.mark.once

PHONE = {"width": 390, "height": 844}


def _phone(new_context):
    context = new_context(phone=True)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    return page


def _in_view(page: Page, selector_or_locator) -> bool:
    locator = page.locator(selector_or_locator) if isinstance(selector_or_locator, str) else selector_or_locator
    box = locator.bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["x"] + box["width"] <= PHONE["width"]


class Taps:
    """Taps that must each land on the screen as it stands: nothing scrolled, nothing swiped."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        assert self.page.evaluate("window.scrollY") == 0, "the page was scrolled"
        assert _in_view(self.page, locator), "a tap target below the fold: it would take a swipe"
        locator.tap()
        self.count += 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("rules", ["tirol", "skill7"])
def test_a_plain_won_rufer_in_four_taps(make_tournament, new_context, artifacts, rules):
    """Tirol's Rufer is the Vorhand's; Skill7 lets anyone call: four taps in both."""
    tournament = make_tournament(rules, players=4, slug=f"vier-{rules}")
    table = tournament.round_set.get(number=1).tables.get()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    page.screenshot(path=artifacts / f"scorer-390-{rules}-start.png")
    taps = Taps(page)
    taps.tap(chip(page, "contract", "Rufer"))
    page.screenshot(path=artifacts / f"scorer-390-{rules}-rufer.png")
    taps.tap(chip(page, "partner", names[3]))
    taps.tap(chip(page, "result", "gewonnen"))
    assert _in_view(page, "#save-hand")
    page.screenshot(path=artifacts / f"scorer-390-{rules}-ready.png")
    taps.tap(page.locator("#save-hand"))
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.", timeout=15_000)
    assert taps.count == 4
    hand = Hand.objects.get(table=table)
    assert hand.data["contract"] == "rufer" and hand.data["declarer"] == 0 and hand.data["result"] == "won"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players", [4, 6])
def test_the_schreibzettel_fits_390px(make_tournament, new_context, artifacts, play_round, players):
    """Every hand of a table of four (and six) on the sheet, with the longest names the demo has."""
    tournament = make_tournament("tirol", players=players, slug=f"zettel-{players}", tables_of_six=players == 6)
    table = tournament.round_set.get(number=1).tables.get()
    for seat in table.seats.select_related("entry__player"):
        seat.entry.player.name = f"Maximiliane Oberhollenzer-Wiesinger {seat.position}"
        seat.entry.player.save()
    play_round(table.round, seed=3, hands=6)
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    sheet = page.locator("table.sheet")
    sheet.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"schreibzettel-390-{players}.png", full_page=True)
    box = sheet.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.evaluate("document.querySelector('table.sheet').closest('.table-scroll').scrollWidth") <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # the long names wrap too
    no_sideways_scroll(page)


@pytest.mark.django_db(transaction=True)
def test_a_refused_save_brings_its_reason_into_view_in_german(make_tournament, new_context, artifacts):
    tournament = make_tournament("tirol", players=4, slug="abgelehnt")
    table = tournament.round_set.get(number=1).tables.get()
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    chip(page, "contract", "Dreier").tap()
    page.locator('#hand-form fieldset[data-field="declarer"] label.chip').first.tap()
    page.get_by_text("oder Kartenpunkte eingeben").tap()
    page.locator('input[name="declarer_points"]').fill("20")
    chip(page, "result", "gewonnen").tap()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # down at the sheet, "Speichern" sticks
    page.locator("#save-hand").tap()  # 20 card points and "won": the server refuses it
    problems = page.locator(".problems").filter(has_text="nicht gewonnen").first
    expect(problems).to_be_visible(timeout=15_000)
    # Wait for the state, not a while: the preview answered for the hand as restored (its reasons take
    # the restored ones' place).
    expect(page.locator("#hand-form")).to_have_attribute("data-preview", "problems")
    problems = page.locator(".problems:visible").first
    page.screenshot(path=artifacts / "scorer-390-refused.png")
    assert _in_view(page, problems), problems.bounding_box()
    german = " ".join(page.locator('.problems:visible, #outbox .outbox-refused').all_inner_texts())  # the page's language alone
    assert "verloren" in german and not re.search(r"\b(won|lost)\b", german), german
    assert not Hand.objects.filter(table=table).exists()



@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("language", "said", "other"), [("Deutsch", "Besserrufer braucht", "Besserrufer needs"),
                                                          ("English", "Besserrufer needs", "Besserrufer braucht")])
def test_a_save_the_server_refuses_comes_back_in_the_pages_language(make_tournament, new_context, language, said, other):
    """The live preview never answered (its requests are lost): the hand goes out through the outbox, the server
    refuses it, and the reasons come back into the form in the page's language alone, not the API's pair."""
    tournament = make_tournament("tirol", players=4, slug="ausgang")
    table = tournament.round_set.get(number=1).tables.get()
    page = _phone(new_context)
    page.route("**/vorschau/", lambda route: route.abort())
    page.goto(f"/t/{table.token}/")
    if language == "English":
        page.get_by_role("button", name="English").tap()
        expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator('#hand-form fieldset[data-field="contract"] label.chip').filter(has_text="Besserrufer").tap()
    page.locator('#hand-form fieldset[data-field="declarer"] label.chip').first.tap()
    page.locator('#hand-form fieldset[data-field="partner"] label.chip:not(.disabled)').nth(1).tap()
    page.locator('#hand-form fieldset[data-field="result"] label.chip').first.tap()
    page.locator("#save-hand").tap()
    problems = page.locator(".problems.restored")
    expect(problems).to_contain_text(said)
    expect(problems).not_to_contain_text(other)
    assert not Hand.objects.filter(table=table).exists()

def _tap_a_dreier(page: Page, number: int, names: list[str], table: Table) -> None:
    """Hand ``number``, the Vorhand's Dreier, after checking who the page says deals and leads."""
    from scoring.seats import absences_of, deal

    table.refresh_from_db()
    hand = deal(number, len(names), table.first_dealer, absences_of(table.absences))
    expect(page.locator("#hand-title")).to_have_text(re.compile(rf"^Spiel {number} von"))
    expect(page.locator("#vorhand-name")).to_have_text(names[hand.positions[0]])
    expect(page.locator("#dealer-name")).to_have_text(names[hand.dealer])
    if hand.out:
        expect(page.locator("#sits-out")).to_be_visible()
    else:
        expect(page.locator("#sits-out")).to_be_hidden()
    tap_a_dreier(page, number, won=bool(number % 2))
    expect(page.locator("#sheet-live table.sheet tbody tr")).to_have_count(number)  # the sheet is in place


def _absence(page: Page, name: str, button: str) -> None:
    details = page.locator("#absences")
    if details.get_attribute("open") is None:
        details.locator("summary").tap()
    details.locator("li").filter(has_text=name).get_by_role("button", name=button).tap()
    expect(page.locator("ul.messages")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_round_at_five_with_a_pausierer_and_a_player_who_leaves(make_tournament, new_context, artifacts):
    """Hands 1-2 as a five (the dealer sits out); Platz 4 pauses for hands 3-4 (the dealer plays); back
    for hand 5; Platz 1 leaves after it and the table ends its 8 hands as a four. Every stored hand
    keeps its players; the sheet marks the pause; the standings are the hands' points."""
    tournament = make_tournament("tirol", players=5, slug="pausierer")
    table = tournament.round_set.get(number=1).tables.get()
    Table.objects.filter(pk=table.pk).update(hands_planned=8)
    table.refresh_from_db()
    names = [seat.entry.player.name for seat in table.seats.order_by("position")]
    entries = [seat.entry_id for seat in table.seats.order_by("position")]
    page = _phone(new_context)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"/t/{table.token}/")
    for number in (1, 2):
        _tap_a_dreier(page, number, names, table)
    _absence(page, names[3], "pausiert")
    # with when and by whom (issue 31): the table's scorer, at a time of today
    expect(page.locator("#absence-notes")).to_contain_text(re.compile(
        rf"{names[3]} pausiert ab Spiel 3 bis auf Weiteres \(eingetragen \d\d\.\d\d\. \d\d:\d\d von Tisch-Scorer\)\."))
    for number in (3, 4):
        _tap_a_dreier(page, number, names, table)
    _absence(page, names[3], "spielt wieder mit")
    _tap_a_dreier(page, 5, names, table)
    _absence(page, names[0], "verlässt den Tisch")
    expect(page.locator("#absence-notes")).to_contain_text(f"{names[0]} hat den Tisch verlassen (ab Spiel 6 nicht mehr dabei) (eingetragen ")
    expect(page.locator("#absence-notes")).to_contain_text(re.compile(
        rf"{names[3]} hat Spiel 3 bis 4 pausiert \(eingetragen [^;]+ von Tisch-Scorer; zurück eingetragen [^)]+ von Tisch-Scorer\)\."))
    page.screenshot(path=artifacts / "scorer-390-pause-leave.png", full_page=True)
    for number in (6, 7, 8):
        _tap_a_dreier(page, number, names, table)
    expect(page.get_by_role("button", name="Zettel bestätigen")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    played = {hand.number: {s.entry_id for s in hand.scores.all()} for hand in Hand.objects.filter(table=table)}
    assert all(len(players) == 4 for players in played.values())
    assert entries[3] not in played[3] | played[4] and entries[3] in played[5]
    assert all(entries[0] not in played[number] for number in (6, 7, 8))
    assert page.locator("table.sheet tbody tr").nth(2).locator(".away").count() == 1  # hand 3: P for Platz 4
    standings = page.context.new_page()
    shown = standings_on_page(standings, tournament.slug)
    for entry, name in zip(entries, names, strict=True):
        total = sum(score.points for hand in Hand.objects.filter(table=table) for score in hand.scores.all()
                    if score.entry_id == entry)
        assert shown[name] == total, name
