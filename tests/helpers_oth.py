"""Shared helpers for the Over the Horizon tests: build rosters in code, validate, run the CLI."""

from __future__ import annotations

import copy
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.checks import validate
from horizon_builder.cli.main import main
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import Report
from horizon_builder.files.tomlfile import read_toml
from horizon_builder.roster.models import Roster
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def ruleset() -> Ruleset:
    return load_ruleset()


def example_data(name: str) -> dict[str, Any]:
    data, _ = read_toml(EXAMPLES / name)
    return data


def roster(data: dict[str, Any]) -> Roster:
    return Roster.model_validate(copy.deepcopy(data))


def check(data: dict[str, Any], rules: Ruleset | None = None) -> Report:
    return validate(roster(data), rules or ruleset())


def codes(report: Report, severity: str | None = None) -> set[str]:
    return {f.code for f in report.all_findings if severity is None or f.severity == severity}


def find(report: Report, code: str) -> list[Finding]:
    return [f for f in report.all_findings if f.code == code]


def element(data: dict[str, Any], element_id: str) -> dict[str, Any]:
    return next(e for e in data["elements"] if e["id"] == element_id)


def base(**fields: Any) -> dict[str, Any]:
    """A small legal battlegroup: Hvy Cav CHQ, Hvy Inf, two Lt Inf, a P2 mech (2 CR)."""
    data: dict[str, Any] = {
        "format": 1, "kind": "battlegroup", "name": "Test Group", "force_cost": 20,
        "supplements": ["weird", "strategic_assets"],
        "command": {"kind": "chq", "element": "chq"},
        "elements": [
            {"id": "chq", "name": "Command Tank", "type": "hvy_cav", "presence": 3,
             "stats": {"M": 4, "F": 5, "A": 5, "D": 1}},
            {"id": "hi1", "name": "Guards", "type": "hvy_inf", "presence": 2,
             "stats": {"M": 3, "F": 4, "A": 3, "D": 3}},
            {"id": "li1", "name": "Rifles A", "type": "lt_inf", "presence": 1,
             "stats": {"M": 3, "F": 2, "A": 2, "D": 2}},
            {"id": "li2", "name": "Rifles B", "type": "lt_inf", "presence": 1,
             "stats": {"M": 3, "F": 2, "A": 2, "D": 2}},
            {"id": "m1", "name": "Walker", "type": "mech", "presence": 2,
             "stats": {"M": 5, "F": 4, "A": 3, "D": 3}},
        ],
    }
    data.update(fields)
    return data


def run_cli(tmp_path: Path, data: dict[str, Any], *args: str, command: str = "check",
            name: str = "roster.toml") -> tuple[int, str, str]:
    """Write a roster to a file and run ``horizon-builder COMMAND FILE ...``."""
    path = tmp_path / name
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([command, str(path), *args])
    return status, out.getvalue(), err.getvalue()
