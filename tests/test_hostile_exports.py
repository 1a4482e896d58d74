"""Hostile names in the HTML and JSON exports and in the export and adventure commands (issue 12):
C1 controls and bidi characters never reach a terminal or a browser raw, and a line break in a
key never splits an error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_hostile_names import FORGED, HOSTILE, hostile_roster

from horizon_builder.cli.main import main
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.models import Roster
from horizon_builder.text.safetext import is_printable, json_safe

RAW_NAME = json.loads(f'"Lancers{HOSTILE}{FORGED}"')  # the roster's name as the file holds it


@pytest.mark.parametrize("compact", [False, True])
def test_json_export_escapes_c1_and_bidi_and_keeps_the_data(tmp_path: Path, capsys, compact) -> None:
    args = ["export", str(hostile_roster(tmp_path)), "--format", "json"]
    assert main([*args, "--compact"] if compact else args) == 0
    out, _err = capsys.readouterr()
    assert is_printable(out, multiline=True)  # no ESC, C1 (\x9b) or bidi (\u202e) written raw
    assert "\\u202e" in out and "\\u009b" in out
    doc = json.loads(out)
    assert doc["roster"]["name"] == RAW_NAME  # the same data: escapes, not replacements
    assert Roster.model_validate(doc["roster"]).name == RAW_NAME


def test_json_safe_keeps_layout_letters_and_meaning() -> None:
    data = {"a": "Ünïcødé 🚀 \x85 \u2028 \u2066x\u2069", "b": [1, 2]}
    text = json.dumps(data, ensure_ascii=False, indent=2)
    safe = json_safe(text)
    assert json.loads(safe) == data
    assert "Ünïcødé 🚀" in safe and "\n  " in safe
    assert is_printable(safe, multiline=True)


def test_html_export_shows_c1_and_bidi_as_visible_escapes(tmp_path: Path, capsys) -> None:
    assert main(["export", str(hostile_roster(tmp_path)), "--format", "html"]) == 0
    out, _err = capsys.readouterr()
    assert is_printable(out, multiline=True)
    assert "\\u202eevil\\x9b31m" in out  # shown, never applied (a &#x202e; would still apply)
    assert "&#x202e;" not in out.lower() and "&#8238;" not in out


def test_html_escapes_markup_as_before() -> None:
    from horizon_builder.export.html import h

    assert h('<script>alert("x")</script>') == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
    assert h("line 1\nline 2") == "line 1\nline 2"
    assert h("a\x85b\u200fc") == "a\\x85b\\u200fc"


def _key_with_a_line_break(tmp_path: Path) -> Path:
    path = tmp_path / "bad.toml"
    text = (examples_dir() / "hvy-cav-battlegroup.toml").read_text(encoding="utf-8")
    path.write_text('"oops\\nerror: forged line\\u202e" = 1\n' + text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["export"], ["adventure", "--situation", "3"]])
def test_a_line_break_in_a_key_does_not_split_the_error_line(tmp_path: Path, capsys, command) -> None:
    path = _key_with_a_line_break(tmp_path)
    status = main([command[0], str(path), *command[1:]])
    _out, err = capsys.readouterr()
    assert status == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}")
    assert "oops\\nerror: forged line\\u202e" in lines[0]


def test_adventure_output_is_escaped(tmp_path: Path, capsys) -> None:
    assert main(["adventure", str(hostile_roster(tmp_path)), "--situation", "3"]) == 0
    out, err = capsys.readouterr()
    assert is_printable(out, multiline=True) and is_printable(err, multiline=True)
    assert not any(line.startswith("verdict: LEGAL") for line in out.splitlines())


# --- issue 36 item 6: output stays inert ------------------------------------------------
LIST_LIKE = ["1. Lancer", "1) Troop", "- Grenadiers", "+ Pioneers", "---", "2. Lancers"]


def _list_like_roster(tmp_path: Path, example: str) -> Path:
    """An example with every name starting like a markdown list (or a thematic break)."""
    import re

    text = (examples_dir() / example).read_text(encoding="utf-8")
    count = iter(range(10_000))
    text = re.sub(r'^(\s*)name = "([^"]*)"',
                  lambda m: f'{m[1]}name = "{LIST_LIKE[next(count) % len(LIST_LIKE)]} {m[2]}"',
                  text, flags=re.MULTILINE)
    path = tmp_path / example
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("example", ["hvy-cav-battlegroup.toml", "oth-strategic-assets.toml",
                                     "oth-weird.toml", "oth-datawar.toml",
                                     "tournament-task-force.toml"])
@pytest.mark.parametrize("compact", [False, True])
def test_markdown_export_keeps_list_like_names_as_words(tmp_path: Path, capsys, example, compact) -> None:
    """Rendered as CommonMark, the export of a list whose names start "1.", "1)", "-" or "+"
    has the same lists as the export of the list as shipped, and each name shows as typed."""
    import markdown_it  # Rich's markdown parser (CommonMark)

    md = markdown_it.MarkdownIt("commonmark")

    def rendered(path: Path) -> str:
        assert main(["export", str(path), "--format", "markdown", *(["--compact"] if compact else [])]) == 0
        return md.render(capsys.readouterr().out)

    import re

    def lists(html: str) -> list[str]:
        return re.findall(r"</?(?:ul|ol|li|hr)\b", html)

    hostile, shipped = rendered(_list_like_roster(tmp_path, example)), rendered(examples_dir() / example)
    assert lists(hostile) == lists(shipped)
    assert "\\" not in re.sub(r"<[^>]*>", "", hostile)  # no escape shows
    for name in LIST_LIKE:
        assert name in hostile or name == "---"


def test_import_to_stdout_and_the_file_write_c1_and_bidi_escaped(tmp_path: Path, capsys) -> None:
    """``import -o -`` and the file it writes hold \\uXXXX escapes, never the raw characters;
    the roster reads back the same."""
    import tomllib

    from horizon_builder.roster.io import read_roster

    assert main(["share", str(hostile_roster(tmp_path))]) == 0
    code = capsys.readouterr().out.strip()
    assert main(["import", code, "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert is_printable(out, multiline=True)
    assert "\\u202e" in out and "\\u009b" in out and "\\u001b" in out
    assert tomllib.loads(out)["name"] == RAW_NAME
    written = tmp_path / "imported.toml"
    assert main(["import", code, "-o", str(written)]) == 0
    capsys.readouterr()
    assert is_printable(written.read_text(encoding="utf-8"), multiline=True)
    assert read_roster(written).name == RAW_NAME
