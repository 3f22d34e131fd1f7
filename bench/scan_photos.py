"""Synthetic phone photos of a filled-in Bresk! scorecard, for the card reader's tests and benchmark.

    .venv/bin/python bench/scan_photos.py OUT_DIR [--count 30] [--first-seed 0] [--circles-by-hand]

writes OUT_DIR/card-<seed>.jpg and card-<seed>.txt (the true grid: 8 lines of 8, "#" a filled
circle, "?" an empty square). The same seed always gives the same photo (numpy's PCG64 and the
fonts committed in bench/fonts, all under the SIL Open Font License; see the COPYING files there).

The card is drawn as the rulebook describes the real one (docs/FEATURES.md's Bresk! part cites
it): an 8×8 grid, grey squares along its edges for the row and column totals (joined to the grid,
the hard case for a grid finder), a title, and the letter tally on the right. The photo then gets
what a phone at a table gives: a table top around the card, tilt up to 15°, a little perspective,
uneven light with a soft shadow, blur, sensor noise, JPEG quality 45–85, 1,600–3,000 px.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
FONTS = sorted(p for p in FONTS_DIR.iterdir() if p.suffix in (".otf", ".ttf"))

# Letters about as often as players write them; about one square in five a filled circle.
LETTERS = "EEEEEAAAAIIIOOOUUTTTNNNSSSRRRLLDDHHCCMPPBGFYWKVJXQZ"
# The harder set: an O, Q, D or C as often as an E, the letters a coloured-in circle could be taken for.
ROUND_LETTERS = LETTERS + "OOOOQQDDCCGG"
CELL = 100  # card units: one grid square
GRID_X, GRID_Y = 80, 200  # top-left corner of the 8×8 grid on the card
CARD_W, CARD_H = 1560, 1240


@dataclass(frozen=True)
class Photo:
    seed: int
    jpeg: bytes
    truth: list[str]  # 8 strings of 8: A–Z, "#" filled circle, "?" empty


def truth_grid(rng: np.random.Generator, letters: str = LETTERS) -> list[str]:
    rows = []
    empties = set(rng.choice(64, size=int(rng.integers(0, 4)), replace=False).tolist())
    for r in range(8):
        row = ""
        for c in range(8):
            if r * 8 + c in empties:
                row += "?"
            elif rng.random() < 0.2:
                row += "#"
            else:
                row += letters[int(rng.integers(len(letters)))]
        rows.append(row)
    return rows


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _letter(card: Image.Image, ch: str, box: tuple[int, int], rng: np.random.Generator, font: Path, ink: int) -> None:
    """One handwritten capital: its own size, slant and place inside the square, never past its lines."""
    size = int(rng.integers(54, 80))
    f = _font(font, size)
    tile = Image.new("L", (CELL * 2, CELL * 2), 0)
    ImageDraw.Draw(tile).text((CELL, CELL), ch, font=f, fill=255, anchor="mm")
    tile = tile.rotate(float(rng.uniform(-12, 12)), resample=Image.BICUBIC, center=(CELL, CELL))
    bbox = tile.getbbox()
    if bbox is None:
        return
    glyph = tile.crop(bbox)
    limit = CELL - 22  # keep clear of the printed lines
    if max(glyph.size) > limit:
        scale = limit / max(glyph.size)
        glyph = glyph.resize((max(1, int(glyph.width * scale)), max(1, int(glyph.height * scale))), Image.BICUBIC)
    slack_x, slack_y = CELL - glyph.width, CELL - glyph.height
    x = box[0] + slack_x // 2 + int(rng.integers(-slack_x // 5, slack_x // 5 + 1))
    y = box[1] + slack_y // 2 + int(rng.integers(-slack_y // 5, slack_y // 5 + 1))
    card.paste(Image.new("L", glyph.size, ink), (x, y), glyph)


def _circle(draw: ImageDraw.ImageDraw, box: tuple[int, int], rng: np.random.Generator, ink: int) -> None:
    """A filled circle as a pencil colours one in: a wobbly round blob and a few strokes around it."""
    cx = box[0] + CELL / 2 + rng.uniform(-6, 6)
    cy = box[1] + CELL / 2 + rng.uniform(-6, 6)
    radius = rng.uniform(20, 33)
    angles = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    wobble = 1 + 0.08 * np.sin(angles * rng.integers(2, 5) + rng.uniform(0, 6)) + rng.normal(0, 0.025, angles.size)
    points = [(cx + radius * w * math.cos(a), cy + radius * w * 0.92 * math.sin(a))
              for a, w in zip(angles, wobble, strict=True)]
    draw.polygon(points, fill=ink)
    for _ in range(int(rng.integers(2, 6))):  # the scribble's strokes poking out of the blob
        a = rng.uniform(0, 2 * math.pi)
        r1, r2 = radius * rng.uniform(0.3, 0.8), radius * rng.uniform(0.95, 1.15)
        start = (cx + r1 * math.cos(a), cy + r1 * math.sin(a))
        end = (cx + r2 * math.cos(a + 0.3), cy + r2 * math.sin(a + 0.3))
        draw.line([start, end], fill=ink, width=int(rng.integers(2, 5)))


def _circle_by_hand(draw: ImageDraw.ImageDraw, box: tuple[int, int], rng: np.random.Generator, ink: int) -> None:
    """A filled circle as players really colour one in: any size from a fat dot to the whole square, and
    not always solid: a heavy outline scribbled over, or back-and-forth strokes with paper between them."""
    cx = box[0] + CELL / 2 + rng.uniform(-8, 8)
    cy = box[1] + CELL / 2 + rng.uniform(-8, 8)
    style = rng.choice(["solid", "outlined", "strokes"])
    radius = rng.uniform(11 if style == "solid" else 15, 36)
    angles = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    wobble = 1 + 0.1 * np.sin(angles * rng.integers(2, 5) + rng.uniform(0, 6)) + rng.normal(0, 0.03, angles.size)
    squash = rng.uniform(0.8, 1.0)
    outline = [(cx + radius * w * math.cos(a), cy + radius * w * squash * math.sin(a))
               for a, w in zip(angles, wobble, strict=True)]
    pen = int(rng.integers(3, 8))
    if style == "solid":
        draw.polygon(outline, fill=ink)
        return
    if style == "outlined":
        draw.line([*outline, outline[0]], fill=ink, width=pen + 2, joint="curve")
    # Back-and-forth strokes across the disc, at a slant, each a little off: some paper shows between them.
    slant = rng.uniform(0, math.pi)
    along, across = (math.cos(slant), math.sin(slant)), (-math.sin(slant), math.cos(slant))
    gap = pen * rng.uniform(0.8, 1.4)
    for k in np.arange(-radius, radius, gap):
        half = math.sqrt(max(0.0, radius**2 - k**2)) * rng.uniform(0.8, 1.0)
        mid = (cx + k * across[0], cy + k * across[1] * squash)
        start = (mid[0] - half * along[0], mid[1] - half * along[1] * squash)
        end = (mid[0] + half * along[0], mid[1] + half * along[1] * squash)
        draw.line([start, end], fill=ink, width=pen)


def draw_card(truth: list[str], rng: np.random.Generator, circles_by_hand: bool = False) -> np.ndarray:
    """The paper card, grey-scale, card units (1 px = 1/100 of a square)."""
    card = Image.new("L", (CARD_W, CARD_H), 250)
    draw = ImageDraw.Draw(card)
    title = _font(FONTS[0], 90)
    draw.text((GRID_X, 50), "Bresk!", font=title, fill=40)
    small = _font(FONTS[0], 30)
    grid_end_x, grid_end_y = GRID_X + 8 * CELL, GRID_Y + 8 * CELL
    # Grey total squares along the right and bottom edges, joined to the grid.
    draw.rectangle([grid_end_x, GRID_Y, grid_end_x + CELL, grid_end_y + CELL], fill=200)
    draw.rectangle([GRID_X, grid_end_y, grid_end_x + CELL, grid_end_y + CELL], fill=200)
    for k in range(10):
        w = 5 if k in (0, 8, 9) else 3
        draw.line([(GRID_X + k * CELL, GRID_Y), (GRID_X + k * CELL, grid_end_y + CELL)], fill=30, width=w)
        draw.line([(GRID_X, GRID_Y + k * CELL), (grid_end_x + CELL, GRID_Y + k * CELL)], fill=30, width=w)
    draw.text((grid_end_x + 8, GRID_Y - 40), "Total", font=small, fill=60)
    # The letter tally on the right: A–Z in two columns of small boxes, some ticked.
    tally_x = grid_end_x + CELL + 120
    for i, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
        x = tally_x + (i // 13) * 230
        y = GRID_Y + (i % 13) * 68
        draw.rectangle([x, y, x + 200, y + 60], outline=60, width=3)
        draw.text((x + 12, y + 12), ch, font=small, fill=60)
        for t in range(int(rng.integers(0, 4))):
            tx = x + 60 + t * 22
            draw.line([(tx, y + 12), (tx + int(rng.integers(-4, 5)), y + 48)], fill=90, width=3)
    draw.text((tally_x, GRID_Y + 13 * 68 + 20), "Letters rolled", font=small, fill=60)

    font = FONTS[int(rng.integers(len(FONTS)))]
    ink = int(rng.integers(35, 95))  # pencil or pen
    for r, row in enumerate(truth):
        for c, ch in enumerate(row):
            box = (GRID_X + c * CELL, GRID_Y + r * CELL)
            if ch == "#":
                (_circle_by_hand if circles_by_hand else _circle)(draw, box, rng, ink)
            elif ch != "?":
                _letter(card, ch, box, rng, font, ink)
    return np.asarray(card)


def photograph(card: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The card on a table, as a phone sees it: tilt, perspective, light, blur, noise."""
    long_side = int(rng.integers(1600, 3001))
    w, h = long_side, long_side * 3 // 4
    table = rng.integers(70, 170)
    photo = np.full((h, w), table, np.float32) + rng.normal(0, 6, (h, w)).astype(np.float32)
    photo = cv2.GaussianBlur(photo, (0, 0), 3)
    # Where the card's corners land: scaled to fill 60–85 % of the frame, turned up to 15°, a little perspective.
    ch, cw = card.shape
    scale = rng.uniform(0.62, 0.85) * min(w / cw, h / ch)
    angle = math.radians(rng.uniform(-15, 15))
    corners = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32) - [cw / 2, ch / 2]
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]], np.float32)
    placed = corners @ rot.T * scale
    placed += rng.normal(0, 0.02 * scale * cw, placed.shape).astype(np.float32)  # perspective
    half = np.abs(placed).max(axis=0)
    centre = [w / 2 + rng.uniform(-0.5, 0.5) * max(0, w / 2 - half[0] - 10),
              h / 2 + rng.uniform(-0.5, 0.5) * max(0, h / 2 - half[1] - 10)]
    placed = (placed + centre).astype(np.float32)
    src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
    m = cv2.getPerspectiveTransform(src, placed)
    paper = cv2.warpPerspective(card.astype(np.float32), m, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.ones_like(card, np.float32), m, (w, h), flags=cv2.INTER_LINEAR)
    photo = photo * (1 - mask) + paper * mask
    # Uneven light: a gradient across the frame and a soft shadow (a hand, a phone) somewhere.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    grad = ((xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a))
    light = 0.85 + rng.uniform(0.1, 0.35) * grad
    sx, sy, sr = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.2, 0.5) * min(w, h)
    light *= 1 - rng.uniform(0.0, 0.3) * np.exp(-(((xx - sx) ** 2 + (yy - sy) ** 2) / (2 * sr**2)))
    photo *= light
    sigma = rng.uniform(0.3, 1.6) * long_side / 2000
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    photo += rng.normal(0, rng.uniform(2, 6), photo.shape).astype(np.float32)
    grey = np.clip(photo, 0, 255).astype(np.uint8)
    # A colour photo, as a phone sends it: warm paper, a table with a colour of its own.
    tint = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.92, 1.0), 1.0], np.float32)  # B, G, R
    return np.clip(grey[..., None] * tint, 0, 255).astype(np.uint8)


def make_photo(seed: int, circles_by_hand: bool = False) -> Photo:
    """``circles_by_hand``: the harder set (``_circle_by_hand``) and more letters that are round like a circle."""
    rng = np.random.default_rng(seed)
    truth = truth_grid(rng, ROUND_LETTERS if circles_by_hand else LETTERS)
    image = photograph(draw_card(truth, rng, circles_by_hand), rng)
    quality = int(rng.integers(45, 86))
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return Photo(seed, data.tobytes(), truth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--circles-by-hand", action="store_true", help="the harder set of circles")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first_seed, args.first_seed + args.count):
        photo = make_photo(seed, args.circles_by_hand)
        (args.out / f"card-{seed}.jpg").write_bytes(photo.jpeg)
        (args.out / f"card-{seed}.txt").write_text("\n".join(photo.truth) + "\n")
        print(f"card-{seed}.jpg", len(photo.jpeg) // 1024, "KB")


if __name__ == "__main__":
    main()
