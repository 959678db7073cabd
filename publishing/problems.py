"""Why the hub refuses a document, in words a venue's director understands (German and English),
always naming the field: ``rounds[1].tables[3].seats[2]``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from pydantic import ValidationError

from language import Message, ServiceError, message


class Refused(ServiceError):
    """A document the hub does not take, with the HTTP status that says why; nothing was written. A
    refusal the venue can act on carries a ``code`` and the hub's copy's ``sequence`` for its page."""

    def __init__(self, status: int, text, /, *, code: str = "", sequence: int | None = None, **params):
        # ``sequence`` is the hub copy's for the venue's page; a sentence that names it gets a Message.
        super().__init__(text, **params)
        self.status = status
        self.code = code
        self.sequence = sequence


def field_path(location) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "document"


def at(path: str, problem, status: int = 400) -> Refused:
    """A refusal of one field: "Feld „path“: …" / "Field “path”: …"."""
    return Refused(status, gettext_lazy("Feld „%(path)s“: %(problem)s; nichts wurde übernommen."),
                   path=path, problem=message(problem))


BOUNDS = (("ge", gettext_lazy("mindestens %(limit)s")), ("gt", gettext_lazy("größer als %(limit)s")),
          ("le", gettext_lazy("höchstens %(limit)s")), ("lt", gettext_lazy("kleiner als %(limit)s")))
TYPES = {"int": gettext_lazy("eine ganze Zahl"), "bool": gettext_lazy("true oder false"), "string": gettext_lazy("ein Text"),
         "list": gettext_lazy("eine Liste"), "dict": gettext_lazy("ein Objekt"), "model": gettext_lazy("ein Objekt"),
         "float": gettext_lazy("eine Zahl"), "uuid": gettext_lazy("eine UUID")}


def _bounds(context: dict) -> Message:
    for key, bound in BOUNDS:
        if key in context:
            return Message(bound, limit=context[key])
    return Message(gettext_lazy("außerhalb des erlaubten Bereichs"))


def _sentence(kind: str, context: dict) -> Message:
    said = _said(kind, context)
    return said if isinstance(said, Message) else Message(said)


def _said(kind: str, context: dict):
    if kind == "missing":
        return gettext_lazy("fehlt")
    if kind == "extra_forbidden":
        return gettext_lazy("gibt es in diesem Format nicht")
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return Message(gettext_lazy("muss %(bound)s sein"), bound=_bounds(context))
    if kind in ("string_too_long", "list_too_long", "too_long"):
        return Message(gettext_lazy("ist zu lang (höchstens %(limit)s)"), limit=context.get("max_length", ""))
    if kind in ("string_too_short", "list_too_short", "too_short"):
        return Message(gettext_lazy("ist zu kurz (mindestens %(limit)s)"), limit=context.get("min_length", ""))
    if kind == "literal_error":
        return Message(gettext_lazy("erlaubt sind nur %(expected)s"), expected=context.get("expected", ""))
    if kind == "string_pattern_mismatch":
        return gettext_lazy("hat nicht die erlaubte Form")
    if kind == "value_error" and "control characters" in str(context.get("error", "")):
        return gettext_lazy("enthält Steuerzeichen")
    if kind == "value_error" and "year" in str(context.get("error", "")):
        return Message(gettext_lazy("das Jahr muss zwischen %(years)s liegen"),
                       years=str(context["error"]).removeprefix("year "))
    if kind.startswith(("date", "datetime")):
        return gettext_lazy("ist kein gültiges Datum (JJJJ-MM-TT)")
    if kind == "finite_number" or kind.startswith("decimal"):
        return gettext_lazy("ist keine gültige Zahl")
    if kind == "json_invalid":
        return gettext_lazy("ist kein vollständiges JSON")
    if kind.endswith("_type") or kind.endswith("_parsing"):
        return Message(gettext_lazy("muss %(kind)s sein"), kind=TYPES.get(kind.split("_")[0], gettext_lazy("ein anderer Typ")))
    return gettext_lazy("ist ungültig")


def first_problem(error: ValidationError) -> Message:
    """The first problem pydantic found, as a sentence naming the field."""
    problem = error.errors(include_url=False)[0]
    if problem["type"] == "json_invalid" and "recursion limit" in str((problem.get("ctx") or {}).get("error", "")):
        # pydantic's parser stops at its nesting limit: the JSON may well be complete, it is too deep.
        return Message(gettext_lazy("Die Sendung ist zu tief verschachtelt; nichts wurde übernommen."))
    if problem["type"] == "json_invalid":
        return Message(gettext_lazy("Die Sendung ist kein vollständiges JSON; nichts wurde übernommen."))
    return at(field_path(problem["loc"]), _sentence(problem["type"], problem.get("ctx") or {})).said
