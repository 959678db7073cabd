"""The venue's side: send a tournament to the hub and remember how that went."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from publishing import document
from publishing.models import PublishAttempt, PublishTarget
from tournament import live
from tournament.errors import both, in_language
from tournament.models import Tournament

TIMEOUT_SECONDS = 30


@dataclass(frozen=True)
class Outcome:
    ok: bool
    message_de: str
    message_en: str

    @property
    def message(self) -> str:
        return both(self.message_de, self.message_en)

    def message_for_reader(self) -> str:
        return in_language(self.message_de, self.message_en)


def endpoint(url: str) -> str:
    """The hub's publishing address from the site's address the director typed (with or without the path)."""
    base = url.strip()
    if base.rstrip("/").endswith("/api/publish"):
        return base.rstrip("/") + "/"
    return urljoin(base if base.endswith("/") else base + "/", "api/publish/")


def _hub_answer(error: urllib.error.HTTPError) -> Outcome:
    try:
        data = json.loads(error.read() or b"{}")
    except (ValueError, OSError):
        data = {}
    if isinstance(data, dict) and data.get("error_de"):
        return Outcome(False, f"Der Cup-Server lehnt ab ({error.code}): {data['error_de']}",
                       f"The cup's site refuses ({error.code}): {data.get('error_en', '')}")
    if isinstance(data, dict) and data.get("error"):
        return Outcome(False, f"Der Cup-Server lehnt ab ({error.code}): {data['error']}",
                       f"The cup's site refuses ({error.code}): {data['error']}")
    return Outcome(False, f"Der Cup-Server antwortet mit Fehler {error.code}; ist die Adresse richtig?",
                   f"The cup's site answers with error {error.code}; is the address right?")


def send(tournament: Tournament, url: str, token: str) -> Outcome:
    """Send the whole tournament to the hub at ``url``; never raises for anything the network or the hub does."""
    if urlsplit(url.strip()).scheme not in ("http", "https"):
        return Outcome(False, "Die Adresse des Cup-Servers beginnt mit http:// oder https://.",
                       "The cup's site address starts with http:// or https://.")
    body = document.as_bytes(document.build(tournament))
    request = urllib.request.Request(endpoint(url), data=body, method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {token.strip()}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310 - http(s) checked above
            answer = json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return _hub_answer(error)
    except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as error:
        reason = getattr(error, "reason", error)
        return Outcome(False, f"Der Cup-Server ist nicht erreichbar ({reason}). Später nochmals versuchen.",
                       f"The cup's site cannot be reached ({reason}). Try again later.")
    except ValueError:
        return Outcome(False, "Der Cup-Server antwortet nicht mit JSON; ist die Adresse richtig?",
                       "The cup's site does not answer with JSON; is the address right?")
    status = answer.get("status") if isinstance(answer, dict) else None
    if status == "unchanged":
        return Outcome(True, "Der Cup-Server hatte diesen Stand schon.", "The cup's site already had this state.")
    return Outcome(True, f"Veröffentlicht: {answer.get('url', url)}", f"Published: {answer.get('url', url)}")


# Not on any live page (the director's page reads it fresh), so the tournament's version stays: a
# publish must not make the next one look like a new state.
@live.write_service(changes=live.NO_TOURNAMENT)
def record_attempt(*, tournament: Tournament, outcome: Outcome, automatic: bool = False) -> PublishAttempt:
    return PublishAttempt.objects.create(tournament=tournament, ok=outcome.ok, message=outcome.message,
                                         automatic=automatic)


def publish(tournament: Tournament, url: str, token: str, *, automatic: bool = False) -> Outcome:
    outcome = send(tournament, url, token)
    record_attempt(tournament=tournament, outcome=outcome, automatic=automatic)
    return outcome


def publish_to_target(tournament: Tournament, *, automatic: bool = False) -> Outcome | None:
    target = PublishTarget.objects.filter(tournament=tournament).first()
    if target is None:
        return None
    return publish(tournament, target.url, target.token, automatic=automatic)
