"""Reading a photographed Bresk! scorecard (scorekeeper/scan/), as the API offers it.

Scanning is an optional extra (``pip install -e '.[scan]'``: opencv-python-headless,
onnxruntime, rapidocr); without it the endpoint answers 501 with that line and the phone hides
its camera button. The photo is never stored: it goes through a socket or a pipe to a scan
process (scan/pool.py), which reads it in memory and forgets it once it has answered.
"""

from __future__ import annotations

import os
from importlib.util import find_spec

from ..domain_errors import NotInstalled, Refused, TooBig, Unavailable

INSTALL = "pip install -e '.[scan]'"
MAX_PHOTO_BYTES = 10 * 1024 * 1024  # a 50-megapixel phone JPEG; the phone app sends about 1 MB
PHONE_MAX_SIDE = 2000  # px: the phone downsizes to this before it sends (frontend/js/games/bresk-scan.js)
_MAGIC = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")  # JPEG, PNG

_pool = None


def available() -> bool:
    """Whether the scan extra is installed (checked without importing it: the web worker stays small)."""
    return all(find_spec(name) is not None for name in ("cv2", "onnxruntime", "rapidocr", "PIL"))


def status() -> dict:
    return {"available": available(), "max_bytes": MAX_PHOTO_BYTES, "max_side": PHONE_MAX_SIDE,
            "install": None if available() else INSTALL}


def pool():
    """The instance's scan service under gunicorn (``SCOREKEEPER_SCAN_SOCKET``, set by its master), else this
    process's own scan process, started on its first scan (scan/pool.py)."""
    global _pool
    if _pool is None:
        from ..scan.pool import Pool, Shared
        from ..scan.server import TIMEOUT_S, WAIT_S

        shared = os.environ.get("SCOREKEEPER_SCAN_SOCKET")
        _pool = (Shared(shared, WAIT_S + TIMEOUT_S + 5) if shared
                 else Pool(size=max(1, int(os.environ.get("SCOREKEEPER_SCAN_PROCESSES", "1")))))
    return _pool


def _photo_refused(code: str, message: str, params: dict | None = None) -> Refused:
    """A photo the scan process could not take (422: the photo is the trouble). ``message`` is a template
    marked in scan/worker.py or scan/card.py, so the catalogs know it."""
    return Refused(code, message, "photo", **(params or {}))


def photo_too_large() -> TooBig:
    """The refusal of a photo over ``MAX_PHOTO_BYTES``, whether this service or the request's own limit finds it."""
    return TooBig("photo_too_large", "The photo is larger than {most} MB; send a smaller copy.", "photo",
                  most=MAX_PHOTO_BYTES // (1024 * 1024))


def read(photo: bytes) -> dict:
    """The grid read from one photo, or a refusal a player can act on."""
    if not available():
        raise NotInstalled("scan_unavailable", "Reading scorecards is not installed on this server: {install}",
                           install=INSTALL)
    if len(photo) > MAX_PHOTO_BYTES:
        raise photo_too_large()
    if not photo.startswith(_MAGIC):
        raise Refused("not_a_photo", "The photo must be a JPEG or PNG picture.", "photo")
    from ..scan.pool import Busy, Failed

    try:
        reply = pool().read(photo)
    except Busy:
        raise Unavailable("scan_busy", "Cards are being read for other players; try again in a few seconds.",
                          extra={"retry_after": 5}) from None
    except Failed:
        raise Unavailable("scan_failed", "The card could not be read this time; try again.",
                          extra={"retry_after": 5}) from None
    if "refused" in reply:
        raise _photo_refused(**reply["refused"])
    return reply["ok"]
