"""The merged, validated ruleset kept on disk between runs, keyed by what it was made from.

Parsing the eight shipped TOML layers, merging them and validating the result is
most of what a new process spends before it can judge a roster. The result is a
frozen :class:`~horizon_builder.rules.models.Ruleset`, so it is pickled once and
read back by every later process whose key matches: the package version, every
layer's path and SHA-256, the layers' roles, and the size and time of the rules
modules (a changed model never reads an older pickle). A load that fails is never
stored: errors are always found and located afresh.

The folder is ``$HORIZON_BUILDER_CACHE_DIR`` (empty: no disk cache), else
``$XDG_CACHE_HOME/horizon-builder``, else ``~/.cache/horizon-builder``. Anything
wrong with it (unwritable, a damaged file) only means the ruleset is loaded the
ordinary way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from horizon_builder.files.resources import cache_dir
from horizon_builder.files.tomlfile import read_regular_file
from horizon_builder.rules.models import Ruleset

_RULES_CODE = Path(__file__).resolve().parent


#: far above any merged ruleset's pickle (well under a megabyte): a larger file is not ours
_MAX_BYTES = 64 * 1024 * 1024


def _file(key: object) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    code = sorted((p.name, st.st_size, st.st_mtime_ns)
                  for p in _RULES_CODE.glob("*.py") for st in [p.stat()])
    digest = hashlib.sha256(repr((key, code)).encode()).hexdigest()[:32]
    return folder / f"ruleset-{digest}.pickle"


def read(key: object) -> tuple[Ruleset, bytes] | None:
    """The ruleset stored for ``key`` with its pickled bytes, or None."""
    with contextlib.suppress(Exception):  # a missing or damaged file: load it afresh
        path = _file(key)
        if path is not None and path.is_file():  # read with a cap (a pipe or device never)
            data = read_regular_file(path, limit=_MAX_BYTES)
            value = pickle.loads(data)
            if isinstance(value, Ruleset):
                return value, data
    return None


def dumps(ruleset: Ruleset) -> bytes:
    return pickle.dumps(ruleset, protocol=pickle.HIGHEST_PROTOCOL)


def write(key: object, data: bytes) -> None:
    """Store a pickled ruleset (:func:`dumps`) for ``key`` (atomically; silently not at all
    if that fails)."""
    with contextlib.suppress(Exception):
        path = _file(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".ruleset-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
