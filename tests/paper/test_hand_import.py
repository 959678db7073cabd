"""Importing typed-in paper score sheets: checked hand by hand, all or nothing, a report line per problem."""

from __future__ import annotations

import io
import json
import random
import zipfile

import pytest
from django.urls import reverse
from openpyxl import Workbook

from language import ServiceError
from paper import columns
from paper.imports.hands import import_hands
from rules.engine.sampling import random_hand
from scoring.models import Hand, HandScore
from scoring.seats import active_positions
from scoring.services import store_hand
from tournament import rounds, services
from tournament.models import Round, RoundEvent, Seat

DREIER = {"contract": "dreier", "declarer": 2, "result": "won"}


# --- helpers ------------------------------------------------------------------------------------------


def seated(tournament, round_number=1) -> dict[int, list[str]]:
    """Table number -> player names in Platz order."""
    round = tournament.round_set.get(number=round_number)
    return {table.number: [seat.entry.player.name for seat in table.seats.select_related("entry__player")
                           .order_by("position")] for table in round.tables.all()}


def hands_for(tournament, tables: dict[int, list[str]], count: int, seed: int = 1, round_number=1) -> list[dict]:
    rng = random.Random(seed)
    return [{"round": round_number, "table": table, "number": number, **random_hand(tournament.ruleset, rng)}
            for table in sorted(tables) for number in range(1, count + 1)]


def json_lines(items: list[dict]) -> bytes:
    return "\n".join(json.dumps(item) for item in items).encode()


def workbook(hand_rows: list[dict] | None = None, table_rows: list[list] | None = None, hands_title="Hands") -> bytes:
    """An xlsx with the Hands sheet (rows as {header: value}) and, if given, a Tables sheet."""
    book = Workbook()
    sheet = book.active
    sheet.title = hands_title
    sheet.append(columns.HANDS)
    for row in hand_rows or []:
        sheet.append([row.get(name) for name in columns.HANDS])
    if table_rows is not None:
        tables = book.create_sheet("Tables")
        tables.append(columns.TABLES)
        for row in table_rows:
            tables.append(row + [None] * (len(columns.TABLES) - len(row)))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def json_row(item: dict) -> dict:
    hand = {key: value for key, value in item.items() if key not in ("round", "table", "number")}
    return {columns.ROUND: item["round"], columns.TABLE: item["table"], columns.HAND: item["number"],
            columns.CONTRACT: hand["contract"], columns.DATA: json.dumps(hand)}


def table_rows(tables: dict[int, list[str]], round_number=1) -> list[list]:
    return [[round_number, table, place, None, name] for table, names in sorted(tables.items())
            for place, name in enumerate(names, start=1)]


def shares(tournament) -> dict[tuple[int, int, int, str], tuple]:
    """(round, table, hand, player) -> (hand seat, points, cash, kontra cash) of every stored share."""
    scores = HandScore.objects.filter(hand__table__round__tournament=tournament).select_related(
        "hand__table__round", "entry__player")
    return {(s.hand.table.round.number, s.hand.table.number, s.hand.number, s.entry.player.name):
            (s.hand_seat, s.points, s.cash, s.kontra_cash) for s in scores}


def twin(make_tournament, tournament, players, slug="twin"):
    """The same players seated the same way in another tournament, to record hands by hand."""
    other = make_tournament(tournament.ruleset_slug, players=players, seat=False, slug=slug)
    by_name = {e.player.name: e.pk for e in other.entries.select_related("player")}
    rounds.seat_round_as_given(round=other.round_set.get(number=1), tables={
        number: [by_name[name] for name in names] for number, names in seated(tournament).items()})
    return other


def record_all(tournament, items: list[dict]) -> None:
    for item in items:
        table = tournament.round_set.get(number=item["round"]).tables.get(number=item["table"])
        hand = {key: value for key, value in item.items() if key not in ("round", "table", "number")}
        store_hand(table=table, number=item["number"], data=hand, director=True)


@pytest.fixture
def eight(make_tournament):
    return make_tournament("tirol", players=8, slug="acht")


# --- JSON -----------------------------------------------------------------------------------------------


