"""web/links.py: a lower page's link up the house is provided by the package that owns the URL, points where
the URL name always pointed, and fails loudly (never an empty href) when nobody provided it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.core import checks
from django.template import Context, Template, TemplateSyntaxError, engines
from django.utils import timezone

from web import links

ROOT = Path(__file__).resolve().parents[2]

# Each link with arguments and the address its URL name gave before web/links.py.
WHERE = {
    "tournaments": ((), "/turniere/"),
    "tournament": (("herbst",), "/turniere/herbst/"),
    "round": (("herbst", 2), "/turniere/herbst/runde/2/"),
    "standings": (("herbst",), "/turnier/herbst/"),
    "enter_existing": (("herbst",), "/turniere/herbst/spieler/vorhanden/"),
    "sign_up": (("herbst",), "/turnier/herbst/anmelden/"),
    "check_in_desk": (("herbst",), "/turniere/herbst/links/"),
    "player_messages": (("herbst",), "/turniere/herbst/nachrichten/"),
    "rating": ((), "/rangliste/"),
    "frame_origins": (("tirol",), "/leitung/cup/tirol/einbetten/"),
    "publish_tokens": (("tirol",), "/leitung/cup/tirol/schluessel/"),
    "publish_intake": ((), "/api/publish/"),
}


def test_every_declared_link_is_provided_once_the_apps_are_loaded():
    assert links.unprovided() == []
    assert [error.id for error in checks.run_checks(tags=["links"]) if error.id == "web.E001"] == []


def test_each_link_points_where_its_url_name_pointed():
    assert set(WHERE) == set(links.LINKS)
    assert {name: links.url(name, *args) for name, (args, _) in WHERE.items()} == {
        name: address for name, (_, address) in WHERE.items()}


def test_the_tag_writes_the_same_address():
    html = Template("{% load links %}<a href=\"{% link 'round' slug number %}\">").render(Context({"slug": "herbst", "number": 2}))
    assert html == '<a href="/turniere/herbst/runde/2/">'


def test_a_link_nobody_provided_fails_loudly(monkeypatch):
    monkeypatch.delitem(links._PROVIDED, "standings")
    with pytest.raises(links.MissingLink, match="'standings'"):
        links.url("standings", "herbst")
    with pytest.raises(links.MissingLink, match="'standings'"):
        Template("{% load links %}<a href=\"{% link 'standings' 'herbst' %}\">").render(Context())
    assert [error.id for error in links.unprovided()] == ["web.E001"]
    assert "web.E001" in [error.id for error in checks.run_checks(tags=["links"])]  # manage.py check and every start say so


def test_a_page_without_its_link_provided_is_an_error_not_an_empty_href(monkeypatch, client, make_tournament):
    tournament = make_tournament(players=4, slug="herbst", seat=False)
    tournament.date = timezone.localdate() + timedelta(days=5)
    tournament.save(update_fields=["date"])
    assert 'href="/turnier/herbst/"' in client.get("/kalender/").content.decode()
    monkeypatch.delitem(links._PROVIDED, "standings")
    with pytest.raises(links.MissingLink):
        client.get("/kalender/")


@pytest.mark.parametrize("source", [
    "{% load links %}{% link 'nowhere' %}",  # not declared
    "{% load links %}{% link name %}",  # a variable: the name must be readable in the template
    "{% load links %}{% link %}",
    "{% load links %}{% link 'standings %}",
])
def test_a_link_tag_without_a_declared_name_does_not_compile(source):
    with pytest.raises(TemplateSyntaxError, match="web/links.py"):
        Template(source)


def test_an_undeclared_name_is_refused_in_python_too():
    with pytest.raises(links.MissingLink, match="'nowhere'"):
        links.url("nowhere")
    with pytest.raises(links.MissingLink, match="'nowhere'"):
        links.provide("nowhere", "tournament:standings")


def test_every_template_compiles():
    """A {% link %} of an undeclared name in a branch no page test renders still fails here."""
    engine = engines["django"]
    folders = [ROOT / "templates", *ROOT.glob("*/templates")]
    names = [path.relative_to(folder).as_posix() for folder in folders for path in folder.rglob("*") if path.is_file()]
    assert len(names) > 80
    for name in names:
        engine.get_template(name)
