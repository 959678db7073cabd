"""Why the hub refuses a document, in words a venue's director understands (German and English),
always naming the field: ``rounds[1].tables[3].seats[2]``."""

from __future__ import annotations

from pydantic import ValidationError

from tournament.errors import ServiceError


class Refused(ServiceError):
    """A document the hub does not take, with the HTTP status that says why; nothing was written. A
    refusal the venue can act on carries a ``code`` and the hub's copy's ``sequence`` for its page."""

    def __init__(self, status: int, message_de: str, message_en: str, *, code: str = "", sequence: int | None = None):
        super().__init__(message_de, message_en)
        self.status = status
        self.code = code
        self.sequence = sequence


def field_path(location) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "document"


def at(path: str, de: str, en: str, status: int = 400) -> Refused:
    """A refusal of one field: "Feld „path“: …" / "Field “path”: …"."""
    return Refused(status, f"Feld „{path}“: {de}; nichts wurde übernommen.", f"Field “{path}”: {en}; nothing was taken.")


def _bounds(context: dict) -> tuple[str, str]:
    for key, de, en in (("ge", "mindestens", "at least"), ("gt", "größer als", "greater than"),
                        ("le", "höchstens", "at most"), ("lt", "kleiner als", "less than")):
        if key in context:
            return f"{de} {context[key]}", f"{en} {context[key]}"
    return "außerhalb des erlaubten Bereichs", "out of range"


def _sentence(kind: str, context: dict) -> tuple[str, str]:
    if kind == "missing":
        return "fehlt", "is missing"
    if kind == "extra_forbidden":
        return "gibt es in diesem Format nicht", "is not part of this format"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        de, en = _bounds(context)
        return f"muss {de} sein", f"must be {en}"
    if kind in ("string_too_long", "list_too_long", "too_long"):
        limit = context.get("max_length", "")
        return f"ist zu lang (höchstens {limit})", f"is too long (at most {limit})"
    if kind in ("string_too_short", "list_too_short", "too_short"):
        limit = context.get("min_length", "")
        return f"ist zu kurz (mindestens {limit})", f"is too short (at least {limit})"
    if kind == "literal_error":
        expected = context.get("expected", "")
        return f"erlaubt sind nur {expected}", f"only {expected} are allowed"
    if kind == "string_pattern_mismatch":
        return "hat nicht die erlaubte Form", "does not have the allowed form"
    if kind == "value_error" and "control characters" in str(context.get("error", "")):
        return "enthält Steuerzeichen", "contains control characters"
    if kind == "value_error" and "year" in str(context.get("error", "")):
        years = str(context["error"]).removeprefix("year ")
        return f"das Jahr muss zwischen {years} liegen", f"the year must lie within {years}"
    if kind.startswith(("date", "datetime")):
        return "ist kein gültiges Datum (JJJJ-MM-TT)", "is not a valid date (YYYY-MM-DD)"
    if kind == "finite_number" or kind.startswith("decimal"):
        return "ist keine gültige Zahl", "is not a valid number"
    if kind == "json_invalid":
        return "ist kein vollständiges JSON", "is not complete JSON"
    if kind.endswith("_type") or kind.endswith("_parsing"):
        wanted = kind.split("_")[0]
        de = {"int": "eine ganze Zahl", "bool": "true oder false", "string": "ein Text", "list": "eine Liste",
              "dict": "ein Objekt", "model": "ein Objekt", "float": "eine Zahl",
              "uuid": "eine UUID"}.get(wanted, "ein anderer Typ")
        en = {"int": "a whole number", "bool": "true or false", "string": "a text", "list": "a list",
              "dict": "an object", "model": "an object", "float": "a number",
              "uuid": "a UUID"}.get(wanted, "another type")
        return f"muss {de} sein", f"must be {en}"
    return "ist ungültig", "is invalid"


def first_problem(error: ValidationError) -> tuple[str, str]:
    """The first problem pydantic found, as a German and an English sentence naming the field."""
    problem = error.errors(include_url=False)[0]
    if problem["type"] == "json_invalid":
        return ("Die Sendung ist kein vollständiges JSON; nichts wurde übernommen.",
                "The request is not complete JSON; nothing was taken.")
    refusal = at(field_path(problem["loc"]), *_sentence(problem["type"], problem.get("ctx") or {}))
    return refusal.message_de, refusal.message_en
