"""DataWar (Over the Horizon p.23-28; Robot in Appendix 1, p.66).

One test per rule, named after it, citing its page. Conventional elements get
DataWar upgrades through CR bought for their whole type (``cr_purchases``,
OtH p.24); mechs pay per element in stat points.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import check, codes, element
from helpers_oth_war import cli_codes, roster_data, ruleset_with_superheavies, superheavy_args

from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.totals import compute_totals
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster

HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
HVY_INF = {"M": 3, "F": 4, "A": 3, "D": 3}
LT_INF = {"M": 3, "F": 2, "A": 2, "D": 2}
LT_CAV = {"M": 6, "F": 3, "A": 2, "D": 2}


def force(*elements: dict[str, Any], supplements: tuple[str, ...] = ("datawar",), **extra: Any
          ) -> Roster:
    return Roster.model_validate(roster_data(*elements, supplements=list(supplements), **extra))


def hvy_cav(id_: str, **extra: Any) -> dict[str, Any]:
    return element("hvy_cav", 3, f"Tanks {id_}", id=id_, stats=dict(HVY_CAV), **extra)


def hvy_inf(id_: str, **extra: Any) -> dict[str, Any]:
    return element("hvy_inf", 2, f"Grenadiers {id_}", id=id_, stats=dict(HVY_INF), **extra)


def lt_inf(id_: str, **extra: Any) -> dict[str, Any]:
    return element("lt_inf", 1, f"Rifles {id_}", id=id_, stats=dict(LT_INF), **extra)


def mech(id_: str, presence: int = 3, upgrades: list[Any] | None = None, **stats: int
         ) -> dict[str, Any]:
    line = {"M": 4, "F": 4, "A": 4, "D": 3} | stats
    return element("mech", presence, f"Mech {id_}", id=id_, stats=line, upgrades=upgrades or [])


def buy(type_: str, upgrade: str, **extra: Any) -> dict[str, Any]:
    return {"type": type_, "upgrade": upgrade, **extra}


def chq(element_id: str) -> dict[str, Any]:
    return {"kind": "chq", "element": element_id}


def findings(report, code: str):
    return [f for f in report.all_findings if f.code == code]


def eligible_types(ruleset, upgrade_id: str) -> set[str]:
    """Core element types (00-core) that may take an upgrade."""
    up = ruleset.upgrades[upgrade_id]
    core = {k for k, et in ruleset.element_types.items() if et.supplement is None}
    return {t for t in core
            if ruleset.matches(t, [n for n in up.eligible if n != "chq"])
            and not (up.ineligible and ruleset.matches(t, up.ineligible))}


INFANTRY = {"lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf"}


# --- drones (OtH p.24-25) -------------------------------------------------------------

def test_drones_only_on_infantry(ruleset):
    """Any infantry element may be drones, nothing else (OtH p.24)."""
    for mark in ("drone_mk1", "drone_mk2", "drone_mk3"):
        assert eligible_types(ruleset, mark) == INFANTRY
    report = check(force(hvy_cav("c1"), hvy_cav("c2"), cr_purchases=[buy("hvy_cav", "drone_mk1")]),
                   ruleset)
    assert "upgrade-not-eligible" in codes(report, "error")
    report = check(force(mech("m1", upgrades=["drone_mk3"])), ruleset)
    assert "upgrade-not-eligible" in codes(report, "error")


@pytest.mark.parametrize(("mark", "cr"), [("drone_mk1", 0), ("drone_mk2", 1), ("drone_mk3", 1)])
def test_drone_costs(ruleset, mark, cr):
    """Mk 1 costs 0 CR, Mk 2 and Mk 3 1 CR, paid for each element of the type (OtH p.24-25)."""
    r = force(hvy_inf("i1"), hvy_inf("i2"), hvy_inf("i3"), hvy_inf("i4"),
              command={"kind": "aic"}, cr_purchases=[buy("hvy_inf", mark)])
    a = analyse(r, ruleset)
    assert a.cr_spent == 4 * cr
    assert a.cr_available == 2


def test_drone_mk1_counts_as_p1_for_momentum(ruleset):
    """Mk 1 drones add P1 apiece to momentum, nothing else (OtH p.24)."""
    r = force(hvy_inf("i1"), hvy_inf("i2"), hvy_cav("c1"), command={"kind": "aic"},
              cr_purchases=[buy("hvy_inf", "drone_mk1")])
    totals = compute_totals(analyse(r, ruleset))
    assert totals.force_presence == 7
    assert totals.starting_momentum == 1 + 1 + 3


def test_drones_mk1_mk2_rapid_without_dig_in(ruleset):
    """Mk 1 and Mk 2 drones are rapid and may not Dig In; Mk 3 keep their type's rules (OtH p.24-25)."""
    for mark, rapid, dig_in in (("drone_mk1", True, False), ("drone_mk2", True, False),
                                ("drone_mk3", False, True)):
        r = force(hvy_inf("i1"), command={"kind": "aic"}, cr_purchases=[buy("hvy_inf", mark)])
        rules = analyse(r, ruleset).by_id["i1"].special_rules
        assert ("rapid" in rules) is rapid, mark
        assert ("dig_in" in rules) is dig_in, mark


