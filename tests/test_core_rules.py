"""Core mustering rules we know of (shared/RULES.md §0) and force totals (§1).

Each test is named after the rule and cites where the rule comes from. Core
values are provisional: the tests also check that findings resting on them
say so.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import check, codes, element, roster

from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.totals import (
    compute_totals,
    deployment_spaces,
    intelligence_band,
    intelligence_rating,
    round_half_away_from_zero,
)

HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
HVY_INF = {"M": 3, "F": 4, "A": 3, "D": 3}


def hvy_cav(name: str = "Tanks", **extra):
    extra.setdefault("stats", dict(HVY_CAV))
    return element("hvy_cav", 3, name, **extra)


def totals_of(r, rs):
    return compute_totals(analyse(r, rs))


# --- §0 element types and statlines ---------------------------------------------------

def test_stat_order_is_m_f_a_d(ruleset):
    """Stats are M F A D after P (OtH p.9; roster column order P M F A D, errata OtH p.60)."""
    for type_id in ("mech", "aircraft", "hvy_cav", "lt_inf"):
        assert ruleset.element_types[type_id].stats == ["M", "F", "A", "D"]


@pytest.mark.parametrize(
    ("type_id", "presence"),
    [("lt_inf", 1), ("mob_inf", 1), ("hvy_inf", 2), ("ab_inf", 2), ("sf", 3), ("recon", 2),
     ("lt_cav", 2), ("hvy_cav", 3), ("lt_art", 2), ("armd_art", 3)],
)
def test_conventional_presences(ruleset, type_id, presence):
    """The ten conventional types and their Presence (RULES.md §0; SF OtH p.38, Mob Inf p.59)."""
    et = ruleset.element_types[type_id]
    assert et.category == "conventional"
    assert (et.presence.min, et.presence.max) == (presence, presence)
    assert et.counts_for_cr


def test_assumed_presences_are_provisional(ruleset):
    """AB Inf and Lt Art Presence are assumed, so flagged provisional (RULES.md §0)."""
    assert ruleset.element_types["ab_inf"].presence.is_provisional
    assert ruleset.element_types["lt_art"].presence.is_provisional
    assert not ruleset.element_types["sf"].presence.is_provisional  # OtH p.38


def test_lt_cav_presence_is_the_supplements_own(ruleset):
    """The supplement gives Lt Cav as P2 (OtH p.45, its note on miniatures): Lt Cav P2 is firm,
    so a P3 Lt Cav is a firm error citing the page; its gun-beast stand-in too (OtH p.30)."""
    assert not ruleset.element_types["lt_cav"].presence.is_provisional
    assert not ruleset.element_types["gun_beast_lt_cav"].presence.is_provisional
    finding = next(f for f in check(roster(element("lt_cav", 3)), ruleset).errors
                   if f.code == "presence-out-of-range")
    assert finding.rule.startswith("OtH p.45") and not finding.provisional


def test_conventional_presence_out_of_range_is_error(ruleset):
    """A conventional element has its type's P: a P2 Lt Inf is an error."""
    report = check(roster(element("lt_inf", 2)), ruleset)
    assert "presence-out-of-range" in codes(report, "error")


def test_known_statline_hvy_cav(ruleset):
    """Hvy Cav P3 M4 F5 A5 D1, rapid, vanguard, vehicle (OtH p.21 Metatron tank form)."""
    et = ruleset.element_types["hvy_cav"]
    assert et.statlines[3].stats == HVY_CAV
    assert et.special_rules == ["rapid", "vanguard", "vehicle"]
    report = check(roster(hvy_cav(stats={"M": 4, "F": 6, "A": 5, "D": 1})), ruleset)
    assert "statline-differs" in codes(report, "warning")


def test_known_statline_hvy_inf(ruleset):
    """Hvy Inf P2 M3 F4 A3 D3, dig in, infantry (OtH p.22 Bluestreak form)."""
    et = ruleset.element_types["hvy_inf"]
    assert et.statlines[2].stats == HVY_INF
    assert set(et.special_rules) == {"dig_in", "infantry"}
    report = check(roster(element("hvy_inf", 2, stats=dict(HVY_INF))), ruleset)
    assert "statline-differs" not in codes(report)


