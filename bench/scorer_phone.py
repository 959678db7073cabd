"""The scorer's phone and the live standings on the hall's Wi-Fi, measured as issue 31 asks: a 390 px
phone with an emulated slow network and the CPU throttled 4x (Chrome DevTools Protocol:
Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate), against `make serve`.

- A save: from the tap on "Speichern" to the next hand's form (usable at once) and to "Spiel N
  gespeichert." (the server's answer), and, for comparison, how long the page's full reload takes
  under the same conditions (what the phone waited for after each save before issue 31).
- The live standings of a 240-player event: the bytes one refresh of the standings block costs a
  phone when nothing changed (a 304 to the ETag it kept) and when something did (gzipped), against
  the uncompressed 200 every refresh used to be.

Builds a fresh SQLite database (`seed_demo --players 240 --played 1`: round 2 seated, no hands),
starts `make serve` on 127.0.0.1 with a free port and Debian's chromium (no browser is downloaded).
Only 127.0.0.1 is contacted.

    .venv/bin/python bench/scorer_phone.py [--saves 10] [--latency-ms 400] [--kbit 400]
"""

from __future__ import annotations

import argparse
import http.client
import os
import signal
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from live_pages import ROOT, free_port, manage
from support.phone_network import NetworkLog, phases, server_lines

SLUG = "phone-bench"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")

# In the page: when "Speichern" was tapped, when the next hand's title showed, when "Spiel N gespeichert."
# did for that hand (or a later one: a banner for hand N+1 says hand N was stored before it).
PROBE = """(() => {
  window.saveTimes = [];
  window.saveClock = performance.timeOrigin;
  // What kept the page's main thread busy (Chrome's long animation frames, with the scripts that ran).
  window.longFrames = [];
  new PerformanceObserver((list) => list.getEntries().forEach((frame) => window.longFrames.push({
    start: frame.startTime, end: frame.startTime + frame.duration,
    scripts: frame.scripts.map((script) => `${script.invoker} ${(script.sourceURL || "").split("/").pop()}`
                                           + ` ${Math.round(script.duration)} ms`) })))
    .observe({ type: "long-animation-frame", buffered: true });
  document.addEventListener("submit", () => {
    window.saveTimes.push({ tapped: performance.now(), title: document.getElementById("hand-title").textContent,
                            number: Number(document.querySelector('#hand-form input[name="number"]').value) });
  }, true);
  new MutationObserver(() => {
    const last = window.saveTimes[window.saveTimes.length - 1];
    if (!last) return;
    const title = document.getElementById("hand-title");
    if (!last.next && title && title.textContent !== last.title) last.next = performance.now();
    const outbox = document.getElementById("outbox");
    const shown = outbox && outbox.textContent.match(/Spiel (\\d+) gespeichert/);
    if (!shown) return;
    window.saveTimes.forEach((save) => { if (!save.saved && save.number <= Number(shown[1])) save.saved = performance.now(); });
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()"""


def wait_in_page(page, condition: str, seconds: float = 60) -> None:
    page.evaluate(f"""new Promise((done, fail) => {{ const until = performance.now() + {seconds * 1000};
        const check = () => ({condition}) ? done(true) : performance.now() > until ? fail(new Error("timeout"))
                                                         : setTimeout(check, 10); check(); }})""")


def throttle(context, page, latency_ms: int, kbit: int):
    cdp = context.new_cdp_session(page)
    rate = kbit * 1000 / 8
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency_ms,
                                                  "downloadThroughput": rate, "uploadThroughput": rate})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return cdp


