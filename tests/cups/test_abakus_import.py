"""import_abakus: an ABAKUS export in the structure ABAKUS's code writes (cups/abakus.py's docstring) and the
season tables it gives, against figures worked by hand the way ABAKUS (ahunu/ABAKUS HEAD) computes them:

* ranks (Statistik/loadSTAT.js compSTAT): more total, then the higher best round, then the lower worst round;
  a missed round ("-") after the others with that total; then the lower number;
* cup points per cup *and season* (Statistik/statFunktionen.js getCupPunkte): cups 50-60 fixed points up to
  2019/20 (223, 198, 180 …), the Heine points of the total after it (P > 100: 100 + floor((P - 100) / 2);
  P <= 0: none); cup 55 the cube up to 2019/20;
* the season (Statistik/SAISON.js initSAISON): cups 50, 52, 53, 55 and 54/56 up to 2020/21 by bereSaisonFIX
  (the best floor(TURNIER) results, the final on top when TURNIER has a fraction; ties by the weighted sum
  of the counted results, then participations), every other by bereSaisonHEINE (n = floor((T + 1) / 2) for
  T <= 10, the final as any other, a rank shared on equal points).

This export is fixtures/abakus-sample.json (the README's command).
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
        # 2019/20, fixed points, TURNIER 6.5: best six + the final on top
        "2019-09-07": {"_NAME": "1. Hausruck-Turnier", "_SAISON": "2019/20", "_VERANSTALTER": "0001",
                       "0001": [50, 40, 30], "0002": [60, 30, 20], "0003": [10, 10, 10]},
        "2020-03-07": {"_NAME": "Hausruck-FINALE", "_SAISON": "2019/20",
                       "0002": [20, 20, 20], "0001": [10, 10, 10], "0004": [0, 0, 0]},
        # 2023/24: Heine points on the fixed path (still best six + the final on top)
        "2023-09-02": {"_NAME": "1. Hausruck-Turnier", "_SAISON": "2023/24", "_VERANSTALTER": "0001",
                       "0001": [50, 40, 30], "0002": [60, 30, 20], "0003": [10, 10, 10]},
        "2023-10-07": {"_NAME": "2. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0001": [40, 40, 40], "0002": [70, 30, 20], "0003": [100, 0, 20], GUEST: [5, 5, 5]},
        "2024-01-06": {"_NAME": "3. Hausruck-Turnier", "_SAISON": "2023/24",
                       "0003": [150, 100, 100], "0001": [10, 10, -30]},
        "2024-04-06": {"_NAME": "Hausruck-FINALE", "_SAISON": "2023/24",
                       "0001": [10, 10, 10], "0002": [20, 20, 20], "0004": [0, 0, 0]},
    }
    steiermark = {
        # 2021/22: the Heine path (54 after 2020/21): T = 2, n = 1, a rank shared on equal points
        "2021-10-02": {"_NAME": "Steirisches Turnier Graz", "_SAISON": "2021/22", "_VERANSTALTER": "Präsidium",
                       "0001": [100, 100, 50], "0002": [100, 50, 100]},
        "2022-03-05": {"_NAME": "Steirisches FINALE", "_SAISON": "2021/22",
                       "0003": [100, 10, 10], "0002": [50, 20, 30], "0001": [20, 20, 20]},
    }
    tirol = {
        # 2024/25: Heine points (the cube ended with 2019/20) on the fixed path, TURNIER 6
        "2024-09-14": {"_NAME": "Tiroler Cup Auftakt", "_SAISON": "2024/25",
                       "0001": [10, 10, 10], "0005": [9, 9, 9], "0002": [1, 1, 1], "0003": [0, 0, -5]},
        # still running in ABAKUS: the phones' entries sit in _AKTTURNIER; skipped
        "2024-10-12": {"_NAME": "Tiroler Cup Herbst", "_SAISON": "2024/25", "0001": [5, "-", "-"],
                       "_AKTTURNIER": {"_RUNDE": 2, "_R2_0001": 12}},
    }
    return {"00": {
        "CUPS": {
            "050": {"NAME": "Hausruckcup", "TYP": "CUP", "REGELN": "Ooe.", "TURNIER": 6.5},
            "054": {"NAME": "Steirischer Tarockcup", "TYP": "CUP", "REGELN": "Ooe.", "TURNIER": 6},
            "055": {"NAME": "Tiroler Tarockcup", "TYP": "CUP", "REGELN": "Ti.", "TURNIER": 6},
            "077": {"NAME": "Testcup ohne Turniere", "TYP": "CUP"},
            "SPIELERnr": {
                "0001": ["Alt", "Anna", "Wels", "", 0, True],
                "0002": ["Bauer", "Bernd", "Linz, Urfahr", "", 0, True],
                "0003": ["Christ", "Carla", "Steyr", "", 0, True],
                "0004": ["Dorn", "Dieter", "Wels", "", 0, True],
                "0005": ["Eder", "Elli", "Graz-Andritz", "", 0, True],
                "0009": ["Nie", "Niemand", "Ried", "", 2, False],
            },
            "TIMESTAMP": 1712400000000,
        },
        "050": hausruck,
        "054": steiermark,
        "055": tirol,
    }}


def content(data=None) -> bytes:
    return json.dumps(data if data is not None else export(), ensure_ascii=False).encode()


def table(season) -> list[tuple]:
    s = season_standings(season)
    return [(row.rank, row.player.name, row.points, row.participations) for row in s.rows]


def cup_points(season, name) -> list[tuple]:
    row = next(r for r in season_standings(season).rows if r.player.name == name)
    return [(c.result.rank, c.result.points, c.counted) for c in row.results]


@pytest.mark.django_db
def test_every_season_equals_abakus_by_hand():
    bernd = register_player(name="Bernd Bauer", club="Linz")  # on the site already: matched by name and the shown place
    report = import_abakus(content=content())

    old = find_season("hausruckcup", "2019/20")
    assert (old.scheme, old.counting, old.best_n, old.final_mode, old.tie_rule) == ("fixed", "fixed", 6, "plus",
                                                                                    "abakus-fixed")
    # fixed points; A 223 + final 198 = 421, B 198 + final 223 = 421: ABAKUS's weighted sum puts A first
    # (223·32·2 + 198 against 198·32·2 + 223); C 180 and D (final only) 180: C's sum is the greater
    assert table(old) == [(1, "Anna Alt", 421, 2), (2, "Bernd Bauer", 421, 2), (3, "Carla Christ", 180, 1),
                          (4, "Dieter Dorn", 180, 1)]

    new = find_season("hausruckcup")
    assert (new.label, new.scheme, new.best_n, new.final_mode) == ("2023/24", "heine", 6, "plus")
    # Heine points: A 110 + 110 + "-" (-10) + final 30 = 250; B 105 + 110 + final 60 = 275; C 30 + 110 + 200 = 340
    assert table(new) == [(1, "Carla Christ", 340, 3), (2, "Bernd Bauer", 275, 3), (3, "Anna Alt", 250, 4),
                          (4, "Gustl Gast", 15, 1), (5, "Dieter Dorn", 0, 1)]
    assert cup_points(new, "Anna Alt") == [(1, 110, True), (3, 110, True), (2, 0, True), (2, 30, True)]
    assert season_standings(new).counted == 6

    styria = find_season("steirischer-tarockcup")
    assert (styria.scheme, styria.counting, styria.final_mode, styria.tie_rule) == ("heine", "rule", "none",
                                                                                    "abakus-heine")
    # T = 2: n = 1; A and B 175 each share the first place although A's best rank is the better one
    assert table(styria) == [(1, "Anna Alt", 175, 2), (1, "Bernd Bauer", 175, 2), (3, "Carla Christ", 110, 1)]
    assert season_standings(styria).counted == 1

    tirol = find_season("tiroler-tarockcup")
    assert (tirol.scheme, tirol.best_n, tirol.final_mode) == ("heine", 6, "none")
    assert table(tirol) == [(1, "Anna Alt", 30, 1), (2, "Elli Eder", 27, 1), (3, "Bernd Bauer", 3, 1),
                            (4, "Carla Christ", 0, 1)]

    cup = Cup.objects.get(abakus_number="050")
    assert (cup.name, cup.slug, cup.scheme, cup.best_n, cup.final_mode, cup.ruleset_slug) == (
        "Hausruckcup", "hausruckcup", "heine", None, "none", "ooe")  # seasons created here keep the project's rules
    assert Cup.objects.get(abakus_number="055").ruleset_slug == "tirol2020"
    assert Player.objects.get(abakus_numbers__number="0002") == bernd
    assert Player.objects.get(abakus_numbers__number="0005").club == "Graz"  # ABAKUS shows "Graz" for Graz-Andritz
    assert (report.cups_created, report.seasons_created, report.tournaments_created, report.results_created) == (
        3, 4, 9, 27)
    assert (report.players_matched, report.players_created, report.players_skipped) == (1, 5, 1)
    assert report.running == [("Tiroler Tarockcup", "2024-10-12")]
    assert not Cup.objects.filter(abakus_number="077").exists()  # no tournaments: nothing to switch


@pytest.mark.django_db
def test_season_standings_json_of_an_imported_season():
    import_abakus(content=content())
    out = StringIO()
    call_command("season_standings", "steirischer-tarockcup", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert (data["scheme"], data["tournaments"], data["counted"]) == ("heine", 2, 1)
    assert [(r["rank"], r["name"], r["points"]) for r in data["rows"]] == [
        (1, "Anna Alt", 175), (1, "Bernd Bauer", 175), (3, "Carla Christ", 110)]


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
    assert (again.tournaments_skipped, again.results_skipped, again.players_matched, again.cups_matched) == (9, 27, 6, 3)
    assert again.notes == [] and again.tournaments_changed == 0


@pytest.mark.django_db
def test_qualification_after_the_import():
    import_abakus(content=content())
    season = find_season("hausruckcup")
    set_qualification(cup=season.cup, min_tournaments=3, final_qualifiers=2)
    season = find_season("hausruckcup")
    rows = season_standings(season).as_json()["rows"]
    assert [(r["name"], r["qualified"], r["tournaments_missing"]) for r in rows] == [
        ("Carla Christ", True, 0), ("Bernd Bauer", True, 0), ("Anna Alt", False, 0), ("Gustl Gast", False, 2),
        ("Dieter Dorn", False, 2)]


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
    data["00"]["055"]["2024-09-14"]["0003"] = [0, "x", 1]  # a round that is no number, in the last cup
    players = Player.objects.count()
    with pytest.raises(ServiceError) as err:
        import_abakus(content=content(data))
    assert "0003" in err.value.message_en and "Rundenpunkte" in err.value.message_de
    assert (Player.objects.count(), Cup.objects.count(), ImportedResult.objects.count()) == (players, 0, 0)


@pytest.mark.django_db
def test_the_same_person_twice_in_a_tournament_rolls_back():
    data = export()
    data["00"]["050"]["2023-09-02"]["Alt_Annaˆ Wels"] = [1, 1, 1]  # a guest who is number 0001 by name and place
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
    call_command("import_abakus", str(path), "--cup", "50", stdout=out, stderr=StringIO())
    text = out.getvalue()
    assert "Turniere: 6 neu, 0 gefunden, 0 übersprungen / Tournaments: 6 created, 0 matched, 0 skipped" in text
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
    assert "Ergebnisse: 27 neu" in out.getvalue() and "27 created" in out.getvalue()
    assert table(find_season("hausruckcup"))[0] == (1, "Carla Christ", 340, 3)


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
    guest = Player.objects.get(name="Gustl Gast")
    elli = Player.objects.get(abakus_numbers__number="0005")  # never in a tournament with the guest
    merge_players(keep=guest, duplicate=elli)
    assert AbakusNumber.objects.get(number="0005").player == guest
    assert import_abakus(content=content()).players_created == 0  # the next import finds him by the number