def test_json_lines_store_every_hand_scored_as_store_hand_would(make_tournament, eight):
    items = hands_for(eight, seated(eight), 16)
    report = import_hands(tournament=eight, source=json_lines(items), filename="zettel.jsonl")
    assert report.ok, report.lines("de")
    assert report.hands_imported == 32 and report.tables == 2 and report.rounds_seated == []
    assert Hand.objects.filter(table__round__tournament=eight).count() == 32
    assert set(Hand.objects.values_list("entered_by", flat=True)) == {"import"}
    assert eight.round_set.get(number=1).status == Round.RUNNING
    other = twin(make_tournament, eight, players=8)
    record_all(other, items)
    assert shares(eight) == shares(other)
    assert "32 Spiele an 2 Tischen" in report.message("de") and "32 hands at 2 tables" in report.message("en")


def test_a_json_array_and_names_for_declarer_and_partner(eight):
    names = seated(eight)[1]
    # hand 1 at a table of four: hand seats 0..3 are positions 1, 2, 3, 0
    items = [{"round": 1, "table": 1, "number": 1, "contract": "rufer", "declarer": names[1].lower(),
              "partner": names[0], "result": "won"},
             {"round": 1, "table": 1, "number": 2, **DREIER}]
    report = import_hands(tournament=eight, source=json.dumps(items).encode(), filename="zettel.json")
    assert report.ok, report.lines("de")
    first = Hand.objects.get(table__round__tournament=eight, number=1)
    assert first.data["declarer"] == 0 and first.data["partner"] == 3


# --- XLSX -----------------------------------------------------------------------------------------------


def test_xlsx_with_json_and_readable_columns_matches_store_hand(make_tournament, eight):
    tables = seated(eight)
    names = tables[2]
    readable = [
        {columns.ROUND: 1, columns.TABLE: 2, columns.HAND: 1, columns.CONTRACT: "Rufer", columns.DECLARER: names[1],
         columns.PARTNER: 3, columns.DECLARER_POINTS: "36+1", columns.KONTRA: 2,
         columns.BONUSES: json.dumps([{"bonus": "pagat", "side": "opponents"}])},
        {columns.ROUND: 1, columns.TABLE: 2, columns.HAND: 2, columns.CONTRACT: "trischaken",
         columns.CARD_POINTS: "10; 20+1; 30+2; 9"},
        {columns.ROUND: 1, columns.TABLE: 2, columns.HAND: 3, columns.CONTRACT: "bettler", columns.DECLARER: "1",
         columns.RESULT: "verloren", columns.KONTRA: '{"0": 2}'},
        {columns.ROUND: 1, columns.TABLE: 2, columns.HAND: 4, columns.CONTRACT: "dreier", columns.DECLARER: 0,
         columns.RESULT: "gewonnen", columns.KONTRA: "Rekontra"},
        {columns.ROUND: 1, columns.TABLE: 2, columns.HAND: 5},  # an empty line of a prepared sheet
    ]
    generated = hands_for(eight, {1: tables[1]}, 16)
    report = import_hands(tournament=eight, source=workbook([json_row(i) for i in generated] + readable),
                          filename="zettel.xlsx")
    assert report.ok, report.lines("de")
    assert report.hands_imported == 20
    expected = [
        {"contract": "rufer", "declarer": 0, "partner": 3, "declarer_points": "36+1", "kontra": 2,
         "bonuses": [{"bonus": "pagat", "side": "opponents"}]},
        {"contract": "trischaken", "card_points": ["10", "20+1", "30+2", "9"]},
        {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"0": 2}},
        {"contract": "dreier", "declarer": 0, "result": "won", "kontra": 4},
    ]
    other = twin(make_tournament, eight, players=8)
    record_all(other, generated + [{"round": 1, "table": 2, "number": n, **hand}
                                   for n, hand in enumerate(expected, start=1)])
    assert shares(eight) == shares(other)


def test_one_bad_hand_among_many_stores_nothing_and_names_its_line(eight):
    items = hands_for(eight, seated(eight), 10)
    items[5] = {**items[5], "contract": "rufer", "declarer": 1, "partner": None, "result": "won",
                "bonuses": [{"bonus": "nonsense", "side": "declarer"}]}
    report = import_hands(tournament=eight, source=workbook([json_row(i) for i in items]), filename="zettel.xlsx")
    assert not report.ok and report.hands_imported == 0
    assert {p.line for p in report.problems} == {7}  # header = row 1, the sixth hand is row 7
    problem = report.problems[0]
    assert (problem.round, problem.table, problem.hand) == (1, 1, 6)
    assert str(problem).startswith("Zeile 7 (Runde 1, Tisch 1, Spiel 6): ") and " / " in str(problem)
    assert problem.text("en").startswith("Line 7 (Round 1, Table 1, Hand 6): ")
    assert problem.message_de != problem.message_en
    assert Hand.objects.count() == 0 and eight.round_set.get(number=1).status == Round.SEATED
    assert "Nichts gespeichert" in report.message("de") and "Nothing was saved" in report.message("en")


