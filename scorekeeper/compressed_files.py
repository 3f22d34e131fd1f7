"""The phone app's files, compressed once each at the strongest levels and then served from memory.

Compressing a static file as it streams (Flask-Compress's way for any streamed response) takes a fast level
on every request and flushes as it goes: a table's first load came to ~20 % more bytes than the same files
compressed once, and every phone paid the CPU again. Brotli's strongest level is slow (1.2 s for all the
app's files on a laptop core, ~0.1 s for the largest, the English catalog), so an instance encodes them all
as it boots, before its workers fork and inherit them (``encode_ahead``, from gunicorn_conf.py): encoded on
a worker's first ask instead, the first phone's load waited on them file by file (Lighthouse's slow phone
counted 75 ms of server time per request against 8–17 ms, docs/PERFORMANCE.md). A file not encoded yet
(an edited one, or under ``flask run``) is encoded on its first ask and kept, keyed by its modification time
and size. The API's answers stay Flask-Compress's.
"""

from __future__ import annotations

import gzip
import mimetypes
import os
from collections.abc import Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import brotli

if TYPE_CHECKING:  # gunicorn's master imports this module, and no Flask: its workers would inherit it unpatched
    from flask import Request, Response

# Best first; a browser that takes neither gets the file as it is.
ENCODINGS = ("br", "gzip")
# What is sent compressed (the app's files here, the API's answers by Flask-Compress: config.py). Never the event
# stream (text/event-stream): a compressor may hold back what a phone must see at once.
TYPES = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
         "application/manifest+json", "image/svg+xml")


@lru_cache(maxsize=512)  # the app has ~150 files; two encodings each
def _encoded(path: Path, version: tuple[int, int], encoding: str) -> bytes:  # noqa: ARG001 - which version: the key
    data = path.read_bytes()
    return brotli.compress(data, quality=11) if encoding == "br" else gzip.compress(data, 9, mtime=0)


def _version(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def encode_ahead(paths: Iterable[Path]) -> int:
    """Encode each of ``paths`` that is sent compressed, in each encoding, on every core (both encoders let go of
    the GIL: 0.6 s for the app's files on two cores against 1.2 s on one); returns how many files. Its threads
    have ended when it returns: gunicorn's master forks its workers after it."""
    sent = [path for path in paths if mimetypes.guess_type(path.name)[0] in TYPES]  # as send_file names a type
    jobs = [(path, _version(path), encoding) for path in sent for encoding in ENCODINGS]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(lambda job: _encoded(*job), jobs))  # list(): an encoder's error is raised here
    return len(sent)


def compress(response: Response, path: Path, request: Request, types: Collection[str]) -> Response:
    """``response`` (a file sent whole, 200) with ``path``'s encoded bytes, when the browser takes an encoding;
    its ETag names the encoding, so a revalidation of the encoded copy still ends in a 304."""
    encoding = request.accept_encodings.best_match(ENCODINGS)
    etag, _ = response.get_etag()  # send_file's, from the file's modification time and size
    if response.status_code != 200 or not encoding or not etag or response.mimetype not in types:
        return response
    response.direct_passthrough = False
    response.set_data(_encoded(path, _version(path), encoding))
    response.headers["Content-Encoding"] = encoding
    response.headers.pop("Accept-Ranges", None)  # ranges of the encoded bytes: nothing a phone asks for
    response.set_etag(f"{etag}:{encoding}")
    return response.make_conditional(request)
