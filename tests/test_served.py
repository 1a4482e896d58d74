"""The app in a browser (issue 27 items 6-7): ``horizon-builder serve`` and served mode.

A visitor opens and saves only inside the served folder (no ``..``, no absolute path
elsewhere, no link out of it); exports reach the visitor's browser as downloads. The app
in a real browser is tests/test_served_browser.py."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest
from helpers_tui import SIZE, copy_example, shown, until
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

# the commands themselves: the console entry around them (horizon_builder.cli.main) pauses and
# freezes garbage collection, for a process of its own, never for the test's
from horizon_builder.cli.main import main
from horizon_builder.cli.serve import app_command, is_loopback
from horizon_builder.files.served import ENV_ROOT, outside_root
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import PathPrompt
from horizon_builder.tui.sharing.export import ExportScreen
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog, RosterTree


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A served folder with a roster, a folder beside it holding a secret, and a link out."""
    root = tmp_path / "served"
    root.mkdir()
    copy_example(root, "hvy-cav-battlegroup.toml")
    outside = tmp_path / "private"
    outside.mkdir()
    copy_example(outside, "oth-biowar.toml")
    (root / "link-out").symlink_to(outside, target_is_directory=True)
    (root / "roster-link.toml").symlink_to(outside / "oth-biowar.toml")
    monkeypatch.setenv(ENV_ROOT, str(root))
    monkeypatch.chdir(root)
    return root


# --- the predicate ---------------------------------------------------------------------------

def test_paths_inside_the_served_folder_are_allowed(served: Path) -> None:
    assert outside_root("hvy-cav-battlegroup.toml", served) is None
    assert outside_root("new-list.toml", served) is None  # not yet there: saving a new file
    assert outside_root(served / "lists" / ".." / "x.toml", served) is None


@pytest.mark.parametrize("path", ["../private/oth-biowar.toml", "/etc/passwd", "link-out/oth-biowar.toml",
                                  "roster-link.toml", "link-out", "~/x.toml", ".."])
def test_paths_out_of_the_served_folder_are_refused(served: Path, path: str) -> None:
    assert "Outside the served folder" in (outside_root(path, served) or "")


def test_outside_a_terminal_every_path_is_allowed(tmp_path: Path) -> None:
    assert outside_root("/etc/passwd", None) is None


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                                ("127.0.0.2", True), ("0.0.0.0", False),
                                                ("192.168.1.5", False), ("example.org", False)])
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_served_command_runs_this_python_on_the_file(tmp_path: Path) -> None:
    command = app_command(Path("my list.toml"), ["/h/house.toml"])
    assert command.startswith(sys.executable) or command.startswith(f"'{sys.executable}'")
    assert "-m horizon_builder 'my list.toml' --ruleset /h/house.toml" in command


# --- the command line ---------------------------------------------------------------------

