"""The scorecard reader on synthetic phone photos: accuracy, doubt flags, time and memory.

    .venv/bin/python bench/scan.py [--count 30] [--first-seed 1000] [--compare] [--show-errors]
    .venv/bin/python bench/scan.py --circles-by-hand --first-seed 6000 --compare

Photos from bench/scan_photos.py (seeded: the same every run). Prints the share of letters,
filled circles and empty squares read right, whole grids read right, the errors the flags catch
and the squares flagged, seconds per photo (decode, find, classify, recognise; the model loaded
once before), and the process's peak memory; ``--compare`` also reads the same photos as the
reader did before its second look and look-alikes, side by side in one run. Targets
(docs/SCANNING.md): letters ≥ 97 %, circles and empties ≥ 99.5 %, flags catch
≥ 75 % of errors flagging ≤ 15 % of squares, ≤ 1 s a photo.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scan_photos import make_photo  # noqa: E402

from scorekeeper.scan import card, letters, read  # noqa: E402

# The reader as it was before the second look and the look-alikes (docs/SCANNING.md),
# for --compare: a 64 px line only, the recogniser's letter as it is, flags only below 0.97 confidence.
BEFORE = {"needs_second_look": lambda reading: False, "settled": lambda reading: reading,
          "doubtful": lambda reading: reading.confidence < 0.97}
# With --circles-by-hand, --compare's "before" is the reader without the coloured-in test (card.py), the
# solid-middle test alone.
BEFORE_CARD = {"_is_coloured_in": lambda ink, cell: False}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--compare", action="store_true", help="also read the photos as the reader did before")
    parser.add_argument("--no-server", action="store_true", help="skip the server part (reads while scanning)")
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--circles-by-hand", action="store_true",
                        help="the harder photos: circles of any size and fill, more round letters")
    args = parser.parse_args()
    if args.circles_by_hand:
        compare_circles(args)
        return

    t = time.perf_counter()
    recogniser = letters.Letters()
    load_s = time.perf_counter() - t
    photos = [make_photo(seed) for seed in range(args.first_seed, args.first_seed + args.count)]
    print(f"photos: {args.count} (seeds {args.first_seed}–{args.first_seed + args.count - 1})")
    if args.compare:
        now = {name: getattr(read, name) for name in BEFORE}
        for name, before in BEFORE.items():
            setattr(read, name, before)
        try:
            print("before (64 px line only, no look-alikes, flags below 0.97 only):")
            accuracy(photos, recogniser, args.show_errors)
        finally:
            for name, current in now.items():
                setattr(read, name, current)
        print(f"now (a second look on a {letters.WIDE} px line, C/K/D turned to a look-alike over "
              f"{read.SWITCH_SHARE}, flags below {read.FLAG_BELOW} or a look-alike over {read.LOOKALIKE_SHARE}):")
    accuracy(photos, recogniser, args.show_errors)
    print(f"model load once: {load_s:.2f} s")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process (the photos and their generator included): {peak_mb:.0f} MB")
    scan_process(photos)
    if not args.no_server:
        server_while_scanning(photos[:4], args.reads)


def compare_circles(args) -> None:
    """The harder photos (scan_photos.py --circles-by-hand) read without and with the coloured-in test."""
    recogniser = letters.Letters()
    photos = [make_photo(seed, circles_by_hand=True) for seed in range(args.first_seed, args.first_seed + args.count)]
    print(f"photos with circles coloured in by hand: {args.count} (seeds {args.first_seed}–"
          f"{args.first_seed + args.count - 1})")
    if args.compare:
        now = card._is_coloured_in
        card._is_coloured_in = BEFORE_CARD["_is_coloured_in"]
        try:
            print("before (a circle only where a solid middle survives the wide disc):")
            accuracy(photos, recogniser, args.show_errors)
        finally:
            card._is_coloured_in = now
        print("now (or round, inked through and dark in its middle: card._is_coloured_in):")
    accuracy(photos, recogniser, args.show_errors)


def accuracy(photos, recogniser, show_errors: bool) -> None:
    """Each photo read in this process: what is right, what the flags catch, seconds a photo."""
    right = {"letter": 0, "circle": 0, "empty": 0}
    total = dict.fromkeys(right, 0)
    grids_right = errors = caught = flagged = squares = no_card = 0
    seconds = []
    for photo in photos:
        t = time.perf_counter()
        try:
            answer = read.read_card(photo.jpeg, recogniser)
        except card.NoCard:
            no_card += 1
            continue
        seconds.append(time.perf_counter() - t)
        flags = {tuple(f) for f in answer["flagged"]}
        flagged += len(flags)
        squares += 64
        wrong_here = 0
        for cell in answer["cells"]:
            want = photo.truth[cell["row"]][cell["col"]]
            kind = "empty" if want == "?" else "circle" if want == "#" else "letter"
            total[kind] += 1
            ok = cell["value"] == want
            right[kind] += ok
            if not ok:
                wrong_here += 1
                errors += 1
                caught += (cell["row"], cell["col"]) in flags
                if show_errors:
                    print(f"  seed {photo.seed} ({cell['row']},{cell['col']}): {want} read {cell['value']} "
                          f"({cell['confidence']}){'' if (cell['row'], cell['col']) in flags else ', not flagged'}")
        grids_right += wrong_here == 0
    read_n = len(seconds)
    print(f"  card found in {read_n} of {len(photos)}")
    for kind in right:
        share = right[kind] / total[kind] if total[kind] else float("nan")
        print(f"  {kind + 's':8} {right[kind]:5} / {total[kind]:5} right = {100 * share:.1f} %")
    print(f"  whole grids right: {grids_right} / {read_n}")
    print(f"  errors: {errors}, caught by a flag: {caught} ({100 * caught / max(errors, 1):.0f} %); "
          f"squares flagged: {flagged} / {squares} ({100 * flagged / max(squares, 1):.1f} %)")
    print(f"  seconds per photo in this process: median {statistics.median(seconds):.2f}, max {max(seconds):.2f}")


def scan_process(photos) -> None:
    """The photos through a real scan process (scan/pool.py): seconds each, and the process's peak memory."""
    from scorekeeper.scan.pool import Pool

    pool = Pool(size=1)
    try:
        seconds = []
        for photo in photos:
            t = time.perf_counter()
            pool.read(photo.jpeg)
            seconds.append(time.perf_counter() - t)
        (pid,) = pool.pids()
        status = Path(f"/proc/{pid}/status").read_text()
        peak = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")) / 1024
        print(f"through the scan process: median {statistics.median(seconds[1:]):.2f} s a photo "
              f"(first, loading the model: {seconds[0]:.2f} s); its peak memory: {peak:.0f} MB")
    finally:
        pool.close()


