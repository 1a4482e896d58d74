"""Weird Horizons (OtH p.41-43, Appendix 3 p.69-71): one test per rule."""

from __future__ import annotations

import copy
import json

import pytest
from helpers_oth import base, check, codes, element, example_data, find, roster, ruleset, run_cli

from horizon_builder.checks.weird import command_rules, free_weird_upgrades
from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.totals import compute_totals

WEIRD_UPGRADES = {
    "tesla_gun": 1, "short_range_teleporter": 1, "sonic_cannon": 1, "flammenwerfer": 0,
    "skinwalkers": 1, "mechatentacles": 1, "support_weapons": 1, "burrower": 1,
}


def weird(*pairs: tuple[str, str], kind: str = "chq", chq: str = "chq") -> dict:
    return {"kind": kind, "element": chq,
            "weird": [{"id": i, "replaces": r} for i, r in pairs]}


# --- examples -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["oth-weird.toml", "oth-weird-mech-chq.toml"])
def test_weird_examples_are_legal(name):
    """The shipped Weird Horizons examples are legal (OtH p.41-43, p.69-71)."""
    report = check(example_data(name))
    assert report.legal, [f.message for f in report.errors]


# --- data ---------------------------------------------------------------------------


def test_weird_upgrade_costs_and_scope():
    """All eight weird upgrades, per element, CR or stat points, with the book's costs (OtH p.69-71)."""
    rs = ruleset()
    for up_id, cost in WEIRD_UPGRADES.items():
        up = rs.upgrades[up_id]
        assert (up.kind, up.scope, up.currency) == ("weird_upgrade", "element", "points_or_cr")
        assert up.cost == cost and up.cost_cr == cost, up_id
        assert up.supplement == "weird"


def test_weird_command_data():
    """Mad scientist, big game hunter and dark priest are weird command (OtH p.69)."""
    rs = ruleset()
    for up_id in ("mad_scientist", "big_game_hunter", "dark_priest"):
        assert rs.upgrades[up_id].kind == "weird_command"
    assert rs.commands["chq"].weird_slots == 3
    assert rs.commands["mech_chq"].weird_slots == 2


# --- weird command ------------------------------------------------------------------


def test_weird_command_conventional_chq_up_to_three():
    """A conventional CHQ may replace all three of its abilities (OtH p.42)."""
    data = base(command=weird(("mad_scientist", "chain_of_command"),
                              ("dark_priest", "guide_fire"),
                              ("big_game_hunter", "command_resources")))
    element(data, "chq")["upgrades"] = [{"id": "tesla_gun", "paid": "free"}]
    report = check(data)
    assert report.legal, [f.message for f in report.errors]


def test_weird_command_too_many_for_chq():
    """A conventional CHQ has three abilities to replace, so at most three weird commands (OtH p.42)."""
    data = base(command=weird(("mad_scientist", "chain_of_command"), ("dark_priest", "guide_fire"),
                              ("big_game_hunter", "command_resources"),
                              ("big_game_hunter", "guide_fire")))
    element(data, "chq")["upgrades"] = [{"id": "tesla_gun", "paid": "free"}]
    report = check(data)
    assert "weird-command-too-many" in codes(report, "error")


def test_weird_command_mech_chq_up_to_two():
    """A mech CHQ has only chain of command and guide fire: two weird commands (OtH p.42)."""
    data = base(command=weird(("big_game_hunter", "chain_of_command"), ("dark_priest", "guide_fire"),
                              kind="mech_chq", chq="m1"))
    assert check(data).legal
    data["command"]["weird"].append({"id": "mad_scientist", "replaces": "command_resources"})
    report = check(data)
    assert "weird-command-too-many" in codes(report, "error")
    assert "weird-command-nothing-to-replace" in codes(report, "error")


def test_weird_command_slots_are_the_books_own_not_provisional():
    """Up to three weird commands on a conventional CHQ, two on a mech CHQ, is printed in the
    supplement (OtH p.42): the findings cite it and are firm, though other parts of either
    command rest on the core book (a CHQ's CR) or on our inference (a mech CHQ has no CR)."""
    data = base(command=weird(("mad_scientist", "chain_of_command"), ("dark_priest", "guide_fire"),
                              ("big_game_hunter", "command_resources"),
                              ("big_game_hunter", "guide_fire")))
    element(data, "chq")["upgrades"] = [{"id": "tesla_gun", "paid": "free"}]
    for report in (check(data), check(base(command=weird(
            ("big_game_hunter", "chain_of_command"), ("dark_priest", "guide_fire"),
            ("mad_scientist", "guide_fire"), kind="mech_chq", chq="m1")))):
        hit = find(report, "weird-command-too-many")[0]
        assert hit.rule.startswith("OtH p.42") and not hit.provisional


