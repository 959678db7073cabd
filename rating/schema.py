"""The one machine-readable description of the site's JSON (``GET /api/schema.json``): OpenAPI 3.1 whose
schemas pydantic generates from the models below (pydantic is the project's schema library already:
publishing/schema.py). The models describe what the views answer; tests/rating/test_open_data.py validates real
answers of every address against them, so the description cannot drift from the site.

Bump API_VERSION when an answer changes shape (a field removed or retyped); adding a field is compatible.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import models_json_schema

API_VERSION = "1.0.0"


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")  # readers must ignore fields they do not know


# --- a tournament ---------------------------------------------------------------------------------

class StandingsRow(Open):
    rank: int | None
    name: str
    total: float
    rounds: list[float | None]
    status: Literal["ranked", "absent", "withdrawn"] | str


class Standings(Open):
    """``/turnier/<slug>/standings.json`` (season.md, Interfaces)."""

    tournament: str
    participants: int
    rows: list[StandingsRow]


# --- a cup season and its sub-rankings ---------------------------------------------------------------

class SeasonResult(Open):
    tournament: str
    rank: int
    points: float
    counted: bool
    final: bool = False


class SeasonRow(Open):
    rank: int
    name: str
    club: str
    points: float
    qualified: bool
    tournaments_missing: int = 0
    results: list[SeasonResult]


class SubRankingName(Open):
    slug: str
    name: str


class Season(Open):
    """``/cup/<cup>/<season>/?format=json`` and a sub-ranking's ``…/wertung/<sub>/?format=json`` (with
    ``sub_ranking``); the rows are ``season_standings --json``'s."""

    cup: str
    season: str
    scheme: str
    counted: int
    tournaments: int
    min_tournaments: int | None = None
    final_qualifiers: int | None = None
    rows: list[SeasonRow]
    sub_ranking: SubRankingName | None = None


class CupSeason(Open):
    season: str
    url: str
    tournaments: int
    players: int
    winners: list[str]


class Cup(Open):
    """``/cup/<cup>/?format=json``: the cup and its seasons, newest first."""

    cup: str
    name: str
    region: str
    scheme: str
    seasons: list[CupSeason]


class CalendarEntry(Open):
    slug: str | None = Field(description="the tournament's; none for a cup's announced date (ABAKUS's TERMINE) "
                                         "that has no tournament yet: url is then the cup's page")
    name: str
    date: str = Field(description="ISO date")
    venue: str
    cup: str | None
    url: str
    signup_url: str | None = Field(description="the sign-up page while sign-up is open")
    begins: str | None = Field(default=None, description="a cup's announced date: the time it begins, as the cup wrote it")


class Calendar(Open):
    """``/kalender/?format=json`` and ``/cup/<cup>/kalender/?format=json``: the coming tournaments."""

    cup: str | None
    tournaments: list[CalendarEntry]


# --- players and the Österreich-Rangliste -------------------------------------------------------------

class RatingRow(Open):
    rank: int
    name: str
    club: str
    rating: float
    tournaments: int
    player_url: str


class RatingList(Open):
    """``/rangliste/?format=json`` (players.md): best first; ``as_of`` the ISO date of the newest tournament counted."""

    as_of: str | None
    method: str
    rows: list[RatingRow]


class RatingStep(Open):
    date: str
    tournament: str
    rank: int
    players: int
    rating: float


class PlayerRating(Open):
    rank: int
    rating: float
    mu: float
    sigma: float
    tournaments: int
    as_of: str | None
    method: str
    history: list[RatingStep]


class TournamentLine(Open):
    date: str
    name: str
    tournament: str | None
    rank: int
    players: int
    points: float | None
    season: dict[str, str] | None
    cup_points: float | None
    counted: bool


class Player(Open):
    """``/spieler/<id>/?format=json``: the player's tournaments, rating and statistics."""

    id: int
    name: str
    club: str
    region: str
    tournaments: list[TournamentLine]
    rating: PlayerRating | None = None
    statistics: dict[str, Any] | None = None


# --- the scorer API (scorer-api.md) -------------------------------------------------------------------

class ScorerSeat(Open):
    position: int
    name: str


class ScorerHand(Open):
    number: int
    hand: dict[str, Any]
    points: list[float]
    cash: list[float]
    key: str | None = None


