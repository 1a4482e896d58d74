"""BioWar (Over the Horizon p.29-35; mutations Appendix 2 p.67-68; Kaiju! Appendix 1 p.66).

One test per rule, named after it, citing its page. Gun-beasts and gribblies
are element types of their own, one per type they stand in for (family = that
type); kaiju of P1-3 are the ``kaiju`` type, P4+ a supermech or superflyer with
the Kaiju! upgrade.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import check, codes, element
from helpers_oth_war import cli_codes, roster_data, ruleset_with_superheavies, superheavy_args

from horizon_builder.checks.biowar import fighting_all_bio
from horizon_builder.engine.analysis import analyse
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster
from horizon_builder.rules.loader import load_ruleset

CONVENTIONAL = ("lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf", "recon", "lt_cav", "hvy_cav",
                "lt_art", "armd_art")
HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
HVY_INF = {"M": 3, "F": 4, "A": 3, "D": 3}
SWARM = {"M": 4, "F": 3, "A": 1, "D": 1}

MUTATION_COSTS = {
    "rapid_mutation": 1, "regenerate": 1, "hard_to_kill": 2, "camouflage": 1, "biogun": 1,
    "mind_searing": 1, "tunneller": 1, "mechakaiju": 1, "grabby": 2, "massive_teeth": 1,
    "bad_breath": 1,
}


def force(*elements: dict[str, Any], supplements: tuple[str, ...] = ("biowar",), **extra: Any
          ) -> Roster:
    return Roster.model_validate(roster_data(*elements, supplements=list(supplements), **extra))


def kaiju(id_: str, presence: int = 3, upgrades: list[Any] | None = None, **stats: int
          ) -> dict[str, Any]:
    line = {"M": 4, "F": 5, "A": 4, "D": 1} | stats  # 14 points
    return element("kaiju", presence, f"Kaiju {id_}", id=id_, stats=line, upgrades=upgrades or [])


def beast(id_: str, **extra: Any) -> dict[str, Any]:
    extra.setdefault("stats", dict(HVY_CAV))
    return element("gun_beast_hvy_cav", 3, f"Tank Bugs {id_}", id=id_, **extra)


def gribbly(id_: str, **extra: Any) -> dict[str, Any]:
    extra.setdefault("stats", dict(SWARM))
    return element("gribbly_lt_inf", 1, f"Swarm {id_}", id=id_, **extra)


def superheavy(type_: str, id_: str, presence: int, upgrades: list[Any]) -> dict[str, Any]:
    return element(type_, presence, f"{type_} {id_}", id=id_,
                   stats={"M": 5, "F": 6, "A": 5, "D": 4}, upgrades=upgrades)


def findings(report, code: str):
    return [f for f in report.all_findings if f.code == code]


def alpha(element_id: str) -> dict[str, Any]:
    return {"kind": "alpha", "element": element_id}


HIVEMIND = {"kind": "hivemind"}


# --- gun-beasts (OtH p.30) ------------------------------------------------------------

@pytest.mark.parametrize("type_id", CONVENTIONAL)
def test_gun_beast_replaces_any_conventional_element(ruleset, type_id):
    """A gun-beast can replace any conventional element, with its stats and special rules
    except rapid and vanguard (OtH p.30)."""
    base = ruleset.element_types[type_id]
    gb = ruleset.element_types[f"gun_beast_{type_id}"]
    assert gb.family == type_id and gb.has_tag("gun_beast") and gb.supplement == "biowar"
    assert (gb.presence.min, gb.presence.max) == (base.presence.min, base.presence.max)
    assert gb.presence.is_provisional == base.presence.is_provisional
    assert {p: s.stats for p, s in gb.statlines.items()} == {p: s.stats for p, s in
                                                             base.statlines.items()}
    assert gb.stats == base.stats and gb.chq == base.chq and gb.counts_for_cr
    kept = [r for r in base.special_rules if r not in ("rapid", "vanguard")]
    assert gb.special_rules == [*kept, "gun_beast"]


def test_gun_beast_same_stats_as_its_type(ruleset):
    """A gun-beast keeps the stats of the element it replaces (OtH p.30)."""
    wrong = dict(HVY_CAV, F=6)
    report = check(force(beast("b1", stats=wrong), command=HIVEMIND), ruleset)
    assert "statline-differs" in codes(report, "warning")
    assert "statline-differs" not in codes(check(force(beast("b1"), command=HIVEMIND), ruleset))


def test_gun_beast_never_rapid_or_vanguard(ruleset):
    """A gun-beast loses rapid and vanguard: a Hvy Cav gun-beast loses both, and nothing may give
    them back (OtH p.30)."""
    a = analyse(force(beast("b1"), command=HIVEMIND), ruleset)
    rules = a.by_id["b1"].special_rules
    assert "rapid" not in rules and "vanguard" not in rules and "gun_beast" in rules
    report = check(force(beast("b1", upgrades=["rapid_mutation"]), command=HIVEMIND), ruleset)
    found = findings(report, "gun-beast-rapid-vanguard")
    assert found and found[0].severity == "error" and "Rapid (mutation)" in found[0].message


def test_swooper_gun_beast_form_is_not_vanguard(ruleset):
    """Swooper's gun-beast form (OtH p.22) is printed as vanguard, which a gun-beast never is
    (OtH p.30): the form's rules follow the gun-beast rules, and it keeps the Hvy Cav statline."""
    swooper = element("mech", 3, "Swooper", id="sw", stats={"M": 4, "F": 5, "A": 4, "D": 3},
                      forms=[{"name": "Gun-beast", "type": "gun_beast_hvy_cav", "presence": 3,
                              "stats": dict(HVY_CAV)}])
    a = analyse(force(swooper, supplements=("biowar", "metaformers")), ruleset)
    beast_form = a.by_id["sw"].forms[0]
    assert "vanguard" not in beast_form.special_rules and "gun_beast" in beast_form.special_rules
    assert a.by_id["sw"].fc == 6


