"""Group commit: the appends one process has for one table at a time go to the database together.

A table's appends are strictly ordered: each takes the table's row lock (services/table_sql.py). When many
phones act on one table at once, one at a time each would hold the lock for a round trip to the database and
a turn of a busy worker's loop, and the others would queue in the database, each holding a pooled connection.
Here, while a batch of a table's appends holds the lock, the appends that arrive for the same table wait in
the process (no connection held) and then go as the next batch: one lock, one insert of all their events,
one commit. Each is still checked, stored and answered as if it had come alone, in the order they came.

Nothing here knows tables: a lane is a key (a table's code), a ticket is one caller's ask, and the batch
function (services/tables.py) answers every ticket it is given.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any


class Ticket:
    """One caller's ask in a lane; once its batch ran, its result or its error."""

    __slots__ = ("ask", "done", "error", "result")

    def __init__(self, ask: Any):
        self.ask, self.done, self.result, self.error = ask, False, None, None

    def settle(self, answer: Callable[[], Any]) -> None:
        """The ticket's result is what ``answer()`` returns, or its error what it raises."""
        try:
            self.result = answer()
        except Exception as err:  # noqa: BLE001 - handed to the ticket's own caller, who raises it
            self.error = err

    @property
    def answered(self) -> bool:
        return self.result is not None or self.error is not None

    def answer(self) -> Any:
        if self.error is not None:
            raise self.error
        return self.result


class _Lane:
    __slots__ = ("busy", "pending", "turn", "users")

    def __init__(self) -> None:
        self.turn = threading.Condition()  # made in the worker, after gevent has patched threading
        self.pending: list[Ticket] = []
        self.busy = False
        self.users = 0


class Lanes:
    """One lane per key, kept while someone is in it; at most ``most`` tickets a batch."""

    def __init__(self, most: int):
        self.most = most
        self._lock = threading.Lock()
        self._lanes: dict[Hashable, _Lane] = {}

    def run(self, key: Hashable, ask: Any, batch: Callable[[list[Ticket]], None]) -> Any:
        """``ask``'s answer, once ``batch`` has answered it among the others waiting for ``key`` with it.

        ``batch(tickets)`` gets the tickets in the order they came and settles each; an exception it raises
        is the error of every ticket it had not settled. One batch of a key runs at a time in this process:
        whoever finds the lane free runs the next batch in its own thread (greenlet), the rest wait.
        """
        ticket = Ticket(ask)
        with self._lock:
            lane = self._lanes.get(key)
            if lane is None:
                lane = self._lanes[key] = _Lane()
            lane.users += 1
        try:
            with lane.turn:
                lane.pending.append(ticket)
            while not ticket.done:
                taken = self._take(lane, ticket)
                if taken:
                    self._run(lane, taken, batch)
        finally:
            with self._lock:
                lane.users -= 1
                if not lane.users:
                    del self._lanes[key]
        return ticket.answer()

    def waiting(self, key: Hashable) -> int:
        """How many tickets of ``key`` wait for the batch ahead of theirs to end."""
        with self._lock:
            lane = self._lanes.get(key)
        if lane is None:
            return 0
        with lane.turn:
            return len(lane.pending)

    def _take(self, lane: _Lane, ticket: Ticket) -> list[Ticket]:
        """The next batch, once the lane is free; none when another batch answered ``ticket`` meanwhile."""
        with lane.turn:
            while lane.busy and not ticket.done:
                lane.turn.wait()
            if ticket.done:
                return []
            lane.busy = True
            taken, lane.pending = lane.pending[:self.most], lane.pending[self.most:]
            return taken

    def _run(self, lane: _Lane, taken: list[Ticket], batch: Callable[[list[Ticket]], None]) -> None:
        try:
            batch(taken)
        except Exception as err:  # noqa: BLE001 - each unanswered caller raises it
            for ticket in taken:
                if not ticket.answered:
                    ticket.error = err
        finally:
            with lane.turn:
                for ticket in taken:
                    if not ticket.answered:  # interrupted (the worker stopping)
                        ticket.error = RuntimeError("the batch holding this append was interrupted")
                    ticket.done = True
                lane.busy = False
                lane.turn.notify_all()
