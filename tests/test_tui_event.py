"""The Event screen's own behaviour beyond the journey (tests/test_journey_event_tui.py):
a file that cannot be written is said, not a traceback, and nothing changes."""

from __future__ import annotations

import errno
from pathlib import Path

from helpers_event import write_lists, write_preset
from helpers_tui import shown, until

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.screens.event import EventScreen


async def test_a_full_disk_is_said_and_the_event_is_unchanged(tmp_path: Path, monkeypatch):
    from horizon_builder import tomlfile

    lists = write_lists(tmp_path, "AB")
    event = tmp_path / "event.toml"
    assert main(["event", "new", str(event), "--preset",
                 str(write_preset(tmp_path / "club.toml")), *map(str, lists)]) == 0
    before = event.read_bytes()
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, EventScreen)

        def full(*_args, **_kw):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(tomlfile, "_write_atomic", full)
        await pilot.press("p")
        await until(pilot, lambda: any("No space left" in str(n.message)
                                       for n in app._notifications), "the error said")
        assert event.read_bytes() == before and not load_event(event).event.rounds
        assert isinstance(app.screen, EventScreen)


async def test_drop_out_and_late_entrant_on_the_screen(tmp_path: Path):
    """d drops the selected commander (results kept, no more pairings); j registers a late
    entrant's list, judged and pinned, paired from the next round."""
    from textual.widgets import DataTable, Input

    from horizon_builder.tui.dialogs import ConfirmDialog, PathPrompt

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
