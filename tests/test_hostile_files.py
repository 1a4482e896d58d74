"""Hostile roster and ruleset files (issue 12): each is a located error, never a crash or a hang.

Every case here crashed, hung or pointed at the wrong line before: the key-to-line
map, the safe file reader, the ruleset's load-time checks and the command line's
exit statuses.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from horizon_builder.cli.main import EXIT_INTERNAL, main
from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import examples_dir
from horizon_builder.files.tomlfile import MAX_FILE_BYTES, KeyLines, read_toml
from horizon_builder.roster.io import load, read_roster
from horizon_builder.rules.loader import load_ruleset

EXAMPLE = examples_dir() / "hvy-cav-battlegroup.toml"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def roster_with(tmp_path: Path, old: str, new: str, name: str = "r.toml") -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    return write(tmp_path, name, text.replace(old, new, 1))


def load_problems(path: Path, overrides: list[Path] | None = None) -> list[str]:
    with pytest.raises(LoadError) as exc:
        load(path, extra_overrides=list(overrides or []))
    return [str(p) for p in exc.value.problems]


# --- the key-to-line map: a real tokenizer, not bracket counting ----------------------

def test_brackets_inside_strings_do_not_shift_lines():
    text = ('name = "Bracket [A"\n'
            "other = 'literal { ['\n"
            'notes = """many\n[ lines {\n"""\n'
            "lit = '''[\n'''\n"
            "last = 1\n")
    lines = KeyLines(text)
    assert lines.line_for(("name",)) == 1
    assert lines.line_for(("other",)) == 2
    assert lines.line_for(("notes",)) == 3
    assert lines.line_for(("lit",)) == 6
    assert lines.line_for(("last",)) == 8


def test_multiline_string_with_quotes_and_escapes():
    text = 'a = """x\\"""\ny""""\nb = 2\n'
    assert KeyLines(text).line_for(("b",)) == 3


def test_inline_tables_and_arrays_locate_each_item():
    text = ("x = { y = [1,\n  2], z = { w = '}' } }\n"
            "arr = [\n  { p = 1 },  # a comment with [ and {\n  { p = 2 },\n]\n"
            "after = true\n")
    lines = KeyLines(text)
    assert lines.line_for(("x", "y", 1)) == 2
    assert lines.line_for(("x", "z", "w")) == 2
    assert lines.line_for(("arr", 0, "p")) == 4
    assert lines.line_for(("arr", 1, "p")) == 5
    assert lines.line_for(("after",)) == 7


def test_arrays_of_tables_and_quoted_keys():
    text = ('[[elements]]\nname = "a ["\n[[elements.forms]]\ntype = "x"\n'
            '[[elements]]\nname = "b"\n[t."dotted.key"]\n"" = 1\n')
    lines = KeyLines(text)
    assert lines.line_for(("elements", 0, "forms", 0, "type")) == 4
    assert lines.line_for(("elements", 1, "name")) == 6
    assert lines.line_for(("t", "dotted.key", "")) == 8


def test_key_lines_never_raises_on_odd_text():
    for text in ("[", "a = ", '"', "a = '''", "[[a]", "= 1", "a = [1,", "\x00", "a.\"b"):
        KeyLines(text)  # keeps what it found; no exception


def test_wrong_line_after_a_bracket_in_a_name(tmp_path):
    path = roster_with(tmp_path, 'name = "Lancer Command"', 'name = "Bracket [A"')
    text = path.read_text(encoding="utf-8").replace("presence = 2", "presence = 99", 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == "presence = 99")
    [problem] = load_problems(path)
    assert problem.startswith(f"{path}:{line}: elements[3].presence")


# --- reading files ----------------------------------------------------------------------

def test_empty_quoted_key(tmp_path):
    path = write(tmp_path, "r.toml", '"" = 1\n')
    found = load_problems(path)
    assert f'{path}:1: "": unknown key' in "\n".join(found)


def test_empty_quoted_key_in_a_ruleset(tmp_path):
    house = write(tmp_path, "house.toml", '[upgrades]\n"" = 1\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    assert all(p.line == 2 for p in exc.value.problems)


def test_deep_nesting_is_a_located_error(tmp_path):
    path = write(tmp_path, "r.toml", "a = 1\nx = " + "[" * 3000 + "]" * 3000 + "\n")
    with pytest.raises(LoadError) as exc:
        read_toml(path)
    [problem] = exc.value.problems
    assert problem.line == 2 and "nested too deeply" in problem.message


def test_error_at_end_of_document_has_a_line(tmp_path):
    path = write(tmp_path, "r.toml", "a = 1\nb = [1,\n")
    with pytest.raises(LoadError) as exc:
        read_toml(path)
    [problem] = exc.value.problems
    assert problem.line == 2 and "end of document" not in problem.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(LoadError, match="not a regular file"):
        read_toml(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_device_is_refused():
    with pytest.raises(LoadError, match="not a regular file"):
        read_toml("/dev/zero")
    with pytest.raises(LoadError, match="not a regular file"):
        load_ruleset(["/dev/zero"])


def test_huge_file_is_refused_unread(tmp_path):
    big = tmp_path / "big.toml"
    with open(big, "wb") as handle:  # sparse: no disk used
        handle.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(LoadError, match="too large"):
        read_toml(big)


def test_folder_is_refused(tmp_path):
    with pytest.raises(LoadError, match="folder"):
        read_toml(tmp_path)


# --- roster values ----------------------------------------------------------------------

def test_boolean_is_not_a_number(tmp_path):
    path = roster_with(tmp_path, "presence = 3", "presence = true")
    with pytest.raises(LoadError) as exc:
        read_roster(path)
    [problem] = exc.value.problems
    assert problem.key == "elements[1].presence" and problem.line == 16
    assert "whole number" in problem.message


def test_boolean_is_not_a_number_in_a_ruleset(tmp_path):
    house = write(tmp_path, "house.toml", "[command_resources]\nper_elements = true\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [problem] = exc.value.problems
    assert problem.line == 2 and "whole number" in problem.message


def test_duplicate_element_id_is_located(tmp_path):
    path = roster_with(tmp_path, 'id = "cav1"', 'id = "chq"')
    [problem] = load_problems(path)
    assert problem.startswith(f"{path}:20: elements[2].id: element id 'chq' is used twice")


def test_overrides_path_with_a_too_long_component(tmp_path):
    path = roster_with(tmp_path, "force_cost = 15", f'force_cost = 15\noverrides = "{"a" * 300}.toml"')
    [problem] = load_problems(path)
    assert problem.startswith(f"{path}:6: overrides: overrides file cannot be read")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_overrides_path_that_is_a_device(tmp_path):
    path = roster_with(tmp_path, "force_cost = 15", 'force_cost = 15\noverrides = "/dev/zero"')
    [problem] = load_problems(path)
    assert "is not a regular file" in problem and ":6: overrides" in problem


# --- ruleset values checked when the rules load -----------------------------------------

def test_section_that_is_not_a_table_in_a_supplement_layer(tmp_path):
    house = write(tmp_path, "house.toml", 'upgrades = 1\n[ruleset]\nsupplement = "x"\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    assert [(p.key, p.line) for p in exc.value.problems] == [("upgrades", 1)]


def test_zero_elements_per_deployment_space(tmp_path):
    house = write(tmp_path, "house.toml", "[deployment]\nelements_per_space = 0\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [problem] = exc.value.problems
    assert (problem.key, problem.line) == ("deployment.elements_per_space", 2)


def test_eras_that_include_each_other(tmp_path):
    house = write(tmp_path, "house.toml",
                  '[eras.era1]\nincludes = ["era2"]\n[eras.era2]\nincludes = ["era1"]\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    messages = [str(p) for p in exc.value.problems]
    assert any(":2: eras.era1.includes: eras include each other" in m for m in messages)


def test_values_of_a_file_that_is_not_a_ruleset_are_not_echoed(tmp_path):
    stranger = write(tmp_path, "stranger.toml", 'password = "hunter2"\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([stranger])
    assert "not a ruleset file" in str(exc.value) and "hunter2" not in str(exc.value)
    house = write(tmp_path, "house.toml", 'event = "hunter2"\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    assert "hunter2" not in str(exc.value)


# --- the command line -------------------------------------------------------------------

@pytest.mark.parametrize("text", ['"" = 1\n', "x = " + "[" * 2000 + "]" * 2000 + "\n", "a = [1,\n"])
def test_cli_hostile_file_exits_2_without_traceback(tmp_path, capsys, text):
    path = write(tmp_path, "r.toml", text)
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert status == 2
    assert "Traceback" not in out + err and f"error: {path}:" in err


def test_cli_override_with_zero_divisor_exits_2(tmp_path, capsys):
    house = write(tmp_path, "house.toml", "[deployment]\nelements_per_space = 0\n")
    for command in (["check", str(EXAMPLE)], ["export", str(EXAMPLE)]):
        status = main([*command, "--ruleset", str(house)])
        _out, err = capsys.readouterr()
        assert status == 2 and "elements_per_space" in err


def test_cli_internal_error_exits_3_with_a_short_message(monkeypatch, capsys):
    import horizon_builder.checks as checks

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("integer division or modulo by zero")

    monkeypatch.setattr(checks, "validate", broken)
    status = main(["check", str(EXAMPLE)])
    _out, err = capsys.readouterr()
    assert status == EXIT_INTERNAL
    assert "internal error: ZeroDivisionError" in err and "please report" in err
    assert "Traceback" not in err


def test_cli_closed_pipe_is_quiet():
    """``check ... | head -1``: no BrokenPipeError traceback."""
    code = ("import subprocess, sys\n"
            "p = subprocess.Popen([sys.executable, '-m', 'horizon_builder', 'check', *sys.argv[1:]],"
            " stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
            "p.stdout.readline(); p.stdout.close()\n"
            "err = p.stderr.read(); p.wait()\n"
            "sys.stdout.write(err.decode())\n")
    result = subprocess.run([sys.executable, "-c", code, *[str(EXAMPLE)] * 200],
                            capture_output=True, text=True, timeout=120, check=True)
    assert "Traceback" not in result.stdout and "BrokenPipe" not in result.stdout
