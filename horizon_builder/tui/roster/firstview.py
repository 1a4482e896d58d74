"""A first start's home view, worked out in a second process while Textual starts.

A start on a roster with a view kept from the last run paints it in its first frame
(:mod:`horizon_builder.tui.roster.homeview`). Without one (a roster never opened here, edited
by hand since, a first start with no file, or a new version of the app) the roster
used to show only once the session was loaded, after the first frame: importing the
rules engine and judging the roster came on top of Textual's own start-up.

So the command line, before it imports Textual, starts ``python -m
horizon_builder.tui.roster.firstview WIDTH ROSTER [OVERRIDES...]`` (:func:`prepare`; ROSTER is
empty for a start with no file; stopped at once when a kept view will do). On the other
core, that process opens the session (or starts a new roster) as the app does, judges
the roster and writes the home view for a screen WIDTH columns wide (the terminal's; the
element table spans the screen), in the kept view's JSON form (:func:`home_view`). The
app takes it for its first frame (:func:`take_view`) as it would a kept view, then loads
the session itself and shows its own view, which is the same.

Anything amiss (the process cannot start, fails, is late, the screen is another width,
or the roster would not be shown as it is) means no view from it: the app loads the
roster itself, as without it. No Textual here: this runs before Textual is imported,
and in the second process.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from horizon_builder.session.core import Session
    from horizon_builder.tui.roster.homecache import HomeView

#: seconds the app waits for the second process's view before it loads the roster itself
WAIT_SECONDS = 5.0


def title_texts(path: Path | None, unsaved: bool, roster_name: str) -> tuple[str, str]:
    """The app's title and sub-title for a roster at ``path``."""
    name = path.name if path is not None else "untitled"
    if path is not None and not os.path.lexists(path):  # (False, never an error, for a bad name)
        name += " (new file)"
    return f"{name}{' ● modified' if unsaved else ''}", roster_name


def home_view(session: Session, width: int) -> HomeView | None:
    """What the home screen shows of a session just opened, on a screen ``width`` columns
    wide (its element table's width), as a kept view (None: a roster the home screen does
    not show as it is at once, such as one opened with problems)."""
    from horizon_builder.tui.roster.figures import report_figures
    from horizon_builder.tui.roster.format import element_detail
    from horizon_builder.tui.roster.homecache import HomeView
    from horizon_builder.tui.roster.rows import flexible_widths, report_rows

    roster = session.roster
    if session.dirty or session.personal_problems:
        return None
    report = session.report
    widths = flexible_widths(width, report)
    figures, tooltip = report_figures(report)
    title, sub_title = title_texts(session.path, False, roster.name)
    return HomeView(
        title=title, sub_title=sub_title, kind=roster.kind, figures=figures, tooltip=tooltip,
        widths=widths, rows=report_rows(report, widths), findings=list(report.all_findings),
        provisional=list(report.provisional_values),
        # the cursor starts on the first row: the first element's detail (none: no line)
        detail=element_detail(report, report.analysis.elements[0]) if roster.elements else "")


# --- the app's side -------------------------------------------------------------------------
class ViewBuilder:
    """The second process, started on a roster and its override files for a screen
    ``width`` columns wide."""

    def __init__(self, width: int, path: Path | None, overrides: Sequence[str]) -> None:
        self.width = width
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-m", __name__, str(width), str(path or ""), *overrides],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            encoding="utf-8")

    def view(self, wait: float = WAIT_SECONDS) -> dict[str, Any] | None:
        """Its view, waiting for it up to ``wait`` seconds (None: none in time)."""
        try:
            out, _ = self.process.communicate(timeout=wait)
            view = json.loads(out)["view"]
        except Exception:  # late, failed or garbled: the app loads the roster itself
            self.stop()
            return None
        return view if isinstance(view, dict) else None

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.kill()
            with contextlib.suppress(Exception):
                self.process.wait(timeout=1)


_builder: ViewBuilder | None = None


def terminal_size() -> tuple[int, int]:
    """The terminal's size as Textual's driver finds it (``COLUMNS`` and ``LINES`` first;
    80×24 without a terminal)."""
    import shutil

    try:
        columns, lines = shutil.get_terminal_size()
    except (AttributeError, ValueError, OSError):
        return 80, 24
    return columns or 80, lines or 24


def prepare(path: Path | None, overrides: Sequence[str]) -> None:
    """Before Textual is imported: when the app starts on a roster (None: a new one with no
    file) with no view kept for it (or one made from other files), start working one out
    in a second process."""
    global _builder
    if _builder is not None or not sys.executable or getattr(sys, "frozen", False):
        return  # (a frozen app's executable is the app itself, not a Python to run -m with)
    size = terminal_size()
    try:  # started first, so it runs while the kept view is looked for
        _builder = ViewBuilder(size[0], path, overrides)
    except (OSError, ValueError):
        return
    atexit.register(discard)
    from horizon_builder.tui.roster.homecache import read_kept

    global _looked_up
    kept = read_kept(path, tuple(overrides), size)
    _looked_up = ((path, tuple(overrides), size), kept)  # for the app: see looked_up
    if kept is not None:
        discard()  # the kept view will show the roster


#: (what :func:`prepare` looked for, the kept view it found or None)
_looked_up: tuple[tuple[object, ...], HomeView | None] | None = None


def looked_up(path: Path | None, overrides: Sequence[str],
              size: tuple[int, int]) -> tuple[bool, HomeView | None]:
    """The kept view :func:`prepare` looked up, once: (True, view or None) when it looked
    for this roster, overrides and size, else (False, None) (the app then looks itself)."""
    global _looked_up
    kept, _looked_up = _looked_up, None
    if kept is not None and kept[0] == (path, tuple(overrides), size):
        return True, kept[1]
    return False, None


def discard() -> None:
    """Stop the second process, if any: its view is not wanted."""
    global _builder
    builder, _builder = _builder, None
    if builder is not None:
        builder.stop()


def take_view(width: int) -> HomeView | None:
    """The second process's view, once, for a screen ``width`` columns wide (None: no
    process, or no view from it for that width)."""
    global _builder
    builder, _builder = _builder, None
    if builder is None:
        return None
    if builder.width != width:  # (resized meanwhile: rows of other widths)
        builder.stop()
        return None
    data = builder.view()
    if data is None:
        return None
    from horizon_builder.tui.roster.homecache import parse_view

    try:
        return parse_view(data)
    except Exception:
        return None


# --- the second process -------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Open the roster, judge it and write the view for a screen WIDTH columns wide
    (``{"view": ...}``, null for none) as one line of JSON."""
    from horizon_builder.engine.gcpause import pause_for_startup

    pause_for_startup()  # a short run: nothing to collect
    args = list(sys.argv[1:] if argv is None else argv)
    view = None
    try:
        from horizon_builder.session.core import Session
        from horizon_builder.tui.roster.homecache import view_data

        # as the app starts (RosterFiles.first_session): a file there is opened, else a
        # new roster is started (saved there, if named)
        path, overrides = (Path(args[1]) if args[1] else None), tuple(args[2:])
        session = (Session.open(path, overrides) if path is not None and path.exists()
                   else Session.new(path=path, extra_overrides=overrides))
        shown = home_view(session, int(args[0]))
        view = None if shown is None else view_data(shown)
    except Exception:
        view = None
    sys.stdout.write(json.dumps({"view": view}) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    main()
    os._exit(0)  # no tidying up of the session's objects: the app is waiting