class TableState(Open):
    """``GET /t/<token>/api/``."""

    tournament: str
    round: int
    table: int
    rules: str
    status: Literal["open", "confirmed", "closed"]
    seats: list[ScorerSeat]
    hands_planned: int
    next_number: int
    version: int
    next: dict[str, Any]
    hands: list[ScorerHand]


class HandIn(Open):
    """``POST /t/<token>/api/hands/``'s body."""

    number: int
    key: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    hand: dict[str, Any] = Field(description="a hand in the interchange format (hand-format.md)")


class HandStored(Open):
    number: int
    points: list[float]
    cash: list[float]
    version: int


class Problem(Open):
    error: str
    next_number: int | None = None


MODELS = [Standings, Season, Cup, Calendar, RatingList, Player, TableState, HandIn, HandStored, Problem]


def _json(model: type[BaseModel], description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": {
        "$ref": f"#/components/schemas/{model.__name__}"}}}}


def _format_json() -> list[dict]:
    return [{"name": "format", "in": "query", "required": True, "schema": {"const": "json"}}]


def _path(name: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def document() -> dict:
    """The OpenAPI 3.1 document (the same every time: a client may cache it by ``info.version``)."""
    _, definitions = models_json_schema([(m, "serialization") for m in MODELS],
                                        ref_template="#/components/schemas/{model}")
    ok = "200"
    return {
        "openapi": "3.1.0",
        "info": {"title": "Tarock-Turnier: open data", "version": API_VERSION,
                 "description": "Every JSON address of the site. docs/open-data.md explains each."},
        "paths": {
            "/turnier/{slug}/standings.json": {"get": {"summary": "A tournament's standings", "parameters": [_path("slug")],
                                                      "responses": {ok: _json(Standings, "the standings")}}},
            "/cup/{cup}/": {"get": {"summary": "A cup and its seasons", "parameters": [_path("cup"), *_format_json()],
                                    "responses": {ok: _json(Cup, "the cup")}}},
            "/cup/{cup}/{season}/": {"get": {"summary": "A season's standings",
                                             "parameters": [_path("cup"), _path("season"), *_format_json()],
                                             "responses": {ok: _json(Season, "the season table")}}},
            "/cup/{cup}/{season}/wertung/{sub}/": {"get": {
                "summary": "A season sub-ranking", "parameters": [_path("cup"), _path("season"), _path("sub"), *_format_json()],
                "responses": {ok: _json(Season, "the sub-ranking's table")}}},
            "/kalender/": {"get": {"summary": "Coming tournaments of every cup", "parameters": _format_json(),
                                   "responses": {ok: _json(Calendar, "the calendar")}}},
            "/cup/{cup}/kalender/": {"get": {"summary": "A cup's coming tournaments",
                                             "parameters": [_path("cup"), *_format_json()],
                                             "responses": {ok: _json(Calendar, "the calendar")}}},
            "/rangliste/": {"get": {"summary": "The Österreich-Rangliste", "parameters": [
                *_format_json(), {"name": "cup", "in": "query", "schema": {"type": "string"}},
                {"name": "region", "in": "query", "schema": {"type": "string"}},
                {"name": "min", "in": "query", "schema": {"type": "integer", "minimum": 0}}],
                "responses": {ok: _json(RatingList, "the rating list")}}},
            "/spieler/{id}/": {"get": {"summary": "A player across tournaments", "parameters": [_path("id"), *_format_json()],
                                       "responses": {ok: _json(Player, "the player")}}},
            "/t/{token}/api/": {"get": {"summary": "Scorer API: a table's state", "parameters": [_path("token")],
                                        "responses": {ok: _json(TableState, "the table"),
                                                      "404": _json(Problem, "unknown token")}}},
            "/t/{token}/api/hands/": {"post": {
                "summary": "Scorer API: store a hand", "parameters": [_path("token")],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/HandIn"}}}},
                "responses": {"201": _json(HandStored, "stored"), ok: _json(HandStored, "the same key again"),
                              "400": _json(Problem, "malformed"), "403": _json(Problem, "not writable"),
                              "409": _json(Problem, "not the next number"), "422": _json(Problem, "refused by the rules")}}},
        },
        "components": {"schemas": definitions["$defs"]},
    }