def server_while_scanning(photos, reads: int) -> None:
    """A phone reading its table on a one-worker server, idle and while 3 phones scan cards without pause."""
    import threading

    import requests
    from servers import database, server

    def timed_reads(base: str, code: str) -> list[float]:
        out = []
        with requests.Session() as s:
            for _ in range(reads):
                t = time.perf_counter()
                assert s.get(f"{base}/api/tables/{code}", timeout=30).status_code == 200
                out.append(time.perf_counter() - t)
                time.sleep(0.02)
        return sorted(out)

    with database("sqlite") as url, server(url, workers=1) as base:
        code = requests.post(f"{base}/api/tables", json={"game": "bresk", "seats": [{"name": "Ann"}]},
                             timeout=10).json()["code"]
        requests.post(f"{base}/api/games/bresk/scan", files={"photo": ("c.jpg", photos[0].jpeg)}, timeout=60)
        idle = timed_reads(base, code)
        stop = threading.Event()
        done = []

        def scanner(i: int) -> None:
            with requests.Session() as s:
                while not stop.is_set():
                    card = photos[i % len(photos)].jpeg
                    r = s.post(f"{base}/api/games/bresk/scan", files={"photo": ("c.jpg", card)}, timeout=60)
                    done.append(r.status_code)

        threads = [threading.Thread(target=scanner, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        time.sleep(1)
        busy = timed_reads(base, code)
        stop.set()
        for t in threads:
            t.join()

    def p(values, q):
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    print(f"table reads on a one-worker server, {reads} each: "
          f"idle p50 {p(idle, .5):.1f} ms, p95 {p(idle, .95):.1f} ms; "
          f"while 3 phones scan ({len(done)} scans: {sorted(set(done))}): p50 {p(busy, .5):.1f} ms, "
          f"p95 {p(busy, .95):.1f} ms — p95 ratio {p(busy, .95) / p(idle, .95):.2f}")


if __name__ == "__main__":
    main()
