"""Strategic assets (OtH p.36-40): one test per rule."""

from __future__ import annotations

import copy
import json

import pytest
from helpers_oth import base, check, codes, element, example_data, find, roster, ruleset, run_cli

from horizon_builder.checks.strategic_assets import air_war_dice, naval_abilities
from horizon_builder.engine.analysis import analyse

STRIKE = {"id": "bs", "name": "Missile Allocation", "type": "ballistic_strike", "presence": 3}


def naval(presence: int, *abilities: str) -> dict:
    return {"id": "ns", "name": "HMS Test", "type": "naval_support", "presence": presence,
            "upgrades": list(abilities)}


def hospital(cr: int) -> dict:
    entry = {"id": "fh", "name": "Field Surgeons", "type": "field_hospital", "presence": 0}
    if cr:
        entry["upgrades"] = [{"id": "hospital_cr", "count": cr}]
    return entry


def with_elements(*extra: dict, **fields) -> dict:
    data = base(**fields)
    data["elements"].extend(copy.deepcopy(list(extra)))
    return data


def test_strategic_assets_example_is_legal():
    """The shipped strategic assets example is legal (OtH p.36-40)."""
    report = check(example_data("oth-strategic-assets.toml"))
    assert report.legal, [f.message for f in report.errors]
    assert report.totals.force_cost == 20
    assert report.totals.force_presence == 22
    assert report.totals.command_resources_spent == 2


# --- ballistic strike (OtH p.38) ----------------------------------------------------


def test_ballistic_strike_fc3_fp0():
    """A strategic ballistic strike is P3 for Force Cost and P0 for everything else (OtH p.38)."""
    plain = check(base())
    report = check(with_elements(STRIKE))
    assert report.totals.force_cost == plain.totals.force_cost + 3
    assert report.totals.force_presence == plain.totals.force_presence
    assert report.totals.starting_momentum == plain.totals.starting_momentum
    assert report.legal


def test_ballistic_strike_not_on_the_table():
    """An asset is not an element on the table: no count towards deployment spaces (OtH p.36, p.53)."""
    plain = check(base())
    report = check(with_elements(STRIKE))
    assert report.totals.element_count == plain.totals.element_count


def test_ballistic_strike_at_most_one():
    """At most one strategic ballistic strike per force (OtH p.38)."""
    second = dict(STRIKE, id="bs2")
    found = find(check(with_elements(STRIKE, second)), "type-over-limit")
    assert found and found[0].severity == "error"


def test_ballistic_strike_needs_guide_fire():
    """The strike is called in by an element with guide fire (OtH p.38): warn when none has it."""
    data = with_elements(STRIKE, command={"kind": "chq", "element": "chq",
                                          "weird": [{"id": "big_game_hunter",
                                                     "replaces": "guide_fire"}]})
    assert "ballistic-strike-no-guide-fire" in codes(check(data), "warning")
    assert "ballistic-strike-no-guide-fire" not in codes(check(with_elements(STRIKE)))


# --- naval support (OtH p.39) ---------------------------------------------------------


def test_naval_support_up_to_three_fp():
    """Naval support: up to 3 points of FP (OtH p.39)."""
    report = check(with_elements(naval(3, "marines", "gunnery_priority", "aircraft_carrier"),
                                 STRIKE,
                                 {"id": "a1", "name": "Jet", "type": "aircraft", "presence": 2,
                                  "stats": {"M": 5, "F": 4, "A": 2, "D": 1}}))
    assert report.legal, [f.message for f in report.errors]
    found = find(check(with_elements(naval(4, "marines"))), "presence-out-of-range")
    assert found and found[0].element == "ns"


def test_naval_support_counts_its_presence():
    """Naval support is one asset whose Presence is its FC and FP (OtH p.39)."""
    plain = check(base())
    report = check(with_elements(naval(2, "marines", "gunnery_priority"), STRIKE))
    assert report.totals.force_presence == plain.totals.force_presence + 2
    assert report.totals.force_cost == plain.totals.force_cost + 2 + 3


