"""Lighthouse scores of the phone app: home, a table and the word judge, mobile profile.

Starts a throwaway server (gunicorn, 2 gevent workers, fresh SQLite file), makes a
Make 'N' Break table with a few events, and runs Lighthouse (npm package
``lighthouse``, installed on first use into bench/.lighthouse/node_modules, which
git should ignore) with Debian's Chromium against

    /                  the home screen
    /#/table/<code>    a table
    /#/judge           the word judge

Prints the four category scores per page, the main timings, the first load's
transfer size as sent (every request Lighthouse saw, as its ``total-byte-weight``
counts them, less the judge's background download of the word list; the server
compresses its files), the
same files at gzip -6 for comparison, and every accessibility and
best-practices audit that is not perfect, with the elements it names.

    .venv/bin/python bench/lighthouse.py                   # needs node/npm and /usr/bin/chromium
    .venv/bin/python bench/lighthouse.py --json-dir /tmp/lh  # also keep the full reports
    .venv/bin/python bench/lighthouse.py --lang en de        # the same pages on an English and a German phone
    .venv/bin/python bench/lighthouse.py --pages table judge # only these pages
    .venv/bin/python bench/lighthouse.py --http2             # behind nginx: HTTPS and HTTP/2, as a deployment's edge

Lighthouse's slow phone opens at most six connections to an HTTP/1.1 server, as a phone does, and charges
each request a round trip: gunicorn speaks HTTP/1.1, and the table's first screen needs about 30 files and
answers. ``--http2`` puts nginx (``apt-get install nginx``) in front of the same server with a certificate
made for the run, so that every request shares one connection, as behind a platform's or a proxy's TLS edge
(README, "Deploying"); the app is the same, only the way its files travel differs.

A German phone is Chromium started with ``--lang=de-DE --accept-lang=de-DE``: the app reads
``navigator.languages`` (frontend/js/i18n.js) and the API the Accept-Language header, as on a
phone set to German. The run checks that the page did load the German catalog.

Targets: accessibility 100, best practices 100, performance >= 95, first load
< 100 KB compressed. Lighthouse's performance score simulates a slow phone from
a CPU benchmark of this machine; on a shared, busy machine it moves by several
points from run to run, the other categories do not.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

from api_load import server  # servers.server with the access log off (and gunicorn 27's CLI quirk avoided)
from servers import ROOT, database, free_port

LIGHTHOUSE_DIR = ROOT / "bench" / ".lighthouse"
LIGHTHOUSE_VERSION = "12.8.2"
CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
WORD_LIST = "/words.compact"  # any list the judge downloads in the background
LOCALES = {"en": "en-US", "de": "de-DE"}
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS", "speed-index": "SI"}


def timing(audit: dict) -> str:
    """A metric to the millisecond (its display rounds to a tenth of a second: 1.93 and 2.07 s both read 2.0 s,
    and the performance score turns on less), CLS as it is."""
    value = audit.get("numericValue")
    if value is None:
        return audit.get("displayValue", "?")
    return f"{value:.3f}" if audit.get("numericUnit") == "unitless" else f"{value:,.0f} ms"


def lighthouse_cli() -> Path:
    cli = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(LIGHTHOUSE_DIR),
                        f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True)
    return cli


def call(base: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as response:  # noqa: S310 - our own loopback server
        return json.loads(response.read())


def make_table(base: str) -> str:
    code = call(base, "POST", "/api/tables", {"game": "make-n-break",
                                              "seats": [{"name": n} for n in ("Ann", "Ben", "Cleo", "Dev")]})["code"]
    for kind, data in [("die", {"face": 2}), ("card", {"kind": "standard", "points": 2}), ("end_turn", {}),
                       ("die", {"face": 1}), ("card", {"kind": "standard", "points": 3})]:
        call(base, "POST", f"/api/tables/{code}/events", {"id": str(uuid.uuid4()), "type": kind, "data": data})
    return code


@contextlib.contextmanager
def http2_front(base: str):
    """nginx in front of ``base``: HTTPS and HTTP/2 with a self-signed certificate made here; yields its base URL."""
    if not shutil.which("nginx"):
        raise SystemExit("--http2 needs nginx: apt-get install -y nginx")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-keyout", f"{tmp}/key.pem", "-out", f"{tmp}/cert.pem"],
                       check=True, capture_output=True)
        port = free_port()
        temp = " ".join(f"{kind}_temp_path {tmp};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        Path(tmp, "nginx.conf").write_text(f"""
