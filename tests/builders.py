"""Quick ways to build rosters and read reports in tests."""

from __future__ import annotations

from typing import Any

from horizon_builder.checks import validate
from horizon_builder.engine.validator import Report
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset


def element(type_: str, presence: int, name: str | None = None, **extra: Any) -> dict[str, Any]:
    """An element table as a roster file would hold it."""
    return {"name": name or f"{type_} P{presence}", "type": type_, "presence": presence, **extra}


def roster(*elements: dict[str, Any], force_cost: int = 20, **extra: Any) -> Roster:
    data: dict[str, Any] = {"name": "Test force", "force_cost": force_cost,
                            "elements": list(elements)}
    data.update(extra)
    return Roster.model_validate(data)


def codes(report: Report, severity: str | None = None) -> list[str]:
    return [f.code for f in report.all_findings if severity is None or f.severity == severity]


def check(r: Roster, rs: Ruleset) -> Report:
    return validate(r, rs)
