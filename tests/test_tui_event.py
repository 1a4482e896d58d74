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
