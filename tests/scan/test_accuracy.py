"""The whole reader on ten synthetic phone photos: what it gets right, and that its doubts are useful.

Figures for these seeds (0–9), measured: letters 99.2 % (502 of 506), circles and
empty squares 100 %, all 4 misread letters flagged, 10.9 % of squares flagged (before the second look
and the look-alikes: 98.0 %, all 10 flagged, 12.3 %). bench/scan.py measures 30 other photos.
"""

from __future__ import annotations

from scorekeeper.scan import card, read


def test_letters_circles_and_empty_squares_are_read(photos, recogniser):
    right = {"letter": 0, "circle": 0, "empty": 0}
    total = dict.fromkeys(right, 0)
    errors, caught, flagged = 0, 0, 0
    for photo in photos:
        answer = read.read_card(photo.jpeg, recogniser)
        assert len(answer["grid"]) == 8 and all(len(row) == 8 for row in answer["grid"])
        assert len(answer["cells"]) == 64
        flags = {tuple(f) for f in answer["flagged"]}
        flagged += len(flags)
        for cell in answer["cells"]:
            want = photo.truth[cell["row"]][cell["col"]]
            assert answer["grid"][cell["row"]][cell["col"]] == cell["value"]
            kind = "empty" if want == "?" else "circle" if want == "#" else "letter"
            total[kind] += 1
            right[kind] += cell["value"] == want
            if cell["value"] != want:
                errors += 1
                caught += (cell["row"], cell["col"]) in flags
            if want == "?":
                assert (cell["row"], cell["col"]) in flags  # an empty square is always shown for checking
    assert right["circle"] == total["circle"] and right["empty"] == total["empty"]
    assert right["letter"] / total["letter"] >= 0.97, (right, total)
    assert caught >= 0.6 * errors, (caught, errors)
    assert flagged / (64 * len(photos)) <= 0.15


def test_circles_coloured_in_by_hand_are_told_from_an_o_and_a_letter_taken_for_one_is_flagged(recogniser):
    """The harder set (bench/scan.py --circles-by-hand): dots, loose strokes and scribbled outlines among
    round letters. Circles and empty squares at least 98 % right (before the shape test: 79.8 % on the
    bench's seeds); a letter read as a circle, which the player would lose without a word, is always flagged."""
    from scan_photos import make_photo

    right, total, unflagged, unread = 0, 0, [], []
    for seed in range(7000, 7008):  # neither the tuning seeds (5000–) nor the held-out ones (6000–)
        photo = make_photo(seed, circles_by_hand=True)
        try:
            answer = read.read_card(photo.jpeg, recogniser)
        except card.NoCard:  # the player is asked for another photo: nothing is read wrong
            unread.append(seed)
            continue
        flags = {tuple(f) for f in answer["flagged"]}
        for cell in answer["cells"]:
            want = photo.truth[cell["row"]][cell["col"]]
            if want in "#?":
                total += 1
                right += cell["value"] == want
            elif cell["value"] == "#" and (cell["row"], cell["col"]) not in flags:
                unflagged.append((seed, cell["row"], cell["col"], want))
    assert len(unread) <= 1, unread
    assert right / total >= 0.98, (right, total)
    assert unflagged == []