def test_drone_one_mark_per_element(ruleset):
    """An element is drones of one mark only (OtH p.24-25)."""
    r = force(lt_inf("i1"), lt_inf("i2"), command={"kind": "aic"},
              cr_purchases=[buy("lt_inf", "drone_mk1"), buy("lt_inf", "drone_mk2")])
    found = findings(check(r, ruleset), "drone-one-mark")
    assert len(found) == 2  # one per element of the type
    assert found[0].severity == "error" and found[0].rule.startswith("OtH p.24")


def test_drone_mk3_not_in_era1(ruleset):
    """Era 1 battles (Operation Plantagenet, the Burning) have Mk 1 and Mk 2 drones only (OtH p.24)."""
    def report(mark: str, era: str):
        return check(force(lt_inf("i1"), command={"kind": "aic"}, era=era,
                           cr_purchases=[buy("lt_inf", mark)]), ruleset)

    found = findings(report("drone_mk3", "era1"), "era-forbids")
    assert found and found[0].severity == "error" and found[0].rule == "OtH p.24"
    assert "era-forbids" not in codes(report("drone_mk2", "era1"))
    assert "era-forbids" not in codes(report("drone_mk1", "era1"))
    assert "era-forbids" not in codes(report("drone_mk3", "era2"))


# --- robots (OtH p.25, p.66) ---------------------------------------------------------

def test_robot_on_conventional_or_mech(ruleset):
    """Robot: open to conventional elements and mechs, not aircraft (OtH p.25)."""
    core = {k for k, et in ruleset.element_types.items() if et.supplement is None}
    assert eligible_types(ruleset, "robot") == core - {"aircraft"}
    bad = element("aircraft", 2, "Drone", stats={"M": 5, "F": 4, "A": 2, "D": 1},
                  upgrades=[{"id": "robot", "option": "destroy"}])
    assert "upgrade-not-eligible" in codes(check(force(bad), ruleset), "error")


def test_robot_needs_a_program(ruleset):
    """A robot must be given a program: destroy, disrupt or hold (OtH p.25)."""
    assert ruleset.upgrades["robot"].options == ["destroy", "disrupt", "hold"]
    r = force(mech("m1", upgrades=["robot"]), hvy_cav("c1"), command={"kind": "aic"},
              cr_purchases=[buy("hvy_cav", "robot")])
    found = findings(check(r, ruleset), "upgrade-option-missing")
    assert {f.field for f in found} == {"upgrades", "cr_purchases"}
    assert all(f.severity == "error" for f in found)


def test_robot_unknown_program_is_an_error(ruleset):
    """A program the book does not give is an error naming element, upgrade and rule (OtH p.25)."""
    r = force(mech("m1", upgrades=[{"id": "robot", "option": "berserk"}]))
    found = findings(check(r, ruleset), "upgrade-option-unknown")
    assert len(found) == 1
    f = found[0]
    assert f.severity == "error" and f.element == "m1"
    assert "Robot" in f.message and "berserk" in f.message and f.rule.startswith("OtH p.25")


