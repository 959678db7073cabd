"""Tournaments, players and rounds through the services a director's pages call."""

import io
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import Workbook

from language import ServiceError
from paper.imports import players as player_import
from rules.rulesets import BUILTIN
from scoring import selectors as scoring_selectors
from tournament import players, rounds, selectors, services
from tournament.errors import DuplicatePlayer
from tournament.models import CustomRuleSet, Entry, Player, Round, RoundEvent


def play_rounds(tournament, play_round, count: int) -> None:
    """Seat (round 1 is seated already), play and close the first ``rounds`` rounds."""
    for number in range(1, count + 1):
        round = tournament.round_set.get(number=number)
        if number > 1:
            rounds.seat_round(round=round, seed=f"s{number}")
        play_round(round, seed=number)
        rounds.close_round(round=round)


def test_a_tournament_keeps_a_snapshot_of_its_rules_and_the_format(db):
    tournament = services.create_tournament(name="Hopfgartner Turnier", slug="hopf", date=date(2026, 5, 1),
                                            ruleset=BUILTIN["hopfgarten"])
    assert tournament.ruleset == BUILTIN["hopfgarten"]
    assert (tournament.ruleset_slug, tournament.ruleset_version) == ("hopfgarten", 1)
    assert (tournament.hands_at_four, tournament.tables_of_five, tournament.final_round_top) == (20, False, 12)
    assert list(tournament.round_set.values_list("number", "is_final")) == [(1, False), (2, False), (3, False), (4, True)]


def test_custom_rule_sets_resolve_and_broken_ones_are_refused(db):
    custom = CustomRuleSet.objects.create(slug="tirol-club", version=2, name="Klub", base="tirol",
                                          overrides={"contracts": {"dreier": {"value": 6}}})
    ruleset = services.resolve_ruleset(f"custom:{custom.pk}")
    assert ruleset.contract("dreier").value == 6 and ruleset.key == "tirol-club@2"
    broken = CustomRuleSet.objects.create(slug="x", version=1, name="X", base="tirol", overrides={"kontra_levels": [3]})
    with pytest.raises(ServiceError):
        services.resolve_ruleset(f"custom:{broken.pk}")
    with pytest.raises(ServiceError):
        services.resolve_ruleset("wien")


def test_a_likely_duplicate_is_flagged_not_created(db):
    players.register_player(name="Hans Müller", club="TC Innsbruck")
    with pytest.raises(DuplicatePlayer) as excinfo:
        players.register_player(name="müller  hans")
    assert "Hans Müller (TC Innsbruck)" in excinfo.value.message_de
    assert Player.objects.count() == 1
    players.register_player(name="Hans Müller", club="TC Wörgl", allow_duplicate=True)
    assert Player.objects.count() == 2
    with pytest.raises(ServiceError):
        players.register_player(name="   ")


def test_paste_and_upload_import(make_tournament):
    tournament = make_tournament("tirol", players=0, seat=False)
    players.register_player(name="Anna Berger", club="Wörgl")
    players.register_player(name="Karl Huber", club="Hall")
    text = "Anna Berger; Wörgl\nKarl Huber; Kufstein\nNeue Spielerin\tInnsbruck\n\n"
    report = player_import.import_players(tournament=tournament, rows=player_import.player_rows_from_text(text), check_in=True)
    assert [p.name for p in report.reused] == ["Anna Berger"]
    assert [row["name"] for row, _ in report.flagged] == ["Karl Huber"]
    assert len(report.entered) == 2 and Entry.objects.filter(checked_in=True).count() == 2

    book = Workbook()
    book.active.append(["Name", "Verein", "Region"])
    book.active.append(["Lisa Maier", "Hall", "Tirol"])
    buffer = io.BytesIO()
    book.save(buffer)
    rows = player_import.player_rows_from_file("liste.xlsx", buffer.getvalue())
    assert rows == [{"name": "Lisa Maier", "club": "Hall", "region": "Tirol"}]
    rows = player_import.player_rows_from_file("liste.csv", "Name;Verein\nOtto;Hall\n;\n".encode())
    assert rows == [{"name": "Otto", "club": "Hall"}]
    with pytest.raises(ServiceError):
        player_import.player_rows_from_file("x.csv", b"Vorname,Verein\nOtto,Hall\n")
    assert player_import.player_rows_from_file("leer.csv", b"") == []
    report = player_import.import_players(tournament=tournament, rows=[{"name": ""}])
    assert report.skipped == [(1, "kein Name / no name")]


