"""Each step of the grid finder on synthetic phone photos (tilted, unevenly lit, blurred, JPEG)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorekeeper.scan import card


def kinds(truth: list[str]) -> list[str]:
    return ["empty" if ch == "?" else "circle" if ch == "#" else "letter" for row in truth for ch in row]


def test_decode_refuses_what_is_not_a_picture():
    with pytest.raises(ValueError):
        card.decode(b"\xff\xd8\xff not really a jpeg")


def test_decode_turns_the_photo_upright_and_reduces_large_ones(photos):
    grey = card.decode(photos[0].jpeg)
    half = card.decode(photos[0].jpeg, reduce=True)
    assert grey.ndim == 2 and 1600 <= max(grey.shape) <= 3000
    assert abs(half.shape[0] - grey.shape[0] / 2) <= 1


def test_order_corners_starts_top_left_and_goes_clockwise():
    pts = np.array([[90, 10], [10, 90], [100, 95], [5, 5]], np.float32)
    assert card.order_corners(pts).tolist() == [[5, 5], [90, 10], [100, 95], [10, 90]]


def test_the_grid_is_among_the_candidates_and_the_card_edge_is_not_taken_for_it(photos):
    """The largest outline is often the card against the table; the finder moves on to the grid."""
    for photo in photos[:4]:
        grey = card.decode(photo.jpeg)
        scale = card.WORK_SIDE / max(grey.shape)
        work = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        quads = card.candidate_quads(work)
        assert len(quads) >= 1
        found = [q for q in quads for cells in ((9, 9), (8, 8))
                 if card.grid_lines(card.rectify(grey, q, 1 / scale, cells)[0]) is not None]
        assert found, f"seed {photo.seed}: no candidate holds the grid"


def test_lines_are_nine_evenly_spaced_per_axis_without_the_grey_totals(photos):
    for photo in photos:
        flat, ys, xs = card.find_grid(card.decode(photo.jpeg))
        for lines in (ys, xs):
            gaps = np.diff(lines)
            assert len(lines) == 9 and gaps.std() / gaps.mean() < 0.05, photo.seed
            assert abs(gaps.mean() - card.CELL_PX) < 0.15 * card.CELL_PX
        # Inside the grid the flattened paper is white, whatever the light was: no grey band is in it.
        inside = flat[int(ys[0]) + 5:int(ys[-1]) - 5, int(xs[0]) + 5:int(xs[-1]) - 5]
        assert np.median(inside) > 0.9, photo.seed


def test_flatten_divides_out_a_shadow():
    paper = np.full((400, 400), 220, np.float32)
    paper[:, 200:] *= 0.5  # half the card in shadow
    paper[100:110, 50:350] = 40  # a pencil stroke across both halves
    flat = card.flatten(paper.astype(np.uint8))
    assert abs(np.median(flat[:, :190]) - np.median(flat[:, 210:])) < 0.05
    assert flat[105, 60] < card.INK and flat[105, 300] < card.INK


def test_every_square_is_classified_as_empty_circle_or_letter(photos):
    wrong = []
    for photo in photos:
        squares = card.classify(*card.find_grid(card.decode(photo.jpeg)))
        got = [s.kind for s in squares]
        wrong += [(photo.seed, i // 8, i % 8) for i, (a, b) in enumerate(zip(got, kinds(photo.truth), strict=True))
                  if a != b]
        assert all((s.crop is not None) == (s.kind == "letter") for s in squares)
    assert wrong == []


def test_a_photo_without_a_card_gets_a_hint_a_player_can_act_on(photos):
    grey = card.decode(photos[1].jpeg)
    cases = {
        "blank": (np.full((1200, 1600), 190, np.uint8), "photograph the whole card, flat, in good light"),
        "blurred": (cv2.GaussianBlur(grey, (0, 0), 14), "Hold the phone still"),
        "dark": ((grey * 0.08).astype(np.uint8), "More light"),
    }
    for name, (image, hint) in cases.items():
        with pytest.raises(card.NoCard) as refusal:
            card.find_grid(image)
        assert refusal.value.hint.startswith("No scorecard found") and hint in refusal.value.hint, name


def test_part_of_the_grid_cut_off_is_no_card(photos):
    grey = card.decode(photos[2].jpeg)
    card.find_grid(grey)  # the whole photo has it
    cut = grey[:, : grey.shape[1] // 3]  # the left third of the photo: a few columns at most
    with pytest.raises(card.NoCard):
        card.find_grid(cut)
