"""A player who left has his own mark on the sheet (issue 31): "V" (English "L", "has left the table"), not the
pause's "P", on the scorer page and the director's sheet (both draw templates/scoring/_sheet_table.html)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import absences
from scoring.selectors import table_sheet
from tests.scoring.test_pause_and_leave import _play
from tournament.models import Table


@pytest.fixture
def paused_then_left(make_tournament):
    """A five: hands 1-2 all there, Platz 4 paused for hands 3-4, Platz 1 gone from hand 5 on (hands 5-6)."""
    table = make_tournament("tirol", players=5, slug="verlassen-fuenf").round_set.get(number=1).tables.get()
    _play(table, 2)
    absences.pause_player(by="scorer", table=Table.objects.get(pk=table.pk), position=3)
    _play(table, 2, seed=1)
    absences.return_player(by="scorer", table=Table.objects.get(pk=table.pk), position=3)
    absences.leave_table(by="scorer", table=Table.objects.get(pk=table.pk), position=0)
    _play(table, 2, seed=2)
    return Table.objects.get(pk=table.pk)


def test_the_sheet_rows_know_who_left(paused_then_left):
    rows = table_sheet(paused_then_left).rows
    assert [row.gone for row in rows] == [[], [], [], [], [0], [0]]
    assert [row.away for row in rows] == [[], [], [3], [3], [0], [0]]


@pytest.mark.parametrize(("lang", "left_mark"), [
    ("de", 'title="hat den Tisch verlassen">V</span>'),
    ("en", 'title="has left the table">L</span>'),
])
def test_both_pages_mark_a_leave_apart_from_a_pause(client, director, paused_then_left, lang, left_mark):
    for url in (reverse("scoring:sheet", args=[paused_then_left.token]),
                reverse("scoring:director_sheet", args=[paused_then_left.pk])):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert page.count(left_mark) == 2  # hands 5 and 6
        assert page.count('">P</span>') == 2  # the pause: hands 3 and 4 only
