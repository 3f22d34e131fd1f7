"""The phone app's files: frontend/, and the phone files of the games kept outside the package. web.py serves
them and lists them for the service worker; gunicorn's master compresses them as an instance boots
(gunicorn_conf.py), so this module, unlike web.py, needs no Flask."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import games

_HERE = Path(__file__).resolve().parent
# An installed wheel carries frontend/ inside the package; a checkout has it beside it.
FRONTEND = _HERE / "frontend" if (_HERE / "frontend").is_dir() else _HERE.parent / "frontend"


def app_files() -> dict[str, Path]:
    """Every file of the phone app, by the path it is served at (less the leading slash); ours win a path."""
    ours = {p.relative_to(FRONTEND).as_posix(): p for p in FRONTEND.rglob("*") if p.is_file()}
    return {**added_game_files(), **ours}


@lru_cache(maxsize=1)
def added_game_files() -> dict[str, Path]:
    """The phone files of each game kept outside the package (``SCOREKEEPER_GAMES``), by the path they are
    served at: beside its rules module lie its phone module ``<id>.js``, its other ``<id>-*.js`` (its log
    lines) and, if it has one, its stylesheet ``<id>.css``. They are served where a built-in game's are
    (``js/games/``, ``css/games/``), so the module's imports (``../lib/dom.js``) resolve as they will once
    the game moves in (docs/ADDING-A-GAME.md)."""
    files = {}
    for game in games.ADDED:
        folder = games.home_folder(game)
        for path in folder.glob(f"{game.id}*.js"):
            if path.stem == game.id or path.stem.startswith(f"{game.id}-"):
                files[f"js/games/{path.name}"] = path
        if (folder / f"{game.id}.css").is_file():
            files[f"css/games/{game.id}.css"] = folder / f"{game.id}.css"
    return files
