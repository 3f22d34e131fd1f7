"""Group commit's lanes (scorekeeper/services/table_lanes.py), with threads and no database: who runs a batch,
what goes in it, and what each caller gets back."""

from __future__ import annotations

import threading
import time

from scorekeeper.services.table_lanes import Lanes


class Recorder:
    """A batch function that answers each ask doubled, remembers its batches, and can be held at its start."""

    def __init__(self):
        self.batches: list[list] = []
        self.started = threading.Event()
        self.go_on = threading.Event()
        self.go_on.set()

    def __call__(self, tickets):
        self.batches.append([t.ask for t in tickets])
        self.started.set()
        assert self.go_on.wait(10)
        for ticket in tickets:
            if ticket.ask == "refuse":
                ticket.settle(lambda: (_ for _ in ()).throw(ValueError("refused")))
            elif ticket.ask == "break":
                raise RuntimeError("the database is gone")
            else:
                ticket.result = ticket.ask * 2


def run_in_threads(lanes, batch, key, asks, held_first=True):
    """Send ``asks`` to one lane, each from a thread of its own in turn: the first once the lane is free, each next
    one once the one before waits in the lane. Returns each ask's answer (or the exception it raised)."""
    answers = [None] * len(asks)

    def one(n):
        try:
            answers[n] = lanes.run(key, asks[n], batch)
        except Exception as err:  # noqa: BLE001 - what the caller raised, to compare
            answers[n] = err

    threads = [threading.Thread(target=one, args=(n,)) for n in range(len(asks))]
    if held_first:
        batch.go_on.clear()
    threads[0].start()
    assert batch.started.wait(10)
    for n, thread in enumerate(threads[1:], start=1):
        thread.start()
        deadline = time.monotonic() + 10
        while lanes.waiting(key) < n:
            assert time.monotonic() < deadline
            time.sleep(0.005)
    batch.go_on.set()
    for thread in threads:
        thread.join(10)
    return answers


def test_an_ask_alone_is_a_batch_of_its_own():
    lanes, batch = Lanes(most=8), Recorder()
    assert lanes.run("T1", 21, batch) == 42
    assert batch.batches == [[21]] and lanes.waiting("T1") == 0


def test_asks_that_arrive_while_a_batch_runs_go_together_in_the_next_in_the_order_they_came():
    lanes, batch = Lanes(most=8), Recorder()
    answers = run_in_threads(lanes, batch, "T1", [1, 2, 3, 4])
    assert answers == [2, 4, 6, 8]
    assert batch.batches == [[1], [2, 3, 4]]


def test_a_batch_takes_at_most_its_bound_and_the_rest_go_next():
    lanes, batch = Lanes(most=2), Recorder()
    answers = run_in_threads(lanes, batch, "T1", [1, 2, 3, 4, 5])
    assert answers == [2, 4, 6, 8, 10]
    assert batch.batches == [[1], [2, 3], [4, 5]]


def test_each_caller_gets_its_own_refusal_and_a_batchs_failure_goes_to_every_unanswered_caller():
    lanes, batch = Lanes(most=8), Recorder()
    answers = run_in_threads(lanes, batch, "T1", [1, "refuse", 3, "break", 5])
    assert answers[0] == 2
    assert isinstance(answers[1], ValueError) and answers[2] == 6  # answered before the batch broke
    assert all(isinstance(a, RuntimeError) and "gone" in str(a) for a in answers[3:])


def test_other_keys_do_not_wait_and_a_lane_is_forgotten_once_empty():
    lanes, batch = Lanes(most=8), Recorder()
    batch.go_on.clear()
    held = threading.Thread(target=lanes.run, args=("T1", 1, batch))
    held.start()
    assert batch.started.wait(10)
    other = Recorder()
    assert lanes.run("T2", 5, other) == 10  # T1's batch is still held
    batch.go_on.set()
    held.join(10)
    assert not lanes._lanes  # nothing kept for tables nobody appends to
