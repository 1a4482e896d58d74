"""The Event screen's own behaviour beyond the journey (tests/test_journey_event_tui.py):
a file that cannot be written is said, not a traceback, and nothing changes."""

from __future__ import annotations

import errno
from pathlib import Path

from helpers_event import write_lists, write_preset
from helpers_told import Told
from helpers_tui import shown, until

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.event.event_screen import EventScreen


async def test_a_full_disk_is_said_and_the_event_is_unchanged(tmp_path: Path, monkeypatch):
    from horizon_builder.files import tomlfile

    lists = write_lists(tmp_path, "AB")
    event = tmp_path / "event.toml"
    assert main(["event", "new", str(event), "--preset",
                 str(write_preset(tmp_path / "club.toml")), *map(str, lists)]) == 0
    before = event.read_bytes()
    app = HorizonApp(start=("event", event, None))
    told = Told()
    async with app.run_test(size=(100, 30), message_hook=told) as pilot:
        await shown(pilot, EventScreen)

        def full(*_args, **_kw):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(tomlfile, "_write_atomic", full)
        await pilot.press("p")
        await until(pilot, lambda: any("No space left" in str(n.message)
                                       for n in told), "the error said")
        assert event.read_bytes() == before and not load_event(event).event.rounds
        assert isinstance(app.screen, EventScreen)


async def test_drop_out_and_late_entrant_on_the_screen(tmp_path: Path):
    """d drops the selected commander (results kept, no more pairings); j registers a late
    entrant's list, judged and pinned, paired from the next round."""
    from textual.widgets import DataTable, Input

    from horizon_builder.tui.common.dialogs import ConfirmDialog, PathPrompt

    lists = write_lists(tmp_path, "ABCD")
    event = tmp_path / "event.toml"
    assert main(["event", "new", str(event), "--preset",
                 str(write_preset(tmp_path / "club.toml")), *map(str, lists[:3])]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await shown(pilot, EventScreen)
        table = screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("B"))
        await pilot.press("d")
        await shown(pilot, ConfirmDialog)
        await pilot.press("y")
        await until(pilot, lambda: load_event(event).event.commander("B").dropped, "B dropped")
        await pilot.press("j")
        prompt = await shown(pilot, PathPrompt)
        prompt.query_one("#path", Input).value = str(lists[3])
        await pilot.press("enter")
        await until(pilot, lambda: load_event(event).event.commander("D") is not None, "D joined")
        assert load_event(event).event.commander("D").pin is not None
        await shown(pilot, EventScreen)
        await pilot.press("p")
        await until(pilot, lambda: len(load_event(event).event.rounds) == 1, "round 1")
        playing = {n for b in load_event(event).event.rounds[0].battles for n in b.players}
        assert playing == {"A", "C", "D"}


async def test_a_list_changed_on_disk_is_named_without_leaving_the_screen(tmp_path: Path):
    """A player's changed list saved into the folder during the night: the open Event screen
    notices it (as the Organiser screen does), names it, and a accepts it at once; the
    selected row stays selected."""
    from textual.widgets import DataTable, Static

    lists, event = registered(tmp_path, "ABC")
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await shown(pilot, EventScreen)
        table = screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("B"))
        lists[1].write_text(lists[1].read_text().replace('name = "Pike"', 'name = "Spear"'))

        def notes() -> str:
            return str(screen.query_one("#event-problem", Static).render())

        await until(pilot, lambda: "B's list" in notes() and "changed since registration"
                    in notes(), "the change noticed")
        assert screen.selected() == "B"
        await pilot.press("a")
        await until(pilot, lambda: "changed since registration" not in notes(), "accepted")
        assert load_event(event).changed() == []


async def test_slips_and_results_sheet_printed_from_the_screen(tmp_path: Path):
    """s writes the last round's pairing slips and h its results sheet (issue 23 item 11),
    as `event slips` and `event sheet` do: .html a page to print, anything else text."""
    from textual.widgets import Input

    from horizon_builder.tui.event.organiser_dialogs import WriteFileDialog

    _lists, event = registered(tmp_path, "ABC")
    app = HorizonApp(start=("event", event, None))
    told = Told()
    async with app.run_test(size=(120, 36), message_hook=told) as pilot:
        await shown(pilot, EventScreen)
        await pilot.press("s")  # no round yet: said, nothing asked
        await until(pilot, lambda: any("no round is paired yet" in str(n.message).lower()
                                       for n in told), "said")
        await pilot.press("p")
        await until(pilot, lambda: len(load_event(event).event.rounds) == 1, "round 1")
        for key, name, expected in (("s", "slips.html", "<pre>Club night: round 1, table 1"),
                                    ("h", "sheet.txt", "results sheet, round 1")):
            await pilot.press(key)
            dialog = await shown(pilot, WriteFileDialog)
            assert "round1" in dialog.query_one("#write-path", Input).value
            dialog.query_one("#write-path", Input).value = str(tmp_path / name)
            await pilot.press("enter")
            await until(pilot, lambda n=name: (tmp_path / n).exists(), f"{name} written")
            assert expected in (tmp_path / name).read_text()
            await shown(pilot, EventScreen)


