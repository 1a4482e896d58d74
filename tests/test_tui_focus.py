"""Focus is always visible (issue 15 item 8): every widget that can take the focus looks
different when it has it, on every screen, and no screen opens with nothing focused."""

from __future__ import annotations

import pytest
from helpers_tui import example, shown, table, until
from test_tui_keys import burst, opened, settle
from textual.widget import Widget

from horizon_builder.tui.app import HorizonApp


def _looks(widget: Widget, colour: bool = True) -> list[object]:
    """The widget as drawn, with its children: their lines, with their styles (without
    ``colour``: only the characters, as a monochrome terminal or a colour-blind player tells
    them apart)."""
    return [[[(s.text, s.style) if colour else s.text for s in strip]
             for strip in part.render_lines(part.region.reset_offset)]
            for part in widget.walk_children(Widget, with_self=True) if part.region.area]


async def _check_screen(pilot, app: HorizonApp, name: str, colour: bool = True) -> list[str]:
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
        focused = _looks(widget, colour)
        other.focus()
        await until(pilot, lambda o=other: screen.focused is o)
        await pilot.pause()
        if _looks(widget, colour) == focused:
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


# --- issue 33 item 8: focus you can see without colour -----------------------------------------
SHAPED = [*SCREENS, ("open", WEIRD, ("ctrl+o",)), ("library", WEIRD, ("ctrl+o", "ctrl+l"))]


@pytest.mark.parametrize(("name", "roster", "keys"), SHAPED, ids=[n for n, _, _ in SHAPED])
async def test_focus_is_marked_by_a_shape_not_only_a_colour(name: str, roster: str,
                                                            keys: tuple[str, ...]) -> None:
    """Every widget that can take the focus is drawn with other characters when it has it (a
    heavy box ┏━┓, or a bar ▌ at its left): what a monochrome terminal or a colour-blind
    player sees, with every colour and tint left out (they were the only sign on the
    findings, the pickers, the dropdowns, the scrolling pages)."""
    async with HorizonApp(example(roster)).run_test(size=(100, 32)) as pilot:
        app = await opened(pilot)
        table(app).focus()
        burst(app, *keys)
        await settle(pilot, app)
        if name == "library":
            await until(pilot, lambda: bool(app.screen.query("#library-table")), "the library")
            await pilot.pause()
        assert await _check_screen(pilot, app, name, colour=False) == []


async def test_the_focus_marks_are_one_rule_for_the_whole_app() -> None:
    """The marks are set in one place (app.tcss), not by each screen: no other stylesheet
    says how a focused widget is drawn."""
    from pathlib import Path

    import horizon_builder.tui as tui

    root = Path(tui.__file__).parent
    sheets = [p for p in root.rglob("*.tcss") if p.name != "app.tcss"]
    sheets_text = {p.name: p.read_text(encoding="utf-8") for p in sheets}
    assert sheets and not [name for name, text in sheets_text.items() if ":focus" in text]


