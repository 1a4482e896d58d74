"""The list library in the Open dialog (issue 27 item 12): a folder's rosters with name, kind,
FC, verdict and date, searchable; Enter opens one; "duplicate as a new list" starts an
unsaved copy and never writes the original."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from helpers_tui import SIZE, copy_example, example, shown, until
from hypothesis import given, settings
from hypothesis import strategies as st

from horizon_builder.session.core import Session, copy_name
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.sharing.library import LibraryPane, LibraryTable
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog
from horizon_builder.userfiles.library import library_files, read_library


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    for name in ("hvy-cav-battlegroup.toml", "needs-fixing.toml", "tournament-task-force.toml"):
        copy_example(folder, name)
    (folder / "broken.toml").write_text("name = [unclosed\n", encoding="utf-8")
    (folder / ".hidden.toml").write_text("", encoding="utf-8")
    (folder / "notes.txt").write_text("not a roster", encoding="utf-8")
    (folder / "sub").mkdir()
    os.utime(folder / "needs-fixing.toml", (1_700_000_000, 1_700_000_000))
    return folder


def test_the_library_reads_each_roster_of_the_folder(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    assert [p.name for p in library_files(folder)] == [
        "broken.toml", "hvy-cav-battlegroup.toml", "needs-fixing.toml", "tournament-task-force.toml"]
    entries = {e.path.name: e for e in read_library(folder)}
    lancers = entries["hvy-cav-battlegroup.toml"]
    assert (lancers.name, lancers.kind, lancers.cost, lancers.legal) == (
        "3rd Lancers Battlegroup", "Battlegroup", "13/15", True)
    assert lancers.verdict == "✓ LEGAL ≈"  # ≈: rests on provisional core values
    fixing = entries["needs-fixing.toml"]
    assert fixing.legal is False and fixing.verdict.startswith("✗ ") and "error" in fixing.verdict
    assert fixing.date.startswith("2023-11-1")  # the file's own date (local time)
    task_force = entries["tournament-task-force.toml"]
    assert task_force.kind == "Task Force" and task_force.cost.startswith("FP ")  # OtH p.45-48
    broken = entries["broken.toml"]
    assert broken.legal is None and broken.verdict.startswith("cannot be used")


def test_the_search_keeps_entries_with_every_word(tmp_path: Path) -> None:
    entries = read_library(_folder(tmp_path))
    assert [e.path.name for e in entries if e.matches("lancers")] == ["hvy-cav-battlegroup.toml"]
    assert [e.path.name for e in entries if e.matches("NOT legal")] == ["needs-fixing.toml"]
    assert [e.path.name for e in entries if e.matches("task force")] == ["tournament-task-force.toml"]
    assert len([e for e in entries if e.matches("")]) == 4


def test_duplicate_as_a_new_list_is_unsaved_and_keeps_its_rules_file(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "house-list.toml"
    shutil.copy(example("hvy-cav-battlegroup.toml"), path)
    (folder / "house.toml").write_text('[upgrades.agile_frame]\ncost = 2\nsource = "house"\n',
                                       encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    path.write_text('overrides = "house.toml"\n' + text, encoding="utf-8")
    session = Session.open_as_new_list(path)
    assert session.path is None and session.dirty
    assert session.roster.name == "3rd Lancers Battlegroup (copy)"
    assert session.roster.overrides == str((folder / "house.toml").resolve())
    assert session.undo() and session.roster.name == "3rd Lancers Battlegroup"
    assert path.read_text(encoding="utf-8") == 'overrides = "house.toml"\n' + text  # untouched
    assert len(copy_name("x" * 200)) <= 200


async def _library(app: HorizonApp, pilot, count: int = 4) -> LibraryPane:
    await until(pilot, lambda: app.loaded, "the roster")
    await pilot.press("ctrl+o")
    await shown(pilot, OpenRosterDialog)
    await pilot.press("ctrl+l")
    await until(pilot, lambda: bool(app.screen.query(LibraryPane)), "the library")
    pane = app.screen.query_one(LibraryPane)
    await until(pilot, lambda: len(pane.entries) == count, "the folder read")
    return pane


async def test_the_library_in_the_open_dialog_searches_and_opens(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    app = HorizonApp(folder / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        pane = await _library(app, pilot)
        table = pane.query_one(LibraryTable)
        assert table.row_count == 4
        assert [str(c.label) for c in table.columns.values()] == [
            "Name", "Kind", "FC", "Verdict", "Changed", "File"]
        await pilot.press(*"fixing")  # typed in the search
        await until(pilot, lambda: table.row_count == 1, "one match")
        await pilot.press("enter")  # to the table
        assert app.focused is table
        await pilot.press("enter")  # opens it
        await until(pilot, lambda: app.session.path is not None
                    and app.session.path.name == "needs-fixing.toml", "opened from the library")
    assert not app.session.dirty


async def test_down_in_the_search_goes_to_the_results(tmp_path: Path) -> None:
    """Issue 33 item 9: Down in the library's search moves the focus to the results (as Enter
    does), the roster found highlighted; Down again moves in them."""
    from textual.widgets import Input

    folder = _folder(tmp_path)
    app = HorizonApp(folder / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        pane = await _library(app, pilot)
        search = pane.query_one("#library-search", Input)
        await until(pilot, lambda: app.screen.focused is search, "the search focused")
        await pilot.press(*"task")
        await until(pilot, lambda: len(pane.shown) >= 1, "found")
        await pilot.press("down")
        table = pane.query_one(LibraryTable)
        await until(pilot, lambda: app.screen.focused is table, "the results focused")
        assert pane.highlighted is not None and pane.highlighted.path.name == "tournament-task-force.toml"


async def test_duplicate_as_a_new_list_from_the_library(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    before = (folder / "hvy-cav-battlegroup.toml").read_bytes()
    app = HorizonApp(folder / "needs-fixing.toml")
    async with app.run_test(size=SIZE) as pilot:
        pane = await _library(app, pilot)
        await pilot.press(*"lancers", "enter")
        await until(pilot, lambda: pane.query_one(LibraryTable).row_count == 1, "one match")
        await pilot.press("n")  # duplicate as a new list
        await until(pilot, lambda: app.session.roster.name == "3rd Lancers Battlegroup (copy)",
                    "the copy")
        assert app.session.path is None and app.unsaved
        assert app.files.suggested_path() == str(folder / "3rd-lancers-battlegroup-copy.toml")
    assert (folder / "hvy-cav-battlegroup.toml").read_bytes() == before


async def test_ctrl_l_goes_back_to_the_folders_and_the_library_follows_them(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    copy_example(folder / "sub", "oth-biowar.toml")
    app = HorizonApp(folder / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        pane = await _library(app, pilot)
        dialog = app.screen
        await pilot.press("ctrl+l")
        tree = dialog.query_one("#open-tree")
        assert dialog.query_one("#open-views").current == "open-browser" and app.focused is tree
        tree.path = folder / "sub"
        await pilot.pause()
        await pilot.press("ctrl+l")
        await until(pilot, lambda: [e.path.name for e in pane.entries] == ["oth-biowar.toml"],
                    "the library of the folder shown")


@settings(max_examples=40, deadline=None)
@given(contents=st.lists(st.one_of(st.binary(max_size=200),
                                   st.sampled_from([b'name = "x"\nforce_cost = 0\n', b"[[elements]]\n",
                                                    b'kind = "task_force"\n', b"\xff\xfe"])),
                         max_size=4))
def test_any_files_in_the_folder_make_a_library(contents: list[bytes]) -> None:
    """Whatever the .toml files of a folder hold, the library lists each one, judged or
    saying why it cannot be used; it never fails."""
    with tempfile.TemporaryDirectory() as folder:
        for n, data in enumerate(contents):
            (Path(folder) / f"list-{n}.toml").write_bytes(data)
        entries = read_library(Path(folder))
    assert len(entries) == len(contents)
    for entry in entries:
        assert entry.legal is not None or entry.verdict.startswith("cannot be")
        assert entry.matches("") and entry.date


async def test_the_open_button_opens_the_roster_highlighted_in_the_library(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    app = HorizonApp(folder / "needs-fixing.toml")
    async with app.run_test(size=(80, 24)) as pilot:  # the smallest terminal: all of it fits
        pane = await _library(app, pilot)
        table = pane.query_one(LibraryTable)
        assert table.size.height >= 4 and pane.query_one("#library-duplicate").region.height > 0
        table.focus()
        table.move_cursor(row=[e.path.name for e in pane.shown].index("hvy-cav-battlegroup.toml"))
        await pilot.click("#ok")
        await until(pilot, lambda: app.session.path is not None
                    and app.session.path.name == "hvy-cav-battlegroup.toml", "opened by the button")


async def test_the_librarys_every_column_is_read_at_80x24(tmp_path: Path) -> None:
    """Issue 33 item 8: the File and Changed columns were off the screen at 80 columns: the
    highlighted roster is shown whole under the table (its file, kind, FC, verdict and date),
    and the table keeps its heading and six rows and more."""
    from textual.widgets import Label

    folder = _folder(tmp_path)
    app = HorizonApp(folder / "needs-fixing.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await _library(app, pilot)
        table = pane.query_one(LibraryTable)
        table.focus()
        for row in range(len(pane.shown)):
            table.move_cursor(row=row)
            await pilot.pause()
            entry = pane.highlighted
            assert entry is not None
            shown_row = pane.query_one("#library-row", Label)
            flat = " ".join(str(shown_row.render()).split())
            for part in (entry.name, entry.path.name, entry.kind, entry.cost, entry.verdict,
                         entry.date):
                assert " ".join(part.split()) in flat, part
        assert app.screen.can_view_entire(shown_row)
        assert table.scrollable_content_region.height >= 7


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_every_library_column_fits_at_80_columns(tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 33 item 8: at 80 columns the library scrolled sideways for its File and Changed
    columns. Below 100 columns it drops the File column and gives a short date (the line under
    the table shows both whole), cuts a long name or verdict, and every heading is on screen,
    with a scroll bar for many rosters too; 120x40 keeps the full form."""
    folder = _folder(tmp_path)
    for number in range(12):  # more than the table shows: a vertical scroll bar
        shutil.copy(folder / "tournament-task-force.toml", folder / f"copy-{number:02}.toml")
    long = folder / "long.toml"
    long.write_text((folder / "hvy-cav-battlegroup.toml").read_text(encoding="utf-8").replace(
        'name = "', 'name = "A very long name for a battlegroup indeed ', 1), encoding="utf-8")
    app = HorizonApp(folder / "needs-fixing.toml")
    async with app.run_test(size=size) as pilot:
        pane = await _library(app, pilot, count=17)
        table = pane.query_one(LibraryTable)
        await pilot.pause()
        headings = [str(c.label) for c in table.columns.values()]
        if size == (120, 40):
            assert headings == ["Name", "Kind", "FC", "Verdict", "Changed", "File"]
            assert table.get_row_at(0)[4] == pane.shown[0].date
            return
        assert headings == ["Name", "Kind", "FC", "Verdict", "Date"]
        visible = table.scrollable_content_region.width
        right = 0
        for column in table.columns.values():
            right += column.get_render_width(table)
            assert right <= visible, (str(column.label), right, visible)
        assert table.virtual_size.width <= visible
        assert max(len(str(table.get_row_at(r)[0])) for r in range(table.row_count)) <= 18
        assert len(pane.shown[0].short_date()) <= 8
        await pilot.resize_terminal(120, 40)  # the full form, drawn at its widths at once
        await until(pilot, lambda: len(table.columns) == 6, "the full form")
        await pilot.pause()
        drawn = ["".join(s.text for s in line)
                 for line in table.render_lines(table.region.reset_offset)]
        assert drawn[0].split() == ["Name", "Kind", "FC", "Verdict"], drawn[0]  # (scrolls on)
        for entry, line in zip(pane.shown, drawn[1:], strict=False):
            assert f" {entry.name[:31]}" in line and f" {entry.kind} " in line, line


def test_the_short_date_is_the_time_today_the_day_this_year_else_the_month(tmp_path: Path) -> None:
    import datetime as dt

    from horizon_builder.userfiles.library import LibraryEntry

    changed = dt.datetime(2026, 11, 27, 19, 29)
    entry = LibraryEntry(tmp_path / "a.toml", "a", "Battlegroup", "13/15", "✓ LEGAL", True,
                         changed.timestamp())
    assert entry.short_date(dt.datetime(2026, 11, 27, 23, 0)) == "19:29"
    assert entry.short_date(dt.datetime(2026, 12, 1)) == "27 Nov"
    assert entry.short_date(dt.datetime(2027, 1, 2)) == "Nov 2026"
