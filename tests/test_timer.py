"""The timer state machine with a fake clock."""

import pytest

from scorekeeper import timer
from scorekeeper.games.base import RuleError

T0 = 1_700_000_000_000


def run(*steps):
    """Apply (action, at_ms, seconds) steps from a fresh timer; return the final state."""
    t = timer.initial()
    for action, at, *seconds in steps:
        t = timer.command(t, action, T0 + at, *seconds)
    return t


def test_set_start_counts_down_and_expires():
    t = run(("set", 0, 30), ("start", 1000))
    assert timer.view(t, T0 + 1000) == {
        "state": "running", "duration_ms": 30_000, "remaining_ms": 30_000,
        "started_at_ms": T0 + 1000, "ends_at_ms": T0 + 31_000, "version": 2,
    }
    assert timer.view(t, T0 + 11_000)["remaining_ms"] == 20_000
    assert timer.view(t, T0 + 31_000)["state"] == "expired"
    assert timer.view(t, T0 + 99_000)["remaining_ms"] == 0


def test_pause_and_resume_keep_the_time_left():
    t = run(("set", 0, 30), ("start", 0), ("pause", 10_000))
    view = timer.view(t, T0 + 50_000)
    assert (view["state"], view["remaining_ms"]) == ("paused", 20_000)
    t = timer.command(t, "resume", T0 + 60_000)
    assert timer.view(t, T0 + 65_000)["remaining_ms"] == 15_000
    assert timer.view(t, T0 + 80_000)["state"] == "expired"


@pytest.mark.parametrize(
    ("steps", "at", "state", "remaining"),
    [
        ([("set", 0, 30), ("add", 0, 10)], 5000, "idle", 40_000),
        ([("set", 0, 30), ("start", 0), ("add", 5000, 10)], 5000, "running", 35_000),
        ([("set", 0, 30), ("start", 0), ("pause", 5000), ("add", 6000, 10)], 9000, "paused", 35_000),
        ([("set", 0, 30), ("start", 0), ("add", 40_000, 10)], 45_000, "running", 5_000),  # after expiry
        ([("set", 0, 30), ("start", 0), ("reset", 12_000)], 13_000, "idle", 30_000),
        ([("set", 0, 30), ("start", 0), ("start", 31_000)], 32_000, "running", 29_000),  # restart after expiry
        ([("set", 0, 30), ("start", 0), ("set", 3000, 50)], 9000, "idle", 50_000),  # STOP, turn the dial
        ([("set", 0, 0.5)], 0, "idle", 500),
    ],
)
def test_commands(steps, at, state, remaining):
    view = timer.view(run(*steps), T0 + at)
    assert (view["state"], view["remaining_ms"]) == (state, remaining)


@pytest.mark.parametrize(
    ("steps", "code"),
    [
        ([("start", 0)], "timer_not_set"),
        ([("set", 0, 30), ("start", 0), ("start", 1000)], "timer_running"),
        ([("set", 0, 30), ("start", 0), ("pause", 1), ("start", 2)], "timer_paused"),
        ([("set", 0, 30), ("pause", 0)], "timer_not_running"),
        ([("set", 0, 30), ("start", 0), ("pause", 40_000)], "timer_not_running"),  # already expired
        ([("set", 0, 30), ("resume", 0)], "timer_not_paused"),
        ([("set", 0, -1)], "bad_seconds"),
        ([("set", 0, 0)], "bad_seconds"),
        ([("set", 0, "30")], "bad_seconds"),
        ([("set", 0, True)], "bad_seconds"),
        ([("set", 0, 3601)], "too_long"),
        ([("set", 0, 3600), ("add", 0, 1)], "too_long"),
        ([("explode", 0)], "unknown_action"),
    ],
)
def test_refusals(steps, code):
    with pytest.raises(RuleError) as err:
        run(*steps)
    assert err.value.code == code
    assert err.value.message


def test_version_counts_every_command():
    assert run(("set", 0, 30), ("start", 0), ("pause", 1), ("resume", 2))["version"] == 4
