"""`horizon-builder check`, `schema` and `examples` from the command line."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

import horizon_builder
from horizon_builder.cli.main import main
from horizon_builder.files.resources import example_rosters, examples_dir

LEGAL = examples_dir() / "hvy-cav-battlegroup.toml"
ILLEGAL = examples_dir() / "needs-fixing.toml"
JSON_KEYS = {"path", "legal", "force_cost", "force_cost_limit", "force_presence",
             "command_resources", "intelligence_rating", "findings"}
FINDING_KEYS = {"severity", "code", "element", "message", "rule"}


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_check_legal_roster_exits_0(capsys):
    status, out, _ = run(capsys, "check", str(LEGAL))
    assert status == 0
    assert "verdict: LEGAL" in out
    assert "FC 13/15" in out


def test_check_illegal_roster_exits_1_with_findings(capsys):
    status, out, _ = run(capsys, "check", str(ILLEGAL))
    assert status == 1
    assert "NOT LEGAL" in out
    assert "ERROR   Force Cost 11 is over the budget of 10 by 1" in out
    assert "[provisional]" in out


def test_check_json_has_documented_keys(capsys):
    status, out, _ = run(capsys, "check", "--format", "json", *map(str, example_rosters()))
    data = json.loads(out)
    assert len(data) == len(example_rosters())
    for entry in data:
        assert set(entry) >= JSON_KEYS
        for finding in entry["findings"]:
            assert set(finding) >= FINDING_KEYS
            assert finding["severity"] in ("error", "warning", "info")
    assert status == (1 if any(not e["legal"] for e in data) else 0)


def test_check_unreadable_file_exits_2_and_names_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\nforce_cost = = 3\n")
    status, _, err = run(capsys, "check", str(LEGAL), str(bad))
    assert status == 2
    assert f"error: {bad}:2: not valid TOML" in err


def test_check_json_reports_load_errors(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("")
    status, out, _ = run(capsys, "check", "--format", "json", str(bad))
    assert status == 2
    assert json.loads(out)[0]["load_errors"] == [f"{bad}: file is empty"]


def test_check_with_ruleset_override(capsys, tmp_path):
    """--ruleset applies an overrides layer: a house rule shrinking the mech pool breaks the list."""
    house = tmp_path / "house.toml"
    house.write_text("[element_types.mech.pool.points]\n3 = 16\n")
    status, out, _ = run(capsys, "check", "--ruleset", str(house), str(LEGAL))
    assert status == 1
    assert "Warden: spends 18 of 16 stat points" in out


def test_check_with_broken_override_exits_2(capsys, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("[element_types.mech]\nwings = true\n")
    status, _, err = run(capsys, "check", "--ruleset", str(house), str(LEGAL))
    assert status == 2
    assert f"{house}:2: element_types.mech.wings: unknown key" in err


def test_roster_overrides_file_is_relative_to_roster(capsys, tmp_path):
    (tmp_path / "house.toml").write_text("[element_types.mech.pool.points]\n3 = 16\n")
    roster = tmp_path / "list.toml"
    roster.write_text('overrides = "house.toml"\n' + LEGAL.read_text())
    status, out, _ = run(capsys, "check", str(roster))
    assert status == 1 and "spends 18 of 16" in out


def test_task_force_report_lists_rounds(capsys):
    status, out, _ = run(capsys, "check", str(examples_dir() / "tournament-task-force.toml"))
    assert "Round 1: FC" in out and "Task Force FP 17/24" in out
    assert status == 0


def test_schema_is_json_schema_of_roster(capsys):
    status, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert status == 0
    assert schema["title"] == "Roster"
    assert {"name", "force_cost", "elements"} <= set(schema["properties"])


def test_ruleset_schema(capsys):
    status, out, _ = run(capsys, "schema", "--ruleset")
    assert status == 0
    assert json.loads(out)["title"] == "Ruleset"


def test_examples_lists_shipped_rosters(capsys):
    status, out, _ = run(capsys, "examples")
    assert status == 0
    assert str(LEGAL) in out.splitlines()


@pytest.mark.parametrize("args", [["check"], ["check", "--format", "xml", "x.toml"]])
def test_bad_arguments_exit_2(capsys, args):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2


@pytest.mark.parametrize(("args", "usage"), [
    (["check"], "usage: horizon-builder check [-h]"),
    (["export"], "usage: horizon-builder export [-h]"),
    (["event", "pair"], "usage: horizon-builder event pair [-h] EVENT"),
])
def test_a_subcommand_usage_and_error_name_it_alone(capsys, args, usage):
    """Issue 36 item 10: not the whole top-level usage ("horizon-builder [FILE] ... COMMAND
    ... check: error")."""
    with pytest.raises(SystemExit) as exc:
        main(args)
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert err.startswith(usage)
    assert f"\nhorizon-builder {' '.join(args)}: error: the following arguments are required" in err
    assert "[FILE]" not in err and "COMMAND" not in err


def _stdin(monkeypatch, data: bytes) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_check_dash_reads_a_roster_from_standard_input(capsys, monkeypatch, fmt):
    illegal = examples_dir() / "needs-fixing.toml"
    _, expected, _ = run(capsys, "check", "--format", "json", str(illegal))
    if fmt == "json":
        main(["export", "--format", "json", str(illegal)])
        data = capsys.readouterr().out.encode()
    else:
        data = illegal.read_bytes()
    _stdin(monkeypatch, data)
    status, out, _ = run(capsys, "check", "--format", "json", "-")
    assert status == 1
    got, want = json.loads(out)[0], json.loads(expected)[0]
    assert got.pop("path") == "<stdin>" and want.pop("path") == str(illegal)
    assert got == want
    _stdin(monkeypatch, data)
    status, out, _ = run(capsys, "check", "-", str(LEGAL))
    assert status == 1 and out.startswith("<stdin>: Overeager Recruits") and str(LEGAL) in out


def test_check_dash_names_standard_input_in_its_errors(capsys, monkeypatch, tmp_path):
    _stdin(monkeypatch, b'name = "x"\nkind = 3\n')
    status, _, err = run(capsys, "check", "-")
    assert status == 2 and err.startswith("error: <stdin>:2: kind")
    _stdin(monkeypatch, b"")
    status, _, err = run(capsys, "check", "-", "-")
    assert status == 2 and "named more than once" in err
    _stdin(monkeypatch, b"#" * (5 * 1024 * 1024 + 1))
    status, _, err = run(capsys, "check", "-")
    assert status == 2 and "error: <stdin>: is too large (over 5 MB)" in err


def test_check_dash_house_rules_are_relative_to_the_current_folder(capsys, monkeypatch, tmp_path):
    (tmp_path / "house.toml").write_text("[element_types.mech.pool.points]\n3 = 16\n")
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, b'overrides = "house.toml"\n' + LEGAL.read_bytes())
    status, out, _ = run(capsys, "check", "-")
    assert status == 1 and "spends 18 of 16" in out


