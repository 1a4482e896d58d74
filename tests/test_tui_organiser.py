"""The organiser's screen and the event screen (OtH p.45-48), driven as an organiser would."""

from __future__ import annotations

import csv
from pathlib import Path

from helpers_tui import shown, until
from textual.widgets import DataTable, Input, SelectionList, Static

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.dialogs.event_result import ResultDialog
from horizon_builder.tui.dialogs.organiser import WriteFileDialog
from horizon_builder.tui.screens.event import EventScreen
from horizon_builder.tui.screens.organiser import ListViewScreen, OrganiserScreen

EXAMPLES = Path(__file__).parent.parent / "examples"
LEGAL_AT_16 = (EXAMPLES / "oth-biowar.toml").read_text()
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


async def test_organiser_screen_judges_sorts_watches_opens_and_exports(tmp_path):
    lists = _folder(tmp_path)
    preset = EXAMPLES.parent / "presets" / "oth-tournament.toml"
    app = HorizonApp(start=("organiser", lists, preset))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OrganiserScreen)
                    and app.screen.judged >= 1, "the lists judged")
        screen = app.screen
        assert isinstance(screen, OrganiserScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 12
        summary = str(screen.query_one("#org-summary", Static).render())
        assert "10 legal" in summary and "1 not legal" in summary and "1 unreadable" in summary
        # sorted by verdict: the column header, as a click would
        column = table.columns["verdict"]
        table.post_message(DataTable.HeaderSelected(table, column.key, 6, column.label))
        await pilot.pause()
        verdicts = [str(table.get_row_at(i)[6]) for i in range(table.row_count)]
        assert verdicts == sorted(verdicts, key=str.casefold)
        # live: a list added on disk is judged without a key press
        (lists / "late.toml").write_text(LEGAL_AT_16)
        await until(pilot, lambda: table.row_count == 13, "the new list judged", timeout=15)
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


async def test_event_screen_pairs_and_enters_results(tmp_path):
    lists = tmp_path / "lists"
    lists.mkdir()
    for n in "ABCD":
        (lists / f"{n}.toml").write_text(TASK_FORCE.replace(
            'name = "Red Meridian Task Force"', f'name = "TF {n}"\ncommander = "{n}"'))
    (tmp_path / "preset.toml").write_text('[event]\nname = "Club"\nforce_cost = 12\n')
    event_file = tmp_path / "club.toml"
    assert main(["event", "new", str(event_file), "--preset", str(tmp_path / "preset.toml"),
                 *(str(lists / f"{n}.toml") for n in "ABCD")]) == 0
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
