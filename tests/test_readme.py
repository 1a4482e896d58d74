"""The README's examples are real: its roster example loads and is legal, its commands exist."""

from __future__ import annotations

import re
from pathlib import Path

from horizon_builder.engine.validator import validate
from horizon_builder.roster.io import load

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_roster_example() -> str:
    text = README.read_text(encoding="utf-8")
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
