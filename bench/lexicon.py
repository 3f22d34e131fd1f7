"""Word-list benchmark: the lists side by side with the one they replaced, in one run.

    .venv/bin/python bench/lexicon.py [--baseline REV] [--no-baseline]

For each list: words, cold load from the cache (best of 5 fresh interpreters), memory
(resident set added by import + load), checks per second on plain and on mixed input, and
the phone's offline copy as sent (gzip). Targets: cold load <= 50 ms, <= 30 MiB resident,
>= 500,000 checks/s, phone copy <= 400 KiB.

Then the meanings ("What does it mean?"): the share of a random sample of 1,000 valid
everyday-list words (seeded, so the same sample every run) with a meaning found, base forms
included; every rulebook example (FINCHES, JUMPING, JUMPED, BAND, THE, CAFÉ, VEST, NINE, HAT);
lookups per second; the first meaning after a fresh start, from the cache (best of 5); and the
resident memory it adds. Targets: >= 90 %, every example, first meaning <= 50 ms, <= 30 MiB.
``--meanings-only`` measures only these.

The baseline is the Hunspell-built list of ``--baseline`` (default: the last commit that
had it), exported from git into a scratch directory; it needs spylls 0.1.7 and breame 0.1.2
to build, which are installed there with pip (they are no longer the app's dependencies).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "971e5d3"  # the last commit whose list was built from Hunspell en_US (spylls + breame)
BASELINE_DEPS = ("spylls==0.1.7", "breame==0.1.2")

# Runs in a fresh interpreter, so nothing is loaded or imported yet: a true cold load.
MEASURE = r"""
import gzip, json, resource, sys, time
def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024
cache_dir, lexicon_id, full = sys.argv[1], sys.argv[2], sys.argv[3] == "full"
before = rss_kib()
t0 = time.perf_counter()
from scorekeeper.lexicon import get_lexicon
t1 = time.perf_counter()
lexicon = get_lexicon(lexicon_id, cache_dir=cache_dir)
lexicon.check("warm")
t2 = time.perf_counter()
out = {"import_ms": (t1 - t0) * 1e3, "load_ms": (t2 - t1) * 1e3, "rss_mib": (rss_kib() - before) / 1024,
       "words": lexicon.word_count, "name": lexicon.name}
if full:
    def per_second(words, rounds=5, seconds=0.3):
        check, best = lexicon.check, 0.0
        for _ in range(rounds):  # best of a few: a shared machine's noise only ever slows a round down
            done, started = 0, time.perf_counter()
            while time.perf_counter() - started < seconds:
                for word in words:
                    check(word)
                done += len(words)
            best = max(best, done / (time.perf_counter() - started))
        return best
    out["plain_per_s"] = per_second(["CAT", "DOG", "BAND", "THE", "NINEHAT", "FINCHES", "JUMPED", "VEST"])
    out["mixed_per_s"] = per_second(["cat", "CAFÉ", "jumping", "zzxq", "paris", "don't", "colour", "a", "abc1",
                                     "unhappiness", "asap", "dont"])
    words = lexicon.words_text()
    try:
        from scorekeeper.lexicon import compact  # the phone's copy since the SCOWL lists
        phone = compact.encode(words.split())
    except ImportError:
        phone = words  # before: the plain list, one word a line
    out["phone_kib"] = len(gzip.compress(phone.encode(), 9, mtime=0)) / 1024
print(json.dumps(out))
"""


# The meanings, in a fresh interpreter too: first meaning after start, memory, then coverage and speed.
MEANINGS_MEASURE = r"""
import json, random, resource, sys, time
def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024
cache_dir, full = sys.argv[1], sys.argv[2] == "full"
before = rss_kib()
t0 = time.perf_counter()
from scorekeeper.lexicon.meanings import get_meanings
t1 = time.perf_counter()
meanings = get_meanings(cache_dir)
first = meanings.lookup("FINCHES")
t2 = time.perf_counter()
out = {"import_ms": (t1 - t0) * 1e3, "first_ms": (t2 - t1) * 1e3, "rss_mib": (rss_kib() - before) / 1024,
       "first_found": bool(first)}
if full:
    from scorekeeper.lexicon import get_lexicon
    words = get_lexicon("en", cache_dir=cache_dir).words_text().split()
    sample = random.Random(27).sample(words, 1000)
    del words
    mid = rss_kib()  # the everyday list's own memory is not the meanings'
    missing = [w for w in sample if not meanings.lookup(w)]
    out["rss_after_mib"] = out["rss_mib"] + (rss_kib() - mid) / 1024
    out["coverage"] = 1 - len(missing) / len(sample)
    out["missing"] = missing
    examples = ["FINCHES", "JUMPING", "JUMPED", "BAND", "THE", "CAFÉ", "VEST", "NINE", "HAT"]
    out["examples_missing"] = [w for w in examples if not meanings.lookup(w)]
    best = 0.0
    for _ in range(5):
        done, started = 0, time.perf_counter()
        while time.perf_counter() - started < 0.3:
            for word in sample[:200]:
                meanings.lookup(word)
            done += 200
        best = max(best, done / (time.perf_counter() - started))
    out["lookups_per_s"] = best
    try:  # which SCOWL size each sample word first appears at: where the misses are
        from scorekeeper.lexicon import build
        files = build.scowl_files(build.SCOWL_DIR)
        bands = {}
        for size in (35, 50, 60, 70):
            upto = {w.upper() for w in build.scowl_words(files, size)}
            done_before = set().union(*(b["words"] for b in bands.values())) if bands else set()
            words_here = {w for w in sample if w in upto} - done_before
            bands[size] = {"words": words_here}
        out["bands"] = {size: [len(b["words"]), sum(1 for w in b["words"] if w not in missing)]
                        for size, b in bands.items()}
    except FileNotFoundError:
        out["bands"] = {}
