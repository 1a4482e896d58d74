"""Snapshot tests: every scenario of ``tests/screen_scenarios.py`` looks as it did.

The stored snapshots are in ``tests/__snapshots__``; after a deliberate change to
a screen, review it and update them with ``pytest tests/test_snapshots.py
--snapshot-update`` (and ``python scripts/screenshots.py`` for the README).
"""

from __future__ import annotations

import pytest
from screen_scenarios import SHOTS, Shot, opened, play
from textual.pilot import Pilot

COMPARED = [s for s in SHOTS if s.unstable is None]


@pytest.mark.parametrize("shot", COMPARED, ids=[s.name for s in COMPARED])
def test_screen_looks_as_before(shot: Shot, snap_compare, tmp_path) -> None:
    async def run_before(pilot: Pilot) -> None:
        await play(shot, pilot)

    with opened(shot, tmp_path) as app:
        assert snap_compare(app, terminal_size=shot.size, run_before=run_before)


def test_every_scenario_is_compared_or_says_why_not() -> None:
    assert len({s.name for s in SHOTS}) == len(SHOTS)
    assert [s.name for s in SHOTS if s.unstable is not None] == ["command-palette", "failure"]
