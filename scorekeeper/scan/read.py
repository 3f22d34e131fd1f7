"""A photo of a Bresk! scorecard in, the grid as the score sheet and the hand-in take it out.

``read_card(photo bytes)`` answers ``{"grid": [8 strings of 8], "cells": [...], "flagged": [...]}``:
each square is a capital letter, ``#`` for a filled circle (the rulebook's space) or ``?`` for an
empty square; ``cells`` gives each square's value and confidence (1.0 for an empty square or a
circle whose solid middle says so plainly, ``HAND_CIRCLE`` for one told by its shape alone; the
recogniser's probability for a letter), ``flagged`` the
squares the player should look at (``crops``: each of those squares as the photo shows it, a
small grey JPEG as a data URL, in the same order, so the phone shows it beside the square):
letters read with less than ``FLAG_BELOW`` confidence, circles told by their shape alone, and
letters whose look-alike (``LOOKALIKES``) had more than ``LOOKALIKE_SHARE`` of the evidence. A C,
K or D whose rounder look-alike was close is taken to be that look-alike (``settled``).
Raises ``card.NoCard`` with a hint for the player, ``ValueError`` for bytes that are no image.
"""

from __future__ import annotations

import base64

from . import card, letters

# A circle coloured in loosely (a small dot, strokes with paper between) is told from a small or blurred O by
# its shape alone, and on the hand-drawn bench set some such letters came out as circles: it is flagged, with
# this confidence, so the player looks at it.
HAND_CIRCLE = 0.5

# Letters read with less confidence than this are flagged for the player to check. Measured on
# the tuning photos (bench/scan.py, seeds 1000–1029): see docs/SCANNING.md.
FLAG_BELOW = 0.95
# The recogniser's mistakes are nearly all between the same few pairs of hand-written shapes: an
# O open at the top read as C (or D), a G without its bar as C, an R with a short bowl as K, a
# hooked U as V. And it leans one way: when it reads C, K or D but gives the rounder or fuller
# look-alike (O or G, R, O) even half a percent of the evidence, the look-alike is what was
# written (on the tuning photos, seeds 1000–1029: 30 of 30 such readings; on seeds 3000–3059,
# looked at only to confirm, 75 of 77). Those readings are turned to the look-alike, and flagged.
LEANS = {"C": "OG", "K": "R", "D": "O"}
SWITCH_SHARE = 0.005
# A reading of any of these letters is flagged as soon as its look-alike had a small share of the
# evidence, where another letter needs far more doubt: on the tuning photos a correct C, D, K or
# V gives its look-alike under 0.002 nine times in ten.
LOOKALIKES = {"C": "OG", "O": "CDQ", "D": "O", "G": "C", "Q": "O", "K": "R", "R": "K", "U": "V", "V": "U"}
LOOKALIKE_SHARE = 0.002


def settled(reading: letters.Reading) -> letters.Reading:
    """The reading, or its look-alike when the recogniser leant away from one it nearly chose (LEANS)."""
    rivals = [(reading.share(other), other) for other in LEANS.get(reading.letter, "")
              if reading.share(other) > SWITCH_SHARE]
    if not rivals:
        return reading
    share, letter = max(rivals)
    return reading._replace(letter=letter, confidence=share)


# A letter read on the narrow line is read again on the wide one (letters.WIDE) when it was read
# with less confidence than this, or a look-alike had any say at all: about a quarter of the
# letters on the tuning photos, which then read as well as with every letter on the wide line
# (99.2 % and 99.3 % on the two tuning sets) at three quarters of its cost.
SECOND_LOOK_BELOW = 0.97
SECOND_LOOK_LOOKALIKE = 0.0001


def lookalike_share(reading: letters.Reading) -> float:
    return sum(reading.share(other) for other in LOOKALIKES.get(reading.letter, ""))


def doubtful(reading: letters.Reading) -> bool:
    """Whether the player should check this letter: read with little confidence, or a look-alike was close."""
    return reading.confidence < FLAG_BELOW or lookalike_share(reading) > LOOKALIKE_SHARE


def needs_second_look(reading: letters.Reading) -> bool:
    return reading.confidence < SECOND_LOOK_BELOW or lookalike_share(reading) > SECOND_LOOK_LOOKALIKE


def read_letters(recogniser: letters.Letters, crops: list) -> list[letters.Reading]:
    """Each letter read on the narrow line, and the doubtful ones again on the wide line (which then decides)."""
    readings = recogniser.read(crops)
    again = [i for i, reading in enumerate(readings) if needs_second_look(reading)]
    if again:
        for i, reading in zip(again, recogniser.read([crops[i] for i in again], width=letters.WIDE), strict=True):
            readings[i] = reading
    return readings


def read_card(data: bytes, recogniser: letters.Letters | None = None) -> dict:
    return read_grey(card.decode(data), recogniser)


def read_grey(grey, recogniser: letters.Letters | None = None) -> dict:
    """The same from a decoded grey image."""
    flat, ys, xs = card.find_grid(grey)
    squares = card.classify(flat, ys, xs)
    to_read = [s for s in squares if s.kind == "letter"]
    readings = read_letters(recogniser or letters.shared(), [s.crop for s in to_read]) if to_read else []
    read = {(s.row, s.col): r for s, r in zip(to_read, readings, strict=True)}
    cells, flagged = [], []
    rows = [[""] * card.SIZE for _ in range(card.SIZE)]
    for s in squares:
        if s.kind == "letter":
            reading = settled(read[(s.row, s.col)])
            value, confidence = reading.letter, reading.confidence
            if doubtful(reading):
                flagged.append([s.row, s.col])
        else:
            value, confidence = ("#" if s.kind == "circle" else "?"), (HAND_CIRCLE if s.doubtful else 1.0)
            if s.kind == "empty" or s.doubtful:  # an empty square: a finished card has none, the player says
                flagged.append([s.row, s.col])  # what it holds; a circle told by its shape alone may be a letter
        rows[s.row][s.col] = value
        cells.append({"row": s.row, "col": s.col, "value": value, "confidence": round(confidence, 3)})
    # At most 64 squares of about 2 KB: the answer stays well under the photo's size.
    crops = ["data:image/jpeg;base64," + base64.b64encode(card.square_crop(flat, ys, xs, r, c)).decode("ascii")
             for r, c in flagged]
    return {"grid": ["".join(r) for r in rows], "cells": cells, "flagged": flagged, "crops": crops}