def test_naval_support_one_asset():
    """Naval support is a single asset (OtH p.39)."""
    found = find(check(with_elements(naval(1, "marines"), dict(naval(1, "marines"), id="ns2"))),
                 "type-over-limit")
    assert found and found[0].severity == "error"


def test_naval_support_one_ability_per_point():
    """Each point of naval support buys one ability (OtH p.39)."""
    found = find(check(with_elements(naval(1, "marines", "aircraft_carrier"))),
                 "naval-support-too-many-abilities")
    assert found and found[0].severity == "error"
    assert "naval-support-unused-points" in codes(check(with_elements(naval(2, "marines"))),
                                                   "warning")


def test_naval_support_ability_once():
    """An ability is chosen once (OtH p.39)."""
    data = with_elements(naval(2, "marines", "marines"))
    assert "upgrade-over-cap" in codes(check(data), "error")


def test_naval_support_abilities_only_on_naval_support():
    """Aircraft carrier, marines and gunnery priority belong to naval support (OtH p.39)."""
    data = base()
    element(data, "hi1")["upgrades"] = ["marines"]
    assert "upgrade-not-eligible" in codes(check(data), "error")


def test_gunnery_priority_without_ballistic_strike_warns():
    """Gunnery priority only works with a strategic ballistic strike (OtH p.39)."""
    found = find(check(with_elements(naval(1, "gunnery_priority"))), "gunnery-priority-without-strike")
    assert found and found[0].severity == "warning"
    assert "gunnery-priority-without-strike" not in codes(
        check(with_elements(naval(1, "gunnery_priority"), STRIKE)))


def test_marines_without_lt_inf_warns():
    """Marines affect Lt Inf only (OtH p.39)."""
    data = with_elements(naval(1, "marines"))
    data["elements"] = [e for e in data["elements"] if e["type"] != "lt_inf"]
    assert "marines-without-lt-inf" in codes(check(data), "warning")


def test_aircraft_carrier_without_aircraft_warns():
    """Aircraft carrier helps aircraft of P3 or less (OtH p.39)."""
    assert "carrier-without-aircraft" in codes(check(with_elements(naval(1, "aircraft_carrier"))),
                                               "warning")


# --- field hospital (OtH p.40) -----------------------------------------------------------


def test_field_hospital_cr_counted_as_spent():
    """CR spent on the field hospital count in CR spent (OtH p.40)."""
    report = check(with_elements(hospital(2)))
    assert report.totals.command_resources == 2
    assert report.totals.command_resources_spent == 2
    assert report.legal
    assert "2d12" in find(report, "field-hospital-dice")[0].message


def test_field_hospital_any_amount_up_to_cr():
    """Any or all of the CHQ's CR, but no more than it has (OtH p.40)."""
    found = find(check(with_elements(hospital(3))), "cr-overspent")
    assert found and found[0].severity == "error"


def test_field_hospital_costs_no_fc_or_fp():
    """The field hospital is paid in CR only (OtH p.40)."""
    plain = check(base())
    report = check(with_elements(hospital(1)))
    assert (report.totals.force_cost, report.totals.force_presence) == (
        plain.totals.force_cost, plain.totals.force_presence)


def test_field_hospital_needs_chq():
    """A field hospital is mustered with a CHQ (OtH p.40)."""
    data = with_elements(hospital(1), command={"kind": "none"})
    found = find(check(data), "field-hospital-needs-chq")
    assert found and found[0].severity == "error"


def test_field_hospital_needs_command_resources():
    """A CHQ without CR (a mech CHQ) cannot pay a field hospital (OtH p.40, p.42)."""
    data = with_elements(hospital(1), command={"kind": "mech_chq", "element": "m1"})
    assert "field-hospital-needs-cr" in codes(check(data), "error")


def test_field_hospital_with_nothing_spent_warns():
    """A field hospital with no CR does nothing (OtH p.40)."""
    assert "field-hospital-empty" in codes(check(with_elements(hospital(0))), "warning")


