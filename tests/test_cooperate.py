"""How a long request shares: short pauses in a web worker, and in the import process a rest as long as it worked."""

from __future__ import annotations

import pytest

from scorekeeper import cooperate


class Clock:
    """cooperate's view of time: moved by the test, and every sleep recorded instead of slept."""

    def __init__(self):
        self.now = 100.0
        self.slept: list[float] = []

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(cooperate, "time", fake)
    monkeypatch.setattr(cooperate, "_resting", False)
    monkeypatch.setattr(cooperate, "_last_pause", fake.now)
    return fake


def test_a_web_worker_pauses_briefly_whatever_it_did(clock):
    clock.now += 0.02
    cooperate.let_others_run()
    assert clock.slept == [cooperate.PAUSE_S]


def test_a_paced_process_rests_as_long_as_it_has_just_worked(clock):
    cooperate.rest_as_long_as_work()
    for worked in (0.02, 0.003, 0.011):
        clock.now += worked
        cooperate.let_others_run()
        assert clock.slept[-1] == pytest.approx(worked)
    clock.now += 600  # the first slice of a request counts from the end of the last request
    cooperate.let_others_run()
    assert clock.slept[-1] == cooperate.MAX_REST_S
