"""The scorer's phone at 390 px, as a new director found it (issue 31): nothing red before "Speichern",
the fourth Trischaken card points worked out, the game's kontra on the contract's row, names in the
sheet's header broken only between words, and a second phone told how its hand differs from the
one stored. Taps are counted as docs/decisions.md counts them: every tap and every key typed."""

from __future__ import annotations

import re

import pytest
from browser_flows import chip
from playwright.sync_api import Page, expect

from scoring.models import Hand

pytestmark = pytest.mark.once

PHONE = {"width": 390, "height": 844}


def _phone(new_context) -> Page:
    page = new_context(phone=True).new_page()
    page.set_viewport_size(PHONE)
    return page


def _table(make_tournament, slug: str, players: int = 4, **options):
    tournament = make_tournament("tirol", players=players, slug=slug, **options)
    table = tournament.round_set.get(number=1).tables.get()
    return table, [seat.entry.player.name for seat in table.seats.order_by("position")]


def _preview_settled(page: Page) -> str:
    """Waits until the live preview answered for the hand as it stands; its verdict."""
    form = page.locator("#hand-form")
    expect(form).to_have_attribute("data-preview", re.compile(r"^(problems|ok)$"))
    return form.get_attribute("data-preview")


@pytest.mark.django_db(transaction=True)
def test_problems_show_only_after_speichern(make_tournament, new_context, artifacts):
    table, names = _table(make_tournament, "erst-speichern")
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    chip(page, "contract", "Dreier").tap()
    chip(page, "declarer", names[1]).tap()
    assert _preview_settled(page) == "problems"  # the result is missing, and the server knows it
    expect(page.locator(".problems:visible")).to_have_count(0)  # but nothing red while entering
    page.locator("#save-hand").tap()
    problems = page.locator("#preview .problems")
    expect(problems).to_be_visible()
    expect(problems).to_contain_text("Nicht gespeichert")
    page.screenshot(path=artifacts / "scorer-390-problems-after-save.png")
    expect(page.locator("#hand-title")).to_have_text("Spiel 1 von 16")  # nothing sent, the hand stays
    assert page.evaluate(f"localStorage.getItem('tarock-outbox-{table.token}')") in (None, '{"queue":[],"refused":[]}')
    chip(page, "result", "gewonnen").tap()  # put right: the reasons go as the preview answers
    assert _preview_settled(page) == "ok"
    expect(page.locator(".problems:visible")).to_have_count(0)
    page.locator("#save-hand").tap()
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    assert Hand.objects.get(table=table).data["result"] == "won"


@pytest.mark.django_db(transaction=True)
def test_the_fourth_trischaken_card_points_are_worked_out(make_tournament, new_context):
    table, names = _table(make_tournament, "trischaken-rest")
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    count = 0

    def tap(locator) -> None:
        nonlocal count
        locator.tap()
        count += 1

    def type_in(text: str) -> None:
        nonlocal count
        page.keyboard.type(text)
        count += len(text)

    tap(chip(page, "contract", "Trischaken"))
    fields = page.locator('#hand-form [data-field="card_points"] input')
    for seat, points in enumerate(("30", "20", "15")):
        tap(fields.nth(seat))
        type_in(points)
    expect(fields.nth(3)).to_have_value("5")  # 70 - 30 - 20 - 15, not typed
    fields.nth(2).fill("10")  # a typo put right (not counted): the worked-out value follows
    expect(fields.nth(3)).to_have_value("10")
    tap(page.locator("#save-hand"))
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    assert [int(points) for points in Hand.objects.get(table=table).data["card_points"]] == [30, 20, 10, 10]
    assert count == 1 + 3 * 3 + 1  # contract, three fields of two digits, Speichern (13 before: 4 fields)


@pytest.mark.django_db(transaction=True)
def test_the_games_kontra_is_on_the_contracts_row(make_tournament, new_context, artifacts):
    table, names = _table(make_tournament, "kontra-zeile")
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    taps = 0
    kontra = page.locator('#hand-form [data-field="game-kontra"] label.chip').filter(has_text=re.compile(r"^Kontra$"))
    for locator in (chip(page, "contract", "Dreier"), kontra,
                    chip(page, "declarer", names[1]), chip(page, "result", "verloren"), page.locator("#save-hand")):
        expect(locator).to_be_in_viewport()  # on the first screen, no section to open
        locator.tap()
        taps += 1
    expect(page.locator("#outbox")).to_contain_text("Spiel 1 gespeichert.")
    page.screenshot(path=artifacts / "scorer-390-kontra.png")
    hand = Hand.objects.get(table=table)
    assert hand.data["kontra"] == 2 and hand.data["result"] == "lost" and taps == 5  # 6 before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("players", [4, 5, 6])
def test_names_in_the_sheets_header_break_only_between_words(make_tournament, new_context, artifacts, play_round,
                                                               players):
    table, _ = _table(make_tournament, f"namen-{players}", players=players, tables_of_six=players == 6)
    for seat, first in zip(table.seats.select_related("entry__player").order_by("position"),
                           ["Bernhard", "Maximiliane", "Wolfgang", "Christiane", "Gottfried", "Leopoldine"], strict=False):
        seat.entry.player.name = f"{first} Huber-Oberhollenzer"
        seat.entry.player.save()
    play_round(table.round, seed=2, hands=3)
    page = _phone(new_context)
    page.goto(f"/t/{table.token}/")
    page.locator("table.sheet").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"scorer-390-header-{players}.png")
    # Each word of each header name stands whole on a line of its own (a word split "Bernha / rd" has
    # two boxes, one cut to "Ber…" reaches past its cell): "Bernhard H." on two lines.
    headers = page.evaluate("""() => Array.from(document.querySelectorAll('table.sheet th.player')).map((th) => {
        const cell = th.getBoundingClientRect();
        const words = [];
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const box = range.getBoundingClientRect();
                words.push({word: match[0], boxes: range.getClientRects().length,
                            inside: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5
                                    && box.top >= cell.top - 0.5 && box.bottom <= cell.bottom + 0.5,
                            left: box.left, top: box.top, right: box.right, bottom: box.bottom});
            }
        }
        const [first, second] = words;
        const apart = words.length === 2 && (first.right <= second.left || second.right <= first.left
                                             || first.bottom <= second.top || second.bottom <= first.top);
        return {text: words.map((word) => word.word).join(" "), apart,
                broken: words.filter((word) => word.boxes > 1 || !word.inside).map((word) => word.word)};
    })""")
    firsts = ["Bernhard", "Maximiliane", "Wolfgang", "Christiane", "Gottfried", "Leopoldine"][:players]
    assert [header["text"] for header in headers] == [f"{first} H." for first in firsts]
    assert [header["broken"] for header in headers] == [[]] * players
    assert all(header["apart"] for header in headers)  # two lines, one word each
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
