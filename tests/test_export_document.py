"""The export document and the JSON export, against the slower ways they were first made.

Exports of large rosters take the quick road (pydantic's serializer for the JSON text);
these tests pin that it writes the same bytes as the plain road does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_export import XSS, write_demo

from horizon_builder.engine.validator import Report, validate
from horizon_builder.export import build_document, render
from horizon_builder.roster.io import load
from horizon_builder.safetext import json_safe

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [ROOT / "examples/tournament-task-force.toml", ROOT / "examples/oth-metaformers.toml",
            ROOT / "examples/oth-strategic-assets-needs-fixing.toml"]


def _reports(tmp_path: Path) -> list[Report]:
    paths = [*EXAMPLES, write_demo(tmp_path, XSS + " Ünï — ✅ \"q\" \\ /")]
    return [validate(loaded.roster, loaded.ruleset) for loaded in map(load, paths)]


@pytest.mark.parametrize("compact", [False, True])
def test_json_export_is_json_dumps_of_the_document(tmp_path: Path, compact: bool) -> None:
    for report in _reports(tmp_path):
        data = build_document(report).model_dump(mode="json")
        if compact:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        else:
            text = json.dumps(data, ensure_ascii=False, indent=2)
        assert render(report, "json", compact) == json_safe(text) + "\n"