# --- gribblies (OtH p.30-31) -----------------------------------------------------------

def test_gribbly_replaces_any_p1_option(ruleset):
    """A gribbly can replace any P1 option (OtH p.30): Lt Inf, Mob Inf, a P1 mech and a P1
    aircraft (OtH p.10: aircraft are P1-3; issue 33 item 4); never a P2."""
    gribblies = {k: et for k, et in ruleset.element_types.items() if et.has_tag("gribbly")}
    assert set(gribblies) == {"gribbly_lt_inf", "gribbly_mob_inf", "gribbly_mech",
                              "gribbly_aircraft"}
    assert all((et.presence.min, et.presence.max) == (1, 1) for et in gribblies.values())
    big = element("gribbly_mech", 2, "Big Swarm", stats={"M": 5, "F": 5, "A": 4, "D": 1})
    assert "presence-out-of-range" in codes(check(force(big, command=HIVEMIND), ruleset), "error")


def test_gribbly_aircraft_can_be_built(ruleset):
    """A P1 gribbly aircraft is an aircraft in all but the gribbly's ways (OtH p.30, p.10):
    legal on a pool of 9 with manoeuvre unpaid, always rapid and vanguard, and at most P
    upgrades like any aircraft (OtH p.61)."""
    flyer = element("gribbly_aircraft", 1, "Flutterers", id="ga",
                    stats={"M": 3, "Mb": 5, "F": 3, "A": 2, "D": 1})
    report = check(force(flyer, command=HIVEMIND), ruleset)
    assert not codes(report, "error"), codes(report, "error")
    a = analyse(force(flyer, command=HIVEMIND), ruleset)
    assert {"rapid", "vanguard", "gribbly"} <= set(a.by_id["ga"].special_rules)
    assert ruleset.element_types["gribbly_aircraft"].is_a("aircraft")


def test_gribbly_always_rapid_and_vanguard_cannot_shoot(ruleset, tmp_path):
    """Gribblies are always rapid and vanguard and cannot shoot (OtH p.30)."""
    a = analyse(force(gribbly("g1"), command=HIVEMIND), ruleset)
    assert {"rapid", "vanguard", "gribbly"} <= set(a.by_id["g1"].special_rules)
    # A house upgrade that would take vanguard away is refused for a gribbly.
    house = tmp_path / "house.toml"
    house.write_text('[upgrades.field_medic]\nname = "Field medic"\ncost = 0\ncurrency = "free"\n'
                     'scope = "element"\nremoves_rules = ["vanguard"]\nsource = "house rule"\n')
    rs = load_ruleset([house])
    report = check(force(gribbly("g1", upgrades=["field_medic"]), command=HIVEMIND), rs)
    found = findings(report, "gribbly-rapid-vanguard")
    assert found and found[0].severity == "error" and "vanguard" in found[0].message


