"""No crash reaches the player (issue 44 item 3): an error nobody foresaw, in an action, a
message handler, a callback or a worker of the app, is said in a dialog, written to a report
file with its traceback and the versions, the list autosaved; the app goes on."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers_tui import SIZE, copy_example, select, shown, until
from textual.message_pump import MessagePump

import horizon_builder.tui
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.failure import FailureDialog
from horizon_builder.tui.common.guard import Guarded, is_guarded, is_handler
from horizon_builder.userfiles import reports
from horizon_builder.userfiles.autosave import autosave_dir

HVY_CAV = "hvy-cav-battlegroup.toml"


def _report_files() -> list[Path]:
    return reports.reports()


def _dialog_text(dialog: FailureDialog) -> str:
    return "\n".join(str(static.render()) for static in dialog.query(".dialog-message"))


def _check_report(path: Path, what: str, error: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert f"what failed: {what}" in text
    assert "Traceback (most recent call last)" in text and error in text
    for name in ("python", "horizon-builder", "textual", "rich", "pydantic", "tomlkit",
                 "platform"):
        assert f"  {name}: " in text, name


# --- a failing save ------------------------------------------------------------------------
async def test_a_failing_save_shows_the_dialog_keeps_the_list_and_the_app_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import horizon_builder.session.core as core

    path = copy_example(tmp_path, HVY_CAV)
    on_disk = path.read_bytes()

    def broken_save(*_args: object) -> None:
        raise AttributeError("'Container' object has no attribute '_insert_after'")

    monkeypatch.setattr(core, "save_roster", broken_save)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and app.autosaver is not None)
        await select(pilot, app, "m2")
        await pilot.press("d")
        await until(pilot, lambda: app.session.dirty)
        before = app.session.roster
        await pilot.press("ctrl+s")
        dialog = await shown(pilot, FailureDialog)
        text = _dialog_text(dialog)
        assert ("Saving the list failed: AttributeError: 'Container' object has no attribute "
                "'_insert_after'") in text
        [report] = _report_files()
        assert str(report) in text and report.parent == reports.reports_dir()
        assert f"are in:\n{report}" in text, text  # the path on its own line (no "\\n" shown)
        _check_report(report, "Saving the list", "_insert_after")
        # the list is as it was, unsaved, and autosaved now
        assert app.session.roster is before and app.session.dirty
        [kept] = list(autosave_dir().glob("*.toml"))
        assert "autosaved" in text and str(kept) in text
        assert path.read_bytes() == on_disk
        # the app goes on: close the dialog, keep editing
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, FailureDialog))
        await select(pilot, app, "m1")
        await pilot.press("d")
        await until(pilot, lambda: app.session.roster is not before)
        assert app.is_running
    assert app.return_code in (None, 0)


# --- a failing export ----------------------------------------------------------------------
async def test_a_failing_export_shows_the_dialog_and_the_export_screen_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import horizon_builder.tui.sharing.export as export_screen
    from horizon_builder.tui.sharing.export import ExportScreen

    def broken_write(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the exporter broke")

    monkeypatch.setattr(export_screen, "write_atomic", broken_write)
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and app.autosaver is not None)
        before = app.session.roster
        app.action_export()
        export = await shown(pilot, ExportScreen)
        export.action_save()
        dialog = await shown(pilot, FailureDialog)
        text = _dialog_text(dialog)
        assert "failed: RuntimeError: the exporter broke" in text
        assert "export screen" in text
        assert "nothing unsaved" in text  # nothing was changed: the file holds the list
        [report] = _report_files()
        _check_report(report, dialog.what.partition(" failed:")[0], "the exporter broke")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is export)
        assert app.session.roster is before
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ExportScreen))
        assert app.is_running


# --- a failing message handler ---------------------------------------------------------------
async def test_a_failing_message_handler_is_reported_and_later_messages_still_come(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session's change message (the app redraws every screen on it) fails once: Textual
    would have ended the app and stopped the app's message loop."""
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    failures = iter([True])

    def show_session_once_broken() -> None:
        if next(failures, False):
            raise KeyError("no such element")
        HorizonApp._show_session(app)

    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and app.autosaver is not None)
        monkeypatch.setattr(app, "_show_session", show_session_once_broken)
        await select(pilot, app, "m2")
        await pilot.press("d")
        dialog = await shown(pilot, FailureDialog)
        text = _dialog_text(dialog)
        assert "Handling “session changed” in the app failed: KeyError: 'no such element'" in text
        edited = app.session.roster
        [report] = _report_files()
        _check_report(report, "Handling “session changed” in the app", "no such element")
        assert list(autosave_dir().glob("*.toml"))  # the edit is unsaved: autosaved now
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, FailureDialog))
        await pilot.press("ctrl+z")  # the messages still come: undo shows
        await until(pilot, lambda: app.session.roster is not edited and not app.session.dirty)
        assert app.is_running