def test_weird_command_mech_chq_has_no_command_resources_to_replace():
    """A mech CHQ brings no CR, so no weird command can replace them (OtH p.42)."""
    data = base(command=weird(("big_game_hunter", "command_resources"), kind="mech_chq", chq="m1"))
    found = find(check(data), "weird-command-nothing-to-replace")
    assert found and found[0].severity == "error"
    assert "command resources" in found[0].message


def test_weird_command_each_replaces_a_different_ability():
    """Each weird command replaces a distinct CHQ ability (OtH p.42)."""
    data = base(command=weird(("mad_scientist", "guide_fire"), ("dark_priest", "guide_fire")))
    element(data, "chq")["upgrades"] = [{"id": "tesla_gun", "paid": "free"}]
    found = find(check(data), "weird-command-same-ability")
    assert found and found[0].severity == "error" and "Dark priest" in found[0].message


def test_weird_command_not_twice():
    """The same weird command cannot be taken twice (OtH p.42: each is a special rule)."""
    data = base(command=weird(("big_game_hunter", "guide_fire"),
                              ("big_game_hunter", "chain_of_command")))
    assert "weird-command-repeated" in codes(check(data), "error")


def test_weird_command_not_for_options_without_slots():
    """An AI Command, Alpha or Hivemind may not take weird command: weird_slots = 0 (OtH p.42)."""
    rs = ruleset()
    present = [c for c in ("aic", "alpha", "hivemind") if c in rs.commands]
    for cmd_id in present:
        assert rs.commands[cmd_id].weird_slots == 0, cmd_id
    # The rule itself is data: any option with no weird slots refuses weird command.
    rs = rs.model_copy(deep=True)
    rs.commands["no_slots"] = rs.commands["chq"].model_copy(update={"weird_slots": 0,
                                                                    "name": "Test Command"})
    data = base(command=weird(("big_game_hunter", "guide_fire"), kind="no_slots"))
    found = find(check(data, rs), "weird-command-not-allowed")
    assert found and found[0].severity == "error" and "Test Command" in found[0].message


def test_weird_command_needs_a_command():
    """Weird command replaces a CHQ ability, so it needs a command (OtH p.42)."""
    data = base(command={"kind": "none", "weird": [{"id": "dark_priest", "replaces": "guide_fire"}]})
    assert "weird-command-no-chq" in codes(check(data), "error")


def test_weird_command_replacing_command_resources_leaves_no_cr():
    """Replacing command resources leaves the force with 0 CR (OtH p.42)."""
    data = base()
    before = compute_totals(analyse(roster(data), ruleset()))
    assert before.command_resources == 2
    data["command"] = weird(("big_game_hunter", "command_resources"))
    report = check(data)
    assert report.totals.command_resources == 0
    summary = find(report, "weird-command-replaces")
    assert summary and "0 CR" in summary[0].message
    # and any CR spending is now over budget
    data["cr_purchases"] = [{"type": "lt_inf", "upgrade": "skinwalkers"}]
    assert "cr-overspent" in codes(check(data), "error")


def test_weird_command_shows_what_it_replaced():
    """The roster shows each weird command and what it replaced (OtH p.42)."""
    data = base(command=weird(("dark_priest", "chain_of_command")))
    a = analyse(roster(data), ruleset())
    assert command_rules(a) == ["guide_fire", "command_resources", "dark_priest",
                                    "no_reserve_start"]
    message = find(check(data), "weird-command-replaces")[0].message
    assert "Dark priest replaces chain of command" in message


