"""The README's and the guide's examples are real: the roster example (docs/files.md, moved
out of the README, issue 28 item 7) loads and is legal; the README keeps the two commands."""

from __future__ import annotations

import re
from pathlib import Path

from horizon_builder.checks import validate
from horizon_builder.roster.io import load

README = Path(__file__).resolve().parents[1] / "README.md"
FILES_GUIDE = README.parent / "docs" / "files.md"


def readme_roster_example() -> str:
    text = FILES_GUIDE.read_text(encoding="utf-8")
    return re.search(r"here is a complete battlegroup:\n\n```toml\n(.*?)```", text, re.S).group(1)


def test_readme_roster_example_loads_and_is_legal(tmp_path):
    path = tmp_path / "readme.toml"
    path.write_text(readme_roster_example(), encoding="utf-8")
    loaded = load(path)
    report = validate(loaded.roster, loaded.ruleset)
    assert report.legal, [f.message for f in report.errors]
    # Hvy Cav CHQ free, Hvy Inf 2 - 1 under it, Metatron 3 + 3 + 3, supermech 6
    assert report.totals.force_cost == 16


def test_readme_quick_start_has_exactly_two_commands():
    text = README.read_text(encoding="utf-8")
    for marker in ("run-command", "test-command"):
        block = re.search(rf"<!-- {marker} -->\n```\n(.*?)\n```\n<!-- /{marker} -->", text, re.S)
        assert block and "\n" not in block.group(1).strip()


def test_readme_stays_a_newcomers_page():
    """What it is, the two commands, a short tour and where to read on; the rest in docs/."""
    text = README.read_text(encoding="utf-8")
    assert "## Quick start" in text and "## Read on" in text
    assert text.count("](screenshots/") <= 6
    assert len(text.splitlines()) < 150
