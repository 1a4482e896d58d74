"""The merged, validated ruleset kept on disk between runs, keyed by what it was made from.

Parsing the eight shipped TOML layers, merging them and validating the result is
most of what a new process spends before it can judge a roster. The result is a
frozen :class:`~horizon_builder.rules.models.Ruleset`, so it is kept once as JSON and
read back (validated again by pydantic's JSON reader, a few milliseconds) by every later
process whose key matches: the package version, every layer's path and SHA-256, the
layers' roles, and the size and time of the rules modules (a changed model never reads
an older file). A load that fails is never stored: errors are always found and located
afresh.

It is data, never code: a file someone else put in the cache folder can at worst be a
ruleset that fails validation (then it is not used) or a wrong one of the right shape,
which anyone who can write the folder could make as well by writing the user's rulebook.
It is stored only when it reads back as the very same ruleset.

The folder is ``$HORIZON_BUILDER_CACHE_DIR`` (empty: no disk cache), else the user's cache
folder (:func:`~horizon_builder.files.resources.cache_dir`). It keeps the :data:`KEEP`
rulesets used last (each read or write touches its file); older ones are removed. Anything
wrong with it (unwritable, a damaged file) only means the ruleset is loaded the ordinary way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

from horizon_builder.files.resources import cache_dir, keep_newest
from horizon_builder.files.tomlfile import read_regular_file
from horizon_builder.rules.models import Ruleset

_RULES_CODE = Path(__file__).resolve().parent
#: Rulesets kept (each distinct set of layers is one: the shipped, with a rulebook, with
#: an event's preset, with a roster's house rules ...).
KEEP = 8
_PATTERN = "ruleset-*.json"

#: far above any merged ruleset's JSON (about 100 kB): a larger file is not ours
_MAX_BYTES = 16 * 1024 * 1024


def _file(key: object) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    code = sorted((p.name, st.st_size, st.st_mtime_ns)
                  for p in _RULES_CODE.glob("*.py") for st in [p.stat()])
    digest = hashlib.sha256(repr((key, code)).encode()).hexdigest()[:32]
    return folder / f"ruleset-{digest}.json"


def read(key: object) -> Ruleset | None:
    """The ruleset stored for ``key``, or None."""
    with contextlib.suppress(Exception):  # a missing or damaged file: load it afresh
        path = _file(key)
        if path is not None and path.is_file():  # read with a cap (a pipe or device never)
            ruleset = Ruleset.model_validate_json(read_regular_file(path, limit=_MAX_BYTES))
            with contextlib.suppress(OSError):
                os.utime(path)  # used last: kept longest
            return ruleset
    return None


def write(key: object, ruleset: Ruleset) -> None:
    """Store a ruleset for ``key`` (atomically; silently not at all if that fails, or if
    it would not read back as the same ruleset), then remove all but the newest :data:`KEEP`."""
    with contextlib.suppress(Exception):
        path = _file(key)
        if path is None:
            return
        data = ruleset.model_dump_json().encode("utf-8")
        if Ruleset.model_validate_json(data) != ruleset:
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
        keep_newest(path.parent, _PATTERN, KEEP)
        # the pickles of earlier versions (read by nothing now)
        keep_newest(path.parent, "ruleset-*.pickle", 0)
