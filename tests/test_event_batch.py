"""Event presets and the organiser's batch check (OtH p.45-48, "Tournament rules"):
``horizon-builder presets`` and ``horizon-builder check --event PRESET PATH...``."""

from __future__ import annotations

import csv
import io
import json
import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from horizon_builder.cli.main import main
from horizon_builder.event.batch import read_preset
from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import event_presets, find_preset

EXAMPLES = Path(__file__).parent.parent / "examples"
# a Task Force (a battlegroup entered in a tournament is an error, OtH p.46)
LEGAL_AT_16 = (EXAMPLES / "oth-biowar.toml").read_text().replace('kind = "battlegroup"',
                                                                 'kind = "task_force"')  # FC 16, legal


def _list(folder: Path, name: str, commander: str, text: str = LEGAL_AT_16) -> Path:
    path = folder / f"{name.lower().replace(' ', '-')}.toml"
    text = text.replace('name = "Brood of Tesbury Vale"', f'name = "{name}"\ncommander = "{commander}"')
    path.write_text(text)
    return path


@pytest.fixture
def event_folder(tmp_path: Path) -> Path:
    """Twelve lists for a FC 16 event: eight legal (one in a sub-folder), one over budget, one
    built to the wrong FC, one with its own house rules, one that cannot be read."""
    lists = tmp_path / "lists"
    (lists / "late").mkdir(parents=True)
    for i in range(7):
        _list(lists, f"Brood {i + 1}", f"Player {i + 1}")
    _list(lists / "late", "Brood 8", "Player 8")
    _list(lists, "Greedy", "Player 9", LEGAL_AT_16.replace("presence = 1", "presence = 2", 1))
    _list(lists, "Wrong FC", "Player 10", LEGAL_AT_16.replace("force_cost = 16", "force_cost = 18"))
    (lists / "house.toml.rules").write_text("[command_resources]\nper_elements = 1\n")
    _list(lists, "House", "Player 11", 'overrides = "house.toml.rules"\n' + LEGAL_AT_16)
    (lists / "broken.toml").write_text('name = "Broken\nforce_cost = 16\n')
    return lists


def _run(capsys, *args: str) -> tuple[int, str]:
    status = main(["check", *args])
    return status, capsys.readouterr().out


def test_shipped_presets_are_listed_and_load(capsys):
    """At least the book's plain tournament and a stricter one ship (OtH p.45-48)."""
    names = [p.stem for p in event_presets()]
    assert {"oth-tournament", "competitive"} <= set(names)
    for path in event_presets():
        event = read_preset(path)
        assert event.force_cost and (event.rounds or 3) >= 3  # never fewer than three (p.45)
    main(["presets"])
    out = capsys.readouterr().out
    assert "oth-tournament" in out and "FC 16" in out and "competitive" in out


def test_competitive_preset_holds_the_books_organiser_options():
    event = read_preset(find_preset("competitive"))
    assert event.supertank_min_stat == 2  # OtH p.9
    assert event.superheavy_max_presence == 6  # OtH p.17
    assert event.table == "4x4" and not event.house_rules_allowed


@pytest.mark.parametrize(("text", "key"), [
    ("[event]\nforce_cost = 16\nbogus = 1\n", "event.bogus"),
    ("[event]\nforce_cost = 0\n", "event.force_cost"),
    ("[event]\nforce_cost = 16\nfp_per_fc = 0\n", "event.fp_per_fc"),
    ("[event]\nforce_cost = 16\nrounds = 2\n", "event.rounds"),  # at least three (OtH p.45)
    ("[event]\nname = \"No FC\"\n", "event.force_cost"),
])
def test_bad_preset_is_a_located_error(tmp_path, capsys, text, key):
    preset = tmp_path / "bad.toml"
    preset.write_text(text)
    with pytest.raises(LoadError) as caught:
        read_preset(preset)
    assert key in str(caught.value) and "bad.toml" in str(caught.value)
    assert main(["check", "--event", str(preset), str(EXAMPLES / "oth-biowar.toml")]) == 2


def test_batch_check_text_table(event_folder, capsys):
    status, out = _run(capsys, "--event", "oth-tournament", str(event_folder))
    assert status == 2  # some list unreadable
    assert "Over the Horizon tournament: FC 16, 12 lists" in out
    assert "8 legal, 3 not legal, 1 unreadable" in out
    rows = {line.split()[0].rsplit("/", 1)[-1]: line for line in out.splitlines()[2:-1]}
    assert "LEGAL" in rows["brood-8.toml"] and "Player 8" in rows["brood-8.toml"]
    assert "built to FC 18" in rows["wrong-fc.toml"]
    assert "NOT LEGAL" in rows["house.toml"] and "own rules file" in rows["house.toml"]
    assert "UNREADABLE" in rows["broken.toml"]