def test_console_entry_point_runs_from_any_folder(tmp_path):
    """The installed command works outside the checkout (rulesets and examples ship with it)."""
    result = subprocess.run(
        [sys.executable, "-m", "horizon_builder", "check", "--format", "json", str(LEGAL)],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        # the same horizon_builder this test imported: the installed wheel under CI
        env={"PYTHONPATH": str(Path(horizon_builder.__file__).resolve().parents[1])},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)[0]["legal"] is True


def test_the_event_parser_offers_the_report_formats() -> None:
    """``event standings --format`` lists the formats without importing the report module
    (every command builds that parser); the two lists stay one."""
    from horizon_builder.cli.event import FORMATS as offered
    from horizon_builder.event.report import FORMATS

    assert offered == FORMATS


def test_check_does_not_import_what_it_does_not_run() -> None:
    """``check`` imports neither the event commands, the rules listing, the export
    document models, the TOML writers nor what only a mistake or JSON output needs
    (start-up time, issue 13)."""
    code = ("import sys\nfrom horizon_builder.cli import main\n"
            "main(['check', sys.argv[1]])\n"
            "print('IMPORTED:' + ' '.join(m for m in ('horizon_builder.event.io',"
            " 'horizon_builder.cli.rulebook', 'horizon_builder.export.models',"
            " 'horizon_builder.rules.values', 'horizon_builder.event.batch',"
            " 'horizon_builder.files.tomledit', 'tomlkit', 'tomli_w', 'json', 'difflib',"
            " 'horizon_builder.cli.event', 'horizon_builder.cli.rules') if m in sys.modules))")
    example = examples_dir() / "hvy-cav-battlegroup.toml"
    out = subprocess.run([sys.executable, "-c", code, str(example)], capture_output=True,
                         text=True, check=False)
    assert out.stdout.splitlines()[-1] == "IMPORTED:", out.stdout + out.stderr


