"""Pausing and leaving during a round (events.md, ABAKUS Pausierer1/2): at a five a paused player sits
out every hand until he returns and the dealer plays; a player who leaves is gone for the rest of the
round (a five goes on as a four); hands stored before never change; the sheet, the API, the hub's
copy and the standings follow."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from language import ServiceError
from rules.engine.sampling import random_hand
from scoring import absences, services
from scoring.api import table_state
from scoring.seats import LEFT, PAUSE, Absence, deal
from scoring.selectors import standings, table_sheet
from tournament.models import Table


def test_rotation_passes_over_a_paused_player_and_the_dealer_plays():
    away = [Absence(2, 3, 6, PAUSE)]
    assert deal(2, 5, 0, away).out == [1]  # before the pause: the dealer sits out
    for number in (3, 4, 5):  # paused: four at the table, the dealer plays, position 2 never
        hand = deal(number, 5, 0, away)
        assert hand.out == [] and 2 not in hand.positions and hand.dealer in hand.positions and hand.absent == [2]
    assert [deal(n, 5, 0, away).dealer for n in range(1, 9)] == [0, 1, 3, 4, 0, 1, 2, 3]  # the deal skips him
    assert deal(6, 5, 0, away).out == [1]  # back: a five again
    # at six one paused makes a five (the dealer sits out), two a four
    assert deal(1, 6, 0, [Absence(4, 1)]).out == [0] and deal(1, 6, 0, [Absence(4, 1), Absence(5, 1)]).out == []


def test_without_absences_nothing_changes():
    for size in (4, 5, 6):
        for first in range(size):
            for number in range(1, 31):
                dealer = (first + number - 1) % size
                assert deal(number, size, first).dealer == dealer == deal(number, size, first, [Absence(9, 99)]).dealer


def _play(table, count, seed=0):
    rng = random.Random(seed)
    ruleset = table.round.tournament.ruleset
    start = Table.objects.get(pk=table.pk).hands_entered
    for number in range(start + 1, start + count + 1):
        services.store_hand(table=Table.objects.get(pk=table.pk), number=number, data=random_hand(ruleset, rng),
                             idempotency_key=f"k{table.pk}-{number}")


@pytest.fixture
def five(make_tournament):
    tournament = make_tournament("tirol", players=5, slug="pause-fuenf")
    return tournament.round_set.get(number=1).tables.get()


def _where(absences) -> list[dict]:
    """Who sat out from which hand to which (the when and who of each entry: tests/scoring/test_absence_stamps.py)."""
    return [{key: absence[key] for key in ("position", "first_hand", "until_hand", "kind")} for absence in absences]


def _players_of(table, number):
    return {score.entry_id for score in table.hands.get(number=number).scores.all()}


def test_a_pause_at_five_then_a_leave_never_changes_a_stored_hand(five):
    seats = list(five.seats.order_by("position").values_list("entry_id", flat=True))
    _play(five, 2)
    before = {number: _players_of(five, number) for number in (1, 2)}
    absences.pause_player(by="scorer", table=five, position=3)
    _play(five, 3, seed=1)  # hands 3-5: Platz 4 sits out, four play, the dealer with them
    for number in (3, 4, 5):
        assert seats[3] not in _players_of(five, number) and len(_players_of(five, number)) == 4
    absences.return_player(by="scorer", table=five, position=3)
    _play(five, 1, seed=2)  # hand 6: a five again
    hand = five.hands.get(number=6)
    assert seats[3] in _players_of(five, 6) and seats[hand.dealer_position] not in _players_of(five, 6)
    absences.leave_table(by="scorer", table=five, position=0)
    _play(five, 2, seed=3)
    assert all(seats[0] not in _players_of(five, n) for n in (7, 8))
    assert {number: _players_of(five, number) for number in (1, 2)} == before  # stored hands stand
    table = Table.objects.get(pk=five.pk)
    assert _where(table.absences) == [{"position": 3, "first_hand": 3, "until_hand": 6, "kind": PAUSE},
                              {"position": 0, "first_hand": 7, "until_hand": None, "kind": LEFT}]
    sheet = table_sheet(table)
    assert sheet.rows[2].away == [3] and sheet.rows[2].points[3] is None
    assert any("pausiert" in note for note in sheet.absence_notes)
    assert any("verlassen" in note for note in sheet.absence_notes)
    # the one who left keeps the points of his hands; his total counts in the standings
    row = next(r for r in standings(table.round.tournament) if r.player.entry_id == seats[0])
    assert row.total == sum(s.points for s in table.hands.get(number=1).scores.filter(entry_id=seats[0])) + sum(
        s.points for n in range(2, 7) for s in table.hands.get(number=n).scores.filter(entry_id=seats[0]))
    state = table_state(table)
    assert state["absences"][1]["kind"] == LEFT and state["next"]["absent"] == [0]


def test_four_must_stay_and_only_fives_and_sixes_pause(five, make_tournament):
    absences.pause_player(by="scorer", table=five, position=1)
    with pytest.raises(ServiceError) as refused:
        absences.pause_player(by="scorer", table=Table.objects.get(pk=five.pk), position=2)
    assert "weniger als vier" in refused.value.message_de and "fewer than four" in refused.value.message_en
    with pytest.raises(ServiceError):
        absences.leave_table(by="scorer", table=Table.objects.get(pk=five.pk), position=2)
    four = make_tournament("tirol", players=4, slug="pause-vier").round_set.get(number=1).tables.get()
    with pytest.raises(ServiceError) as refused:
        absences.pause_player(by="scorer", table=four, position=0)
    assert "Fünfer- oder Sechsertisch" in refused.value.message_de


def test_the_scorer_page_pauses_and_shows_it(client, five):
    page = client.get(reverse("scoring:sheet", args=[five.token])).content.decode()
    assert 'id="absences"' in page and 'value="pause"' in page and 'value="leave"' in page
    response = client.post(reverse("scoring:absence", args=[five.token]),
                           {"action": "pause", "position": 2, "version": five.version})
    assert response.status_code == 302
    page = client.get(reverse("scoring:sheet", args=[five.token])).content.decode()
    name = five.seats.get(position=2).entry.player.name
    assert f"{name} pausiert ab Spiel 1 bis auf Weiteres (eingetragen " in page and 'value="return"' in page
    # a page that saw the table before is refused, nothing changes
    client.post(reverse("scoring:absence", args=[five.token]), {"action": "leave", "position": 1, "version": 0})
    assert len(Table.objects.get(pk=five.pk).absences) == 1


@pytest.mark.parametrize(("language", "why"), [
    ("de", "An einem Vierertisch kann niemand pausieren oder gehen"), ("en", "Nobody can pause or leave at a table of four")])
def test_the_scorer_page_of_a_four_says_why_nobody_can_pause(client, make_tournament, language, why):
    four = make_tournament("tirol", players=4, slug="pause-vier").round_set.get(number=1).tables.get()

    page = client.get(reverse("scoring:sheet", args=[four.token]), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert 'id="absences"' in page and why in page
    assert 'value="pause"' not in page and 'value="leave"' not in page


def test_the_published_document_carries_the_absences(five):
    """The hub's copy seats each hand from the document's absences, so it gives them the same players."""
    from publishing.document import as_bytes, build, parse

    absences.pause_player(by="scorer", table=five, position=4)
    _play(five, 3)
    document = parse(as_bytes(build(five.round.tournament)))
    assert _where(a.model_dump() for a in document.rounds[0].tables[0].absences) == [
        {"position": 4, "first_hand": 1, "until_hand": None, "kind": PAUSE}]


def test_the_director_pauses_from_the_table_page(client, director, five):
    url = reverse("scoring:director_sheet", args=[five.pk])
    assert 'value="pause"' in client.get(url).content.decode()
    client.post(reverse("scoring:director_absence", args=[five.pk]),
                {"action": "pause", "position": 1, "version": five.version})
    assert _where(Table.objects.get(pk=five.pk).absences) == [{"position": 1, "first_hand": 1, "until_hand": None, "kind": PAUSE}]
    client.post(reverse("scoring:director_absence", args=[five.pk]),
                {"action": "return", "position": 1, "version": five.version + 1})
    assert Table.objects.get(pk=five.pk).absences == []  # back before any hand: nothing to keep


def test_the_score_sheet_greys_the_paused_player_and_lets_the_dealer_play(five):
    """After a pause at a five the dealer plays: the printed sheet greys the paused player's cells, not his."""
    from paper.exports.pdf import Grid, register_fonts
    from paper.exports.round_sheets import OUT
    from paper.exports.score_sheets import ScoreSheetsPdf
    from scoring.seats import absences_of

    register_fonts()
    absences.pause_player(by="scorer", table=five, position=3)
    table = Table.objects.get(pk=five.pk)
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    grid = Grid([20, 80, 120] + [30] * 10, [10] * 6)
    ScoreSheetsPdf._hands(ScoreSheetsPdf.__new__(ScoreSheetsPdf), grid, seats, [], 4, table.first_dealer,
                          (20, 80, 120), absences_of(table.absences))
    for number in range(1, 5):
        dealt = deal(number, 5, table.first_dealer, absences_of(table.absences))
        bottom, top = grid.y[number + 2], grid.y[number + 1]  # hand n is row n + 1, under the two header rows
        greyed = {(grid.x.index(x) - 3) // 2 for color, x, y, _w, _h in grid.fills if color is OUT and y == bottom}
        dashes = {(max(c for c, left in enumerate(grid.x) if left <= x) - 3) // 2
                  for x, baseline, *_style, text in grid.lines if text == "–" and bottom < baseline < top}
        assert dashes == greyed, number
        assert greyed == {3} and dealt.dealer not in greyed, number
