"""Eras (OtH p.8-28 historical notes; RULES.md §8) and supplement toggles."""

from __future__ import annotations

import copy
import json

import pytest
from helpers_oth import base, check, element, find, ruleset, run_cli

from horizon_builder.checks.supplements import era_bans
from horizon_builder.files.problems import LoadError
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import CommandOption, EraBan

# --- supplement toggles: every kind of content names its supplement ------------------


def without(data: dict, supplement: str) -> dict:
    data = copy.deepcopy(data)
    data["supplements"] = [s for s in data.get("supplements", []) if s != supplement]
    return data


def disabled(report) -> list:
    return find(report, "supplement-disabled")


def test_supplement_disabled_element_type():
    """An element type from a disabled supplement is an error naming it (Weird Horizons, OtH p.43)."""
    data = base()
    data["elements"].append({"id": "as", "name": "Zeppelin", "type": "airship", "presence": 2,
                             "stats": {"M": 3, "F": 4, "A": 3, "D": 2, "Mb": 0}})
    assert not disabled(check(data))
    found = disabled(check(without(data, "weird")))
    assert found and found[0].severity == "error" and found[0].element == "as"
    assert "Weird Horizons" in found[0].message and "Airship" in found[0].message


def test_supplement_disabled_upgrade():
    """An upgrade from a disabled supplement is an error naming it (OtH p.70)."""
    data = base()
    element(data, "m1")["upgrades"] = ["tesla_gun"]
    found = disabled(check(without(data, "weird")))
    assert found and found[0].element == "m1" and "Tesla gun" in found[0].message
    assert "Weird Horizons" in found[0].rule


def test_supplement_disabled_asset():
    """A strategic asset needs the Strategic assets supplement (OtH p.36)."""
    data = base()
    data["elements"].append({"id": "bs", "name": "Strike", "type": "ballistic_strike", "presence": 3})
    found = disabled(check(without(data, "strategic_assets")))
    assert found and "Strategic assets" in found[0].message


def test_supplement_disabled_form_type_and_form_upgrade():
    """A metaform of a supplement's type, or a form's upgrade, names the supplement too."""
    data = base()
    element(data, "m1")["forms"] = [{"type": "airship", "presence": 2,
                                     "stats": {"M": 3, "F": 4, "A": 3, "D": 2},
                                     "upgrades": ["sonic_cannon"]}]
    found = disabled(check(without(data, "weird")))
    messages = " | ".join(f.message for f in found)
    assert "Airship form" in messages and "Sonic cannon" in messages
    assert all(f.field == "forms" for f in found)


def test_supplement_disabled_command_option():
    """A command option from a disabled supplement (AI Command, Alpha ...) names it."""
    rs = ruleset().model_copy(deep=True)
    rs.commands["test_aic"] = CommandOption(name="Test AI Command", supplement="datawar",
                                            needs_element=False)
    data = base(command={"kind": "test_aic"})
    found = disabled(check(data, rs))
    assert found and found[0].field == "command" and "DataWar" in found[0].message
    data["supplements"].append("datawar")
    assert not disabled(check(data, rs))


def test_supplement_disabled_weird_command():
    """Weird command needs Weird Horizons (OtH p.42)."""
    data = base(command={"kind": "chq", "element": "chq",
                         "weird": [{"id": "dark_priest", "replaces": "guide_fire"}]})
    found = disabled(check(without(data, "weird")))
    assert found and found[0].field == "command" and "Dark priest" in found[0].message


def test_supplement_disabled_cr_purchase():
    """A CR purchase of a supplement's upgrade for a whole type names the supplement."""
    data = base(cr_purchases=[{"type": "lt_inf", "upgrade": "skinwalkers"}])
    assert not disabled(check(data))
    found = disabled(check(without(data, "weird")))
    assert found and found[0].field == "cr_purchases" and "Skinwalkers" in found[0].message


def test_supplement_disabled_in_a_tournament_round():
    """A round's weird command also needs the supplement (OtH p.46)."""
    data = base(kind="task_force", command={"kind": "none"}, force_cost=10, supplements=[])
    data["rounds"] = [{"name": "Round 1", "elements": ["chq", "hi1"],
                       "command": {"kind": "chq", "element": "chq",
                                   "weird": [{"id": "dark_priest", "replaces": "guide_fire"}]}}]
    found = disabled(check(data))
    assert found and found[0].round == "Round 1"


def test_core_content_needs_no_supplement():
    """Core elements and upgrades never need a supplement."""
    assert not disabled(check(base(supplements=[])))