def test_batch_check_json_and_csv(event_folder, capsys):
    status, out = _run(capsys, "--event", "oth-tournament", "--format", "json", str(event_folder))
    data = json.loads(out)
    assert status == 2 and len(data) == 12
    broken = next(d for d in data if d["path"].endswith("broken.toml"))
    assert broken["legal"] is False and "broken.toml:1" in broken["load_errors"][0]
    house = next(d for d in data if d["path"].endswith("house.toml"))
    assert "event-house-rules" in {f["code"] for f in house["findings"]}
    # judged without its rules file: only the event preset is named
    assert [la["role"] for la in house["rules_layers"]] == ["event preset"]
    status, out = _run(capsys, "--event", "oth-tournament", "--format", "csv", str(event_folder))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 12 and rows[0].keys() >= {"file", "name", "commander", "verdict"}
    assert sum(r["verdict"] == "LEGAL" for r in rows) == 8


def test_exit_status_one_when_only_illegal(event_folder, capsys):
    (event_folder / "broken.toml").unlink()
    assert _run(capsys, "--event", "oth-tournament", str(event_folder))[0] == 1
    for name in ("greedy.toml", "wrong-fc.toml", "house.toml"):
        (event_folder / name).unlink()
    assert _run(capsys, "--event", "oth-tournament", str(event_folder))[0] == 0


def test_preset_may_allow_house_rules(event_folder, tmp_path, capsys):
    preset = tmp_path / "friendly.toml"
    preset.write_text('[event]\nname = "Friendly"\nforce_cost = 16\nhouse_rules_allowed = true\n')
    _status, out = _run(capsys, "--event", str(preset), "--format", "json",
                        str(event_folder / "house.toml"))
    [house] = json.loads(out)
    assert "event-house-rules" not in {f["code"] for f in house["findings"]}
    assert [la["role"] for la in house["rules_layers"]] == [
        "the roster's own house rules (overrides)", "event preset"]


def test_event_preset_rules_for_a_list(tmp_path, capsys):
    """Supplements and era the event allows (organiser's choices, OtH p.45-48)."""
    preset = tmp_path / "strict.toml"
    preset.write_text('[event]\nforce_cost = 16\nsupplements = ["superweapons"]\n'
                      'era = "era3"\n')
    status, out = _run(capsys, "--event", str(preset), "--format", "json",
                       str(EXAMPLES / "oth-biowar.toml"))
    codes = {f["code"] for f in json.loads(out)[0]["findings"]}
    assert {"event-supplement", "event-era"} <= codes and status == 1


def test_csv_needs_an_event(capsys):
    assert main(["check", "--format", "csv", str(EXAMPLES / "oth-biowar.toml")]) == 2


def test_hostile_names_stay_in_their_cells(tmp_path, capsys):
    """A name with control characters or a formula never breaks the table or a spreadsheet."""
    lists = tmp_path / "lists"
    lists.mkdir()
    text = LEGAL_AT_16.replace('name = "Brood of Tesbury Vale"',
                               'name = "=HYPERLINK(1)\\u001b]0;x\\u0007"\ncommander = "a\\nb"')
    (lists / "evil.toml").write_text(text)
    _status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert "\x1b" not in out and "\x07" not in out
    assert len(out.splitlines()) == 4  # heading, column names, one row, summary
    _status, out = _run(capsys, "--event", "oth-tournament", "--format", "csv", str(lists))
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["name"].startswith("'=HYPERLINK") and "\x1b" not in row["name"]