def test_dark_priest_chq_may_not_start_aboard_a_carrier():
    """A dark priest's CHQ may not start in reserve (OtH p.69), and an element aboard a carrier
    is in reserve (OtH p.65): aboard is an error, not a note."""
    data = base(command=weird(("dark_priest", "guide_fire")))
    data["supplements"] = [*data["supplements"], "superweapons"]
    data["elements"].append({"id": "ark", "name": "Ark", "type": "supertank", "presence": 4,
                             "stats": {"M": 3, "F": 4, "A": 4, "D": 3},
                             "upgrades": [{"id": "transport_bays", "count": 3}]})
    aboard = check(data)
    assert "dark-priest-in-reserve" not in codes(aboard)
    assert "dark-priest-no-reserve" in codes(aboard, "info")
    element(data, "chq")["carried_by"] = "ark"
    aboard = check(data)
    hit = find(aboard, "dark-priest-in-reserve")[0]
    assert hit.severity == "error" and hit.element == "chq" and "OtH p.69" in hit.rule
    assert "carrier-over-capacity" not in codes(aboard)  # it fits: only the reserve rule says no


def test_weird_command_unknown_id():
    """An unknown weird command is an error finding, not a crash (OtH p.69)."""
    data = base(command=weird(("dark_lord", "guide_fire")))
    found = find(check(data), "weird-command-unknown")
    assert found and found[0].severity == "error" and "dark_lord" in found[0].message


def test_weird_command_must_be_a_command_upgrade():
    """A weird upgrade is not weird command (OtH p.69-70)."""
    data = base(command=weird(("tesla_gun", "guide_fire")))
    assert "weird-command-not-command" in codes(check(data), "error")


def test_weird_command_not_on_an_element():
    """Weird command goes on the command, not on an element's upgrades (OtH p.42)."""
    data = base()
    element(data, "chq")["upgrades"] = ["dark_priest"]
    found = find(check(data), "weird-command-on-element")
    assert found and found[0].element == "chq"


def test_weird_command_on_a_metaform_is_reported_at_the_metaform():
    """Weird command on a metaform's upgrades (OtH p.42) is reported at that metaform's field,
    named, so Enter takes the player to the form that carries it."""
    data = base(supplements=["weird", "metaformers"])
    element(data, "m1").update(upgrades=["metaform"], forms=[
        {"type": "hvy_inf", "presence": 2, "name": "Trooper", "upgrades": ["dark_priest"],
         "stats": {"M": 3, "F": 4, "A": 3, "D": 3}}])
    found = find(check(data), "weird-command-on-element")
    assert [(f.element, f.field) for f in found] == [("m1", "forms[1].upgrades")]
    assert "Trooper form: Dark priest is weird command" in found[0].message


def test_weird_command_in_a_tournament_round():
    """Weird command is chosen each round with the CHQ (OtH p.42, p.46)."""
    data = base(kind="task_force", command={"kind": "none"}, force_cost=10)
    data["rounds"] = [{"name": "Round 1", "elements": ["chq", "hi1", "m1"],
                       "command": weird(("big_game_hunter", "guide_fire"),
                                        ("dark_priest", "guide_fire"))}]
    assert "weird-command-same-ability" in codes(check(data), "error")


# --- mad scientist, dark priest, big game hunter ----------------------------------------


def test_mad_scientist_one_free_weird_upgrade_on_chq():
    """Mad scientist: the CHQ gets one weird upgrade free, costing no CR (OtH p.69)."""
    data = base(command=weird(("mad_scientist", "chain_of_command")))
    element(data, "chq")["upgrades"] = [{"id": "sonic_cannon", "paid": "free"}]
    report = check(data)
    assert report.legal
    assert report.totals.command_resources_spent == 0


def test_mad_scientist_free_upgrade_only_on_chq():
    """The mad scientist's free weird upgrade goes on the CHQ only (OtH p.69)."""
    data = base(command=weird(("mad_scientist", "chain_of_command")))
    element(data, "li1")["upgrades"] = [{"id": "skinwalkers", "paid": "free"}]
    found = find(check(data), "weird-free-not-chq")
    assert found and found[0].severity == "error" and found[0].element == "li1"


def test_mad_scientist_only_one_free_upgrade():
    """A mad scientist gives one free weird upgrade, not more (OtH p.69)."""
    data = base(command=weird(("mad_scientist", "chain_of_command")))
    element(data, "chq")["upgrades"] = [{"id": "sonic_cannon", "paid": "free"},
                                        {"id": "tesla_gun", "paid": "free"}]
    assert "weird-free-too-many" in codes(check(data), "error")


