"""manage.py table_links and seed_demo --played: the links of a round for rehearsals and load tests."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from tournament.models import Round, Tournament


def links(*args) -> list[dict]:
    out = io.StringIO()
    call_command("table_links", *args, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db
@pytest.mark.parametrize("played", [0, 1])
def test_seed_demo_played_leaves_the_next_round_seated_and_empty(played):
    call_command("seed_demo", "--players", "17", "--slug", f"probe-{played}", "--played", str(played), stdout=io.StringIO())
    tournament = Tournament.objects.get(slug=f"probe-{played}")
    statuses = dict(tournament.round_set.values_list("number", "status"))
    assert [statuses[n] for n in range(1, played + 1)] == [Round.CLOSED] * played
    assert statuses[played + 1] == Round.SEATED
    open_round = tournament.round_set.get(number=played + 1)
    assert sum(t.hands_entered for t in open_round.tables.all()) == 0

    table_links = links(tournament.slug, "--base-url", "http://192.0.2.10:8000/")
    assert [link["table"] for link in table_links] == [1, 2, 3, 4]
    assert sum(len(link["players"]) for link in table_links) == 17
    for link, table in zip(table_links, open_round.tables.order_by("number"), strict=True):
        assert link["url"] == f"http://192.0.2.10:8000/t/{table.token}/"
        assert link["players"] == [seat.entry.player.name for seat in table.seats.order_by("position")]
    state = Client().get(table_links[0]["url"].removeprefix("http://192.0.2.10:8000") + "api/").json()
    assert state["status"] == "open" and state["next_number"] == 1 and state["round"] == played + 1


@pytest.mark.django_db
def test_table_links_refuses_what_is_not_there(settings):
    call_command("seed_demo", "--players", "16", "--slug", "done", stdout=io.StringIO())
    with pytest.raises(CommandError, match="done: keine offene Runde ist gesetzt. / done: no open round is seated."):
        links("done")
    with pytest.raises(CommandError, match="done: Runde 9 ist nicht gesetzt. / done: round 9 is not seated."):
        links("done", "--round", "9")
    with pytest.raises(CommandError, match="No tournament"):
        links("nope")
    settings.SITE_URL = "http://tarock.local:8000"
    assert links("done", "--round", "2")[0]["url"].startswith("http://tarock.local:8000/t/")
