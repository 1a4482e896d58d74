"""Shared helpers for the app-shell Pilot tests (tests/test_tui_*.py)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.element_table import ElementTable
from horizon_builder.tui.roster.findings_panel import FindingsPanel
from horizon_builder.tui.roster.home import RosterScreen
from horizon_builder.tui.roster.totals_strip import TotalsStrip

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SIZE = (100, 32)


async def until(pilot: Pilot, condition: Callable[[], object], what: str = "",
                timeout: float = 60.0) -> None:
    """Let the app run until ``condition()`` holds (instead of sleeping a fixed time).

    The time out only ends a wait that would never end: a test that passes waits no longer
    for it, and a busy machine (the suite runs two processes a core, conftest.py) may take
    many seconds where a quiet one takes a fraction of one."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"timed out waiting for {what or condition}"
        await pilot.pause()


ScreenT = TypeVar("ScreenT", bound=Screen[Any])


async def shown(pilot: Pilot, kind: type[ScreenT]) -> ScreenT:
    """Wait until a screen of ``kind`` is on top and mounted (its widgets composed).

    The app opens its roster after the first frame, so a dialog pushed at start-up
    may still be composing when ``pilot.pause()`` returns."""
    def ready() -> bool:
        return isinstance(pilot.app.screen, kind) and pilot.app.screen.is_mounted

    await until(pilot, ready, f"a {kind.__name__} on screen")
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


def example(name: str) -> Path:
    return EXAMPLES / name


def copy_example(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(example(name), target)
    return target


def home(app: HorizonApp) -> RosterScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, RosterScreen)
    return screen


def totals(app: HorizonApp) -> str:
    """The header strip as one line of plain text."""
    return home(app).query_one(TotalsStrip).plain()


def table(app: HorizonApp) -> ElementTable:
    return home(app).query_one(ElementTable)


def findings(app: HorizonApp) -> FindingsPanel:
    return home(app).query_one(FindingsPanel)


def row_names(app: HorizonApp) -> list[str]:
    return [row.name for row in table(app)._rows]


async def select(pilot: Pilot, app: HorizonApp, element_id: str) -> None:
    """Put the cursor on an element's row. The app opens its roster after the first frame, so
    a loaded machine may not have filled the table after one pause: wait for the row, then
    select it (selecting on an empty table failed, under load only)."""
    await until(pilot, lambda: app.loaded and table(app).row_index(element_id) is not None,
                f"the row of {element_id}")
    assert table(app).select_key(element_id)


def notices(app: HorizonApp) -> list[str]:
    """Every message the app notifies from now on, kept: a toast leaves the screen when its
    time is up, which on a busy machine can be before the test looks at it."""
    said: list[str] = []
    notify = app.notify

    def recorded(message: str, **kwargs: Any) -> None:
        said.append(str(message))
        notify(message, **kwargs)

    app.notify = recorded  # type: ignore[method-assign]
    return said