pid {tmp}/nginx.pid; error_log {tmp}/error.log; daemon on;
events {{}}
http {{
  access_log off; {temp}
  server {{
    listen 127.0.0.1:{port} ssl http2; ssl_certificate {tmp}/cert.pem; ssl_certificate_key {tmp}/key.pem;
    location / {{ proxy_pass {base}; proxy_http_version 1.1; proxy_set_header Host $http_host; proxy_buffering off; }}
  }}
}}
""")
        subprocess.run(["nginx", "-c", f"{tmp}/nginx.conf"], check=True)
        try:
            yield f"https://127.0.0.1:{port}"
        finally:
            subprocess.run(["nginx", "-c", f"{tmp}/nginx.conf", "-s", "stop"], check=False)


def run_lighthouse(cli: Path, url: str, lang: str = "en") -> dict:
    flags = f"{CHROME_FLAGS} --lang={LOCALES[lang]} --accept-lang={LOCALES[lang]}"
    if url.startswith("https://"):
        flags += " --ignore-certificate-errors"  # http2_front's own certificate
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(["node", str(cli), url, "--output=json", f"--output-path={out}", "--quiet",
                        f"--chrome-flags={flags}", "--only-categories=" + ",".join(CATEGORIES)],
                       check=True, env=dict(os.environ, CHROME_PATH=CHROME_PATH))
        report = json.loads(out.read_text())
    catalogs = {r["url"].rsplit("/", 1)[-1] for r in report["audits"]["network-requests"]["details"]["items"]
                if "/js/i18n/" in r["url"]}
    if catalogs != {f"{lang}.json"}:
        raise SystemExit(f"{url}: expected the {lang} catalog, the page loaded {sorted(catalogs) or 'none'}")
    return report


def gzipped(base: str, url: str, cache: dict[str, tuple[int, int]], app: str) -> tuple[int, int]:
    """(raw bytes, bytes at gzip level 6) of a same-origin response, for comparison with what was sent (asked of
    the app itself, ``app``, not of the front the page was opened through)."""
    if url not in cache:
        with urllib.request.urlopen(app + url[len(base):], timeout=30) as response:  # noqa: S310 - our own server
            body = response.read()
        cache[url] = (len(body), len(gzip.compress(body, compresslevel=6)))
    return cache[url]


def weight(report: dict, base: str, cache: dict[str, tuple[int, int]], app: str) -> dict:
    # Every request Lighthouse saw (total-byte-weight's own list shows only the ten largest).
    requests = report["audits"]["network-requests"]["details"]["items"]
    total = sum(r.get("transferSize", 0) for r in requests)
    words = sum(r.get("transferSize", 0) for r in requests if WORD_LIST in r["url"])
    first = [r for r in requests if WORD_LIST not in r["url"]]
    gz = raw = 0
    for r in first:
        sent = r.get("transferSize", 0)
        # An event stream never ends (fetching it again would hang): it counts as sent.
        if r["url"].startswith(base) and r.get("finished") and r.get("resourceType") != "EventSource":
            size, packed = gzipped(base, r["url"], cache, app)
            headers = sent - r.get("resourceSize", sent)
            raw += size + max(headers, 0)
            gz += packed + max(headers, 0)
        else:
            raw += sent
            gz += sent
    return {"total": total, "words": words, "first": total - words, "gzip": gz, "count": len(first),
            "requests": len(requests)}


def findings(report: dict) -> list[str]:
    """Every scored audit below 1 in accessibility and best practices, with what it points at."""
    lines = []
    for category in ("accessibility", "best-practices"):
        for ref in report["categories"][category]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if audit.get("score") is None or audit["score"] >= 1 or audit.get("scoreDisplayMode") in (
                    "notApplicable", "manual", "informative"):
                continue
            lines.append(f"  [{category}] {audit['id']} (score {audit['score']:.2f}, weight {ref['weight']}): "
                         f"{audit['title']}")
            if audit.get("displayValue"):
                lines.append(f"      {audit['displayValue']}")
            for item in (audit.get("details") or {}).get("items", [])[:20]:
                lines.append("      - " + describe(item))
    return lines


def describe(item: dict) -> str:
    node = item.get("node") or {}
    if node.get("selector"):
        text = f"{node['selector']}  {node.get('snippet', '')[:140]}"
        if node.get("explanation"):
            text += "  — " + " ".join(node["explanation"].split())[:300]
        return text
    parts = [str(item[k]) for k in ("source", "url", "description", "label", "value") if item.get(k)]
    if isinstance(item.get("sourceLocation"), dict):
        parts.append(f"{item['sourceLocation'].get('url')}:{item['sourceLocation'].get('line')}")
    return " | ".join(parts)[:400] or json.dumps(item)[:400]


def performance_notes(report: dict) -> list[str]:
    """What costs the performance score: weak metrics, shifted elements, the LCP element, repeated requests."""
    audits, lines = report["audits"], []
    weak = [f"{short} {audits[m].get('displayValue')} (score {audits[m]['score']:.2f})"
            for m, short in METRICS.items() if (audits[m].get("score") or 0) < 0.9]
    if weak:
        lines.append("  weak metrics: " + ", ".join(weak))
    shifts: dict[str, float] = {}
    for item in audits.get("layout-shifts", {}).get("details", {}).get("items", []):
        node = item.get("node") or {}
        key = f"{node.get('selector')}  {node.get('snippet', '')}"
        shifts[key] = shifts.get(key, 0) + item.get("score", 0)
    for key, score in sorted(shifts.items(), key=lambda kv: -kv[1]):
        lines.append(f"  layout shift {score:.3f}: {key}")
    chain = audits.get("critical-request-chains", {}).get("details", {}).get("longestChain") or {}
    if chain:
        lines.append(f"  critical request chain: {chain.get('length')} requests deep, "
                     f"{chain.get('duration', 0):.0f} ms (unthrottled, as this machine served it)")
    lcp = audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", [])
    if lcp:
        node = (lcp[0].get("items") or [{}])[0].get("node", {})
        phases = ", ".join(f"{p['phase']} {p['timing']:.0f} ms" for p in (lcp[1]["items"] if len(lcp) > 1 else []))
        lines.append(f"  LCP element: {node.get('selector')}  {node.get('snippet', '')}  ({phases})")
    urls: dict[str, int] = {}
    for r in audits["network-requests"]["details"]["items"]:
        urls[r["url"]] = urls.get(r["url"], 0) + 1
    repeated = [f"{url.split('/', 3)[-1] or '/'} ×{n}" for url, n in urls.items() if n > 1]
    if repeated:
        lines.append("  fetched more than once in the first load: " + ", ".join(repeated))
    return lines


def compression(report: dict) -> str:
    audit = report["audits"]["uses-text-compression"]
    if audit.get("scoreDisplayMode") == "notApplicable" or audit.get("score") in (None, 1):
        saving = audit.get("details", {}).get("overallSavingsBytes", 0)
        return f"not flagged (score {audit.get('score')}, {saving} bytes of savings listed)"
    saving = audit.get("details", {}).get("overallSavingsBytes", 0)
    return f"FLAGGED: {audit['title']} — {audit.get('displayValue', '')} ({saving / 1024:.1f} KiB)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json-dir", type=Path, help="keep the full Lighthouse reports here")
    parser.add_argument("--lang", nargs="+", choices=sorted(LOCALES), default=["en"],
                        help="the phone's language(s): en, de or both (default en)")
    parser.add_argument("--pages", nargs="+", choices=("home", "table", "judge"), default=["home", "table", "judge"])
    parser.add_argument("--http2", action="store_true", help="open the pages through nginx: HTTPS and HTTP/2")
    args = parser.parse_args()
    cli = lighthouse_cli()
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    load = os.getloadavg()
    reports = {}
    with contextlib.ExitStack() as stack:
        app = stack.enter_context(server(stack.enter_context(database("sqlite")), workers=2))
        base = stack.enter_context(http2_front(app)) if args.http2 else app
        code = make_table(app)
        paths = {"home": "/", "table": f"/#/table/{code}", "judge": "/#/judge"}
        cache: dict[str, tuple[int, int]] = {}
        rows = []
        for lang in args.lang:
            for page in args.pages:
                path = paths[page]
                name = page if args.lang == ["en"] else f"{page}/{lang}"
                report = run_lighthouse(cli, base + path, lang)
                reports[name] = report
                if args.json_dir:
                    args.json_dir.mkdir(parents=True, exist_ok=True)
                    (args.json_dir / f"{name.replace('/', '-')}.json").write_text(json.dumps(report))
                scores = {c: report["categories"][c]["score"] for c in CATEGORIES}
                rows.append((name, path, scores, weight(report, base, cache, app), report))
    version = rows[0][4]["lighthouseVersion"]
    benchmark = rows[0][4]["environment"].get("benchmarkIndex")
    print(f"{started}; Lighthouse {version}, mobile profile (simulated throttling), {CHROME_PATH}, "
          f"{'HTTP/2 through nginx' if args.http2 else 'HTTP/1.1 from gunicorn'}; "
          f"{os.cpu_count()} cores, load average {load[0]:.1f} at the start, CPU benchmark index {benchmark} "
          "(shared, noisy machine: the performance score moves by several points between runs)")
    print(f"{'page':<8} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5}  {'first load':>11} {'gzipped':>9} "
          f"{'word list':>10} {'requests':>9}")
    for name, _path, s, w, _report in rows:
        print(f"{name:<8} {s['performance'] * 100:>5.0f} {s['accessibility'] * 100:>5.0f} "
              f"{s['best-practices'] * 100:>5.0f} {s['seo'] * 100:>5.0f}  {w['first'] / 1024:>8.1f} KiB "
              f"{w['gzip'] / 1024:>5.1f} KiB {w['words'] / 1024:>6.0f} KiB {w['requests']:>9}")
    print("targets: performance >= 95, accessibility 100, best practices 100, first load < 100 KB compressed "
          "(first load = total-byte-weight less the word list; gzipped = the same files at gzip -6, headers as sent)")
    for name, _path, _s, _w, report in rows:
        audits = report["audits"]
        timings = ", ".join(f"{short} {timing(audits[m])}" for m, short in METRICS.items())
        print(f"\n{name}: {timings}")
        print(f"  text compression: {compression(report)}")
        print("\n".join(performance_notes(report)))
        problems = findings(report)
        print("\n".join(problems) if problems else "  accessibility and best practices: every scored audit passes")


if __name__ == "__main__":
    main()
