"""Find the 8×8 grid in a photo of a Bresk! scorecard and say what each square holds.

The steps, each a function tested on its own (tests/scan/test_card.py):

1. ``decode``: the photo as grey levels, turned upright as the phone's EXIF says, its long side
   brought to at most ``WORK_SIDE`` px for finding (the full photo is kept for the letters).
2. ``candidate_quads``: outlines of dark connected shapes, largest first, each reduced to a
   quadrilateral. The card's printed grid, with the grey total squares joined to its edges, is
   one connected web of lines; the letter tally on the right is a separate, smaller one.
3. ``rectify``: a candidate warped flat to a rectangle.
4. ``flatten``: the lighting divided out (each pixel against the paper around it).
5. ``grid_lines``: the printed lines found by their profile across the warped image; grey bands
   at the ends (the total squares) are dropped; 9 evenly spaced lines per axis make a grid. A
   candidate without them is not the card, and the next one is tried.
6. ``classify``: each square's ink, inside an inset that keeps the printed lines out: nothing
   (empty), one round solid blob (a filled circle, the rulebook's space), or a letter, cut out
   tight for the recogniser (letters.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..text import N_

SIZE = 8
WORK_SIDE = 1600  # px, the long side the grid is looked for at
CELL_PX = 96  # px per square once the grid is warped flat
INSET = 0.13  # share of a square left out at each side: the printed lines and their blur
INK = 0.78  # a flattened pixel darker than this share of its paper is ink (a thin, blurred stroke reaches 0.6)
EMPTY_SHARE = 0.012  # less ink than this share of the inset square: empty
CORE_DISC = 0.38  # the disc that wipes out strokes, as a share of the inset square's side
CORE_SHARE = 0.1  # a circle's solid middle covers at least this share of the inset square
DARK = 60  # a photo whose brightest tenth is darker than this (of 255) was taken in the dark
BLURRED = 15.0  # the variance of the Laplacian below which a photo is too blurred to find lines in
EDGE_BANDS = 1.4  # squares between the grid and the candidate's edge: at most a band of grey totals
LINE_COVER = 0.7  # share of the grid's width (height) each found line must really cover
MIN_BLOB = 0.004  # ink specks smaller than this share of the square are dust, not writing
# A circle coloured in by hand that the solid-middle test misses (a small dot, strokes with paper between them,
# an outline scribbled over), told from an O, D or Q by its shape (bench/scan.py --circles-by-hand): at least
# this share of the inset square, this round (its hull against the circle around it), this much ink in its
# hull (at first, and once the gaps between strokes are closed) and a middle this dark against its ink (an O's
# middle is paper, even where blur has closed its hole).
HAND_AREA, HAND_ROUND, HAND_INK, HAND_CLOSED_INK, HAND_MIDDLE = 0.075, 0.65, 0.7, 0.85, 0.7


class NoCard(Exception):
    """No Bresk! grid in the photo; ``hint`` says what to do about it, in a player's words."""

    def __init__(self, hint: str):
        super().__init__(hint)
        self.hint = hint


@dataclass
class Square:
    row: int
    col: int
    kind: str  # "empty", "circle" or "letter"
    crop: np.ndarray | None = None  # grey letter image (letters only)
    doubtful: bool = False  # a circle told only by its shape (a letter can look like one): the player checks it


def decode(data: bytes, reduce: bool = False) -> np.ndarray:
    """Grey levels of a JPEG or PNG, upright as its EXIF orientation says; ValueError if it is neither.

    ``reduce`` decodes a JPEG at half its size (cheaply, inside the decoder): for very large photos.
    """
    flags = cv2.IMREAD_REDUCED_GRAYSCALE_2 if reduce else cv2.IMREAD_GRAYSCALE
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flags)
    if image is None:
        raise ValueError("not a JPEG or PNG image")
    return image


def _ink_mask(grey: np.ndarray) -> np.ndarray:
    block = max(15, (min(grey.shape) // 40) | 1)
    return cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 12)


def candidate_quads(grey: np.ndarray, limit: int = 8) -> list[np.ndarray]:
    """Quadrilaterals (4×2 float32, clockwise from top-left) around the largest dark webs, largest first."""
    mask = _ink_mask(grey)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # Every outline, inner ones too: the card's own edge against the table is often the largest.
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    area_min = grey.shape[0] * grey.shape[1] * 0.02
    out = []
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[: limit * 3]:
        hull = cv2.convexHull(contour)
        if cv2.contourArea(hull) < area_min:
            break
        perimeter = cv2.arcLength(hull, True)
        for eps in (0.02, 0.04, 0.06):
            approx = cv2.approxPolyDP(hull, eps * perimeter, True)
            if len(approx) == 4:
                rough = order_corners(approx.reshape(4, 2).astype(np.float32))
                break
        else:
            rough = order_corners(cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32))  # a corner cut off
        out.append(refine_quad(contour.reshape(-1, 2).astype(np.float32), rough))
        if len(out) >= 2 and np.abs(out[-1] - out[-2]).max() < 0.01 * max(grey.shape):
            out.pop()  # the two sides of one thick outline
        if len(out) == limit:
            break
    return out