def test_gribbly_never_the_chq(ruleset):
    """A gribbly cannot be a CHQ, nor an Alpha (OtH p.30, p.32)."""
    assert all(ruleset.element_types[t].chq is None
               for t in ("gribbly_lt_inf", "gribbly_mob_inf", "gribbly_mech", "gribbly_aircraft"))
    for command in ({"kind": "chq", "element": "g1"}, alpha("g1")):
        r = force(gribbly("g1"), element("lt_inf", 1, "Rifles", stats=dict(SWARM)), command=command)
        found = findings(check(r, ruleset), "command-element-ineligible")
        assert found and found[0].element == "g1" and found[0].severity == "error"


def test_gribbly_tunneller_for_1_cr_or_1_stat_point(ruleset):
    """Gribblies may take tunneller for 1 CR (whole type) or 1 stat point (OtH p.30-31, p.67)."""
    cr = force(gribbly("g1"), gribbly("g2"), beast("b1"), beast("b2"), command=alpha("b1"),
               cr_purchases=[{"type": "gribbly_lt_inf", "upgrade": "tunneller"}])
    a = analyse(cr, ruleset)
    assert a.cr_spent == 2 and a.cr_available == 2
    assert "deep_deployment" in a.by_id["g1"].special_rules
    assert check(cr, ruleset).legal
    points = force(element("gribbly_mech", 1, "Leapers", id="gm", upgrades=["tunneller"],
                           stats={"M": 6, "F": 4, "A": 2, "D": 1}), command=HIVEMIND)
    assert analyse(points, ruleset).by_id["gm"].base.points_spent == 13 + 1
    ordinary = force(element("lt_inf", 1, "Rifles", stats=dict(SWARM), upgrades=["tunneller"]))
    assert "upgrade-not-eligible" in codes(check(ordinary, ruleset), "error")


def test_gribbly_takes_its_types_conventional_upgrades(ruleset):
    """Gribblies may take the normal upgrades of their element type (OtH p.31): a Lt Inf gribbly
    may have a combat hacker as a Lt Inf may (DataWar, OtH p.26)."""
    r = force(gribbly("g1"), gribbly("g2"), beast("b1"), beast("b2"), command=alpha("b1"),
              supplements=("biowar", "datawar"),
              cr_purchases=[{"type": "gribbly_lt_inf", "upgrade": "combat_hacker"}])
    report = check(r, ruleset)
    assert report.legal, [f.message for f in report.errors]


# --- kaiju (OtH p.31-32) ----------------------------------------------------------------

def test_kaiju_built_like_a_mech(ruleset):
    """Kaiju are built like mechs, have the type Mech (family), and may lead like a mech (OtH p.31)."""
    k, m = ruleset.element_types["kaiju"], ruleset.element_types["mech"]
    assert k.family == "mech" and k.chq == "mech"
    assert k.pool.points == m.pool.points and k.pool.is_provisional
    assert (k.presence.min, k.presence.max) == (1, 3)


def test_kaiju_vanguard_not_rapid_and_cannot_shoot(ruleset):
    """By default kaiju are vanguard, not rapid, and cannot shoot (OtH p.31); the rapid mutation
    makes one rapid, regenerate takes vanguard away (OtH p.67)."""
    r = force(kaiju("k1"), kaiju("k2", upgrades=["rapid_mutation", "regenerate"], F=3),
              command=HIVEMIND)
    a = analyse(r, ruleset)
    assert set(a.by_id["k1"].special_rules) == {"kaiju", "vanguard"}
    assert set(a.by_id["k2"].special_rules) == {"kaiju", "rapid"}


def test_kaiju_p4_plus_is_a_superheavy(ruleset):
    """A kaiju of P4 or more is built with the superweapon rules (OtH p.31), not as a kaiju element."""
    report = check(force(kaiju("k1", presence=4), command=HIVEMIND), ruleset)
    found = findings(report, "presence-out-of-range")
    assert found and "Kaiju! upgrade" in found[0].rule


def test_kaiju_takes_mutations_instead_of_upgrades(ruleset):
    """Kaiju take mutations instead of upgrades (OtH p.31); mechakaiju may also take any mech
    upgrade (OtH p.67)."""
    plain = force(kaiju("k1", upgrades=["agile_frame"]), command=HIVEMIND)
    found = findings(check(plain, ruleset), "kaiju-mutations-only")
    assert found and found[0].severity == "error" and "Agile frame" in found[0].message
    meka = force(kaiju("k1", upgrades=["mechakaiju", "agile_frame"]), command=HIVEMIND)
    assert "kaiju-mutations-only" not in codes(check(meka, ruleset))
    robot = force(kaiju("k1", upgrades=[{"id": "robot", "option": "hold"}]), command=HIVEMIND,
                  supplements=("biowar", "datawar"))
    assert "kaiju-mutations-only" in codes(check(robot, ruleset), "error")


