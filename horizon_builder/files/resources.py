"""Where the shipped rules data and example rosters live.

In an installed wheel they sit inside the package (``_data``); in a source
checkout they are the top-level ``rulesets/`` and ``examples/`` folders.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PACKAGE.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"horizon-builder data folder {name!r} is missing: looked in {installed} and {checkout}"
    )


def cache_dir() -> Path | None:
    """The folder of the app's caches (the merged ruleset, the home views kept between
    runs): ``HORIZON_BUILDER_CACHE_DIR`` if set (empty: no caches), else the user's
    (platformdirs, as the config and data folders: ``$XDG_CACHE_HOME/horizon-builder`` or
    ``~/.cache/horizon-builder`` on Linux, ``~/Library/Caches/horizon-builder`` on macOS,
    ``%LOCALAPPDATA%\\horizon-builder\\Cache`` on Windows)."""
    configured = os.environ.get("HORIZON_BUILDER_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


#: The name of the app's own folders (config, data, cache).
APP_NAME = "horizon-builder"


def keep_newest(folder: Path, pattern: str, keep: int) -> None:
    """Remove all but the ``keep`` newest (last modified) files matching ``pattern`` in
    ``folder`` (a cache's): silently, a file that cannot be removed stays."""
    with contextlib.suppress(OSError):
        found = []
        for path in folder.glob(pattern):
            with contextlib.suppress(OSError):
                if path.is_file() and not path.is_symlink():
                    found.append((path.stat().st_mtime_ns, path.name, path))
        found.sort(reverse=True)
        for _mtime, _name, path in found[keep:]:
            with contextlib.suppress(OSError):
                path.unlink()


def rulesets_dir() -> Path:
    """Folder holding the base ruleset and the supplement layers."""
    return _data_dir("rulesets")


def examples_dir() -> Path:
    """Folder holding the example rosters."""
    return _data_dir("examples")


def presets_dir() -> Path:
    """Folder holding the shipped event presets (OtH p.45-48)."""
    return _data_dir("presets")


def event_presets() -> list[Path]:
    return sorted(presets_dir().glob("*.toml"))


def find_preset(name: str) -> Path:
    """A preset by its file name (with or without ``.toml``) or a path to one's own file."""
    path = Path(name)
    with contextlib.suppress(RuntimeError):  # "~someone" unknown: the name as written
        path = path.expanduser()
    # os.path.isfile: False, never an error, for a name too long or with a NUL in it
    if path.suffix == ".toml" and (os.path.isfile(path) or path.parent != Path(".")):
        return path
    shipped = presets_dir() / (name if name.endswith(".toml") else f"{name}.toml")
    return shipped if os.path.isfile(shipped) else path


def templates_dir() -> Path:
    """Folder holding the book's published designs, offered in Add element."""
    return _data_dir("templates")


def example_rosters() -> list[Path]:
    return sorted(examples_dir().glob("*.toml"))
