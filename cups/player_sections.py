"""Parts of a player's page that apps above cups add (the Österreich-Rangliste and the statistics, rating/):
each registers a section when Django loads it, so cups shows them without importing those apps.

A section is ``html(request, player) -> str`` (a fragment of the page, rendered by its own templates) and
``data(request, player) -> dict`` (keys merged into the page's ``?format=json``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    key: str
    html: Callable
    data: Callable


SECTIONS: dict[str, Section] = {}


def register(section: Section) -> None:
    SECTIONS[section.key] = section  # by key: registering again (a reloaded app) replaces, never doubles
