"""The venue's side: send a tournament to the hub and remember how that went."""

from __future__ import annotations

import dataclasses
import json
import re
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from urllib.parse import urljoin

from language import Message, Said, in_both
from publishing import document, outcomes
from publishing.models import HUB_NEWER, REPLACED, RETIRED, PublishAttempt, PublishTarget
from publishing.venue.addresses import NotAllowed, check_address
from tournament import live
from tournament.models import Tournament

TIMEOUT_SECONDS = 30


@dataclass(frozen=True)
class Outcome(Said):
    ok: bool
    code: str  # what happened (publishing/outcomes.py), kept with the attempt and said in the reader's language
    values: dict = field(default_factory=dict)  # the sentence's values: the hub's address, a status, its words
    kind: str = ""  # what the hub said of its copy's state (publishing.models: REPLACED, HUB_NEWER, RETIRED)
    hub_sequence: int | None = None  # the hub's copy's sequence it named
    # The sequence (live_version) this attempt sent, where it was answered (or refused here): None when the
    # network or the hub did not answer, so publishing while playing tries again after its interval.
    sequence: int | None = None

    @property
    def said(self) -> Message:
        return outcomes.sentence(self.code, self.values)

    @property
    def message(self) -> str:
        """For a reader whose language is unknown (the ``publish`` command, the log)."""
        return in_both(self.said)


def endpoint(url: str) -> str:
    """The hub's publishing address from the site's address the director typed (with or without the path)."""
    base = url.strip()
    if base.rstrip("/").endswith("/api/publish"):
        return base.rstrip("/") + "/"
    return urljoin(base if base.endswith("/") else base + "/", "api/publish/")


ANSWER_LIMIT = 64 * 1024  # what is read of a hub's answer
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _quoted(value) -> str:
    """A hub's sentence as text only: no control or direction characters, at most 300 characters (the
    page escapes it like any text)."""
    return _UNPRINTABLE.sub(" ", value if isinstance(value, str) else "")[:300].strip()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """An allowed hub cannot send the tournament and its token on to another address."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _sequence(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _hub_answer(error: urllib.error.HTTPError) -> Outcome:
    try:
        data = json.loads(error.read(ANSWER_LIMIT) or b"{}")
    except (ValueError, OSError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    said_de = _quoted(data.get("error_de") or data.get("error"))
    said_en = _quoted(data.get("error_en") or data.get("error"))
    if said_de or said_en:
        # The hub's own words, kept in each language it sent (the reader sees his, the other when one is missing).
        refused = {"code": error.code, "hub_de": said_de, "hub_en": said_en}
        # The hub's copy is ahead of this database: the director's page offers to publish this state as a new one.
        ahead = _sequence(data.get("sequence")) if error.code == 409 and data.get("code") in (HUB_NEWER, RETIRED) else None
        return Outcome(False, outcomes.HUB_REFUSES, refused, data["code"] if ahead is not None else "", ahead)
    if 300 <= error.code < 400:
        return Outcome(False, outcomes.HUB_REDIRECTS, {"code": error.code})
    if error.code >= 500:  # the hub's own failure (or its proxy's): asking about the address would mislead
        return Outcome(False, outcomes.HUB_FAILS, {"code": error.code})
    return Outcome(False, outcomes.HUB_ERROR, {"code": error.code})


def send(tournament: Tournament, url: str, token: str) -> Outcome:
    """Send the whole tournament to the hub at ``url``; never raises for anything the network or the hub does."""
    try:
        check_address(url)
    except NotAllowed as refusal:
        return Outcome(False, refusal.code, refusal.values, sequence=tournament.live_version)
    sent = document.build(tournament)
    answered = _answered(sent.sequence)
    body = document.as_bytes(sent)
    request = urllib.request.Request(endpoint(url), data=body, method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {token.strip()}"})
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:  # http(s) and the address checked above
            answer = json.loads(response.read(ANSWER_LIMIT) or b"{}")
    except urllib.error.HTTPError as error:
        # A hub that is down behind its proxy (502-504) has not answered: tried again like a network failure.
        return _hub_answer(error) if error.code >= 500 else answered(_hub_answer(error))
    except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as error:
        reason = getattr(error, "reason", error)
        return Outcome(False, outcomes.UNREACHABLE, {"reason": _quoted(str(reason))})
    except ValueError:
        return answered(Outcome(False, outcomes.NOT_JSON))
    status = answer.get("status") if isinstance(answer, dict) else None
    if status == "unchanged":
        return answered(Outcome(True, outcomes.UNCHANGED))
    where = _quoted(answer.get("url")) if isinstance(answer, dict) else ""
    if not where.startswith(("http://", "https://")):
        where = url
    replaced = answer.get("replaced") if isinstance(answer, dict) else None
    before = _sequence(replaced.get("sequence")) if isinstance(replaced, dict) else None
    if before is not None:
        return answered(Outcome(True, outcomes.PUBLISHED_REPLACING, {"where": where, "before": before}, REPLACED, before))
    return answered(Outcome(True, outcomes.PUBLISHED, {"where": where}))


def _answered(sequence: int):
    """An outcome the hub answered, marked with the sequence the attempt sent."""
    return lambda outcome: dataclasses.replace(outcome, sequence=sequence)


# Not on any live page (the director's page reads it fresh), so the tournament's version stays: a
# publish must not make the next one look like a new state.
@live.write_service(changes=live.NO_TOURNAMENT)
def record_attempt(*, tournament: Tournament, outcome: Outcome, automatic: bool = False) -> PublishAttempt:
    """The attempt for the director's page, and how far the hub follows (PublishTarget's sequences)."""
    if outcome.sequence is not None:
        follows = {"sent_sequence": outcome.sequence}
        if outcome.ok:
            follows["published_sequence"] = outcome.sequence
        PublishTarget.objects.filter(tournament=tournament).update(**follows)
    return PublishAttempt.objects.create(tournament=tournament, ok=outcome.ok, code=outcome.code, values=outcome.values,
                                         automatic=automatic, kind=outcome.kind, hub_sequence=outcome.hub_sequence)


def publish(tournament: Tournament, url: str, token: str, *, automatic: bool = False) -> Outcome:
    outcome = send(tournament, url, token)
    record_attempt(tournament=tournament, outcome=outcome, automatic=automatic)
    return outcome


def publish_to_target(tournament: Tournament, *, automatic: bool = False) -> Outcome | None:
    target = PublishTarget.objects.filter(tournament=tournament).first()
    if target is None:
        return None
    return publish(tournament, target.url, target.token, automatic=automatic)
