"""The shared timer as a pure state machine: time is always a parameter.

Nothing ticks on the server. A running timer stores when it (re)started and
how much time it had then; whether it has expired, and what is left, follow
from ``now``. Every phone counts down from the same server timestamps.

    t = timer.initial()
    t = timer.command(t, "set", now, seconds=50)
    t = timer.command(t, "start", now)
    timer.view(t, now)["remaining_ms"]
"""

from __future__ import annotations

import math
from typing import Any

from .games.base import RuleError

MAX_MS = 3_600_000  # one hour: longer than any turn in these games
ACTIONS = ("set", "start", "pause", "resume", "add", "reset")


def initial() -> dict[str, Any]:
    return {
        "status": "idle",  # idle | running | paused (expired is derived from time)
        "duration_ms": 0,  # what the timer was set to; reset returns to it
        "remaining_ms": 0,  # left when it last started/resumed (running) or now (idle, paused)
        "started_at_ms": None,  # server time of the last start/resume while running
        "version": 0,
    }


def left_ms(t: dict[str, Any], now_ms: int) -> int:
    if t["status"] != "running":
        return t["remaining_ms"]
    return max(0, t["remaining_ms"] - (now_ms - t["started_at_ms"]))


def state_at(t: dict[str, Any], now_ms: int) -> str:
    if t["status"] == "running" and left_ms(t, now_ms) == 0:
        return "expired"
    return t["status"]


def view(t: dict[str, Any], now_ms: int) -> dict[str, Any]:
    """What a phone needs: the state as of ``now_ms`` and the instants to count down from."""
    state = state_at(t, now_ms)
    ends_at = t["started_at_ms"] + t["remaining_ms"] if t["status"] == "running" else None
    return {
        "state": state,
        "duration_ms": t["duration_ms"],
        "remaining_ms": left_ms(t, now_ms),
        "started_at_ms": t["started_at_ms"],
        "ends_at_ms": ends_at,
        "version": t["version"],
    }


def _seconds(seconds: Any, *, allow_zero: bool = False) -> int:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise RuleError("bad_seconds", "seconds must be a number.", "seconds")
    if not math.isfinite(seconds) or abs(seconds) > MAX_MS:  # 1e308 s would overflow, and is no turn anyway
        raise RuleError("too_long", "A timer can run for one hour at most.", "seconds")
    ms = round(seconds * 1000)
    if ms < 0 or (ms == 0 and not allow_zero):
        raise RuleError("bad_seconds", "seconds must be more than zero.", "seconds")
    if ms > MAX_MS:
        raise RuleError("too_long", "A timer can run for one hour at most.", "seconds")
    return ms


def command(t: dict[str, Any], action: str, now_ms: int, seconds: Any = None) -> dict[str, Any]:
    """The timer after ``action``; a RuleError says why an action cannot happen now."""
    state = state_at(t, now_ms)
    new = dict(t, version=t["version"] + 1)
    if action == "set":
        ms = _seconds(seconds)
        # Like pressing STOP and turning the dial: whatever it was doing, it now waits at ms.
        new.update(status="idle", duration_ms=ms, remaining_ms=ms, started_at_ms=None)
    elif action == "start":
        if state == "running":
            raise RuleError("timer_running", "The timer is already running.", "action")
        if state == "paused":
            raise RuleError("timer_paused", "The timer is paused: resume it, or reset it first.", "action")
        if t["duration_ms"] == 0:
            raise RuleError("timer_not_set", "Set the timer before starting it.", "action")
        # From idle, or after it ran out: a fresh run of the set duration.
        new.update(status="running", remaining_ms=t["duration_ms"], started_at_ms=now_ms)
    elif action == "pause":
        if state != "running":
            raise RuleError("timer_not_running", "Only a running timer can be paused.", "action")
        new.update(status="paused", remaining_ms=left_ms(t, now_ms), started_at_ms=None)
    elif action == "resume":
        if state != "paused":
            raise RuleError("timer_not_paused", "Only a paused timer can be resumed.", "action")
        new.update(status="running", started_at_ms=now_ms)
    elif action == "add":
        ms = _seconds(seconds)
        if state == "expired":
            # Time ran out and someone grants more: it runs again for the added time.
            new.update(status="running", remaining_ms=ms, started_at_ms=now_ms)
        else:
            if left_ms(t, now_ms) + ms > MAX_MS:
                raise RuleError("too_long", "A timer can run for one hour at most.", "seconds")
            new["remaining_ms"] = t["remaining_ms"] + ms
            if state == "idle":
                new["duration_ms"] = t["duration_ms"] + ms
    elif action == "reset":
        new.update(status="idle", remaining_ms=t["duration_ms"], started_at_ms=None)
    else:
        raise RuleError("unknown_action", "The timer cannot {action!r}; it can {actions}.", "action", action=action,
                        actions=", ".join(ACTIONS))
    return new
