"""`make run`: start gunicorn and tell the table how to reach it.

Prints the local and LAN addresses and a QR code of the LAN address in the
terminal, so the phones at the table can open it. With ``--tls`` it serves
HTTPS with a self-signed certificate made on first use: the phones' pages are
then a secure context, which the screen wake lock needs and plain http on a LAN
address is not (a service worker also needs a certificate the phone trusts,
which a self-signed one is not: README, "Phones on the local network").
"""

from __future__ import annotations

import argparse
import datetime
import ipaddress
import os
import socket
import sys
from pathlib import Path


def lan_address() -> str | None:
    """The address other devices on this network reach us by (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP only picks a route
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def lan_url(scheme: str, lan: str, port: int) -> str:
    host = f"[{lan}]" if ":" in lan else lan
    return f"{scheme}://{host}:{port}"


def self_signed_certificate(folder: Path, hosts: list[str]) -> tuple[Path, Path]:
    """A certificate for localhost and the LAN address, made once and then reused."""
    cert_path, key_path = folder / "tls-cert.pem", folder / "tls-key.pem"
    if cert_path.exists() and key_path.exists():
        return cert_path, key_path
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = [x509.DNSName("localhost")]
    for host in hosts:
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "scorekeeper (self-signed)")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=825))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    os.chmod(key_path, 0o600)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def announce(scheme: str, port: int, lan: str | None) -> None:
    print(f"\n  scorekeeper is running:\n    on this computer:  {scheme}://localhost:{port}/")
    print(f"    on the big screen: {scheme}://localhost:{port}/#/screen   (this computer's browser on the TV)")
    if lan:
        url = f"{lan_url(scheme, lan, port)}/"
        print(f"    at the table:      {url}   (scan the code below with a phone)\n")
        import segno

        segno.make(url, error="m").terminal(compact=True)
    else:
        print("    (no network address found: phones cannot reach this computer yet)")
    if scheme == "https":
        print("  The certificate is self-signed: each phone shows a warning once; choose to continue.\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0")  # noqa: S104 - phones on the LAN must reach it
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=1000, help="open connections per worker")
    parser.add_argument("--tls", action="store_true", help="serve HTTPS with a self-signed certificate")
    args = parser.parse_args(argv)

    from . import create_app

    instance = Path(create_app().instance_path)
    lan = lan_address()
    gunicorn_args = [
        "gunicorn",
        "--config=python:scorekeeper.gunicorn_conf",
        f"--bind={args.host}:{args.port}",
        f"--workers={args.workers}",
        f"--worker-connections={args.connections}",
    ]
    if args.tls:
        cert, key = self_signed_certificate(instance, [h for h in (lan,) if h])
        gunicorn_args += [f"--certfile={cert}", f"--keyfile={key}"]
    scheme = "https" if args.tls else "http"
    if lan:
        # Links and QR codes made from a page opened at localhost point the phones here instead (links.py).
        os.environ.setdefault("SCOREKEEPER_LAN_URL", lan_url(scheme, lan, args.port))
    announce(scheme, args.port, lan)
    gunicorn_args.append("scorekeeper:create_app()")
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    os.execv(gunicorn, gunicorn_args)  # noqa: S606 - replace this process with the server


if __name__ == "__main__":
    main()