def test_several_problems_are_reported_at_once(eight):
    names = seated(eight)[1]
    rows = [
        {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 1, columns.CONTRACT: "dreier", columns.DECLARER: "Niemand",
         columns.RESULT: "won"},
        {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 2, columns.CONTRACT: "dreier", columns.DECLARER: names[0],
         columns.RESULT: "vielleicht"},
        {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 3, columns.CONTRACT: "grand", columns.DECLARER: 0,
         columns.RESULT: "won"},
        {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 4, columns.DATA: "{kaputt"},
        {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 5, **{columns.CONTRACT: "dreier", columns.DECLARER: 9}},
        {columns.ROUND: 1, columns.TABLE: 7, columns.HAND: 1, columns.CONTRACT: "dreier", columns.DECLARER: 0,
         columns.RESULT: "won"},
        {columns.ROUND: 1, columns.TABLE: "x", columns.HAND: 1, columns.CONTRACT: "dreier"},
    ]
    report = import_hands(tournament=eight, source=workbook(rows), filename="zettel.xlsx")
    assert not report.ok
    assert sorted({p.line for p in report.problems}) == [2, 3, 4, 5, 6, 7, 8]
    text = "\n".join(report.lines("de"))
    assert "„Niemand“ spielt in diesem Spiel nicht mit" in text
    assert "bitte gewonnen oder verloren" in text
    assert "kein gültiges JSON" in text and "Tisch 7 gibt es in Runde 1 nicht" in text
    assert "„x“ in der Spalte „Tisch“ ist keine Zahl" in text
    assert "Sitz 9 gibt es nicht" in text
    assert "grand" in text  # the engine's refusal of an unknown contract
    assert Hand.objects.count() == 0


def test_an_unknown_player_name(make_tournament):
    tournament = make_tournament("tirol", players=8, seat=False, slug="ohne")
    names = [e.player.name for e in tournament.entries.select_related("player")]
    tables = {1: names[:4], 2: names[4:7] + ["Fremde Person"]}
    items = hands_for(tournament, tables, 2)
    report = import_hands(tournament=tournament, source=workbook([json_row(i) for i in items], table_rows(tables)),
                          filename="zettel.xlsx")
    assert not report.ok
    assert [(p.sheet, p.line, p.table) for p in report.problems] == [("Tables", 9, 2)]  # Platz 4 of table 2
    assert "„Fremde Person“ ist in diesem Turnier nicht angemeldet" in report.problems[0].message_de
    assert report.problems[0].text("de").startswith("Tables, Zeile 9 (Runde 1, Tisch 2): ")
    assert tournament.round_set.get(number=1).status == Round.PLANNED and not Seat.objects.exists()


def test_hands_must_run_on_from_the_last_stored_hand(eight):
    table = eight.round_set.get(number=1).tables.get(number=1)
    store_hand(table=table, number=1, data=DREIER)
    store_hand(table=table, number=2, data=DREIER)
    items = [{"round": 1, "table": 1, "number": n, **DREIER} for n in (4, 5, 5)]
    items += [{"round": 1, "table": 2, "number": n, **DREIER} for n in (1, 2, 3)]
    report = import_hands(tournament=eight, source=json_lines(items), filename="zettel.jsonl")
    assert not report.ok
    assert [(p.line, p.hand) for p in report.problems] == [(1, 4), (3, 5)]
    assert "Vor Spiel 4 fehlt Spiel 3" in report.problems[0].message_de
    assert "Hand 3 is missing before hand 4" in report.problems[0].message_en
    assert "zweimal" in report.problems[1].message_de
    assert Hand.objects.count() == 2


def test_the_same_hands_again_are_skipped_other_facts_are_refused(eight):
    items = hands_for(eight, seated(eight), 3)
    assert import_hands(tournament=eight, source=json_lines(items), filename="a.jsonl").ok
    more = items + hands_for(eight, {1: []}, 5, seed=9)[3:]  # hands 4 and 5 of table 1 added to the sheet
    report = import_hands(tournament=eight, source=json_lines(more), filename="a.jsonl")
    assert report.ok and report.hands_imported == 2 and report.hands_skipped == 6 and report.tables == 1
    changed = [{**items[0], "contract": "dreier", "declarer": 3, "result": "lost", "partner": None}]
    changed[0] = {key: value for key, value in changed[0].items() if value is not None and key in
                  ("round", "table", "number", "contract", "declarer", "result")}
    report = import_hands(tournament=eight, source=json_lines(changed), filename="a.jsonl")
    assert not report.ok and "schon gespeichert, mit anderen Angaben" in report.problems[0].message_de


