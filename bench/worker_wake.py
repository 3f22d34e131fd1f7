"""What a stopped service worker costs an API request: the first /api request after the worker stopped, beside
the next one (the worker running), on a page the worker controls.

A phone stops an idle page's service worker after some seconds; a request the worker's fetch handler would
see then waits for the worker to start. The worker declares /api/* a network route when it installs
(frontend/sw.js, the static routing API, where the browser has it), so an API request never waits for it:
the two figures should be alike. Without that route the first one took 12–14 ms against 5 ms (2026-12-06).

Chromium (Playwright) on a fresh profile; DevTools' ServiceWorker.stopAllWorkers stops the worker before
each pair; the median and the 90th percentile of ``--pairs`` pairs, and their ratio.

    .venv/bin/python bench/worker_wake.py
    .venv/bin/python bench/worker_wake.py --pairs 100
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from api_load import server
from servers import database

CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
TIMED_FETCH = """async (path) => {
  const start = performance.now();
  await (await fetch(path)).text();
  return performance.now() - start;
}"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40, help="stopped-then-running pairs (default 40)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with database("sqlite") as url, server(url, workers=2) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(base_url=base)
        page = context.new_page()
        page.goto("/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        stopped, running = [], []
        for _ in range(args.pairs):
            cdp.send("ServiceWorker.stopAllWorkers")
            page.wait_for_timeout(100)  # the stop is done
            stopped.append(page.evaluate(TIMED_FETCH, "/api/health"))
            running.append(page.evaluate(TIMED_FETCH, "/api/health"))
        browser.close()
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {args.pairs} pairs of GET /api/health, load average {load:.1f}")
    for name, times in (("worker stopped", stopped), ("worker running", running)):
        p90 = statistics.quantiles(times, n=10)[-1]
        print(f"{name:<15} median {statistics.median(times):5.1f} ms  p90 {p90:5.1f} ms")
    print(f"ratio of medians {statistics.median(stopped) / statistics.median(running):.2f}×")


if __name__ == "__main__":
    main()