def test_unknown_statline_is_said_unchecked(ruleset):
    """Statlines of types the core table would give are not invented: an info says so."""
    report = check(roster(element("lt_inf", 1, stats={"M": 3, "F": 2, "A": 2, "D": 2})), ruleset)
    info = [f for f in report.all_findings if f.code == "statline-unchecked"]
    assert info and info[0].severity == "info" and info[0].provisional


def test_infantry_types(ruleset):
    """Infantry: Lt Inf, Mob Inf, Hvy Inf, AB Inf, SF (OtH p.24, p.70; SF assumed)."""
    infantry = {k for k, et in ruleset.element_types.items() if "infantry" in et.tags}
    assert infantry == {"lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf"}


def test_missing_stat_is_error(ruleset):
    report = check(roster(element("mech", 2, stats={"M": 4, "F": 4, "A": 4})), ruleset)
    finding = next(f for f in report.errors if f.code == "stat-missing")
    assert finding.field == "stats.D"


# --- §0 stat pools -------------------------------------------------------------------

@pytest.mark.parametrize(("presence", "points"), [(1, 14), (2, 16), (3, 18)])
def test_mech_stat_pool(ruleset, presence, points):
    """Mech pool P1 14, P2 16, P3 18 (inferred from OtH p.9's +2 per P): provisional."""
    pool = ruleset.element_types["mech"].pool
    assert pool.points_for(presence) == (points, False)
    assert pool.is_provisional


@pytest.mark.parametrize(("presence", "points"), [(1, 9), (2, 12), (3, 15)])
def test_aircraft_stat_pool(ruleset, presence, points):
    """Aircraft pool P1 9, P2 12, P3 15 (inferred from OtH p.10's +3 per P): provisional."""
    pool = ruleset.element_types["aircraft"].pool
    assert pool.points_for(presence) == (points, False)
    assert pool.is_provisional


def test_pool_overspent_is_provisional_error(ruleset):
    """Spending more than the pool is an error that says it rests on a provisional pool."""
    report = check(roster(element("mech", 2, stats={"M": 5, "F": 5, "A": 4, "D": 3})), ruleset)
    finding = next(f for f in report.errors if f.code == "pool-overspent")
    assert "17 of 16" in finding.message
    assert finding.provisional


def test_pool_exactly_spent_is_clean(ruleset):
    report = check(roster(element("mech", 2, stats={"M": 4, "F": 5, "A": 4, "D": 3})), ruleset)
    assert "pool-overspent" not in codes(report)
    assert "pool-unspent" not in codes(report)


def test_pool_unspent_is_info(ruleset):
    report = check(roster(element("mech", 3, stats={"M": 3, "F": 3, "A": 4, "D": 5})), ruleset)
    assert "pool-unspent" in codes(report, "info")


def test_upgrade_with_unknown_cost_is_warned(ruleset):
    """Core upgrade costs are not available: the pool check says it left them out."""
    report = check(roster(element("mech", 2, stats={"M": 4, "F": 5, "A": 4, "D": 3},
                                  upgrades=["agile_frame"])), ruleset)
    finding = next(f for f in report.all_findings if f.code == "upgrade-cost-unknown")
    assert finding.severity == "warning" and finding.provisional


# --- §0 upgrades -----------------------------------------------------------------------

def test_aircraft_upgrades_at_most_presence(ruleset):
    """An aircraft may have at most P upgrades of any kind (OtH p.61 FAQ)."""
    report = check(roster(element("aircraft", 1, stats={"M": 4, "F": 2, "A": 1, "D": 1},
                                  upgrades=["vtol", "rotary"])), ruleset)
    finding = next(f for f in report.errors if f.code == "too-many-upgrades")
    assert finding.rule == "OtH p.61"


def test_extended_range_only_once(ruleset):
    """Extended range may not be taken twice with different bands (OtH p.61 FAQ)."""
    report = check(roster(element("mech", 2, stats={"M": 4, "F": 5, "A": 4, "D": 3},
                                  upgrades=[{"id": "extended_range", "count": 2}])), ruleset)
    assert "upgrade-over-cap" in codes(report, "error")


def test_upgrade_not_eligible_for_type(ruleset):
    """Mech upgrades are for mechs: an aircraft with a drop harness is an error."""
    report = check(roster(element("aircraft", 2, stats={"M": 5, "F": 4, "A": 2, "D": 1},
                                  upgrades=["drop_harness"])), ruleset)
    finding = next(f for f in report.errors if f.code == "upgrade-not-eligible")
    assert "Drop harness" in finding.message and finding.element_name


