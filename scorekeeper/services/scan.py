"""Reading a photographed Bresk! scorecard (scorekeeper/scan/), as the API offers it.

Scanning is an optional extra (``pip install -e '.[scan]'``: opencv-python-headless,
onnxruntime, rapidocr); without it the endpoint answers 501 with that line and the phone hides
its camera button. The photo is never stored: it goes through a pipe to a scan process
(scan/pool.py), which reads it in memory and forgets it once it has answered.
"""

from __future__ import annotations

import os
from importlib.util import find_spec

from ..errors import ApiError

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
    """This web worker's scan processes, started on its first scan."""
    global _pool
    if _pool is None:
        from ..scan.pool import Pool

        _pool = Pool(size=max(1, int(os.environ.get("SCOREKEEPER_SCAN_PROCESSES", "1"))))
    return _pool


def refuse(status_code: int, code: str, message: str) -> ApiError:
    return ApiError(status_code, code, message, {"photo": [message]})


def read(photo: bytes) -> dict:
    """The grid read from one photo, or an ApiError a player can act on."""
    if not available():
        raise ApiError(501, "scan_unavailable", f"Reading scorecards is not installed on this server: {INSTALL}")
    if len(photo) > MAX_PHOTO_BYTES:
        raise refuse(413, "photo_too_large", f"The photo is larger than {MAX_PHOTO_BYTES // (1024 * 1024)} MB; "
                     "send a smaller copy.")
    if not photo.startswith(_MAGIC):
        raise refuse(422, "not_a_photo", "The photo must be a JPEG or PNG picture.")
    from ..scan.pool import Busy, Failed

    try:
        reply = pool().read(photo)
    except Busy:
        raise ApiError(503, "scan_busy", "Cards are being read for other players; try again in a few seconds.",
                       retry_after=5) from None
    except Failed:
        raise ApiError(503, "scan_failed", "The card could not be read this time; try again.") from None
    if "refused" in reply:
        raise refuse(422, reply["refused"]["code"], reply["refused"]["message"])
    return reply["ok"]
