"""The letter recogniser: A–Z only, lower case folded in, a confidence that doubts what it should."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scan_photos import FONTS

from scorekeeper.scan import letters


def rendered(ch: str, font_index: int = 0) -> np.ndarray:
    image = Image.new("L", (80, 80), 255)
    ImageDraw.Draw(image).text((40, 40), ch, font=ImageFont.truetype(str(FONTS[font_index]), 56), fill=30,
                               anchor="mm")
    grey = np.asarray(image)
    ys, xs = np.nonzero(grey < 200)
    return grey[ys.min() - 4:ys.max() + 5, xs.min() - 4:xs.max() + 5]


def test_the_model_comes_with_the_wheel():
    assert letters.model_path().endswith("PP-OCRv6_rec_small.onnx")
    from pathlib import Path

    assert Path(letters.model_path()).stat().st_size > 1_000_000


def test_prepare_centres_the_letter_on_a_white_line():
    line = letters.prepare(np.zeros((30, 10), np.uint8))
    assert line.shape == (3, letters.HEIGHT, letters.WIDTH)
    assert line[:, :, :5].min() == 1.0 and line[0, letters.HEIGHT // 2, letters.WIDTH // 2] == -1.0


def test_every_capital_of_a_plain_hand_is_read(recogniser):
    alphabet = letters.ALPHABET
    font = next(i for i, p in enumerate(FONTS) if p.stem == "ComicNeue-Regular")
    readings = recogniser.read([rendered(ch, font) for ch in alphabet])
    assert "".join(r.letter for r in readings) == alphabet
    assert sum(r.confidence >= 0.95 for r in readings) >= 22  # measured: 23 of 26 sure, the rest still right


def test_the_answer_is_always_a_capital(recogniser):
    """Digits, punctuation and lower case are not answers: a '0' is read as the letter it resembles."""
    for ch in "0", "1", "5", "?", "a", "e":
        value, confidence, shares = recogniser.read([rendered(ch)])[0]
        assert value in letters.ALPHABET and 0 <= confidence <= 1 and abs(float(shares.sum()) - 1) < 1e-5


def test_the_confidence_is_the_letters_share_of_the_evidence(recogniser):
    probs = np.zeros((4, 18710), np.float32)
    probs[:, 0] = 0.5  # blank
    probs[1, recogniser.upper[letters.ALPHABET.index("O")]] = 0.3
    probs[2, recogniser.lower[letters.ALPHABET.index("O")]] = 0.3
    probs[2, recogniser.upper[letters.ALPHABET.index("C")]] = 0.2
    value, confidence, shares = recogniser._decode(probs)
    assert value == "O" and abs(confidence - 0.6 / 0.8) < 1e-6
    assert abs(float(shares[letters.ALPHABET.index("C")]) - 0.2 / 0.8) < 1e-6


def test_an_empty_line_still_answers_with_no_confidence(recogniser):
    value, confidence, _ = recogniser.read([np.full((40, 40), 255, np.uint8)])[0]
    assert value in letters.ALPHABET and confidence < 0.95


def reading(letter: str, confidence: float, **others: float) -> letters.Reading:
    shares = np.zeros(len(letters.ALPHABET))
    shares[letters.ALPHABET.index(letter)] = confidence
    for other, share in others.items():
        shares[letters.ALPHABET.index(other)] = share
    return letters.Reading(letter, confidence, shares)


def test_a_letter_is_flagged_when_its_look_alike_was_in_the_running():
    from scorekeeper.scan.read import FLAG_BELOW, doubtful

    assert doubtful(reading("C", 0.99, O=0.01))  # an O open at the top
    assert doubtful(reading("K", 0.99, R=0.01))  # an R with a short bowl
    assert not doubtful(reading("C", 0.99, E=0.01))  # E is not mistaken for C
    assert not doubtful(reading("E", 0.99, F=0.01))
    assert doubtful(reading("E", FLAG_BELOW - 0.01, F=0.01))  # little confidence: flagged whatever the letter


def test_a_c_k_or_d_with_its_fuller_look_alike_close_is_taken_for_it():
    from scorekeeper.scan.read import SWITCH_SHARE, doubtful, settled

    assert settled(reading("C", 0.97, O=0.02, G=0.01)).letter == "O"  # an O open at the top
    assert settled(reading("C", 0.97, G=0.02, O=0.01)).letter == "G"  # a G without its bar
    assert settled(reading("K", 0.99, R=0.01)).letter == "R"
    turned = settled(reading("D", 0.9, O=0.1))
    assert turned.letter == "O" and turned.confidence == 0.1 and doubtful(turned)
    assert settled(reading("C", 0.999, O=SWITCH_SHARE / 2)).letter == "C"  # a plain C stays a C
    assert settled(reading("O", 0.9, C=0.1)).letter == "O"  # never the other way
    assert settled(reading("E", 0.9, F=0.1)).letter == "E"


def test_doubtful_letters_get_a_second_look_on_the_wide_line():
    from scorekeeper.scan.read import read_letters

    class Recogniser:
        def __init__(self):
            self.widths = []

        def read(self, crops, width=None):
            self.widths.append((width, len(crops)))
            wide = width == letters.WIDE
            return [reading("O", 0.99, C=0.005) if wide else reading(crop, 0.5 if crop == "C" else 0.999)
                    for crop in crops]

    recogniser = Recogniser()
    readings = read_letters(recogniser, ["E", "C", "T"])
    assert [r.letter for r in readings] == ["E", "O", "T"]  # the wide line decides the doubted C
    assert recogniser.widths == [(None, 3), (letters.WIDE, 1)]
