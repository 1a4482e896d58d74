"""The organiser's screen and the event screen (OtH p.45-48), driven as an organiser would."""

from __future__ import annotations

import csv
from pathlib import Path

from helpers_told import Told
from helpers_tui import shown, until
from textual.widgets import DataTable, Input, SelectionList, Static

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.event.event_screen import EventScreen
from horizon_builder.tui.event.organiser_dialogs import WriteFileDialog
from horizon_builder.tui.event.organiser_screen import ListViewScreen, OrganiserScreen
from horizon_builder.tui.event.organising import open_organiser
from horizon_builder.tui.event.result_dialog import ResultDialog

EXAMPLES = Path(__file__).parent.parent / "examples"
# a Task Force (a battlegroup entered in a tournament is an error, OtH p.46)
LEGAL_AT_16 = (EXAMPLES / "oth-biowar.toml").read_text().replace('kind = "battlegroup"',
                                                                 'kind = "task_force"')
TASK_FORCE = (EXAMPLES / "tournament-task-force.toml").read_text()
SIZE = (120, 36)


def _folder(tmp_path: Path) -> Path:
    lists = tmp_path / "lists"
    lists.mkdir()
    for i in range(11):
        (lists / f"list-{i:02}.toml").write_text(LEGAL_AT_16.replace(
            'name = "Brood of Tesbury Vale"', f'name = "Brood {i}"\ncommander = "Player {i}"'))
    (lists / "list-03.toml").write_text(LEGAL_AT_16.replace("force_cost = 16", "force_cost = 18"))
    (lists / "broken.toml").write_text('name = "Broken\n')
    return lists



async def _judged(pilot, app: HorizonApp, what: str = "the lists judged") -> None:
    """Wait until the organiser's screen is up and has judged its first list."""
    await until(pilot, lambda: isinstance(app.screen, OrganiserScreen) and app.screen.judged >= 1,
                what)

async def test_organiser_screen_judges_sorts_watches_opens_and_exports(tmp_path):
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(start=("organiser", lists, preset))
    async with app.run_test(size=SIZE) as pilot:
        await _judged(pilot, app)
        screen = app.screen
        assert isinstance(screen, OrganiserScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 12
        summary = str(screen.query_one("#org-summary", Static).render())
        assert "10 legal" in summary and "1 not legal" in summary and "1 unreadable" in summary
        # sorted by verdict: the column header, as a click would
        column = table.columns["verdict"]
        index = list(table.columns).index(column.key)
        table.post_message(DataTable.HeaderSelected(table, column.key, index, column.label))
        await pilot.pause()
        verdicts = [str(v) for v in table.get_column("verdict")]
        assert verdicts == sorted(verdicts, key=str.casefold)
        # live: a list added on disk is judged without a key press
        (lists / "late.toml").write_text(LEGAL_AT_16)
        await until(pilot, lambda: table.row_count == 13, "the new list judged")
        # Enter: the list read-only, as printed, with its verdict
        table.focus()
        table.move_cursor(row=0)
        await pilot.press("enter")
        await shown(pilot, ListViewScreen)
        text = str(app.screen.query_one("#list-view", Static).render())
        assert "VERDICT" in text.upper()
        await pilot.press("escape")
        await shown(pilot, OrganiserScreen)
        # export the table as CSV
        await pilot.press("x")
        await shown(pilot, WriteFileDialog)
        target = tmp_path / "table.csv"
        app.screen.query_one("#write-path", Input).value = str(target)
        await pilot.press("enter")
        await until(pilot, target.exists, "the table written")
        rows = list(csv.DictReader(target.open()))
        assert len(rows) == 13 and {r["verdict"] for r in rows} >= {"LEGAL", "UNREADABLE"}


def _event_file(tmp_path: Path, names: str) -> Path:
    """An event of the Task Forces of ``names`` (one letter each) for a club preset."""
    lists = tmp_path / "lists"
    lists.mkdir()
    for n in names:
        (lists / f"{n}.toml").write_text(TASK_FORCE.replace(
            'name = "Red Meridian Task Force"', f'name = "TF {n}"\ncommander = "{n}"'))
    (tmp_path / "preset.toml").write_text('[event]\nname = "Club"\nforce_cost = 12\n')
    event_file = tmp_path / "club.toml"
    assert main(["event", "new", str(event_file), "--preset", str(tmp_path / "preset.toml"),
                 *(str(lists / f"{n}.toml") for n in names)]) == 0
    return event_file


async def test_event_screen_pairs_and_enters_results(tmp_path):
    event_file = _event_file(tmp_path, "ABCD")
    app = HorizonApp(start=("event", event_file, None))
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, EventScreen)
        await pilot.press("p")
        await until(pilot, lambda: len(load_event(event_file).event.rounds) == 1, "round 1")
        title = app.screen.query_one("#event-title", Static)
        await until(pilot, lambda: "1 round paired" in str(title.render()), "the title's count")
        assert "4 commanders" in str(title.render())  # (issue 24 item 11: one helper)
        battle = load_event(event_file).event.rounds[0].battles[0]
        await pilot.press("r")
        await shown(pilot, ResultDialog)
        dialog = app.screen
        assert dialog.query_one("#result-commander").value == battle.red
        dialog.query_one("#result-vp", Input).value = "9"
        dialog.query_one("#result-tb", Input).value = "3"
        dialog.query_one("#result-destroyed", SelectionList).select("m1")
        await pilot.click("#ok")
        await shown(pilot, EventScreen)
        result = load_event(event_file).event.rounds[0].battles[0].result_of(battle.red)
        assert result is not None and (result.victory_points, result.tie_break) == (9, 3)
        assert result.destroyed == ("m1",)
        table = app.screen.query_one(DataTable)
        assert str(table.get_row_at(0)[1]) == battle.red  # 9 VP leads
        await pilot.press("p")  # round 1 still has battles without results: refused, said
        await pilot.pause()
        assert len(load_event(event_file).event.rounds) == 1
        # issue 24 item 10: no roster keys here (its "undo" is the event's own u: it takes back
        # the last change to the event, issue 23 item 3); opened from the command line, Esc quits
        assert not _footer_keys(app) & {"app.save", "save", "app.undo"}
        assert not app.check_action("undo", ()) and app.screen.check_action("undo", ()) is not False
        await pilot.press("escape")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")


