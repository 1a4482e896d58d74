"""What the terminal shows after edits equals a repaint of the whole screen (issue 13).

An edit repaints only what it changed: the element table draws again only the lines
whose row changed, and its scrollbar only when the thumb moves. A line left out would
stay stale on the player's terminal, so this test keeps a terminal of its own: every
update the app writes (the partial ones included) is applied to it, cell by cell, and
after each edit it must equal the whole screen rendered afresh.

Textual's insides, in this test only (issue 44 item 2): a headless app writes nothing, and
no public API hands over the updates it would write (``post_display_hook`` is told a frame
is done, not what it holds) nor renders the screen from scratch with every widget's caches
dropped, so the test wraps ``App._display`` and asks the screen's ``_compositor`` itself.
"""

from __future__ import annotations

from typing import Any

from helpers_tui import example, home, table, until
from rich.console import Console
from rich.segment import ControlType, Segment
from rich.style import Style

from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp

Cell = tuple[str, Style | None]


class Terminal:
    """The cells of a terminal that the app's updates (a whole screen or its changed
    parts: cursor moves and text) are written to."""

    def __init__(self, width: int, height: int) -> None:
        self.cells: list[list[Cell]] = [[(" ", None)] * width for _ in range(height)]
        self.writes = 0

    def apply(self, segments: list[Segment]) -> None:
        self.writes += 1
        x = y = 0
        for segment in segments:
            if segment.control:
                for control in segment.control:
                    if control[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = control[1], control[2]  # type: ignore[misc]
                continue
            if segment.text == "\n":
                continue
            for char in segment.text:  # (the app's text here is one cell per character)
                if 0 <= y < len(self.cells) and 0 <= x < len(self.cells[y]):
                    self.cells[y][x] = (char, segment.style)
                x += 1

    def text(self) -> list[str]:
        return ["".join(char for char, _ in line) for line in self.cells]


def _segments(app: HorizonApp, renderable: Any) -> list[Segment]:
    console = Console(width=app.size.width, height=app.size.height, color_system="truecolor",
                      legacy_windows=False, force_terminal=True)
    return list(console.render(renderable, console.options))


def watch(app: HorizonApp) -> Terminal:
    """A terminal that gets every update the app writes from now on."""
    terminal = Terminal(*app.size)
    display = app._display

    def written(screen, renderable) -> None:  # type: ignore[no-untyped-def]
        display(screen, renderable)
        if renderable is not None:
            terminal.apply(_segments(app, renderable))

    app._display = written  # type: ignore[method-assign]
    terminal.apply(_segments(app, app.screen._compositor.render_full_update()))
    return terminal


def repainted(app: HorizonApp) -> Terminal:
    """The whole screen drawn afresh: every widget's lines rendered again (Textual keeps
    each widget's rendered lines, and draws again only those marked as changed; a widget
    that renders, such as a scrollbar, keeps what it rendered too)."""
    t = table(app)
    widgets = [*app.screen.walk_children(with_self=True),
               *(bar for bar in (t._vertical_scrollbar, t._horizontal_scrollbar,
                                 t._scrollbar_corner) if bar is not None)]
    for widget in widgets:
        widget._styles_cache.clear()
        widget._dirty_regions.add(widget.outer_size.region)
        widget._layout_cache.clear()
    t._clear_caches()
    fresh = Terminal(*app.size)
    fresh.apply(_segments(app, app.screen._compositor.render_full_update()))
    return fresh


def big_session(count: int, names: list[str] | None = None) -> Session:
    """The heavy cavalry battlegroup's elements, again and again (rows to scroll), or
    with the names given."""
    session = Session.open(example("hvy-cav-battlegroup.toml"))
    template = list(session.roster.elements)
    names = names or [f"{template[i % len(template)].name} {i}" for i in range(count)]
    elements = [template[i % len(template)].model_copy(update={
        "id": "chq" if i == 0 else f"x{i}", "name": name}) for i, name in enumerate(names)]
    roster = session.roster.model_validate({**session.roster.model_dump(), "force_cost": 1000,
                                            "elements": [e.model_dump() for e in elements]})
    return Session(roster, session.ruleset, None)


async def _edits_show_as_repainted(app: HorizonApp, size: tuple[int, int],
                                   places: list[int]) -> None:
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.loaded and table(app).row_count > 0, "the roster")
        await pilot.pause()
        terminal = watch(app)
        keys = ["d", "right_square_bracket", "d", "ctrl+z", "delete", "y", "left_square_bracket",
                "ctrl+z", "ctrl+y", "delete", "y", "ctrl+z", "d", "d", "ctrl+z"]
        for place in places:
            table(app).move_cursor(row=place, animate=False)
            await pilot.pause()
            for key in keys:
                before = terminal.writes
                await pilot.press(key)
                await pilot.pause()
                await pilot.pause()
                if app.screen is not home(app):
                    continue
                assert terminal.writes > before, f"nothing written after {key!r} at row {place}"
                fresh = repainted(app)
                assert terminal.text() == fresh.text(), f"after {key!r} at row {place}"
                assert terminal.cells == fresh.cells, f"styles after {key!r} at row {place}"


