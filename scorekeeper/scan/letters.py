"""Read one handwritten capital per square, its answer restricted to A–Z, with a confidence.

The recogniser is PP-OCRv6's small text-line model, which ships inside the ``rapidocr`` wheel
(``rapidocr/models/PP-OCRv6_rec_small.onnx``, its alphabet in the model's own metadata), run by
onnxruntime: nothing is downloaded, ever. It reads a line of text and answers, for each slice of
the image, a probability for each of its 18,708 characters and "nothing here" (CTC blank).

Each square is read on its own, and only the capitals count: a Bresk! square holds one letter,
so a "0" for an O or an "l" for an I cannot be the answer. Lower-case readings are folded into
their capitals (players who write small still write letters). Each letter's evidence is its
probability summed over the slices; the answer is the letter with the most, and the confidence
its share of all the letters' evidence: low when the square could as well be another letter.
(Compared on the synthetic photos, bench/scan.py: this share catches two errors in three when
12 % of letters are flagged; the best single slice's probability caught one in three.)

The letter (at most 40 × 32 px) sits in the middle of a 48 × 64 px line. Set on a line twice as
wide (``WIDE``, 128 px), with paper on both sides as in the lines of text the model was trained
on, it reads better (on the tuning photos, 95.6 % → 97.2 % of letters, most of it open-topped O
and hooked U that the narrow line read as C and V) but costs twice as much: read.py gives the
wide line only to the letters it doubts, as a second look. Each reading keeps every letter's share
of the evidence (``shares``), so the caller can ask how much a look-alike (O for a C, R for a K)
was in the running.
"""

from __future__ import annotations

import os
from importlib import resources
from typing import NamedTuple

import cv2
import numpy as np

HEIGHT, WIDTH = 48, 64  # the model reads lines 48 px high; one square's letter sits in the middle
WIDE = 128  # px, the line of a second look
LETTER_H, LETTER_W = HEIGHT - 8, 32  # the most a letter may fill of that line
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Reading(NamedTuple):
    """One square's letter, its confidence (0–1), and each letter A–Z's share of the evidence."""

    letter: str
    confidence: float
    shares: np.ndarray

    def share(self, letter: str) -> float:
        return float(self.shares[ALPHABET.index(letter)])


def model_path() -> str:
    return str(resources.files("rapidocr") / "models" / "PP-OCRv6_rec_small.onnx")


class Letters:
    """The recogniser, loaded once (about 60 MB resident) and kept for every photo after."""

    def __init__(self, threads: int = 1):
        import onnxruntime as ort

        options = ort.SessionOptions()
        # One core per scan process: the web workers keep the other.
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.enable_cpu_mem_arena = False  # the arena keeps the largest batch's memory for good
        options.log_severity_level = 3
        self.session = ort.InferenceSession(model_path(), options, providers=["CPUExecutionProvider"])
        self.input = self.session.get_inputs()[0].name
        chars = self.session.get_modelmeta().custom_metadata_map["character"].splitlines()
        index = {ch: i + 1 for i, ch in enumerate(chars)}  # 0 is the CTC blank
        self.upper = np.array([index[ch] for ch in ALPHABET])
        self.lower = np.array([index[ch.lower()] for ch in ALPHABET])

    def read(self, crops: list[np.ndarray], batch: int = 16, width: int | None = None) -> list[Reading]:
        """The reading of each grey letter image, each set on a line ``width`` px wide (``WIDTH`` unless said)."""
        out: list[Reading] = []
        for start in range(0, len(crops), batch):
            images = np.stack([prepare(c, width or WIDTH) for c in crops[start:start + batch]])
            probs = self.session.run(None, {self.input: images})[0]
            out.extend(self._decode(p) for p in probs)
        return out

    def _decode(self, probs: np.ndarray) -> Reading:
        """One square's reading from its slices' probabilities (T × classes), A–Z only."""
        evidence = (probs[:, self.upper] + probs[:, self.lower]).sum(axis=0)  # each letter, over all slices
        shares = evidence / max(float(evidence.sum()), 1e-9)
        top = int(shares.argmax())
        return Reading(ALPHABET[top], float(shares[top]), shares)


def prepare(crop: np.ndarray, width: int = WIDTH) -> np.ndarray:
    """A grey letter image centred on a white line 48 px high, scaled as the model wants (3 × H × width, −1…1)."""
    h, w = crop.shape
    scale = min(LETTER_H / h, LETTER_W / w)
    resized = cv2.resize(crop, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    canvas = np.full((HEIGHT, width), 255, np.uint8)
    y = (HEIGHT - resized.shape[0]) // 2
    x = (width - resized.shape[1]) // 2
    canvas[y:y + resized.shape[0], x:x + resized.shape[1]] = resized
    line = canvas.astype(np.float32) / 127.5 - 1.0
    return np.repeat(line[None], 3, axis=0)


_shared: Letters | None = None


def shared() -> Letters:
    """The process's recogniser, loaded on first use."""
    global _shared
    if _shared is None:
        _shared = Letters(threads=int(os.environ.get("SCOREKEEPER_SCAN_THREADS", "1")))
    return _shared