def test_robot_costs_1_cr_or_1_stat_point(ruleset):
    """Robot: 1 stat point on a mech, 1 CR per element of a conventional type (OtH p.25)."""
    r = force(mech("m1", upgrades=[{"id": "robot", "option": "hold"}]), hvy_cav("c1"),
              hvy_cav("c2"), command={"kind": "aic"},
              cr_purchases=[buy("hvy_cav", "robot", option="destroy")])
    a = analyse(r, ruleset)
    assert a.by_id["m1"].base.points_spent == 15 + 1
    assert a.cr_spent == 2


def test_robot_program_special_rules(ruleset):
    """Robots lose Dig In unless their program is hold, which adds deep deployment (OtH p.25)."""
    for program, dig_in in (("destroy", False), ("disrupt", False), ("hold", True)):
        r = force(hvy_inf("i1"), command={"kind": "aic"},
                  cr_purchases=[buy("hvy_inf", "robot", option=program)])
        rules = analyse(r, ruleset).by_id["i1"].special_rules
        assert "robot" in rules and f"program_{program}" in rules
        assert ("dig_in" in rules) is dig_in
        assert ("deep_deployment" in rules) is dig_in


def test_robots_only_from_era_three(ruleset):
    """Robots appear in Era III (the New Colonial War) and later (OtH p.25)."""
    def report(era: str):
        return check(force(mech("m1", upgrades=[{"id": "robot", "option": "hold"}]), era=era),
                     ruleset)

    for era in ("era1", "era2"):
        found = findings(report(era), "era-forbids")
        assert found and found[0].severity == "error" and "Robot" in found[0].message
        assert found[0].rule == "OtH p.25"
    for era in ("era3", "era4"):
        assert "era-forbids" not in codes(report(era))


def test_robot_on_supermech_and_supertank_not_superflyer(tmp_path):
    """Appendix 1 gives the robot upgrade to supermechs and supertanks, not superflyers (OtH p.66)."""
    rs = ruleset_with_superheavies(tmp_path)
    robot = [{"id": "robot", "option": "destroy"}]
    for type_, ok in (("supermech", True), ("supertank", True), ("superflyer", False)):
        el = element(type_, 4, type_, stats={"M": 4, "F": 5, "A": 4, "D": 3}, upgrades=robot)
        report = check(force(el), rs)
        assert ("upgrade-not-eligible" not in codes(report)) is ok, type_


# --- AI Command (OtH p.25) ------------------------------------------------------------

def test_ai_command_instead_of_chq(ruleset):
    """An AIC stands in for the CHQ: normal CR, but no CHQ element (hence no chain of command,
    no guide fire, no free element), and the strategic net comes with it (OtH p.25)."""
    aic = ruleset.commands["aic"]
    assert not aic.needs_element and aic.command_resources
    assert "chain_of_command" not in aic.special_rules and "guide_fire" not in aic.special_rules
    assert aic.free_upgrades == ["strategic_net"]
    r = force(hvy_cav("c1"), hvy_cav("c2"), hvy_inf("i1"), lt_inf("l1"), lt_inf("l2"),
              command={"kind": "aic"})
    a = analyse(r, ruleset)
    assert a.command_element is None
    assert a.cr_available == 5 // 2
    assert sum(info.fc for info in a.elements) == 3 + 3 + 2 + 1 + 1  # no free CHQ, no discounts
    assert check(r, ruleset).legal


# --- electronic warfare (OtH p.26-28) -------------------------------------------------

def test_combat_hacker_eligibility(ruleset):
    """Combat hacker: Mech, Lt Cav, Lt Inf, Mob Inf, Hvy Inf, AB Inf, SF, Recon (OtH p.26)."""
    assert eligible_types(ruleset, "combat_hacker") == {
        "mech", "lt_cav", "lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf", "recon"}


