"""Inn tournaments on a phone, to the end: 7 and 11 players (byes and tables of five) and 12 players
with a withdrawal after round 1, and 6 and 11 players where the director allows tables of six (issue:
every event as it happens). The director seats and closes each
round and withdraws the player on a phone; the hands go in on the scorer page on a phone; the end's
standings equal the stored hands scored again by the engine, every player has one entry per round (a
bye round with what it scored) and the withdrawn player keeps the rank.

In the default run the tournaments plan 4 hands at a table of four and 5 at a table of five (set on
the tournament row: the director's form offers only 16/20 and 20/25), and only the first table of
round 1 is tapped in, hand by hand, with what the page says about each: a whole turn of the deal, and
each table size (four with 12 players, five with 7 and 11, six with 6) in some event. Every other
table sends its hands through the scorer API from its page on the same phone, as static/js/outbox.js
does after the taps (tapping them too took most of each event's time and showed the same page again);
every table's sheet is confirmed on the phone. `make test-slow` plays the events at full length with
every hand of every table tapped in.
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

import pytest
from browser_flows import PASSWORD, send_the_rest, sign_in, tap_a_dreier
from playwright.sync_api import Page, expect

from rules.engine import score
from scoring.models import Hand
from scoring.seats import seat_entries, sitting_out
from tournament.models import Bye, Entry, Table


def _seat_round(director: Page, slug: str, number: int) -> list[str]:
    director.goto(f"/turniere/{slug}/")
    director.locator(".round-card").filter(has=director.get_by_role("link", name=f"Runde {number}", exact=True)) \
        .get_by_role("button", name="Runde setzen").click()
    expect(director.locator("ul.messages")).to_contain_text("ist gesetzt.")
    return [a.get_attribute("href") for a in director.get_by_role("link", name="Scorer-Link").all()]


def _tap_the_table(scorer: Page, link: str) -> None:
    """Every planned hand of the table, tapped in (a Dreier of the Vorhand, won or lost by turns), then
    the sheet confirmed by the players. Before each hand the page names the dealer, who else sits out
    and the Vorhand as scoring/seats.py seats them (the page moves on by itself, static/js/outbox.js)."""
    scorer.goto(link)
    table = Table.objects.get(token=link.rstrip("/").rsplit("/", 1)[-1])
    names = list(table.seats.order_by("position").values_list("entry__player__name", flat=True))
    planned = int(re.search(r"von (\d+)", scorer.locator("#hand-title").inner_text()).group(1))
    for number in range(1, planned + 1):
        expect(scorer.locator("#hand-title")).to_have_text(f"Spiel {number} von {planned}")
        table.refresh_from_db()
        out = sitting_out(number, len(names), table.first_dealer)
        expect(scorer.locator("#vorhand-name")).to_have_text(seat_entries(names, number, table.first_dealer)[0])
        if out:
            expect(scorer.locator("#dealer-name")).to_have_text(names[out[0]])
        if len(out) == 2:
            expect(scorer.locator("#also-out-name")).to_have_text(names[out[1]])
        else:
            expect(scorer.locator("#also-out")).to_be_hidden()
        tap_a_dreier(scorer, number, won=bool(number % 3))
    _confirm(scorer, link)


def _send_the_table(scorer: Page, link: str) -> None:
    """Every planned hand of the table sent through the scorer API from the table's page on the phone
    (a Dreier of the Vorhand, won and lost by turns), then the sheet confirmed by the players."""
    scorer.goto(link)
    token = link.rstrip("/").rsplit("/", 1)[-1]
    assert set(send_the_rest(scorer, token)) == {201}
    table = Table.objects.get(token=token)
    assert table.hands.count() == table.hands_planned
    _confirm(scorer, link)


def _confirm(scorer: Page, link: str) -> None:
    scorer.goto(link)  # the players check the sheet and confirm it
    scorer.get_by_role("button", name="Zettel bestätigen").tap()
    expect(scorer.locator("ul.messages")).to_contain_text("Tisch bestätigt")


def _close_round(director: Page, slug: str, number: int) -> None:
    director.goto(f"/turniere/{slug}/runde/{number}/")
    director.get_by_role("button", name="Runde abschließen").click()
    expect(director.locator("ul.messages")).to_contain_text("ist abgeschlossen.")


def _withdraw(director: Page, slug: str, name: str, after_round: int) -> None:
    director.goto(f"/turniere/{slug}/")
    field = director.get_by_label(f"{name} ausgeschieden nach Runde")
    field.fill(str(after_round))
    field.locator("xpath=..").get_by_role("button").click()
    expect(director.locator("ul.messages")).to_contain_text(f"{name} ist nach Runde {after_round} ausgeschieden.")


def _engine_totals(tournament) -> dict[str, Decimal]:
    """Each player's points: the stored hands as entered, scored again by the engine, plus bye points."""
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for hand in Hand.objects.filter(table__round__tournament=tournament).select_related("table"):
        names = list(hand.table.seats.order_by("position").values_list("entry__player__name", flat=True))
        seats = seat_entries(names, hand.number, hand.table.first_dealer)
        for seat, points in enumerate(score(hand.data, tournament.ruleset).points):
            totals[seats[seat]] += Decimal(str(points))
    for bye in Bye.objects.filter(round__tournament=tournament).select_related("entry__player"):
        totals[bye.entry.player.name] += bye.points
    return totals