def test_seating_a_round_of_17(make_tournament):
    tournament = make_tournament("tirol", players=17)
    round = tournament.round_set.get(number=1)
    sizes = sorted(round.tables.values_list("hands_planned", flat=True))
    assert sizes == [16, 16, 16, 20]
    assert sorted(t.seats.count() for t in round.tables.all()) == [4, 4, 4, 5]
    assert round.status == Round.SEATED and round.seed == "test"
    lots = sorted(tournament.entries.values_list("lot", flat=True))
    assert lots == list(range(1, 18))
    assert RoundEvent.objects.filter(round=round, action="seat").exists()


def test_reseating_after_a_late_arrival_keeps_the_lots(make_tournament):
    tournament = make_tournament("tirol", players=16)
    round = tournament.round_set.get(number=1)
    lots_before = dict(tournament.entries.values_list("pk", "lot"))
    latecomer = players.register_player(name="Zu Spät")
    services.enter_player(tournament=tournament, player=latecomer, checked_in=True)
    rounds.seat_round(round=round, seed="again")
    assert sorted(t.seats.count() for t in round.tables.all()) == [4, 4, 4, 5]
    lots_after = dict(tournament.entries.values_list("pk", "lot"))
    assert all(lots_after[pk] == lot for pk, lot in lots_before.items())
    assert sorted(lots_after.values()) == list(range(1, 18))


def test_a_count_that_fits_no_tables_gets_a_bye(make_tournament):
    """11 players fit no tables of four and five: one sits out (events.md), the others play 5 + 5."""
    tournament = make_tournament("tirol", players=11, seat=False)
    round = rounds.seat_round(round=tournament.round_set.get(number=1), seed="s")
    assert sorted(t.seats.count() for t in round.tables.all()) == [5, 5]
    assert round.byes.count() == 1
    assert round.events.get(action="seat").detail["byes"] == [round.byes.get().entry_id]


def test_fewer_than_four_cannot_be_seated(make_tournament):
    tournament = make_tournament("tirol", players=4, seat=False)
    tournament.entries.first().delete()
    with pytest.raises(ServiceError) as excinfo:
        rounds.seat_round(round=tournament.round_set.get(number=1), seed="s")
    assert "4" in excinfo.value.message_de


def test_rounds_in_order_and_later_rounds_avoid_repeats(make_tournament, play_round):
    tournament = make_tournament("tirol", players=20)
    with pytest.raises(ServiceError):
        rounds.seat_round(round=tournament.round_set.get(number=3), seed="s")
    play_rounds(tournament, play_round, 3)
    assert tournament.round_set.get(number=3).repeats == 0
    with pytest.raises(ServiceError):
        rounds.seat_round(round=tournament.round_set.get(number=3), seed="again")


def test_a_withdrawn_player_is_not_seated_again(make_tournament, play_round):
    tournament = make_tournament("tirol", players=17)
    round1 = tournament.round_set.get(number=1)
    play_round(round1)
    rounds.close_round(round=round1)
    leaver = tournament.entries.first()
    services.withdraw(entry=leaver, after_round=1)
    rounds.seat_round(round=tournament.round_set.get(number=2), seed="r2")
    seated = set(tournament.round_set.get(number=2).tables.values_list("seats__entry_id", flat=True))
    assert leaver.pk not in seated and len(seated) == 16


def test_closing_needs_every_table_done_or_ended_and_reopening_needs_a_reason(make_tournament, play_round, director):
    tournament = make_tournament("tirol", players=8)
    round = tournament.round_set.get(number=1)
    play_round(round, hands=10)
    with pytest.raises(ServiceError) as excinfo:
        rounds.close_round(round=round)
    assert "Tisch 1, 2" in excinfo.value.message_de
    for table in round.tables.all():
        rounds.end_table(table=table, reason="Zeit", user=director)
    rounds.close_round(round=round, user=director)
    round.refresh_from_db()
    assert round.status == Round.CLOSED
    with pytest.raises(ServiceError):
        rounds.close_round(round=round)
    with pytest.raises(ServiceError):
        rounds.end_table(table=round.tables.first())
    with pytest.raises(ServiceError):
        rounds.reopen_round(round=round, reason="  ")
    rounds.reopen_round(round=round, reason="Schreibfehler Tisch 2", user=director)
    round.refresh_from_db()
    assert round.status == Round.RUNNING
    with pytest.raises(ServiceError):
        rounds.reopen_round(round=round, reason="nochmal")
    assert list(round.events.values_list("action", flat=True)) == ["seat", "end_table", "end_table", "close", "reopen"]
    assert round.events.get(action="reopen").reason == "Schreibfehler Tisch 2"