def test_field_hospital_empty_names_the_upgrade_not_its_id():
    """Issue 24 item 8: the warning names the upgrade as the player sees it (OtH p.40)."""
    [finding] = find(check(with_elements(hospital(0))), "field-hospital-empty")
    assert "hospital_cr" not in finding.message
    assert "CR to the field hospital" in finding.message


def test_strategic_assets_have_no_statline_and_are_not_elements(ruleset):
    """Issue 24 item 8: a strike, naval support and a field hospital have no stats (one
    predicate, asked by the app before it asks for or shows a statline) and are off the
    table (OtH p.36-40): they are not counted as elements."""
    for type_id in ("ballistic_strike", "naval_support", "field_hospital"):
        et = ruleset.element_types[type_id]
        assert et.is_asset and not et.has_statline, type_id
    assert ruleset.element_types["sf"].has_statline and not ruleset.element_types["sf"].is_asset
    report = check(example_data("oth-strategic-assets.toml"))
    assert len(report.analysis.roster.elements) == 12
    assert report.totals.element_count == 9  # 12 entries, 3 of them assets


def test_field_hospital_at_most_one():
    """One field hospital (OtH p.40 speaks of the field hospital)."""
    data = with_elements(hospital(1), dict(hospital(1), id="fh2"))
    assert "type-over-limit" in codes(check(data), "error")


# --- special operations (OtH p.38) ------------------------------------------------------


def sf(element_id: str, operation: str | None = None) -> dict:
    entry = {"id": element_id, "name": f"Team {element_id}", "type": "sf", "presence": 3,
             "stats": {"M": 4, "F": 4, "A": 3, "D": 3}}
    if operation:
        entry["upgrades"] = [{"id": "special_operation", "option": operation}]
    return entry


def test_special_operation_one_sf_element():
    """One SF element may go on a special operation before turn 1 (OtH p.38)."""
    report = check(with_elements(sf("sf1", "hunting_party"), sf("sf2")))
    assert report.legal
    assert find(report, "special-operation-sent")
    found = find(check(with_elements(sf("sf1", "hunting_party"), sf("sf2", "assassination"))),
                 "special-operation-too-many")
    assert found and found[0].severity == "error"


def test_special_operation_sf_only():
    """Only Special Forces go on special operations (OtH p.38)."""
    data = base()
    element(data, "hi1")["upgrades"] = [{"id": "special_operation", "option": "deep_recon"}]
    found = [f for f in find(check(data), "upgrade-not-eligible") if f.element == "hi1"]
    assert found and "Special operation" in found[0].message


def test_special_operation_needs_an_operation():
    """The commander picks the operation: hunting party, deep recon or assassination (OtH p.38)."""
    data = with_elements({**sf("sf1"), "upgrades": ["special_operation"]})
    assert "upgrade-option-missing" in codes(check(data), "error")


def test_special_operation_deep_recon_needs_new_adventures():
    """Deep recon only matters in a New Adventures game (OtH p.38)."""
    report = check(with_elements(sf("sf1", "deep_recon")))
    assert "New Adventures" in find(report, "special-operation-sent")[0].message


# --- air war (OtH p.36-37) ---------------------------------------------------------------


def test_air_war_excludes_rotary_aircraft():
    """Air war: total P of aircraft other than rotary ones, in d12s (OtH p.36)."""
    jet = {"id": "a1", "name": "Jet", "type": "aircraft", "presence": 2,
           "stats": {"M": 5, "F": 4, "A": 2, "D": 1}}
    heli = {"id": "a2", "name": "Heli", "type": "aircraft", "presence": 3,
            "stats": {"M": 5, "F": 4, "A": 2, "D": 1}, "upgrades": ["rotary"]}
    found = find(check(with_elements(jet, heli)), "air-war-presence")
    assert found and "2d12" in found[0].message and "1 aircraft" in found[0].message


