"""A substitute ("Springer") instead of a bye (issue 23, events.md): the director seats one in a round
that has a bye; he plays that round, the hands at his table count for the others, he is not ranked,
never gets a bye himself and is not seated again in the next round."""

from __future__ import annotations

import pytest
from django.urls import reverse
from events import seat_as_the_director, substitute_as_the_director

from language import ServiceError
from scoring.selectors import standings, standings_document
from tournament import rounds
from tournament.models import Bye, Entry


@pytest.fixture
def seven(make_tournament):
    """Seven players at tables of four and five: two sit out (a five and two byes)."""
    tournament = make_tournament("tirol", players=7, slug="springer")
    assert Bye.objects.filter(round__tournament=tournament, round__number=1).count() == 2
    return tournament


def test_a_substitute_replaces_the_byes_and_is_not_ranked(seven, play_round):
    first = seven.round_set.get(number=1)
    substitute_as_the_director(first, name="Sepp Springer", club="TC Aushilfe")
    springer = Entry.objects.get(tournament=seven, substitute=True)
    assert not first.byes.exists()  # eight at two tables of four
    assert sorted(len(table.seats.all()) for table in first.tables.all()) == [4, 4]
    assert springer.seats.filter(table__round=first).exists()
    play_round(first, seed=5)
    rows = standings(seven)
    ranked = [row for row in rows if row.rank is not None]
    assert len(ranked) == 7 and springer.pk not in {row.player.entry_id for row in ranked}
    mine = next(row for row in rows if row.player.entry_id == springer.pk)
    assert mine.status == "substitute" and mine.total == sum(s.points for s in springer.hand_scores.all())
    document = standings_document(seven)
    assert document["participants"] == 7
    assert [row["status"] for row in document["rows"] if row["name"] == "Sepp Springer"] == ["substitute"]
    rounds.close_round(round=first)
    second = seat_as_the_director(seven.round_set.get(number=2), seed="r2")
    assert not springer.seats.filter(table__round=second).exists()  # he played round 1 only
    assert second.byes.count() == 2


def test_the_substitute_sits_out_first_where_a_bye_remains(make_tournament):
    tournament = make_tournament("hopfgarten", players=5, slug="springer-hopf")  # only fours: one bye
    first = tournament.round_set.get(number=1)
    substitute_as_the_director(first, name="Sepp Springer")
    springer = Entry.objects.get(tournament=tournament, substitute=True)
    # six at tables of four: two sit out, the substitute first
    assert springer.pk in set(first.byes.values_list("entry_id", flat=True)) and first.byes.count() == 2


def test_refusals(seven, make_tournament, play_round):
    first = seven.round_set.get(number=1)
    known = Entry.objects.filter(tournament=seven).first().player
    with pytest.raises(ServiceError) as refused:
        substitute_as_the_director(first, name=known.name, club=known.club)
    assert "spielt in diesem Turnier schon mit" in refused.value.message_de
    eight = make_tournament("tirol", players=8, slug="ohne-freilos")
    with pytest.raises(ServiceError) as refused:
        substitute_as_the_director(eight.round_set.get(number=1), name="Sepp Springer")
    assert "niemand aus" in refused.value.message_de
    play_round(first, seed=1, hands=1)
    first.refresh_from_db()
    with pytest.raises(ServiceError):
        substitute_as_the_director(first, name="Sepp Springer")
    assert not Entry.objects.filter(substitute=True).exists()


def test_the_round_page_offers_it(client, director, seven):
    url = reverse("tournament:round", args=[seven.slug, 1])
    assert 'id="substitute"' in client.get(url).content.decode()
    response = client.post(reverse("tournament:seat_substitute", args=[seven.slug, 1]), {"name": "Sepp Springer"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "Sepp Springer spielt als Springer" in page and 'id="substitute"' not in page


def test_a_cup_counts_no_substitute(seven, play_round):
    """The cups rank a tournament's players for their points: a substitute is not among them."""
    from cups.adapters import final_standings

    first = seven.round_set.get(number=1)
    substitute_as_the_director(first, name="Sepp Springer")
    play_round(first, seed=2)
    rows = final_standings([seven])[seven.pk]
    assert len(rows) == 7 and all(not row.entry.substitute for row in rows)
    assert [row.rank for row in rows][:1] == [1]