async def test_a_failing_on_handler_and_a_failing_worker_of_a_screen_are_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An ``@on`` handler (a dialog's button) and a thread worker (the library's scan)."""
    from horizon_builder.tui.common.dialog import Dialog
    from horizon_builder.tui.common.dialogs import ConfirmDialog

    def broken_answer(self: Dialog[object], button_id: str) -> None:
        raise ValueError("the button broke")

    app = HorizonApp(copy_example(tmp_path, HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        monkeypatch.setattr(ConfirmDialog, "action_answer", broken_answer)
        app.push_screen(ConfirmDialog("Sure?", "Really?"))
        confirm = await shown(pilot, ConfirmDialog)
        await pilot.click("#confirm")
        dialog = await shown(pilot, FailureDialog)
        assert "dialog button pressed" in dialog.what and "the button broke" in dialog.what
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is confirm)

        def broken_work() -> None:
            raise OSError("the thread broke")

        confirm.run_worker(broken_work, thread=True, name="Reading the library")
        dialog = await shown(pilot, FailureDialog)
        assert dialog.what == "Reading the library failed: OSError: the thread broke"
        assert len(_report_files()) == 2


async def test_the_failure_while_the_dialog_is_open_is_counted_in_it(tmp_path: Path) -> None:
    app = HorizonApp(copy_example(tmp_path, HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        app.report_failure(RuntimeError("one"), "The first")
        dialog = await shown(pilot, FailureDialog)
        app.report_failure(RuntimeError("two"), "The second")
        await until(pilot, lambda: dialog.more == 1)
        assert dialog.report == _report_files()[-1]
        assert len(app.screen_stack) == 2


def test_reports_are_kept_to_the_newest_few(tmp_path: Path) -> None:
    for number in range(reports.KEEP + 3):
        reports.write_report(f"Try {number}", RuntimeError(str(number)), folder=tmp_path)
    kept = reports.reports(tmp_path)
    assert len(kept) == reports.KEEP
    assert "what failed: Try 7" in kept[-1].read_text(encoding="utf-8")
    assert "what failed: Try 3" in kept[0].read_text(encoding="utf-8")


def test_reports_live_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HORIZON_BUILDER_DATA_DIR", str(tmp_path / "data"))
    assert reports.reports_dir() == tmp_path / "data" / "logs"


# --- every handler of every class of the app is guarded -----------------------------------
def _app_classes() -> list[type]:
    for module in pkgutil.walk_packages(horizon_builder.tui.__path__, "horizon_builder.tui."):
        importlib.import_module(module.name)
    found: dict[type, None] = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("horizon_builder.tui"):
            continue
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, MessagePump):
                for klass in value.__mro__:  # its mixins too (SessionView's handlers)
                    if klass.__module__.startswith("horizon_builder."):
                        found[klass] = None
    return list(found)


def test_every_action_handler_and_watcher_of_the_app_is_guarded() -> None:
    """A new screen, dialog or widget with a handler derives from Guarded (first among its
    bases), or its handlers would end the app on an error."""
    classes = _app_classes()
    assert len(classes) > 50
    handlers = {f"{klass.__module__}.{klass.__qualname__}.{name}": value
                for klass in classes for name, value in vars(klass).items()
                if is_handler(name, value)}
    assert len(handlers) > 150
    assert [name for name, value in handlers.items() if not is_guarded(value)] == []
    pumps = [klass for klass in classes if issubclass(klass, MessagePump)
             and any(is_handler(name, value) for name, value in vars(klass).items())]
    assert all(issubclass(klass, Guarded) for klass in pumps)


def test_the_on_decorator_is_still_recognised() -> None:
    """What ``@on`` marks a handler with is found by trying it: Textual changing that
    shows here (and ``@on`` handlers would go unguarded)."""
    from horizon_builder.tui.common.guard import ON_MARKS

    assert ON_MARKS


# --- the terminal ----------------------------------------------------------------------------
#: the start of a script that runs the app headless on the roster in argv[1], as a player would
_STARTED = textwrap.dedent("""
    import sys
    from pathlib import Path
    from horizon_builder.tui.app import HorizonApp, keep_fatal_errors, say_fatal_error

    async def started(pilot):
        while not (pilot.app.loaded and pilot.app.autosaver is not None):
            await pilot.pause()
        return pilot.app
