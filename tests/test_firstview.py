"""A first start's home view, worked out in a second process while Textual starts
(tui/roster/firstview.py, issue 13): it is the view the app shows once the session is in, it is
shown in the first frame, and anything amiss leaves the app to load the roster itself."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers_tui import EXAMPLES, copy_example, home, until

from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster import firstview
from horizon_builder.tui.roster.homecache import _file, view_data

SIZE = (120, 40)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HORIZON_BUILDER_CACHE_DIR", str(folder))
    # the terminal the command line sees is the one the app runs in
    monkeypatch.setattr(firstview, "terminal_size", lambda: SIZE)
    yield folder
    firstview.discard()


def _kept(path: Path | None) -> Path:
    file = _file(None if path is None else path.resolve())
    assert file is not None
    return file


async def _run(path: Path | None, painted: list[str]) -> tuple[HorizonApp, list[str]]:
    """Start the app on ``path`` (None: no file) and wait until the view for the next start
    is kept; the app, and the names in its element table."""
    app = HorizonApp(path)
    app.roster_painted = painted.append  # type: ignore[method-assign,assignment]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and painted, "the roster on screen")
        await until(pilot, lambda: _kept(path).is_file(), "the view kept for the next start")
        table = home(app).table
        if app.session.roster.elements:
            assert table.size.width == SIZE[0]  # the element table spans the screen
        else:
            assert not table.display and home(app).query_one("#add-first").display
        return app, [row.name for row in table.rows_shown]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.toml")))
async def test_the_second_process_works_out_the_view_the_app_shows(name: str, tmp_path: Path,
                                                                    cache: Path) -> None:
    path = copy_example(tmp_path, name)
    app, _ = await _run(path, [])
    kept = json.loads(_kept(path).read_text(encoding="utf-8"))["view"]
    worked_out = firstview.home_view(Session.open(path), SIZE[0])
    assert worked_out is not None
    assert json.loads(json.dumps(view_data(worked_out))) == kept
    assert kept["rows"] and kept["title"] == path.name == str(app.title)


@pytest.mark.parametrize("file", [None, "new.toml"])
async def test_a_new_roster_view_is_worked_out_as_the_app_shows_it(
        file: str | None, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = None if file is None else Path(file)  # no file, or one that does not exist yet
    app, names = await _run(path, [])
    kept = json.loads(_kept(path).read_text(encoding="utf-8"))["view"]
    worked_out = firstview.home_view(Session.new(path=path), SIZE[0])
    assert worked_out is not None
    assert json.loads(json.dumps(view_data(worked_out))) == kept
    assert names == kept["rows"] == [] and kept["title"] == str(app.title) == (
        "untitled" if file is None else "new.toml (new file)")


async def test_a_first_start_shows_the_second_process_view_in_its_first_frame(
        tmp_path: Path, cache: Path) -> None:
    path = copy_example(tmp_path, "oth-metaformers.toml")
    firstview.prepare(path, ())
    assert firstview._builder is not None  # no view kept: one is worked out
    painted: list[str] = []
    _, names = await _run(path, painted)
    assert painted == ["kept"]  # before the session: the second process's view
    assert firstview._builder is None
    worked_out = firstview.home_view(Session.open(path), SIZE[0])
    assert worked_out is not None and names == [r.name for r in worked_out.rows]


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


async def test_a_first_start_with_no_file_shows_the_new_roster_in_its_first_frame(
        tmp_path: Path, cache: Path) -> None:
    firstview.prepare(None, ())
    assert firstview._builder is not None
    painted: list[str] = []
    await _run(None, painted)
    assert painted == ["kept"]
    firstview.prepare(None, ())  # the next start: the kept view will do
    assert firstview._builder is None
    second: list[str] = []
    await _run(None, second)
    assert second == ["kept"]


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
    assert main([]) == 0  # no file: a new roster's view
    assert calls == [("prepare", (None, [])), ("app", None)]
    calls.clear()
    assert main(["--event", "tournament-standard", str(tmp_path)]) == 0
    assert [c[0] for c in calls] == ["app"]  # the organiser's screen: no home view first


def test_no_second_process_from_a_frozen_app(tmp_path: Path, cache: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.frozen", True, raising=False)  # its executable is not a Python
    firstview.prepare(copy_example(tmp_path, "hvy-cav-battlegroup.toml"), ())
    assert firstview._builder is None


async def test_the_kept_view_the_command_line_found_is_not_looked_up_again(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    await _run(path, [])
    firstview.prepare(path, ())  # found: the kept view will do

    def again(*args: object) -> None:
        raise AssertionError("the kept view was looked up twice")

    monkeypatch.setattr("horizon_builder.tui.roster.homeview.read_kept", again)
    painted: list[str] = []
    await _run(path, painted)
    assert painted == ["kept"]
