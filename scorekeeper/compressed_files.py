"""The phone app's files, compressed once each at the strongest levels and then served from memory.

Compressing a static file as it streams (Flask-Compress's way for any streamed response) takes a fast level
on every request and flushes as it goes: a table's first load came to ~20 % more bytes than the same files
compressed once, and every phone paid the CPU again. A file is encoded the first time a worker is asked for
it in that encoding (brotli 11 for the largest file, the English catalog, is ~0.1 s) and kept, keyed by the
ETag the file was sent with (its modification time and size), so an edited file is encoded afresh. The
API's answers stay Flask-Compress's.
"""

from __future__ import annotations

import gzip
from collections.abc import Collection
from functools import lru_cache
from pathlib import Path

import brotli
from flask import Request, Response

# Best first; a browser that takes neither gets the file as it is.
ENCODINGS = ("br", "gzip")


@lru_cache(maxsize=512)  # the app has ~150 files; two encodings each
def _encoded(path: Path, etag: str, encoding: str) -> bytes:  # noqa: ARG001 - the etag: which version, the key
    data = path.read_bytes()
    return brotli.compress(data, quality=11) if encoding == "br" else gzip.compress(data, 9, mtime=0)


def compress(response: Response, path: Path, request: Request, mimetypes: Collection[str]) -> Response:
    """``response`` (a file sent whole, 200) with ``path``'s encoded bytes, when the browser takes an encoding;
    its ETag names the encoding, so a revalidation of the encoded copy still ends in a 304."""
    encoding = request.accept_encodings.best_match(ENCODINGS)
    etag, _ = response.get_etag()  # send_file's, from the file's modification time and size
    if response.status_code != 200 or not encoding or not etag or response.mimetype not in mimetypes:
        return response
    response.direct_passthrough = False
    response.set_data(_encoded(path, etag, encoding))
    response.headers["Content-Encoding"] = encoding
    response.headers.pop("Accept-Ranges", None)  # ranges of the encoded bytes: nothing a phone asks for
    response.set_etag(f"{etag}:{encoding}")
    return response.make_conditional(request)
