"""The home view of the last run on a roster, kept on disk: the next start shows it at once.

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
from typing import TYPE_CHECKING, Any

from textual.app import App

import horizon_builder
from horizon_builder.engine.findings import Finding
from horizon_builder.tui.titles import show_titles
from horizon_builder.tui.widgets.element_table import RowData
from horizon_builder.tui.widgets.totals_strip import Figures

if TYPE_CHECKING:
    from horizon_builder.session import Session
    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.screens.home import RosterScreen

_PACKAGE = Path(horizon_builder.__file__).resolve().parent
#: where caches and autosaves go: nothing the home view shows depends on them
_NOT_IN_VIEW = frozenset({"HORIZON_BUILDER_CACHE_DIR", "HORIZON_BUILDER_DATA_DIR"})
FORMAT = 1


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


def _cache_dir() -> Path | None:
    # the folder of the ruleset disk cache (rules/diskcache.py: not imported, it needs pydantic)
    configured = os.environ.get("HORIZON_BUILDER_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "horizon-builder"


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
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


def _key(overrides: tuple[str, ...], size: tuple[int, int], path: Path, layers: list[str]) -> str:
    from horizon_builder.resources import presets_dir, rulesets_dir
    from horizon_builder.rules.personal import personal_rules_path

    parts: list[object] = [
        FORMAT, horizon_builder.__version__, _code(), str(path), _digest(path),
        [(o, _digest(Path(o))) for o in overrides],
        _folder(rulesets_dir(), "*.toml"), _folder(presets_dir(), "*.toml"),
        str(personal_rules_path()), _digest(personal_rules_path()),
        [(layer, _digest(Path(layer))) for layer in layers],
        sorted((k, v) for k, v in os.environ.items()
               if k.startswith("HORIZON_BUILDER_") and k not in _NOT_IN_VIEW),
        size,
    ]
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _file(path: Path) -> Path | None:
    folder = _cache_dir()
    if folder is None:
        return None
    return folder / f"home-{hashlib.sha256(str(path).encode()).hexdigest()[:24]}.json"


def read_view(app: HorizonApp) -> HomeView | None:
    """The view kept for the roster the app starts on, if its key is still the same."""
    path = app.initial_path
    if path is None:
        return None
    with contextlib.suppress(Exception):  # missing, damaged, another format: not used
        path = path.resolve()
        file = _file(path)
        if file is None or not file.is_file():
            return None
        data = json.loads(file.read_text(encoding="utf-8"))
        size = (app.size.width, app.size.height)
        if data.get("key") != _key(app.overrides, size, path, list(data["layers"])):
            return None
        view = data["view"]
        return HomeView(
            title=view["title"], sub_title=view["sub_title"], kind=view["kind"],
            figures=Figures(**view["figures"]), tooltip=view["tooltip"],
            widths=(view["widths"][0], view["widths"][1]),
            rows=[RowData(**row) for row in view["rows"]],
            findings=[Finding(**f) for f in view["findings"]], provisional=view["provisional"],
            detail=view["detail"])
    return None


def write_view(app: HorizonApp, home: RosterScreen) -> None:
    """Keep what the home screen shows now, for the next start on the same file (only a
    roster as saved, opened without problems, with its rows on screen)."""
    session = app.session
    path = session.path
    table = home.table
    if (path is None or session.dirty or not table.rows_shown or app.refused_paths
            or session.personal_problems or not path.is_file()):
        return
    layers = [str(Path(layer.path).resolve()) for layer in session.report.rules_layers]
    totals = home.totals
    view = {
        "title": str(app.title), "sub_title": str(app.sub_title), "kind": session.roster.kind,
        "figures": dataclasses.asdict(totals.figures), "tooltip": str(totals.tooltip),
        "widths": list(table.widths), "rows": [dataclasses.asdict(r) for r in table.rows_shown],
        "findings": [dataclasses.asdict(f) for f in home.findings.findings],
        "provisional": home.findings.provisional, "detail": home.detail_text,
    }
    # (here, not in a thread: a few milliseconds, after the frame with the roster, and
    # written even when the app is left at once)
    _store(tuple(app.overrides), (app.size.width, app.size.height), path.resolve(), layers, view)


def _store(overrides: tuple[str, ...], size: tuple[int, int], path: Path, layers: list[str],
           view: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):  # a cache that cannot be written is no cache
        file = _file(path)
        if file is None:
            return
        data = {"key": _key(overrides, size, path, layers), "layers": layers, "view": view}
        if file.is_file() and json.loads(file.read_text(encoding="utf-8")) == data:
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


def show_view(home: RosterScreen, view: HomeView) -> None:
    """Paint a kept view on the home screen (before the session is loaded)."""
    app = home.horizon
    show_titles(app, view.title, view.sub_title)
    home.totals.show_figures(view.figures, view.tooltip)
    home.table.show_rows(view.rows, view.widths)
    home.findings.show_findings(view.findings, view.provisional)
    home.show_detail_text(view.detail)


class HomeViewActions(App[int]):
    """Mixed into the app: the home view kept from the last run, shown until the session is
    loaded (right after the first frame); a key pressed meanwhile acts once it is."""

    session: Session
    _early_view: HomeView | bool | None = False  #: False: not read yet
    _early_actions: list[tuple[Any, ...]]
    _roster_shown = False

    def early_view(self) -> HomeView | None:
        """The kept view to show while the session is not loaded (None: none)."""
        if "session" in self.__dict__:
            return None
        if self._early_view is False:
            self._early_view = read_view(self)  # type: ignore[arg-type]
        return self._early_view if isinstance(self._early_view, HomeView) else None

    async def run_action(self, action: Any, default_namespace: Any = None,
                         namespaces: Any = None) -> bool:
        if "session" not in self.__dict__ and self.early_view() is not None:
            target, name, params = self._parse_action(
                action, self if default_namespace is None else default_namespace, namespaces)
            if not target.check_action(name, params):  # not usable now: the key goes on
                return False
            # the roster on screen is the kept view: the action runs once the session is in
            self.__dict__.setdefault("_early_actions", []).append(
                (action, default_namespace, namespaces))
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def run_early_actions(self) -> None:
        for args in self.__dict__.pop("_early_actions", []):
            self.call_later(self.run_action, *args)

    def roster_painted(self, source: str) -> None:
        """The first frame with the roster on screen is out: ``source`` is "kept" (the view
        from the last run) or "session" (the session's own). Nothing here: a hook."""

    def roster_facts(self) -> tuple[str | None, bool]:
        """The roster's kind and whether it has elements: the session's, or the kept view's
        (the footer shows what the keys will do once the session is in)."""
        if "session" in self.__dict__:
            return self.session.roster.kind, bool(self.session.roster.elements)
        view = self.early_view()
        return (view.kind, bool(view.rows)) if view is not None else (None, False)

    def keep_home_view(self) -> None:
        from horizon_builder.tui.screens.home import RosterScreen

        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, RosterScreen) and "session" in self.__dict__:
            write_view(self, home)  # type: ignore[arg-type]

    def paint_roster_once(self, source: str) -> None:
        """The roster is on screen from the next frame: say so (once) when it is out. The
        kept view is said when the session starts loading, right after the first frame."""
        if not self._roster_shown:
            self._roster_shown = True
            if source == "kept":
                self.__dict__["_kept_pending"] = True
            else:
                self.call_after_refresh(self.roster_painted, source)

    def kept_view_painted(self) -> None:
        if self.__dict__.pop("_kept_pending", False):
            self.roster_painted("kept")
