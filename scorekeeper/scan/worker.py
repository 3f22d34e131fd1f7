"""The scan process: ``python -m scorekeeper.scan.worker``, started and fed by pool.py.

It reads photos from stdin and writes answers to stdout (`children.serve`), each framed as an 8-byte big-endian
length and then the bytes (the photo; the answer as JSON). The recogniser is loaded as the process
starts and kept. Nothing is written to disk: a photo lives in this process's memory while it is
read, and is gone when the answer is sent.

An answer is ``{"ok": {grid, cells, flagged}}`` or ``{"refused": {"code", "message"}}``.
"""

from __future__ import annotations

import io
import os

from .. import children
from ..text import N_

NOT_A_PHOTO = N_("The photo must be a JPEG or PNG picture.")

MAX_PIXELS = 50_000_000  # a 50-megapixel phone's full photo; the phone app sends at most 2,000 px a side
REDUCE_ABOVE = 12_000_000  # larger JPEGs are decoded at half size: plenty for a card, a quarter of the memory


def answer(data: bytes) -> dict:
    """One photo's answer (never raises for a bad photo: the refusal is part of the answer)."""
    from PIL import Image, UnidentifiedImageError

    from . import card, read

    # Opening reads only the header; the size is checked against MAX_PIXELS below, before anything is decoded.
    # Pillow's own check would raise DecompressionBombError here instead, for a few bytes that say 400 MP.
    Image.MAX_IMAGE_PIXELS = None
    try:
        with Image.open(io.BytesIO(data)) as probe:
            width, height = probe.size
            kind = probe.format
    except (UnidentifiedImageError, OSError, ValueError):
        return {"refused": {"code": "not_a_photo", "message": NOT_A_PHOTO}}
    if kind not in ("JPEG", "PNG", "MPO"):  # MPO: some phones' JPEG with a depth map appended
        return {"refused": {"code": "not_a_photo", "message": NOT_A_PHOTO}}
    if width * height > MAX_PIXELS:
        return {"refused": {"code": "photo_too_large",
                            "message": N_("The photo has {megapixels} megapixels; at most {most} can be read. "
                                          "Send a smaller copy."),
                            "params": {"megapixels": round(width * height / 1e6), "most": MAX_PIXELS // 1_000_000}}}
    try:
        grey = card.decode(data, reduce=width * height > REDUCE_ABOVE)
        return {"ok": read.read_grey(grey)}
    except ValueError:
        return {"refused": {"code": "not_a_photo", "message": NOT_A_PHOTO}}
    except card.NoCard as refusal:
        return {"refused": {"code": "no_card", "message": refusal.hint}}


NICE = 10  # as the import process (offload_child.py): where a phone's request and a scan both want a core,
# the phone goes first (a scan waits a moment longer; a phone's read is a few milliseconds)


def main() -> None:
    os.nice(NICE)
    from . import letters, read  # noqa: F401 - loaded now, before the first photo waits for them

    letters.shared()  # the model: started with the instance (scan/server.py), it is ready when the first card comes
    children.serve(answer)


if __name__ == "__main__":
    main()
