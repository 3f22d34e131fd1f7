"""Streams per address, counted across every worker of every instance that shares the rate limits' Redis.

With the default storage (memory://) each worker counts the streams it holds (services/streams.py, ``Hub.admit``),
so an address may hold STREAMS_PER_ADDRESS in each worker. With RATELIMIT_STORAGE_URI=redis://… the cap is one for
all of them: each open stream holds a slot in a sorted set per address, scored with the time its lease ends.
A stream renews its lease as it sends its heartbeats; a worker killed with streams open renews nothing, and its
slots lapse ``LEASE_HEARTBEATS`` heartbeats later, so a crash cannot leak them. Taking a slot drops the lapsed
ones and counts the rest in one script, so two workers cannot both take the last place, and the time is Redis's
own, so the instances' clocks need not agree.

If Redis does not answer, the worker counts in its own memory until it does (fail open, as the other budgets
do: limits.py): the tables keep their streams, and an address is bounded per process instead.
"""

from __future__ import annotations

import logging
import time
import uuid

from flask import Flask

log = logging.getLogger(__name__)

LEASE_HEARTBEATS = 3  # a slot outlives two missed renewals: a stream renews at each heartbeat
RETRY_STORAGE_S = 5.0

_NOW_MS = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) "
# KEYS[1] the address's set; ARGV: cap, slot, lease (ms). 1 when taken.
_TAKE = _NOW_MS + """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
# ARGV: slot, lease (ms). A lapsed slot is taken again: its stream is still open.
_RENEW = _NOW_MS + """
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""


class Slot:
    """One stream's place in its address's shared count: renewed while it lasts, given back at its end."""

    def __init__(self, slots: SharedSlots | None, key: str, member: str, renew_every_s: float):
        self._slots, self._key, self._member = slots, key, member
        self._every = renew_every_s
        self._renewed = time.monotonic()

    def renew(self) -> None:
        if self._slots is None or time.monotonic() - self._renewed < self._every:
            return
        self._renewed = time.monotonic()
        self._slots.call(self._slots.renew_script, self._key, self._member)

    def give_back(self) -> None:
        if self._slots is not None:
            self._slots.call(None, self._key, self._member)


class SharedSlots:
    """The stream slots of every address in one Redis (``client``: a redis-py client)."""

    def __init__(self, client, prefix: str, heartbeat_s: float):
        self.client, self.prefix = client, prefix
        self.heartbeat_s = heartbeat_s
        self.lease_ms = max(1000, round(LEASE_HEARTBEATS * heartbeat_s * 1000))
        self.take_script = client.register_script(_TAKE)
        self.renew_script = client.register_script(_RENEW)
        self._down_until = 0.0

    def take(self, address: str, cap: int, held_here: int) -> Slot | None:
        """A slot for a new stream from ``address``, or None when it holds ``cap`` already. ``held_here``: its
        streams in this worker, this one included, which is the count while Redis does not answer."""
        key, member = f"{self.prefix}:streams:{address}", uuid.uuid4().hex
        taken = self.call(self.take_script, key, member, cap=cap)
        if taken is None:  # Redis is away: this worker's own count
            return Slot(None, key, member, self.heartbeat_s) if held_here <= cap else None
        return Slot(self, key, member, self.heartbeat_s) if taken else None

    def call(self, script, key: str, member: str, cap: int | None = None):
        """Run ``script`` (None: give the slot back); its answer, or None when Redis did not answer."""
        if time.monotonic() < self._down_until:
            return None
        try:
            if script is None:
                return self.client.zrem(key, member)
            args = [member, self.lease_ms] if cap is None else [cap, member, self.lease_ms]
            return script(keys=[key], args=args)
        except Exception as err:  # noqa: BLE001 - whatever the storage raises, the phone is answered
            log.warning("rate limit storage unreachable (%s): counting streams in this process", type(err).__name__)
            self._down_until = time.monotonic() + RETRY_STORAGE_S
            return None


def shared_slots(app: Flask) -> SharedSlots | None:
    """The app's shared stream slots when its rate limits are kept in Redis, else None (each worker counts)."""
    from limits.storage import RedisStorage

    from .limits import limiter

    if "stream_slots" not in app.extensions:
        storage = limiter.storage if limiter.enabled and app.config.get("RATELIMIT_ENABLED") else None
        app.extensions["stream_slots"] = (
            SharedSlots(storage.get_connection(), app.config["RATELIMIT_KEY_PREFIX"], app.config["STREAM_HEARTBEAT_S"])
            if isinstance(storage, RedisStorage) else None)
    return app.extensions["stream_slots"]