def test_antigrav_eligible_for_lt_cav(ruleset):
    """Errata adds Lt Cav to antigrav's eligible elements (OtH p.60)."""
    assert ruleset.matches("lt_cav", ruleset.upgrades["antigrav"].eligible)
    assert not ruleset.matches("hvy_cav", ruleset.upgrades["antigrav"].eligible)


# --- §0 Force Cost and the CHQ ---------------------------------------------------------

def test_force_cost_is_presence(ruleset):
    """An element's FC is its P unless a rule changes it (RULES.md §0)."""
    r = roster(element("mech", 3, stats={"M": 5, "F": 5, "A": 5, "D": 3}),
               element("aircraft", 2, stats={"M": 5, "F": 4, "A": 2, "D": 1}))
    assert totals_of(r, ruleset).force_cost == 5


def test_conventional_chq_is_free(ruleset):
    """A conventional CHQ costs 0 FC (reported; OtH p.62 'free conventional CHQ')."""
    r = roster(hvy_cav("CHQ", id="c"), command={"kind": "chq", "element": "c"})
    t = totals_of(r, ruleset)
    assert t.force_cost == 0
    assert t.force_presence == 3


def test_chq_cost_table_hvy_cav(ruleset):
    """Hvy Cav CHQ: Lt Cav and Hvy Inf cost 1 less (reported)."""
    r = roster(hvy_cav("CHQ", id="c"), element("lt_cav", 2), element("hvy_inf", 2, stats=HVY_INF),
               command={"kind": "chq", "element": "c"})
    a = analyse(r, ruleset)
    assert [i.fc for i in a.elements] == [0, 1, 1]


def test_chq_never_changes_its_own_type(ruleset):
    """A conventional CHQ never changes the cost of its own type (OtH p.62 FAQ)."""
    r = roster(element("lt_inf", 1, id="c"), element("lt_inf", 1),
               command={"kind": "chq", "element": "c"})
    assert [i.fc for i in analyse(r, ruleset).elements] == [0, 1]


def test_chq_cost_table_lt_inf(ruleset):
    """Lt Inf CHQ: AB Inf, Lt Art, Recon cheaper; Hvy Inf, Lt Cav, Hvy Cav, Armd Art dearer (±1 assumed)."""
    r = roster(element("lt_inf", 1, id="c"), element("ab_inf", 2), element("recon", 2),
               element("hvy_cav", 3, stats=dict(HVY_CAV)), element("armd_art", 3),
               command={"kind": "chq", "element": "c"})
    a = analyse(r, ruleset)
    assert [i.fc for i in a.elements] == [0, 1, 1, 4, 4]
    assert all(i.fc_provisional for i in a.elements[1:])


@pytest.mark.parametrize("chq_type", ["lt_inf", "hvy_inf", "ab_inf", "sf", "lt_cav", "hvy_cav"])
def test_mob_inf_cost_never_changes(ruleset, chq_type):
    """Mob Inf as an element costs its P under every CHQ (errata, OtH p.59)."""
    p = ruleset.element_types[chq_type].presence.min
    r = roster(element(chq_type, p, id="c"), element("mob_inf", 1),
               command={"kind": "chq", "element": "c"})
    mob = analyse(r, ruleset).elements[1]
    assert mob.fc == 1
    assert not mob.fc_provisional


def test_unknown_chq_cell_is_counted_at_p_and_flagged(ruleset):
    """Where the CHQ table cell is unknown, FC = P and an info finding says so (provisional)."""
    r = roster(element("sf", 3, id="c"), element("hvy_inf", 2, stats=HVY_INF),
               command={"kind": "chq", "element": "c"})
    report = check(r, ruleset)
    assert report.totals.force_cost == 2
    assert report.totals.provisional
    finding = next(f for f in report.all_findings if f.code == "chq-cost-unknown")
    assert finding.provisional


@pytest.mark.parametrize("type_id", ["lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf", "lt_cav", "hvy_cav"])
def test_chq_types(ruleset, type_id):
    """The conventional CHQ types are Lt Inf, Mob Inf, Hvy Inf, AB Inf, SF, Lt Cav, Hvy Cav (OtH p.59)."""
    assert ruleset.element_types[type_id].chq == "conventional"