def test_no_more_hands_than_planned(eight):
    items = [{"round": 1, "table": 1, "number": n, **DREIER} for n in range(1, 18)]
    report = import_hands(tournament=eight, source=json.dumps(items).encode(), filename="zettel.json")
    assert not report.ok
    assert [(p.line, p.hand) for p in report.problems] == [(17, 17)]
    assert report.problems[0].text("de").startswith("Eintrag 17 (Runde 1, Tisch 1, Spiel 17): ")
    assert "nur 16 Spiele geplant" in report.problems[0].message_de
    assert Hand.objects.count() == 0


# --- seating -------------------------------------------------------------------------------------------


def test_an_unseated_round_is_seated_from_the_tables_sheet(make_tournament):
    tournament = make_tournament("tirol", players=9, seat=False, slug="neun")
    names = [e.player.name for e in tournament.entries.select_related("player")]
    tables = {1: names[:5], 2: names[5:]}
    items = hands_for(tournament, tables, 3)
    items[0] = {"round": 1, "table": 1, "number": 1, **DREIER}
    report = import_hands(tournament=tournament, source=workbook([json_row(i) for i in items], table_rows(tables)),
                          filename="papier.xlsx")
    assert report.ok, report.lines("de")
    assert report.rounds_seated == [1] and report.hands_imported == 6
    round = tournament.round_set.get(number=1)
    assert round.status == Round.RUNNING and seated(tournament) == tables
    assert round.tables.get(number=1).hands_planned == 20 and round.tables.get(number=2).hands_planned == 16
    event = RoundEvent.objects.get(round=round, action="seat")
    assert event.detail["as_given"] and event.reason == "Import papier.xlsx"
    assert tournament.entries.filter(lot__isnull=True).count() == 0
    # hand 1 at the table of five: position 0 deals and sits out, hand seat 2 is position 3
    first = Hand.objects.get(table__number=1, number=1, table__round=round)
    assert {s.entry.player.name: s.points for s in first.scores.select_related("entry__player")}[names[3]] == 15
    assert first.scores.count() == 4


def test_an_unseated_round_is_seated_from_json_players(make_tournament):
    tournament = make_tournament("tirol", players=8, seat=False, slug="json-sitz")
    names = [e.player.name for e in tournament.entries.select_related("player")]
    items = [{"round": 1, "table": 1, "number": 1, "players": names[:4], **DREIER},
             {"round": 1, "table": 2, "number": 1, "players": [n.upper() for n in names[4:]], **DREIER},
             {"round": 1, "table": 2, "number": 2, **DREIER}]
    report = import_hands(tournament=tournament, source=json_lines(items), filename="zettel.jsonl")
    assert report.ok, report.lines("de")
    assert seated(tournament) == {1: names[:4], 2: names[4:]} and report.hands_imported == 3


def test_hands_of_an_unseated_round_need_a_seating(make_tournament):
    tournament = make_tournament("tirol", players=8, seat=False, slug="ohne-sitz")
    report = import_hands(tournament=tournament, source=json_lines([{"round": 1, "table": 1, "number": 1, **DREIER}]),
                          filename="zettel.jsonl")
    assert not report.ok and "noch nicht gesetzt" in report.problems[0].message_de


def test_a_seating_that_breaks_the_rules_is_reported_by_table(make_tournament):
    tournament = make_tournament("tirol", players=8, seat=False, slug="regeln")
    names = [e.player.name for e in tournament.entries.select_related("player")]
    tables = {1: names[:4], 2: names[3:6]}  # names[3] twice; table 2 has three players
    report = import_hands(tournament=tournament, source=workbook([], table_rows(tables)), filename="sitz.xlsx")
    assert not report.ok
    text = "\n".join(report.lines("de"))
    assert "Tisch 2 hat 3 Spieler" in text and "sitzt mehrmals in Runde 1" in text
    assert Seat.objects.count() == 0