async def test_edits_on_a_long_roster_show_as_a_repaint():
    """Rows added, deleted and moved above, in and below the window, and at the end."""
    app = HorizonApp(session=big_session(60))
    await _edits_show_as_repainted(app, (100, 32), [3, 14, 30, 57, 59])


async def test_edits_on_a_short_roster_show_as_a_repaint():
    """No scrollbar; a row more or fewer changes the table's height on screen."""
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    await _edits_show_as_repainted(app, (100, 32), [0, 2])


async def test_edits_on_a_roster_shorter_than_its_table_show_as_a_repaint():
    """Empty lines below the last row: a row deleted leaves one more of them."""
    app = HorizonApp(session=big_session(12))
    await _edits_show_as_repainted(app, (100, 40), [5, 11])


async def test_edits_on_a_narrow_screen_show_as_a_repaint():
    """A screen narrower than the table's columns: a scrollbar each way."""
    app = HorizonApp(session=big_session(30))
    await _edits_show_as_repainted(app, (60, 24), [2, 20, 29])


async def _widened(app: HorizonApp, pilot, key: str) -> None:  # type: ignore[no-untyped-def]
    terminal = watch(app)
    before = table(app).widths
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    assert app.screen is home(app)
    assert table(app).widths != before, "the name column should have grown"
    assert terminal.cells == repainted(app).cells


# a name of 17 characters: the name column is 18 wide; its copy's ("... 2") needs 24,
# taken from the upgrades column (the table keeps its width: no relayout)
WIDENING = ["Hq", "Aa", "Bb", "Cc", "Abcdefghijklmnopq", "Dd", "Ee"]


async def test_a_copy_that_widens_the_name_column_shows_as_a_repaint():
    """The header and the rows the copy does not move are drawn at the new widths too."""
    app = HorizonApp(session=big_session(len(WIDENING), WIDENING))
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.loaded and table(app).row_count > 0, "the roster")
        assert table(app).select_key("x4")
        await pilot.pause()
        await _widened(app, pilot, "d")


async def test_a_redone_rename_that_widens_the_name_column_shows_as_a_repaint():
    """No row added or removed: only the widths change."""
    from horizon_builder import editing as ed

    app = HorizonApp(session=big_session(len(WIDENING), WIDENING))
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.loaded and table(app).row_count > 0, "the roster")
        session = app.session
        session.commit(ed.change_element(session.roster, "x5",
                                         lambda e: ed.set_name(e, "Dd long long long long")),
                       "rename")
        session.undo()
        await pilot.pause()
        await _widened(app, pilot, "ctrl+y")
