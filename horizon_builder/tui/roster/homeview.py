"""The home view of the last run on a roster: kept after each load and save, shown at once
by the next start on it (the cache and its key: :mod:`horizon_builder.tui.roster.homecache`).

The next start on that roster paints the kept view in its first frame when the key is
the same; the session loads right after and shows its own view, which is then the same
(the table touches only rows that differ: none). A first start on a roster (no kept
view) may get one worked out by a second process while Textual starts
(:mod:`horizon_builder.tui.roster.firstview`). A view whose key differs, or any trouble
reading one, is simply not used: the roster shows once loaded, as without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.actions import parse

from horizon_builder.tui.roster.homecache import HomeView, read_kept, store, view_data

if TYPE_CHECKING:
    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.roster.home import RosterScreen


def read_view(app: HorizonApp) -> HomeView | None:
    """The view kept for the roster the app starts on (a new one without a file), if its
    key is still the same (looked up once: by the command line, before Textual started, when
    it looked for the same roster and size)."""
    from horizon_builder.tui.roster import firstview

    size = (app.size.width, app.size.height)
    found, view = firstview.looked_up(app.initial_path, app.overrides, size)
    return view if found else read_kept(app.initial_path, app.overrides, size)


def write_view(app: HorizonApp, home: RosterScreen) -> None:
    """Keep what the home screen shows now, for the next start on the same file, or with
    no file (only a roster as saved or started new, opened without problems, with its
    rows on screen, not as a campaign plays it)."""
    session = app.session
    path = session.path
    table = home.table
    if (session.dirty or bool(table.rows_shown) != bool(session.roster.elements)
            or home.playing() is not None  # (as a campaign plays it: not how the next start shows it)
            or app.refused_paths or session.personal_problems
            or (path is not None and path.exists() and not path.is_file())):
        return
    layers = [str(Path(layer.path).resolve()) for layer in session.report.rules_layers]
    totals = home.totals
    view = HomeView(
        title=str(app.title), sub_title=str(app.sub_title), kind=session.roster.kind,
        figures=totals.figures, tooltip=str(totals.tooltip), widths=table.widths,
        rows=table.rows_shown, findings=home.findings.findings,
        provisional=home.findings.provisional, detail=home.detail_text)
    # (here, not in a thread: a few milliseconds, after the frame with the roster, and
    # written even when the app is left at once)
    store(tuple(app.overrides), (app.size.width, app.size.height),
          None if path is None else path.resolve(), layers, view_data(view))


class KeptView:
    """The app's home view kept from the last run, shown until the session is loaded (right
    after the first frame); a key pressed meanwhile acts once it is. A plain part of the app
    (it asks the app for its size, file and session); the home screen is given it."""

    def __init__(self, app: HorizonApp) -> None:
        self.app = app
        self._view: HomeView | bool | None = False  #: False: not read yet
        self._actions: list[tuple[Any, ...]] = []
        self._roster_shown = False
        self._kept_pending = False

    @property
    def loaded(self) -> bool:
        """True once the app's session exists (right after the first paint)."""
        return self.app.loaded

    @property
    def opening_label(self) -> str:
        path = self.app.initial_path
        return path.name if path is not None else "a new roster"

    def early_view(self) -> HomeView | None:
        """The kept view to show while the session is not loaded (None: none)."""
        if self.loaded:
            return None
        if self._view is False:
            from horizon_builder.tui.roster import firstview

            self._view = read_view(self.app)
            if self._view is None:  # a first start: a second process's view, if any
                self._view = firstview.take_view(self.app.size.width)
            firstview.discard()
        return self._view if isinstance(self._view, HomeView) else None

    def hold_action(self, action: Any, default_namespace: Any, namespaces: Any) -> bool:
        """True when the action waits for the session (the roster on screen is the kept
        view); False when it is to run now, or (not usable now) to go on as a key."""
        if self.loaded or self.early_view() is None:
            return False
        app = self.app
        where, name, params = action if isinstance(action, tuple) else parse(action)
        # the node the action runs on, as Textual finds it: a namespace given, or the default
        target = (namespaces or {}).get(where) if where else (
            app if default_namespace is None else default_namespace)
        if where and target is None:
            target = {"app": app, "screen": app.screen, "focused": app.focused}.get(where)
        if target is None or not target.check_action(name, params):  # the key goes on
            return False
        self._actions.append((action, default_namespace, namespaces))
        return True

    def run_held_actions(self) -> None:
        actions, self._actions = self._actions, []
        for args in actions:
            self.app.call_later(self.app.run_action, *args)

    def roster_facts(self) -> tuple[str | None, bool]:
        """The roster's kind and whether it has elements: the session's, or the kept view's
        (the footer shows what the keys will do once the session is in)."""
        if self.loaded:
            return self.app.session.roster.kind, bool(self.app.session.roster.elements)
        view = self.early_view()
        return (view.kind, bool(view.rows)) if view is not None else (None, False)

    def keep(self) -> None:
        """Keep what the home screen shows now, for the next start."""
        from horizon_builder.tui.roster.home import RosterScreen

        app = self.app
        home = app.screen_stack[0] if app.screen_stack else None
        if isinstance(home, RosterScreen) and self.loaded:
            write_view(app, home)

    def paint_once(self, source: str) -> None:
        """The roster is on screen from the next frame: say so (once) when it is out. The
        kept view is said when the session starts loading, right after the first frame."""
        if not self._roster_shown:
            self._roster_shown = True
            if source == "kept":
                self._kept_pending = True
            else:
                self.app.call_after_refresh(self.app.roster_painted, source)

    def kept_view_painted(self) -> None:
        if self._kept_pending:
            self._kept_pending = False
            self.app.roster_painted("kept")
