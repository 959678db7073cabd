"""Scorer API v1 (docs/sources/scorer-api.md): a table's state and storing its hands as JSON.

What the table's own page, its offline outbox, a second device and any outside client use. The
table's secret token in the path is the only credential (no cookie is read, so no CSRF token);
every answer is JSON with ``Cache-Control: no-store``, and nothing a client sends can cause a 500:
malformed JSON, wrong types, an oversized or too deeply nested body are a 400 with a sentence in German
and English (``message`` in the request's language alone).
A database that stays locked or busy (SQLite's busy timeout, a PostgreSQL lock or statement
timeout) is a 503 with ``Retry-After``, which the outbox waits out before it sends again; anything
else unexpected is a JSON 500, never an HTML page the outbox cannot read.
"""

from __future__ import annotations

import functools
import logging
import re

from django.db import OperationalError
from django.http import JsonResponse, QueryDict
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.gzip import gzip_page

from language import Message, ServiceError, active_language, in_both, render
from rules.engine import InvalidHand
from scoring import services
from scoring.forms import HandForm
from scoring.seats import absences_of, active_positions
from scoring.selectors import table_sheet
from tournament.errors import CopyNotWritable, NotWritable, WrongHandNumber
from tournament.models import Table
from tournament.selectors import table_by_token
from web import json_answers as reply
from web.json_bodies import MAX_JSON_DEPTH, TooDeeplyNested, json_value

MAX_BODY = 64 * 1024
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
RETRY_AFTER = 3  # seconds a client waits after a 503 before sending again

logger = logging.getLogger(__name__)


