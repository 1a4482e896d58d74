"""The command line as a Python user expects it (issue 15): a mistyped command is an error
with a suggestion, --help shows how to open the app, every option says what it does,
shell completion, one version, unknown names in files suggest the closest ones, and the
JSON export loads back as a roster."""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

import horizon_builder
from horizon_builder.cli.main import _mistyped_command, build_parser, main
from horizon_builder.files.resources import example_rosters, examples_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster

LEGAL = examples_dir() / "hvy-cav-battlegroup.toml"


def run(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("typed", "meant"), [("chek", "check"), ("exprot", "export"),
                                              ("examples", None), ("shcema", "schema"),
                                              ("preset", "presets"), ("completoin", "completion")])
def test_a_mistyped_command_is_an_error_with_a_suggestion(capsys, monkeypatch, typed, meant):
    opened: list[object] = []
    monkeypatch.setattr("horizon_builder.tui.app.run_app", lambda *a, **k: opened.append(a) or 0)
    status, _, err = run(capsys, typed)
    if meant is None:  # a real command runs
        assert status == 0
        return
    assert status == 2 and f"did you mean {meant}?" in err
    assert opened == []  # no new roster named after the typo


def test_a_roster_name_is_not_taken_for_a_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _mistyped_command("chek") == "check"
    assert _mistyped_command("chek.toml") is None
    assert _mistyped_command("lists/chek") is None
    assert _mistyped_command("my-battlegroup") is None  # nothing close: opens the app
    (tmp_path / "chek").write_text("name = 'x'\n", encoding="utf-8")
    assert _mistyped_command("chek") is None  # an existing file is opened


def test_help_shows_how_to_open_the_app(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "open the app:" in out and "horizon-builder ROSTER.toml" in out
    assert "python -m horizon_builder" in out and "completion bash|zsh|fish|powershell" in out


def _actions(parser: argparse.ArgumentParser, prefix: str = ""):  # type: ignore[no-untyped-def]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _actions(child, f"{prefix}{name} ")
        elif not isinstance(action, argparse._HelpAction):
            yield prefix + "/".join(action.option_strings or [action.dest]), action


def test_every_option_has_help_text():
    missing = [name for name, action in _actions(build_parser()) if not action.help]
    assert missing == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish", "powershell"])
def test_shell_completion_script(capsys, shell):
    status, out, _ = run(capsys, "completion", shell)
    assert status == 0
    assert "horizon-builder" in out
    for command in ("check", "export", "schema", "completion"):
        assert command in out
    if shell == "powershell":  # issue 36 item 10 (shtab 1.12's)
        assert "Register-ArgumentCompleter" in out


def test_the_shtab_floor_writes_powershell() -> None:
    """shtab writes PowerShell from 1.12: pyproject's floor is at least that."""
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    floor = pyproject.split('"shtab>=', 1)[1].split('"', 1)[0]
    assert tuple(int(part) for part in floor.split(".")[:2]) >= (1, 12)


def test_the_version_lives_in_one_place():
    # installed (as the README's test command does), the metadata reads the same one; from a
    # checkout that is not installed, only the source is there to compare
    with contextlib.suppress(importlib.metadata.PackageNotFoundError):
        assert importlib.metadata.version("horizon-builder") == horizon_builder.__version__
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject


def test_python_dash_m_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "horizon_builder", "--version"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and horizon_builder.__version__ in done.stdout


def test_a_license_file_ships():
    root = Path(__file__).resolve().parent.parent
    assert (root / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "horizon-builder contributors" in (root / "LICENSE").read_text(encoding="utf-8")


# --- unknown names suggest the closest ----------------------------------------------------

ROSTER = """\
name = "x"
force_cost = 10
{extra}
[[elements]]
name = "a"
type = "{type}"
presence = 2
stats = {{ M = 4, F = 5, A = 5, D = 1 }}
upgrades = [{upgrades}]
"""


def check_errors(capsys, tmp_path: Path, **fields: str) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.toml"
    values = {"extra": "", "type": "hvy_cav", "upgrades": "", **fields}
    path.write_text(ROSTER.format(**values), encoding="utf-8")
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    return err


def test_an_unknown_element_type_suggests_the_closest(capsys, tmp_path):
    err = check_errors(capsys, tmp_path, type="hvy_cavv")
    assert "unknown element type 'hvy_cavv' (did you mean 'hvy_cav'" in err
    assert "known:" not in err  # not a list of every type


def test_an_unknown_type_far_from_any_says_where_to_look(capsys, tmp_path):
    err = check_errors(capsys, tmp_path, type="walker_of_doom")
    assert "unknown element type 'walker_of_doom' (`horizon-builder rules` lists them)" in err


def test_an_unknown_upgrade_suggests_the_closest(capsys, tmp_path):
    err = check_errors(capsys, tmp_path, upgrades='"gunnery_controler"')
    assert "unknown upgrade 'gunnery_controler' (did you mean 'gunnery_controller'" in err


def test_an_unknown_key_suggests_the_closest(capsys, tmp_path):
    err = check_errors(capsys, tmp_path, extra="forcecost = 3")
    assert "forcecost: unknown key" in err and "did you mean 'force_cost'?" in err


# --- the JSON export loads back -----------------------------------------------------------


@pytest.mark.parametrize("example", example_rosters(), ids=lambda p: p.stem)
def test_the_json_export_loads_back_as_the_roster(capsys, tmp_path, example):
    out = tmp_path / "export.json"
    status, _, _ = run(capsys, "export", str(example), "--format", "json", "-o", str(out))
    assert status == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert Roster.model_validate(document["roster"]) == load(example).roster
