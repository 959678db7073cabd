"""A second import of an ABAKUS export (issue 30, point 2): a tournament is the cup's date, as ABAKUS keys it;
every difference is taken and named in the report, nothing is duplicated, nothing skipped silently."""

from __future__ import annotations

import pytest

from cups.abakus_import import import_abakus
from cups.models import AbakusNumber, ImportedResult
from cups.selectors import find_season, season_standings
from tests.cups.test_abakus_import import content, export, table
from tournament.models import Player


def said(report, lang="en") -> list[str]:
    return report.lines(lang)


@pytest.mark.django_db
def test_a_renamed_and_corrected_tournament_is_taken_with_a_report_never_twice():
    import_abakus(content=content())
    data = export()
    first = data["00"]["050"]["2023-09-02"]
    first["_NAME"] = "1. Hausruck-Turnier Gaspoltshofen"  # renamed in ABAKUS
    first["0003"] = [10, 10, 110]  # a corrected round: Carla 130 -> rank 1
    del first["0002"]  # Bernd struck out
    first["0004"] = [5, 5, 5]  # Dieter added
    report = import_abakus(content=content(data))

    rows = ImportedResult.objects.filter(date="2023-09-02").order_by("rank")
    assert [(r.tournament_name, r.player.name, r.rank, r.rounds) for r in rows] == [
        ("1. Hausruck-Turnier Gaspoltshofen", "Carla Christ", 1, [10, 10, 110]),
        ("1. Hausruck-Turnier Gaspoltshofen", "Anna Alt", 2, [50, 40, 30]),
        ("1. Hausruck-Turnier Gaspoltshofen", "Dieter Dorn", 3, [5, 5, 5])]
    season = find_season("hausruckcup")
    assert season_standings(season).tournaments == 4  # still four, not five
    assert (report.tournaments_created, report.tournaments_changed, report.tournaments_skipped) == (0, 1, 8)
    lines = said(report)
    assert "Hausruckcup 2023-09-02: renamed from “1. Hausruck-Turnier” to “1. Hausruck-Turnier Gaspoltshofen”." in lines
    assert "Hausruckcup 2023-09-02: rounds of Carla Christ corrected (10, 10, 10 → 10, 10, 110)." in lines
    assert "Hausruckcup 2023-09-02: Bernd Bauer is now missing from the tournament." in lines
    assert "Hausruckcup 2023-09-02: Dieter Dorn new in the tournament." in lines
    assert "1 tournament taken with changes (see below)" in lines
    assert "Hausruckcup 2023-09-02: Runden von Carla Christ korrigiert (10, 10, 10 → 10, 10, 110)." in said(report, "de")
    # Heine points: Carla 130 -> 115, Anna 120 -> 110, Dieter 15; Bernd loses his 105
    assert table(season)[:3] == [(1, "Carla Christ", 425, 3), (2, "Anna Alt", 250, 4), (3, "Bernd Bauer", 170, 2)]

    again = import_abakus(content=content(data))  # and the changed file, once more: nothing to say
    assert (again.tournaments_changed, again.notes) == (0, [])


@pytest.mark.django_db
def test_a_new_spelling_for_a_number_is_taken_and_named():
    import_abakus(content=content())
    data = export()
    data["00"]["CUPS"]["SPIELERnr"]["0001"][0] = "Alt-Huber"
    report = import_abakus(content=content(data))
    assert Player.objects.get(abakus_numbers__number="0001").name == "Anna Alt-Huber"
    assert "No. 0001 is now called “Anna Alt-Huber” in ABAKUS (so far “Anna Alt”): taken." in said(report)
    assert Player.objects.filter(name__startswith="Anna").count() == 1


@pytest.mark.django_db
def test_a_tournament_missing_from_the_file_stays_and_is_named():
    import_abakus(content=content())
    data = export()
    del data["00"]["054"]["2021-10-02"]
    report = import_abakus(content=content(data))
    assert ImportedResult.objects.filter(date="2021-10-02").count() == 2
    assert ("Steirischer Tarockcup 2021-10-02: “Steirisches Turnier Graz” is here but not in the file; it stays."
            in said(report))


