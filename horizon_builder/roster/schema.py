"""JSON Schemas of the file formats, as editors use them (taplo, Even Better TOML).

The roster schema is the models' own, plus what the models accept before validation
(the bare-string upgrade shorthand ``upgrades = ["metaform"]``, an editor's
``"$schema"`` key) and the names the shipped rules know as enums: element types,
upgrade ids, supplements, eras and command options. The ruleset schema describes a
*layer*: layers merge key by key, so no key is required in any one file.
"""

from __future__ import annotations

from typing import Any

from horizon_builder.roster.io import EDITOR_KEYS
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def roster_schema(ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The roster file format, with the names of ``ruleset`` (default: the shipped rules)."""
    if ruleset is None:
        from horizon_builder.rules.loader import load_ruleset

        ruleset = load_ruleset()
    schema = Roster.model_json_schema()
    defs = schema.setdefault("$defs", {})
    types = _enum(ruleset.element_types)
    upgrades = _enum(ruleset.upgrades)
    for name in ("Element", "Form"):
        _restrict(defs[name]["properties"]["type"], types)
    _restrict(defs["CrPurchase"]["properties"]["type"], types)
    _restrict(defs["CrPurchase"]["properties"]["upgrade"], upgrades)
    _restrict(defs["UpgradeChoice"]["properties"]["id"], upgrades)
    _restrict(defs["WeirdCommandChoice"]["properties"]["id"], upgrades)
    _restrict(defs["Command"]["properties"]["kind"], _enum(["none", *ruleset.commands]))
    props = schema["properties"]
    _restrict(props["supplements"]["items"], _enum(ruleset.supplements))
    _restrict_optional(props["era"], _enum(ruleset.eras))
    # "metaform" is shorthand for { id = "metaform" } (UpgradeChoice accepts both)
    choice = defs["UpgradeChoice"]
    defs["UpgradeChoice"] = {"anyOf": [{"type": "string", **upgrades}, choice],
                             "description": choice.get("description", "")}
    for key in EDITOR_KEYS:
        props[key] = {"type": "string", "description": "The schema an editor checks this file with."}
    return {"$schema": SCHEMA_DIALECT, **schema}


def ruleset_schema() -> dict[str, Any]:
    """One ruleset layer (rulesets/*.toml, presets/*.toml, house rules, your rulebook)."""
    schema = _no_required(Ruleset.model_json_schema())
    schema.setdefault("properties", {})
    for key in EDITOR_KEYS:
        schema["properties"][key] = {"type": "string"}
    return {"$schema": SCHEMA_DIALECT, **schema}


def _enum(names: Any) -> dict[str, Any]:
    return {"enum": sorted(names)}


def _restrict(prop: dict[str, Any], enum: dict[str, Any]) -> None:
    prop.update(enum)


def _restrict_optional(prop: dict[str, Any], enum: dict[str, Any]) -> None:
    for option in prop.get("anyOf", [prop]):
        if option.get("type") == "string":
            option.update(enum)


def _no_required(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _no_required(v) for k, v in node.items() if k != "required"}
    if isinstance(node, list):
        return [_no_required(v) for v in node]
    return node
