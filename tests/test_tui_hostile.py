"""The app against hostile names and paths (issue 12): nothing crashes, nothing reaches the
terminal raw, and a refusal is always visible."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_told import Told
from helpers_tui import SIZE, example, row_names, shown, table
from textual.widgets import Input, Label

from horizon_builder.roster.io import read_roster
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import LoadErrorDialog, PathPrompt

HVY_CAV = "hvy-cav-battlegroup.toml"
ESC_NAME = "Evil\x1b]0;pwned\x07\u202eX\x9b2J"


def renamed(tmp_path: Path, name: str) -> Path:
    text = example(HVY_CAV).read_text(encoding="utf-8")
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    for ch in "\x1b\x07\x9b\u202e":
        quoted = quoted.replace(ch, f"\\u{ord(ch):04x}")
    path = tmp_path / "hostile.toml"
    path.write_text(text.replace('name = "Lancer Command"', f'name = "{quoted}"', 1), encoding="utf-8")
    return path


def toasts(told: Told) -> list[str]:
    return [n.message for n in told]


@pytest.mark.parametrize("name", ["[/]", "[link=https://example.com]x[/link]", "[bold]open"])
async def test_markup_in_a_name_is_shown_as_typed(tmp_path: Path, name: str) -> None:
    app = HorizonApp(renamed(tmp_path, name))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await pilot.pause()
        assert row_names(app)[0].endswith(name)  # after the CHQ mark
        await pilot.press("d")  # duplicate: the notification quotes the name
        await pilot.pause()
        assert row_names(app)[1].startswith(name.rstrip())  # "NAME 2"
        assert any(name in message for message in toasts(told))
        app.title = name
        await pilot.pause()


async def test_control_characters_in_a_name_are_escaped_everywhere(tmp_path: Path) -> None:
    app = HorizonApp(renamed(tmp_path, ESC_NAME))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await pilot.pause()
        assert app.session.roster.elements[0].name == ESC_NAME  # the data is kept as it is
        line = table(app).get_row_at(0)[0]  # (a row is one cell: its columns laid out)
        shown = getattr(line, "plain", str(line))
        assert "\x1b" not in shown and "\\x1b]0;pwned" in shown
        await pilot.press("d")
        await pilot.pause()
        assert all("\x1b" not in m and "\u202e" not in m for m in toasts(told))
        assert any("\\x1b" in m for m in toasts(told))


async def type_into(pilot, selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    field.focus()
    await pilot.press(*text)


@pytest.mark.parametrize("typed", ["./x.toml", "../b/x.toml", "../b/", ".", ".."])
async def test_save_as_with_dot_paths_does_not_crash(tmp_path: Path, monkeypatch, typed: str) -> None:
    work = tmp_path / "a"
    work.mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(work)
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        await type_into(pilot, "#path", typed)  # every prefix is checked as it is typed
        await pilot.press("enter")
        await pilot.pause()
        if typed.endswith(".toml"):
            assert not isinstance(app.screen, PathPrompt)
            assert read_roster(work / typed).name == "3rd Lancers Battlegroup"
        else:
            assert isinstance(app.screen, PathPrompt)
            assert "folder" in str(app.screen.query_one("#path-problem", Label).visual)


async def test_save_as_refusal_is_visible(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    broken = tmp_path / "broken.toml"
    broken.write_text('"" = 1\n', encoding="utf-8")  # the empty quoted key crashed the app
    app = HorizonApp(broken)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("S")
        await pilot.pause()
        await type_into(pilot, "#path", "broken.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        label = app.screen.query_one("#path-problem", Label)
        assert "kept as it is" in str(label.visual)
        assert label.display and label.region.height > 0  # not hidden by the settings' CSS
    assert broken.read_text(encoding="utf-8") == '"" = 1\n'


async def test_open_with_an_empty_quoted_key_and_a_too_long_name(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('"" = 1\n', encoding="utf-8")
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.files.open_roster(broken)
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.files.open_roster(tmp_path / ("n" * 300 + ".toml"))
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)


async def test_start_on_a_too_long_name(tmp_path: Path) -> None:
    app = HorizonApp(tmp_path / ("n" * 300 + ".toml"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shown(pilot, LoadErrorDialog)
