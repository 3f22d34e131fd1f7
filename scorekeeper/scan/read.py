"""A photo of a Bresk! scorecard in, the grid as the score sheet and the hand-in take it out.

``read_card(photo bytes)`` answers ``{"grid": [8 strings of 8], "cells": [...], "flagged": [...]}``:
each square is a capital letter, ``#`` for a filled circle (the rulebook's space) or ``?`` for an
empty square; ``cells`` gives each square's value and confidence (1.0 for an empty square or a
circle: the ink says so plainly; the recogniser's probability for a letter), ``flagged`` the
squares the player should look at: letters read with less than ``FLAG_BELOW`` confidence.
Raises ``card.NoCard`` with a hint for the player, ``ValueError`` for bytes that are no image.
"""

from __future__ import annotations

from . import card, letters

# Letters read with less confidence than this are flagged for the player to check. Measured on
# the synthetic photos (bench/scan.py): see the README's "Scanning a scorecard".
FLAG_BELOW = 0.97


def read_card(data: bytes, recogniser: letters.Letters | None = None) -> dict:
    return read_grey(card.decode(data), recogniser)


def read_grey(grey, recogniser: letters.Letters | None = None) -> dict:
    """The same from a decoded grey image."""
    flat, ys, xs = card.find_grid(grey)
    squares = card.classify(flat, ys, xs)
    to_read = [s for s in squares if s.kind == "letter"]
    readings = (recogniser or letters.shared()).read([s.crop for s in to_read]) if to_read else []
    read = {(s.row, s.col): r for s, r in zip(to_read, readings, strict=True)}
    cells, flagged = [], []
    rows = [[""] * card.SIZE for _ in range(card.SIZE)]
    for s in squares:
        if s.kind == "letter":
            value, confidence = read[(s.row, s.col)]
            if confidence < FLAG_BELOW:
                flagged.append([s.row, s.col])
        else:
            value, confidence = ("#" if s.kind == "circle" else "?"), 1.0
            if s.kind == "empty":
                flagged.append([s.row, s.col])  # a finished card has none: the player says what it holds
        rows[s.row][s.col] = value
        cells.append({"row": s.row, "col": s.col, "value": value, "confidence": round(confidence, 3)})
    return {"grid": ["".join(r) for r in rows], "cells": cells, "flagged": flagged}
