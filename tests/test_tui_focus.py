"""Focus is always visible (issue 15 item 8): every widget that can take the focus looks
different when it has it, on every screen, and no screen opens with nothing focused."""

from __future__ import annotations

import pytest
from helpers_tui import example, table, until
from test_tui_keys import burst, opened, settle
from textual.widget import Widget

from horizon_builder.tui.app import HorizonApp


def _looks(widget: Widget) -> list[object]:
    """The widget as drawn, with its children: their lines, with their styles."""
    return [[[(s.text, s.style) for s in strip]
             for strip in part.render_lines(part.region.reset_offset)]
            for part in widget.walk_children(Widget, with_self=True) if part.region.area]


async def _check_screen(pilot, app: HorizonApp, name: str) -> list[str]:
    screen = app.screen
    assert screen.focused is not None, f"{name} opens with nothing focused"
    chain = [w for w in screen.focus_chain if w.region.area]
    unseen = []
    for index, widget in enumerate(chain):
        other = chain[index - 1] if index else chain[-1]
        if other is widget:
            continue
        widget.focus()
        await until(pilot, lambda w=widget: screen.focused is w)
        await pilot.pause()
        focused = _looks(widget)
        other.focus()
        await until(pilot, lambda o=other: screen.focused is o)
        await pilot.pause()
        if _looks(widget) == focused:
            unseen.append(f"{name}: {widget!r}")
    return unseen


WEIRD, TASK_FORCE = "oth-weird-mech-chq.toml", "tournament-task-force.toml"
SCREENS = [("home", WEIRD, ()), ("editor", WEIRD, ("enter",)), ("add", WEIRD, ("a",)),
           ("command", WEIRD, ("c",)), ("settings", WEIRD, ("s",)),
           ("export", WEIRD, ("x",)), ("help", WEIRD, ("f1",)),
           ("rules", WEIRD, ("R",)), ("rounds", TASK_FORCE, ("r",)),
           ("copies", WEIRD, ("D",))]


@pytest.mark.parametrize(("name", "roster", "keys"), SCREENS, ids=[n for n, _, _ in SCREENS])
async def test_focus_is_visible(name: str, roster: str, keys: tuple[str, ...]) -> None:
    async with HorizonApp(example(roster)).run_test(size=(100, 32)) as pilot:
        app = await opened(pilot)
        table(app).focus()
        burst(app, *keys)
        await settle(pilot, app)
        assert await _check_screen(pilot, app, name) == []