SHORT = pytest.param(True, id="short")
FULL = pytest.param(False, id="full", marks=pytest.mark.slow)
# The flows write through the same services the PostgreSQL phase tests elsewhere (tests/hall, tests/scoring):
# played once, on SQLite, to keep `make test` short.
pytestmark = pytest.mark.once
# 11 players at a six and a five: the six alone is played in every run (6 players), both in make test-slow.
ELEVEN_AT_SIX = pytest.param(11, None, True, marks=pytest.mark.slow)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("short", [SHORT, FULL])
@pytest.mark.parametrize("players,withdraw_after,six", [(7, None, False), (11, None, False), (12, 1, False),
                                                        (6, None, True), ELEVEN_AT_SIX])
def test_an_inn_tournament_to_the_end_on_a_phone(make_tournament, new_context, players, withdraw_after, six, short):
    from django.contrib.auth.models import User

    from tournament.models import Tournament

    User.objects.create_superuser("leitung", "leitung@example.invalid", PASSWORD)
    slug = f"wirt-{players}{'-sechs' if six else ''}"
    tournament = make_tournament("tirol", players=players, slug=slug, seat=False, tables_of_six=six)
    if short:
        Tournament.objects.filter(pk=tournament.pk).update(hands_at_four=4, hands_at_five=5)
        tournament.refresh_from_db()
    director = new_context(phone=True).new_page()
    director.on("dialog", lambda dialog: dialog.accept())
    sign_in(director, f"/turniere/{slug}/")
    scorer = new_context(phone=True).new_page()
    leaver = Entry.objects.filter(tournament=tournament).order_by("player__name").first().player.name

    for number in (1, 2, 3):
        links = _seat_round(director, slug, number)
        assert links
        for at, link in enumerate(links):
            # the default run taps round 1's first table in and sends the other sheets (module docstring)
            (_tap_the_table if not short or (number, at) == (1, 0) else _send_the_table)(scorer, link)
        _close_round(director, slug, number)
        if withdraw_after == number:
            _withdraw(director, slug, leaver, number)

    document = director.request.get(f"/turnier/{slug}/standings.json").json()
    rows = {row["name"]: row for row in document["rows"]}
    assert len(rows) == players and document["participants"] == players
    expected = _engine_totals(tournament)
    for name, row in rows.items():
        assert Decimal(str(row["total"])) == expected[name], name
        assert len(row["rounds"]) == 3, name
    byes = Bye.objects.filter(round__tournament=tournament)
    if six:  # 6 = one table of six, 11 = six and five: everyone plays every round
        assert not byes.exists()
        assert Table.objects.filter(round__tournament=tournament, hands_planned=tournament.hands_for(6)).count() == 3
    elif players in (7, 11):
        assert byes.exists()  # no table size fits every round: somebody sits out, and it is written down
        assert max(byes.filter(entry__player__name=name).count() for name in rows) <= 1  # byes rotate
    if withdraw_after:
        assert rows[leaver]["status"] == "withdrawn" and rows[leaver]["rank"] is not None
        assert not Hand.objects.filter(table__round__number__gt=withdraw_after,
                                       table__seats__entry__player__name=leaver).exists()
    page = director
    page.goto(f"/turnier/{slug}/")
    for name in rows:
        expect(page.locator("#standings")).to_contain_text(name)