@pytest.mark.parametrize("type_id", ["recon", "lt_art", "armd_art"])
def test_types_that_cannot_be_chq(ruleset, type_id):
    """Recon and artillery are not in the CHQ column of the table (OtH p.59)."""
    p = ruleset.element_types[type_id].presence.min
    report = check(roster(element(type_id, p, id="c"), command={"kind": "chq", "element": "c"}),
                   ruleset)
    assert "command-element-ineligible" in codes(report, "error")


@pytest.mark.parametrize("type_id", ["recon", "lt_art", "armd_art"])
def test_types_that_cannot_be_chq_is_the_errata_table_not_provisional(ruleset, type_id):
    """Which conventional types may lead is given by the errata's CHQ table itself (OtH p.59):
    the finding cites it and is firm, not provisional core data."""
    p = ruleset.element_types[type_id].presence.min
    report = check(roster(element(type_id, p, id="c"), command={"kind": "chq", "element": "c"}),
                   ruleset)
    finding = next(f for f in report.errors if f.code == "command-element-ineligible")
    assert finding.rule.startswith("OtH p.59") and not finding.provisional


def test_agile_frame_and_stealth_suite_are_mech_upgrades_firmly(ruleset):
    """The errata lists agile frame and stealth suite as mech upgrades (OtH p.59-60): on a Hvy
    Cav the finding cites the errata and is firm, though their costs are the core book's."""
    for upgrade, page in (("agile_frame", "OtH p.59"), ("stealth_suite", "OtH p.60")):
        report = check(roster(hvy_cav("Tank", upgrades=[upgrade])), ruleset)
        hit = next(f for f in report.all_findings if f.code == "upgrade-not-eligible")
        assert hit.rule.startswith(page) and not hit.provisional
        assert ruleset.upgrades[upgrade].is_provisional  # the cost is still not known


def test_mech_chq_costs_its_presence_and_changes_nothing(ruleset):
    """A mech CHQ costs its P, changes no costs and brings no CR (inferred, OtH p.42)."""
    r = roster(element("mech", 2, id="m", stats={"M": 4, "F": 5, "A": 4, "D": 3}),
               element("lt_cav", 2), element("lt_cav", 2),
               command={"kind": "mech_chq", "element": "m"})
    a = analyse(r, ruleset)
    assert [i.fc for i in a.elements] == [2, 2, 2]
    assert a.cr_available == 0
    assert ruleset.commands["mech_chq"].is_provisional


def test_mech_cannot_be_conventional_chq(ruleset):
    report = check(roster(element("mech", 2, id="m", stats={"M": 4, "F": 5, "A": 4, "D": 3}),
                          command={"kind": "chq", "element": "m"}), ruleset)
    finding = next(f for f in report.errors if f.code == "command-element-ineligible")
    assert "Mech CHQ" in finding.message


def test_no_command_is_warned(ruleset):
    report = check(roster(element("lt_inf", 1)), ruleset)
    assert "command-missing" in codes(report, "warning")


def test_force_cost_over_budget(ruleset):
    """FC spent may not exceed the agreed FC."""
    r = roster(element("mech", 3, stats={"M": 5, "F": 5, "A": 5, "D": 3}), force_cost=2)
    finding = next(f for f in check(r, ruleset).errors if f.code == "fc-over-budget")
    assert "over the budget of 2 by 1" in finding.message


# --- §0 Command Resources --------------------------------------------------------------

@pytest.mark.parametrize(("conventional", "cr"), [(1, 0), (2, 1), (3, 1), (5, 2), (6, 3)])
def test_command_resources_one_per_two_conventional(ruleset, conventional, cr):
    """1 CR per 2 conventional elements, CHQ included, rounded down (reported; OtH p.61 FAQ)."""
    elements = [element("lt_inf", 1, id=f"i{n}") for n in range(conventional)]
    r = roster(*elements, command={"kind": "chq", "element": "i0"})
    assert analyse(r, ruleset).cr_available == cr


def test_mechs_do_not_count_for_cr(ruleset):
    r = roster(element("lt_inf", 1, id="c"),
               element("mech", 1, stats={"M": 4, "F": 4, "A": 3, "D": 3}),
               command={"kind": "chq", "element": "c"})
    assert analyse(r, ruleset).cr_available == 0


