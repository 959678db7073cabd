"""The scorer page's outbox (static/js/outbox.js) waits out a 503's Retry-After before it sends a
waiting hand again, in Node with just enough of a browser faked around it (no browser needed)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

OUTBOX = Path(__file__).resolve().parents[2] / "static" / "js" / "outbox.js"
NODE = shutil.which("node") or shutil.which("nodejs")

# A page without the hand form, one hand waiting in localStorage, a server answering ``status`` with
# ``headers``: prints the delays the outbox asked setTimeout for and how many times it sent.
HARNESS = r"""
const fs = require("fs");
const [source, status, headers] = [fs.readFileSync(process.argv[1], "utf8"), Number(process.argv[2]), JSON.parse(process.argv[3])];
const element = () => ({ append() {}, addEventListener() {}, replaceChildren() {}, childElementCount: 0 });
const table = { token: "tok", texts: { waiting: "%(n)s", waiting_one: "1", sending: "s", refused: "%(n)s", discard: "d", saved: "%(n)s" },
                next_number: 2, players: ["A", "B", "C", "D"], first_dealer: 0, hands_planned: 16,
                hands_url: "/t/tok/api/hands/", state_url: "/t/tok/api/", sheet_url: "/t/tok/" };
const store = (entries) => { const map = new Map(entries); return { getItem: (k) => map.has(k) ? map.get(k) : null,
  setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) }; };
globalThis.localStorage = store([["tarock-outbox-tok", JSON.stringify({ queue: [{ number: 1, key: "k1234567", form: { contract: "dreier" } }], refused: [] })]]);
globalThis.sessionStorage = store([]);
globalThis.document = { getElementById: (id) => id === "outbox-table" ? { textContent: JSON.stringify(table) } : id === "outbox" ? element() : null,
                        createElement: element };
globalThis.window = { addEventListener() {}, location: { replace() {} } };
Object.defineProperty(globalThis, "navigator", { value: { onLine: true } });
const delays = [];
let sent = 0;
globalThis.setTimeout = (fn, ms) => { delays.push(ms); return delays.length; };
globalThis.clearTimeout = () => {};
globalThis.setInterval = () => 0;
globalThis.fetch = async () => { sent += 1; return { status, headers: { get: (name) => headers[name] ?? null }, json: async () => ({}) }; };
new Function(source)();
setImmediate(() => setImmediate(() => console.log(JSON.stringify({ delays, sent }))));
"""


def outbox_after(status: int, headers: dict) -> dict:
    result = subprocess.run([NODE, "-e", HARNESS, str(OUTBOX), str(status), json.dumps(headers)],
                            capture_output=True, text=True, timeout=30, check=True)
    return json.loads(result.stdout)


# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = [pytest.mark.skipif(NODE is None, reason="needs Node.js"), pytest.mark.once]


def test_a_503_is_retried_after_retry_after_seconds():
    assert outbox_after(503, {"Retry-After": "30"}) == {"delays": [30_000], "sent": 1}


def test_without_retry_after_the_usual_pause():
    assert outbox_after(503, {}) == {"delays": [4000], "sent": 1}
    assert outbox_after(502, {"Retry-After": "soon"}) == {"delays": [4000], "sent": 1}
