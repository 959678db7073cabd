"""Each process of `make serve` warms before it listens (website/warm.py; issue 30, point 7: the first request of
a new process paid for importing the views, resolving the URLs and compiling templates)."""

from __future__ import annotations

import gc

import pytest
from django.template import engines
from django.urls import clear_url_caches, get_resolver

from website import serve, slots
from website.warm import site_templates, warm


def _compiled() -> dict:
    """The templates the cached loader holds now (name -> template)."""
    (loader,) = engines["django"].engine.template_loaders
    return loader.get_template_cache


def _forget_everything() -> None:
    (loader,) = engines["django"].engine.template_loaders
    loader.reset()
    clear_url_caches()


def test_warming_compiles_every_template_of_the_site_and_resolves_every_url():
    _forget_everything()
    names = site_templates()
    assert {"base.html", "cups/cup.html", "hall/login.html"} <= set(names)
    assert not any(name.startswith("admin/") for name in names)  # Django's admin is left to its first use
    assert warm() == len(names)  # every one compiles
    # and what it made is out of the cycle collector's sight: a page allocating much pays no full walk over it
    assert gc.get_freeze_count() > 0
    assert set(names) <= set(_compiled())
    assert get_resolver()._populated


@pytest.mark.django_db  # the warming sends one /healthz through the site, which asks the database
def test_the_server_warms_each_process_before_it_listens(monkeypatch):
    _forget_everything()
    seen = {}

    def listen(application, settings, per_address):  # waitress taking connections: look what is ready by then
        seen.update(templates=set(_compiled()), resolved=get_resolver()._populated)

    monkeypatch.setattr(slots, "serve", listen)
    monkeypatch.setattr(serve, "_follow_changes", lambda: None)
    serve._serve({})
    assert seen["resolved"] and set(site_templates()) <= seen["templates"]
