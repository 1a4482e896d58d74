"""Which files are lists (issue 33 items 12-13): ``event new`` takes a folder, and a glob
that picks up a list's own house-rules file skips it with a note, as ``check --event`` does;
``check --event`` shows the real reason first (a list that brings its own rules to an event
that allows none), names a rules file as one, and ``check`` of an empty folder says so
(exit 2). The organiser's guide's ``event new`` commands are run as written."""

from __future__ import annotations

import glob
import os
import re
import shlex
from pathlib import Path

import pytest
from helpers_event import TASK_FORCE

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "organiser.md"
AT_16 = TASK_FORCE.replace("force_cost = 12", "force_cost = 16")
#: a house rule that lets a mech spend 20 stat points at P3 (the book: 18, OtH p.9)
HOUSE = "[element_types.mech]\npool = { points = { 1 = 14, 2 = 16, 3 = 20 } }\n"
MY_EVENT = '[event]\nname = "My event"\nforce_cost = 16\nhouse_rules_allowed = true\n'


def write_list(folder: Path, commander: str, head: str = "", halberd: str = "") -> Path:
    text = head + AT_16.replace('name = "Red Meridian Task Force"',
                                f'name = "TF {commander}"\ncommander = "{commander}"')
    if halberd:
        text = text.replace("stats = { M = 5, F = 6, A = 4, D = 3 }", halberd)
    path = folder / f"{commander}.toml"
    path.write_text(text)
    return path


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    """Ann, Bea and Cal, and Dan whose Halberd spends the 20 points his house rules beside
    his list allow."""
    folder = tmp_path / "lists"
    folder.mkdir()
    for name in ("Ann", "Bea", "Cal"):
        write_list(folder, name)
    (folder / "house.toml").write_text(HOUSE)
    write_list(folder, "Dan", 'overrides = "house.toml"\n', "stats = { M = 6, F = 7, A = 4, D = 3 }")
    return folder


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def guide_commands(prefix: str) -> list[str]:
    """The guide's command lines (code blocks and inline code) that start with ``prefix``,
    without a trailing comment."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.findall(r"^(horizon-builder .*)$", text, re.M)
    found += re.findall(r"`(horizon-builder [^`]+)`", text.replace("\n   ", " "))
    return sorted({line.split("  #", 1)[0].strip() for line in found if line.startswith(prefix)})


def as_a_shell_runs(line: str) -> list[str]:
    """The words of a command line as a shell passes them: each glob expanded, sorted."""
    words = []
    for word in shlex.split(line)[1:]:
        words += sorted(glob.glob(word)) if "*" in word else [word]
    return words


def test_the_guides_event_new_commands_run_as_written(lists, capsys, monkeypatch):
    """Each ``event new`` of the organiser's guide, in a folder laid out as the guide says
    (a preset, and lists/ with a house-rules list beside its rules file): it registers every
    list and skips the rules file with a note (before: "house.toml: name: required key is
    missing", nothing written)."""
    monkeypatch.chdir(lists.parent)
    Path("my-event.toml").write_text(MY_EVENT)
    commands = guide_commands("horizon-builder event new")
    assert len(commands) >= 2 and any("lists/*.toml" in c for c in commands)
    for line in commands:
        plain = "oth-tournament" in line  # the book's preset allows no house rules: no Dan
        dan = lists / "Dan.toml"
        if plain:
            dan.rename(lists.parent / "Dan.toml")
        status, out, err = run(capsys, *as_a_shell_runs(line))
        if plain:
            (lists.parent / "Dan.toml").rename(dan)
        assert status == 0, (line, err)
        assert "wrote club.toml" in out and f"{3 if plain else 4} commanders" in out
        assert ("note: lists/house.toml: a rules file" if plain else
                "note: lists/house.toml: the house rules of lists/Dan.toml") in err
        assert "required key" not in err
        Path("club.toml").unlink()


def test_event_new_takes_a_folder(lists, capsys, monkeypatch):
    monkeypatch.chdir(lists.parent)
    Path("my-event.toml").write_text(MY_EVENT)
    status, _out, err = run(capsys, "event", "new", "club.toml", "--preset", "my-event.toml",
                            "lists/")
    assert status == 0, err
    event = load_event("club.toml").event
    assert [c.name for c in event.commanders] == ["Ann", "Bea", "Cal", "Dan"]
    assert [c.list for c in event.commanders][-1] == os.path.join("lists", "Dan.toml")
    assert err.splitlines() == [
        "note: lists/house.toml: the house rules of lists/Dan.toml (its `overrides`): not a "
        "list, skipped"]
    # a folder with no list: said, nothing written
    Path("empty").mkdir()
    status, _out, err = run(capsys, "event", "new", "other.toml", "--preset", "my-event.toml",
                            "empty")
    assert status == 2 and "empty: no lists in this folder" in err
    assert not Path("other.toml").exists()


def test_check_event_shows_the_real_reason_first(lists, capsys):
    """Dan's list is judged without the rules it brings: the stat pool it spends is over the
    book's too, but what the organiser must read first is why (before: "Halberd: spends 20
    of 18 stat points"), in the table and in `event new`'s refusal."""
    status, out, _err = run(capsys, "check", "--event", "oth-tournament", str(lists))
    assert status == 1
    [dan] = [line for line in out.splitlines() if line.startswith("Dan.toml")]
    assert re.search(r"NOT LEGAL\s+2\s+brings its own rules file \(house.toml\)", dan), dan
    status, _out, err = run(capsys, "event", "new", str(lists.parent / "club.toml"),
                            "--preset", "oth-tournament", str(lists))
    assert status == 2
    assert "Dan's list is NOT LEGAL for oth-tournament.toml: brings its own rules file" in err


def test_a_rules_file_is_named_as_one(lists, capsys):
    """Named by a glob, a list's house rules are skipped with a note (before: an UNREADABLE
    row, exit 2); a rules file no list names (a preset dropped in the folder) is named as a
    rules file, not an unreadable list."""
    (lists / "spare-preset.toml").write_text(MY_EVENT)
    files = sorted(str(p) for p in lists.glob("*.toml"))
    status, out, err = run(capsys, "check", "--event", "oth-tournament", *files)
    assert status == 1 and "UNREADABLE" not in out and "4 lists" in out
    assert f"note: {lists / 'house.toml'}: the house rules of {lists / 'Dan.toml'}" in err
    assert f"note: {lists / 'spare-preset.toml'}: a rules file (rules tables, no list in " \
           "it): not a list, skipped" in err
    status, out, err = run(capsys, "check", "--event", "oth-tournament", str(lists))
    assert status == 1 and "UNREADABLE" not in out and "spare-preset.toml: a rules file" in err
    # plain check too: the rules files are not rosters that cannot be read
    status, out, err = run(capsys, "check", str(lists))
    assert "required key" not in err and "a rules file" in err and out.count("(task force)") == 4


def test_check_of_an_empty_folder_says_so(tmp_path, capsys):
    """Before: `check EMPTY` printed nothing and exited 0."""
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (("check", str(empty)), ("check", "--event", "oth-tournament", str(empty)),
                 ("check", "--format", "json", str(empty))):
        status, out, err = run(capsys, *args)
        assert status == 2 and out == "", args
        assert f"error: {empty}: no lists in this folder" in err, args
    # only rules files named: said too
    (tmp_path / "house.toml").write_text(HOUSE)
    status, _out, err = run(capsys, "check", str(tmp_path / "house.toml"))
    assert status == 2 and "no lists among the files named" in err


async def test_the_organiser_screen_shows_the_real_reason_first(lists):
    """The Organiser screen's First error column (as `check --event`): why Dan's list is
    refused, not the stat pool that follows from judging it without its rules."""
    from helpers_tui import until
    from textual.widgets import DataTable

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.event.organiser_screen import OrganiserScreen

    app = HorizonApp(start=("organiser", lists, ROOT / "presets" / "oth-tournament.toml"))
    async with app.run_test(size=(160, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OrganiserScreen)
                    and app.screen.judged >= 1, "the lists judged")
        table = app.screen.query_one(DataTable)
        assert table.row_count == 4  # house.toml is Dan's rules, not a list: said so
        summary = str(app.screen.query_one("#org-summary").render())
        assert "1 rules file (not lists)" in summary
        first = str(table.get_cell("Dan.toml", "first_error"))
        assert first.startswith("brings its own rules file (house.toml)"), first
