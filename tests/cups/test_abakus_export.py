"""Both ways during the switch (issue 30, point 5): a cup's seasons exported in ABAKUS's own structure, and
import -> export -> import gives the same tables."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cups.abakus_export import export_abakus
from cups.abakus_import import import_abakus
from cups.models import AbakusNumber, Cup, ImportedResult, Season
from cups.selectors import season_standings
from tests.cups.test_abakus_import import content, export
from tournament.models import Player


def tables() -> dict:
    return {(s.cup.abakus_number, s.label): [(r.rank, r.player.name, r.player.club, r.points, r.participations)
                                             for r in season_standings(s).rows]
            for s in Season.objects.select_related("cup")}


def wipe() -> None:
    ImportedResult.objects.all().delete()
    Season.objects.all().delete()
    Cup.objects.all().delete()
    AbakusNumber.objects.all().delete()
    Player.objects.all().delete()


@pytest.mark.django_db
def test_import_export_import_gives_the_same_tables():
    data = export()
    data["00"]["CUPS"]["050"]["TYP"] = "MT"
    data["00"]["050"]["2023-09-02"]["0001"] = [50, 40, 30, "Team Wels"]
    data["00"]["CUPS"]["SPIELERnr"]["0004"][4] = 2
    import_abakus(content=content(data))
    before = tables()
    written = export_abakus(list(Cup.objects.order_by("abakus_number")))
    cups = written["00"]["CUPS"]
    assert (cups["050"]["TURNIER"], cups["055"]["TURNIER"], "TURNIER" in cups["054"]) == (6.5, 6, False)
    assert (cups["050"]["TYP"], cups["050"]["REGELN"], cups["055"]["REGELN"]) == ("MT", "Ooe.", "Ti.")
    assert cups["SPIELERnr"]["0002"] == ["Bauer", "Bernd", "Linz", "", 0, True]
    assert cups["SPIELERnr"]["0004"][4] == 2
    first = written["00"]["050"]["2023-09-02"]
    assert (first["_NAME"], first["_SAISON"], first["_VERANSTALTER"], first["0001"]) == (
        "1. Hausruck-Turnier", "2023/24", "0001", [50, 40, 30, "Team Wels"])
    assert written["00"]["050"]["2023-10-07"]["Gast_GustlˆLinz"] == [5, 5, 5]
    assert written["00"]["054"]["2021-10-02"]["_VERANSTALTER"] == "Präsidium"

    wipe()
    import_abakus(content=json.dumps(written, ensure_ascii=False).encode())
    assert tables() == before
    assert export_abakus(list(Cup.objects.order_by("abakus_number"))) == written
    assert import_abakus(content=json.dumps(written, ensure_ascii=False).encode()).notes == []


@pytest.mark.django_db
def test_the_command_writes_the_export_and_names_an_unknown_cup(tmp_path):
    import_abakus(content=content())
    out = StringIO()
    call_command("export_abakus", "hausruckcup", "55", stdout=out)
    data = json.loads(out.getvalue())
    assert sorted(k for k in data["00"] if k != "CUPS") == ["050", "055"]
    call_command("export_abakus", "hausruckcup", "--out", str(tmp_path / "x.json"))
    assert json.loads((tmp_path / "x.json").read_text(encoding="utf-8")) == export_abakus(
        [Cup.objects.get(slug="hausruckcup")])
    with pytest.raises(CommandError) as err:
        call_command("export_abakus", "nirgendwo", stdout=StringIO())
    assert "Unbekannter Cup „nirgendwo“" in str(err.value) and "Unknown cup" in str(err.value)