def test_the_final_round_seats_the_best_by_the_standings(make_tournament, play_round):
    tournament = make_tournament("hopfgarten", players=16)
    play_rounds(tournament, play_round, 3)
    final = tournament.round_set.get(is_final=True)
    ranking = [row.player.entry_id for row in scoring_selectors.standings(tournament)]
    rounds.seat_round(round=final, ranking=ranking)
    tables = [[s.entry_id for s in t.seats.order_by("position")] for t in final.tables.order_by("number")]
    assert sorted(sum(tables, [])) == sorted(ranking[:12])
    assert set(tables[0]) == set(ranking[:4])
    play_round(final, seed=9)
    standings = scoring_selectors.standings(tournament)
    assert [row.finalist for row in standings] == [True] * 12 + [False] * 4
    for row in standings[:12]:
        assert row.carried == (row.preliminary / 2).quantize(Decimal("0.01")), (row.carried, row.preliminary)


def test_the_final_round_needs_the_preliminary_rounds_closed(make_tournament):
    tournament = make_tournament("hopfgarten", players=16)
    with pytest.raises(ServiceError):
        rounds.seat_round(round=tournament.round_set.get(is_final=True), ranking=[])


def test_a_director_may_allow_tables_of_five_where_the_rules_use_only_four(db):
    strict = services.create_tournament(name="H", slug="h1", date=date(2026, 5, 1), ruleset=BUILTIN["hopfgarten"])
    relaxed = services.create_tournament(name="H", slug="h2", date=date(2026, 5, 1), ruleset=BUILTIN["hopfgarten"],
                                         tables_of_five=True)
    assert (strict.tables_of_five, relaxed.tables_of_five) == (False, True)
    for tournament in (strict, relaxed):
        player_import.import_players(tournament=tournament, rows=[{"name": f"S{i}"} for i in range(17)], check_in=True)
    round = rounds.seat_round(round=strict.round_set.get(number=1), seed="s")  # one sits out
    assert [t.seats.count() for t in round.tables.all()] == [4, 4, 4, 4] and round.byes.count() == 1
    round = rounds.seat_round(round=relaxed.round_set.get(number=1), seed="s")
    assert sorted(t.seats.count() for t in round.tables.all()) == [4, 4, 4, 5]


def test_the_round_page_names_who_meets_again(make_tournament, play_round, client, director):
    tournament = make_tournament("tirol", players=13)
    for number in (1, 2):
        round = tournament.round_set.get(number=number)
        if number > 1:
            rounds.seat_round(round=round, seed="r2")
        play_round(round)
        rounds.close_round(round=round)
    round = tournament.round_set.get(number=2)
    pairs = selectors.repeated_pairs(round)
    assert len(pairs) == round.repeats > 0
    html = client.get(f"/turniere/{tournament.slug}/runde/2/").content.decode()
    assert "Wer sich wieder trifft" in html and pairs[0][0] in html


@pytest.mark.django_db
@pytest.mark.parametrize("four,five,expected", [(None, None, (16, 20)), (20, None, (20, 25)), (20, 25, (20, 25)),
                                                 (16, 20, (16, 20))])
def test_the_hands_per_table_can_be_chosen_and_stay_fair(four, five, expected):
    from datetime import date

    from rules.rulesets import BUILTIN

    tournament = services.create_tournament(name="H", slug=f"h-{four}-{five}", date=date(2026, 11, 21),
                                            ruleset=BUILTIN["tirol"], hands_at_four=four, hands_at_five=five)
    assert (tournament.hands_at_four, tournament.hands_at_five) == expected


@pytest.mark.django_db
def test_hopfgarten_plays_as_many_hands_at_a_table_of_five_as_at_four():
    from datetime import date

    from rules.rulesets import BUILTIN

    tournament = services.create_tournament(name="H", slug="hopf", date=date(2026, 11, 21),
                                            ruleset=BUILTIN["hopfgarten"], tables_of_five=True)
    assert (tournament.hands_at_four, tournament.hands_at_five) == (20, 25)


@pytest.mark.django_db
def test_hand_counts_that_are_unfair_are_refused():
    from datetime import date

    from rules.rulesets import BUILTIN

    with pytest.raises(ServiceError, match="16 and 20, or 20 and 25"):
        services.create_tournament(name="H", slug="bad", date=date(2026, 11, 21), ruleset=BUILTIN["tirol"],
                                   hands_at_four=16, hands_at_five=25)