@pytest.mark.parametrize(("mutation", "cost"), list(MUTATION_COSTS.items()))
def test_mutation_costs(ruleset, mutation, cost):
    """The eleven kaiju mutations and their costs in stat points (OtH p.67-68)."""
    up = ruleset.upgrades[mutation]
    assert up.kind == "mutation" and up.cost == cost and up.supplement == "biowar"
    assert up.source.startswith(("OtH p.67", "OtH p.68"))
    r = force(kaiju("k1", presence=2, upgrades=[mutation]), command=HIVEMIND)
    assert analyse(r, ruleset).by_id["k1"].base.points_spent == 14 + cost


def test_all_eleven_mutations(ruleset):
    """Appendix 2 has eleven mutations (OtH p.67-68)."""
    mutations = {k for k, up in ruleset.upgrades.items() if up.kind == "mutation"}
    assert mutations == set(MUTATION_COSTS)


def test_mutations_only_for_kaiju(ruleset):
    """Mutations are for kaiju: a mech may not take one (OtH p.31, p.67)."""
    m = element("mech", 2, "Walker", stats={"M": 4, "F": 4, "A": 4, "D": 3}, upgrades=["biogun"])
    found = findings(check(force(m), ruleset), "upgrade-not-eligible")
    assert found and "Biogun" in found[0].message and found[0].rule == "OtH p.67"


def test_mutation_repeat_beyond_cap(ruleset):
    """A mutation is taken once (OtH p.67)."""
    r = force(kaiju("k1", presence=2, upgrades=[{"id": "biogun", "count": 2}]), command=HIVEMIND)
    assert "upgrade-over-cap" in codes(check(r, ruleset), "error")


def test_flying_costs_1_stat_point_per_presence(ruleset):
    """Flying monsters must be kaiju; flying costs 1 stat point per P (OtH p.31)."""
    for presence in (1, 2, 3):
        r = force(kaiju("k1", presence=presence, upgrades=["flying"]), command=HIVEMIND)
        info = analyse(r, ruleset).by_id["k1"]
        assert info.base.points_spent == 14 + presence
        assert "flying" in info.special_rules
    m = element("mech", 2, "Walker", stats={"M": 4, "F": 4, "A": 4, "D": 3}, upgrades=["flying"])
    assert "upgrade-not-eligible" in codes(check(force(m), ruleset), "error")


# --- superheavy kaiju: Kaiju! (OtH p.31, p.66) ---------------------------------------------

def test_kaiju_superweapon_upgrade(tmp_path):
    """Kaiju! makes a supermech or superflyer a kaiju (OtH p.66): cumbersome at P4+, lumbering at
    P6+ (OtH p.31); not for supertanks, nor below P4."""
    rs = ruleset_with_superheavies(tmp_path)
    r = force(superheavy("supermech", "s4", 4, ["kaiju"]), superheavy("supermech", "s6", 6, ["kaiju"]),
              command=HIVEMIND, supplements=("biowar", "superweapons"))
    a = analyse(r, rs)
    assert {"kaiju", "vanguard", "cumbersome"} <= set(a.by_id["s4"].special_rules)
    assert "lumbering" not in a.by_id["s4"].special_rules
    assert {"cumbersome", "lumbering"} <= set(a.by_id["s6"].special_rules)
    tank = force(superheavy("supertank", "t1", 4, ["kaiju"]), command=HIVEMIND,
                 supplements=("biowar", "superweapons"))
    assert "upgrade-not-eligible" in codes(check(tank, rs), "error")
    flyer = force(superheavy("superflyer", "f1", 4, ["kaiju"]), command=HIVEMIND,
                  supplements=("biowar", "superweapons"))
    assert "upgrade-not-eligible" not in codes(check(flyer, rs))
    small = element("mech", 3, "Walker", stats={"M": 4, "F": 5, "A": 5, "D": 3}, upgrades=["kaiju"])
    assert "upgrade-min-presence" in codes(check(force(small), rs), "error")


