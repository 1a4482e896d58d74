"""One totals model: the app's report, the export document and ``check --format json``
all carry :class:`~horizon_builder.engine.totals.Totals`."""

from __future__ import annotations

import json
from pathlib import Path

from helpers_oth import base, check, example_data, run_cli

from horizon_builder.engine.totals import Totals
from horizon_builder.export.document import build_document, export_schema

#: The keys the user guide (docs/player.md, moved from the README) documents for ``check --format json``.
README_KEYS = {"path", "legal", "force_cost", "force_cost_limit", "force_presence",
               "command_resources", "command_resources_spent", "intelligence_rating",
               "intelligence_quality", "deployment_spaces", "starting_momentum", "findings"}


def test_export_document_embeds_the_report_totals() -> None:
    report = check(base())
    doc = build_document(report)
    assert isinstance(doc.totals, Totals) and doc.totals == report.totals
    schema = export_schema()
    assert schema["properties"]["totals"]["$ref"].endswith("/Totals")


def test_check_json_writes_the_totals_keys(tmp_path: Path) -> None:
    status, out, _ = run_cli(tmp_path, base(), "--format", "json")
    assert status == 0
    data = json.loads(out)[0]
    assert set(data) >= README_KEYS
    guide = (Path(__file__).resolve().parents[1] / "docs" / "player.md").read_text(encoding="utf-8")
    assert all(f"`{key}`" in guide for key in README_KEYS)
    report = check(base())
    expected = report.totals.model_dump(exclude={"provisional"})
    assert {key: data[key] for key in expected} == expected
    assert data["provisional"] == report.provisional


def test_task_force_limit_only_on_the_list() -> None:
    """A Task Force's FP limit is twice the tournament FC (OtH p.46); rounds have none."""
    assert check(base()).totals.force_presence_limit is None
    report = check(example_data("tournament-task-force.toml"))
    assert report.totals.force_presence_limit == 2 * report.analysis.roster.force_cost
    assert report.round_reports
    assert all(sub.totals.force_presence_limit is None for sub in report.round_reports)
