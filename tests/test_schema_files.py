"""The JSON Schemas match the format (issue 15): every shipped example validates against
`horizon-builder schema`, every ruleset layer and preset against `schema --ruleset`,
names the rules do not know are refused, and an editor's schema key or comment loads."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pytest

from horizon_builder.cli.main import main
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import load, read_roster

ROOT = Path(__file__).resolve().parent.parent
LAYERS = sorted([*ROOT.glob("rulesets/*.toml"), *ROOT.glob("presets/*.toml")])


def schema(capsys, *args: str) -> jsonschema.Draft202012Validator:  # type: ignore[no-untyped-def]
    assert main(["schema", *args]) == 0
    printed = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(printed)
    return jsonschema.Draft202012Validator(printed)


def problems(validator: jsonschema.Draft202012Validator, data: object) -> list[str]:
    return [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


@pytest.fixture(scope="module")
def roster_validator() -> jsonschema.Draft202012Validator:
    from horizon_builder.roster.schema import roster_schema

    return jsonschema.Draft202012Validator(roster_schema())


@pytest.mark.parametrize("example", example_rosters(), ids=lambda p: p.name)
def test_every_example_validates(example, roster_validator):
    assert problems(roster_validator, tomllib.loads(example.read_text(encoding="utf-8"))) == []


def test_the_readme_roster_validates(roster_validator):
    guide = (ROOT / "docs" / "files.md").read_text(encoding="utf-8")  # moved from the README
    block = re.search(r"```toml\n(format = 1.*?)```", guide, re.S)
    assert block
    assert problems(roster_validator, tomllib.loads(block.group(1))) == []


@pytest.mark.parametrize("layer", LAYERS, ids=lambda p: p.name)
def test_every_ruleset_layer_and_preset_validates(capsys, layer):
    validator = schema(capsys, "--ruleset")
    assert problems(validator, tomllib.loads(layer.read_text(encoding="utf-8"))) == []


def test_the_printed_schema_is_the_one_tested(capsys):
    validator = schema(capsys)
    data = tomllib.loads(example_rosters()[0].read_text(encoding="utf-8"))
    assert problems(validator, data) == []


def test_names_the_rules_do_not_know_are_refused(roster_validator):
    base = {"name": "x", "force_cost": 10}
    element = {"name": "a", "presence": 2}
    assert problems(roster_validator, {**base, "elements": [{**element, "type": "hvy_cav",
                                                              "upgrades": ["metaform"]}]}) == []
    assert problems(roster_validator, {**base, "elements": [{**element, "type": "walker"}]})
    assert problems(roster_validator, {**base, "elements": [{**element, "type": "mech",
                                                              "upgrades": ["laser_eyes"]}]})
    assert problems(roster_validator, {**base, "supplements": ["space_elves"]})
    assert problems(roster_validator, {**base, "colour": "red"})


def test_enums_come_from_the_shipped_rules(capsys):
    from horizon_builder.rules.loader import load_ruleset

    rules = load_ruleset()
    defs = schema(capsys).schema["$defs"]
    assert defs["Element"]["properties"]["type"]["enum"] == sorted(rules.element_types)
    assert defs["UpgradeChoice"]["anyOf"][0]["enum"] == sorted(rules.upgrades)


def test_a_schema_key_and_a_schema_comment_load(tmp_path, roster_validator):
    text = example_rosters()[0].read_text(encoding="utf-8")
    path = tmp_path / "r.toml"
    path.write_text('#:schema ./roster.schema.json\n"$schema" = "./roster.schema.json"\n' + text,
                    encoding="utf-8")
    assert read_roster(path) == read_roster(example_rosters()[0])
    assert load(path).roster == load(example_rosters()[0]).roster
    assert problems(roster_validator, tomllib.loads(path.read_text(encoding="utf-8"))) == []
