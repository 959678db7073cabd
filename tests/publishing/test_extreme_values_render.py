"""Every value the models allow renders: a tournament on the cup's site with the largest stake, the
year 9999, the longest time limit, no prizes or a prize for everyone, still shows every page, sheet,
workbook and calendar feed (an admin can store these even where the forms and the publish schema
refuse them)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from cups.services import add_tournament, create_cup, create_season
from tournament.models import Tournament

from .test_document_fuzz import public_pages

EXTREMES = [
    {"stake_cents": 2**31 - 1},
    {"date": datetime.date(9999, 12, 31)},
    {"date": datetime.date(1, 1, 1)},
    {"time_limit_minutes": 32767, "hands_at_four": 32767, "hands_at_five": 32767},
    {"prizes_cents": []},
    {"prizes_cents": [2**31 - 1] * 20, "entry_fee_cents": 2**31 - 1},
    {"rounds": 32767, "final_round_top": 32767, "final_round_carry_percent": 32767},
    {"tie_breaks": []},
    {"name": "x" * 160, "venue": "<b>" * 40},
]


@pytest.mark.parametrize("values", EXTREMES, ids=lambda values: ",".join(values))
def test_every_page_renders_with_extreme_values(make_tournament, play_round, values):
    tournament = make_tournament(players=8, slug="grenzfall")
    play_round(tournament.round_set.get(number=1), seed=1, hands=2)
    cup = create_cup(name="Grenz-Cup", slug="grenz", scheme="fixed")
    add_tournament(season=create_season(cup=cup, label="2026/27"), tournament=tournament)
    Tournament.objects.filter(pk=tournament.pk).update(**values)
    client = Client(raise_request_exception=False)

    broken = [(url, status) for url in public_pages(client, "grenzfall") if (status := client.get(url).status_code) >= 500]

    assert broken == []
