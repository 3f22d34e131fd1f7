"""The browser tier's fixtures: the app served by gunicorn, as in production, and Chromium at phone size.

Where Chromium is missing, these tests skip with a reason (fail under CI=true). Helpers the tests
import by name are in screens.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from big_screen import SHOWN_AT, TV, settle
from screens import CHROMIUM, CHROMIUM_ARGS, PHONE, SKEWED_CLOCK, SMALL_AND_COMMON, phone_page, with_axe
from support import ROOT, missing, sqlite_live_server


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """gunicorn on SQLite, migrated, for the browser tests."""
    server = sqlite_live_server(tmp_path_factory.mktemp("live"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        missing(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_phone(browser, live_server):
    """Open phone-sized browser contexts; each fails its test on a console error it did not expect.

    A test adds substrings to ``page.expected_errors`` for errors it causes (going offline, a refusal).
    """
    opened = []

    def open_one(clock_skew: bool = False):
        context = browser.new_context(base_url=live_server.url, **PHONE)
        if clock_skew:
            context.add_init_script(SKEWED_CLOCK)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.expected_errors = []
        opened.append((context, page, errors))
        return page

    yield open_one
    problems = []
    for context, page, errors in opened:
        context.close()
        problems += [e for e in errors if not any(x in e for x in page.expected_errors)]
    assert not problems, f"console errors: {problems}"


@pytest.fixture
def phone(open_phone):
    return open_phone()


@pytest.fixture
def second_phone(open_phone):
    """Another phone at the same table, its clock 7 s ahead."""
    return open_phone(clock_skew=True)


@pytest.fixture(params=SMALL_AND_COMMON)
def sized_phone(request, browser, live_server):
    """A page with axe-core, once on the small phone in light and once on the common one in dark."""
    viewport, scheme = request.param
    page = phone_page(browser, live_server, viewport, scheme)
    yield page
    page.context.close()


@pytest.fixture
def open_screen(browser, live_server):
    """Open the big screen of a table at 1280×720 (or ``viewport``), its changes timestamped (big_screen.SHOWN_AT),
    once it is live; each fails its test on a console error."""
    opened = []

    def open_one(code: str, scheme: str = "light", viewport=None):
        context = with_axe(browser.new_context(base_url=live_server.url, color_scheme=scheme,
                                               **({"viewport": viewport} if viewport else TV)))
        context.add_init_script(SHOWN_AT)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        opened.append((context, errors))
        page.goto(f"/#/table/{code}/screen")
        page.wait_for_selector(".sb-screen:not(.loading) .sb-live[data-state=live]")
        settle(page)
        return page

    yield open_one
    problems = []
    for context, errors in opened:
        context.close()
        problems += errors
    assert not problems, problems


@pytest.fixture
def shots():
    """Where browser tests leave screenshots for a person to look at."""
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    return folder
