"""Lists leave the terminal, in the app (issue "Lists leave the terminal" items 1-3):
ctrl+k copies the list as text or as a share code, the Open dialog takes a pasted code,
and a JSON export opens as a roster (and is never written over)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_tui import SIZE, copy_example, shown, until
from textual.widgets import Input, Label

from horizon_builder.cli.main import main
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.sharecode import encode
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import ConfirmDialog, PathPrompt
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog
from horizon_builder.tui.sharing.share_dialog import CopyListDialog

HVY_CAV = "hvy-cav-battlegroup.toml"


async def test_ctrl_k_copies_the_share_code_or_the_list_text(tmp_path):
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("ctrl+k")
        await shown(pilot, CopyListDialog)
        await pilot.press("c")
        await until(pilot, lambda: copied, "the code copied")
        assert copied[-1] == encode(read_roster(path))
        await pilot.press("ctrl+k")
        await shown(pilot, CopyListDialog)
        await pilot.press("t")
        await until(pilot, lambda: len(copied) == 2, "the text copied")
        assert copied[-1].startswith("3rd Lancers Battlegroup")
        await pilot.press("ctrl+k")
        await shown(pilot, CopyListDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert len(copied) == 2 and not isinstance(app.screen, CopyListDialog)


async def _type_in_open(app: HorizonApp, pilot, text: str) -> OpenRosterDialog:
    await until(pilot, lambda: app.loaded, "the roster")
    await pilot.press("ctrl+o")
    dialog = await shown(pilot, OpenRosterDialog)
    field = dialog.query_one("#path", Input)
    field.value = text  # as a paste puts it
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    return dialog


async def test_the_open_dialog_opens_a_pasted_share_code_as_a_new_unsaved_list(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shared = read_roster(copy_example(tmp_path, HVY_CAV))
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await _type_in_open(app, pilot, encode(shared))
        await until(pilot, lambda: app.session.roster == shared, "the shared list open")
        assert app.session.path is None and app.session.dirty
        await pilot.press("ctrl+s")
        prompt = await shown(pilot, PathPrompt)
        assert prompt.query_one("#path", Input).value == "3rd-lancers-battlegroup.toml"
        await pilot.press("enter")
        await until(pilot, lambda: not app.session.dirty, "saved")
    assert read_roster(tmp_path / "3rd-lancers-battlegroup.toml") == shared


async def test_a_mistyped_code_in_the_open_dialog_is_refused_and_the_list_stays(tmp_path):
    path = copy_example(tmp_path, HVY_CAV)
    code = encode(read_roster(path))
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _type_in_open(app, pilot, code[:50] + code[52:])
        assert app.screen is dialog
        problem = str(dialog.query_one("#path-problem", Label).visual)
        assert "This share code is mistyped or cut short" in problem
        assert app.session.path == path and dialog.pasted is None


async def test_a_json_export_opens_as_its_roster_and_saving_writes_a_toml_beside_it(tmp_path):
    source = copy_example(tmp_path, HVY_CAV)
    exported = tmp_path / "lancers.json"
    assert main(["export", str(source), "--format", "json", "-o", str(exported)]) == 0
    before = exported.read_bytes()
    app = HorizonApp(exported)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        assert app.session.roster == read_roster(source)
        assert app.session.path is None and app.session.source == exported
        await pilot.press("d")  # an edit, then save
        await until(pilot, lambda: app.session.dirty, "the edit")
        await pilot.press("ctrl+s")
        prompt = await shown(pilot, PathPrompt)
        suggested = Path(prompt.query_one("#path", Input).value)
        assert suggested.suffix == ".toml" and suggested.resolve().parent == tmp_path.resolve()
        prompt.query_one("#path", Input).value = str(tmp_path / "lancers.toml")
        await pilot.press("enter")
        await until(pilot, lambda: not app.session.dirty or isinstance(app.screen, ConfirmDialog),
                    "saved")
    assert exported.read_bytes() == before  # the export is never written over
    assert len(read_roster(tmp_path / "lancers.toml").elements) == 9



@pytest.mark.parametrize("pasted", ["`{}`", "https://example.org/list?c={}", "my list: {}.",
                                    "{}.", "{} thanks", "lists/{}"])  # after the folder
async def test_the_open_dialog_reads_a_code_as_import_does_in_backticks_or_a_message(
        tmp_path, monkeypatch, pasted):
    """A code as the markdown export shows it (in backticks), in a link or in a chat message:
    the Open dialog finds it as ``horizon-builder import`` does (one function for both),
    never "No such file" (issue "Lists leave the terminal" item 2)."""
    monkeypatch.chdir(tmp_path)
    shared = read_roster(copy_example(tmp_path, HVY_CAV))
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await _type_in_open(app, pilot, pasted.format(encode(shared)))
        await until(pilot, lambda: app.session.roster == shared, "the shared list open")
        assert app.session.path is None and app.session.dirty


async def test_a_code_pasted_as_the_text_export_breaks_it_opens_whole(tmp_path, monkeypatch):
    """The text export breaks a code over indented lines; pasted into the Open dialog it is
    the whole code (an input takes only a paste's first line: it was "cut short")."""
    from textual import events

    monkeypatch.chdir(tmp_path)
    source = copy_example(tmp_path, HVY_CAV)
    assert main(["export", str(source), "-o", str(tmp_path / "r.txt")]) == 0
    text = (tmp_path / "r.txt").read_text()
    block = text[text.index("hb2."):text.index("Exported by")].strip()
    assert "\n  " in block  # broken over lines, as printed
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("ctrl+o")
        dialog = await shown(pilot, OpenRosterDialog)
        field = dialog.query_one("#path", Input)
        field.post_message(events.Paste(block.replace("\n", "\r")))  # as a terminal sends it
        await pilot.pause()
        assert field.value == encode(read_roster(source))
        field.value = ""
        field.post_message(events.Paste(block))
        await pilot.pause()
        assert field.value == encode(read_roster(source))
        await pilot.press("enter")
        await until(pilot, lambda: app.session.roster == read_roster(source), "opened")