def test_combat_hacker_never_on_a_robot(ruleset):
    """Combat hacker is barred on robots (OtH p.26)."""
    own = force(mech("m1", upgrades=[{"id": "robot", "option": "hold"}, "combat_hacker"]))
    assert "upgrade-excludes" in codes(check(own, ruleset), "error")
    typewide = force(lt_inf("l1"), lt_inf("l2"), command={"kind": "aic"},
                     cr_purchases=[buy("lt_inf", "robot", option="hold"),
                                   buy("lt_inf", "combat_hacker")])
    found = findings(check(typewide, ruleset), "upgrade-excludes")
    assert {f.element for f in found} == {"l1", "l2"}


def test_disruption_node_eligibility(ruleset):
    """Disruption node: Mech, Mob Inf, AB Inf, SF, Lt Cav, Recon (OtH p.27)."""
    assert eligible_types(ruleset, "disruption_node") == {
        "mech", "mob_inf", "ab_inf", "sf", "lt_cav", "recon"}


def test_rebro_node_eligibility(ruleset):
    """Rebro node: Mech, Mob Inf, Hvy Inf, Lt Cav, Hvy Cav (OtH p.27)."""
    assert eligible_types(ruleset, "rebro_node") == {"mech", "mob_inf", "hvy_inf", "lt_cav",
                                                      "hvy_cav"}


def test_rebro_node_never_on_chq_nor_its_type(ruleset):
    """No rebro node on the CHQ, so none on a conventional element of the CHQ's type (OtH p.27)."""
    same_type = force(hvy_cav("c1"), hvy_cav("c2"), command=chq("c1"),
                      cr_purchases=[buy("hvy_cav", "rebro_node")])
    found = findings(check(same_type, ruleset), "rebro-node-on-chq")
    assert {f.element for f in found} == {"c1", "c2"}
    assert all(f.severity == "error" and f.rule.startswith("OtH p.27") for f in found)
    mech_chq = force(mech("m1", upgrades=["rebro_node"]), mech("m2", upgrades=["rebro_node"]),
                     command={"kind": "mech_chq", "element": "m1"})
    found = findings(check(mech_chq, ruleset), "rebro-node-on-chq")
    assert [f.element for f in found] == ["m1"]  # another mech may have one
    other_type = force(hvy_cav("c1"), element("lt_cav", 2, "Scouts", id="s1", stats=dict(LT_CAV)),
                       command=chq("c1"), cr_purchases=[buy("lt_cav", "rebro_node")])
    assert "rebro-node-on-chq" not in codes(check(other_type, ruleset))


def metaformer(id_: str, *form_types: str) -> dict[str, Any]:
    """A P3 mech metaformer with P3 metaforms of the given conventional types (OtH p.19)."""
    stats = {"hvy_cav": HVY_CAV, "lt_cav": LT_CAV, "hvy_inf": HVY_INF}
    data = mech(id_, upgrades=["metaform"], M=5, F=5, A=5)
    data["forms"] = [{"type": t, "presence": 3 if t == "hvy_cav" else 2, "stats": dict(stats[t]),
                      "name": f"{t} form"} for t in form_types]
    return data


def test_rebro_node_on_a_metaform_of_the_chqs_type_is_the_metaformers_error(ruleset):
    """A rebro node bought for Hvy Cav metaforms under a Hvy Cav CHQ: the metaform is a
    conventional element of the CHQ's type (our strict reading of OtH p.27, though a metaform
    is its own type for CR, OtH p.20), so it is an error, and it is the metaformer's (the
    element that carries it, at the purchase that gave it), never the CHQ's (issue 26 item 5)."""
    r = force(hvy_cav("c1"), hvy_inf("i1"), hvy_inf("i2"), metaformer("x1", "hvy_cav"),
              supplements=("datawar", "metaformers"), command=chq("c1"),
              cr_purchases=[buy("hvy_cav", "rebro_node", form_type=True)])
    report = check(r, ruleset)
    found = findings(report, "rebro-node-on-chq")
    assert [(f.element, f.field, f.severity) for f in found] == [("x1", "cr_purchases", "error")]
    assert "OtH p.27" in found[0].rule
    assert "rebro_node" not in report.analysis.by_id["c1"].all_upgrade_ids
    other = force(hvy_cav("c1"), hvy_inf("i1"), hvy_inf("i2"), metaformer("x1", "lt_cav"),
                  supplements=("datawar", "metaformers"), command=chq("c1"),
                  cr_purchases=[buy("lt_cav", "rebro_node", form_type=True)])
    assert findings(check(other, ruleset), "rebro-node-on-chq") == []