def registered(folder: Path, names: str) -> tuple[list[Path], Path]:
    """Lists of these commanders registered in an event file (`event new`)."""
    lists = write_lists(folder, names)
    event = folder / "event.toml"
    assert main(["event", "new", str(event), "--preset",
                 str(write_preset(folder / "club.toml")), *map(str, lists)]) == 0
    return lists, event


async def test_a_long_name_is_shown_whole_in_the_standings(tmp_path: Path):
    """The standings' columns widen to their cells: "B (dropped out)" or a long commander
    name is never cut to the heading's width."""
    from textual.widgets import DataTable

    _lists, event = registered(tmp_path, "ABC")
    assert main(["event", "drop", str(event), "B"]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await shown(pilot, EventScreen)
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 3, "the standings")
        await pilot.pause()
        widths = {str(c.label): c.get_render_width(table) for c in table.ordered_columns}
        assert widths["Commander"] >= len("B (dropped out)"), widths


async def test_the_result_dialog_says_a_correction_whole(tmp_path: Path):
    """The dialog opened on a result entered already says so, and that a change is a
    correction, on as many lines as it takes (never cut at the dialog's edge)."""
    from textual.widgets import Label

    from horizon_builder.tui.event.result_dialog import ResultDialog

    _lists, event = registered(tmp_path, "AB")
    assert main(["event", "pair", str(event)]) == 0
    assert main(["event", "result", str(event), "A", "6", "5", "--destroyed", "hi1"]) == 0
    assert main(["event", "result", str(event), "B", "3", "2"]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 36)) as pilot:
        await shown(pilot, EventScreen)
        await pilot.press("r")
        dialog = await shown(pilot, ResultDialog)
        await pilot.pause()
        label = dialog.query_one("#result-problem", Label)
        text = str(label.render())
        assert "the old result is kept" in text
        assert label.region.height >= 2 and label.region.right <= dialog.query_one(
            "#result-box").region.right


async def test_the_title_says_when_the_standings_are_final(tmp_path: Path):
    """Once the preset's last round has every result (OtH p.48: after the final round), the
    screen's title says the standings are final."""
    from textual.widgets import Static

    _lists, event = registered(tmp_path, "AB")
    for number in (1, 2, 3):
        assert main(["event", "pair", str(event)]) == 0
        assert main(["event", "result", str(event), "A", str(number), "1"]) == 0
        if number < 3:
            assert main(["event", "result", str(event), "B", "2", "1"]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await shown(pilot, EventScreen)

        def title() -> str:
            return str(screen.query_one("#event-title", Static).render())

        await until(pilot, lambda: "round 3 of 3" in title(), "the title")
        assert "final" not in title()  # B's result of round 3 is still to come
        assert main(["event", "result", str(event), "B", "2", "1"]) == 0
        await until(pilot, lambda: "final standings" in title(), "the title says final")


async def test_the_result_dialog_fits_a_small_terminal(tmp_path: Path):
    """At 80x24 the result dialog shows its buttons, also when it opens on a result entered
    already (its note takes two lines): the list of elements scrolls instead."""
    from textual.widgets import Button

    from horizon_builder.tui.event.result_dialog import ResultDialog

    _lists, event = registered(tmp_path, "AB")
    assert main(["event", "pair", str(event)]) == 0
    assert main(["event", "result", str(event), "A", "6", "5"]) == 0
    assert main(["event", "result", str(event), "B", "6", "5"]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, EventScreen)
        await pilot.press("r")
        dialog = await shown(pilot, ResultDialog)
        await pilot.pause()
        box = dialog.query_one("#result-box").region
        for button in dialog.query(Button):
            region = button.region
            assert region.height == 3 and box.contains_region(region), (region, box)


async def test_corrections_are_listed_on_the_screen(tmp_path: Path):
    """The results replaced are listed under the rounds (round, commander, when, old and
    new), as the standings printout lists them."""
    from textual.widgets import Static

    _lists, event = registered(tmp_path, "AB")
    assert main(["event", "pair", str(event)]) == 0
    assert main(["event", "result", str(event), "A", "6", "5"]) == 0
    assert main(["event", "result", str(event), "A", "7", "5", "--correct"]) == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await shown(pilot, EventScreen)
        await pilot.pause()
        text = str(screen.query_one("#event-rounds", Static).render())
        assert "Corrections" in text and "round 1, A" in text
        assert "was 6 VP, tie-break 5, now 7 VP, tie-break 5" in text