# --- issue 24 item 10: the organiser's screens offer only their own keys ------------------------
def _footer_keys(app: HorizonApp) -> set[str]:
    from horizon_builder.tui.common.keys_footer import KeyLabel

    return {key.action for key in app.screen.query(KeyLabel) if key.display}


async def test_organiser_screens_offer_no_roster_keys_and_esc_quits_when_started_alone(tmp_path):
    """Opened from the command line: no ctrl+s (an empty "new-battlegroup.toml" saved) nor
    ctrl+z in the footer or by key, Esc from the list's view goes back, Esc from the organiser
    quits (there is no roster under it), and an unreadable list's view shows its line breaks."""
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(start=("organiser", lists, preset))
    async with app.run_test(size=(80, 24)) as pilot:
        await _judged(pilot, app)
        await until(pilot, lambda: bool(_footer_keys(app)), "the footer")
        keys = _footer_keys(app)
        assert not keys & {"app.save", "save", "app.undo", "undo"}, keys
        assert "leave" in keys and "close" not in keys, keys  # the footer says Esc quits
        assert not app.check_action("save", ()) and not app.check_action("undo", ())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OrganiserScreen)  # no "save as" dialog
        assert list(tmp_path.rglob("new-battlegroup*")) == []
        # the unreadable list, read
        screen = app.screen
        table = screen.query_one(DataTable)
        row = next(i for i, r in enumerate(screen.results) if r["path"].endswith("broken.toml"))
        table.focus()
        table.move_cursor(row=row)
        await pilot.press("enter")
        view = await shown(pilot, ListViewScreen)
        text = view.query_one("#list-view", Static).render()
        assert str(text).startswith(f"This list cannot be read:\n{lists}"), str(text)
        assert "read:\\n" not in str(text)  # (the TOML error may name the character '\n')
        await pilot.press("escape")
        await shown(pilot, OrganiserScreen)
        await pilot.press("escape")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
        assert app.return_code == 0