def test_superheavy_mutations_need_kaiju(tmp_path):
    """A superheavy takes mutations (and flies as a monster) only as a kaiju (OtH p.31, p.66)."""
    rs = ruleset_with_superheavies(tmp_path)
    plain = force(superheavy("supermech", "s1", 4, ["biogun", "flying"]),
                  supplements=("biowar", "superweapons"))
    found = findings(check(plain, rs), "mutation-needs-kaiju")
    assert len(found) == 2 and found[0].severity == "error"
    monster = force(superheavy("supermech", "s1", 4, ["kaiju", "biogun", "flying"]),
                    command=HIVEMIND, supplements=("biowar", "superweapons"))
    report = check(monster, rs)
    assert "mutation-needs-kaiju" not in codes(report)
    assert analyse(monster, rs).by_id["s1"].base.points_spent == 20 + 1 + 4


def test_superheavy_kaiju_takes_mutations_instead_of_upgrades(tmp_path):
    """Kaiju of any size are limited to mutations unless they have mechakaiju (OtH p.31)."""
    rs = ruleset_with_superheavies(tmp_path)
    r = force(superheavy("supermech", "s1", 5, ["kaiju", "agile_frame"]), command=HIVEMIND,
              supplements=("biowar", "superweapons"))
    assert "kaiju-mutations-only" in codes(check(r, rs), "error")
    r = force(superheavy("supermech", "s1", 5, ["kaiju", "mechakaiju", "agile_frame"]),
              command=HIVEMIND, supplements=("biowar", "superweapons"))
    assert "kaiju-mutations-only" not in codes(check(r, rs))


# --- command (OtH p.32-33) -----------------------------------------------------------------

def test_bio_force_must_choose_alpha_or_hivemind(ruleset):
    """A force of only gun-beasts, gribblies and kaiju must choose an Alpha or a Hivemind
    (OtH p.32)."""
    elements = (beast("b1"), gribbly("g1"), kaiju("k1"))
    chq = check(force(*elements, command={"kind": "chq", "element": "b1"}), ruleset)
    found = findings(chq, "bio-force-command")
    assert found and found[0].severity == "error" and found[0].rule == "OtH p.32"
    none = check(force(*elements), ruleset)  # a must: no command at all is an error too
    assert "bio-force-command" in codes(none, "error") and not none.legal
    for command in (alpha("b1"), alpha("k1"), HIVEMIND):
        report = check(force(*elements, command=command), ruleset)
        assert "bio-force-command" not in codes(report)


def test_strategic_assets_do_not_make_a_bio_force_mixed(ruleset):
    """Our reading of "only gun-beasts, gribblies and kaiju" (OtH p.32): strategic assets
    (OtH p.36-40) are not counted, so a bio-force with one must still choose Alpha or Hivemind."""
    strike = {"id": "s1", "name": "Strike", "type": "ballistic_strike", "presence": 3}
    report = check(force(beast("b1"), kaiju("k1"), strike,
                         supplements=["biowar", "strategic_assets"]), ruleset)
    assert "bio-force-command" in codes(report, "error")
    report = check(force(beast("b1"), kaiju("k1"), strike, command=HIVEMIND,
                         supplements=["biowar", "strategic_assets"]), ruleset)
    assert "bio-force-command" not in codes(report)
    assert "bio-command-mixed-force" not in codes(report)


def test_fighting_all_bio_leaves_strategic_assets_out(ruleset):
    """What a bio-force is (OtH p.32; our reading: strategic assets are not fighting
    elements): all bio, not all bio, or no fighting element at all (None)."""
    strike = {"id": "s1", "name": "Strike", "type": "ballistic_strike", "presence": 3}
    hc = element("hvy_cav", 3, "Cuirassiers", id="c1", stats=dict(HVY_CAV))

    def elements(*listed: dict[str, Any]) -> list:
        roster = force(*listed, supplements=("biowar", "strategic_assets"))
        return analyse(roster, ruleset).elements

    assert fighting_all_bio(elements(beast("b1"), gribbly("g1"), kaiju("k1"), strike)) is True
    assert fighting_all_bio(elements(beast("b1"), hc, strike)) is False
    assert fighting_all_bio(elements(strike)) is None
    assert fighting_all_bio([]) is None


def test_mixed_force_takes_a_normal_chq(ruleset):
    """With ordinary elements in the force, a normal CHQ leads; Alpha and Hivemind are for
    all-bio forces (OtH p.32)."""
    hc = element("hvy_cav", 3, "Cuirassiers", id="c1", stats=dict(HVY_CAV))
    normal = check(force(hc, beast("b1"), command={"kind": "chq", "element": "c1"}), ruleset)
    assert normal.legal and "bio-force-command" not in codes(normal)
    odd = check(force(hc, beast("b1"), command=HIVEMIND), ruleset)
    assert "bio-command-mixed-force" in codes(odd, "warning")
    # The book never forbids it outright: the warning is our reading, so provisional.
    assert all(f.provisional for f in findings(odd, "bio-command-mixed-force"))


