"""The home view kept from the last run (tui/roster/homeview.py, issue 13): a second start on the
same roster paints it before the rules engine is loaded; any change it rests on (here the
roster file) makes the app wait for the session instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_tui import copy_example, until

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.homecache import _file

SIZE = (120, 40)


async def _run(path: Path, painted: list[str]) -> list[str]:
    """Start the app on ``path`` once; the table's names once the session is in."""
    app = HorizonApp(path)
    app.roster_painted = painted.append  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and painted, "the roster on screen")
        await until(pilot, lambda: (f := _file(path.resolve())) is not None and f.is_file(),
                    "the view kept for the next start")
        return [row.name for row in app.screen_stack[0].table.rows_shown]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", str(folder))
    return folder


async def test_a_second_start_paints_the_kept_view_first(tmp_path: Path, cache: Path) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    first: list[str] = []
    names = await _run(path, first)
    assert first == ["session"]  # nothing kept yet: the session's own frame
    second: list[str] = []
    assert await _run(path, second) == names
    assert second == ["kept"]  # the last run's view, before the engine is imported


async def test_a_changed_roster_file_is_not_shown_from_the_kept_view(tmp_path: Path,
                                                                     cache: Path) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    await _run(path, [])
    path.write_text(path.read_text(encoding="utf-8").replace("Lancer Troop A", "Lancer Troop Z"),
                    encoding="utf-8")
    painted: list[str] = []
    names = await _run(path, painted)
    assert painted == ["session"] and "Lancer Troop Z" in names


def test_only_the_views_of_the_rosters_opened_last_are_kept(tmp_path: Path, cache: Path) -> None:
    """A home view was kept for every roster ever opened (issue 36 item 5)."""
    from horizon_builder.tui.roster.homecache import KEEP, read_kept, store

    view = {"title": "t"}  # store keeps any JSON view; reading one back is the tests above
    paths = [tmp_path / f"r{number}.toml" for number in range(KEEP + 6)]
    for path in paths:
        path.write_text("name = 'x'\n", encoding="utf-8")
        store((), SIZE, path.resolve(), [], view)
    kept = sorted(cache.glob("home-*.json"))
    assert len(kept) == KEEP
    newest = _file(paths[-1].resolve())
    assert newest is not None and newest in kept
    assert read_kept(paths[-1].resolve(), (), SIZE) is None  # not a whole view: not used
