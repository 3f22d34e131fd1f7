"""A small pool of scan processes per web worker, so reading a card never blocks a web worker.

Recognition costs about a second of one core and a few hundred MB; a gevent web worker that ran
it in process would answer nobody else meanwhile. So each web worker starts (on its first scan,
not before) ``size`` child processes running ``scorekeeper.scan.worker`` and hands them photos
through a pipe (``scorekeeper/children.py``: the pipe, the queue, the time limit, replacing a child
that died). Waiting for the answer is a ``select`` on the pipe, which gevent makes cooperative:
the web worker keeps serving the table while the child reads the card.
"""

from __future__ import annotations

from .. import children
from ..children import Busy, Failed

__all__ = ["Busy", "Failed", "Pool"]


class Pool(children.Pool):
    def __init__(self, size: int = 1, queue: int = 4, wait_s: float = 20.0, timeout_s: float = 30.0):
        super().__init__("scorekeeper.scan.worker", size=size, queue=queue, wait_s=wait_s, timeout_s=timeout_s)
