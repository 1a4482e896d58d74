"""The dialogs' one base (tui/common/dialog.py, issue 28 item 5): every dialog is built on it,
and its own keys work: Esc cancels with the cancel value, Enter presses the default button,
a key presses its button, a disabled button's key does nothing."""

from __future__ import annotations

import ast
import asyncio
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

import horizon_builder.tui as tui_package
from horizon_builder.tui.common.dialog import CANCEL, SUBMIT, Dialog, DialogButton
from horizon_builder.tui.common.keys_footer import KeyLabel

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
    def __init__(self, dialog: Sample | None = None) -> None:
        super().__init__()
        self.answers: list[str | None] = []
        self.dialog = dialog or Sample()

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
            return [(k.key_display, k.description) for k in dialog.query(KeyLabel)]

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


# --- a dialog taken down while it is mounted (issue 33 item 16) ---------------------------

class Leaving(Static):
    """A widget of a dialog's body whose mount lets the app leave meanwhile: the order a
    loaded machine gave once (the app exits while a dialog it just pushed is being mounted:
    the screens, the dialog's widgets with them, are pruned before the dialog's mount)."""

    async def on_mount(self) -> None:
        self.app.exit()
        await asyncio.sleep(0.2)  # the app's leaving runs now, before this mount returns


async def test_a_dialog_the_app_takes_down_while_it_mounts_acts_on_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A start with a bad rulebook beside the roster pushes the load-error dialog; the app
    leaving while that dialog mounts once raised NoMatches '#ok' from its mount (its focus).
    The dialog is taken down: it focuses nothing and acts on nothing, and the app leaves
    cleanly."""
    from fuzzing_side import folders
    from helpers_tui import copy_example

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.common.dialogs import LoadErrorDialog

    body = LoadErrorDialog.compose_body
    shown: list[LoadErrorDialog] = []

    def adverse(self: LoadErrorDialog) -> ComposeResult:
        shown.append(self)
        yield from body(self)
        yield Leaving("")

    monkeypatch.setattr(LoadErrorDialog, "compose_body", adverse)
    roster = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    with folders(tmp_path) as (config, _data):
        config.mkdir()
        (config / "my-rules.toml").write_text("[upgrades.engineer]\ncost = 'x'\n")
        app = HorizonApp(roster)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: bool(shown), "the load-error dialog")
            await until(pilot, lambda: not app.is_running, "the app gone")
    assert app.return_code in (0, None)
    assert shown and not shown[0].is_attached


class Started(Sample):
    """A dialog with a start of its own that acts on its widgets."""

    def __init__(self) -> None:
        super().__init__()
        self.started = 0

    def compose_body(self) -> ComposeResult:
        yield from super().compose_body()
        yield Leaving("")

    def ready(self) -> None:
        self.started += 1
        self.query_one("#field", Input).value = "filled"


async def test_a_dialogs_own_start_never_runs_once_it_is_taken_down() -> None:
    dialog = Started()
    app = Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: not app.is_running, "the app gone")
    assert app.return_code in (0, None) and dialog.started == 0


async def test_a_dialogs_own_start_runs_once() -> None:
    class Stays(Started):
        def compose_body(self) -> ComposeResult:
            yield from Sample.compose_body(self)

    stays = Stays()
    app = Host(stays)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _opened(app, pilot)
        assert stays.started == 1 and dialog.query_one("#field", Input).value == "filled"
        assert dialog.focused is dialog.query_one("#field")  # FOCUS: Textual's auto focus


def test_no_dialog_starts_in_on_mount() -> None:
    """Every dialog's start is its ready(), which the base runs only while the dialog's
    widgets are there; an on_mount of its own would run (Textual calls each class's) even
    for a dialog taken down while it mounted."""
    def every(cls: type[Dialog[Any]]) -> list[type[Dialog[Any]]]:
        return [sub for direct in cls.__subclasses__() for sub in (direct, *every(direct))]

    _screens_of_the_dialogs_package()
    importlib.import_module("horizon_builder.tui.sharing.open_dialog")
    dialogs = every(Dialog)
    assert len(dialogs) >= 16
    assert [cls.__name__ for cls in dialogs
            if cls.__module__.startswith("horizon_builder")
            and ("on_mount" in vars(cls) or "_on_mount" in vars(cls))] == []