@pytest.mark.parametrize("what", ["type", "upgrade", "weird", "cr"])
def test_supplement_disabled_in_check_output(tmp_path, what):
    """A disabled supplement shows in `horizon-builder check`, named."""
    data = base(supplements=[])
    if what == "type":
        data["elements"].append({"id": "bs", "name": "Strike", "type": "ballistic_strike",
                                 "presence": 3})
    elif what == "upgrade":
        element(data, "m1")["upgrades"] = ["burrower"]
    elif what == "weird":
        data["command"]["weird"] = [{"id": "dark_priest", "replaces": "guide_fire"}]
    else:
        data["cr_purchases"] = [{"type": "lt_inf", "upgrade": "skinwalkers"}]
    status, out, _ = run_cli(tmp_path, data, "--format", "json")
    assert status == 1
    found = [f for f in json.loads(out)[0]["findings"] if f["code"] == "supplement-disabled"]
    assert found and "supplement" in found[0]["message"]


# --- eras ----------------------------------------------------------------------------------


def banned(rs, era_id: str, item: str, source: str = "OtH p.18", provisional: bool = False):
    rs = rs.model_copy(deep=True)
    rs.eras[era_id].bans[item] = EraBan(source=source, provisional=provisional, note="test ban")
    return rs


def test_era_forbids_list():
    """An era's ``forbids`` list bars an upgrade (generic era rule, RULES.md §8)."""
    rs = ruleset().model_copy(deep=True)
    rs.eras["era1"] = rs.eras["era1"].model_copy(update={"forbids": ["tesla_gun"]})
    data = base(era="era1")
    element(data, "m1")["upgrades"] = ["tesla_gun"]
    found = find(check(data, rs), "era-forbids")
    assert found and found[0].element == "m1" and "Era 1" in found[0].message
    assert found[0].rule.startswith("OtH p.10")
    assert not find(check(base(era="era2")), "era-forbids")


def test_era_bans_table_with_own_source():
    """``[eras.X.bans.Y]`` bars Y with its own citation; provisional bans are marked (RULES.md §8)."""
    rs = banned(ruleset(), "era1", "tesla_gun", source="inferred: test", provisional=True)
    data = base(era="era1")
    element(data, "m1")["upgrades"] = ["tesla_gun"]
    found = find(check(data, rs), "era-forbids")
    assert found and found[0].rule == "inferred: test" and found[0].provisional
    assert "test ban" in found[0].message


def test_era_bars_element_type_form_cr_purchase_and_command():
    """An era bars types, metaform types, type-wide CR upgrades, command options and weird command."""
    rs = ruleset()
    for item in ("airship", "skinwalkers", "dark_priest", "mech_chq"):
        rs = banned(rs, "era2", item)
    data = base(era="era2", cr_purchases=[{"type": "lt_inf", "upgrade": "skinwalkers"}],
                command={"kind": "mech_chq", "element": "m1",
                         "weird": [{"id": "dark_priest", "replaces": "guide_fire"}]})
    element(data, "m1")["forms"] = [{"type": "airship", "presence": 2,
                                     "stats": {"M": 3, "F": 4, "A": 3, "D": 2}}]
    messages = " | ".join(f.message for f in find(check(data, rs), "era-forbids"))
    for name in ("Airship", "Skinwalkers", "Dark priest", "Mech CHQ"):
        assert name in messages


def test_era_bans_merge_across_layers(tmp_path):
    """Bans from several layers add up (tables merge, unlike a list a later layer would replace)."""
    one = tmp_path / "one.toml"
    two = tmp_path / "two.toml"
    one.write_text('[eras.era1.bans.tesla_gun]\nsource = "test one"\n', encoding="utf-8")
    two.write_text('[eras.era1.bans.burrower]\nsource = "test two"\n', encoding="utf-8")
    rs = load_ruleset([one, two])
    bans = era_bans(rs, rs.eras["era1"])
    assert {"tesla_gun", "burrower", "antigrav"} <= set(bans)


