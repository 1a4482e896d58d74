"""Shared helpers for the DataWar and BioWar tests (tests/test_oth_datawar.py, test_oth_biowar.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.cli.main import main
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

# Stand-ins for the Superweapons layer's types (OtH p.9-10), used only when the
# shipped rules do not define them, so these tests never depend on that layer.
# Ids, families and the superheavy tag follow rulesets/10-superweapons.toml.
SUPERHEAVY_STAND_INS = """
[element_types.supermech]
name = "Supermech (test stand-in)"
category = "superheavy"
family = "mech"
tags = ["superheavy"]
chq = "mech"
source = "test stand-in for OtH p.9"
presence = { min = 4, source = "OtH p.9" }
pool = { points = { 4 = 20, 5 = 22, 6 = 24, 7 = 26, 8 = 28 }, step = 2, source = "OtH p.9" }

[element_types.supertank]
name = "Supertank (test stand-in)"
category = "superheavy"
family = "tank"
tags = ["superheavy"]
special_rules = ["vanguard"]
source = "test stand-in for OtH p.9-10"
presence = { min = 4, source = "OtH p.9" }
pool = { points = { 4 = 17, 5 = 19, 6 = 21, 7 = 23, 8 = 25 }, step = 2, source = "OtH p.10" }

[element_types.superflyer]
name = "Superflyer (test stand-in)"
category = "superheavy"
family = "aircraft"
tags = ["superheavy"]
optional_stats = ["Mb"]
unpaid_stats = ["Mb"]
source = "test stand-in for OtH p.10"
presence = { min = 4, source = "OtH p.9" }
pool = { points = { 4 = 18, 5 = 21, 6 = 24, 7 = 27, 8 = 30 }, step = 3, source = "OtH p.10" }
"""

SUPERHEAVY_TYPES = ("supermech", "supertank", "superflyer")


def ruleset_with_superheavies(folder: Path) -> Ruleset:
    """The shipped rules, plus stand-in superheavy types if the Superweapons layer lacks them."""
    shipped = load_ruleset()
    if all(t in shipped.element_types for t in SUPERHEAVY_TYPES):
        return shipped
    layer = folder / "superheavy-stand-ins.toml"
    layer.write_text(SUPERHEAVY_STAND_INS)
    return load_ruleset([layer])


def superheavy_args(folder: Path) -> list[str]:
    """``--ruleset`` arguments adding the stand-in superheavies when the shipped rules lack them."""
    if all(t in load_ruleset().element_types for t in SUPERHEAVY_TYPES):
        return []
    layer = folder / "superheavy-stand-ins.toml"
    layer.write_text(SUPERHEAVY_STAND_INS)
    return ["--ruleset", str(layer)]


def roster_data(*elements: dict[str, Any], supplements: list[str], force_cost: int = 30,
                **extra: Any) -> dict[str, Any]:
    return {"name": "Test force", "force_cost": force_cost, "supplements": supplements,
            **extra, "elements": list(elements)}


def cli_codes(folder: Path, capsys: Any, data: dict[str, Any], name: str = "roster",
              args: list[str] | None = None) -> tuple[int, list[dict[str, Any]], str]:
    """Write a roster file, run ``horizon-builder check --format json [args]`` on it.

    Returns (exit status, findings, stderr).
    """
    path = folder / f"{name}.toml"
    path.write_text(tomli_w.dumps(data))
    status = main(["check", "--format", "json", *(args or []), str(path)])
    out, err = capsys.readouterr()
    result = json.loads(out)[0]
    return status, result.get("findings", []), err