""")

_RUN = _STARTED + textwrap.dedent("""
    import horizon_builder.session.core as core
    from horizon_builder.tui.common.failure import FailureDialog

    def broken(*args):
        raise TypeError("a save that breaks")

    core.save_roster = broken

    async def play(pilot):
        app = await started(pilot)
        await pilot.press("ctrl+s")
        while not isinstance(app.screen, FailureDialog):
            await pilot.pause()
        print("DIALOG", app.screen.what, file=sys.stderr)
        await pilot.press("enter")
        await pilot.pause()
        app.exit(0)

    app = HorizonApp(Path(sys.argv[1]))
    app.run(headless=True, size=(100, 32), auto_pilot=play)
    print("RETURN", app.return_code, file=sys.stderr)
""")


def test_no_traceback_reaches_the_terminal(tmp_path: Path) -> None:
    """The app run as a player runs it (headless): what it prints holds no traceback."""
    path = copy_example(tmp_path, HVY_CAV)
    done = subprocess.run([sys.executable, "-c", _RUN, str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    printed = done.stdout + done.stderr
    assert done.returncode == 0, printed
    assert "DIALOG Saving the list failed: TypeError: a save that breaks" in done.stderr
    assert "RETURN 0" in done.stderr
    assert "Traceback" not in printed and "Error" not in printed.replace("TypeError: a save", "")
    [report] = _report_files()
    _check_report(report, "Saving the list", "a save that breaks")


_FATAL = _STARTED + textwrap.dedent("""
    from horizon_builder.tui.help import HelpScreen

    def broken(self):
        raise LookupError("a screen that cannot be drawn")

    HelpScreen.compose = broken

    async def play(pilot):
        app = await started(pilot)
        app.action_help()
        for _ in range(200):
            await pilot.pause()

    app = HorizonApp(Path(sys.argv[1]))
    ended = keep_fatal_errors(app)
    app.run(headless=True, size=(100, 32), auto_pilot=play)
    say_fatal_error(ended.getvalue(), app.return_code)
""")


def test_an_error_no_guard_holds_ends_the_app_with_one_line_and_a_report(tmp_path: Path) -> None:
    """The last net: a screen's ``compose`` is no handler; Textual ends the app on it, and
    its traceback goes to a report, the terminal getting one line."""
    path = copy_example(tmp_path, HVY_CAV)
    done = subprocess.run([sys.executable, "-c", _FATAL, str(path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert "Traceback" not in done.stdout + done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("horizon-builder stopped on an error it did not foresee.")
    report = _report_files()[-1]  # (the help screen's on_mount, with nothing composed, first)
    assert str(report) in line
    text = report.read_text(encoding="utf-8")
    assert "what failed: The app, which stopped on this error" in text
    assert "a screen that cannot be drawn" in text and "  textual: " in text
