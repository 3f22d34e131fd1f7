"""The scan processes: a real child reads a photo, stays within its memory, and is replaced when it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.scan.pool import Failed, Pool

PEAK_MB = 500  # the documented ceiling of one scan process (docs/SCANNING.md)


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


@pytest.fixture
def pool():
    p = Pool(size=1)
    yield p
    p.close()


def test_a_child_reads_photos_and_stays_under_its_memory_ceiling(pool, photos):
    for photo in photos[:3]:
        reply = pool.read(photo.jpeg)
        assert reply["ok"]["grid"] == photo.truth or sum(
            a != b for row, want in zip(reply["ok"]["grid"], photo.truth, strict=True)
            for a, b in zip(row, want, strict=True)) <= 3
    (pid,) = pool.pids()
    assert peak_mb(pid) <= PEAK_MB, f"{peak_mb(pid):.0f} MB"


def test_a_child_that_dies_is_replaced(pool, photos):
    pool.read(b"not a photo")
    (pid,) = pool.pids()
    os.kill(pid, 9)
    reply = pool.read(photos[0].jpeg)
    assert "ok" in reply and pool.pids() != [pid]


def test_a_child_past_its_time_is_killed(photos):
    slow = Pool(size=1, timeout_s=0.05)
    try:
        with pytest.raises(Failed):
            slow.read(photos[0].jpeg)  # loading the model alone takes longer
        assert slow.pids() == []
    finally:
        slow.close()


def test_reading_needs_no_network(tmp_path, photos):
    """The model comes inside the rapidocr wheel: a process with no network at all reads a card."""
    if not shutil.which("unshare") or subprocess.run(["unshare", "-n", "true"], check=False).returncode:
        pytest.skip("unshare -n (a process without network) is not available here")
    path = tmp_path / "card.jpg"
    path.write_bytes(photos[4].jpeg)
    program = ("import sys, json; from scorekeeper.scan import read; "
               "print(json.dumps(read.read_card(open(sys.argv[1], 'rb').read())['grid']))")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run(["unshare", "-n", sys.executable, "-c", program, str(path)], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith('["')
    # No model fetched or cached on the side. (Importing onnxruntime 1.32 leaves its telemetry device id,
    # ~/.cache/Microsoft/DeveloperTools/.onnxruntime/deviceid: onnxruntime issue #32476 describes it.)
    made = [p.name for p in tmp_path.rglob("*") if p.is_file() and p != path]
    assert set(made) <= {"deviceid", "onnxruntime.db"}, made
