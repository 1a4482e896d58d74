"""Served mode: the app as ``horizon-builder serve`` starts it for a visitor's browser.

Each visitor's browser gets its own app process, started with the served folder in
:data:`ENV_ROOT` and as its working folder. In served mode every file the app opens or
writes must lie inside the served folder (:func:`outside_root`: no ``..``, no absolute path
elsewhere, no link that leads out), and exports reach the visitor's browser as downloads
instead of the host's disk. A visitor's app keeps nothing of the host's either: no
preferences, recent lists, rulebook, autosaves or caches of the host's are read or written
(``cli/serve.py`` gives each visitor's app private folders of its own, gone when it ends).
No Textual here: the app and the loader ask :func:`outside_root`; the command and its web
server (who may reach it) are ``cli/serve.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Set by ``serve`` for the app processes it starts: the folder a visitor may use.
ENV_ROOT = "HORIZON_BUILDER_SERVE_ROOT"


def served_root() -> Path | None:
    """The served folder when this process runs for ``serve`` (None: a local app)."""
    value = os.environ.get(ENV_ROOT, "").strip()
    return Path(value).resolve() if value else None


def outside_root(path: Path | str, root: Path | None) -> str | None:
    """Why ``path`` may not be used by a visitor of the served app, or None when it may.

    The path is taken relative to the working folder (the served folder) and resolved:
    ``..`` and symbolic links are followed first, so neither can lead out of ``root``.
    """
    if root is None:
        return None
    try:
        resolved = Path(path).expanduser().resolve()
        resolved.relative_to(root)
    except RuntimeError:  # a link loop, or "~someone"
        return f"{path} cannot be used here."
    except ValueError:
        return f"Outside the served folder: only files in {root} can be used."
    except OSError as exc:
        return f"{path} cannot be used: {exc.strerror or exc}."
    return None
