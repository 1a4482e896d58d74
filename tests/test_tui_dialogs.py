"""The dialogs' one base (tui/common/dialog.py, issue 28 item 5): every dialog is built on it,
and its own keys work: Esc cancels with the cancel value, Enter presses the default button,
a key presses its button, a disabled button's key does nothing."""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers_tui import until
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static
from textual.widgets._footer import FooterKey

import horizon_builder.tui as tui_package
from horizon_builder.tui.common.dialog import CANCEL, SUBMIT, Dialog, DialogButton

TUI = Path(tui_package.__file__).parent
#: the dialogs live with their feature (tui/<feature>/*_dialog.py) and in the shared room
DIALOG_FILES = [TUI / "common" / "dialogs.py", *sorted(TUI.glob("*/*_dialog.py")),
                *sorted(TUI.glob("*/*_dialogs.py"))]


def _screens_of_the_dialogs_package() -> list[type[Screen[Any]]]:
    found: list[type[Screen[Any]]] = []
    names = [".".join(["horizon_builder", *path.relative_to(TUI.parent).with_suffix("").parts])
             for path in DIALOG_FILES]
    for name in names:
        module = importlib.import_module(name)
        found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if cls.__module__ == name and issubclass(cls, Screen)]
    return found


def test_every_dialog_is_built_on_the_base() -> None:
    """A new dialog (tui/<feature>/*_dialog.py) follows the base: no screen there is anything else."""
    screens = _screens_of_the_dialogs_package()
    assert len(screens) >= 16, "the dialogs were not found"
    assert [cls.__name__ for cls in screens if not issubclass(cls, Dialog)] == []
    # nor does any module but the base build one from Textual's ModalScreen or Footer
    offenders = [path.name for path in DIALOG_FILES
                 if any(isinstance(node, ast.ImportFrom) and node.module == "textual.screen"
                         for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))]
    assert offenders == []


class Sample(Dialog[str | None]):
    """A dialog of the base's every part: a field, a scroll that takes no Enter, three buttons
    (one that submits, one disabled), keys."""

    KEYS = (("k", "keep", "Keep"), ("x", "never", "Never"))
    ESCAPE = ("escape,q", "Leave")
    DEFAULT = "ok"
    FOCUS = "#field"

    def __init__(self) -> None:
        super().__init__("A [b]sample[/b]", None, box="sample-box")
        self.submitted: list[str] = []

    def compose_body(self) -> ComposeResult:
        yield Input("typed", id="field")
        with VerticalScroll(id="scroll"):
            yield Static("text to read")
        yield Label("", id="problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[str | None]]:
        return (DialogButton("OK", "ok", SUBMIT, "primary"), DialogButton("Keep", "keep", "kept"),
                DialogButton("Never", "never", "never", disabled=True),
                DialogButton("Cancel", "cancel", CANCEL))

    def submit(self) -> None:
        value = self.query_one("#field", Input).value
        self.submitted.append(value)
        if value == "bad":
            self.say("Not that.")
        else:
            self.dismiss(value)


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[str | None] = []
        self.dialog = Sample()

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


async def _opened(app: Host, pilot: Any) -> Sample:
    await until(pilot, lambda: app.screen is app.dialog and app.dialog.is_mounted, "the dialog")
    await pilot.pause()
    return app.dialog


async def test_the_base_lays_out_title_body_buttons_and_footer() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _opened(app, pilot)
        box = dialog.query_one(".dialog-box")
        assert box.has_class("sample-box") and dialog.has_class("dialog")
        assert box.border_title == r"A \[b]sample\[/b]"  # shown as typed, never read as markup
        row = dialog.query_one(".dialog-buttons")
        assert [(b.id, b.variant, b.disabled) for b in row.query(Button)] == [
            ("ok", "primary", False), ("keep", "default", False), ("never", "default", True),
            ("cancel", "default", False)]
        assert dialog.focused is dialog.query_one("#field")
        # the footer: the dialog's keys in their order, Esc last; Enter is not shown (the
        # field, focused, takes the letters: off it, they are shown)
        dialog.query_one("#scroll").focus()

        def keys() -> list[tuple[str, str]]:
            return [(k.key_display, k.description) for k in dialog.query(FooterKey)]

        # (the footer is composed again after the focus moved: a pause may not be enough on
        # a busy machine)
        wanted = [("k", "Keep"), ("x", "Never"), ("esc", "Leave")]
        await until(pilot, lambda: keys() == wanted, f"the footer's keys {wanted}, not {keys()}")


async def _keys(focus: str, *keys: str, field: str = "typed") -> tuple[list[str], list[str | None]]:
    """The dialog's submits and answers after ``keys`` pressed on ``focus`` with ``field`` typed."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _opened(app, pilot)
        dialog.query_one("#field", Input).value = field
        dialog.query_one(focus).focus()
        await pilot.press(*keys)
        await pilot.pause()
        return dialog.submitted, app.answers


@pytest.mark.parametrize(("focus", "keys", "submitted", "answers"), [
    ("#scroll", ["escape"], [], [None]),  # Esc: the cancel value
    ("#scroll", ["q"], [], [None]),  # another cancel key ("q" would be typed in the field)
    ("#field", ["enter"], ["typed"], ["typed"]),  # Enter in a field: the default button
    ("#scroll", ["enter"], ["typed"], ["typed"]),  # on a widget that takes no Enter: the same
    ("#keep", ["enter"], [], ["kept"]),  # on a button: that button
    ("#scroll", ["k"], [], ["kept"]),  # a key: its button
    ("#scroll", ["x"], [], []),  # the key of a disabled button: nothing
])
async def test_the_base_keys(focus: str, keys: list[str], submitted: list[str],
                             answers: list[str | None]) -> None:
    assert await _keys(focus, *keys) == (submitted, answers)


async def test_a_refused_submit_keeps_the_dialog_and_says_why() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _opened(app, pilot)
        dialog.query_one("#field", Input).value = "bad"
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.submitted == ["bad"] and app.answers == [] and app.screen is dialog
        problem = dialog.query_one("#problem", Label)
        assert problem.display and str(problem.render()) == "Not that."


async def test_clicking_the_cancel_button_closes_with_the_cancel_value() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await _opened(app, pilot)
        await pilot.click("#cancel")
        await until(pilot, lambda: app.answers, "an answer")
        assert app.answers == [None]
