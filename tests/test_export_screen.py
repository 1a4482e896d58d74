"""The export preview screen, driven through a tiny test app with a Pilot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers_export import XSS, write_demo
from textual.app import App
from textual.widgets import Checkbox, Input, Select, TextArea

from horizon_builder.checks import validate
from horizon_builder.roster.io import load
from horizon_builder.tui.sharing.export import ExportScreen, default_filename

ROOT = Path(__file__).resolve().parent.parent
LANCERS = ROOT / "examples/hvy-cav-battlegroup.toml"


class ExportTestApp(App[None]):
    """Pushes the export screen on start and records notifications."""

    def __init__(self, screen: ExportScreen) -> None:
        super().__init__()
        self.export_screen = screen
        self.notes: list[tuple[str, str]] = []

    def on_mount(self) -> None:
        self.push_screen(self.export_screen)

    def notify(self, message: str, *args: Any, severity: str = "information", **kwargs: Any) -> None:
        self.notes.append((severity, message))
        super().notify(message, *args, severity=severity, **kwargs)  # type: ignore[arg-type]


def _screen(path: Path = LANCERS, **kwargs: Any) -> ExportScreen:
    loaded = load(path)
    return ExportScreen(loaded.roster, loaded.ruleset, path=kwargs.pop("roster_path", None), **kwargs)


async def test_preview_shows_text_export_first() -> None:
    screen = _screen()
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen is screen
        preview = screen.query_one("#export-preview", TextArea)
        assert preview.read_only
        assert preview.text.startswith("3rd Lancers Battlegroup\n")
        assert "FC 13/15" in preview.text


async def test_format_selector_switches_preview_and_suffix(tmp_path: Path) -> None:
    screen = _screen(roster_path=tmp_path / "lancers.toml")
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        path_input = screen.query_one("#export-path", Input)
        assert path_input.value == str(tmp_path / "3rd-lancers-battlegroup.txt")
        for fmt, start, suffix in (("markdown", "# 3rd Lancers", ".md"),
                                   ("html", "<!DOCTYPE html>", ".html"),
                                   ("json", "{", ".json")):
            screen.query_one("#export-format", Select).value = fmt
            await pilot.pause()
            assert screen.preview_text.startswith(start), fmt
            assert path_input.value.endswith(suffix)
        json.loads(screen.preview_text)


async def test_compact_checkbox_groups_elements() -> None:
    screen = _screen()
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#export-compact")
        await pilot.pause()
        assert screen.query_one("#export-compact", Checkbox).value
        assert "2× Hvy Inf P2 M3 F4 A3 D3" in screen.preview_text


async def test_save_as_writes_the_file_and_notifies(tmp_path: Path) -> None:
    screen = _screen()
    app = ExportTestApp(screen)
    target = tmp_path / "printed.html"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen.query_one("#export-format", Select).value = "html"
        await pilot.pause()
        screen.query_one("#export-path", Input).value = str(target)
        await pilot.click("#export-save")
        await pilot.pause()
        assert target.read_text(encoding="utf-8") == screen.preview_text
        assert ("information", f"Saved {target}") in app.notes
        # Enter in the path field saves too; a second save replaces the file
        screen.query_one("#export-path", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert ("information", f"Replaced {target}") in app.notes
        assert sorted(p.name for p in tmp_path.iterdir()) == ["printed.html"]


async def test_save_failure_is_reported(tmp_path: Path) -> None:
    screen = _screen()
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen.query_one("#export-path", Input).value = str(tmp_path / "no-such-folder" / "x.txt")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.notes and app.notes[-1][0] == "error"
        assert "Could not save" in app.notes[-1][1]


async def test_a_path_too_long_to_be_a_file_is_said_not_a_failure(tmp_path: Path) -> None:
    """A name longer than a file name may be (or with a NUL): the path cannot be checked, and
    the screen says so (issue 44: an OSError from exists() reached the app)."""
    screen = _screen()
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for raw in (str(tmp_path / ("x" * 300 + ".txt")), str(tmp_path / "a\0b.txt")):
            screen.query_one("#export-path", Input).value = raw
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.notes[-1][0] == "error", app.notes
            assert "cannot be used" in app.notes[-1][1] or "Could not save" in app.notes[-1][1]
            assert app.screen is screen
        assert list(tmp_path.iterdir()) == []


async def test_accepts_a_report_and_escape_closes(tmp_path: Path) -> None:
    loaded = load(write_demo(tmp_path, XSS))
    screen = ExportScreen(validate(loaded.roster, loaded.ruleset), fmt="markdown")
    app = ExportTestApp(screen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert screen.preview_text.startswith("# \\<script\\>")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


def test_default_filename() -> None:
    assert default_filename("Red Meridian Task Force", "html") == "red-meridian-task-force.html"
    assert default_filename(XSS, "json") == "script-alert-1-script.json"
    assert default_filename("!!!", "text") == "roster.txt"


async def test_copy_to_clipboard_and_open_in_browser(monkeypatch, tmp_path):
    """ctrl+k puts the export shown on the clipboard; ctrl+b opens the HTML in the browser."""
    import webbrowser

    from textual.app import App

    from horizon_builder.roster.io import load
    from horizon_builder.tui.sharing.export import ExportScreen

    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    loaded = load(Path(__file__).parent.parent / "examples" / "hvy-cav-battlegroup.toml")
    copied: list[str] = []

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ExportScreen(loaded.roster, loaded.ruleset))

        def copy_to_clipboard(self, text: str) -> None:
            copied.append(text)

    app = Host()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+k")
        await pilot.pause()
        assert copied and copied[0].startswith("3rd Lancers Battlegroup")
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert opened and opened[0].startswith("file://") and opened[0].endswith(".html")
        page = Path(opened[0].removeprefix("file://")).read_text()
        assert "<html" in page and "3rd Lancers" in page
        footer = " ".join(str(k) for k in app.screen.active_bindings)
        assert "ctrl+k" in footer and "ctrl+b" in footer


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_long_title_and_verdict_leave_the_format_and_preview_on_screen(size) -> None:
    """Issue 24 item 3: an illegal roster's verdict is long (and a long name too): the title is
    cut with an ellipsis, the verdict wraps, and the format choice and the preview stay on
    screen, never one letter a line."""
    loaded = load(ROOT / "examples/needs-fixing.toml")
    roster = loaded.roster.model_copy(update={"name": "The Very Long Named Combined Arms "
                                              "Battlegroup of the Northern Reaches, Second Wave"})
    screen = ExportScreen(roster, loaded.ruleset)
    assert not screen.document.verdict.legal
    app = ExportTestApp(screen)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        title = screen.query_one("#export-title")
        verdict = screen.query_one("#export-verdict")
        assert title.region.height == 1 and title.region.width >= 20, title.region
        assert "…" in str(title.render_line(0).text) or title.region.width >= len(roster.name)
        assert verdict.region.width >= 20 and verdict.region.height <= 4, verdict.region
        screen_box = screen.region
        fmt = screen.query_one("#export-format", Select)
        preview = screen.query_one("#export-preview", TextArea)
        assert screen_box.contains_region(fmt.region), fmt.region
        assert preview.region.height >= 3 and screen_box.contains_region(preview.region)


async def test_open_in_browser_pages_are_removed_when_the_app_quits(monkeypatch) -> None:
    """Issue 33 item 11: the page Open in browser writes stays while the app runs (the browser
    reads it, the player prints it) and is gone, with its folder, once the app quits; a page
    opened just before quitting is first given the browser's time to read it."""
    import webbrowser

    from helpers_tui import example, until

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.userfiles.pages import TempPages

    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    slept: list[float] = []
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    # (a grace longer than any loaded machine takes from the page's opening to the quit: with
    # the default 1.5 s, a run under load quit after it and, rightly, did not wait)
    app.browser_pages = TempPages(grace=120.0, sleep=slept.append)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ExportScreen), "the export screen")
        await pilot.press("ctrl+b")
        await until(pilot, lambda: bool(opened), "the browser asked")
        page = Path(opened[0].removeprefix("file://"))
        assert "3rd Lancers" in page.read_text(encoding="utf-8")
        await pilot.press("escape")
        await pilot.pause()
        assert page.exists()  # the export screen closed: the page stays while the app runs
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not page.exists() and not page.parent.exists()
    assert slept and 0 < slept[0] <= app.browser_pages.grace  # opened a moment ago: waited
