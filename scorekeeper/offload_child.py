"""The import process: ``python -m scorekeeper.offload_child``, started and fed by offload.py.

It runs the app (on the database the web worker named) and answers each request it is handed as the
web worker would have: ``{"status", "headers", "body"}``.
"""

from __future__ import annotations

import os

import orjson
from flask import Flask

from . import children, cooperate, create_app

NICE = 10  # the child's scheduling priority, below the web worker's


def _answer(app: Flask):
    client = app.test_client()

    def answer(data: bytes) -> dict:
        size = int.from_bytes(data[:4], "big")
        head = orjson.loads(data[4:4 + size])
        headers = dict(head["headers"])
        host = headers.pop("Host", "localhost")
        response = client.open(head["path"], method=head["method"], data=data[4 + size:], headers=headers,
                               base_url=f"http://{host}")
        return {"status": response.status_code, "headers": list(response.headers.items()),
                "body": response.get_data(as_text=True)}

    return answer


def main() -> None:
    os.environ["SCOREKEEPER_OFFLOAD"] = "off"  # the child answers in process, never hands on again
    # Loaded at the web worker's priority: the process starts on a worker's first import, and that import waits
    # for it (niced, its start took 12–14 s on a machine whose cores were busy).
    answer = _answer(create_app())
    # An import is batch work and a phone's read is not: where both want a core, the phone goes first; and the
    # import rests between its slices as long as it worked, its database's work for it included (cooperate.py).
    os.nice(NICE)
    cooperate.rest_as_long_as_work()
    children.serve(answer)


if __name__ == "__main__":
    main()
