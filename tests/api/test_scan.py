"""POST /api/games/bresk/scan: a photo in, the grid out; every refusal names the photo field."""

from __future__ import annotations

import io
import os
import sys
import threading
import zlib
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.limits import limiter
from scorekeeper.services import scan

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from scan_photos import make_photo  # noqa: E402

URL = "/api/games/bresk/scan"


@pytest.fixture(scope="module")
def photo():
    return make_photo(3)


@pytest.fixture
def client(sqlite_app):
    yield sqlite_app.test_client()


@pytest.fixture(scope="module", autouse=True)
def _stop_scan_processes():
    yield
    if scan._pool is not None:
        scan._pool.close()


def post(client, data: bytes, name="card.jpg"):
    return client.post(URL, data={"photo": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def test_a_photo_becomes_the_grid_the_hand_in_takes(client, photo):
    response = post(client, photo.jpeg)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["grid"] == photo.truth
    assert [(c["row"], c["col"]) for c in body["cells"]] == [(r, c) for r in range(8) for c in range(8)]
    assert all(0 <= c["confidence"] <= 1 for c in body["cells"])
    empties = [[r, c] for r in range(8) for c in range(8) if photo.truth[r][c] == "?"]
    assert all(square in body["flagged"] for square in empties)


def test_each_flagged_square_comes_with_its_picture(client, photo):
    """The phone shows each doubtful square as the photo has it, beside the square, so nothing needs scrolling."""
    import base64

    import cv2
    import numpy as np

    body = post(client, photo.jpeg).get_json()
    assert body["flagged"] and len(body["crops"]) == len(body["flagged"])
    for (r, c), url in zip(body["flagged"], body["crops"], strict=True):
        assert url.startswith("data:image/jpeg;base64,")
        jpeg = base64.b64decode(url.split(",", 1)[1])
        assert len(jpeg) < 8_000
        square = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
        assert square.shape == (72, 72)
        middle = square[22:50, 22:50]
        if photo.truth[r][c] == "?":  # an empty square is paper in its middle
            assert middle.min() > 120, (r, c)
        else:  # a letter or a circle has ink there
            assert middle.min() < 100, (r, c)


def test_the_status_tells_the_phone_whether_to_show_the_camera(client, monkeypatch):
    assert client.get(URL).get_json()["available"] is True
    monkeypatch.setattr(scan, "available", lambda: False)
    body = client.get(URL).get_json()
    assert body["available"] is False and body["install"] == "pip install -e '.[scan]'"


def test_without_the_scan_extra_the_answer_is_501_with_the_install_line(client, monkeypatch, photo):
    monkeypatch.setattr(scan, "available", lambda: False)
    response = post(client, photo.jpeg)
    assert response.status_code == 501 and "pip install -e '.[scan]'" in response.get_json()["message"]


def test_refusals_name_the_photo_field(client):
    missing = client.post(URL, data={}, content_type="multipart/form-data")
    assert missing.status_code == 422 and "photo" in missing.get_json()["errors"]
    not_a_photo = post(client, b"GIF89a not what we read")
    assert not_a_photo.status_code == 422 and not_a_photo.get_json()["code"] == "not_a_photo"
    assert not_a_photo.get_json()["errors"]["photo"] == ["The photo must be a JPEG or PNG picture."]
    broken = post(client, b"\xff\xd8\xff\xe0 half a jpeg")
    assert broken.status_code == 422 and broken.get_json()["code"] == "not_a_photo"
    as_json = client.post(URL, json={"photo": "x"})
    assert as_json.status_code == 415 and "multipart/form-data" in as_json.get_json()["message"]


def test_a_photo_over_the_size_limit_is_413(client):
    response = post(client, b"\xff\xd8\xff" + b"\0" * (scan.MAX_PHOTO_BYTES + 100))
    body = response.get_json()
    assert response.status_code == 413 and body["code"] == "photo_too_large" and "photo" in body["errors"]



def test_a_photo_far_over_the_limit_is_refused_in_the_askers_language(client):
    """Past the request's own limit werkzeug stops reading: that refusal is the same one, said in German too."""
    data = {"photo": (io.BytesIO(b"\xff\xd8\xff" + b"\0" * (scan.MAX_PHOTO_BYTES + 200_000)), "card.jpg")}
    response = client.post(URL, data=data, content_type="multipart/form-data", headers={"Accept-Language": "de"})
    body = response.get_json()
    assert response.status_code == 413 and body["code"] == "photo_too_large", body
    assert body["errors"] == {"photo": ["Das Foto ist größer als 10 MB; schick eine kleinere Kopie."]}

def test_too_many_pixels_is_422_before_decoding(client):
    import cv2
    import numpy as np

    # A PNG that says 8,000 × 7,000 px (56 megapixels): small to send, refused from its header.
    ok, png = cv2.imencode(".png", np.zeros((7000, 8000), np.uint8), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    response = post(client, png.tobytes(), "big.png")
    assert response.status_code == 422 and response.get_json()["code"] == "photo_too_large"
    assert "56 megapixels" in response.get_json()["message"]


def png_that_says(width: int, height: int) -> bytes:
    """A PNG whose header says ``width`` × ``height`` 1-bit pixels, with a few bytes of image data after it."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([1, 0, 0, 0, 0])
    data = chunk(b"IDAT", zlib.compress(b"\0" * 64))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + data + chunk(b"IEND", b"")


def test_a_decompression_bomb_is_refused_from_its_header_and_the_scan_process_lives_on(client, photo):
    """20,000 × 20,000 px in a few bytes: 422 naming the photo, and the same warm scan process reads the next card."""
    assert post(client, photo.jpeg).status_code == 200  # the scan process is warm
    warm = scan.pool().pids()
    response = post(client, png_that_says(20_000, 20_000), "bomb.png")
    body = response.get_json()
    assert response.status_code == 422 and body["code"] == "photo_too_large", body
    assert "400 megapixels" in body["errors"]["photo"][0]
    assert scan.pool().pids() == warm
    assert post(client, photo.jpeg).status_code == 200 and scan.pool().pids() == warm


def test_a_photo_without_a_card_says_what_to_do(client):
    import cv2
    import numpy as np

    ok, png = cv2.imencode(".png", np.full((900, 1200), 180, np.uint8))
    response = post(client, png.tobytes(), "wall.png")
    assert response.status_code == 422
    assert response.get_json()["message"] == "No scorecard found: photograph the whole card, flat, in good light."


def test_scans_have_a_budget_of_their_own_per_address(tmp_path, monkeypatch):
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    limiter.reset()
    monkeypatch.setattr(scan, "read", lambda photo: {"grid": ["?" * 8] * 8, "cells": [], "flagged": []})
    client = app.test_client()
    try:
        statuses = [post(client, b"\xff\xd8\xff").status_code for _ in range(7)]
        assert statuses == [200] * 6 + [429]
    finally:
        limiter.reset()


def test_scans_have_a_budget_for_the_whole_machine_whatever_the_addresses(tmp_path, monkeypatch):
    """A few addresses each within their own budget still cannot keep every core reading cards."""
    from scorekeeper.limits import SCANS_PER_MACHINE

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    limiter.reset()
    monkeypatch.setattr(scan, "read", lambda photo: {"grid": ["?" * 8] * 8, "cells": [], "flagged": []})
    client = app.test_client()
    most = int(SCANS_PER_MACHINE.split()[0])

    def scan_from(n: int) -> int:
        return client.post(URL, data={"photo": (io.BytesIO(b"\xff\xd8\xff"), "card.jpg")},
                           content_type="multipart/form-data",
                           environ_overrides={"REMOTE_ADDR": f"10.0.{n // 200}.{n % 200 + 1}"}).status_code
    try:
        assert [scan_from(n // 5) for n in range(most)] == [200] * most  # 5 scans from each address
        refused = client.post(URL, data={"photo": (io.BytesIO(b"\xff\xd8\xff"), "card.jpg")},
                              content_type="multipart/form-data", environ_overrides={"REMOTE_ADDR": "10.9.9.9"})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.get_json()["message"].startswith("Cards are being read for many players")
    finally:
        limiter.reset()


def test_the_scan_process_runs_below_the_web_workers_priority():
    from scorekeeper.scan.pool import Pool

    pool = Pool(size=1)
    try:
        assert "refused" in pool.read(b"not a photo")
        (pid,) = pool.pids()
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
    finally:
        pool.close()


def test_when_every_scan_process_is_busy_the_answer_is_503(client, monkeypatch, photo):
    from scorekeeper.scan.pool import Pool

    busy = Pool(size=1, queue=0, wait_s=0.1)
    monkeypatch.setattr(scan, "_pool", busy)
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(busy, "_read", lambda data: started.set() or (release.wait(5) and {"ok": {}}))
    worker = threading.Thread(target=busy.read, args=(b"x",))
    worker.start()
    try:
        assert started.wait(5)  # the one process is taken before the request arrives
        response = post(client, photo.jpeg)
        assert response.status_code == 503 and response.get_json()["code"] == "scan_busy"
        assert response.headers["Retry-After"] == str(response.get_json()["retry_after"]) == "5"
    finally:
        release.set()
        worker.join()