def test_rebro_node_on_the_chqs_own_metaform_is_reported_against_it(ruleset):
    """A metaformer CHQ may not carry a rebro node in any form (OtH p.27): the finding is the
    metaformer's, at the metaform and the purchase that gave it."""
    r = force(metaformer("x1", "hvy_cav"), hvy_cav("c2"), supplements=("datawar", "metaformers"),
              command={"kind": "mech_chq", "element": "x1"},
              cr_purchases=[buy("hvy_cav", "rebro_node", form_type=True)])
    found = findings(check(r, ruleset), "rebro-node-on-chq")
    assert [(f.element, f.field) for f in found] == [("x1", "cr_purchases")]
    assert "hvy_cav form form: the CHQ may not have a rebro node" in found[0].message


def test_rebro_node_on_a_metaform_needs_a_chain_of_command_too(ruleset):
    """A rebro node on a metaform does nothing without a chain of command either (OtH p.27):
    the warning names the metaformer that carries it."""
    r = force(metaformer("x1", "hvy_cav"), hvy_inf("i1"), hvy_inf("i2"),
              supplements=("datawar", "metaformers"), command={"kind": "aic"},
              cr_purchases=[buy("hvy_cav", "rebro_node", form_type=True)])
    found = findings(check(r, ruleset), "rebro-node-no-chain-of-command")
    assert [f.element for f in found] == ["x1"]


def test_cr_bought_for_a_metaform_type_is_the_metaformers_finding(ruleset):
    """CR bought for Hvy Inf metaforms reaches the metaforms, not the Hvy Inf elements (OtH
    p.20): Mk 3 drones barred in Era 1 (OtH p.24) are the metaformer's fault, not the
    infantry's."""
    r = force(hvy_cav("c1"), hvy_inf("i1"), metaformer("x1", "hvy_inf"),
              supplements=("datawar", "metaformers"), command=chq("c1"), era="era1",
              cr_purchases=[buy("hvy_inf", "drone_mk3", form_type=True)])
    found = findings(check(r, ruleset), "era-forbids")
    assert [f.element for f in found] == ["x1"]


def test_rebro_node_needs_a_chain_of_command(ruleset):
    """A rebro node boosts the CHQ's chain of command (OtH p.27): under an AI Command, which has
    none (OtH p.25), it is money spent for nothing: a warning."""
    scouts = [element("lt_cav", 2, f"Scouts {i}", id=f"s{i}", stats=dict(LT_CAV)) for i in (1, 2)]
    r = force(*scouts, command={"kind": "aic"}, cr_purchases=[buy("lt_cav", "rebro_node")])
    found = findings(check(r, ruleset), "rebro-node-no-chain-of-command")
    assert len(found) == 1 and found[0].severity == "warning" and "AI Command" in found[0].message
    r = force(hvy_cav("c1"), *scouts, command=chq("c1"), cr_purchases=[buy("lt_cav", "rebro_node")])
    assert "rebro-node-no-chain-of-command" not in codes(check(r, ruleset))


def test_strategic_net_chq_only(ruleset):
    """Strategic net: the CHQ only, for 1 CR (or 1 stat point on a mech CHQ) (OtH p.27)."""
    on_chq = force(hvy_cav("c1", upgrades=["strategic_net"]), hvy_cav("c2"), command=chq("c1"))
    a = analyse(on_chq, ruleset)
    assert a.cr_spent == 1 and a.cr_available == 1
    assert check(on_chq, ruleset).legal
    on_mech = force(mech("m1", upgrades=["strategic_net"]), command={"kind": "mech_chq",
                                                                    "element": "m1"})
    assert analyse(on_mech, ruleset).by_id["m1"].base.points_spent == 15 + 1
    elsewhere = force(hvy_cav("c1"), hvy_cav("c2", upgrades=["strategic_net"]), command=chq("c1"))
    assert "upgrade-chq-only" in codes(check(elsewhere, ruleset), "error")