def test_air_war_dice_one_per_presence_of_each_fighting_aircraft():
    """The air war's dice (OtH p.36-37): one d12 per P of every aircraft but rotary ones."""
    jet = {"id": "a1", "name": "Jet", "type": "aircraft", "presence": 2,
           "stats": {"M": 5, "F": 4, "A": 2, "D": 1}}
    jet2 = dict(jet, id="a3", name="Jet B", presence=3)
    heli = {"id": "a2", "name": "Heli", "type": "aircraft", "presence": 3,
            "stats": {"M": 5, "F": 4, "A": 2, "D": 1}, "upgrades": ["rotary"]}
    force = analyse(roster(with_elements(jet, heli, jet2)), ruleset())
    assert air_war_dice(force.elements) == (2, 5)
    assert air_war_dice(force.elements[:5]) == (0, 0)  # the base force has no aircraft


def test_naval_abilities_counts_copies():
    """Naval support's abilities (OtH p.39): the upgrades naval support may take, copies
    counted, one per point of P."""
    force = analyse(roster(with_elements(naval(3, "marines", {"id": "gunnery_priority",
                                                              "count": 2}))), ruleset())
    info = force.elements[-1]
    assert naval_abilities(force.ruleset, info) == (["marines", "gunnery_priority"], 3)
    assert naval_abilities(force.ruleset, force.elements[0]) == ([], 0)


# --- every rule shows in `horizon-builder check` --------------------------------------------


def _broken(mutate):
    data = copy.deepcopy(example_data("oth-strategic-assets.toml"))
    mutate(data)
    return data


BROKEN = {
    "type-over-limit": lambda d: d["elements"].append(dict(STRIKE, id="bs2")),
    "naval-support-too-many-abilities": lambda d: element(d, "ns").update(
        upgrades=["marines", "gunnery_priority", "aircraft_carrier"]),
    "field-hospital-needs-chq": lambda d: d.update(command={"kind": "none"}),
    "field-hospital-needs-cr": lambda d: d.update(command={"kind": "mech_chq", "element": "m1"}),
    "cr-overspent": lambda d: element(d, "fh").update(upgrades=[{"id": "hospital_cr", "count": 4}]),
    "special-operation-too-many": lambda d: element(d, "sf2").update(
        upgrades=[{"id": "special_operation", "option": "hunting_party"}]),
    "upgrade-not-eligible": lambda d: element(d, "hi1").update(
        upgrades=[{"id": "special_operation", "option": "hunting_party"}]),
    "presence-out-of-range": lambda d: element(d, "ns").update(presence=4),
}

WARNINGS = {
    "gunnery-priority-without-strike": lambda d: d.update(
        elements=[e for e in d["elements"] if e["id"] != "bs"]),
    "naval-support-unused-points": lambda d: element(d, "ns").update(upgrades=["marines"]),
}


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_strategic_asset_rules_in_check_output(tmp_path, code):
    """Each strategic-asset rule a roster breaks shows in `horizon-builder check` (OtH p.36-40)."""
    status, out, _ = run_cli(tmp_path, _broken(BROKEN[code]), "--format", "json")
    assert status == 1
    findings = json.loads(out)[0]["findings"]
    assert code in {f["code"] for f in findings if f["severity"] == "error"}


@pytest.mark.parametrize("code", sorted(WARNINGS))
def test_strategic_asset_warnings_in_check_output(tmp_path, code):
    """Strategic-asset warnings show in `horizon-builder check` (OtH p.39)."""
    status, out, _ = run_cli(tmp_path, _broken(WARNINGS[code]), "--format", "json")
    assert status == 0
    findings = json.loads(out)[0]["findings"]
    assert code in {f["code"] for f in findings if f["severity"] == "warning"}


def test_strategic_assets_needs_fixing_example(tmp_path):
    """The shipped broken strategic-assets example reports each of its mistakes (OtH p.36-40)."""
    data = example_data("oth-strategic-assets-needs-fixing.toml")
    status, out, _ = run_cli(tmp_path, data, "--format", "json")
    errors = {f["code"] for f in json.loads(out)[0]["findings"] if f["severity"] == "error"}
    assert status == 1
    assert errors == {"type-over-limit", "cr-overspent", "naval-support-too-many-abilities",
                      "field-hospital-needs-cr", "special-operation-too-many"}
