"""Rosters and a ruleset layer for the export tests.

The override layer adds what the shipped rules may not have yet (other
helpers add the supplements): a strategic-asset element type, a CR upgrade
with a known cost and a rule-granting upgrade, so every part of a printed
roster can be exercised.
"""

from __future__ import annotations

from pathlib import Path

from horizon_builder.roster.io import LoadedRoster, load

OVERRIDES = """\
[ruleset]
id = "export-test"
name = "Export test layer"

[special_rules.alert_test]
name = "Alert"
summary = "360 degree awareness (test)"
source = "test"

[element_types.test_strike]
name = "Ballistic Strike (test)"
short = "Strike"
category = "asset"
stats = []
force_presence = 0
presence = { min = 3, max = 3 }
source = "test layer"

[upgrades.test_drones]
name = "Test drones"
kind = "drone"
currency = "cr"
cost = 1
eligible = ["infantry"]
source = "test layer"

[upgrades.test_panopticon]
name = "Test panopticon"
cost = 1
eligible = ["mech"]
scope = "element"
grants_rules = ["alert_test"]
source = "test layer"
"""

#: Metatron (OtH p.21): P3 mech with a tank form and an aircraft form, one element.
METAFORMER_ROSTER = """\
format = 1
kind = "battlegroup"
name = "Metatron Demo"
force_cost = 20
event = "Club night"
era = "era3"
supplements = ["metaformers"]
overrides = "house.toml"
notes = "A metaformer, an asset and CR spent two ways."

[command]
kind = "chq"
element = "li1"

[[cr_purchases]]
type = "lt_inf"
upgrade = "test_drones"

[[elements]]
id = "meta"
name = "Metatron"
type = "mech"
presence = 3
stats = { M = 3, F = 3, A = 4, D = 5 }
upgrades = ["metaform", "test_panopticon"]

[[elements.forms]]
name = "Tank form"
type = "hvy_cav"
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }

[[elements.forms]]
name = "Aircraft form"
type = "aircraft"
presence = 3
stats = { M = 3, Mb = 5, F = 6, A = 3, D = 2 }
upgrades = ["vertical_thrusters"]

[[elements]]
id = "li1"
name = "Rifles One"
type = "lt_inf"
presence = 1
stats = { M = 3, F = 2, A = 2, D = 2 }

[[elements]]
id = "li2"
name = "Rifles Two"
type = "lt_inf"
presence = 1
stats = { M = 3, F = 2, A = 2, D = 2 }

[[elements]]
id = "li3"
name = "Rifles Three"
type = "lt_inf"
presence = 1
stats = { M = 3, F = 2, A = 2, D = 2 }

[[elements]]
id = "hi1"
name = "Grenadiers"
type = "hvy_inf"
presence = 2
stats = { M = 3, F = 4, A = 3, D = 3 }

[[elements]]
id = "strike"
name = "Orbital Lance"
type = "test_strike"
presence = 3
"""

XSS = "<script>alert(1)</script>"


def write_demo(folder: Path, name: str = XSS) -> Path:
    """The metaformer demo roster (with its overrides file) in ``folder``."""
    (folder / "house.toml").write_text(OVERRIDES, encoding="utf-8")
    text = METAFORMER_ROSTER.replace('name = "Metatron Demo"', f"name = {_toml_str(name)}")
    path = folder / "demo.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load_demo(folder: Path, name: str = "Metatron Demo") -> LoadedRoster:
    return load(write_demo(folder, name))


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