async def test_organiser_opened_from_the_palette_goes_back_with_esc(tmp_path):
    """From a roster (the palette's "Judge a folder"), Esc goes back to the roster."""
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(tmp_path / "mine.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        open_organiser(app, (lists, preset))
        await shown(pilot, OrganiserScreen)
        await until(pilot, lambda: "close" in _footer_keys(app), "the footer: Esc goes back")
        assert "leave" not in _footer_keys(app)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, OrganiserScreen), "back")
        assert app.return_code is None and app.is_running
        assert app.check_action("save", ()) is not False



async def test_organiser_screen_at_80_columns_shows_every_verdict(tmp_path):
    """At 80x24 every list's verdict is on screen without scrolling sideways (issue 23): the
    narrow columns come first, the wide ones are dropped, the first error takes the rest;
    a wider terminal brings the dropped columns back."""
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(start=("organiser", lists, preset))
    async with app.run_test(size=(80, 24)) as pilot:
        await _judged(pilot, app)
        table = app.screen.query_one(DataTable)
        await pilot.pause()
        assert table.max_scroll_x == 0  # nothing beyond the right edge
        keys = [str(k.value) for k in table.columns]
        assert keys[:2] == ["file", "verdict"] and "first_error" in keys
        assert "name" not in keys and "kind" not in keys
        lines = [table.render_line(y).text for y in range(table.size.height)]
        verdicts = {str(table.get_row(file)[1]): None for file in table.rows}
        assert set(verdicts) == {"LEGAL", "NOT LEGAL", "UNREADABLE"}
        for row in range(min(table.row_count, table.size.height - 1)):
            file, verdict = (str(c) for c in table.get_row_at(row)[:2])
            assert any(file in line and verdict in line for line in lines), (file, lines)
        await pilot.resize_terminal(160, 40)
        await until(pilot, lambda: "name" in [str(k.value) for k in table.columns],
                    "the list names back")
        assert table.row_count == 12 and table.max_scroll_x == 0


async def test_organiser_screen_says_an_empty_folder(tmp_path):
    """A folder without lists is said, not shown as an empty table (issue 23); a list that
    arrives is judged."""
    lists = tmp_path / "lists"
    lists.mkdir()
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(start=("organiser", lists, preset))
    async with app.run_test(size=(80, 24)) as pilot:
        await _judged(pilot, app, "the folder judged")
        summary = app.screen.query_one("#org-summary", Static)
        assert "No lists in this folder" in str(summary.render())
        (lists / "late.toml").write_text(LEGAL_AT_16)
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 1, "the new list judged")
        assert "1 legal" in str(summary.render())



def _read_only(path: Path) -> Path:
    path.write_text("kept\n")
    path.chmod(0o444)
    return path


async def _export_refused(app: HorizonApp, pilot, told: Told, target: Path) -> str:
    """Press x, write to ``target``: the error notified (returned), the screen kept."""
    screen = app.screen
    await pilot.press("x")
    await shown(pilot, WriteFileDialog)
    app.screen.query_one("#write-path", Input).value = str(target)
    await pilot.press("enter")
    await until(pilot, lambda: any("cannot write" in str(n.message) for n in told),
                "the error said")
    assert app.screen is screen
    return next(str(n.message) for n in told if "cannot write" in str(n.message))


async def test_organiser_export_to_a_file_that_cannot_be_written_is_said(tmp_path):
    """x to a read-only file (or a FIFO, a full disk): the message, as ``-o`` gives it, and
    the screen stays; the file is left as it was, never a traceback (issue 23 items 10, 11)."""
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    target = _read_only(tmp_path / "table.csv")
    app = HorizonApp(start=("organiser", lists, preset))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await _judged(pilot, app)
        message = await _export_refused(app, pilot, told, target)
        assert f"{target}: cannot write: the file is read-only" in message
    assert target.read_text() == "kept\n"


async def test_event_standings_export_to_a_file_that_cannot_be_written_is_said(tmp_path):
    """x on the Event screen to a read-only file: the message, the screen stays, the file is
    left as it was, never a traceback (issue 23 item 10)."""
    target = _read_only(tmp_path / "standings.html")
    app = HorizonApp(start=("event", _event_file(tmp_path, "AB"), None))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await shown(pilot, EventScreen)
        message = await _export_refused(app, pilot, told, target)
        assert f"{target}: cannot write: the file is read-only" in message
    assert target.read_text() == "kept\n"