def test_the_console_entry_leaves_what_it_made_to_the_process_end(tmp_path: Path) -> None:
    """The console entry freezes what a run made (``gc.freeze``) so that Python's exit does
    not collect and free it object by object; what the command printed and wrote is all
    there, standard output and an exported file alike."""
    written, here = tmp_path / "written.html", tmp_path / "here.html"
    code = ("import gc, sys\nfrom horizon_builder.cli import main\n"
            "rc = main(['check', sys.argv[1]]) + main(['export', sys.argv[1], '--format', "
            "'html', '-o', sys.argv[2]])\n"
            "print('FROZEN', gc.get_freeze_count() > 0, rc)\n")
    done = subprocess.run([sys.executable, "-c", code, str(LEGAL), str(written)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "verdict: LEGAL" in done.stdout
    assert done.stdout.splitlines()[-1] == "FROZEN True 0"
    assert main(["export", str(LEGAL), "--format", "html", "-o", str(here)]) == 0
    assert written.read_bytes() == here.read_bytes()


def test_no_test_runs_the_console_entry_in_its_own_process() -> None:
    """The console entry (``horizon_builder.cli.main``) pauses garbage collection and freezes
    what it made for a process of its own: a test calls the commands
    (``horizon_builder.cli.main.main``) or starts a process, never the entry in pytest's."""
    import ast

    found = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "horizon_builder.cli" \
                    and any(alias.name == "main" for alias in node.names):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_a_command_builds_only_its_own_parser_and_parses_as_the_whole_one() -> None:
    """``build_parser(command)`` (what a command runs with) holds just that subcommand, which
    parses and explains itself exactly as in the whole command line."""
    from horizon_builder.cli.main import _SUBPARSERS, SUBCOMMANDS, build_parser

    assert set(_SUBPARSERS) == set(SUBCOMMANDS)

    def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        return next(a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction))

    whole = subparsers(build_parser())
    for name in SUBCOMMANDS:
        alone = build_parser(name)
        assert list(subparsers(alone)) == [name]
        assert subparsers(alone)[name].format_help() == whole[name].format_help()
        assert alone.format_usage() == build_parser().format_usage()
    args = ["check", "a.toml", "--format", "json", "--ruleset", "r.toml"]
    assert build_parser("check").parse_args(args) == build_parser().parse_args(args)


# --- a standard output that cannot be written (issue 36 item 6) ---------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["check", str(LEGAL)], ["export", str(LEGAL)], ["schema"],
                                  ["--help"], ["completion", "bash"]])
def test_a_full_standard_output_is_said_as_o_says_it_exit_2(args):
    """Not "internal error ... a bug" (exit 3): the same words a full disk under -o gets."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "horizon_builder", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "error: standard output: cannot write: No space left on device\n"


class _BrokenDisk:
    """A stdout whose writes fail with EIO (a disk or terminal gone bad)."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EIO, "Input/output error")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def test_an_io_error_on_standard_output_is_said_exit_2(monkeypatch, capsys):
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", _BrokenDisk())
    status = main(["check", str(LEGAL)])
    err = capsys.readouterr().err
    assert status == 2 and err == "error: standard output: cannot write: Input/output error\n"


