"""Snapshot tests: every scenario of ``tests/screen_scenarios.py`` looks as it did.

The stored snapshots are in ``tests/__snapshots__``; after a deliberate change to
a screen, review it and update them with ``pytest tests/test_snapshots.py
--snapshot-update`` (and ``python scripts/screenshots.py`` for the README).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from screen_scenarios import ROOT, SHOTS, Shot, app_for, play
from textual.pilot import Pilot


@pytest.mark.parametrize("shot", [s for s in SHOTS if s.unstable is None],
                         ids=[s.name for s in SHOTS if s.unstable is None])
def test_screen_looks_as_before(shot: Shot, snap_compare, tmp_path, monkeypatch) -> None:
    # The app runs in a folder of the same name on every machine (the save dialog names
    # it), holding a copy of the examples, so every path a screen shows is the same.
    here = Path(tempfile.gettempdir()) / "horizon-builder-snapshots"
    shutil.copytree(ROOT / "examples", here / "examples", dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path if shot.roster == "<broken>" else here)

    async def run_before(pilot: Pilot) -> None:
        await play(shot, pilot)

    assert snap_compare(app_for(shot, tmp_path), terminal_size=shot.size, run_before=run_before)