def test_alpha_is_a_kaiju_or_gun_beast_with_cr(ruleset, tmp_path):
    """An Alpha is a kaiju or a gun-beast with the CHQ's advantages, CR included (OtH p.32)."""
    r = force(kaiju("k1"), beast("b1"), beast("b2"), gribbly("g1"), gribbly("g2"),
              command=alpha("k1"))
    a = analyse(r, ruleset)
    assert a.command_element.id == "k1" and a.cr_available == 4 // 2
    assert a.by_id["k1"].fc == 3  # a kaiju Alpha costs its P, like a mech CHQ
    assert check(r, ruleset).legal
    beast_alpha = analyse(force(beast("b1"), beast("b2"), command=alpha("b1")), ruleset)
    assert beast_alpha.by_id["b1"].fc == 0  # a gun-beast Alpha is free, like a conventional CHQ
    rs = ruleset_with_superheavies(tmp_path)
    plain = force(superheavy("supermech", "s1", 4, []), beast("b1"), command=alpha("s1"),
                  supplements=("biowar", "superweapons"))
    assert "alpha-not-kaiju" in codes(check(plain, rs), "error")
    monster = force(superheavy("supermech", "s1", 4, ["kaiju"]), beast("b1"), command=alpha("s1"),
                    supplements=("biowar", "superweapons"))
    assert "alpha-not-kaiju" not in codes(check(monster, rs))


def test_gun_beasts_cost_as_their_type_under_a_chq(ruleset):
    """An Alpha changes conventional costs as a CHQ of its type does (OtH p.32); gun-beasts
    read the CHQ cost table as the type they replace (OtH p.30; our reading), never their own."""
    hi = element("gun_beast_hvy_inf", 2, "Spitters", id="i1", stats=dict(HVY_INF))
    a = analyse(force(beast("b1"), beast("b2"), hi, command=alpha("b1")), ruleset)
    assert [a.by_id[i].fc for i in ("b1", "b2", "i1")] == [0, 3, 2 - 1]  # Hvy Cav CHQ: Hvy Inf -1
    hc = element("hvy_cav", 3, "Cuirassiers", id="c1", stats=dict(HVY_CAV))
    mixed = analyse(force(hc, hi, command={"kind": "chq", "element": "c1"}), ruleset)
    assert mixed.by_id["i1"].fc == 1
    assert analyse(force(beast("b1"), hi, command=alpha("b1")), ruleset).by_id["b1"].fc == 0


def test_hivemind_has_no_element_and_no_cr(ruleset):
    """A Hivemind has no element and none of the CHQ's benefits or restrictions (OtH p.33)."""
    hm = ruleset.commands["hivemind"]
    assert not hm.needs_element and not hm.command_resources
    a = analyse(force(beast("b1"), beast("b2"), command=HIVEMIND), ruleset)
    assert a.command_element is None and a.cr_available == 0
    assert [info.fc for info in a.elements] == [3, 3]


def test_biowar_needs_its_supplement(ruleset):
    """BioWar content needs the BioWar supplement enabled on the roster (OtH p.29)."""
    report = check(force(beast("b1"), kaiju("k1"), command=HIVEMIND, supplements=()), ruleset)
    assert len(findings(report, "supplement-disabled")) >= 3  # two types and the command


# --- examples ----------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "cr"), [("oth-biowar.toml", 3), ("oth-biowar-hivemind.toml", 0),
                                          ("oth-biowar-new-sussex.toml", 4),
                                          ("oth-biowar-superheavy-kaiju.toml", 2)])
def test_biowar_examples_are_legal(name, cr):
    """The shipped BioWar examples are legal and spend their CR exactly (OtH p.29-35, 67-68)."""
    loaded = load(examples_dir() / name)
    report = check(loaded.roster, loaded.ruleset)
    assert report.legal, [f.message for f in report.errors]
    assert not report.warnings
    assert report.totals.command_resources == report.totals.command_resources_spent == cr


# --- every rule shows in `horizon-builder check` ------------------------------------------

def _bio(*elements, command=HIVEMIND, **extra):
    return roster_data(*elements, supplements=["biowar"], command=command, **extra)


