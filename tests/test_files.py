"""Ruleset layers and roster files: merging, round trips, and clear errors for bad input."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import example_rosters, examples_dir, rulesets_dir
from horizon_builder.files.tomlfile import KeyLines
from horizon_builder.roster.io import load, read_roster, save_roster
from horizon_builder.roster.models import Roster
from horizon_builder.rules.loader import base_layer_paths, load_ruleset

EXAMPLE = examples_dir() / "hvy-cav-battlegroup.toml"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(exc: pytest.ExceptionInfo[LoadError]) -> list[str]:
    return [str(p) for p in exc.value.problems]


# --- ruleset layers -------------------------------------------------------------------

def test_base_layer_comes_first():
    paths = base_layer_paths()
    assert paths[0].name == "00-core.toml"
    assert [p.name for p in paths] == sorted(p.name for p in paths)


def test_every_shipped_value_has_a_source(ruleset):
    """Never invent a value silently: every element type, upgrade and table names its source."""
    tables = [*ruleset.element_types.values(), *ruleset.upgrades.values(),
              *ruleset.commands.values(), *ruleset.chq_cost_table.values(),
              ruleset.command_resources, ruleset.intelligence, ruleset.deployment]
    for et in ruleset.element_types.values():
        tables.append(et.presence)
        if et.pool:
            tables.append(et.pool)
    missing = [t for t in tables if not t.source]
    assert not missing


def test_override_layer_changes_one_value(tmp_path):
    """Layers merge key by key: an overrides file needs only what it changes."""
    house = write(tmp_path, "house.toml", "[element_types.mech.pool.points]\n1 = 13\n")
    rs = load_ruleset([house])
    assert rs.element_types["mech"].pool.points == {1: 13, 2: 16, 3: 18}
    assert rs.element_types["mech"].name == "Mech"
    assert rs.layers[-1] == str(house)


def test_override_can_make_a_value_not_provisional(tmp_path):
    """A player who owns the core book can correct a value and mark it as read from the book."""
    house = write(tmp_path, "house.toml",
                  '[command_resources]\nper_elements = 2\nsource = "core p.57"\nprovisional = false\n')
    assert not load_ruleset([house]).command_resources.is_provisional


def test_unknown_key_in_override_names_file_key_and_line(tmp_path):
    house = write(tmp_path, "house.toml", "[element_types.mech]\n\ncolour = 'red'\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [message] = problems(exc)
    assert message.startswith(f"{house}:3: element_types.mech.colour: unknown key")


def test_wrong_type_in_override(tmp_path):
    house = write(tmp_path, "house.toml", "[element_types.mech.presence]\nmin = 'one'\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [message] = problems(exc)
    assert f"{house}:2: element_types.mech.presence.min" in message


def test_malformed_toml_names_line(tmp_path):
    house = write(tmp_path, "house.toml", "[upgrades.x]\nname = \n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [message] = problems(exc)
    assert message.startswith(f"{house}:2: not valid TOML")


def test_dangling_reference_in_ruleset(tmp_path):
    house = write(tmp_path, "house.toml",
                  '[upgrades.super_drill]\nname = "Super drill"\neligible = ["mechs"]\nsource = "house"\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [message] = problems(exc)
    assert "upgrades.super_drill.eligible" in message and "'mechs'" in message
    assert message.startswith(f"{house}:3:")


def test_missing_override_file(tmp_path):
    with pytest.raises(LoadError) as exc:
        load_ruleset([tmp_path / "nope.toml"])
    assert "file not found" in problems(exc)[0]


def test_supplement_layer_tags_its_content(tmp_path):
    """Entries of a supplement layer belong to that supplement unless they say otherwise."""
    layer = write(tmp_path, "10-x.toml", '[ruleset]\nid = "x"\nname = "X"\nsupplement = "weird"\n'
                  '[upgrades.odd]\nname = "Odd"\nsource = "test"\n')
    rs = load_ruleset(base=[rulesets_dir() / "00-core.toml", layer])
    assert rs.upgrades["odd"].supplement == "weird"


# --- roster files ---------------------------------------------------------------------

@pytest.mark.parametrize("path", example_rosters(), ids=lambda p: p.name)
def test_example_round_trip(path, tmp_path):
    """Load → save → load returns an equal roster, for every example."""
    loaded = load(path)
    target = tmp_path / path.name
    save_roster(target, loaded.roster)
    assert read_roster(target) == loaded.roster


def test_saved_file_is_readable_toml_with_shorthand_upgrades(tmp_path):
    r = Roster.model_validate({"name": "X", "force_cost": 5, "elements": [
        {"name": "A", "type": "aircraft", "presence": 1, "stats": {"M": 4, "F": 2, "A": 1, "D": 1},
         "upgrades": ["vtol", {"id": "heavy_transport", "count": 2}]}]})
    target = tmp_path / "x.toml"
    save_roster(target, r)
    data = tomllib.loads(target.read_text())
    assert data["format"] == 1
    assert data["elements"][0]["upgrades"][0] == "vtol"
    assert data["elements"][0]["id"] == "e1"


def test_save_keeps_backup_and_is_atomic(tmp_path):
    target = tmp_path / "mine.toml"
    target.write_text(EXAMPLE.read_text())
    before = target.read_text()
    roster = read_roster(target)
    save_roster(target, roster.model_copy(update={"name": "Renamed"}))
    assert (tmp_path / "mine.toml.bak").read_text() == before
    assert read_roster(target).name == "Renamed"
    assert not list(tmp_path.glob(".mine.toml.*.tmp"))


def test_ids_are_assigned_when_missing():
    r = Roster.model_validate({"name": "X", "force_cost": 5, "elements": [
        {"name": "A", "type": "lt_inf", "presence": 1},
        {"name": "B", "type": "lt_inf", "presence": 1, "id": "e1"}]})
    assert [e.id for e in r.elements] == ["e2", "e1"]


BAD_ROSTERS = {
    "not_toml": ("name = 'x'\nforce_cost = \n", ":2: not valid TOML"),
    "empty": ("   \n", ": file is empty"),
    "wrong_type": ("name = 'x'\nforce_cost = 'ten'\n", ":2: force_cost: Input should be a valid integer"),
    "unknown_key": ("name = 'x'\nforce_cost = 10\nbudget = 3\n", ":3: budget: unknown key"),
    "negative": ("name = 'x'\nforce_cost = 10\n[[elements]]\nname = 'a'\ntype = 'mech'\npresence = -1\n",
                 ":6: elements[1].presence: Input should be greater than or equal to 0"),
    "absurd": ("name = 'x'\nforce_cost = 10\n[[elements]]\nname = 'a'\ntype = 'mech'\npresence = 2\n"
               "stats = { M = 400, F = 1, A = 1, D = 1 }\n", ":7: elements[1].stats.M: Input should be less"),
    "missing_name": ("force_cost = 10\n", ": name: required key is missing"),
    "unknown_type": ("name = 'x'\nforce_cost = 10\n[[elements]]\nname = 'a'\ntype = 'robot_dog'\n"
                     "presence = 2\n", ":5: elements[1].type: unknown element type 'robot_dog'"),
    "unknown_upgrade": ("name = 'x'\nforce_cost = 10\n[[elements]]\nname = 'a'\ntype = 'mech'\n"
                        "presence = 2\nupgrades = ['laser_eyes']\n",
                        ":7: elements[1].upgrades[1]: unknown upgrade 'laser_eyes'"),
    "unknown_stat": ("name = 'x'\nforce_cost = 10\n[[elements]]\nname = 'a'\ntype = 'mech'\n"
                     "presence = 2\nstats = { M = 4, Q = 2 }\n", ":7: elements[1].stats.Q: unknown stat 'Q'"),
    "unknown_supplement": ("name = 'x'\nforce_cost = 10\nsupplements = ['space_elves']\n",
                           ":3: supplements[1]: unknown supplement 'space_elves'"),
    "bad_command_element": ("name = 'x'\nforce_cost = 10\n[command]\nkind = 'chq'\nelement = 'zz'\n",
                            ":5: command.element: no element with id 'zz'"),
    "duplicate_ids": ("name = 'x'\nforce_cost = 10\n[[elements]]\nid = 'a'\nname = 'a'\ntype = 'mech'\n"
                      "presence = 2\n[[elements]]\nid = 'a'\nname = 'b'\ntype = 'mech'\npresence = 2\n",
                      "element id 'a' is used twice"),
    "duplicate_supplements": ("name = 'x'\nforce_cost = 10\nsupplements = ['biowar', 'biowar']\n",
                              ":3: supplements: Value error, supplement 'biowar' is listed twice"),
}


@pytest.mark.parametrize("case", sorted(BAD_ROSTERS))
def test_bad_roster_gives_located_error(tmp_path, case):
    """Bad input: one clear line per problem with file and line/key; the file is untouched."""
    text, expected = BAD_ROSTERS[case]
    path = write(tmp_path, f"{case}.toml", text)
    with pytest.raises(LoadError) as exc:
        load(path)
    messages = problems(exc)
    assert any(m.startswith(str(path)) and expected in m for m in messages), messages
    assert path.read_text() == text


def test_key_lines_follow_array_of_tables():
    text = ("name = 'x'\n[[elements]]\nname = 'a'\n[[elements.forms]]\ntype = 'mech'\n"
            "[[elements]]\nname = 'b'\nstats = { M = 1 }\n")
    lines = KeyLines(text)
    assert lines.line_for(("elements", 0, "name")) == 3
    assert lines.line_for(("elements", 0, "forms", 0, "type")) == 5
    assert lines.line_for(("elements", 1, "stats", "M")) == 8
    assert lines.line_for(("elements", 1, "presence")) == 6


def test_saved_roster_keeps_file_permissions(tmp_path):
    """A save replaces the file atomically without leaving it private (mkstemp makes 0600 files)."""
    import os
    import stat

    target = tmp_path / "mine.toml"
    target.write_text(EXAMPLE.read_text())
    os.chmod(target, 0o644)
    save_roster(target, read_roster(target))
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    fresh = tmp_path / "fresh.toml"
    save_roster(fresh, read_roster(target))
    assert stat.S_IMODE(fresh.stat().st_mode) & 0o044  # readable by others, as a new file is


def test_inconsistent_table_is_blamed_on_the_layer_that_changed_it(tmp_path):
    """A presence range broken by an overrides file names that file, not the base layer."""
    house = write(tmp_path, "house.toml", "[element_types.mech.presence]\nmax = 0\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [message] = problems(exc)
    assert message.startswith(f"{house}:1: element_types.mech.presence") and "below min" in message