# --- issue 24 item 9: the command screen's focus ------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_command_screen_tab_order_follows_the_screen_and_focus_is_always_seen(size) -> None:
    """Tab goes down the left column (how the force is led, who leads), then down the right
    (CR, each weird command's list), then the findings: each stop whole on screen, never a
    container with nothing to show; a focused dropdown looks focused, and the weird command's
    open list is whole on screen, even at the bottom (OtH p.42 weird command)."""
    from textual.widgets import Select

    from horizon_builder.tui.roster.command import CommandScreen

    async with HorizonApp(example("oth-weird.toml")).run_test(size=size) as pilot:
        await opened(pilot)
        await pilot.press("c")
        screen = await shown(pilot, CommandScreen)
        stops: list[str] = []
        for _ in range(12):
            focused = screen.focused
            assert focused is not None and focused.id is not None
            if stops and focused.id == stops[0]:
                break
            await until(pilot, lambda f=focused: screen.can_view_entire(f), f"{focused.id} seen")
            assert screen.region.contains_region(focused.region), (focused.id, focused.region)
            stops.append(focused.id)
            await pilot.press("tab")
            await pilot.pause()
        weird = [f"weird-{w}" for w in ("mad_scientist", "big_game_hunter", "dark_priest")]
        assert stops == ["cmd-options", "cmd-elements", "cmd-cr-list", *weird, "cmd-findings"]
        last = screen.query_one("#weird-dark_priest", Select)
        other = screen.query_one("#weird-mad_scientist", Select)
        last.focus()
        await pilot.pause()
        assert (last.query_one("SelectCurrent").styles.background
                != other.query_one("SelectCurrent").styles.background)  # the focus is seen
        await pilot.press("enter")
        overlay = last.query_one("SelectOverlay")
        await until(pilot, lambda: overlay.display and overlay.region.height > 0, "the list open")
        assert screen.region.contains_region(overlay.region), overlay.region
        assert overlay.region.height >= overlay.option_count, overlay.region
        await pilot.press("escape")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_new_rosters_add_button_has_the_focus_whole_on_screen(size) -> None:
    """Issue 24 (focus you can see): after ctrl+n the empty roster's Add button has the focus,
    and it is shown whole, under its hint, at 80x24 too (it was cut to its top edge)."""
    from textual.widgets import Button

    async with HorizonApp(example("hvy-cav-battlegroup.toml")).run_test(size=size) as pilot:
        app = await opened(pilot)
        await pilot.press("ctrl+n")
        button = app.screen.query_one("#add-first", Button)
        await until(pilot, lambda: app.screen.focused is button, "the Add button focused")
        await until(pilot, lambda: app.screen.can_view_entire(button), "the Add button whole")
        hint = app.screen.query_one("#empty-hint")
        assert app.screen.can_view_entire(hint)


def _drawn(widget: Widget) -> list[str]:
    """The widget's lines as drawn, characters only (however its styles split them)."""
    return ["".join(line) for part in _looks(widget, colour=False) for line in part]  # type: ignore[arg-type]


async def test_under_a_dialog_only_the_dialogs_widget_is_marked() -> None:
    """Issue 33 item 8: with a dialog open, the widget that had the focus on the screen behind
    (Textual keeps it focused there) is drawn as if it had none: one marker on the screen, the
    dialog's, what a monochrome terminal shows too (characters only, colours left out)."""
    from textual.screen import ModalScreen

    async with HorizonApp(example(WEIRD)).run_test(size=(100, 32)) as pilot:
        app = await opened(pilot)
        home, elements = app.screen, table(app)
        findings = home.query_one("#findings")
        findings.focus()
        await until(pilot, lambda: home.focused is findings)
        await pilot.pause()
        unfocused = {"elements": _drawn(elements)}
        elements.focus()
        await until(pilot, lambda: home.focused is elements)
        await pilot.pause()
        unfocused["findings"] = _drawn(findings)
        marked = {"elements": _drawn(elements)}
        assert marked["elements"] != unfocused["elements"]  # the marker, before the dialog
        for name, widget in (("elements", elements), ("findings", findings)):
            widget.focus()
            await until(pilot, lambda w=widget: home.focused is w)
            await pilot.pause()
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, ModalScreen), "the dialog")
            await pilot.pause()
            dialog = app.screen
            assert dialog.focused is not None and home.focused is widget
            assert _drawn(widget) == unfocused[name], name
            assert await _check_screen(pilot, app, "open") == []  # the dialog's are marked
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is home, "the dialog closed")
            await pilot.pause()
            assert home.focused is widget
            assert _drawn(widget) != unfocused[name]  # marked again


async def test_the_palettes_search_is_marked_over_a_marker_free_screen() -> None:
    """The command palette (a Textual screen that is no "Screen" to CSS) is on top too: its
    search is marked (a heavy box), the screen behind is not."""
    from textual.command import CommandPalette

    async with HorizonApp(example(WEIRD)).run_test(size=(100, 32)) as pilot:
        app = await opened(pilot)
        home, elements = app.screen, table(app)
        elements.focus()
        await until(pilot, lambda: home.focused is elements)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.pause()
        search = app.screen.focused
        assert search is not None
        assert "┏" in _drawn(search)[0], _drawn(search)
        assert not any(line.startswith("▌") for line in _drawn(elements))
