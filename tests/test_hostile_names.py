"""Hostile names (issue 12): control sequences and line breaks never reach a terminal raw.

A roster's names are shown by ``check``, the text and markdown exports and the
app; each shows ESC, OSC, BEL, bidi overrides and other controls as escapes,
and a line break in a name cannot start a report line of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from horizon_builder.cli.main import main
from horizon_builder.files.resources import examples_dir
from horizon_builder.text.safetext import is_printable, printable

EXAMPLE = examples_dir() / "hvy-cav-battlegroup.toml"
#: retitle the terminal, write the clipboard (OSC 52), ring, clear the screen, reverse text
HOSTILE = "\\u001b]0;pwned\\u0007\\u001b]52;c;ZXZpbA==\\u0007\\u001b[2J\\u202eevil\\u009b31m"
FORGED = "\\nverdict: LEGAL"


def hostile_roster(tmp_path: Path) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('name = "3rd Lancers Battlegroup"', f'name = "Lancers{HOSTILE}{FORGED}"', 1)
    text = text.replace('name = "Lancer Command"', f'name = "Boss{HOSTILE}{FORGED}"', 1)
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_printable_escapes_controls_and_keeps_letters():
    assert printable("a\x1b[2Jb\x07c\u202ed\x9be") == "a\\x1b[2Jb\\x07c\\u202ed\\x9be"
    assert printable("Ünïcødé 🚀\ttab") == "Ünïcødé 🚀\ttab"
    assert printable("one\ntwo") == "one\\ntwo"
    assert printable("one\ntwo\r", multiline=True) == "one\ntwo\\r"


def test_check_output_is_escaped_and_not_forged(tmp_path, capsys):
    main(["check", str(hostile_roster(tmp_path))])
    out, err = capsys.readouterr()
    assert is_printable(out, multiline=True) and is_printable(err, multiline=True)
    assert "\\x1b]0;pwned" in out
    assert not any(line.startswith("verdict: LEGAL") for line in out.splitlines())


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_exports_are_escaped_and_not_forged(tmp_path, capsys, fmt):
    status = main(["export", str(hostile_roster(tmp_path)), "--format", fmt])
    out, _err = capsys.readouterr()
    assert status == 0
    assert is_printable(out, multiline=True)
    assert not any(line.startswith("verdict: LEGAL") for line in out.splitlines())


def test_error_messages_are_escaped(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(f'"key{HOSTILE}" = 1\n', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    _out, err = capsys.readouterr()
    assert is_printable(err, multiline=True) and "\\x1b]0;pwned" in err