def test_cr_upgrade_is_paid_per_element_of_the_type(ruleset):
    """A CR upgrade is bought for a whole type, paying per element (reported; OtH p.24)."""
    r = roster(element("lt_cav", 2, id="c"), element("lt_cav", 2), element("lt_cav", 2),
               element("lt_cav", 2), cr_purchases=[{"type": "lt_cav", "upgrade": "antigrav"}],
               command={"kind": "chq", "element": "c"})
    a = analyse(r, ruleset)
    # antigrav's CR cost is not known, so it counts 0 per element; the whole type has it
    assert all(info.has_upgrade("antigrav") for info in a.elements)


def test_cr_overspent_is_error(ruleset, tmp_path):
    """Spending more CR than the force has is an error."""
    from horizon_builder.rules.loader import load_ruleset

    override = tmp_path / "house.toml"
    override.write_text("[upgrades.antigrav]\ncost_cr = 1\n")
    rs = load_ruleset([override])
    r = roster(element("lt_cav", 2, id="c"), element("lt_cav", 2), element("lt_cav", 2),
               cr_purchases=[{"type": "lt_cav", "upgrade": "antigrav"}],
               command={"kind": "chq", "element": "c"})
    report = check(r, rs)
    assert report.totals.command_resources == 1
    assert report.totals.command_resources_spent == 3
    assert "cr-overspent" in codes(report, "error")


def test_cr_upgrade_on_one_element_is_error(ruleset):
    """CR upgrades go on every element of the type, not one (reported; OtH p.24)."""
    r = roster(element("lt_cav", 2, upgrades=["antigrav"]))
    assert "cr-upgrade-whole-type" in codes(check(r, ruleset), "error")


# --- §1 totals ------------------------------------------------------------------------

def test_force_presence_is_sum_of_presence(ruleset):
    r = roster(element("lt_inf", 1), element("hvy_cav", 3, stats=dict(HVY_CAV)))
    assert totals_of(r, ruleset).force_presence == 4


def test_intelligence_rating_book_example_stefan():
    """OtH p.50: FC 15, FP 24 → IR −6."""
    assert intelligence_rating(15, 24) == -6


def test_intelligence_rating_book_example_john():
    """OtH p.50: FC 15, FP 11 → 2.67 → IR 3."""
    assert intelligence_rating(15, 11) == 3


@pytest.mark.parametrize(("fc", "fp", "ir"), [(20, 25, -3), (20, 15, 3), (4, 5, -3), (20, 20, 0)])
def test_intelligence_rating_halves_round_away_from_zero(fc, fp, ir):
    """The book says 'nearest whole number' only; our rule: halves go away from zero (README)."""
    assert intelligence_rating(fc, fp) == ir


def test_round_half_away_from_zero():
    assert round_half_away_from_zero(Fraction(5, 2)) == 3
    assert round_half_away_from_zero(Fraction(-5, 2)) == -3
    assert round_half_away_from_zero(Fraction(-7, 3)) == -2


def test_intelligence_rating_with_no_force_cost():
    assert intelligence_rating(0, 3) is None


@pytest.mark.parametrize(
    ("rating", "quality"),
    [(-9, "Very poor"), (-6, "Very poor"), (-5, "Very poor"), (-4, "Poor"), (-3, "Poor"),
     (-2, "Good"), (-1, "Good"), (0, "Very good"), (1, "Very good"), (2, "Excellent"),
     (7, "Excellent")],
)
def test_intelligence_quality_bands(ruleset, rating, quality):
    """IR quality bands (OtH p.50)."""
    assert intelligence_band(ruleset.intelligence, rating).quality == quality


@pytest.mark.parametrize(("count", "spaces"), [(0, 1), (1, 1), (9, 1), (19, 1), (20, 2), (29, 2), (30, 3)])
def test_deployment_spaces(count, spaces):
    """One deployment space per full 10 elements, at least one (OtH p.53)."""
    assert deployment_spaces(count) == spaces


def test_excellent_intelligence_adds_a_deployment_space(tmp_path):
    """Excellent IR (2 or more): well disposed plus one extra deployment space (OtH p.50)."""
    from horizon_builder.rules.loader import load_ruleset

    # In core alone FP never falls below FC; a house rule that makes Lt Inf cost 2 FC does it.
    house = tmp_path / "house.toml"
    house.write_text("[element_types.lt_inf]\nforce_cost = 2\n")
    rs = load_ruleset([house])
    r = roster(element("lt_inf", 1), element("lt_inf", 1), force_cost=4)
    t = totals_of(r, rs)
    assert (t.force_cost, t.force_presence) == (4, 2)
    assert (t.intelligence_rating, t.intelligence_quality) == (5, "Excellent")
    assert t.deployment_spaces == 2