BROKEN = {
    "gun-beast same stats (p.30)": (_bio(beast("b1", stats=dict(HVY_CAV, M=6))),
                                    "statline-differs", "warning"),
    "gun-beast never rapid (p.30)": (_bio(beast("b1", upgrades=["rapid_mutation"])),
                                     "gun-beast-rapid-vanguard", "error"),
    "gribbly P1 only (p.30)": (
        _bio(element("gribbly_mech", 2, "Big", stats={"M": 5, "F": 5, "A": 4, "D": 1})),
        "presence-out-of-range", "error"),
    "gribbly never CHQ (p.30)": (_bio(gribbly("g1"), beast("b1"), command=alpha("g1")),
                                 "command-element-ineligible", "error"),
    "tunneller for gribblies and kaiju (p.31)": (
        _bio(beast("b1", upgrades=["tunneller"])), "upgrade-not-eligible", "error"),
    "kaiju P1-3 (p.31)": (_bio(kaiju("k1", presence=4)), "presence-out-of-range", "error"),
    "kaiju mutations only (p.31)": (_bio(kaiju("k1", upgrades=["agile_frame"])),
                                    "kaiju-mutations-only", "error"),
    "mutations for kaiju (p.67)": (
        _bio(beast("b1"), element("mech", 2, "W", stats={"M": 4, "F": 4, "A": 4, "D": 3},
                                  upgrades=["grabby"])), "upgrade-not-eligible", "error"),
    "mutation repeat (p.67)": (_bio(kaiju("k1", 2, upgrades=[{"id": "grabby", "count": 2}])),
                               "upgrade-over-cap", "error"),
    "mutation pool (p.67)": (_bio(kaiju("k1", 1, upgrades=["hard_to_kill", "grabby"])),
                             "pool-overspent", "error"),
    "bio force command (p.32)": (_bio(beast("b1"), command={"kind": "chq", "element": "b1"}),
                                 "bio-force-command", "error"),
    "flying costs 1 point per P (p.31)": (
        _bio(kaiju("k1", 3, upgrades=["flying", "grabby"])), "pool-overspent", "error"),
    "mixed force takes a normal CHQ (p.32)": (
        _bio(beast("b1"), element("lt_inf", 1, "Rifles", stats=dict(SWARM))),
        "bio-command-mixed-force", "warning"),
    "BioWar supplement enabled (p.29)": (
        roster_data(beast("b1"), supplements=[], command=HIVEMIND), "supplement-disabled", "error"),
    "unknown mutation": (_bio(kaiju("k1", upgrades=["laser_eyes"])), None, None),
}

HOUSE_MEDIC = ('[upgrades.field_medic]\nname = "Field medic"\ncost = 0\ncurrency = "free"\n'
               'scope = "element"\nremoves_rules = ["vanguard"]\nsource = "house rule"\n')

SUPERHEAVY_BROKEN = {
    "Kaiju! not on a supertank (p.66)": (
        [superheavy("supertank", "t1", 4, ["kaiju"])], HIVEMIND, "upgrade-not-eligible"),
    "superheavy mutations need Kaiju! (p.66)": (
        [superheavy("supermech", "s1", 4, ["biogun"]), beast("b1")], alpha("b1"),
        "mutation-needs-kaiju"),
    "superheavy kaiju takes mutations only (p.31)": (
        [superheavy("supermech", "s1", 4, ["kaiju", "agile_frame"])], HIVEMIND,
        "kaiju-mutations-only"),
    "Alpha is a kaiju or gun-beast (p.32)": (
        [superheavy("supermech", "s1", 4, []), beast("b1")], alpha("s1"), "alpha-not-kaiju"),
}


@pytest.mark.parametrize("case", list(SUPERHEAVY_BROKEN))
def test_each_superheavy_kaiju_rule_shows_in_check_output(case, tmp_path, capsys):
    """The Kaiju! rules for superheavies are reported by `horizon-builder check` (OtH p.31-32, 66)."""
    elements, command, code = SUPERHEAVY_BROKEN[case]
    data = roster_data(*elements, supplements=["biowar", "superweapons"], command=command)
    status, found, _ = cli_codes(tmp_path, capsys, data, args=superheavy_args(tmp_path))
    assert status == 1
    assert any(f["code"] == code and f["severity"] == "error" for f in found), found


def test_gribbly_always_vanguard_shows_in_check_output(tmp_path, capsys):
    """A house upgrade taking a gribbly's vanguard away is reported by `check` (OtH p.30)."""
    house = tmp_path / "house.toml"
    house.write_text(HOUSE_MEDIC)
    data = _bio(gribbly("g1", upgrades=["field_medic"]))
    status, found, _ = cli_codes(tmp_path, capsys, data, args=["--ruleset", str(house)])
    assert status == 1
    assert any(f["code"] == "gribbly-rapid-vanguard" for f in found)