def test_strategic_net_is_not_bought_for_a_type(ruleset):
    """The strategic net is the exception to buying CR upgrades for a whole type (OtH p.27)."""
    r = force(hvy_cav("c1"), hvy_cav("c2"), command=chq("c1"),
              cr_purchases=[buy("hvy_cav", "strategic_net")])
    found = findings(check(r, ruleset), "cr-purchase-not-type-wide")
    assert found and found[0].severity == "error" and "CHQ" in found[0].message


# --- paying for DataWar upgrades (OtH p.24) ---------------------------------------------

def test_datawar_upgrades_bought_for_the_whole_type(ruleset):
    """With CR, a DataWar upgrade goes on every element of the type, paid per element (OtH p.24)."""
    one = force(lt_inf("l1", upgrades=["combat_hacker"]), lt_inf("l2"), command={"kind": "aic"})
    assert "cr-upgrade-whole-type" in codes(check(one, ruleset), "error")
    whole = force(lt_inf("l1"), lt_inf("l2"), lt_inf("l3"), lt_inf("l4"), command={"kind": "aic"},
                  cr_purchases=[buy("lt_inf", "combat_hacker")])
    a = analyse(whole, ruleset)
    assert a.cr_spent == 4
    assert all(info.has_upgrade("combat_hacker") for info in a.elements)
    assert "cr-overspent" in codes(check(whole, ruleset), "error")  # 4 CR spent, 2 available


def test_mechs_pay_datawar_upgrades_in_stat_points(ruleset):
    """Mechs pay for DataWar upgrades with stat points, element by element (OtH p.24)."""
    r = force(mech("m1"), hvy_cav("c1"), hvy_cav("c2"), command=chq("c1"),
              cr_purchases=[buy("mech", "combat_hacker")])
    assert "cr-purchase-points-type" in codes(check(r, ruleset), "error")


def test_type_purchase_repeat_beyond_cap(ruleset):
    """An upgrade is bought for a type once: a second purchase is an error, not double CR (OtH p.24)."""
    r = force(lt_inf("l1"), lt_inf("l2"), command={"kind": "aic"},
              cr_purchases=[buy("lt_inf", "drone_mk1"), buy("lt_inf", "drone_mk1")])
    found = findings(check(r, ruleset), "upgrade-over-cap")
    assert found and found[0].severity == "error" and "Drone Mk 1" in found[0].message


def test_upgrade_repeat_beyond_cap(ruleset):
    """An element takes an electronic-warfare upgrade once (OtH p.26-27)."""
    r = force(mech("m1", upgrades=[{"id": "disruption_node", "count": 2}]))
    assert "upgrade-over-cap" in codes(check(r, ruleset), "error")


def test_datawar_needs_its_supplement(ruleset):
    """DataWar content needs the DataWar supplement enabled on the roster (OtH p.23)."""
    r = force(mech("m1", upgrades=["combat_hacker"]), supplements=())
    assert "supplement-disabled" in codes(check(r, ruleset), "error")
    r = force(lt_inf("l1"), command={"kind": "aic"}, supplements=())
    assert "supplement-disabled" in codes(check(r, ruleset), "error")


# --- examples -------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "cr", "momentum"),
                         [("oth-datawar.toml", 4, 19), ("oth-datawar-aic.toml", 4, 18)])
def test_datawar_examples_are_legal(name, cr, momentum):
    """The shipped DataWar examples are legal and spend their CR exactly (OtH p.23-28)."""
    loaded = load(examples_dir() / name)
    report = check(loaded.roster, loaded.ruleset)
    assert report.legal, [f.message for f in report.errors]
    assert not report.warnings
    assert report.totals.command_resources == report.totals.command_resources_spent == cr
    assert report.totals.starting_momentum == momentum


# --- every rule shows in `horizon-builder check` ------------------------------------------

def _aic(*elements, **extra):
    return roster_data(*elements, supplements=["datawar"], command={"kind": "aic"}, **extra)