def _always_json(view):
    """The view's answer, or a JSON one when the database or the code fails under it."""

    @functools.wraps(view)
    def answer(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except OperationalError as error:  # locked / busy / timed out: nothing was written, a retry will do
            logger.warning("scorer API: database busy (%s)", error)
            return reply.busy(gettext_lazy(
                "Der Server ist gerade ausgelastet; nichts wurde gespeichert. Bitte gleich nochmals senden."), RETRY_AFTER)
        except Exception:  # noqa: BLE001 - a bug: logged with its traceback, the client still reads JSON
            logger.exception("scorer API: unexpected error")
            return reply.refusal(500, gettext_lazy("Ein Fehler am Server; nichts wurde gespeichert."))

    return answer


def _unknown() -> JsonResponse:
    return reply.refusal(404, gettext_lazy("Unbekannter Tisch-Link."))


def status_of(table: Table) -> str:
    """The table's scorer_lock in the spec's words: a round not open and an ended table are both "closed"."""
    lock = table.scorer_lock
    return "open" if lock is None else "confirmed" if lock == "confirmed" else "closed"


def table_state(table: Table) -> dict:
    """The table as the spec's "Table state" (four queries: the sheet and the round's tournament)."""
    sheet = table_sheet(table)
    state = {
        "tournament": table.round.tournament.slug, "round": table.round.number, "table": table.number,
        "rules": table.round.tournament.ruleset_slug, "status": status_of(table),
        "seats": [{"position": seat.position, "name": seat.entry.player.name} for seat in sheet.seats],
        # Who paused or left during the round (events.md): positions, the first hand each sat out, the
        # hand he played again (null: not yet, or gone), "pause" or "left"; where recorded, when ("at",
        # "back_at") and by whom ("by", "back_by": "scorer" or "director:<user>") it began and ended.
        "absences": [absence.to_plain() for absence in sheet.absences],
        "hands_planned": table.hands_planned, "next_number": sheet.next_number, "version": table.version,
        "first_dealer": table.first_dealer,
        "next": None,
        "hands": [{"number": row.hand.number, "hand": row.hand.data, "points": row.hand.result.get("points"),
                   "cash": row.hand.result.get("cash"), "key": row.hand.idempotency_key} for row in sheet.rows],
    }
    if not table.is_complete:
        # "sits_out" (scorer-api.md) names the dealer where one sits out; "sitting_out" lists everyone
        # who does (at six also the player opposite). The sheet worked out the next hand's places.
        state["next"] = {"dealer": sheet.next_dealer, "sits_out": sheet.next_dealer if sheet.next_out else None,
                         "sitting_out": sheet.next_out, "vorhand": sheet.next_positions[0],
                         "absent": sheet.next_absent, "playing": sheet.next_positions}
    return state


@csrf_exempt
@gzip_page  # the table's state names no token: compressed (docs/decisions.md, BREACH)
@_always_json
def state(request, token: str):
    if request.method not in ("GET", "HEAD"):
        return reply.wrong_method("GET")
    table = table_by_token(token)
    return _unknown() if table is None else reply.answer(table_state(table))


def _read_body(request) -> tuple[dict | None, JsonResponse | None]:
    """The request's JSON object with number, key and hand, or the 400 answer saying what is wrong."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    too_large = Message(gettext_lazy("Die Anfrage ist zu groß (höchstens %(most)s KB)."), most=MAX_BODY // 1024)
    if length > MAX_BODY:
        return None, reply.refusal(400, too_large)
    try:
        body = request.body
        if len(body) > MAX_BODY:
            return None, reply.refusal(400, too_large)
        data = json_value(body.decode("utf-8"))
    except TooDeeplyNested:  # complete JSON, perhaps, but deeper than any request of the spec
        return None, reply.refusal(400, Message(gettext_lazy(
            "Die Anfrage ist zu tief verschachtelt (höchstens %(most)s Ebenen)."), most=MAX_JSON_DEPTH))
    except Exception:  # noqa: BLE001 - whatever the bytes are (not UTF-8, not JSON), it is a 400
        return None, reply.refusal(400, gettext_lazy("Kein gültiges JSON."))
    if not isinstance(data, dict):
        return None, reply.refusal(400, gettext_lazy("Erwartet wird ein JSON-Objekt mit number, key und hand."))
    number, key, hand = data.get("number"), data.get("key"), data.get("hand")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 999:
        return None, reply.refusal(400, gettext_lazy("„number“ muss eine ganze Zahl (die Spielnummer) sein."))
    if not isinstance(key, str) or not KEY.fullmatch(key):
        return None, reply.refusal(400, gettext_lazy("„key“ muss 8 bis 64 Zeichen aus A–Z, a–z, 0–9, _ und - haben."))
    if not isinstance(hand, dict) and not isinstance(data.get("form"), dict):
        return None, reply.refusal(400, gettext_lazy("„hand“ muss ein JSON-Objekt im Austauschformat sein."))
    return data, None


def _hand_from_form(table: Table, number: int, fields: dict) -> tuple[dict | None, JsonResponse | None]:
    """The page's own outbox sends the hand form's fields (``"form"`` instead of ``"hand"``, an extension
    of the spec): the server turns them into the interchange hand exactly as the form post would."""
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(item, (str, int)) and not isinstance(item, bool) for item in values):
            return None, reply.refusal(400, Message(gettext_lazy("Das Feld „%(name)s“ hat keinen gültigen Wert."), name=name))
        data.setlist(str(name), [str(item) for item in values])
    data.update({"number": str(number), "version": "0", "idempotency_key": "outbox"})
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    players = [seats[position].entry.player.name
               for position in active_positions(number, len(seats), table.first_dealer, absences_of(table.absences))]
    form = HandForm(data, ruleset=table.round.tournament.ruleset, players=players)
    if not form.is_valid():
        problems = "; ".join(f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())
        incomplete = Message(gettext_lazy("Eingabe unvollständig (%(problems)s)"), problems=problems)
        return None, reply.answer({"error": in_both(incomplete), "message": render(incomplete)}, 422)
    return form.hand_data(), None


@csrf_exempt
@_always_json
def store(request, token: str):
    if request.method != "POST":
        return reply.wrong_method("POST")
    table = table_by_token(token)
    if table is None:
        return _unknown()
    if table.round.tournament.is_copy:  # before the body is read: the venue enters a copy's hands
        return reply.refusal(403, CopyNotWritable().said)
    data, refusal = _read_body(request)
    if refusal is not None:
        return refusal
    hand = data.get("hand")
    if not isinstance(hand, dict):
        hand, refusal = _hand_from_form(table, data["number"], data["form"])
        if refusal is not None:
            return refusal
    try:
        stored = services.store_hand(table=table, number=data["number"], data=hand,
                                     idempotency_key=data["key"], entered_by=services.SCORER)
    except InvalidHand as error:
        return reply.answer({"error": error.message("both"), "message": error.message(active_language()), "problems": [
            {"de": problem.message_de, "en": problem.message_en} for problem in error.problems]}, 422)
    except WrongHandNumber as error:
        return reply.refusal(409, error.said, next_number=error.next_number)
    except NotWritable as error:
        return reply.refusal(403, error.said)
    except ServiceError as error:
        table.refresh_from_db(fields=["hands_entered"])
        return reply.refusal(409, error.said, next_number=table.hands_entered + 1)
    hand = stored.hand
    return reply.answer({"number": hand.number, "points": hand.result.get("points"), "cash": hand.result.get("cash"),
                    "version": stored.version}, 201 if stored.created else 200)
