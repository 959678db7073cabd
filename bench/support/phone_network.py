"""Where a save's time goes on the throttled phone (bench/scorer_phone.py): the browser's own network timings
(CDP Network events: when the page asked, when the request started, its connection, when the answer's
headers and body came) beside the server's own time for the same request (its access log line, found by the
X-Request-ID the site sends back) and what else the server was running meanwhile.

    page    the tap to the page's fetch (the outbox's own work)
    queue   the fetch to the request's start in the network stack (connections), but
    worker  the service worker started and asked for the request (its fetch event)
    connect a new connection opened for it
    wait    the request sent to the answer's headers: the emulated latency plus the server
    server  the server's own time for it, and the part its thread ran (cpu; access log)
    body    the answer's headers to its last byte
    shown   the last byte to "Spiel N gespeichert." on the page
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

ACCESS = re.compile(r"^(?P<when>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) .*hall\.access: \S+ \"(?P<method>\S+) (?P<path>\S+) "
                    r"[^\"]*\" (?P<status>\d+) \S+ (?P<ms>\d+)ms id=(?P<rid>\S+)(?: cpu=(?P<cpu>\d+)ms)?")


class NetworkLog:
    """The Network events of one page's CDP session, by request id."""

    def __init__(self, cdp) -> None:
        self.requests: dict[str, dict] = {}
        cdp.on("Network.requestWillBeSent", self._asked)
        cdp.on("Network.responseReceived", self._answered)
        cdp.on("Network.loadingFinished", lambda event: self._ended(event, failed=False))
        cdp.on("Network.loadingFailed", lambda event: self._ended(event, failed=True))

    def _asked(self, event: dict) -> None:
        request = event["request"]
        self.requests[event["requestId"]] = {
            "url": request["url"], "method": request["method"], "post": request.get("postData"),
            "asked": event["timestamp"], "wall": event["wallTime"] - event["timestamp"],
        }

    def _answered(self, event: dict) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is None:
            return
        response = event["response"]
        headers = {name.lower(): value for name, value in response.get("headers", {}).items()}
        entry.update(timing=response.get("timing"), rid=headers.get("x-request-id"), status=response.get("status"),
                     from_worker=response.get("fromServiceWorker", False))

    def _ended(self, event: dict, *, failed: bool) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            entry.update(ended=event["timestamp"], failed=failed, bytes=event.get("encodedDataLength", 0))

    def save_of(self, number: int) -> dict | None:
        """The (last) request that sent hand ``number`` to the scorer API."""
        found = None
        for entry in self.requests.values():
            if entry["method"] == "POST" and "/api/hands/" in entry["url"] and entry.get("post"):
                if json.loads(entry["post"]).get("number") == number and "ended" in entry:
                    found = entry
        return found


def server_lines(log: Path) -> dict[str, dict]:
    """The server's access log by request id: path, start and end (seconds since the epoch), its ms."""
    lines = {}
    for line in log.read_text(errors="replace").splitlines():
        match = ACCESS.match(line)
        if not match:
            continue
        end = datetime.strptime(match["when"], "%Y-%m-%d %H:%M:%S,%f").timestamp()
        ms = int(match["ms"])
        lines[match["rid"]] = {"path": match["path"], "method": match["method"], "ms": ms, "start": end - ms / 1000,
                               "end": end, "cpu": int(match["cpu"]) if match["cpu"] else None}
    return lines


def phases(entry: dict, tapped_epoch_ms: float, saved_epoch_ms: float, server: dict[str, dict]) -> dict:
    """The save's time in its phases (ms), and the other requests the server ran while it ran this one."""
    timing = entry.get("timing") or {}
    start = timing.get("requestTime", entry["asked"])
    at = lambda key: start + timing[key] / 1000 if timing.get(key, -1) >= 0 else None  # noqa: E731
    tapped = tapped_epoch_ms / 1000 - entry["wall"]
    saved = saved_epoch_ms / 1000 - entry["wall"]
    sent, headers = at("sendEnd") or start, at("receiveHeadersEnd") or entry["ended"]
    connect = (at("connectEnd") - at("connectStart")) if at("connectStart") else 0.0
    worker = ((at("workerFetchStart") or at("workerReady")) - at("workerStart")) if at("workerStart") else 0.0
    line = server.get(entry.get("rid") or "")
    beside = []
    if line:
        for rid, other in server.items():
            if rid != entry["rid"] and other["start"] < line["end"] and other["end"] > line["start"]:
                beside.append(f"{other['method']} {short(other['path'])} {other['ms']} ms")
    ms = lambda seconds: round(seconds * 1000)  # noqa: E731
    return {"page": ms(entry["asked"] - tapped), "queue": ms(start - entry["asked"]) + ms(sent - start - connect - worker),
            "worker": ms(worker), "connect": ms(connect), "wait": ms(headers - sent), "server": line["ms"] if line else None,
            "server_cpu": line["cpu"] if line else None,
            "body": ms(entry["ended"] - headers), "shown": ms(saved - entry["ended"]), "beside": beside}


def short(path: str) -> str:
    """A scorer page's address without its token; static files by their name."""
    path = re.sub(r"^/t/[A-Za-z0-9_-]{20,}/", "/t/…/", path)
    return re.sub(r"\.[0-9a-f]{12}\.", ".", path)