def test_era_ban_unknown_name_is_a_load_error(tmp_path):
    """A ban naming nothing is a ruleset error with file and key, never silent."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[eras.era1.bans.death_ray]\nsource = "typo"\n', encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_ruleset([bad])
    assert "death_ray" in str(caught.value) and "bad.toml" in str(caught.value)


def _with_big_flyer():
    """The rules with an aircraft type of any P (a test's superflyer without a pool)."""
    rs = ruleset().model_copy(deep=True)
    big = rs.element_types["aircraft"]
    rs.element_types["big_flyer"] = big.model_copy(update={
        "name": "Big flyer", "category": "superheavy", "pool": None, "max_upgrades": None,
        "presence": big.presence.model_copy(update={"max": None})})
    return rs


def test_era_without_antigrav_no_p7_aircraft():
    """Where the era excludes antigrav, no aircraft of P7+ (OtH p.10 note 6)."""
    rs = _with_big_flyer()
    flyer = {"id": "sf7", "name": "Behemoth", "type": "big_flyer", "presence": 7,
             "stats": {"M": 5, "F": 6, "A": 6, "D": 5}}
    data = base(era="era2")
    data["elements"].append(flyer)
    found = find(check(data, rs), "era-no-antigrav-aircraft")
    assert found and found[0].severity == "error" and found[0].element == "sf7"
    assert found[0].rule.startswith("OtH p.10") and found[0].provisional
    data["elements"][-1]["presence"] = 6
    assert not find(check(data, rs), "era-no-antigrav-aircraft")
    data["elements"][-1]["presence"] = 7
    data["era"] = "era3"
    assert not find(check(data, rs), "era-no-antigrav-aircraft")


def test_era_antigrav_inferred_for_eras_1_and_2():
    """Antigrav is first found in Era 3 (OtH p.13): Eras 1-2 exclude it, as a provisional inference."""
    rs = ruleset()
    for era_id in ("era1", "era2"):
        ban = rs.eras[era_id].bans["antigrav"]
        assert ban.is_provisional and "OtH p.13" in (ban.source or "")
    assert "antigrav" not in era_bans(rs, rs.eras["era3"])
    data = base(era="era1")
    data["elements"].append({"id": "a1", "name": "Hover jet", "type": "aircraft", "presence": 2,
                             "stats": {"M": 5, "F": 4, "A": 2, "D": 1}, "upgrades": ["antigrav"]})
    found = find(check(data), "era-forbids")
    assert found and "Antigrav" in found[0].message and found[0].provisional


@pytest.mark.parametrize(("era", "item", "barred"), [
    ("era1_plantagenet", "metaform", True), ("era1", "metaform", False),
    ("era2", "metaform", False),
    ("era1", "drone_mk3", True), ("era1_plantagenet", "drone_mk3", True), ("era2", "drone_mk3", False),
    ("era1", "robot", True), ("era2", "robot", True), ("era3", "robot", False),
    ("era4", "robot", False),
])
def test_era_bans_from_other_layers(era, item, barred):
    """Metaforms not in Operation Plantagenet (OtH p.18-22), drones Mk 1-2 only in Era 1 (OtH p.24),
    robots from Era III (OtH p.23-28): data of the other layers, read by the generic era check."""
    rs = ruleset()
    if item not in rs.upgrades:
        pytest.skip(f"upgrade {item!r} comes from a layer not merged into this branch")
    assert (item in era_bans(rs, rs.eras[era])) is barred


def test_era_in_check_output(tmp_path):
    """An era ban shows in `horizon-builder check` (OtH p.13)."""
    data = base(era="era1")
    data["elements"].append({"id": "a1", "name": "Hover jet", "type": "aircraft", "presence": 2,
                             "stats": {"M": 5, "F": 4, "A": 2, "D": 1}, "upgrades": ["antigrav"]})
    status, out, _ = run_cli(tmp_path, data)
    assert status == 1 and "not available in Era 1" in out


def test_era_ban_of_a_command_option_loads(tmp_path):
    """An era may bar a command option by id (an override layer), e.g. a mech CHQ."""
    layer = tmp_path / "no-mech-chq.toml"
    layer.write_text('[eras.era1.bans.mech_chq]\nsource = "house rule"\n', encoding="utf-8")
    rs = load_ruleset([layer])
    data = base(era="era1", command={"kind": "mech_chq", "element": "m1"})
    found = find(check(data, rs), "era-forbids")
    assert found and found[0].field == "command" and found[0].rule.startswith("house rule; changed by ")


def test_era_period_includes_its_eras_bans(tmp_path):
    """A period within an era (Operation Plantagenet battles in Era 1) keeps the era's bans too."""
    rs = ruleset()
    plantagenet = era_bans(rs, rs.eras["era1_plantagenet"])
    assert set(era_bans(rs, rs.eras["era1"])) <= set(plantagenet)
    assert "metaform" in plantagenet


def test_era_includes_unknown_era_is_load_error(tmp_path):
    from horizon_builder.files.problems import LoadError
    from horizon_builder.rules.loader import load_ruleset

    bad = tmp_path / "house.toml"
    bad.write_text('[eras.era2]\nincludes = ["era9"]\n', encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        load_ruleset([bad])
    assert "eras.era2.includes" in str(exc.value) and "'era9'" in str(exc.value)


def test_era_antigrav_finding_names_an_unnamed_form_by_its_type_name():
    """Issue 24 item 8: a message names a form by the type's name, never its id (OtH p.10 note 6:
    no P7+ aircraft where the era has no antigrav; a metaform of that type, OtH p.19)."""
    rs = _with_big_flyer()
    walker = {"id": "w7", "name": "Colossus", "type": "supermech", "presence": 7,
              "stats": {"M": 5, "F": 6, "A": 6, "D": 5}, "upgrades": ["metaform"],
              "forms": [{"type": "big_flyer", "presence": 7,
                         "stats": {"M": 5, "F": 6, "A": 6, "D": 5}}]}
    data = base(era="era2")
    data["elements"].append(walker)
    found = find(check(data, rs), "era-no-antigrav-aircraft")
    assert found, [f.code for f in check(data, rs).all_findings]
    assert found[0].message.startswith("Colossus: Big flyer form: "), found[0].message
    assert "big_flyer" not in found[0].message
