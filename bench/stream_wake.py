"""How long a gevent worker takes to wake N streams waiting for one table's change: a condition variable
(how the hub waited before) against one event per change (how it waits now), side by side in one process.

    .venv/bin/python bench/stream_wake.py [--n 1250] [--rounds 3]
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402 - after the monkey-patching, as in a gevent worker
import os  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402

WAIT_S = 15  # a waiter gives up after this (as a stream's heartbeat would): every join has a deadline


def condition_case(n: int) -> float:
    condition, latest, woke = threading.Condition(), [0], []

    def waiter():
        with condition:
            condition.wait_for(lambda: latest[0] > 0, WAIT_S)
        woke.append(time.perf_counter())

    return timed(n, waiter, woke, lambda: (latest.__setitem__(0, 1), notify(condition)))


def notify(condition: threading.Condition) -> None:
    with condition:
        condition.notify_all()


def event_case(n: int) -> float:
    changed, woke = threading.Event(), []

    def waiter():
        changed.wait(WAIT_S)
        woke.append(time.perf_counter())

    return timed(n, waiter, woke, changed.set)


def timed(n: int, waiter, woke: list, wake) -> float:
    """ms from the wake-up call until the last of ``n`` waiters ran."""
    greenlets = [gevent.spawn(waiter) for _ in range(n)]
    gevent.sleep(0.2)  # all waiting
    started = time.perf_counter()
    wake()
    if not gevent.joinall(greenlets, timeout=2 * WAIT_S) or len(woke) != n:
        raise SystemExit(f"only {len(woke)} of {n} waiters woke")
    return (max(woke) - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1250, help="streams in one worker (5,000 phones on 4 workers)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {args.n} waiters")
    for _ in range(args.rounds):
        before, after = condition_case(args.n), event_case(args.n)
        print(f"condition {before:7.1f} ms   event {after:7.1f} ms   ratio {after / before:.2f}")


if __name__ == "__main__":
    main()