@pytest.mark.django_db
def test_an_older_import_keyed_by_name_is_made_one_tournament_again():
    """Before issue 30 the import keyed a tournament by name and date: a renamed one was stored twice."""
    import_abakus(content=content())
    season = find_season("hausruckcup")
    copy = [ImportedResult(season=season, tournament_name="1. Hausruck-Turnier (alt)", date=r.date, rank=r.rank,
                           player=r.player, total=r.total, rounds=r.rounds)
            for r in ImportedResult.objects.filter(date="2023-09-02")]
    ImportedResult.objects.bulk_create(copy)
    assert season_standings(season).tournaments == 5
    report = import_abakus(content=content())
    assert season_standings(season).tournaments == 4
    assert ("Hausruckcup 2023-09-02: renamed from “1. Hausruck-Turnier / 1. Hausruck-Turnier (alt)” to "
            "“1. Hausruck-Turnier”.") in said(report)


@pytest.mark.django_db
def test_a_guest_who_is_a_numbered_player_in_other_letters_is_that_player():
    data = export()
    data["00"]["CUPS"]["SPIELERnr"]["0006"] = ["Müller", "Hans", "Wels", "", 0, True]
    data["00"]["050"]["2023-09-02"]["0006"] = [1, 1, 1]
    data["00"]["050"]["2023-10-07"]["Mueller_Hansˆ Wels"] = [2, 2, 2]  # the same man, typed as a guest
    data["00"]["050"]["2024-01-06"]["Mueller_Hansˆ Steyr"] = [3, 3, 3]  # same name, another place: to confirm
    report = import_abakus(content=content(data))
    hans = Player.objects.get(abakus_numbers__number="0006")
    assert (hans.name, ImportedResult.objects.filter(player=hans).count()) == ("Hans Müller", 2)
    lines = said(report)
    assert "Guest “Hans Mueller” is no. 0006 (Hans Müller): counted together." in lines
    assert ("Guest “Hans Mueller, Steyr” has the name of no. 0006 but another place: please check (merge the "
            "players if it is the same person).") in lines
    assert Player.objects.filter(name="Hans Mueller", club="Steyr").exists()


@pytest.mark.django_db
def test_people_as_abakus_shows_them():
    data = export()
    data["00"]["CUPS"]["SPIELERnr"]["0004"] = ["Dorn", "Dieter", "Wels", "Marchtrenk/Wels", 2, False]
    import_abakus(content=content(data))
    assert Player.objects.filter(name="Gustl Gast", club="Linz").exists()  # ABAKUS: "Gast Gustl", shown first name first
    assert Player.objects.get(abakus_numbers__number="0002").club == "Linz"  # "Linz, Urfahr" as ABAKUS shows it
    dieter = AbakusNumber.objects.get(number="0004")
    assert (dieter.player.club, dieter.deceased) == ("Marchtrenk", True)  # the location first, the flag 2 kept


@pytest.mark.django_db
def test_team_cup_keeps_the_team_and_the_organiser():
    data = export()
    data["00"]["CUPS"]["050"]["TYP"] = "MT"
    data["00"]["050"]["2023-09-02"]["0001"] = [50, 40, 30, "Team Wels"]
    import_abakus(content=content(data))
    anna = ImportedResult.objects.get(date="2023-09-02", player__name="Anna Alt")
    assert (anna.team, anna.organiser, anna.rounds) == ("Team Wels", "Anna Alt", [50, 40, 30])
    assert ImportedResult.objects.get(date="2021-10-02", rank=1).organiser == "Präsidium"


@pytest.mark.django_db
def test_a_deceased_player_is_no_suggestion_for_the_sign_up():
    from cups.players import find_players

    data = export()
    data["00"]["CUPS"]["SPIELERnr"]["0004"][4] = 2  # ABAKUS's flag 2: deceased
    import_abakus(content=content(data))
    assert [s.player.name for s in find_players("Dieter Dorn")] == []
    assert [s.player.name for s in find_players("Anna Alt")][:1] == ["Anna Alt"]
    data["00"]["CUPS"]["SPIELERnr"]["0004"][4] = 0  # a mistake corrected in ABAKUS
    import_abakus(content=content(data))
    assert [s.player.name for s in find_players("Dieter Dorn")][:1] == ["Dieter Dorn"]
