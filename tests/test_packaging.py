"""Packaging (issue 36 item 12): the licence as an SPDX expression with its file, the test
tools as a dependency group that matches the README's `test` extra, a changelog, and the
development guide's devtools line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"] and (ROOT / "LICENSE").is_file()
    # PEP 639: no licence classifier beside an expression
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
    # hatchling writes License-Expression (core metadata 2.4) from 1.27
    requires = " ".join(PYPROJECT["build-system"]["requires"])
    floor = re.search(r"hatchling>=(\d+)\.(\d+)", requires)
    assert floor and (int(floor[1]), int(floor[2])) >= (1, 27)


def test_the_test_tools_are_a_dependency_group_and_the_readme_extra_alike() -> None:
    """The README's `pip install '.[test]'` works with any pip of Python 3.11 (groups need
    pip 25.1): the extra stays, and the group is the same list."""
    group = PYPROJECT["dependency-groups"]["test"]
    extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert sorted(group) == sorted(extra)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install '.[test]'" in readme


def test_a_changelog_in_keep_a_changelog_form() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    sections = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert sections and sections[0] == "Unreleased"
    kinds = set(re.findall(r"^### (\w+)$", text, re.MULTILINE))
    assert kinds and kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    sdist = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert "CHANGELOG.md" in sdist


def test_the_development_guide_shows_the_devtools() -> None:
    guide = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    assert "textual run --dev" in guide and "textual console" in guide