def test_a_different_seating_of_a_seated_round_is_refused(eight):
    tables = seated(eight)
    swapped = {1: [tables[1][1], tables[1][0], *tables[1][2:]], 2: tables[2]}
    items = hands_for(eight, tables, 2)
    report = import_hands(tournament=eight, source=workbook([json_row(i) for i in items], table_rows(swapped)),
                          filename="zettel.xlsx")
    assert not report.ok
    assert [(p.sheet, p.line, p.table) for p in report.problems] == [("Tables", 2, 1)]
    assert "weicht von der gespeicherten ab" in report.problems[0].message_de
    same = import_hands(tournament=eight, source=workbook([json_row(i) for i in items], table_rows(tables)),
                        filename="zettel.xlsx")
    assert same.ok and same.hands_imported == 4


def test_seat_round_as_given_checks_like_seat_round(make_tournament):
    tournament = make_tournament("tirol", players=10, seat=False, slug="gegeben", tables_of_five=False)
    ids = list(tournament.entries.order_by("pk").values_list("pk", flat=True))
    round1, round2 = tournament.round_set.get(number=1), tournament.round_set.get(number=2)
    with pytest.raises(ServiceError) as excinfo:
        rounds.seat_round_as_given(round=round2, tables={1: ids[:4]})
    assert "Zuerst Runde 1 setzen" in excinfo.value.message_de
    with pytest.raises(ServiceError) as excinfo:
        rounds.seat_round_as_given(round=round1, tables={1: ids[:5], 2: ids[5:9]})
    assert "erlaubt sind nur 4" in excinfo.value.message_de
    services.withdraw(entry=tournament.entries.get(pk=ids[0]), after_round=0)
    with pytest.raises(ServiceError) as excinfo:
        rounds.seat_round_as_given(round=round1, tables={1: ids[:4], 2: ids[4:8]})
    assert "ausgeschieden" in excinfo.value.message_de
    rounds.seat_round_as_given(round=round1, tables={3: ids[1:5], 5: ids[5:9]})
    assert seated(tournament) == {3: [tournament.entries.get(pk=i).player.name for i in ids[1:5]],
                                  5: [tournament.entries.get(pk=i).player.name for i in ids[5:9]]}
    assert tournament.round_set.get(number=1).status == Round.SEATED


# --- bad files ---------------------------------------------------------------------------------------------


def a_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hallo.txt", "kein Excel")
    return buffer.getvalue()


@pytest.mark.parametrize(("content", "filename", "german"), [
    (b'[{"round": 1, "table": 1', "zettel.json", "kein gültiges JSON"),
    (a_zip(), "zettel.xlsx", "keine lesbare Excel-Datei"),
    ("ä".encode("latin-1"), "zettel.json", "kein UTF-8-Text"),
    (b"Runde;Tisch;Spiel\n1;1;1\n", "zettel.csv", "Excel-Datei (.xlsx) oder eine JSON-Datei"),
    (b"PK\x03\x04 kaputt", "zettel.xlsx", "keine lesbare Excel-Datei"),
    (b"", "zettel.json", "Die Datei ist leer"),
    (b'"nur ein Text"', "zettel.json", "Erwartet wird ein JSON-Array"),
])
def test_a_bad_file_gets_a_clear_message(eight, content, filename, german):
    report = import_hands(tournament=eight, source=content, filename=filename)
    assert not report.ok and len(report.problems) == 1
    assert german in report.problems[0].message_de and report.problems[0].message_en
    assert report.problems[0].text("de").startswith("Datei: ")


def test_a_workbook_without_the_headers_and_a_broken_json_line(eight):
    book = Workbook()
    book.active.append(["Name", "Verein"])
    buffer = io.BytesIO()
    book.save(buffer)
    report = import_hands(tournament=eight, source=buffer.getvalue(), filename="spieler.xlsx")
    assert not report.ok and "Runde, Tisch, Spiel" in report.problems[0].message_de
    lines = json_lines([{"round": 1, "table": 1, "number": 1, **DREIER}]) + b"\n{kaputt\n"
    report = import_hands(tournament=eight, source=lines, filename="zettel.jsonl")
    assert [(p.line, p.message_de.startswith("Diese Zeile ist kein gültiges JSON")) for p in report.problems] == [(2, True)]
    assert Hand.objects.count() == 0


def test_the_hand_seats_in_the_sheet_must_match_the_seating(eight):
    names = seated(eight)[1]
    positions = active_positions(1, 4)
    row = {**json_row({"round": 1, "table": 1, "number": 1, **DREIER}),
           "Sitz 0 Name": names[positions[0]], "Sitz 1 Name": names[positions[0]]}
    report = import_hands(tournament=eight, source=workbook([row]), filename="zettel.xlsx")
    assert not report.ok and [p.line for p in report.problems] == [2]
    assert "Sitz 1 ist laut Datei" in report.problems[0].message_de