def test_very_poor_intelligence(ruleset):
    """FC 2 (free CHQ), FP 3 → 10 × (1 − 3/2) = −5: very poor (OtH p.50)."""
    cheap = roster(element("lt_inf", 1, id="c"), element("lt_inf", 1), element("lt_inf", 1),
                   command={"kind": "chq", "element": "c"})
    t = totals_of(cheap, ruleset)
    assert (t.intelligence_rating, t.intelligence_quality, t.deployment_spaces) == (-5, "Very poor", 1)


def test_starting_momentum_is_force_presence(ruleset):
    """Momentum at the start = FP, before losses (OtH p.51)."""
    r = roster(element("lt_inf", 1), element("hvy_cav", 3, stats=dict(HVY_CAV)))
    assert totals_of(r, ruleset).starting_momentum == 4


def test_totals_of_example_battlegroup(ruleset):
    from horizon_builder.files.resources import examples_dir
    from horizon_builder.roster.io import load

    loaded = load(examples_dir() / "hvy-cav-battlegroup.toml")
    t = totals_of(loaded.roster, loaded.ruleset)
    assert (t.force_cost, t.force_presence, t.command_resources) == (13, 19, 2)
    assert (t.intelligence_rating, t.intelligence_quality) == (-5, "Very poor")


def test_legal_verdict_says_it_rests_on_a_provisional_pool(ruleset):
    """A mech that fits its inferred pool is legal only as far as that pool is right: say so."""
    report = check(roster(element("mech", 2, stats={"M": 4, "F": 5, "A": 4, "D": 3})), ruleset)
    assert report.legal and report.provisional
    assert any(v.startswith("Mech stat pool (inferred") for v in report.provisional_values)


def test_book_values_are_not_provisional(ruleset):
    """A force of types whose values all come from OtH rests on nothing provisional."""
    r = roster(element("hvy_cav", 3, stats=dict(HVY_CAV)))
    assert check(r, ruleset).provisional_values == []


# --- codes no other test reached (the catalogue, horizon_builder.checks.CODES) ------------

def test_pool_unknown_for_a_presence_the_table_lacks(ruleset):
    """A statline whose type has a pool, but none for its P, is a warning, not a guess
    (core mustering table not available, RULES.md §0)."""
    mech = ruleset.element_types["mech"]
    assert mech.pool is not None
    holes = mech.pool.model_copy(update={"points": {1: 14, 3: 18}, "step": None})
    rules = ruleset.model_copy(update={"element_types": {
        **ruleset.element_types, "mech": mech.model_copy(update={"pool": holes})}})
    report = check(roster(element("mech", 2, "Walker", stats={"M": 4, "F": 4, "A": 4, "D": 4})),
                   rules)
    assert "pool-unknown" in codes(report, "warning")
    assert "pool-overspent" not in codes(report)


def test_points_paid_upgrade_on_a_cr_type_is_an_error(ruleset):
    """A conventional type has no stat pool: an upgrade it may pay either way cannot be paid
    in stat points (core; Lt Cav may take antigrav, OtH p.60 errata)."""
    cav = element("lt_cav", 2, "Skimmers", stats={"M": 6, "F": 2, "A": 2, "D": 1},
                  upgrades=[{"id": "antigrav", "paid": "points"}])
    assert "upgrade-paid-not-allowed" in codes(check(roster(cav), ruleset), "error")
    cav["upgrades"] = [{"id": "antigrav"}]
    assert "upgrade-paid-not-allowed" not in codes(check(roster(cav), ruleset))


def test_cr_bought_for_a_type_the_force_lacks_is_a_warning(ruleset):
    """CR buys an upgrade for every element of a type (OtH p.24); with none of the type it
    buys nothing."""
    r = roster(hvy_cav("Command", id="c"), command={"kind": "chq", "element": "c"},
               cr_purchases=[{"type": "lt_cav", "upgrade": "antigrav"}])
    assert "cr-purchase-unused" in codes(check(r, ruleset), "warning")
