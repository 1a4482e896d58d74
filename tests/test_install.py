"""Installs for players (issue "Lists leave the terminal" items 9 and 10): the README's
pipx and uv lines and Windows notes, ``--version``, and the package marked as typed."""

from __future__ import annotations

import re
from importlib.metadata import metadata
from importlib.resources import files
from pathlib import Path

import horizon_builder
from horizon_builder.cli.main import main

# The players' install section, moved from the README to the guide (issue 28 item 7).
README = Path(__file__).resolve().parents[1] / "docs" / "player.md"


def test_the_package_carries_py_typed_as_its_classifier_says():
    """Under CI the package is installed from its wheel (not editable): this is the wheel's."""
    assert files("horizon_builder").joinpath("py.typed").is_file()
    assert "Typing :: Typed" in (metadata("horizon-builder").get_all("Classifier") or [])


def test_version_prints_the_installed_version(capsys):
    try:
        main(["--version"])
    except SystemExit as exit_:
        assert exit_.code == 0
    assert capsys.readouterr().out.strip() == f"horizon-builder {horizon_builder.__version__}"


def test_the_readme_installs_for_players_with_uv_and_pipx_and_has_windows_notes():
    text = README.read_text(encoding="utf-8")
    section = re.search(r"## Installing for players.*?\n## ", text, re.S)
    assert section, "the players' install section"
    body = section.group(0)
    for line in ("uv tool install .", "pipx install .", "horizon-builder --version",
                 "**Windows notes**", "Windows Terminal"):
        assert line in body, line
