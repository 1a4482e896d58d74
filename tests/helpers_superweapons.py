"""Roster builders shared by the superweapons and metaformers tests."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.checks import validate
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import Report
from horizon_builder.roster.models import Roster
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

#: A legal statline for each kind at P4, spending its whole pool.
SUPERMECH_P4 = {"M": 5, "F": 5, "A": 5, "D": 5}  # 20
SUPERTANK_P4 = {"M": 4, "F": 5, "A": 4, "D": 4}  # 17
SUPERFLYER_P4 = {"M": 5, "Mb": 5, "F": 5, "A": 4, "D": 4}  # 18 (Mb unpaid)
HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
HVY_INF = {"M": 3, "F": 4, "A": 3, "D": 3}


def el(name: str, type_: str, presence: int, stats: dict[str, int] | None = None,
       upgrades: Iterable[Any] = (), **extra: Any) -> dict[str, Any]:
    """One element as roster data; the id is the name in lower case without spaces."""
    data: dict[str, Any] = {
        "id": extra.pop("id", name.lower().replace(" ", "_").replace("-", "_")),
        "name": name, "type": type_, "presence": presence, "stats": dict(stats or {}),
        "upgrades": list(upgrades),
    }
    data.update(extra)
    return data


def roster_data(*elements: dict[str, Any], supplements: Iterable[str] = ("superweapons",),
                force_cost: int = 200, command: dict[str, Any] | None = None,
                **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": 1, "kind": "battlegroup", "name": "Test battlegroup", "force_cost": force_cost,
        "supplements": list(supplements), "elements": list(elements),
        "command": command or {"kind": "none"},
    }
    data.update(extra)
    return data


def ruleset(overrides: Iterable[Path] = ()) -> Ruleset:
    return load_ruleset([str(p) for p in overrides])


def check(*elements: dict[str, Any], overrides: Iterable[Path] = (), **kwargs: Any) -> Report:
    return validate(Roster.model_validate(roster_data(*elements, **kwargs)), ruleset(overrides))


def codes(report: Report, severity: str | None = None) -> set[str]:
    return {f.code for f in report.all_findings if severity is None or f.severity == severity}


def found(report: Report, code: str) -> list[Finding]:
    return [f for f in report.all_findings if f.code == code]


def only(report: Report, code: str) -> Finding:
    hits = found(report, code)
    assert len(hits) == 1, f"expected one {code}, got {[f.message for f in report.all_findings]}"
    return hits[0]


def write_toml(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def cli_findings(capsys: Any, *args: str) -> tuple[int, list[dict[str, Any]]]:
    """Run ``horizon-builder check --format json`` in-process; (status, findings of the first file)."""
    from horizon_builder.cli.main import main

    status = main(["check", "--format", "json", *args])
    out = json.loads(capsys.readouterr().out)
    return status, out[0].get("findings", [])
