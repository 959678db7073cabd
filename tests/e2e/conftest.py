"""Real-browser tests: Debian's chromium driven by Playwright against pytest-django's live_server.

No browser is downloaded: the tests use /usr/bin/chromium (installed by .ci/run). When it is missing
the tests FAIL with a message saying so; they never skip.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

# Playwright's sync API runs an asyncio event loop in this thread; Django's ORM refuses to run
# "async-unsafe" code while a loop is running unless told that this is fine (it is: one thread, sync calls).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path(os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    # This machine has no network but loopback: keep chromium from calling home.
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(os.environ.get("E2E_ARTIFACTS", "/tmp/e2e-artifacts"))
LOCALE = "de-AT"
PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 900}
# What a test waits for on a page (an element, a text, a count): as long as an action may take (below).
# Playwright's ``expect`` has a clock of its own, 5 s unless set here: set_default_timeout does not reach it.
# On a loaded machine a live preview through the one live server thread took longer than 5 s (CI once:
# "14 × locator resolved to 0 elements" in test_an_a_rufer_is_entered_without_a_bird).
WAIT_MS = 10_000


@pytest.fixture(scope="session", autouse=True)
def _expect_waits_as_long_as_an_action():
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="module")
def browser(request):
    """One headless chromium per test module, with the module's CHROMIUM_EXTRA_ARGS if it has any
    (the hub's test sends its site's name to 127.0.0.1)."""
    if not CHROMIUM.is_file() or not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} not found: the browser tests need Debian's chromium "
                    "(apt-get install chromium; .ci/run installs it). No browser is downloaded.", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:  # pragma: no cover - the dev extra installs it
        pytest.fail(f"playwright is not installed ({error}): pip install -e '.[dev]'", pytrace=False)
    with sync_playwright() as playwright:
        args = [*CHROMIUM_ARGS, *getattr(request.module, "CHROMIUM_EXTRA_ARGS", ())]
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def open_context(browser):
    """open_context(base_url, phone=False, **options) -> a fresh browser context (own cookies) on any site,
    German UI; options go to Playwright's new_context (the hub's test: ignore_https_errors)."""
    contexts = []

    def make(base_url: str, phone: bool = False, **extra):
        options = {"base_url": base_url, "locale": LOCALE, "timezone_id": "Europe/Vienna", **extra}
        if phone:
            options.update(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
        else:
            options.update(viewport=DESKTOP)
        context = browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        # A page load is answered by the one live server thread (tests/serial_live_server.py) page, scripts
        # and style one after another; with the machine's two cores shared by other suites (load 15+), a
        # test's first load took over 10 s twice in 24 runs of the offline tests. What the tests wait for
        # on a page keeps the 10 s above; only a navigation may take longer before it counts as failed.
        context.set_default_navigation_timeout(30_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    # A page's last requests (a countdown run fast forward polls many at once) may still be answered in the
    # live server's threads on the test's own SQLite connection: the flush after a transactional test then
    # fails with "database table is locked". Wait for them to end (seen on a loaded machine).
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any("process_request_thread" in t.name for t in threading.enumerate()):
        time.sleep(0.05)


@pytest.fixture
def new_context(open_context, live_server):
    """new_context(phone=False) -> a fresh browser context (own cookies) on the live server, German UI."""
    return lambda phone=False: open_context(live_server.url, phone=phone)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Screenshots for a person to look at (outside the work tree)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
