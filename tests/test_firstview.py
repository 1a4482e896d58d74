"""A first start's home view, worked out in a second process while Textual starts
(tui/firstview.py, issue 13): it is the view the app shows once the session is in, it is
shown in the first frame, and anything amiss leaves the app to load the roster itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers_tui import EXAMPLES, copy_example, home, until

from horizon_builder.session import Session
from horizon_builder.tui import firstview
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.homecache import _file

SIZE = (120, 40)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", str(folder))
    # the terminal the command line sees is the one the app runs in
    monkeypatch.setattr(firstview, "terminal_size", lambda: SIZE)
    yield folder
    firstview.discard()


async def _run(path: Path, painted: list[str]) -> tuple[HorizonApp, list[str]]:
    """Start the app on ``path`` and wait until the view for the next start is kept; the
    app, and the names in its element table."""
    app = HorizonApp(path)
    app.roster_painted = painted.append  # type: ignore[method-assign,assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and painted, "the roster on screen")
        await until(pilot, lambda: (f := _file(path.resolve())) is not None and f.is_file(),
                    "the view kept for the next start")
        table = home(app).table
        assert table.size.width == SIZE[0]  # the element table spans the screen
        return app, [row.name for row in table.rows_shown]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
async def test_the_second_process_works_out_the_view_the_app_shows(name: str, tmp_path: Path,
                                                                    cache: Path) -> None:
    path = copy_example(tmp_path, name)
    app, _ = await _run(path, [])
    kept = json.loads(_file(path.resolve()).read_text(encoding="utf-8"))["view"]  # type: ignore[union-attr]
    worked_out = firstview.home_view(Session.open(path), SIZE[0])
    assert json.loads(json.dumps(worked_out)) == kept
    assert kept["rows"] and kept["title"] == path.name == str(app.title)


async def test_a_first_start_shows_the_second_process_view_in_its_first_frame(
        tmp_path: Path, cache: Path) -> None:
    path = copy_example(tmp_path, "oth-metaformers.toml")
    firstview.prepare(path, ())
    assert firstview._builder is not None  # no view kept: one is worked out
    painted: list[str] = []
    _, names = await _run(path, painted)
    assert painted == ["kept"]  # before the session: the second process's view
    assert firstview._builder is None
    assert names == [
        r["name"] for r in firstview.home_view(Session.open(path), SIZE[0])["rows"]]


async def test_no_second_process_when_a_kept_view_will_do(tmp_path: Path, cache: Path) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    await _run(path, [])
    firstview.prepare(path, ())
    assert firstview._builder is None


async def test_a_roster_the_second_process_cannot_open_is_loaded_by_the_app(
        tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = [\n", encoding="utf-8")
    firstview.prepare(path, ())
    builder = firstview._builder
    assert builder is not None
    assert builder.view() is None and builder.process.returncode == 0  # it says: none


def test_a_view_for_another_width_is_not_taken(tmp_path: Path, cache: Path) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    firstview.prepare(path, ())
    builder = firstview._builder
    assert builder is not None
    assert firstview.take_view(SIZE[0] + 1) is None  # the screen was resized meanwhile
    assert builder.process.poll() is not None  # and the process is stopped
    assert firstview._builder is None


def test_no_second_process_for_a_new_roster(tmp_path: Path, cache: Path) -> None:
    firstview.prepare(tmp_path / "new.toml", ())
    firstview.prepare(None, ())
    assert firstview._builder is None


def test_the_command_line_starts_it_before_the_app(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from horizon_builder.cli.main import main

    calls: list[tuple[str, object]] = []
    monkeypatch.setattr(firstview, "prepare", lambda path, overrides: calls.append(
        ("prepare", (path, list(overrides)))))
    monkeypatch.setattr("horizon_builder.tui.app.run_app",
                        lambda path, **kwargs: calls.append(("app", path)) or 0)
    roster = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    assert main([str(roster), "--ruleset", "house.toml"]) == 0
    assert calls == [("prepare", (roster, ["house.toml"])), ("app", roster)]
    calls.clear()
    assert main(["--event", "tournament-standard", str(tmp_path)]) == 0
    assert [c[0] for c in calls] == ["app"]  # the organiser's screen: no home view first