def test_free_weird_upgrades_counts_every_copy_marked_free():
    """The mad scientist's count (OtH p.69): weird upgrades marked free, copies counted, on
    any element; a weird upgrade paid otherwise, or another upgrade, is not counted."""
    data = base(command=weird(("mad_scientist", "chain_of_command")))
    element(data, "chq")["upgrades"] = [{"id": "sonic_cannon", "paid": "free"},
                                        {"id": "tesla_gun", "paid": "free"}]
    element(data, "hi1")["upgrades"] = ["skinwalkers", "camouflage"]
    assert free_weird_upgrades(analyse(roster(data), ruleset()).elements) == 2
    element(data, "chq")["upgrades"] = [{"id": "sonic_cannon", "paid": "free"}]
    assert free_weird_upgrades(analyse(roster(data), ruleset()).elements) == 1
    assert free_weird_upgrades([]) == 0


def test_free_weird_upgrade_needs_mad_scientist():
    """Without a mad scientist no weird upgrade is free (OtH p.42, p.69)."""
    data = base()
    element(data, "chq")["upgrades"] = [{"id": "sonic_cannon", "paid": "free"}]
    assert "weird-free-without-mad-scientist" in codes(check(data), "error")


def test_mad_scientist_unused_warns():
    """A mad scientist whose free upgrade is not taken is pointed out (OtH p.69)."""
    data = base(command=weird(("mad_scientist", "chain_of_command")))
    assert "weird-free-unused" in codes(check(data), "warning")


def test_dark_priest_chq_may_not_start_in_reserve():
    """Dark priest: the CHQ may not start in reserve, shown as a note and rule (OtH p.69)."""
    data = base(command=weird(("dark_priest", "guide_fire")))
    report = check(data)
    found = find(report, "dark-priest-no-reserve")
    assert found and found[0].element == "chq" and found[0].severity == "info"
    assert "no_reserve_start" in command_rules(report.analysis)


def test_big_game_hunter_is_gameplay_only():
    """Big game hunter changes nothing in the list (OtH p.69)."""
    plain = check(base())
    hunter = check(base(command=weird(("big_game_hunter", "guide_fire"))))
    assert hunter.legal
    assert (hunter.totals.force_cost, hunter.totals.command_resources) == (
        plain.totals.force_cost, plain.totals.command_resources)


# --- weird upgrades --------------------------------------------------------------------


def test_weird_upgrade_per_element_not_whole_type():
    """A weird upgrade need not go on every element of a type (OtH p.42)."""
    data = base()
    element(data, "li1")["upgrades"] = ["skinwalkers"]
    report = check(data)
    assert report.legal
    assert "cr-upgrade-whole-type" not in codes(report)
    assert report.totals.command_resources_spent == 1


def test_weird_upgrade_paid_with_cr_on_conventional():
    """Conventional elements pay weird upgrades with CR (OtH p.42)."""
    data = base()
    for eid in ("li1", "li2", "hi1"):
        element(data, eid)["upgrades"] = ["tesla_gun"]
    report = check(data)
    assert report.totals.command_resources_spent == 3
    assert "cr-overspent" in codes(report, "error")


def test_weird_upgrade_paid_with_stat_points_on_mech():
    """A mech pays weird upgrades with stat points (OtH p.42)."""
    data = base()
    element(data, "m1")["upgrades"] = ["tesla_gun"]  # 15 stats + 1 = 16: the P2 pool
    report = check(data)
    assert report.legal and report.totals.command_resources_spent == 0
    element(data, "m1")["upgrades"] = ["tesla_gun", "sonic_cannon"]
    assert "pool-overspent" in codes(check(data), "error")


def test_flammenwerfer_costs_nothing():
    """Flammenwerfer costs 0 (OtH p.70)."""
    data = base()
    element(data, "li1")["upgrades"] = ["flammenwerfer"]
    element(data, "li2")["upgrades"] = ["flammenwerfer"]
    report = check(data)
    assert report.legal and report.totals.command_resources_spent == 0


def test_skinwalkers_only_lt_inf_ab_inf_sf():
    """Skinwalkers: Lt Inf, AB Inf and SF only (OtH p.70)."""
    data = base()
    element(data, "li1")["upgrades"] = ["skinwalkers"]
    assert check(data).legal
    element(data, "hi1")["upgrades"] = ["skinwalkers"]
    found = [f for f in find(check(data), "upgrade-not-eligible") if f.element == "hi1"]
    assert found and found[0].severity == "error"
    assert "Guards" in found[0].message and "Skinwalkers" in found[0].message
    assert found[0].rule.startswith("OtH p.70")


