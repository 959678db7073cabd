"""A hand the director changed after the players confirmed the sheet is marked on the scorer page and the
director's sheet as on the printed sheet (issue 31): "3*" on its row and the line "* Spiel 3 nach der Bestätigung
geändert am … von …: <reason>" under the confirmation, from the one selector (table_changed_after_confirmation)."""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from rules.engine.sampling import random_hand
from scoring import services
from scoring.selectors import change_after_confirmation_said, changed_after_confirmation, table_changed_after_confirmation
from tournament.models import Table


@pytest.fixture
def corrected(make_tournament, play_round, director):
    """A table of four, all its hands in, confirmed; then the director corrects hand 3 with a reason."""
    tournament = make_tournament("tirol", players=4, slug="korrigiert-nach")
    round = tournament.round_set.get(number=1)
    play_round(round)
    table = round.tables.get()
    services.confirm_table(table=table, expected_version=table.version, names="Anna, Bernd, Carla, Dora")
    table = Table.objects.get(pk=table.pk)
    data = random_hand(tournament.ruleset, random.Random(99))
    services.correct_hand(hand=table.hands.get(number=3), data=data, expected_version=table.version,
                          reason="Kontra vergessen", by="director:leitung", user=director, director=True)
    return Table.objects.get(pk=table.pk)


MARKED = ["1", "2", "3*", *(str(n) for n in range(4, 17))]  # a table of four plays 16 hands (tirol)


def _row_numbers(html: str) -> list[str]:
    sheet = html[html.index('<table class="sheet">'):]
    sheet = sheet[:sheet.index("</tbody>")]
    return [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r'<tr[^>]*><td class="num">(.*?)</td>', sheet)]


def test_the_one_selector_is_the_round_selectors_table(corrected):
    changes = table_changed_after_confirmation(corrected)
    assert [(c.hand, c.reason, c.removed) for c in changes] == [(3, "Kontra vergessen", False)]
    assert changes == changed_after_confirmation(corrected.round)[corrected.pk]


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "* Spiel 3 nach der Bestätigung geändert am {when} von leitung: Kontra vergessen"),
    ("en", "* Hand 3 changed after the confirmation on {when} by leitung: Kontra vergessen"),
])
def test_both_pages_mark_the_row_and_say_who_when_why(client, corrected, lang, line):
    change = table_changed_after_confirmation(corrected)[0]
    when = timezone.localtime(change.at).strftime("%d.%m.%Y %H:%M")
    for url in (reverse("scoring:sheet", args=[corrected.token]), reverse("scoring:director_sheet", args=[corrected.pk])):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert _row_numbers(html) == MARKED
        box = html[html.index('id="changed-since-confirmation"'):]
        assert line.format(when=when) in box[:box.index("</div>")]
        part = client.get(reverse("scoring:sheet_part", args=[corrected.token]), HTTP_ACCEPT_LANGUAGE=lang)
        assert _row_numbers(part.content.decode()) == MARKED  # the part the phone fetches too


def test_a_confirmed_table_without_changes_marks_nothing(client, make_tournament, play_round):
    round = make_tournament("tirol", players=4, slug="ohne-aenderung").round_set.get(number=1)
    play_round(round)
    table = round.tables.get()
    services.confirm_table(table=table, expected_version=table.version, names="alle")
    html = client.get(reverse("scoring:sheet", args=[table.token])).content.decode()
    assert _row_numbers(html) == [str(n) for n in range(1, 17)] and "changed-since-confirmation" not in html


def test_the_printed_line_is_the_pages_line(corrected):
    change = table_changed_after_confirmation(corrected)[0]
    assert change_after_confirmation_said(change).startswith("* Spiel 3 nach der Bestätigung geändert am ")