def refine_quad(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Corners from four lines fitted to the outline's points along each side of a rough quad.

    The rough corners come from the outline's convex hull, which a word printed close to the
    grid (the card's "Total") pulls outwards; a robust line through the many points of each side
    is not pulled by the few of the word.
    """
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        length = float(np.linalg.norm(b - a))
        if length < 1:
            return quad
        direction = (b - a) / length
        normal = np.array([-direction[1], direction[0]])
        rel = points - a
        along = rel @ direction
        across = np.abs(rel @ normal)
        near = points[(across < 0.04 * length) & (along > 0.1 * length) & (along < 0.9 * length)]
        if len(near) < 10:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        m = np.array([d1, -d2]).T
        if abs(np.linalg.det(m)) < 1e-6:
            return quad
        t = np.linalg.solve(m, p2 - p1)
        corners.append(p1 + t[0] * d1)
    refined = np.array(corners, np.float32)
    if np.abs(refined - quad).max() > 0.1 * max(np.ptp(quad[:, 0]), np.ptp(quad[:, 1])):
        return quad  # the fit went astray: keep the rough corners
    return refined


def order_corners(pts: np.ndarray) -> np.ndarray:
    """Top-left, top-right, bottom-right, bottom-left."""
    s, d = pts.sum(axis=1), np.diff(pts, axis=1).ravel()
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]], np.float32)


def rectify(grey: np.ndarray, quad: np.ndarray, scale: float, cells: tuple[float, float], margin: float = 0.04):
    """Warp the quadrilateral (in work-image px; ``scale`` maps them to ``grey``'s) flat, with a margin around it.

    ``cells`` is the quad's size in squares (columns, rows), guessed from its sides, so a square
    becomes about CELL_PX wide. Returns the warped image and the matrix that made it.
    """
    cols, rows = cells
    w, h = int(round(cols * CELL_PX)), int(round(rows * CELL_PX))
    mx, my = margin * w, margin * h
    dst = np.array([[mx, my], [mx + w, my], [mx + w, my + h], [mx, my + h]], np.float32)
    m = cv2.getPerspectiveTransform(quad * scale, dst)
    warped = cv2.warpPerspective(grey, m, (int(w + 2 * mx), int(h + 2 * my)), flags=cv2.INTER_AREA,
                                 borderMode=cv2.BORDER_REPLICATE)
    return warped, m


def flatten(grey: np.ndarray) -> np.ndarray:
    """Each pixel as a share of the paper around it (1.0 = paper): shadows and gradients divided out."""
    # At a quarter of the size: the paper's light changes slowly, and a wide closing is costly.
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = (CELL_PX // 4) | 1  # wider than a coloured-in circle, so its middle is not taken for paper
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), k / 4)
    paper = cv2.resize(paper, (grey.shape[1], grey.shape[0]), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    return np.clip(grey.astype(np.float32) / np.maximum(paper, 1), 0, 1.2)


def _peaks(profile: np.ndarray, min_gap: int) -> list[float]:
    """Centres of the runs where a line profile stands out."""
    threshold = max(0.35, float(np.percentile(profile, 50)) + 0.25)
    above = profile > threshold
    out, start = [], None
    for i, on in enumerate(np.append(above, False)):
        if on and start is None:
            start = i
        elif not on and start is not None:
            weights = profile[start:i]
            out.append(float(np.average(np.arange(start, i), weights=weights)))
            start = None
    merged: list[float] = []
    for p in out:
        if merged and p - merged[-1] < min_gap:
            merged[-1] = (merged[-1] + p) / 2
        else:
            merged.append(p)
    return merged


def _axis_lines(lines_mask: np.ndarray, grey: np.ndarray, axis: int) -> list[float] | None:
    """9 evenly spaced line positions along one axis (0: rows of y, 1: columns of x), or None."""
    profile = lines_mask.mean(axis=1 - axis) / 255.0
    peaks = _peaks(profile, CELL_PX // 3)
    if len(peaks) < SIZE + 1:
        return None
    # Bands between neighbouring lines; a grey total band is darker than the band beside it.
    band = [float(np.median(grey[int(a) + 4:int(b) - 3, :] if axis == 0 else grey[:, int(a) + 4:int(b) - 3]))
            for a, b in zip(peaks, peaks[1:], strict=False)]
    # How much darker each band is than its brighter neighbour: a grey band stands out from the
    # white one beside it, whatever the light does across the whole card.
    grey_share = [max(0.0, 1 - b / max(band[max(0, i - 1)], band[min(len(band) - 1, i + 1)], b))
                  for i, b in enumerate(band)]
    best, best_score = None, None
    for start in range(len(peaks) - SIZE):
        window = peaks[start:start + SIZE + 1]
        gaps = np.diff(window)
        spread = float(gaps.std() / gaps.mean())
        if spread > 0.2:
            continue
        # Prefer the window of white bands: a grey band inside it costs as much as its darkness.
        score = spread + float(sum(grey_share[start:start + SIZE]))
        if best_score is None or score < best_score:
            best, best_score = window, score
    return best


def grid_lines(warped: np.ndarray) -> tuple[list[float], list[float]] | None:
    """The 9 row lines (y) and 9 column lines (x) of the 8×8 grid in a warped candidate, or None."""
    mask = _ink_mask(warped)
    long = CELL_PX * 2
    horizontal = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (long, 1)))
    vertical = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, long)))
    ys = _axis_lines(horizontal, warped, 0)
    xs = _axis_lines(vertical, warped, 1)
    if ys is None or xs is None:
        return None
    size_x, size_y = xs[-1] - xs[0], ys[-1] - ys[0]
    if not 0.6 < size_x / size_y < 1.6:  # squares, more or less
        return None
    # The grid fills the candidate, but for a band of total squares at an edge: a candidate with
    # much more around the grid (the whole card, its title and tally) is not the grid's outline.
    h, w = warped.shape
    edge = EDGE_BANDS * CELL_PX
    if min(xs[0], ys[0]) > w * 0.04 + edge or w - xs[-1] > w * 0.04 + edge or h - ys[-1] > h * 0.04 + edge:
        return None
    # Each line must run the grid's whole width (or height): lines of the tally or the card's edge do not.
    x0, x1, y0, y1 = int(xs[0]), int(xs[-1]), int(ys[0]), int(ys[-1])
    for y in ys:
        if horizontal[max(0, int(y) - 4):int(y) + 5, x0:x1].max(axis=0).mean() < 255 * LINE_COVER:
            return None
    for x in xs:
        if vertical[y0:y1, max(0, int(x) - 4):int(x) + 5].max(axis=1).mean() < 255 * LINE_COVER:
            return None
    return ys, xs


def find_grid(grey: np.ndarray) -> tuple[np.ndarray, list[float], list[float]]:
    """The flattened, warped grid area and its line positions; NoCard if no candidate holds a grid."""
    scale = min(1.0, WORK_SIDE / max(grey.shape))
    work = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else grey
    quads = candidate_quads(work)
    for quad in quads:
        side_x = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
        side_y = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
        if min(side_x, side_y) < 8 * 12:
            continue  # too small to read: fewer than 12 px a square
        # How many squares wide the quad is: 8, or 9 with the grey totals joined to it; try both.
        for cells in ((9, 9 * side_y / side_x), (8, 8 * side_y / side_x)):
            warped, _ = rectify(grey, quad, 1 / scale, cells)
            lines = grid_lines(warped)
            if lines is not None:
                return flatten(warped), lines[0], lines[1]
    raise NoCard(why_no_card(work))


def why_no_card(work: np.ndarray) -> str:
    """What most likely went wrong with a photo where no grid was found, as a player can fix it."""
    if float(np.percentile(work, 90)) < DARK:
        return N_("No scorecard found: the photo is too dark. More light, please, and photograph the whole card.")
    sharpness = float(cv2.Laplacian(cv2.resize(work, None, fx=0.5, fy=0.5), cv2.CV_32F).var())
    if sharpness < BLURRED and float(work.std()) > 12:  # (a plain surface has no edges either, but is not blurred)
        return N_("No scorecard found: the photo is blurred. Hold the phone still, flat over the card.")
    return N_("No scorecard found: photograph the whole card, flat, in good light.")


CROP_PX = 72  # px a side of a square's picture sent back for the player to check it against
CROP_MARGIN = 0.2  # share of a square shown beyond each side: its printed lines, so it reads as a square
CROP_QUALITY = 80  # JPEG quality: a 72 px grey square is about 2 KB


def square_crop(flat: np.ndarray, ys: list[float], xs: list[float], r: int, c: int) -> bytes:
    """One square of the flattened grid as a small grey JPEG, upright and flat, for the player to look at."""
    y0, y1, x0, x1 = ys[r], ys[r + 1], xs[c], xs[c + 1]
    my, mx = (y1 - y0) * CROP_MARGIN, (x1 - x0) * CROP_MARGIN
    top, bottom = max(0, int(y0 - my)), min(flat.shape[0], int(y1 + my))
    left, right = max(0, int(x0 - mx)), min(flat.shape[1], int(x1 + mx))
    square = np.clip(flat[top:bottom, left:right] * 255, 0, 255).astype(np.uint8)  # paper (1.0 and above) white
    square = cv2.resize(square, (CROP_PX, CROP_PX), interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", square, [cv2.IMWRITE_JPEG_QUALITY, CROP_QUALITY])
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit grey image
        raise ValueError("the square could not be encoded")
    return jpeg.tobytes()


def classify(flat: np.ndarray, ys: list[float], xs: list[float]) -> list[Square]:
    """What each of the 64 squares holds, row by row, with the letter crops."""
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            y0, y1, x0, x1 = ys[r], ys[r + 1], xs[c], xs[c + 1]
            iy, ix = (y1 - y0) * INSET, (x1 - x0) * INSET
            cell = flat[int(y0 + iy):int(y1 - iy), int(x0 + ix):int(x1 - ix)]
            out.append(_classify_square(r, c, cell))
    return out


def _classify_square(r: int, c: int, cell: np.ndarray) -> Square:
    ink = (cell < INK).astype(np.uint8)
    area = ink.size
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= MIN_BLOB * area]
    share = sum(int(stats[i, cv2.CC_STAT_AREA]) for i in keep) / area
    if share < EMPTY_SHARE or not keep:
        return Square(r, c, "empty")
    biggest = max(keep, key=lambda i: stats[i, cv2.CC_STAT_AREA])
    blob = (labels == biggest).astype(np.uint8)
    mask = np.isin(labels, keep)
    if _is_filled_circle(blob, area):
        return Square(r, c, "circle")
    if _is_coloured_in(mask.astype(np.uint8), cell):
        return Square(r, c, "circle", doubtful=True)
    ys, xs = np.nonzero(mask)
    pad = max(3, int(0.08 * cell.shape[0]))
    y0, y1 = max(0, ys.min() - pad), min(cell.shape[0], ys.max() + pad + 1)
    x0, x1 = max(0, xs.min() - pad), min(cell.shape[1], xs.max() + pad + 1)
    crop = cell[y0:y1, x0:x1].copy()
    crop[~mask[y0:y1, x0:x1] & (crop < INK)] = 1.0  # specks outside the letter
    return Square(r, c, "letter", np.clip(crop * 255 / 1.0, 0, 255).astype(np.uint8))


def _is_filled_circle(blob: np.ndarray, square_area: int) -> bool:
    """A solid blob of some size: a coloured-in circle, not a letter.

    Opening with a disc much wider than a pen stroke wipes out a letter's strokes (and the scribble
    poking out of a circle) and leaves the solid middle of a coloured-in circle.
    """
    if blob.sum() < 0.08 * square_area:
        return False
    side = int(np.sqrt(square_area))
    k = max(5, int(side * CORE_DISC) | 1)
    core = cv2.morphologyEx(blob, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return core.sum() / square_area > CORE_SHARE


def _is_coloured_in(ink: np.ndarray, cell: np.ndarray) -> bool:
    """A round patch of ink with no paper in its middle: a circle coloured in by hand, whatever its size
    and however loosely; an O (its middle paper, open at the top or not), a D or a Q is not."""
    side = int(np.sqrt(ink.size))
    k = max(3, int(side * 0.06) | 1)  # wider than the paper between a hand's strokes, narrower than an O's hole
    closed = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return False
    outline = max(contours, key=cv2.contourArea)
    shape = np.zeros_like(ink)
    cv2.drawContours(shape, [outline], -1, 1, -1)
    if shape.sum() < HAND_AREA * ink.size:
        return False
    hull = cv2.convexHull(np.vstack(contours))
    inside = np.zeros_like(ink)
    cv2.fillPoly(inside, [hull], 1)
    hull_area = int(inside.sum())
    _, around = cv2.minEnclosingCircle(hull)
    if hull_area < HAND_ROUND * np.pi * around**2:
        return False
    if (ink & inside).sum() < HAND_INK * hull_area or (closed & inside).sum() < HAND_CLOSED_INK * hull_area:
        return False
    depth = cv2.distanceTransform(inside, cv2.DIST_L2, 3)
    middle = depth > 0.5 * np.sqrt(hull_area / np.pi)
    dark = np.clip(1 - cell, 0, 1)
    return bool(middle.any()) and dark[middle].mean() >= HAND_MIDDLE * dark[ink > 0].mean()
