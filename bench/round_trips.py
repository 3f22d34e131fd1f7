"""How many network round trips the phone app's first load waits for: home, a table, the word judge and a league.

A figure that hardly moves with the machine's load: Chromium (Playwright) opens each page on a
fresh profile with every request delayed by ``--latency`` ms (DevTools network emulation, no
bandwidth limit), and the time from the navigation's start until the page is shown whole (on the
page's own clock, the moment it first matches its selector below), divided by that latency, is how
many round trips one after another it waited for (rounded down; the CPU's share is small beside
200 ms a trip, and the quickest of three loads counts, as a busy CPU only adds time). Also every
request of the first load and the URLs fetched more than once, counted until ten round trips after
the page showed (the judge's background download of its word list is left out, and so is the
service worker's copy of the app for offline use).

    .venv/bin/python bench/round_trips.py                  # English phone, 200 ms a round trip
    .venv/bin/python bench/round_trips.py --lang de        # a German phone
    .venv/bin/python bench/round_trips.py --latency 300 --repeat 5

"Shown whole": home when its first section is drawn, the table when it drops its loading state
(its game's panel and stylesheet are in), the judge when its form shows, a league when its standings
are drawn (a league of a few results, opened as a guest would from its viewer link's page).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter

from api_load import server
from lighthouse import LOCALES, call, make_table
from servers import database

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
READY = {"home": "section.hero", "table": ".table-screen:not(.loading)", "judge": ".judge-card:not([hidden])",
         "league": ".standings-wrap:not([aria-busy]) table.standings"}
WORD_LIST = "/words.compact"


# When the page first matched its "shown" selector, on the page's own clock (from navigation start):
# a MutationObserver runs at once, where waiting from here adds the polling and messaging between.
SHOWN_AT = """
window.shownAt = null;
new MutationObserver(() => {
  if (window.shownAt === null && document.querySelector(READY)) window.shownAt = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'hidden'] });
"""


def measure(browser, base: str, path: str, ready: str, latency: int, lang: str) -> dict:
    context = browser.new_context(base_url=base, locale=LOCALES[lang], viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True, device_scale_factor=2,
                                  extra_http_headers={"Accept-Language": LOCALES[lang]})
    context.add_init_script(SHOWN_AT.replace("READY", json.dumps(ready)))
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                 "downloadThroughput": -1, "uploadThroughput": -1})
    urls: list[str] = []
    # The page's and its word-list worker's requests; the service worker's copy of the app for
    # offline use (it fetches every file once it is installed) is not the first load.
    context.on("request", lambda r: None if r.service_worker or r.url.endswith(("/sw.js", "/shell.json"))
               else urls.append(r.url))
    page.goto(path, wait_until="commit")
    page.wait_for_selector(ready, timeout=60_000)
    shown_ms = page.evaluate("window.shownAt")
    page.wait_for_timeout(10 * latency)  # what follows the first screen (a live table's stream never goes quiet)
    context.close()
    first = [u.split("/", 3)[-1] or "/" for u in urls if WORD_LIST not in u]
    repeated = {u: n for u, n in Counter(first).items() if n > 1}
    return {"shown_ms": shown_ms, "trips": int(shown_ms // latency), "requests": len(first), "repeated": repeated}


def make_league(base: str) -> str:
    """A league of three results; the path of its viewer link, as a guest opens it."""
    league = call(base, "POST", "/api/leagues", {"name": "Fridays"})
    for name in ("Ann", "Ben", "Cleo"):
        call(base, "POST", f"/api/leagues/{league['id']}/players", {"name": name}, token=league["admin_token"])
    for i, scores in enumerate([(12, 9, 4), (7, 11, 8), (10, 10, 3)]):
        call(base, "POST", f"/api/leagues/{league['id']}/results",
             {"game": "scorepad", "played_on": f"2026-11-0{i + 1}",
              "players": [{"name": n, "score": s} for n, s in zip(("Ann", "Ben", "Cleo"), scores, strict=True)]},
             token=league["member_token"])
    return f"/#/league/{league['id']}?t={league['viewer_token']}"


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=int, default=200, help="ms added to every request (default 200)")
    parser.add_argument("--lang", choices=sorted(LOCALES), default="en")
    parser.add_argument("--repeat", type=int, default=3, help="loads per page; the quickest counts (default 3)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with database("sqlite") as url, server(url, workers=2) as base, sync_playwright() as pw:
        code = make_table(base)
        paths = {"home": "/", "table": f"/#/table/{code}", "judge": "/#/judge", "league": make_league(base)}
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {args.latency} ms a round trip, {args.lang} phone, "
              f"load average {load:.1f}")
        print(f"{'page':<6} {'shown after':>11} {'round trips':>12} {'requests':>9}  fetched more than once")
        for name, path in paths.items():
            # The quickest of a few loads: a busy CPU only ever adds time.
            m = min((measure(browser, base, path, READY[name], args.latency, args.lang) for _ in range(args.repeat)),
                    key=lambda m: m["shown_ms"])
            repeated = ", ".join(f"{u} ×{n}" for u, n in m["repeated"].items()) or "none"
            print(f"{name:<6} {m['shown_ms']:>8.0f} ms {m['trips']:>12} {m['requests']:>9}  {repeated}")
        browser.close()


if __name__ == "__main__":
    main()