def test_support_weapons_needs_another_weird_upgrade():
    """Support weapons only with at least one other weird upgrade (OtH p.71)."""
    data = base()
    element(data, "hi1")["upgrades"] = ["support_weapons"]
    found = find(check(data), "upgrade-requires")
    assert found and found[0].element == "hi1" and "Support weapons" in found[0].message
    element(data, "hi1")["upgrades"] = ["burrower", "support_weapons"]
    assert "upgrade-requires" not in codes(check(data))


def test_weird_upgrade_repeat_beyond_cap():
    """A weird upgrade taken twice on one element is over its cap: an error naming both (OtH p.69-70)."""
    data = base()
    element(data, "hi1")["upgrades"] = [{"id": "tesla_gun", "count": 2}]
    found = find(check(data), "upgrade-over-cap")
    assert found and found[0].element == "hi1" and "Tesla gun" in found[0].message
    assert found[0].rule == "OtH p.69"


def test_weird_upgrade_unknown_is_a_finding():
    """An unknown weird upgrade is an error finding naming the element, not a crash (OtH p.70)."""
    data = base()
    element(data, "hi1")["upgrades"] = ["death_ray"]
    found = find(check(data), "upgrade-unknown")
    assert found and found[0].element == "hi1" and "death_ray" in found[0].message
    assert "internal-check-error" not in codes(check(data))


def test_weird_upgrade_on_an_element_that_takes_no_core_upgrades():
    """Only elements that may take core upgrades may take weird ones (OtH p.42): not an asset."""
    data = base()
    data["elements"].append({"id": "bs", "name": "Strike", "type": "ballistic_strike", "presence": 3,
                             "upgrades": ["tesla_gun"]})
    found = [f for f in find(check(data), "upgrade-not-eligible") if f.element == "bs"]
    assert found and "Tesla gun" in found[0].message


def test_burrower_grants_deep_deployment():
    """Burrower gives the deep deployment special rule (OtH p.71)."""
    data = base()
    element(data, "m1")["upgrades"] = ["burrower"]
    info = check(data).analysis.by_id["m1"]
    assert "deep_deployment" in info.special_rules


# --- airships ---------------------------------------------------------------------------


def test_airship_special_rules():
    """Airship: an aircraft with Mb +0, hover, bank/veer only, alert, 360° arc (OtH p.43)."""
    rs = ruleset()
    et = rs.element_types["airship"]
    assert et.category == "aircraft"
    data = base()
    data["elements"].append({"id": "as", "name": "Zeppelin", "type": "airship", "presence": 2,
                             "stats": {"M": 3, "F": 4, "A": 3, "D": 2, "Mb": 0}})
    report = check(data)
    assert report.legal
    rules = report.analysis.by_id["as"].special_rules
    for rule in ("alert", "hover", "bank_veer_only", "all_round_fire"):
        assert rule in rules
    assert find(report, "airship-rules")


def test_airship_mb_is_zero():
    """An airship's Mb is +0 (OtH p.43)."""
    data = base()
    data["elements"].append({"id": "as", "name": "Zeppelin", "type": "airship", "presence": 2,
                             "stats": {"M": 3, "F": 4, "A": 3, "D": 1, "Mb": 2}})
    found = find(check(data), "stat-above-maximum")
    assert found and found[0].element == "as"


def test_airship_counts_as_aircraft_for_upgrades():
    """Airships are aircraft: at most P upgrades (OtH p.43, p.61)."""
    data = base()
    data["elements"].append({"id": "as", "name": "Zeppelin", "type": "airship", "presence": 1,
                             "stats": {"M": 2, "F": 3, "A": 1, "D": 1},
                             "upgrades": ["tesla_gun", "sonic_cannon"]})
    assert "too-many-upgrades" in codes(check(data), "error")


# --- every rule shows in `horizon-builder check` ----------------------------------------


def _broken(mutate):
    data = copy.deepcopy(example_data("oth-weird.toml"))
    mutate(data)
    return data