def test_the_dealer_at_a_table_of_five_sits_out(make_tournament):
    tournament = make_tournament("tirol", players=9, slug="fuenf")
    five = next(table for table, names in seated(tournament).items() if len(names) == 5)
    dealer = seated(tournament)[five][0]
    rows = [{columns.ROUND: 1, columns.TABLE: five, columns.HAND: 1, columns.CONTRACT: "dreier",
             columns.DECLARER: dealer, columns.RESULT: "won"}]
    report = import_hands(tournament=tournament, source=workbook(rows), filename="zettel.xlsx")
    assert not report.ok and "sitzt aus" in report.problems[0].message_de


def test_only_the_chosen_round(eight):
    items = hands_for(eight, seated(eight), 1) + [{"round": 2, "table": 1, "number": 1, **DREIER}]
    report = import_hands(tournament=eight, source=json_lines(items), filename="zettel.jsonl", rounds=[1])
    assert report.ok and report.hands_imported == 2
    report = import_hands(tournament=eight, source=json_lines(items), filename="zettel.jsonl", rounds=[3])
    assert not report.ok and "Für Runde 3 stehen in der Datei keine Spiele" in report.problems[0].message_de


# --- the director's page -----------------------------------------------------------------------------------


def upload(content: bytes, name: str):
    file = io.BytesIO(content)
    file.name = name
    return file


def test_the_page_imports_and_reports(client, director, eight):
    url = reverse("paper:import_hands", args=[eight.slug])
    assert url == "/leitung/turnier/acht/spiele-import/"
    page = client.get(url)
    assert page.status_code == 200 and "Spiele importieren" in page.content.decode()
    items = hands_for(eight, seated(eight), 4)
    bad = [*items[:3], {**items[3], "contract": "grand"}]
    response = client.post(url, {"file": upload(json_lines(bad), "zettel.jsonl")})
    html = response.content.decode()
    assert response.status_code == 422 and Hand.objects.count() == 0
    assert "Zeile 4 (Runde 1, Tisch 1, Spiel 4)" in html and "Nichts gespeichert" in html and 'lang="en"' in html
    response = client.post(url, {"file": upload(json_lines(items), "zettel.jsonl")})
    html = response.content.decode()
    assert response.status_code == 200 and Hand.objects.count() == 8
    assert "8 Spiele an 2 Tischen" in html and reverse("tournament:detail", args=[eight.slug]) in html
    response = client.post(url, {"file": upload(b"\x00\x01", "zettel.pdf")})
    assert response.status_code == 422 and "JSON-Datei" in response.content.decode()
    assert client.post(url, {}).status_code == 422


def test_the_page_in_english(client, director, eight):
    client.cookies["django_language"] = "en"
    url = reverse("paper:import_hands", args=[eight.slug])
    response = client.post(url, {"file": upload(b"{kaputt", "zettel.json")}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Nothing was saved" in response.content.decode()


def test_the_page_needs_a_director(client, eight):
    url = reverse("paper:import_hands", args=[eight.slug])
    response = client.get(url)
    assert response.status_code == 302 and "/anmelden/" in response["Location"]
    response = client.post(url, {"file": upload(b"[]", "zettel.json")})
    assert response.status_code == 302 and Hand.objects.count() == 0


@pytest.mark.parametrize("title, language", [("Spiele", "de"), ("Hands", "en")])
def test_a_sheet_in_either_language_of_the_workbook_reads_back(eight, title, language):
    """The workbook names its sheet, contracts and results in its reader's language: both read back."""
    from rules.rulesets import contract_name

    names = seated(eight)[1]
    won, lost = ("gewonnen", "verloren") if language == "de" else ("won", "lost")
    rows = [{columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 1, columns.CONTRACT: contract_name("bettler", language),
             columns.DECLARER: names[1], columns.RESULT: lost},
            {columns.ROUND: 1, columns.TABLE: 1, columns.HAND: 2, columns.CONTRACT: contract_name("solorufer", language),
             columns.DECLARER: 0, columns.RESULT: won}]
    report = import_hands(tournament=eight, source=workbook(rows, hands_title=title), filename="zettel.xlsx")
    assert report.ok, report.lines("de")
    stored = Hand.objects.filter(table__round__tournament=eight).order_by("number")
    assert [(hand.data["contract"], hand.data["result"]) for hand in stored] == [("bettler", "lost"), ("solorufer", "won")]