def measure_saves(browser, base: str, token: str, saves: int, latency_ms: int, kbit: int, server_log: Path, *,
                  quick: bool = False) -> dict:
    """``saves`` hands tapped and saved on a throttled phone, each after the banner of the one before went
    (a scorer who reads it), or with ``quick`` each as soon as the form moved on (a scorer who knows the
    next hand already, while the save before and its sheet part are still on the line)."""
    context = browser.new_context(base_url=base, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, locale="de-AT")
    page = context.new_page()
    page.add_init_script(PROBE)
    page.goto(f"/t/{token}/")
    network = NetworkLog(throttle(context, page, latency_ms, kbit))
    for number in range(1, saves + 1):
        form = page.locator("#hand-form")
        form.locator('fieldset[data-field="contract"] label.chip', has_text="Dreier").first.tap()
        form.locator('fieldset[data-field="declarer"] label.chip').first.tap()
        form.locator('fieldset[data-field="result"] label.chip').first.tap()
        page.locator("#save-hand").tap()
        if quick:
            wait_in_page(page, f"window.saveTimes.length === {number} && window.saveTimes[{number - 1}].next")
            continue
        wait_in_page(page, f"window.saveTimes.length === {number} && window.saveTimes[{number - 1}].saved")
        wait_in_page(page, "!document.querySelector('#outbox .outbox-saved')")  # the banner went
    wait_in_page(page, "window.saveTimes.every((save) => save.saved)")
    times = page.evaluate("window.saveTimes")
    clock = page.evaluate("window.saveClock")
    frames = page.evaluate("window.longFrames")
    # What else was on the line while each save waited for its answer: the requests that overlapped it.
    loads = page.evaluate("""performance.getEntriesByType('resource').map((e) => ({
        name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd, bytes: e.transferSize }))""")
    reloads = []
    for _ in range(3):
        started = time.perf_counter()
        page.reload(wait_until="load")
        reloads.append((time.perf_counter() - started) * 1000)
    context.close()
    # Requests other than the saves still loading at the tap, or (previews) sent before the answer came;
    # a sheet part that starts after the tap is the answer's own (it follows the confirmation).
    overlapping = [[f"{load['name'].rsplit('/', 2)[-2]} ({load['bytes']} B)" for load in loads
                    if load["end"] > t["tapped"] and load["start"] < t["saved"] and "/api/hands/" not in load["name"]
                    and (load["start"] < t["tapped"] or "/zettel/" not in load["name"])]
                   for t in times]
    server = server_lines(server_log)
    where = [phases(network.save_of(t["number"]), clock + t["tapped"], clock + t["saved"], server) for t in times]
    for t, one in zip(times, where, strict=True):  # the page's own long frames while the save waited
        one["frames"] = [f"{frame['end'] - frame['start']:.0f} ms ({'; '.join(frame['scripts']) or 'layout, style'})"
                         for frame in frames if frame["end"] > t["tapped"] and frame["start"] < t["saved"]]
    return {"next": [t["next"] - t["tapped"] for t in times], "saved": [t["saved"] - t["tapped"] for t in times],
            "reload": reloads, "overlapping": overlapping, "phases": where}


def measure_standings(browser, base: str, latency_ms: int, kbit: int) -> dict:
    context = browser.new_context(base_url=base, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="de-AT")
    page = context.new_page()
    page.goto(f"/turnier/{SLUG}/")
    throttle(context, page, latency_ms, kbit)
    sizes = []
    page.on("requestfinished", lambda request: "fragment=1" in request.url and sizes.append((request.url, request.sizes())))
    refresh = """fetch(document.getElementById("standings").dataset.refreshUrl, { headers: { "X-Requested-With": "fetch" } })
                 .then((response) => response.status)"""  # as static/js/live.js asks
    statuses = [page.evaluate(refresh) for _ in range(3)]
    wait_in_page(page, "performance.getEntriesByType('resource').filter((e) => e.name.includes('fragment=1')).length >= 3")
    context.close()
    total = [size["responseBodySize"] + size["responseHeadersSize"] for _, size in sizes]
    return {"statuses": statuses, "bytes": total}


def plain_refresh_bytes(port: int) -> tuple[int, int]:
    """The standings block as every refresh fetched it before: no ETag, no gzip (and gzipped, changed)."""
    sizes = []
    for headers in ({}, {"Accept-Encoding": "gzip"}):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", f"/turnier/{SLUG}/?fragment=1", headers=headers)
        response = connection.getresponse()
        body = response.read()
        head = sum(len(f"{name}: {value}\r\n") for name, value in response.getheaders()) + 17
        sizes.append(len(body) + head)
    return sizes[0], sizes[1]


