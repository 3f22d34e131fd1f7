"""The synthetic photos the scan tests read (bench/scan_photos.py, seeded), made once per run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from scan_photos import make_photo  # noqa: E402

TEST_SEEDS = range(10)  # the first ten photos: a set of its own, not the benchmark's (seeds from 1000)


@pytest.fixture(scope="session")
def photos():
    return [make_photo(seed) for seed in TEST_SEEDS]


@pytest.fixture(scope="session")
def recogniser():
    from scorekeeper.scan import letters

    return letters.Letters()
