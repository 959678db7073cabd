"""Nothing an ABAKUS import accepts can break a page (issue 30, point 3): the sample export, one value at a
time replaced by what a broken or hostile export holds, is refused in words (German and English, nothing
written) or imported, and then every page, sheet and feed of the site renders."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from cups.abakus_import import import_abakus
from cups.models import Cup, ImportedResult, Season
from language import ServiceError
from tests.cups.test_abakus_import import content, export
from tournament.models import Player

EVIL = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 1000, -1000, 999, -999, 2**63, 10**40, 1e300, -1e300, 1.5, 6.5, "",
                     "-", "★", "\u202e", "\u202eevil", "a\x00b", "x" * 5000, "<script>alert(1)</script>", [], {},
                     [[]], ["-", "-", "-"], [999, 999, 999], [1e300, 0, 0], [0, 0, 0, "Team"], "2019/20", "2020/21",
                     "Handy", "6.5", "FINALE", "Präsidium", "Mueller_Hansˆ Wels", "ˆ", "ˆˆ", "9999-12-31"]),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.text(max_size=30),
)


def _paths(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*path, i)
            yield from _paths(value, (*path, i))


PATHS = sorted(_paths(export()), key=repr)


def _mutated(path, action, value) -> dict:
    data = export()
    *parent_path, last = path
    parent = data
    for key in parent_path:
        parent = parent[key]
    if action == "delete" and isinstance(parent, dict):
        del parent[last]
    elif action == "rename" and isinstance(parent, dict) and isinstance(value, str):
        parent[value] = parent.pop(last)
    else:
        parent[last] = value
    return data


def pages(client: Client) -> list[str]:
    urls = [reverse("tournament:home"), reverse("cups:cups"), reverse("cups:calendar"), reverse("cups:calendar_feed")]
    for cup in Cup.objects.all():
        urls += [reverse(name, args=[cup.slug]) for name in ("cups:cup", "cups:cup_calendar", "cups:cup_calendar_feed",
                                                              "cups:statistics")]
    for season in Season.objects.select_related("cup"):
        urls.append(reverse("cups:season", args=[season.cup.slug, season.slug]))
        urls += [reverse("cups:season_export", args=[season.cup.slug, season.slug, sheet])
                 for sheet in ("season-standings-pdf", "season-standings-xlsx")]
    urls += [reverse("cups:player", args=[pk]) for pk in Player.objects.values_list("pk", flat=True)]
    return urls


def broken(client: Client) -> list[tuple[str, int]]:
    return [(url, status) for url in pages(client) if (status := client.get(url).status_code) >= 400]


@pytest.mark.django_db(transaction=False)
def test_every_mutation_of_an_export_is_refused_in_words_or_renders_everywhere():
    client = Client()

    @settings(max_examples=examples(50), deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(st.sampled_from(PATHS), st.sampled_from(["replace", "replace", "delete", "rename"]), EVIL)
    def mutate(path, action, value):
        cache.clear()
        with transaction.atomic():
            try:
                import_abakus(content=json.dumps(_mutated(path, action, value), ensure_ascii=False).encode())
            except ServiceError as error:
                assert error.message_de and error.message_en and error.message_de != error.message_en
                assert not ImportedResult.objects.exists()
            else:
                assert broken(client) == [], (path, action, value)
            transaction.set_rollback(True)

    mutate()


@pytest.mark.django_db
@pytest.mark.parametrize(("where", "value", "words"), [
    (("050", "2023-09-02", "0001"), [1e300, 0, 0], "-999"),  # once accepted, then season_standings failed
    (("050", "2023-09-02", "0001"), [1000, 0, 0], "-999"),
    (("050", "2023-09-02", "0001"), [500, 500, 0], "999"),  # a total ABAKUS cannot rank
    (("050", "2023-09-02", "_SAISON"), "★", "2023/24"),  # a label without a page address
    (("050", "2023-09-02", "_SAISON"), "\u202e", "2023/24"),
    (("CUPS", "050", "TURNIER"), "Handy", "TURNIER"),  # the fixed path counts nothing without it
])
def test_values_abakus_cannot_hold_are_refused_in_words(where, value, words):
    data = export()
    node = data["00"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(ServiceError) as err:
        import_abakus(content=content(data))
    assert words in err.value.message_en and words in err.value.message_de
    assert (Cup.objects.count(), Player.objects.count()) == (0, 0)