BROKEN = {
    "weird-command-too-many": lambda d: d["command"]["weird"].extend([
        {"id": "big_game_hunter", "replaces": "command_resources"},
        {"id": "big_game_hunter", "replaces": "guide_fire"}]),
    "weird-command-same-ability": lambda d: d["command"]["weird"].__setitem__(
        1, {"id": "dark_priest", "replaces": "chain_of_command"}),
    "weird-command-repeated": lambda d: d["command"]["weird"].__setitem__(
        1, {"id": "mad_scientist", "replaces": "guide_fire"}),
    "weird-command-nothing-to-replace": lambda d: d["command"].update(
        kind="mech_chq", element="m1",
        weird=[{"id": "dark_priest", "replaces": "command_resources"}]),
    "weird-command-not-command": lambda d: d["command"]["weird"].__setitem__(
        1, {"id": "tesla_gun", "replaces": "guide_fire"}),
    "weird-command-on-element": lambda d: element(d, "hi1").update(upgrades=["dark_priest"]),
    "weird-free-not-chq": lambda d: (element(d, "chq").update(upgrades=[]),
                                     element(d, "hi1").update(
                                         upgrades=[{"id": "tesla_gun", "paid": "free"}])),
    "weird-free-too-many": lambda d: element(d, "chq").update(
        upgrades=[{"id": "tesla_gun", "paid": "free"}, {"id": "sonic_cannon", "paid": "free"}]),
    "weird-free-without-mad-scientist": lambda d: d["command"]["weird"].pop(0),
    "upgrade-not-eligible": lambda d: element(d, "hi1").update(upgrades=["skinwalkers"]),
    "upgrade-requires": lambda d: element(d, "hi1").update(upgrades=["support_weapons"]),
    "upgrade-over-cap": lambda d: element(d, "hi1").update(
        upgrades=[{"id": "burrower", "count": 2}]),
    "cr-overspent": lambda d: d["command"]["weird"].__setitem__(
        1, {"id": "dark_priest", "replaces": "command_resources"}),
    "stat-above-maximum": lambda d: element(d, "as1")["stats"].update(Mb=3),
}


@pytest.mark.parametrize("code", sorted(BROKEN))
def test_weird_rules_in_check_output(tmp_path, code):
    """Each weird rule a roster breaks shows in `horizon-builder check` (OtH p.42-43, p.69-71)."""
    status, out, _ = run_cli(tmp_path, _broken(BROKEN[code]), "--format", "json")
    findings = json.loads(out)[0]["findings"]
    assert status == 1
    assert code in {f["code"] for f in findings if f["severity"] == "error"}
    status, text, _ = run_cli(tmp_path, _broken(BROKEN[code]))
    assert "NOT LEGAL" in text


def test_unknown_weird_upgrade_in_file_is_a_located_load_error(tmp_path):
    """From a file, an unknown weird upgrade is reported with its key, not a traceback (OtH p.70)."""
    data = example_data("oth-weird.toml")
    element(data, "hi1")["upgrades"] = ["death_ray"]
    status, _, err = run_cli(tmp_path, data)
    assert status == 2
    assert "elements[3].upgrades[1]: unknown upgrade 'death_ray'" in err
    assert "Traceback" not in err


def test_unknown_weird_command_in_file_is_a_located_load_error(tmp_path):
    """From a file, an unknown weird command is reported with its key, not a traceback (OtH p.69)."""
    data = example_data("oth-weird.toml")
    data["command"]["weird"][0]["id"] = "dark_lord"
    status, _, err = run_cli(tmp_path, data)
    assert status == 2
    assert "command.weird[1].id: unknown weird command 'dark_lord'" in err


def test_weird_needs_fixing_example(tmp_path):
    """The shipped broken Weird Horizons example reports each of its mistakes (OtH p.42-43, p.69-71)."""
    data = example_data("oth-weird-needs-fixing.toml")
    status, out, _ = run_cli(tmp_path, data, "--format", "json")
    errors = {f["code"] for f in json.loads(out)[0]["findings"] if f["severity"] == "error"}
    assert status == 1
    assert errors == {"stat-above-maximum", "upgrade-not-eligible", "upgrade-requires",
                      "cr-overspent", "weird-command-same-ability", "weird-free-not-chq"}


def test_weird_upgrades_open_to_gun_beasts_and_gribblies():
    """Weird upgrades go on any element that may take core upgrades (OtH p.42); gun-beasts and
    gribblies keep their replaced type's upgrades (OtH p.30), so they may take them too."""
    from horizon_builder.rules.loader import load_ruleset

    rs = load_ruleset()
    for type_id in ("gun_beast_hvy_cav", "gribbly_lt_inf"):
        assert rs.matches(type_id, rs.upgrades["tesla_gun"].eligible)
