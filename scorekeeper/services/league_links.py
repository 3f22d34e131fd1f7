"""The member and viewer links an admin can hand out again without replacing them.

A league keeps only hashes of its tokens (services/leagues.py), so a phone holding only the admin link could
share the member or viewer link solely by making a new one, which locks out every phone that had the old.
So the member and viewer tokens are also kept sealed: encrypted (AES-GCM) under a key derived (HKDF-SHA256)
from the admin token, which the server never stores. Only a request carrying the admin link can open them;
a copy of the database holds hashes and sealed values, and neither opens the league. The league's public id
and the role are bound in (the key's info, the seal's associated data), so a sealed value moved to another
league or role does not open.

A league made before links were sealed has none: its admin makes a new member or viewer link once (which
seals it), as before. Replacing the admin link re-seals both under the new one.
"""

from __future__ import annotations

import base64
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..models import League

SHARED = ("member", "viewer")  # the links an admin hands out; the admin link is not sealed under itself


def _key(admin_token: str, public_id: str) -> AESGCM:
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                info=f"scorekeeper league links {public_id}".encode())
    return AESGCM(hkdf.derive(admin_token.encode()))


def seal(league: League, admin_token: str, role: str, token: str) -> None:
    nonce = os.urandom(12)
    sealed = nonce + _key(admin_token, league.public_id).encrypt(nonce, token.encode(), role.encode())
    setattr(league, f"{role}_token_sealed", base64.urlsafe_b64encode(sealed).decode())


def unseal(league: League, admin_token: str, role: str) -> str | None:
    """The role's current token, or None when the league has none sealed (or not under this admin link)."""
    stored = getattr(league, f"{role}_token_sealed")
    if not stored:
        return None
    try:
        raw = base64.urlsafe_b64decode(stored)
        return _key(admin_token, league.public_id).decrypt(raw[:12], raw[12:], role.encode()).decode()
    except (InvalidTag, ValueError):
        return None


def shared_tokens(league: League, admin_token: str) -> dict[str, str | None]:
    return {role: unseal(league, admin_token, role) for role in SHARED}


def reseal(league: League, old_admin_token: str, new_admin_token: str) -> None:
    """A new admin link: the member and viewer links stay as they are, readable with the new one only."""
    for role, token in shared_tokens(league, old_admin_token).items():
        if token is None:
            setattr(league, f"{role}_token_sealed", None)
        else:
            seal(league, new_admin_token, role, token)
