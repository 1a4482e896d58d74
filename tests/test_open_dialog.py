"""The Open dialog (issue 15 item 14): a folder browser showing folders and roster files,
the recent list, and the typed path with completion; Enter on a file opens it."""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, copy_example, shown, until

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog, RosterTree


def _names(tree: RosterTree) -> list[str]:
    return [str(child.label) for child in tree.root.children]


async def _open_dialog(app: HorizonApp, pilot) -> OpenRosterDialog:
    await until(pilot, lambda: app.loaded, "the roster")
    await pilot.press("ctrl+o")
    await shown(pilot, OpenRosterDialog)
    dialog = app.screen
    assert isinstance(dialog, OpenRosterDialog)
    tree = dialog.query_one("#open-tree", RosterTree)
    await until(pilot, lambda: len(tree.root.children) > 0, "the folder listed")
    return dialog


async def test_the_folders_show_rosters_and_folders_only_and_enter_opens_a_file(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    other = copy_example(tmp_path, "oth-biowar.toml")
    (tmp_path / "notes.txt").write_text("not a roster")
    (tmp_path / ".hidden.toml").write_text("")
    (tmp_path / "lists").mkdir()
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_dialog(app, pilot)
        tree = dialog.query_one("#open-tree", RosterTree)
        assert Path(tree.path).resolve() == tmp_path.resolve()  # the roster's own folder
        names = _names(tree)
        assert "lists" in names and "oth-biowar.toml" in names and "hvy-cav-battlegroup.toml" in names
        assert "notes.txt" not in names and ".hidden.toml" not in names
        tree.focus()
        await pilot.pause()
        row = next(i for i, child in enumerate(tree.root.children) if str(child.label) == other.name)
        tree.move_cursor(tree.root.children[row])
        await pilot.pause()
        assert dialog.query_one("#path").value.endswith("oth-biowar.toml")  # shown in the path
        await pilot.press("enter")
        await until(pilot, lambda: app.session.path is not None
                    and Path(app.session.path).resolve() == other.resolve(), "opened from the folders")


async def test_backspace_goes_up_and_a_typed_folder_is_shown(tmp_path):
    sub = tmp_path / "lists"
    sub.mkdir()
    path = copy_example(sub, "hvy-cav-battlegroup.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_dialog(app, pilot)
        tree = dialog.query_one("#open-tree", RosterTree)
        tree.focus()
        await pilot.press("backspace")
        await until(pilot, lambda: Path(tree.path).resolve() == tmp_path.resolve(), "one folder up")
        await until(pilot, lambda: "lists" in _names(tree), "the parent listed")
        assert str(tmp_path.resolve()) + "/" in str(dialog.query_one("#open-tree-title").render())
        field = dialog.query_one("#path")
        field.focus()
        field.value = ""
        await pilot.press(*(str(sub) + "/"))
        await until(pilot, lambda: Path(tree.path).resolve() == sub.resolve(), "the typed folder")
        await until(pilot, lambda: "hvy-cav-battlegroup.toml" in _names(tree), "its rosters listed")


async def test_a_typed_path_still_opens(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    other = copy_example(tmp_path, "oth-datawar.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_dialog(app, pilot)
        dialog.query_one("#path").value = str(other)
        await pilot.press("enter")
        await until(pilot, lambda: Path(app.session.path).resolve() == other.resolve(), "opened")
