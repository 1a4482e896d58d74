"""The home view of the last run on a roster, kept on disk: the next start shows it at once.

No Textual here (the command line looks for a kept view before it imports Textual);
the app shows and keeps views with :mod:`horizon_builder.tui.roster.homeview`.

Most of what start-up spends before the roster is on screen is the rules engine:
importing pydantic, building the models, loading the rules and judging the roster.
What the home screen shows of it is plain text (the totals strip's figures, the element
table's rows, the findings, the detail line and the title), so after each load and
save it is kept in the cache folder, under a key made of everything it was made from:

- the package's code (each module's path, size and time) and version;
- the roster file's bytes, and the files of every rules layer (the shipped ones, the
  personal rulebook, an overrides file the roster names or the command line gives);
- the shipped presets, the ``HORIZON_BUILDER_*`` environment and the terminal's size.

The next start on that roster paints the kept view in its first frame when the key is
the same; the session loads right after and shows its own view, which is then the same
(the table touches only rows that differ: none). A view whose key differs, or any
trouble reading one, is simply not used: the roster shows once loaded, as without it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import horizon_builder
from horizon_builder.engine.findings import Finding
from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import cache_dir, keep_newest, presets_dir, rulesets_dir
from horizon_builder.files.tomlfile import read_regular_file
from horizon_builder.tui.roster.figures import Figures
from horizon_builder.tui.roster.rows import RowData

_PACKAGE = Path(horizon_builder.__file__).resolve().parent
#: where caches and autosaves go: nothing the home view shows depends on them
_NOT_IN_VIEW = frozenset({"HORIZON_BUILDER_CACHE_DIR", "HORIZON_BUILDER_DATA_DIR"})
FORMAT = 1
#: a kept view is a few kB: a larger file is not one of ours, and is not read
_MAX_VIEW_BYTES = 1024 * 1024
#: Views kept: those of the rosters opened last (each start on one touches its file).
KEEP = 32


@dataclass
class HomeView:
    """What the home screen showed: enough to paint it again without the engine."""

    title: str
    sub_title: str
    kind: str
    figures: Figures
    tooltip: str
    widths: tuple[int, int]
    rows: list[RowData]
    findings: list[Finding]
    provisional: list[str]
    detail: str


def _digest(path: Path) -> str | None:
    """The digest of a file the view rests on, read with a roster file's guards (a pipe,
    a device or a huge file is never read: it has no digest)."""
    try:
        return hashlib.sha256(read_regular_file(path)).hexdigest()
    except (LoadError, OSError):
        return None


def _folder(folder: Path, pattern: str) -> list[tuple[str, str | None]]:
    return [(p.name, _digest(p)) for p in sorted(folder.glob(pattern))]


def _code() -> list[tuple[str, int, int]]:
    """Each module of the package: its path, size and time (os.walk: a few times quicker
    than Path.rglob, and this is on the way to the first frame)."""
    out = []
    start = len(str(_PACKAGE)) + 1
    for folder, dirs, files in os.walk(_PACKAGE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                stat = os.stat(full)
                out.append((full[start:], stat.st_size, stat.st_mtime_ns))
    return sorted(out)


def _key(overrides: tuple[str, ...], size: tuple[int, int], path: Path | None,
         layers: list[str]) -> str:
    from horizon_builder.rules.personal import personal_rules_path

    parts: list[object] = [
        FORMAT, horizon_builder.__version__, _code(), str(path),
        None if path is None else _digest(path),
        [(o, _digest(Path(o))) for o in overrides],
        _folder(rulesets_dir(), "*.toml"), _folder(presets_dir(), "*.toml"),
        str(personal_rules_path()), _digest(personal_rules_path()),
        [(layer, _digest(Path(layer))) for layer in layers],
        sorted((k, v) for k, v in os.environ.items()
               if k.startswith("HORIZON_BUILDER_") and k not in _NOT_IN_VIEW),
        size,
    ]
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _file(path: Path | None) -> Path | None:
    """The file of the view kept for the roster at ``path`` (None: a start with no file)."""
    folder = cache_dir()
    if folder is None:
        return None
    if path is None:
        return folder / "home-untitled.json"
    return folder / f"home-{hashlib.sha256(str(path).encode()).hexdigest()[:24]}.json"


def read_kept(path: Path | None, overrides: tuple[str, ...],
              size: tuple[int, int]) -> HomeView | None:
    """The view kept for the roster at ``path`` (None: a start with no file, on a new
    roster), if its key is still the same."""
    with contextlib.suppress(Exception):  # missing, damaged, another format: not used
        path = None if path is None else path.resolve()
        file = _file(path)
        if file is None or not file.is_file():
            return None
        data = json.loads(read_regular_file(file, limit=_MAX_VIEW_BYTES).decode("utf-8"))
        if data.get("key") != _key(overrides, size, path, list(data["layers"])):
            return None
        view = parse_view(data["view"])
        with contextlib.suppress(OSError):
            os.utime(file)  # used last: kept longest
        return view
    return None


def view_data(view: HomeView) -> dict[str, Any]:
    """A view in its JSON form (:func:`parse_view` reads it; findings by field name)."""
    data = dataclasses.asdict(view)
    data["findings"] = [finding._asdict() for finding in view.findings]
    return data


def parse_view(view: dict[str, Any]) -> HomeView:
    """A view from its JSON form (as :func:`store` writes it)."""
    return HomeView(
        title=view["title"], sub_title=view["sub_title"], kind=view["kind"],
        figures=Figures(**view["figures"]), tooltip=view["tooltip"],
        widths=(view["widths"][0], view["widths"][1]),
        rows=[RowData(**row) for row in view["rows"]],
        findings=[Finding(**f) for f in view["findings"]], provisional=view["provisional"],
        detail=view["detail"])


def store(overrides: tuple[str, ...], size: tuple[int, int], path: Path | None, layers: list[str],
           view: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):  # a cache that cannot be written is no cache
        file = _file(path)
        if file is None:
            return
        data = {"key": _key(overrides, size, path, layers), "layers": layers, "view": view}
        if file.is_file() and json.loads(read_regular_file(file, limit=_MAX_VIEW_BYTES)) == data:
            return  # kept already
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".home-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(tmp, file)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        keep_newest(file.parent, "home-*.json", KEEP)
