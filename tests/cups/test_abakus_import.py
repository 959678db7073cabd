"""import_abakus: an ABAKUS export in the structure ABAKUS's code writes (cups/abakus.py's docstring) and the
season table it gives, against figures worked by hand the way ABAKUS computes them:

* ranks (Statistik/loadSTAT.js compSTAT): more total, then the higher best round, then the lower worst round;
  a missed round ("-") after the others with that total;
* cup points (statFunktionen.js getCupPunkte): cup 54 fixed points 223, 198, 180, 168 …; cup 55 the cube
  round(200 · ((N − rank)/(N − 1))³);
* the season (SAISON.js bereSaison): the best six results, the tournament with "FINAL" in its name on top.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from cups.abakus import rank_lines
from cups.abakus_import import import_abakus
from cups.models import AbakusNumber, Cup, ImportedResult, Season
from cups.selectors import find_season, season_standings
from cups.services import set_qualification
from language import ServiceError
from tournament.models import Player
from tournament.players import register_player

GUEST = "Gast_Gustlˆ Linz"


def export() -> dict:
    hausruck = {
        "_LASTTURNIER": "2024-04-06, 1712400000000",
        # T1: totals 120, 110, 30 -> A 223, B 198, C 180
        "2023-09-02": {"_NAME": "1. Hausruck-Turnier", "_SAISON": "2023/24", "_VERANSTALTER": "0001",
                       "0001": [50, 40, 30], "0002": [60, 30, 20], "0003": [10, 10, 10]},
        # T2: all 120; best round C 100, B 70, A 40 -> C 223, B 198, A 180
        "2023-10-07": {"_NAME": "2. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0001": [40, 40, 40], "0002": [70, 30, 20], "0003": [100, 0, 20]},
        # T3: A, B, D 100 with best 50; B's worst 10 < A's 20 -> B, A; D missed a round -> after them; C 90
        "2023-11-04": {"_NAME": "3. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0001": [50, 20, 30], "0002": [50, 10, 40], "0004": [60, "-", 40], "0003": [0, "-", 90]},
        "2023-12-02": {"_NAME": "4. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0001": [30, 30, 30], "0002": [20, 20, 20]},
        "2024-01-06": {"_NAME": "5. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0003": [50, 50, 50], "0001": [10, 10, 10]},
        "2024-02-03": {"_NAME": "6. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0001": [20, 20, 20], "0004": [10, 10, 10], GUEST: [5, 5, 5]},
        "2024-03-02": {"_NAME": "7. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0002": [30, 30, 30], "0003": [20, 20, 20], "0001": [10, 10, 10]},
        "2024-04-06": {"_NAME": "Hausruck-FINALE", "_SAISON": "2023/24",
                       "0001": [10, 10, 10], "0002": [20, 20, 20], "0004": [0, 0, 0]},
    }
    tirol = {
        # N = 4: round(200 · (3/3)³) = 200, round(200 · (2/3)³) = 59, round(200 · (1/3)³) = 7, 0
        "2024-09-14": {"_NAME": "Tiroler Cup Auftakt", "_SAISON": "2024/25",
                       "0001": [10, 10, 10], "0005": [9, 9, 9], "0002": [1, 1, 1], "0003": [0, 0, -5]},
        # still running in ABAKUS: the phones' entries sit in _AKTTURNIER; skipped
        "2024-10-12": {"_NAME": "Tiroler Cup Herbst", "_SAISON": "2024/25", "0001": [5, "-", "-"],
                       "_AKTTURNIER": {"_RUNDE": 2, "_R2_0001": 12}},
    }
    return {"00": {
        "CUPS": {
            "054": {"NAME": "Hausruckcup", "TYP": "CUP", "REGELN": "Ooe."},
            "055": {"NAME": "Tiroler Tarockcup", "TYP": "CUP", "REGELN": "Tir."},
            "077": {"NAME": "Testcup ohne Turniere", "TYP": "CUP"},
            "SPIELERnr": {
                "0001": ["Alt", "Anna", "Wels", "", 0, True],
                "0002": ["Bauer", "Bernd", "Linz", "", 0, True],
                "0003": ["Christ", "Carla", "Steyr", "", 0, True],
                "0004": ["Dorn", "Dieter", "Wels", "", 0, True],
                "0009": ["Nie", "Niemand", "Ried", "", 0, False],
            },
            "TIMESTAMP": 1712400000000,
        },
        "054": hausruck,
        "055": tirol,
    }}


def content(data=None) -> bytes:
    return json.dumps(data if data is not None else export(), ensure_ascii=False).encode()


def table(season) -> list[tuple]:
    s = season_standings(season)
    return [(row.rank, row.player.name, row.points, row.participations) for row in s.rows]


@pytest.mark.django_db
def test_the_season_equals_abakus_by_hand():
    bernd = register_player(name="Bernd Bauer", club="Linz")  # on the site already: matched by name and club
    report = import_abakus(content=content())

    cup = Cup.objects.get(abakus_number="054")
    assert (cup.name, cup.slug, cup.scheme, cup.best_n, cup.final_mode) == ("Hausruckcup", "hausruckcup", "fixed",
                                                                            6, "plus")
    season = find_season("hausruckcup")
    assert season.label == "2023/24"
    # A: 223, 180, 198, 223, 198, 223, 180 -> best six 1245, + final 198 = 1443
    # B: 198, 198, 223, 198, 223 = 1040, + final 223 = 1263; C: 180, 223, 168, 223, 198 = 992
    # D: 180, 198 + final 180 = 558; the guest: 180
    assert table(season) == [(1, "Anna Alt", 1443, 8), (2, "Bernd Bauer", 1263, 6), (3, "Carla Christ", 992, 5),
                             (4, "Dieter Dorn", 558, 3), (5, "Gast Gustl", 180, 1)]
    s = season_standings(season)
    assert (s.tournaments, s.counted) == (8, 6)
    anna = s.rows[0]
    assert [(c.result.rank, c.result.points, c.counted) for c in anna.results] == [
        (1, 223, True), (3, 180, True), (2, 198, True), (1, 223, True), (2, 198, True), (1, 223, True),
        (3, 180, False), (2, 198, True)]  # the later of the two 180s is dropped; the final counts on top
    third = ImportedResult.objects.filter(date="2023-11-04").order_by("rank")
    assert [(r.player.name, r.rank, r.total, r.rounds) for r in third] == [
        ("Bernd Bauer", 1, 100, [50, 10, 40]), ("Anna Alt", 2, 100, [50, 20, 30]),
        ("Dieter Dorn", 3, 100, [60, None, 40]), ("Carla Christ", 4, 90, [0, None, 90])]

    tirol = find_season("tiroler-tarockcup")
    assert Cup.objects.get(abakus_number="055").scheme == "cube"
    assert table(tirol) == [(1, "Anna Alt", 200, 1), (2, "ABAKUS 0005", 59, 1), (3, "Bernd Bauer", 7, 1),
                            (4, "Carla Christ", 0, 1)]

    assert Player.objects.get(abakus_numbers__number="0002") == bernd
    assert (report.cups_created, report.seasons_created, report.tournaments_created, report.results_created) == (
        2, 2, 9, 27)
    assert (report.players_matched, report.players_created, report.players_skipped) == (1, 5, 1)
    assert report.running == [("Tiroler Tarockcup", "2024-10-12")]
    assert not Cup.objects.filter(abakus_number="077").exists()  # no tournaments: nothing to switch


@pytest.mark.django_db
def test_importing_again_changes_nothing():
    import_abakus(content=content())
    before = (list(ImportedResult.objects.values_list("pk", "rank", "total")), Player.objects.count(),
              AbakusNumber.objects.count(), list(Season.objects.values_list("pk", "ordering")), Cup.objects.count())
    again = import_abakus(content=content())
    after = (list(ImportedResult.objects.values_list("pk", "rank", "total")), Player.objects.count(),
             AbakusNumber.objects.count(), list(Season.objects.values_list("pk", "ordering")), Cup.objects.count())
    assert after == before
    assert (again.tournaments_created, again.results_created, again.players_created, again.cups_created) == (0, 0, 0, 0)
    assert (again.tournaments_skipped, again.results_skipped, again.players_matched, again.cups_matched) == (9, 27, 6, 2)


@pytest.mark.django_db
def test_qualification_after_the_import():
    import_abakus(content=content())
    season = find_season("hausruckcup")
    set_qualification(cup=season.cup, min_tournaments=4, final_qualifiers=2)
    season = find_season("hausruckcup")
    rows = season_standings(season).as_json()["rows"]
    assert [(r["name"], r["qualified"], r["tournaments_missing"]) for r in rows] == [
        ("Anna Alt", True, 0), ("Bernd Bauer", True, 0), ("Carla Christ", False, 0), ("Dieter Dorn", False, 1),
        ("Gast Gustl", False, 3)]


def test_ranks_as_abakus_sorts_them():
    lines = rank_lines({"0003": [40, 40, 40], "0001": [70, 30, 20], "0002": [70, 40, 10], "0004": [60, None, 60],
                        "0005": [None, 80, 40]})
    # 120 each; best 70: 0002 (worst 10) before 0001 (worst 20); 40 best last; missed rounds after, by number
    assert [(line.key, line.rank) for line in lines] == [("0002", 1), ("0001", 2), ("0003", 3), ("0004", 4),
                                                         ("0005", 5)]


@pytest.mark.django_db
@pytest.mark.parametrize(("data", "words"), [
    (b"\x00\x01 not json", ("kein JSON", "not JSON")),
    (b'{"rows": [1, 2, 3]}', ("CUPS", "CUPS")),
    (b'{"CUPS": {"054": {"NAME": "X"}}}', ("SPIELERnr", "SPIELERnr")),
])
def test_a_foreign_or_broken_file_is_refused_in_both_languages(data, words):
    with pytest.raises(ServiceError) as err:
        import_abakus(content=data)
    assert words[0] in err.value.message_de and words[1] in err.value.message_en
    assert "ABAKUS" in err.value.message_de and "ABAKUS" in err.value.message_en


@pytest.mark.django_db
def test_a_broken_tournament_writes_nothing():
    data = export()
    data["00"]["055"]["2024-09-14"]["0003"] = [0, "x", 1]  # a round that is no number, in the second cup
    players = Player.objects.count()
    with pytest.raises(ServiceError) as err:
        import_abakus(content=content(data))
    assert "0003" in err.value.message_en and "Rundenpunkte" in err.value.message_de
    assert (Player.objects.count(), Cup.objects.count(), ImportedResult.objects.count()) == (players, 0, 0)


@pytest.mark.django_db
def test_the_same_person_twice_in_a_tournament_rolls_back():
    data = export()
    data["00"]["054"]["2023-09-02"]["Alt_Annaˆ Wels"] = [1, 1, 1]  # a guest who is number 0001 by name and place
    with pytest.raises(ServiceError) as err:
        import_abakus(content=content(data))
    assert "Anna Alt" in err.value.message_en
    assert (Player.objects.count(), Cup.objects.count(), ImportedResult.objects.count(),
            AbakusNumber.objects.count()) == (0, 0, 0, 0)


@pytest.mark.django_db
def test_command_reports_and_refuses(tmp_path):
    path = tmp_path / "abakus.json"
    path.write_bytes(content())
    out = StringIO()
    call_command("import_abakus", str(path), "--cup", "54", stdout=out, stderr=StringIO())
    text = out.getvalue()
    assert "Turniere: 8 neu, 0 gefunden, 0 übersprungen  /  tournaments: 8 created, 0 matched, 0 skipped" in text
    assert not Cup.objects.filter(abakus_number="055").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    with pytest.raises(CommandError) as err:
        call_command("import_abakus", str(bad), stdout=StringIO(), stderr=StringIO())
    assert "Keine ABAKUS-Datei" in str(err.value) and "Not an ABAKUS export" in str(err.value)
    with pytest.raises(CommandError):
        call_command("import_abakus", str(tmp_path / "missing.json"), stdout=StringIO(), stderr=StringIO())


@pytest.mark.django_db
def test_the_readme_command_runs_on_the_sample_file():
    """README and docs/cups.md print `manage.py import_abakus fixtures/abakus-sample.json`: the file is this
    test's export, and the command as printed imports it."""
    sample = settings.BASE_DIR / "fixtures" / "abakus-sample.json"
    assert json.loads(sample.read_text(encoding="utf-8")) == export()
    out = StringIO()
    call_command("import_abakus", str(sample), stdout=out, stderr=StringIO())
    assert "Ergebnisse: 27 neu" in out.getvalue()
    assert table(find_season("hausruckcup"))[0] == (1, "Anna Alt", 1443, 8)


