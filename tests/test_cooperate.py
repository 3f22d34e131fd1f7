"""How a long request shares: short pauses in a web worker, and in the import process a rest as long as it worked."""

from __future__ import annotations

import time

import pytest

from scorekeeper import cooperate


@pytest.fixture
def slept(monkeypatch):
    rests: list[float] = []
    monkeypatch.setattr(cooperate.time, "sleep", rests.append)
    monkeypatch.setattr(cooperate, "_resting", False)
    return rests


def work(seconds: float) -> None:
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


def test_a_web_worker_pauses_briefly_whatever_it_did(slept):
    work(0.02)
    cooperate.let_others_run()
    assert slept == [cooperate.PAUSE_S]


def test_a_paced_process_rests_as_long_as_it_has_just_worked(slept):
    cooperate.rest_as_long_as_work()
    cooperate.let_others_run()  # the first pause counts from whenever the last one was: capped
    assert slept[-1] <= cooperate.MAX_REST_S
    work(0.02)
    cooperate.let_others_run()
    assert 0.02 <= slept[-1] < 0.03, slept
    work(0.2)
    cooperate.let_others_run()
    assert slept[-1] == cooperate.MAX_REST_S  # a long slice rests a bounded while