@pytest.mark.parametrize("case", list(BROKEN))
def test_each_biowar_rule_shows_in_check_output(case, tmp_path, capsys):
    """Every BioWar rule is reported by `horizon-builder check` on a roster that breaks it;
    unknown names are located load errors (exit 2), never a crash."""
    data, code, severity = BROKEN[case]
    status, found, err = cli_codes(tmp_path, capsys, data)
    if code is None:
        assert status == 2
        assert "elements[1].upgrades[1]" in err and "unknown upgrade 'laser_eyes'" in err
        return
    assert status == (1 if severity == "error" else 0)
    hits = [f for f in found if f["code"] == code and f["severity"] == severity]
    assert hits, found
    assert "internal-check-error" not in {f["code"] for f in found}


def test_unknown_mutation_without_file_is_an_error_finding(ruleset):
    """Checked straight from memory (the app's editor), an unknown mutation is an error finding
    naming the element and the upgrade, not a crash."""
    report = check(force(kaiju("k1", upgrades=["laser_eyes"]), command=HIVEMIND), ruleset)
    found = findings(report, "upgrade-unknown")
    assert found and found[0].element == "k1" and "laser_eyes" in found[0].message
    assert "internal-check-error" not in codes(report)


def test_biowar_mistakes_example_reports_each_mistake():
    """The shipped BioWar mistakes roster reports every rule it breaks (OtH p.30-32, 67)."""
    loaded = load(examples_dir() / "oth-biowar-needs-fixing.toml")
    report = check(loaded.roster, loaded.ruleset)
    assert set(codes(report, "error")) >= {
        "bio-force-command", "gun-beast-rapid-vanguard", "upgrade-not-eligible",
        "presence-out-of-range", "kaiju-mutations-only", "upgrade-over-cap"}


@pytest.mark.parametrize("command", [HIVEMIND, alpha("x0"), {"kind": "chq", "element": "x0"}])
def test_any_biowar_upgrade_on_any_type_never_crashes(ruleset, command):
    """Bad input (any mutation or BioWar upgrade on any element type, own or type-wide) gives
    findings, never an internal error."""
    ups = [k for k, up in ruleset.upgrades.items() if up.supplement == "biowar"]
    elements = []
    for i, type_id in enumerate(ruleset.element_types):
        et = ruleset.element_types[type_id]
        elements.append(element(type_id, et.presence.min, f"E{i}", id=f"x{i}",
                                stats=dict.fromkeys(et.stats, 2),
                                upgrades=[{"id": u, "count": 3} for u in ups]))
    purchases = [{"type": t, "upgrade": u} for t in ruleset.element_types for u in ups]
    r = force(*elements, command=command, cr_purchases=purchases,
              supplements=tuple(ruleset.supplements))
    report = check(r, ruleset)
    assert "internal-check-error" not in codes(report)
    assert "upgrade-over-cap" in codes(report, "error")


def test_chq_cost_as_names_a_known_type(tmp_path):
    """A typo in `chq_cost_as` is a located ruleset load error, not a silent full-price element."""
    from horizon_builder.files.problems import LoadError

    layer = tmp_path / "typo.toml"
    layer.write_text('[element_types.gun_beast_lt_cav]\nchq_cost_as = "lt_kav"\n')
    with pytest.raises(LoadError) as exc:
        load_ruleset([layer])
    assert "chq_cost_as" in str(exc.value) and "lt_kav" in str(exc.value)


def test_superheavy_kaiju_example_rules():
    """The superheavy kaiju example: a P6 supermech kaiju is cumbersome and lumbering, a P4
    superflyer kaiju only cumbersome, neither rapid (OtH p.31, p.66)."""
    loaded = load(examples_dir() / "oth-biowar-superheavy-kaiju.toml")
    a = analyse(loaded.roster, loaded.ruleset)
    ammut, wyrm = a.by_id["s1"].special_rules, a.by_id["f1"].special_rules
    assert {"kaiju", "vanguard", "cumbersome", "lumbering"} <= set(ammut)
    assert {"kaiju", "cumbersome"} <= set(wyrm) and "lumbering" not in wyrm
    assert "rapid" not in ammut and "rapid" not in wyrm
    assert a.by_id["s1"].base.points_spent == 24 and a.by_id["f1"].base.points_spent == 18
