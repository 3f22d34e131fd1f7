"""The address phones reach this app by, for the links and QR codes it hands out.

A page opened on the computer that runs the app says ``localhost`` (or 127.x), which
no phone at the table can reach. Links then use, in this order: SCOREKEEPER_PUBLIC_URL
when set (the app behind a proxy or on a real domain), else the computer's LAN address
that ``make run`` found (SCOREKEEPER_LAN_URL), else the address the page was asked on.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import current_app


def is_loopback(host: str | None) -> bool:
    """localhost, 127.x or ::1: an address that means "this very device" on every device."""
    if not host:
        return False
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def public_base(host_url: str) -> str:
    """The base (scheme://host[:port], no trailing slash) of links another phone can open."""
    configured = current_app.config.get("PUBLIC_URL") or ""
    if configured:
        return configured.rstrip("/")
    lan = current_app.config.get("LAN_URL") or ""
    if lan and is_loopback(urlsplit(host_url).hostname):
        return lan.rstrip("/")
    return host_url.rstrip("/")


def host_name(host: str) -> str:
    """The name in a ``host[:port]`` (an IPv6 address keeps its brackets)."""
    if host.startswith("["):
        return host[:host.index("]") + 1] if "]" in host else host
    return host.rpartition(":")[0] if ":" in host else host


def port_trusted(host: str, scheme: str, server_port: str | None) -> bool:
    """Whether the port in a Host header is one this app is reached on: none, the scheme's own, the one the
    server listens on, or one a trusted host names (``TRUSTED_HOST_PORTS``). Flask's trusted hosts check the
    name only, and links are made from the address asked on, port included."""
    port = host[len(host_name(host)) + 1:]
    if not port or port in (server_port, {"http": "80", "https": "443"}.get(scheme)):
        return True
    return host.lower() in current_app.config.get("TRUSTED_HOST_PORTS", ())


def our_hosts(request_host: str) -> set[str]:
    """Every host[:port] a link into this app may name: the one asked on, the public and the LAN one."""
    hosts = {request_host.lower()}
    for url in (current_app.config.get("PUBLIC_URL"), current_app.config.get("LAN_URL")):
        if url:
            hosts.add(urlsplit(url).netloc.lower())
    return hosts - {""}