def test_task_force_check_reports_fp_against_its_limit(capsys):
    """A Task Force is judged by its FP against the limit (OtH p.46): check says that, with no
    FC-over-budget pair or Intelligence Rating, which mean something only per round."""
    main(["check", "--format", "json", str(EXAMPLES / "tournament-task-force.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert (data["force_presence"], data["force_presence_limit"]) == (17, 24)
    assert data["tournament_force_cost"] == 12 and data["force_cost_limit"] is None
    assert data["intelligence_rating"] is None and data["rounds"][0]["intelligence_rating"] == -6
    main(["check", str(EXAMPLES / "tournament-task-force.toml")])
    out = capsys.readouterr().out
    assert "Task Force FP 17/24" in out and "IR" not in out.splitlines()[1]


def test_preset_round_length_and_fp_multiple_are_used(tmp_path, capsys):
    preset = tmp_path / "p.toml"
    preset.write_text("[event]\nforce_cost = 12\nfp_per_fc = 3\nround_minutes = 90\n")
    main(["check", "--event", str(preset), "--format", "json",
          str(EXAMPLES / "tournament-task-force.toml")])
    data = json.loads(capsys.readouterr().out)[0]
    assert data["force_presence_limit"] == 36 and data["round_length_minutes"] == 90


def test_a_lists_own_rules_file_is_not_a_list(tmp_path, capsys):
    """A house-rules file named ``*.toml`` that a list in the folder names (``overrides``) is
    that list's rules: no row of its own (issue 23); the list is judged as before."""
    lists = tmp_path / "lists"
    (lists / "rules").mkdir(parents=True)
    _list(lists, "Brood 1", "Player 1")
    (lists / "rules" / "house.toml").write_text("[command_resources]\nper_elements = 1\n")
    _list(lists, "House", "Player 2", 'overrides = "rules/house.toml"\n' + LEGAL_AT_16)
    status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert status == 1 and "2 lists" in out and "UNREADABLE" not in out
    assert not any(line.startswith("rules/house.toml") for line in out.splitlines())
    assert "1 legal, 1 not legal, 0 unreadable" in out
    # named on the command line too (a glob picks it up), it is that list's rules, said in a
    # note and skipped, not an unreadable list (issue 33 items 12-13)
    status = main(["check", "--event", "oth-tournament", str(lists),
                   str(lists / "rules" / "house.toml")])
    out, err = capsys.readouterr()
    assert status == 1 and "2 lists" in out and "0 unreadable" in out
    assert f"note: {lists / 'rules' / 'house.toml'}: the house rules of" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_toml_that_is_no_file_gets_its_unreadable_row(tmp_path, capsys):
    """A dangling link and a FIFO named ``*.toml``: each gets an UNREADABLE row saying why (a
    FIFO is never opened for reading, so the check cannot block on it)."""
    lists = tmp_path / "lists"
    lists.mkdir()
    _list(lists, "Brood 1", "Player 1")
    (lists / "gone.toml").symlink_to(tmp_path / "nowhere.toml")
    os.mkfifo(lists / "pipe.toml")
    status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert status == 2 and "3 lists" in out and "1 legal, 0 not legal, 2 unreadable" in out
    rows = {line.split()[0]: line for line in out.splitlines()[2:-1]}
    assert "UNREADABLE" in rows["gone.toml"] and "which is not there" in rows["gone.toml"]
    assert "UNREADABLE" in rows["pipe.toml"] and "not a regular file" in rows["pipe.toml"]
    # a link that leads back to itself is said as a loop, not as missing
    (lists / "loop.toml").symlink_to("loop.toml")
    status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    rows = {line.split()[0]: line for line in out.splitlines()[2:-1]}
    assert "UNREADABLE" in rows["loop.toml"] and "a loop of links" in rows["loop.toml"]


def test_an_empty_folder_is_said(tmp_path, capsys):
    """No list in the folder (nothing, or only a list-less rules file): said, exit 2."""
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["check", "--event", "oth-tournament", str(empty)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and f"{empty}: no lists in this folder" in captured.err
    lists = tmp_path / "lists"
    lists.mkdir()
    _list(lists, "Brood 1", "Player 1")
    assert main(["check", "--event", "oth-tournament", str(lists), str(empty)]) == 2
    captured = capsys.readouterr()
    assert "1 legal" in captured.out and "no lists in this folder" in captured.err


def test_first_error_is_cut_only_where_the_terminal_is_too_narrow(event_folder):
    """The check table's first error takes the rest of the terminal's width (issue 23): whole
    in a wide terminal or a pipe, cut (with an ellipsis) only in a narrow terminal."""
    from horizon_builder.event.batch import judge, table_text
    from horizon_builder.export.check import json_report

    preset = find_preset("oth-tournament")
    rows = [row for row, _ in judge([event_folder], preset, as_json=json_report)]
    error = next(r.first_error for r in rows if r.file == "house.toml")
    assert len(error) > 48  # the old table cut it at 48 whatever the terminal
    for width in (None, 250):
        text = table_text(rows, read_preset(preset), preset, width)
        assert error in text
        assert width is None or max(len(line) for line in text.splitlines()[1:]) <= width
    narrow = table_text(rows, read_preset(preset), preset, 120)
    assert error not in narrow and error[:20] in narrow and "…" in narrow
    # wide enough for the error once the long file and list names give way
    from horizon_builder.event.batch import ListRow

    long = [ListRow(file="f" * 40, name="n" * 30, verdict="NOT LEGAL", first_error=error)]
    whole = max(len(line) for line in table_text(long, read_preset(preset), preset)
                .splitlines()[1:])
    text = table_text(long, read_preset(preset), preset, whole - 30)
    assert error in text and "f" * 39 not in text and "n" * 29 not in text
    assert max(len(line) for line in text.splitlines()[1:]) <= whole - 30


_CONTENTS = st.sampled_from([
    LEGAL_AT_16,
    'overrides = "rules.toml"\n' + LEGAL_AT_16,
    'overrides = "sub/house.toml"\n' + LEGAL_AT_16,
    'overrides = ""\n' + LEGAL_AT_16,
    "overrides = 3\n" + LEGAL_AT_16,
    "[command_resources]\nper_elements = 1\n",
    'name = "Broken\n',
    "",
]) | st.text(max_size=40)


#: the top-level keys of a rules file that no list has (issue 33 item 13: a rules file is
#: named as one, not judged as an unreadable list)
RULES_ONLY = {"element_types", "upgrades", "commands", "command_resources", "chq_cost_table",
              "special_rules", "eras", "event", "tournament", "ruleset", "deployment",
              "intelligence", "adventures", "needs_upgrade", "source", "provisional"}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a.toml", "b.toml", "rules.toml", "sub/house.toml",
                                           "sub/c.toml"]), _CONTENTS), max_size=5))
