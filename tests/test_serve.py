"""`make run`'s helpers: the self-signed certificate for phones on the LAN."""

import ipaddress

from cryptography import x509

from scorekeeper.serve import self_signed_certificate


def test_certificate_names_localhost_and_the_lan_address_and_is_made_once(tmp_path):
    cert_path, key_path = self_signed_certificate(tmp_path, ["192.168.1.23"])
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["localhost"]
    assert names.get_values_for_type(x509.IPAddress) == [ipaddress.ip_address("192.168.1.23")]
    assert key_path.stat().st_mode & 0o077 == 0  # the key is private to its owner
    first = cert_path.read_bytes()
    self_signed_certificate(tmp_path, ["192.168.1.23"])
    assert cert_path.read_bytes() == first  # reused, so phones accept the warning once


def test_make_run_tells_the_app_its_lan_address(monkeypatch):
    import os

    from scorekeeper import serve

    executed = {}
    monkeypatch.setenv("SCOREKEEPER_LAN_URL", "restored after the test")
    monkeypatch.delenv("SCOREKEEPER_LAN_URL")
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    monkeypatch.setattr(serve, "announce", lambda *args: None)
    monkeypatch.setattr(serve.os, "execv", lambda path, args: executed.update(args=args))
    serve.main(["--port", "8123"])
    assert os.environ["SCOREKEEPER_LAN_URL"] == "http://192.168.1.23:8123"
    assert executed["args"][0] == "gunicorn"
    assert serve.lan_url("https", "fe80::1", 8000) == "https://[fe80::1]:8000"


def test_make_run_installs_what_scanning_a_card_needs():
    """A newcomer's `make run` reads a photographed Bresk! card: the scan extra is installed with the app."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    commands = subprocess.run(["make", "-n", "-B", "run"], cwd=root, capture_output=True, text=True, check=True).stdout
    installs = [line for line in commands.splitlines() if "pip install" in line and "-e" in line]
    assert installs and all("[scan]" in line for line in installs), installs


def test_make_run_prints_the_big_screens_address(capsys):
    """The laptop that serves the table is often the screen the room watches: `make run` says where it opens."""
    from scorekeeper import serve

    serve.announce("http", 8000, "192.168.1.23")
    printed = capsys.readouterr().out
    assert "http://localhost:8000/#/screen" in printed