BROKEN = {
    "drones only on infantry (p.24)": (
        _aic(hvy_cav("c1"), hvy_cav("c2"), cr_purchases=[buy("hvy_cav", "drone_mk1")]),
        "upgrade-not-eligible"),
    "drone marks cost CR (p.24-25)": (
        _aic(hvy_inf("i1"), hvy_inf("i2"), hvy_inf("i3"), hvy_inf("i4"),
             cr_purchases=[buy("hvy_inf", "drone_mk2")]), "cr-overspent"),
    "one drone mark (p.24)": (
        _aic(lt_inf("l1"), lt_inf("l2"),
             cr_purchases=[buy("lt_inf", "drone_mk1"), buy("lt_inf", "drone_mk3")]),
        "drone-one-mark"),
    "no Mk 3 drones in era 1 (p.24)": (
        _aic(lt_inf("l1"), lt_inf("l2"), era="era1", cr_purchases=[buy("lt_inf", "drone_mk3")]),
        "era-forbids"),
    "robot needs a program (p.25)": (_aic(mech("m1", upgrades=["robot"])),
                                     "upgrade-option-missing"),
    "robot program unknown (p.25)": (
        _aic(mech("m1", upgrades=[{"id": "robot", "option": "dance"}])), None),
    "robots from era 3 (p.25)": (
        _aic(mech("m1", upgrades=[{"id": "robot", "option": "hold"}]), era="era2"), "era-forbids"),
    "robot on conventional or mech only (p.25)": (
        _aic(element("aircraft", 2, "Jet", stats={"M": 5, "F": 4, "A": 2, "D": 1},
                     upgrades=[{"id": "robot", "option": "hold"}])), "upgrade-not-eligible"),
    "AIC has no element (p.25)": (
        roster_data(hvy_cav("c1"), supplements=["datawar"], command=chq("c1") | {"kind": "aic"}),
        ("command-element-ignored", "warning")),
    "combat hacker eligibility (p.26)": (
        _aic(hvy_cav("c1"), hvy_cav("c2"), cr_purchases=[buy("hvy_cav", "combat_hacker")]),
        "upgrade-not-eligible"),
    "combat hacker never on a robot (p.26)": (
        _aic(mech("m1", upgrades=[{"id": "robot", "option": "hold"}, "combat_hacker"])),
        "upgrade-excludes"),
    "disruption node eligibility (p.27)": (
        _aic(hvy_inf("i1"), hvy_inf("i2"), cr_purchases=[buy("hvy_inf", "disruption_node")]),
        "upgrade-not-eligible"),
    "rebro node eligibility (p.27)": (
        _aic(lt_inf("l1"), lt_inf("l2"), cr_purchases=[buy("lt_inf", "rebro_node")]),
        "upgrade-not-eligible"),
    "rebro node needs chain of command (p.27)": (
        _aic(hvy_inf("i1"), hvy_inf("i2"), lt_inf("l1"), lt_inf("l2"),
             cr_purchases=[buy("hvy_inf", "rebro_node")]),
        ("rebro-node-no-chain-of-command", "warning")),
    "rebro node not on the CHQ's type (p.27)": (
        roster_data(hvy_cav("c1"), hvy_cav("c2"), supplements=["datawar"], command=chq("c1"),
                    cr_purchases=[buy("hvy_cav", "rebro_node")]), "rebro-node-on-chq"),
    "strategic net CHQ only (p.27)": (
        roster_data(hvy_cav("c1"), hvy_cav("c2", upgrades=["strategic_net"]),
                    supplements=["datawar"], command=chq("c1")), "upgrade-chq-only"),
    "strategic net not type-wide (p.27)": (
        roster_data(hvy_cav("c1"), hvy_cav("c2"), supplements=["datawar"], command=chq("c1"),
                    cr_purchases=[buy("hvy_cav", "strategic_net")]), "cr-purchase-not-type-wide"),
    "CR upgrades for the whole type (p.24)": (
        _aic(lt_inf("l1", upgrades=["combat_hacker"]), lt_inf("l2")), "cr-upgrade-whole-type"),
    "mechs pay in stat points (p.24)": (
        _aic(mech("m1"), cr_purchases=[buy("mech", "disruption_node")]),
        "cr-purchase-points-type"),
    "bought once per type (p.24)": (
        _aic(lt_inf("l1"), lt_inf("l2"),
             cr_purchases=[buy("lt_inf", "drone_mk1"), buy("lt_inf", "drone_mk1")]),
        "upgrade-over-cap"),
    "DataWar supplement enabled (p.23)": (
        roster_data(mech("m1", upgrades=["combat_hacker"]), supplements=[]),
        "supplement-disabled"),
    "repeat beyond cap (p.26)": (
        _aic(mech("m1", upgrades=[{"id": "combat_hacker", "count": 2}])), "upgrade-over-cap"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_each_datawar_rule_shows_in_check_output(case, tmp_path, capsys):
    """Every DataWar rule is reported by `horizon-builder check` on a roster that breaks it;
    unknown names are located load errors (exit 2), never a crash."""
    data, code = BROKEN[case]
    status, found, err = cli_codes(tmp_path, capsys, data)
    if code is None:  # an unknown name: the file cannot be read as it stands
        assert status == 2
        assert "elements[1].upgrades[1].option" in err and "'dance' is not an option" in err
        return
    code, severity = code if isinstance(code, tuple) else (code, "error")
    assert status == (1 if severity == "error" else 0)
    hits = [f for f in found if f["code"] == code and f["severity"] == severity]
    assert hits, found
    assert all(f["rule"] for f in hits)
    assert "internal-check-error" not in {f["code"] for f in found}


def test_datawar_mistakes_example_reports_each_mistake():
    """The shipped DataWar mistakes roster reports every rule it breaks (OtH p.24-27)."""
    loaded = load(examples_dir() / "oth-datawar-needs-fixing.toml")
    report = check(loaded.roster, loaded.ruleset)
    assert set(codes(report, "error")) >= {
        "upgrade-not-eligible", "drone-one-mark", "rebro-node-on-chq", "upgrade-option-missing",
        "era-forbids", "upgrade-excludes", "cr-purchase-not-type-wide", "cr-overspent"}


@pytest.mark.parametrize("command", [{"kind": "aic"}, {"kind": "none"}, chq("x0")])
def test_any_datawar_upgrade_on_any_type_never_crashes(ruleset, command):
    """Bad input (any DataWar upgrade, any option, on any element type, own or type-wide) gives
    findings, never an internal error."""
    ups = [k for k, up in ruleset.upgrades.items() if up.supplement == "datawar"]
    elements = []
    for i, type_id in enumerate(ruleset.element_types):
        et = ruleset.element_types[type_id]
        elements.append(element(type_id, et.presence.min, f"E{i}", id=f"x{i}",
                                stats=dict.fromkeys(et.stats, 2),
                                upgrades=[{"id": u, "option": "nonsense"} for u in ups]))
    purchases = [buy(t, u, option="hold") for t in ruleset.element_types for u in ups]
    r = force(*elements, command=command, cr_purchases=purchases,
              supplements=tuple(ruleset.supplements))
    report = check(r, ruleset)
    assert "internal-check-error" not in codes(report)
    assert "upgrade-option-unknown" in codes(report, "error")


def test_robot_on_superflyer_shows_in_check_output(tmp_path, capsys):
    """Appendix 1 gives no robot to a superflyer (OtH p.66): reported by `horizon-builder check`."""
    flyer = element("superflyer", 4, "Sky Robot", stats={"M": 5, "F": 6, "A": 3, "D": 2},
                    upgrades=[{"id": "robot", "option": "destroy"}])
    data = roster_data(flyer, supplements=["datawar", "superweapons"], command={"kind": "aic"})
    status, found, _ = cli_codes(tmp_path, capsys, data, args=superheavy_args(tmp_path))
    assert status == 1
    assert any(f["code"] == "upgrade-not-eligible" and "Robot" in f["message"] for f in found)


def test_drone_mk1_momentum_in_check_output(capsys):
    """`horizon-builder check` shows momentum with Mk 1 drones counted as P1 (OtH p.24)."""
    from horizon_builder.cli.main import main

    assert main(["check", str(examples_dir() / "oth-datawar-aic.toml")]) == 0
    out = capsys.readouterr().out
    assert "FP 20" in out and "momentum 18" in out
