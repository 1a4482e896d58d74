"""Autosave and recovery in the app (issue 12, never lose work): a killed app loses nothing,
the next start offers the work back (restore, discard, keep for later)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_told import Told
from helpers_tui import SIZE, copy_example, select, shown, until
from textual.widgets import Static

from horizon_builder.roster.io import read_roster
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import UnsavedChangesDialog
from horizon_builder.tui.sharing.recovery_dialog import RecoveryDialog
from horizon_builder.userfiles import autosave
from horizon_builder.userfiles.autosave import AutosaveStore

HVY_CAV = "hvy-cav-battlegroup.toml"


async def _edit_and_kill(path: Path, edits: int = autosave.EVERY_EDITS):
    """Open ``path``, duplicate an element ``edits`` times, wait for the autosave, then tear the
    app down with no clean-up at all (as a kill or a closed terminal would). The edited roster."""
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await select(pilot, app, "m2")
        for _ in range(edits):
            await pilot.press("d")
        await pilot.pause()
        edited = app.session.roster
        store = AutosaveStore()
        await until(pilot, lambda: [e.roster for e in store.find(path)] == [edited], "the autosave")
        app.autosaver = None  # killed: nothing more runs (no save, no autosave on the way out)
    return edited


async def test_recovery_after_a_killed_app(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    before = path.read_bytes()
    edited = await _edit_and_kill(path)
    assert path.read_bytes() == before  # nothing was saved

    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, RecoveryDialog)
        message = str(app.screen.query_one("#recovery-message", Static).render())
        assert HVY_CAV in message and "autosaved at" in message and edited.name in message
        await pilot.press("r")
        await until(pilot, lambda: app.session.roster == edited, "the restored roster")
        assert app.session.dirty and "modified" in app.title
        assert path.read_bytes() == before  # restoring does not write the file
        await pilot.press("ctrl+z")  # undo goes back to the file as it is on disk
        await pilot.pause()
        assert app.session.roster == read_roster(path)
        await pilot.press("ctrl+y")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not app.session.dirty, "the save")
        await until(pilot, lambda: AutosaveStore().entries() == ([], []), "the autosave removed")
    assert read_roster(path) == edited


async def test_discard_removes_the_autosave_and_keeps_the_file(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    before = path.read_bytes()
    await _edit_and_kill(path)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, RecoveryDialog)
        await pilot.press("d")
        await pilot.pause()
        assert AutosaveStore().entries() == ([], [])
        assert app.session.roster == read_roster(path) and not app.session.dirty
    assert path.read_bytes() == before


async def test_keep_for_later_keeps_the_autosave_even_after_new_edits(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    edited = await _edit_and_kill(path)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, RecoveryDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.session.dirty
        await select(pilot, app, "m1")
        for _ in range(autosave.EVERY_EDITS):
            await pilot.press("d")
        await until(pilot, lambda: len(AutosaveStore().entries()[0]) == 2, "a second autosave")
        assert edited in [e.roster for e in AutosaveStore().entries()[0]]
        await pilot.press("ctrl+s")  # saving removes this window's autosave only
        await until(pilot, lambda: len(AutosaveStore().entries()[0]) == 1, "ours removed")
    assert [e.roster for e in AutosaveStore().entries()[0]] == [edited]


async def test_one_edit_is_autosaved_within_seconds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "EVERY_SECONDS", 0.2)
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await select(pilot, app, "m2")
        await pilot.press("d")
        await pilot.pause()
        edited = app.session.roster
        await until(pilot, lambda: [e.roster for e in AutosaveStore().entries()[0]] == [edited],
                    "the timed autosave")


async def test_quit_without_saving_removes_the_autosave(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await select(pilot, app, "m2")
        for _ in range(autosave.EVERY_EDITS):
            await pilot.press("d")
        await until(pilot, lambda: AutosaveStore().entries()[0] != [], "the autosave")
        await pilot.press("ctrl+q")
        await shown(pilot, UnsavedChangesDialog)
        await pilot.press("d")  # don't save
        await pilot.pause()
    assert AutosaveStore().entries() == ([], [])


async def test_leaving_another_way_keeps_the_work(tmp_path: Path) -> None:
    """The app torn down without the quit path (an error, a closed terminal): written on the way out."""
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await select(pilot, app, "m2")
        await pilot.press("d")
        await pilot.pause()
        edited = app.session.roster
    assert [e.roster for e in AutosaveStore().entries()[0]] == [edited]


async def test_untitled_work_is_offered_when_started_without_a_file(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await pilot.press("s")  # settings: rename the roster
        await pilot.pause()
        field = app.screen.query_one("#name")
        field.value = "Night Shift"  # type: ignore[attr-defined]
        field.focus()
        await pilot.press("enter", "escape")
        await until(pilot, lambda: app.session.roster.name == "Night Shift", "the rename")
        edited = app.session.roster
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, RecoveryDialog)
        assert "untitled" in str(app.screen.query_one("#recovery-message", Static).render())
        await pilot.press("r")
        await until(pilot, lambda: app.session.roster == edited, "the restored roster")
        assert app.session.path is None and app.session.dirty


async def test_a_corrupt_autosave_is_reported_and_the_app_opens(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    store = AutosaveStore()
    store.folder.mkdir(parents=True)
    (store.folder / "junk.toml").write_bytes(b"\x00\x01 not toml")
    app = HorizonApp(path)
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await until(pilot, lambda: app.loaded)
        await pilot.pause()
        assert not isinstance(app.screen, RecoveryDialog)
        assert any("junk.toml could not be read" in str(n.message) for n in told)
    assert (store.folder / "junk.toml.bad").exists()


async def test_an_autosave_that_fails_says_so_and_when_it_works_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35 item 7: with the data folder unusable (here a file stands where the folder
    must be, as good as a full disk for the writes), edits went unsaved for good and nothing
    told the player. Now the player is told at once, once, and again when it works."""
    import shutil

    monkeypatch.setattr(autosave, "EVERY_SECONDS", 0.2)
    data = tmp_path / "data"
    data.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv(autosave.DATA_DIR_ENV, str(data))
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await until(pilot, lambda: app.loaded)
        at_start = [n.message for n in told]
        await select(pilot, app, "m2")
        await pilot.press("d")

        def failures() -> list[str]:
            return [n.message for n in told if n.message.startswith("Autosave failed")]

        await until(pilot, lambda: bool(failures()), "the failure said")
        (said,) = failures()
        assert "NOT kept" in said and "ctrl+s" in said and str(data / "autosave") in said
        await pilot.press("d")
        await pilot.pause(0.6)  # more failed writes: not said again
        assert len(failures()) == 1
        data.unlink()  # room again
        shutil.rmtree(data, ignore_errors=True)
        await pilot.press("d")
        await until(pilot, lambda: any(n.message.startswith("Autosave works again")
                                       for n in told), "the recovery said")
        assert [e.roster for e in AutosaveStore().entries()[0]] == [app.session.roster]
    assert not any("Autosave" in m for m in at_start)
