"""Remembered between runs (issue 15): the theme, the last export format and recent rosters,
in the user's config folder; a file that cannot be read is ignored, never an error."""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, copy_example, shown, until

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog
from horizon_builder.userfiles.prefs import load_prefs, pref, recent_rosters, remember_recent, save_pref


def test_recent_rosters_newest_first_each_once(tmp_path):
    files = []
    for name in ("a", "b", "c"):
        path = tmp_path / f"{name}.toml"
        path.write_text("")
        files.append(path)
        remember_recent(path)
    remember_recent(files[0])
    assert recent_rosters() == [files[0], files[2], files[1]]
    files[2].unlink()
    assert files[2] not in recent_rosters()  # gone from disk: not offered


def test_a_broken_prefs_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("HORIZON_BUILDER_CONFIG_DIR", str(tmp_path))
    (tmp_path / "prefs.toml").write_text("theme = [unclosed")
    assert load_prefs() == {} and pref("theme", "textual-dark") == "textual-dark"
    save_pref("theme", "textual-light")  # written afresh
    assert pref("theme", "textual-dark") == "textual-light"


async def test_theme_and_recent_rosters_survive_a_restart(tmp_path):
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("f9")
        await pilot.pause()
        assert app.files.open_roster(path)
    again = HorizonApp(None)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.loaded, "a new roster")
        assert again.theme == "textual-light"
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(again.screen, OpenRosterDialog), "the open prompt")
        recent = again.screen.query_one("#path-recent")
        assert path.name in str(recent.get_option_at_index(0).prompt)
        recent.focus()
        await pilot.press("enter")
        await until(pilot, lambda: again.session.path is not None
                    and Path(again.session.path).resolve() == path.resolve(), "opened from recent")


async def test_export_format_is_remembered(tmp_path):
    from textual.widgets import Select

    from horizon_builder.tui.sharing.export import ExportScreen

    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("x")
        await shown(pilot, ExportScreen)
        app.screen.query_one("#export-format", Select).value = "markdown"
        await pilot.pause()
    assert pref("export_format", "text") == "markdown"
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("x")
        await shown(pilot, ExportScreen)
        assert app.screen.format == "markdown"
