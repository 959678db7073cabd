"""The standings page writes its table body itself (website.tables.StandingsTable.body_html): the
same HTML as django-tables2's own template for the same rows, in either language, on any page,
with withdrawn players, byes, no-shows without a rank, tie notes and a search."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from scoring import selectors as scoring_selectors
from tournament.models import Tournament
from web.tables import configure
from website.views.public import _standings_table


def normalised(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).replace("<td >", "<td>").strip()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("query", ["", "?page=2&per_page=5", "?per_page=4&page=3", "?q=a"])
def test_the_body_is_what_django_tables2_renders(language, query):
    call_command("seed_demo", "--players", "11", "--absent", "2", "--withdraw", "1", "--rules", "hopfgarten",
                 "--slug", "body", "--seed", "body", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug="body")
    ranked = scoring_selectors.standings(tournament)
    request = RequestFactory().get(f"/turnier/body/{query}")
    with translation.override(language):
        theirs = render_to_string("django_tables2/table.html", {
            "table": configure(request, _standings_table(request, tournament, ranked), per_page=100)}, request=request)
        table = configure(request, _standings_table(request, tournament, ranked), per_page=100)
        ours = table.as_html(request)
    assert normalised(ours) == normalised(theirs)
    rows = ours.count("<tr class=")
    assert rows == (len(table.page.object_list) if table.page else 0) and rows > 0
    if not query:  # the whole event on one page: the no-shows without a rank, a withdrawal, byes
        assert "status-absent" in ours and "status-withdrawn" in ours and "bye-note" in ours