def test_any_folder_gets_one_row_per_list_and_never_a_traceback(files):
    """Whatever a folder holds: exit 0, 1 or 2 with a row per ``*.toml`` but the rules files
    a list there names (issue 23), or, with no list, the folder said (exit 2)."""
    import contextlib
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "lists"
        (folder / "sub").mkdir(parents=True)
        for name, text in files:
            (folder / name).write_text(text, encoding="utf-8")
        named, rosters = set(), set()
        for path in folder.rglob("*.toml"):
            with contextlib.suppress(Exception):
                data = tomllib.loads(path.read_text(encoding="utf-8"))
                if "force_cost" in data or "elements" in data:  # a list is never hidden
                    rosters.add(path.resolve())
                overrides = data.get("overrides")
                if isinstance(overrides, str) and overrides:
                    named.add((path.parent / overrides).resolve())
                if data and set(data) <= RULES_ONLY:  # a rules layer, no list's key
                    named.add(path.resolve())
        lists = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.toml")
                       if p.resolve() not in named - rosters)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["check", "--event", "oth-tournament", "--format", "json",
                           str(folder)])
        if not lists:
            assert status == 2 and "no lists in this folder" in err.getvalue()
            return
        assert status in (0, 1, 2)
        rows = json.loads(out.getvalue())
        assert sorted(str(Path(r["path"]).relative_to(folder)) for r in rows) == lists


def test_a_list_named_as_another_lists_rules_keeps_its_row(tmp_path, capsys):
    """A file that holds a list (it has its FC) is a list even when another list names it as
    its house rules: one player's ``overrides`` never hides another's list from the
    organiser (issue 23 item 6); the list that names it gets its error as before."""
    lists = tmp_path / "lists"
    lists.mkdir()
    _list(lists, "Brood 1", "Player 1")
    _list(lists, "Sneaky", "Player 2", 'overrides = "brood-1.toml"\n' + LEGAL_AT_16)
    status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert "2 lists" in out and status == 1
    assert any(line.startswith("brood-1.toml") and "LEGAL" in line for line in out.splitlines())
    # a list naming itself is still a list, not an empty folder
    (lists / "sneaky.toml").unlink()
    _list(lists, "Self", "Player 3", 'overrides = "self.toml"\n' + LEGAL_AT_16)
    status, out = _run(capsys, "--event", "oth-tournament", str(lists))
    assert "2 lists" in out and any(line.startswith("self.toml") for line in out.splitlines())


def test_two_lists_with_one_commander_are_flagged(tmp_path, capsys):
    """Issue 36 item 6: `event new` refuses two lists with one commander, so the check before
    it says so (the commander's name, else the file's stem, as `event new` registers it)."""
    lists = tmp_path / "lists"
    (lists / "late").mkdir(parents=True)
    _list(lists, "Brood A", "Ann")
    _list(lists, "Brood B", "Ann")
    _list(lists, "Brood C", "Bob")
    (lists / "late" / "brood-c.toml").write_text(LEGAL_AT_16)  # no commander: its stem
    (lists / "brood-d.toml").write_text(LEGAL_AT_16)
    (lists / "late" / "brood-d.toml").write_text(LEGAL_AT_16)
    status = main(["check", "--event", "oth-tournament", str(lists)])
    _out, err = capsys.readouterr()
    assert status == 0  # every list is legal: a warning, as `event new` will refuse them
    warnings = err.splitlines()
    assert warnings == [
        "warning: 'Ann' is the commander of 2 lists (brood-a.toml, brood-b.toml): event new "
        "takes one list per commander (set `commander` in the others)",
        "warning: 'brood-d' is the commander of 2 lists (brood-d.toml, late/brood-d.toml): "
        "event new takes one list per commander (set `commander` in the others)",
    ]
    for fmt in ("json", "csv"):
        main(["check", "--event", "oth-tournament", "--format", fmt, str(lists)])
        assert capsys.readouterr().err.splitlines() == warnings
