"""Files in the app: open, save, save as, unsaved changes, and files that fail to load."""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, copy_example, example, row_names, select, shown, totals, until
from textual.widgets import Input, Label, Static

from horizon_builder.roster.io import read_roster
from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import (
    ConfirmDialog,
    LoadErrorDialog,
    PathPrompt,
    UnsavedChangesDialog,
)

HVY_CAV = "hvy-cav-battlegroup.toml"

BROKEN = """\
format = 1
name = "Broken"
force_cost = 15

[[elements]]
id = "x1"
name = "Walker"
type = "walker_of_doom"
presence = 2

[[elements]]
id = "x2"
name = "Runner"
type = "mech"
presence = 2
stats = { M = 4, F = 3, A = 3, D = 3, Q = 9 }
"""


async def type_into(pilot, selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    field.focus()
    await pilot.press(*text)


async def test_save_then_reopen_gives_the_same_roster(tmp_path: Path) -> None:
    """ctrl+s writes atomically, keeps NAME.toml.bak, and the file reads back equal."""
    path = copy_example(tmp_path, HVY_CAV)
    original_text = path.read_text(encoding="utf-8")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await select(pilot, app, "m2")
        await pilot.press("d")
        await pilot.pause()
        assert "modified" in app.title
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "modified" not in app.title
        saved = app.session.roster
    assert (tmp_path / f"{HVY_CAV}.bak").read_text(encoding="utf-8") == original_text
    assert read_roster(path) == saved
    reopened = Session.open(path)
    assert reopened.roster == saved
    assert [e.name for e in reopened.roster.elements].count("Sprite 2") == 1


async def test_new_roster_save_asks_for_a_file_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        # the new roster is made after the first frame ("Opening a new roster…" until then)
        await until(pilot, lambda: app.loaded, "the new roster")
        assert app.title.startswith("untitled")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        await type_into(pilot, "#path", "my-list")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path == Path("my-list.toml")
        assert app.title == "my-list.toml"
    assert read_roster(tmp_path / "my-list.toml").name == "New battlegroup"


async def test_missing_file_starts_a_new_roster_that_saves_there(tmp_path: Path) -> None:
    """`horizon-builder NEW.toml` on a file that does not exist: a new roster saved to it."""
    path = tmp_path / "fresh.toml"
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the new roster")
        assert app.session.path == path
        assert "fresh.toml (new file)" in app.title
        assert row_names(app) == []
        await pilot.press("ctrl+s")  # no prompt: it has a file name
        await pilot.pause()
        assert not isinstance(app.screen, PathPrompt)
    assert path.is_file()


async def test_quit_with_unsaved_changes_asks(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedChangesDialog)
        await pilot.press("escape")  # cancel: stay
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, UnsavedChangesDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#save")
        await pilot.pause()
    assert app.return_code == 0
    assert len(read_roster(path).elements) == 9  # saved on the way out


async def test_quit_discarding_changes_leaves_the_file(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    before = path.read_text(encoding="utf-8")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d", "ctrl+q")
        await pilot.pause()
        await pilot.press("d")  # Don't save
        await pilot.pause()
    assert app.return_code == 0
    assert path.read_text(encoding="utf-8") == before


async def test_quit_without_changes_does_not_ask() -> None:
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d", "ctrl+z")  # edited, then back to the saved state
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not isinstance(app.screen, UnsavedChangesDialog)
    assert app.return_code == 0


async def test_broken_file_shows_problems_and_is_never_overwritten(tmp_path: Path, monkeypatch) -> None:
    """Every problem is listed with file, line and key; the app starts a new roster and
    refuses to save over the broken file."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
        problems = str(app.screen.query_one("#problems", Static).visual)
        assert str(path) in problems
        assert "line 8, elements[0].type" in problems or "line 8" in problems
        assert "walker_of_doom" in problems
        assert "Q" in problems
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path is None and row_names(app) == []
        app.session.commit(app.session.roster.model_copy(update={"name": "Rescued"}), "rename")
        await pilot.press("ctrl+s")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PathPrompt)
        await type_into(pilot, "#path", "broken.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)  # refused
        assert "kept as it is" in str(prompt.query_one("#path-problem", Label).visual)
        await pilot.press("escape")
        await pilot.pause()
    assert path.read_text(encoding="utf-8") == BROKEN
    assert not (tmp_path / "broken.toml.bak").exists()


async def test_open_prompt_checks_the_path(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    copy_example(tmp_path, "needs-fixing.toml")
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PathPrompt)
        await type_into(pilot, "#path", "nope.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt
        assert "No such file" in str(prompt.query_one("#path-problem", Label).visual)
        await type_into(pilot, "#path", "needs-fixing.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path == Path("needs-fixing.toml")
        assert "11/10 (1 over)" in totals(app)
        assert app.title == "needs-fixing.toml"


async def test_open_with_unsaved_changes_asks_first(tmp_path: Path) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d", "ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedChangesDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.session.roster.elements) == 9  # nothing lost


async def test_opening_a_broken_file_keeps_the_current_roster(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.files.open_roster(path)
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.roster.name == "3rd Lancers Battlegroup"
        assert path.resolve() in app.refused_paths


async def test_save_as_over_another_file_asks_to_replace(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = copy_example(tmp_path, HVY_CAV)
    other = copy_example(tmp_path, "needs-fixing.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        await type_into(pilot, "#path", "needs-fixing.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")  # do not replace
        await pilot.pause()
    assert read_roster(other).name == "Overeager Recruits"


async def test_quit_new_roster_with_save_asks_for_a_name(tmp_path: Path, monkeypatch) -> None:
    """Saving on the way out of a never-saved roster asks for its file name first."""
    monkeypatch.chdir(tmp_path)
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.commit(app.session.roster.model_copy(update={"name": "Night Raid"}), "rename")
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")  # Save
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        assert app.screen.query_one("#path", Input).value == "night-raid.toml"  # from the name
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0
    assert read_roster(tmp_path / "night-raid.toml").name == "Night Raid"


async def test_broken_ruleset_overrides_do_not_block_a_good_roster(tmp_path: Path) -> None:
    """A bad --ruleset file is reported, and the roster opens with the shipped rules."""
    path = copy_example(tmp_path, HVY_CAV)
    bad = tmp_path / "house.toml"
    bad.write_text("[element_types.mech]\nbogus_key = 1\n", encoding="utf-8")
    app = HorizonApp(path, overrides=[str(bad)])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
        assert "bogus_key" in str(app.screen.query_one("#problems", Static).visual)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path == path
        assert path.resolve() not in app.refused_paths
        assert "13/15" in totals(app)


async def test_save_as_elsewhere_keeps_the_overrides_file(tmp_path: Path, monkeypatch) -> None:
    """A roster with a relative overrides path still opens after Save as into another folder."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (first / "house.toml").write_text('[element_types.mech]\nsummary = "House mech"\n',
                                      encoding="utf-8")
    path = copy_example(first, HVY_CAV)
    path.write_text(path.read_text(encoding="utf-8").replace(
        'force_cost = 15', 'force_cost = 15\noverrides = "house.toml"'), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session.ruleset.element_types["mech"].summary == "House mech"
        await pilot.press("S")
        await pilot.pause()
        await type_into(pilot, "#path", "b/moved")
        await pilot.press("enter")
        await pilot.pause()
    reopened = Session.open(second / "moved.toml")
    assert reopened.ruleset.element_types["mech"].summary == "House mech"