def print_saved(saves: dict, goal_ms: int) -> None:
    saved = saves["saved"]
    over = sum(took > goal_ms for took in saved)
    print(f"'gespeichert' after the tap:      min {min(saved):5.0f} ms   median {statistics.median(saved):5.0f} ms"
          f"   max {max(saved):5.0f} ms   over {goal_ms} ms: {over} of {len(saved)}")
    for number, (took, others, where) in enumerate(zip(saved, saves["overlapping"], saves["phases"], strict=True), start=1):
        print(f"  save {number:2}: {took:5.0f} ms = page {where['page']} + queue {where['queue']} + worker {where['worker']}"
              f" + connect {where['connect']}"
              f" + wait {where['wait']} (server {where['server']}, cpu {where['server_cpu']}) + body {where['body']}"
              f" + shown {where['shown']};"
              f" on the line: {', '.join(others) or '-'}; the server also ran: {', '.join(where['beside']) or '-'};"
              f" the page's long frames: {', '.join(where['frames']) or '-'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=10)
    parser.add_argument("--latency-ms", type=int, default=400)
    parser.add_argument("--kbit", type=int, default=400)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="tarock-phone-"))
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("DJANGO_DEBUG", "DATABASE_URL")}
    env.update({
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}", "DJANGO_SECRET_KEY": "bench-phone-key-not-for-production",
        "DJANGO_SETTINGS_MODULE": "website.settings", "HOST": "127.0.0.1", "PORT": str(port),
        "SITE_URL": f"http://127.0.0.1:{port}", "DJANGO_STATIC_ROOT": str(workdir / "static"),
        "DJANGO_DATA_DIR": str(workdir),
    })
    load_before = os.getloadavg()[0]
    manage(env, "migrate", "--noinput")
    manage(env, "seed_demo", "--players", "240", "--slug", SLUG, "--seed", "bench", "--played", "1")
    tokens = manage(env, "shell", "--no-imports", "-c",
                    "from tournament.models import Table; print(*Table.objects.filter(round__tournament__slug="
                    f"'{SLUG}', round__number=2, hands_entered=0).order_by('number').values_list('token', flat=True)[:2])"
                    ).split()[-2:]
    log = open(workdir / "server.log", "w")
    server = subprocess.Popen(["make", "-s", "serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.2)  # the server is starting: poll for it
        else:
            raise SystemExit(f"make serve did not answer; see {workdir / 'server.log'}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
            saves = measure_saves(browser, base, tokens[0], args.saves, args.latency_ms, args.kbit, workdir / "server.log")
            quick = measure_saves(browser, base, tokens[1], args.saves, args.latency_ms, args.kbit, workdir / "server.log",
                                  quick=True)
            standings = measure_standings(browser, base, args.latency_ms, args.kbit)
            browser.close()
        plain, gzipped = plain_refresh_bytes(port)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    median = statistics.median
    goal = args.latency_ms + 300  # issue 31: one network round trip plus 0.3 s
    print(f"390 px, {args.latency_ms} ms latency, {args.kbit} kbit/s both ways, CPU 4x slower; {args.saves} saves;"
          f" goal: one round trip ({args.latency_ms} ms, the emulated latency) + 300 ms = {goal} ms;"
          f" load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} cores")
    print(f"next hand's form after the tap:   median {median(saves['next']):7.0f} ms   max {max(saves['next']):7.0f} ms")
    print_saved(saves, goal)
    print(f"the same, each hand saved as soon as the form moved on (another table, {args.saves} saves):")
    print_saved(quick, goal)
    print(f"a full reload of the sheet page:  median {median(saves['reload']):7.0f} ms   (before: after every save)")
    print(f"standings refresh, 240 players: statuses {standings['statuses']}, bytes {standings['bytes']}")
    unchanged = standings["bytes"][-1]
    print(f"  per phone per minute (3 refreshes): unchanged {3 * unchanged} B, changed every time {3 * gzipped} B,"
          f" before {3 * plain} B ({plain} B a refresh, uncompressed, no ETag)")


if __name__ == "__main__":
    main()