print(json.dumps(out))
"""


def measure_meanings(cache_dir: Path, env: dict[str, str]) -> dict:
    def run(mode: str) -> dict:
        out = subprocess.run([sys.executable, "-c", MEANINGS_MEASURE, str(cache_dir), mode], cwd=ROOT, env=env,
                             check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    run("load")  # builds the cache if needed
    loads = [run("load") for _ in range(5)]
    best = min(loads, key=lambda r: r["first_ms"])
    return {**run("full"), "first_ms": best["first_ms"], "import_ms": best["import_ms"],
            "rss_mib": max(r["rss_mib"] for r in loads)}


def report_meanings(r: dict) -> None:
    print()
    print(f"meanings: coverage of 1,000 random everyday words  {r['coverage']:.1%}  >= 90 %")
    print(f"meanings: rulebook examples without a meaning      {', '.join(r['examples_missing']) or 'none'}")
    print(f"meanings: lookups/s                                {r['lookups_per_s']:,.0f}")
    print(f"meanings: first meaning after start (from cache)   {r['first_ms']:.1f} ms  <= 50 ms, best of 5")
    print(f"meanings: import scorekeeper.lexicon.meanings      {r['import_ms']:.1f} ms  (the app imports it anyway)")
    print(f"meanings: resident added (load + first meaning)    {r['rss_mib']:.1f} MiB  <= 30 MiB")
    print(f"meanings: resident added after 1,000 lookups       {r['rss_after_mib']:.1f} MiB")
    previous = 0
    for size, (words, found) in r["bands"].items():
        share = f"{found / words:.1%}" if words else "-"
        print(f"meanings:   SCOWL sizes {previous + 1}-{size}: {found}/{words} found ({share})")
        previous = int(size)
    print(f"meanings: sample words with no meaning ({len(r['missing'])}): {', '.join(sorted(r['missing'])[:40])}")


def measure(code_root: Path, cache_dir: Path, lexicon_id: str, env: dict[str, str]) -> dict:
    """Build the cache once, then the best of 5 cold loads; speed and size from one of them."""
    def run(mode: str) -> dict:
        out = subprocess.run([sys.executable, "-c", MEASURE, str(cache_dir), lexicon_id, mode], cwd=code_root,
                             env=env, check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    run("load")  # builds the cache if needed
    loads = [run("load") for _ in range(5)]
    full = run("full")
    best = min(loads, key=lambda r: r["load_ms"])
    return {**full, "load_ms": best["load_ms"], "import_ms": best["import_ms"],
            "rss_mib": max(r["rss_mib"] for r in loads)}


def baseline_checkout(rev: str, scratch: Path) -> tuple[Path, dict[str, str]]:
    """The baseline's scorekeeper package, and an environment where it finds its build dependencies."""
    code = scratch / "code"
    code.mkdir()
    archive = scratch / "baseline.tar"
    subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), rev, "scorekeeper"], cwd=ROOT, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(code, filter="data")
    deps = scratch / "deps"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(deps), *BASELINE_DEPS],
                   check=True)
    return code, {**os.environ, "PYTHONPATH": f"{code}{os.pathsep}{deps}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"git revision to compare with (default {BASELINE})")
    parser.add_argument("--no-baseline", action="store_true", help="measure only the current lists")
    parser.add_argument("--meanings-only", action="store_true", help="measure only the meanings")
    args = parser.parse_args()
    columns: list[tuple[str, dict]] = []
    with tempfile.TemporaryDirectory(prefix="lexicon-bench-") as scratch_name:
        scratch = Path(scratch_name)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        if args.meanings_only:
            report_meanings(measure_meanings(scratch / "cache-now", env))
            return
        if not args.no_baseline:
            code, env = baseline_checkout(args.baseline, scratch)
            columns.append((f"before: Hunspell ({args.baseline})", measure(code, scratch / "cache-before", "en", env)))
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for lexicon_id, title in (("en", "everyday list"), ("en-wordgame", "word-game list")):
            columns.append((title, measure(ROOT, scratch / "cache-now", lexicon_id, env)))
        meanings = measure_meanings(scratch / "cache-now", env)
    report(columns)
    report_meanings(meanings)


def report(columns: list[tuple[str, dict]]) -> None:
    rows = [
        ("words", lambda r: f"{r['words']:,}", ""),
        ("cold load from cache", lambda r: f"{r['load_ms']:.1f} ms", "<= 50 ms, best of 5 fresh processes"),
        ("import scorekeeper.lexicon", lambda r: f"{r['import_ms']:.1f} ms", ""),
        ("resident (import + load)", lambda r: f"{r['rss_mib']:.1f} MiB", "<= 30 MiB"),
        ("checks/s, upper-case ASCII", lambda r: f"{r['plain_per_s']:,.0f}", ">= 500,000"),
        ("checks/s, mixed input", lambda r: f"{r['mixed_per_s']:,.0f}", ">= 500,000"),
        ("phone's copy, gzip", lambda r: f"{r['phone_kib']:,.0f} KiB", "<= 400 KiB"),
    ]
    label_width = max(len(label) for label, _, _ in rows)
    cells = [[show(result) for _, result in columns] for _, show, _ in rows]
    widths = [max(len(name), *(len(row[i]) for row in cells)) for i, (name, _) in enumerate(columns)]
    print(f"{'':<{label_width}}  " + "  ".join(f"{name:>{w}}" for (name, _), w in zip(columns, widths, strict=True)))
    for (label, _, target), row in zip(rows, cells, strict=True):
        values = "  ".join(f"{value:>{w}}" for value, w in zip(row, widths, strict=True))
        print(f"{label:<{label_width}}  {values}  {target}")


if __name__ == "__main__":
    main()