class _Capture:
    """A stdout whose write returns None (as Textual's print capture inside a running app)."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_the_guarded_stdout_takes_a_stream_whose_write_returns_nothing(monkeypatch):
    captured = _Capture()
    monkeypatch.setattr(sys, "stdout", captured)
    assert main(["check", str(LEGAL)]) == 0
    assert str(LEGAL) in captured.text


def test_check_json_marks_each_round_as_the_app_does(capsys, tmp_path):
    """Issue 33 item 10: a round that fields nothing cannot be played as it stands (OtH
    p.46-47; a warning, the round is chosen at its start), nor one a Task Force finding names
    with an error (an element listed twice): `check --format json` marks each round from all
    that is said about it, as the app's header and rounds list do."""
    path = tmp_path / "tf.toml"
    path.write_text((examples_dir() / "tournament-task-force.toml").read_text(encoding="utf-8")
                    + '\n[[rounds]]\nname = "Round 3"\nelements = []\n'
                    + '\n[[rounds]]\nname = "Round 4"\nelements = ["m2", "m2"]\n',
                    encoding="utf-8")
    status, out, _ = run(capsys, "check", "--format", "json", str(path))
    assert status == 1
    (data,) = json.loads(out)
    assert [r["legal"] for r in data["rounds"]] == [True, True, False, False]
    severities = {f["code"]: f["severity"] for f in data["findings"]}
    assert severities["tf-round-empty"] == "warning"
    assert severities["tf-round-duplicate"] == "error"


# --- the internal-error path never fails itself; a closed stdout (issue 44 item 3) ----------
def test_the_internal_error_message_reaches_a_stderr_whose_write_returns_nothing(monkeypatch):
    """Printing the message through SafeStream was ``int(None)``, a TypeError in the very
    path that reports errors: exit 3 with its message, never a traceback."""
    import horizon_builder.checks as checks

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("integer division or modulo by zero")

    captured = _Capture()
    monkeypatch.setattr(checks, "validate", broken)
    monkeypatch.setattr(sys, "stderr", captured)
    assert main(["check", str(LEGAL)]) == 3
    assert "internal error: ZeroDivisionError" in captured.text
    assert "Traceback" not in captured.text


def test_the_internal_error_path_with_stderr_closed_exits_3(monkeypatch):
    """``2>&-``: Python's ``sys.stderr`` is None; the message goes nowhere, the status says it."""
    import horizon_builder.checks as checks

    def broken(*_args: object) -> None:
        raise ZeroDivisionError("integer division or modulo by zero")

    monkeypatch.setattr(checks, "validate", broken)
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["check", str(LEGAL)]) == 3


def test_the_safe_stream_takes_what_it_is_given():
    from horizon_builder.cli.streams import SafeStream

    captured = _Capture()
    assert SafeStream(captured).write("a\x1bb") == 3 and captured.text == "a\\x1bb"
    assert SafeStream(None).write("gone") == 4
    SafeStream(None).flush()


def _closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:
    """``horizon-builder ARGS >&-``, as a shell runs it."""
    return subprocess.run(["sh", "-c", '"$0" -m horizon_builder "$@" >&-', sys.executable, *args],
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell's >&-")
@pytest.mark.parametrize("args", [["check", str(LEGAL)], ["export", str(LEGAL)], ["schema"],
                                  ["--help"]])
def test_a_closed_standard_output_exits_2_with_a_reason(args):
    """It was "internal error: AttributeError: 'NoneType' object has no attribute 'write'"
    (exit 3): Python starts with ``sys.stdout`` None."""
    done = _closed_stdout(*args)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "error: standard output: cannot write: it is closed\n"


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell's >&-")
def test_a_closed_standard_output_is_no_matter_to_a_command_that_prints_nothing(tmp_path):
    written = tmp_path / "list.txt"
    done = _closed_stdout("export", str(LEGAL), "-o", str(written))
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and "Horizon Wars" in written.read_text(encoding="utf-8")
