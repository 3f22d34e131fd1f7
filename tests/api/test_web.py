"""The phone UI is served with security headers; nothing escapes frontend/."""

import gzip
from pathlib import Path

import pytest


def test_home_page_is_served_with_security_headers(sqlite_app):
    response = sqlite_app.test_client().get("/")
    assert response.status_code == 200
    assert b'<script type="module" src="/js/main.js">' in response.data
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_api_responses_carry_the_headers_too(sqlite_app):
    response = sqlite_app.test_client().get("/api/health")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response.headers


def test_service_worker_at_root_scope_and_never_stale(sqlite_app):
    response = sqlite_app.test_client().get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert response.headers["Cache-Control"] == "no-cache"


def test_manifest_is_installable(sqlite_app):
    import json

    response = sqlite_app.test_client().get("/manifest.webmanifest")
    manifest = json.loads(response.data)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"]
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert sqlite_app.test_client().get(icon["src"]).status_code == 200


@pytest.mark.parametrize("path", ["/../pyproject.toml", "/js/../../pyproject.toml", "/%2e%2e/pyproject.toml",
                                  "/js/..%2f..%2fpyproject.toml", "/nope.js"])
def test_no_path_climbs_out_of_frontend(sqlite_app, path):
    response = sqlite_app.test_client().get(path)
    assert response.status_code == 404
    assert b"[project]" not in response.data


def test_api_docs_page_loads_its_own_scripts(sqlite_app):
    client = sqlite_app.test_client()
    page = client.get("/api/docs")
    assert page.status_code == 200 and b"swagger-ui-bundle.js" in page.data
    assert b"<script>" not in page.data  # no inline script, even here
    assert client.get("/api/docs/static/swagger-ui-bundle.js").status_code == 200
    assert client.get("/api/docs/init.js").status_code == 200
    assert client.get("/api/openapi.json").get_json()["openapi"].startswith("3.")


def test_shell_lists_every_app_file_for_offline_use(sqlite_app):
    from scorekeeper.web import FRONTEND

    shell = sqlite_app.test_client().get("/shell.json").get_json()
    on_disk = {"/" + p.relative_to(FRONTEND).as_posix() for p in FRONTEND.rglob("*") if p.is_file()} - {"/sw.js"}
    assert set(shell["files"]) == on_disk | {"/"}
    assert len(shell["version"]) == 16


def test_app_files_and_json_are_compressed_but_the_event_stream_is_not(sqlite_app):
    client = sqlite_app.test_client()
    script = client.get("/js/views/table.js", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert script.headers["Content-Encoding"] in ("zstd", "br", "deflate")  # files stream: no gzip there
    catalogue = client.get("/api/games", headers={"Accept-Encoding": "gzip"})
    assert catalogue.headers["Content-Encoding"] == "gzip"
    code = client.post("/api/tables", json={"game": "scorepad", "seats": [{"name": "Ann"}]}).get_json()["code"]
    stream = client.get(f"/api/tables/{code}/stream", headers={"Accept-Encoding": "gzip, br, zstd"}, buffered=False)
    assert "Content-Encoding" not in stream.headers
    assert next(iter(stream.response)).startswith(b"retry:")
    stream.close()


def test_pages_and_workers_carry_the_whole_policy_and_what_they_load_the_short_one(sqlite_app):
    """A page's or worker's policy is read from its own response; a module, stylesheet or API answer runs
    under the page's, so it carries only the policy of a response never meant to be a page (and 16 KB
    fewer header bytes on a table's first load)."""
    client = sqlite_app.test_client()
    for page in ("/", "/sw.js", "/js/workers/lexicon-worker.js", "/api/docs"):
        response = client.get(page)
        assert response.headers["Content-Security-Policy"].startswith("default-src 'self'"), page
        assert response.headers["X-Frame-Options"] == "DENY", page
        assert "camera=(self)" in response.headers["Permissions-Policy"], page
    for loaded in ("/js/main.js", "/css/app.css", "/js/i18n/en.json", "/icons/icon.svg", "/api/time"):
        response = client.get(loaded)
        assert response.status_code == 200, loaded
        assert response.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'", loaded
        assert response.headers["X-Content-Type-Options"] == "nosniff", loaded
        page_only = {"X-Frame-Options", "Permissions-Policy", "Expires", "Content-Disposition"}
        assert not page_only & set(response.headers), loaded


def test_the_apps_files_are_sent_compressed_once_at_the_strongest_level_and_revalidate_to_304(sqlite_app):
    import brotli

    client = sqlite_app.test_client()
    catalog = (Path(__file__).parents[2] / "frontend" / "js" / "i18n" / "en.json").read_bytes()
    for accepts, encoding, decode in (("gzip, deflate, br, zstd", "br", brotli.decompress),
                                      ("gzip", "gzip", gzip.decompress)):
        response = client.get("/js/i18n/en.json", headers={"Accept-Encoding": accepts})
        assert response.headers["Content-Encoding"] == encoding
        assert decode(response.data) == catalog
        assert len(response.data) < len(gzip.compress(catalog, 6)), encoding  # better than a stream's level
        etag = response.headers["ETag"]
        assert etag.endswith(f':{encoding}"')
        again = client.get("/js/i18n/en.json", headers={"Accept-Encoding": accepts, "If-None-Match": etag})
        assert again.status_code == 304 and not again.data
    plain = client.get("/js/i18n/en.json", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.data == catalog


def test_every_file_a_phone_loads_is_compressed_before_it_is_asked_for(sqlite_app):
    """What an instance does as it boots (gunicorn_conf.when_ready): after it, no answer waits on an encoder."""
    from scorekeeper import app_files, compressed_files

    compressed_files._encoded.cache_clear()
    assert compressed_files.encode_ahead(app_files.app_files().values()) > 50
    ahead = compressed_files._encoded.cache_info()
    client = sqlite_app.test_client()
    files = client.get("/shell.json").get_json()["files"]
    for path in files:
        for accepts in ("br", "gzip"):
            assert client.get(path, headers={"Accept-Encoding": accepts}).status_code == 200, path
    served = compressed_files._encoded.cache_info()
    assert served.misses == ahead.misses
    assert served.hits - ahead.hits > len(files)  # and the answers did come from it


def test_gunicorns_master_compresses_the_files_before_its_workers_fork(tmp_path):
    """Each worker inherits the encoded files: the first phone's load waited on brotli's strongest level file by
    file when each worker encoded a file on its first ask (docs/PERFORMANCE.md)."""
    from support import sqlite_live_server

    server = sqlite_live_server(tmp_path)
    server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Compressed the app's" in log and "Booting worker" in log
    assert log.index("Compressed the app's") < log.index("Booting worker")