@pytest.mark.django_db
def test_a_season_label_too_long_is_refused_before_any_write():
    data = export()
    data["00"]["055"]["2024-09-14"]["_SAISON"] = "Saison 2024/25 des Tiroler Cups"
    with pytest.raises(ServiceError) as err:
        import_abakus(content=content(data))
    assert "longer than 20" in err.value.message_en
    assert (Player.objects.count(), Cup.objects.count()) == (0, 0)


@pytest.mark.django_db
def test_progress_counts_players_and_tournaments(tmp_path):
    calls = []
    import_abakus(content=content(), progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (1, 15) and calls[-1] == (15, 15)  # 6 players, 9 tournaments
    assert [done for done, _total in calls] == list(range(1, 16))

    class Terminal(StringIO):
        def isatty(self):
            return True

    path = tmp_path / "abakus.json"
    path.write_bytes(content())
    err = Terminal()
    call_command("import_abakus", str(path), stdout=StringIO(), stderr=err)
    assert "\r[" + "#" * 30 + "] 15/15" in err.getvalue()


@pytest.mark.django_db
def test_a_merge_keeps_the_abakus_number_with_the_player_kept():
    from cups.players import merge_players

    import_abakus(content=content())
    guest = Player.objects.get(name="Gast Gustl")
    carla = Player.objects.get(abakus_numbers__number="0003")  # never in a tournament with the guest
    merge_players(keep=guest, duplicate=carla)
    assert AbakusNumber.objects.get(number="0003").player == guest
    assert import_abakus(content=content()).players_created == 0  # the next import finds him by the number