def test_serve_without_textual_serve_says_how_to_install_it(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # as if not installed
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "needs textual-serve" in err and "pip install '.[serve]'" in err


def test_serve_refuses_a_file_outside_its_root(tmp_path, capsys) -> None:
    root = tmp_path / "served"
    root.mkdir()
    other = copy_example(tmp_path, "oth-biowar.toml")
    assert main(["serve", str(other), "--root", str(root)]) == 2
    assert "outside the served folder" in capsys.readouterr().err
    assert ENV_ROOT not in os.environ


def test_serve_refuses_a_missing_root_and_a_bad_port(tmp_path, capsys) -> None:
    assert main(["serve", "--root", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["serve", "--port", "70000", "--root", str(tmp_path)]) == 2
    assert "1 to 65535" in capsys.readouterr().err


# --- the app, served -----------------------------------------------------------------------

async def test_the_open_dialog_refuses_a_path_outside_the_served_folder(served: Path) -> None:
    app = HorizonApp(served / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("ctrl+o")
        dialog = await shown(pilot, OpenRosterDialog)
        for typed in ("../private/oth-biowar.toml", "link-out/oth-biowar.toml", "roster-link.toml",
                      str(served.parent / "private" / "oth-biowar.toml")):
            assert "Outside the served folder" in (dialog.problem(typed) or ""), typed
        field = dialog.query_one("#path")
        field.value = "../private/oth-biowar.toml"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # not opened: the dialog says why
        assert "Outside the served folder" in str(dialog.query_one("#path-problem").render())
        tree = dialog.query_one("#open-tree", RosterTree)
        await until(pilot, lambda: len(tree.root.children) > 0, "the folder listed")
        names = [str(child.label) for child in tree.root.children]
        assert "hvy-cav-battlegroup.toml" in names
        assert "link-out" not in names and "roster-link.toml" not in names  # links out hidden
        tree.focus()
        await pilot.press("backspace")  # never above the served folder
        await pilot.pause()
        assert Path(tree.path).resolve() == served.resolve()
    assert app.session.path == served / "hvy-cav-battlegroup.toml"


async def test_no_completion_outside_the_served_folder(served: Path) -> None:
    from horizon_builder.tui.common.dialogs import PathSuggester

    suggester = PathSuggester(root=served.resolve())
    assert await suggester.get_suggestion("../pri") is None
    assert await suggester.get_suggestion("link") is None
    assert await suggester.get_suggestion("hvy") == "hvy-cav-battlegroup.toml"


async def test_save_as_refuses_a_path_outside_the_served_folder(served: Path) -> None:
    app = HorizonApp(served / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("S")
        dialog = await shown(pilot, PathPrompt)
        assert "Outside the served folder" in (dialog.problem("../stolen.toml") or "")
        hint = str(dialog.query_one(".dialog-hint").render())
        assert "in the served folder" in hint and str(served.parent) not in hint
        assert dialog.problem("copy.toml") is None
        assert app.files.open_roster(served.parent / "private" / "oth-biowar.toml") is False
    assert not (served.parent / "stolen.toml").exists()
    assert app.session.path == served / "hvy-cav-battlegroup.toml"


async def test_exports_reach_the_visitors_browser_not_the_hosts_disk(served: Path, monkeypatch) -> None:
    delivered: list[tuple[str, str, str]] = []

    def deliver_text(file: io.StringIO, *, save_filename: str, open_method: str = "download",
                     **_: object) -> str:
        delivered.append((file.getvalue(), save_filename, open_method))
        return "key"

    app = HorizonApp(served / "hvy-cav-battlegroup.toml")
    monkeypatch.setattr(app, "deliver_text", deliver_text)
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("x")
        screen = await shown(pilot, ExportScreen)
        assert screen.query_one("#export-path").value == "3rd-lancers-battlegroup.txt"  # a name only
        await pilot.press("ctrl+s")
        await pilot.press("ctrl+b")
        await until(pilot, lambda: len(delivered) == 2, "two deliveries")
    (text, name, how), (html, html_name, html_how) = delivered
    assert name == "3rd-lancers-battlegroup.txt" and how == "download" and "3rd Lancers Battlegroup" in text
    assert html_name.endswith(".html") and html_how == "browser" and "<html" in html.lower()
    assert opened == []  # never the host's browser
    assert sorted(p.name for p in served.iterdir()) == ["hvy-cav-battlegroup.toml", "link-out",
                                                        "roster-link.toml"]


async def test_an_overrides_file_outside_the_served_folder_is_refused(served: Path) -> None:
    from textual.widgets import Button, Input, Static

    from horizon_builder.tui.roster.settings import SettingsScreen

    house = served.parent / "private" / "house.toml"
    house.write_text("# house rules\n", encoding="utf-8")
    app = HorizonApp(served / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("s")
        screen = await shown(pilot, SettingsScreen)
        screen.query_one("#overrides", Input).value = str(house)
        await until(pilot, lambda: not screen.query_one("#apply", Button).has_class("-active"))
        await pilot.click("#apply")
        await pilot.pause()
        assert app.screen is screen
        assert "Outside the served folder" in str(screen.query_one("#overrides-error", Static).visual)
    assert app.session.roster.overrides is None


async def test_the_organisers_folder_and_files_stay_in_the_served_folder(served: Path) -> None:
    from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog, WriteFileDialog

    app = HorizonApp(served / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        app.action_organiser()
        dialog = await shown(pilot, FolderAndPresetDialog)
        dialog.query_one("#org-path").value = "../private"
        assert "Outside the served folder" in str(dialog.answer())
        dialog.query_one("#org-path").value = "."
        assert isinstance(dialog.answer(), tuple)  # the served folder itself is fine
        dialog.dismiss(None)
        app.push_screen(WriteFileDialog("Export the table", "", "../table.csv"))
        writer = await shown(pilot, WriteFileDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is writer
        assert "Outside the served folder" in str(writer.query_one("#write-problem").render())
    assert not (served.parent / "table.csv").exists()


async def test_the_organisers_table_reaches_the_visitors_browser(served: Path, monkeypatch) -> None:
    from textual.widgets import Input

    from horizon_builder.files.resources import find_preset
    from horizon_builder.tui.event.organiser_dialogs import WriteFileDialog
    from horizon_builder.tui.event.organiser_screen import OrganiserScreen

    delivered: list[tuple[str, str]] = []
    app = HorizonApp(start=("organiser", served, find_preset("oth-tournament")))
    monkeypatch.setattr(app, "deliver_text", lambda file, *, save_filename, **_: delivered.append(
        (file.getvalue(), save_filename)))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OrganiserScreen) and app.screen.judged >= 1,
                    "the lists judged")
        await pilot.press("x")
        dialog = await shown(pilot, WriteFileDialog)
        dialog.query_one("#write-path", Input).value = "table.csv"
        await pilot.press("enter")
        await until(pilot, lambda: bool(delivered), "the table delivered")
    assert delivered[0][1] == "table.csv" and "3rd Lancers Battlegroup" in delivered[0][0]
    assert not (served / "table.csv").exists()  # never the host's disk


async def test_a_visitor_is_never_offered_the_hosts_own_unsaved_work(served: Path) -> None:
    from horizon_builder.roster.io import read_roster
    from horizon_builder.tui.sharing.recovery_dialog import RecoveryDialog
    from horizon_builder.userfiles.autosave import AutosaveStore

    private = served.parent / "private" / "oth-biowar.toml"
    store = AutosaveStore()
    roster = read_roster(private)
    store.write(store.file_for(private), roster.model_copy(update={"name": "Secret plan"}), private)
    store.write(store.file_for(None), roster.model_copy(update={"name": "Untitled plan"}), None)
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "a new roster")
        await pilot.pause()
        assert not isinstance(app.screen, RecoveryDialog)
    own = served / "hvy-cav-battlegroup.toml"  # work on a served roster is offered
    store.write(store.file_for(own), read_roster(own).model_copy(update={"name": "Mine"}), own)
    app = HorizonApp(None)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await shown(pilot, RecoveryDialog)
        assert "Mine" in str(dialog.query_one("#recovery-message").render())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(st.sampled_from(["..", ".", "lists", "link-out", "roster-link.toml",
                                       "oth-biowar.toml", "x.toml", "~"]), min_size=1, max_size=6),
       absolute=st.booleans())
@example(parts=[".", "~"], absolute=False)  # pathlib reads "./~" as ~: the home folder, refused
def test_no_path_a_visitor_types_leads_out_of_the_served_folder(served: Path, parts: list[str],
                                                                absolute: bool) -> None:
    """Whatever mix of .., links and names is typed (relative or absolute), a path allowed
    is inside the served folder once every link is followed; one refused is outside it."""
    (served / "lists").mkdir(exist_ok=True)
    typed = os.path.join(str(served) if absolute else "", *parts)
    real = Path(os.path.realpath(Path(typed).expanduser()))  # as the app reads it ("./~" is ~)
    inside = real == served.resolve() or served.resolve() in real.parents
    assert (outside_root(typed, served.resolve()) is None) is inside, typed


# --- nothing of the host's, nothing shared between visitors (issue 35 item 2) -------------------

def test_a_roster_naming_a_host_rules_file_is_refused_alike(served: Path) -> None:
    """Opened, or pasted as a share code: a house rules file outside the served folder is
    never read, and the refusal is the same whether or not the host has such a file."""
    from horizon_builder.files.problems import LoadError
    from horizon_builder.roster.io import load, read_roster
    from horizon_builder.session.core import Session

    (served.parent / "private" / "house.toml").write_text("# house rules\n", encoding="utf-8")
    text = (served / "hvy-cav-battlegroup.toml").read_text(encoding="utf-8")
    said = set()
    for named in ("../private/house.toml", "../private/no-such.toml"):
        (served / "named.toml").write_text(f'overrides = "{named}"\n' + text, encoding="utf-8")
        with pytest.raises(LoadError) as opened:
            load(served / "named.toml")
        with pytest.raises(LoadError) as pasted:
            Session.shared(read_roster(served / "named.toml"))
        for refused in (opened.value, pasted.value):
            (problem,) = refused.problems
            assert problem.key == "overrides" and "Outside the served folder" in problem.message
            said.add(problem.message)
        assert opened.value.problems[0].line == 1
    assert len(said) == 1, said  # the host's file there or not: one answer


@pytest.fixture
def host_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The host's own folders: preferences (theme, recent lists), rulebook, an autosave."""
    from horizon_builder.cli.serve import PRIVATE_FOLDERS
    from horizon_builder.rules.personal import ENV_OFF

    host = tmp_path / "host"
    for variable, name in PRIVATE_FOLDERS.items():
        (host / name).mkdir(parents=True)
        monkeypatch.setenv(variable, str(host / name))  # restored after the test
    # set (to "", which reads as off) so that the test's teardown takes back the "1" a
    # visitor's app sets: delenv of an absent variable records nothing to restore
    monkeypatch.setenv(ENV_OFF, "")
    (host / "config" / "prefs.toml").write_text(
        f'theme = "textual-light"\nrecent = ["{tmp_path / "secret-plan.toml"}"]\n', encoding="utf-8")
    (host / "config" / "my-rules.toml").write_text("# the host's rulebook\n", encoding="utf-8")
    (host / "data" / "autosave").mkdir()
    (host / "data" / "autosave" / "x.toml").write_text("# unsaved work\n", encoding="utf-8")
    return host


def test_each_visitor_keeps_nothing_of_the_hosts(served: Path, host_files: Path) -> None:
    import shutil

    from horizon_builder.cli.serve import keep_visitor_apart
    from horizon_builder.files.resources import cache_dir
    from horizon_builder.rules.personal import personal_layers, personal_rules_path
    from horizon_builder.userfiles.autosave import data_dir
    from horizon_builder.userfiles.prefs import load_prefs, prefs_path, recent_rosters, save_pref

    before = {p: p.read_bytes() for p in host_files.rglob("*") if p.is_file()}
    own = keep_visitor_apart()
    other = keep_visitor_apart()  # a second visitor: apart from the first too
    try:
        assert own != other
        for where in (prefs_path(), personal_rules_path(), data_dir(), cache_dir()):
            assert where is not None and other in where.parents  # the newest visitor's own
        assert personal_layers() == [] and recent_rosters() == [] and load_prefs() == {}
        save_pref("theme", "nord")  # a visitor's choice stays with that visitor
        assert "nord" in prefs_path().read_text(encoding="utf-8")
        assert {p: p.read_bytes() for p in host_files.rglob("*") if p.is_file()} == before
    finally:
        shutil.rmtree(own)
        shutil.rmtree(other)


def test_the_app_started_by_serve_is_kept_apart_before_it_reads_anything(
        served: Path, host_files: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m horizon_builder FILE`` as serve starts it (ENV_ROOT set): the private
    folders are in place before the app (or its first view) reads a preference."""
    import horizon_builder.tui.app as app_module
    import horizon_builder.tui.roster.firstview as firstview

    seen: dict[str, str] = {}

    def run_app(*args: object, **kwargs: object) -> int:
        seen.update({k: v for k, v in os.environ.items() if k.startswith("HORIZON_BUILDER_")})
        return 0

    monkeypatch.setattr(firstview, "prepare", lambda *a: run_app())
    monkeypatch.setattr(app_module, "run_app", run_app)
    assert main(["hvy-cav-battlegroup.toml"]) == 0
    assert seen["HORIZON_BUILDER_CONFIG_DIR"] != str(host_files / "config")
    assert seen["HORIZON_BUILDER_DATA_DIR"] != str(host_files / "data")
    assert seen["HORIZON_BUILDER_NO_PERSONAL_RULES"] == "1"
    assert "horizon-builder-visitor-" in seen["HORIZON_BUILDER_CONFIG_DIR"]
