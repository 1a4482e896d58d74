"""How an upgrade is paid is derived from the rules, never trusted from the roster
(stat points: OtH p.9-10; Command Resources only on conventional elements: OtH p.10, p.24-26;
free: the metaform upgrade, OtH p.19, and the mad scientist's one weird upgrade, OtH p.69)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_superweapons import (
    HVY_CAV,
    SUPERFLYER_P4,
    SUPERMECH_P4,
    check,
    codes,
    el,
    found,
    only,
    ruleset,
)

from horizon_builder.engine.payment import payment_options
from horizon_builder.files.problems import LoadError
from horizon_builder.roster.io import read_roster as load_roster

MECH_P3 = {"M": 4, "F": 5, "A": 4, "D": 4}  # 17 of the provisional 18
LT_INF = {"M": 3, "F": 2, "A": 2, "D": 2}
ALL = ["superweapons", "metaformers", "datawar", "biowar", "weird"]


def test_payment_options_by_element_and_upgrade():
    """The one predicate: pool types pay points, conventional types CR, a few things are free
    (OtH p.9-10, p.19, p.24-26, p.69)."""
    rs = ruleset()
    et, up = rs.element_types, rs.upgrades
    assert payment_options(et["supermech"], up["gunnery_controller"]) == ("points",)
    assert payment_options(et["mech"], up["combat_hacker"]) == ("points",)
    assert payment_options(et["lt_inf"], up["combat_hacker"]) == ("cr",)
    assert payment_options(et["supertank"], up["robot"]) == ("points",)  # not conventional: OtH p.10
    assert payment_options(et["lt_inf"], up["drone_mk3"]) == ("cr",)
    assert payment_options(et["mech"], up["drone_mk3"]) == ()  # a mech has no CR to spend
    assert payment_options(et["mech"], up["metaform"]) == ("free",)  # OtH p.19
    assert payment_options(et["mech"], up["tesla_gun"]) == ("points",)
    assert payment_options(et["mech"], up["tesla_gun"], free_granted=True) == ("points", "free")
    assert payment_options(et["lt_inf"], up["tesla_gun"], free_granted=True) == ("cr", "free")
    assert payment_options(et["mech"], up["combat_hacker"], free_granted=True) == ("points",)


def test_free_gunnery_controller_on_a_full_supermech_is_illegal():
    """A supermech pays its Appendix 1 upgrades from its pool: "free" is refused, the upgrade
    is priced from the pool, and the pool is overspent (OtH p.9, p.64)."""
    report = check(el("Titan", "supermech", 4, SUPERMECH_P4,
                      [{"id": "gunnery_controller", "paid": "free"}]))
    hit = only(report, "upgrade-paid-not-allowed")
    assert hit.severity == "error" and hit.element == "titan"
    assert "Gunnery controller" in hit.message and '"free"' in hit.message
    assert hit.rule == "OtH p.19, p.69"
    assert "pool-overspent" in codes(report, "error")
    assert not report.legal


def test_mech_paying_combat_hacker_with_cr_is_illegal():
    """EW upgrades: 1 stat point for mechs, 1 CR for conventional forces (OtH p.25-26)."""
    report = check(el("Chq", "hvy_cav", 3, HVY_CAV), el("Cav", "hvy_cav", 3, HVY_CAV),
                   el("Hacker", "mech", 3, MECH_P3, [{"id": "combat_hacker", "paid": "cr"}]),
                   supplements=ALL, command={"kind": "chq", "element": "chq"})
    hit = only(report, "upgrade-paid-not-allowed")
    assert hit.element == "hacker" and "not a conventional element" in hit.message
    assert hit.rule.startswith("OtH p.10")
    assert report.analysis.by_id["hacker"].cr_spent == 0
    assert report.analysis.by_id["hacker"].base.points_spent == 18  # paid from the pool instead


def test_superflyer_cannot_escape_its_pool_with_cr():
    """A superflyer is not conventional: CR claimed for an Appendix 1 upgrade is refused and the
    upgrade costs pool points (OtH p.10, p.64)."""
    report = check(el("Chq", "hvy_cav", 3, HVY_CAV), el("Cav", "hvy_cav", 3, HVY_CAV),
                   el("Flyer", "superflyer", 4, SUPERFLYER_P4,
                      [{"id": "apocalypse_weapon", "paid": "cr"}]),
                   command={"kind": "chq", "element": "chq"})
    assert only(report, "upgrade-paid-not-allowed").element == "flyer"
    assert "pool-overspent" in codes(report, "error")


def test_free_mk3_drones_on_one_element_are_illegal():
    """Drones cost CR, bought for the whole type (OtH p.24): "free" on one element is refused,
    and the CR upgrade still belongs to the type."""
    report = check(el("Chq", "lt_inf", 1, LT_INF), el("Rifles", "lt_inf", 1, LT_INF,
                                                       [{"id": "drone_mk3", "paid": "free"}]),
                   supplements=ALL, command={"kind": "chq", "element": "chq"})
    hit = only(report, "upgrade-paid-not-allowed")
    assert hit.element == "rifles" and ruleset().upgrades["drone_mk3"].name in hit.message
    assert "cr-upgrade-whole-type" in codes(report, "error")


def test_metaform_is_free_and_only_free():
    """The metaform upgrade costs nothing (OtH p.19): free by default, paid = "free" accepted."""
    for paid in (None, "free"):
        choice = {"id": "metaform"} if paid is None else {"id": "metaform", "paid": paid}
        report = check(el("Meta", "mech", 3, MECH_P3, [choice],
                          forms=[{"type": "hvy_cav", "presence": 3, "stats": HVY_CAV}]),
                       supplements=ALL)
        assert not found(report, "upgrade-paid-not-allowed")
        assert report.analysis.by_id["meta"].base.upgrades[0].currency == "free"


def test_conventional_element_cannot_claim_stat_points():
    """A conventional element has no stat pool (OtH p.9-10): points are refused."""
    report = check(el("Rifles", "lt_inf", 1, LT_INF, [{"id": "combat_hacker", "paid": "points"}]),
                   supplements=ALL)
    hit = only(report, "upgrade-paid-not-allowed")
    assert "has no stat pool" in hit.message and hit.rule == "OtH p.9-10"


def test_an_upgrade_nobody_here_can_pay_for(tmp_path: Path):
    """An upgrade bought only with stat points on an element with no pool (OtH p.9-10)."""
    path = tmp_path / "rules.toml"
    path.write_text('[upgrades.test_gadget]\nname = "Test gadget"\ncost = 1\nsource = "test"\n')
    report = check(el("Rifles", "lt_inf", 1, LT_INF, ["test_gadget"]), overrides=[path])
    hit = only(report, "upgrade-currency")
    assert "Light Infantry" in hit.message and "stat points" in hit.message


@pytest.mark.parametrize("paid", ["gold", "FREE", 1])
def test_unknown_paid_word_is_a_located_load_error(tmp_path, paid):
    """A `paid` that is not points, cr or free is refused when the roster loads."""
    value = f'"{paid}"' if isinstance(paid, str) else str(paid)
    path = tmp_path / "r.toml"
    path.write_text('name = "X"\nforce_cost = 10\n\n[[elements]]\nname = "M"\ntype = "mech"\n'
                    f'presence = 1\nupgrades = [{{ id = "engineer", paid = {value} }}]\n')
    with pytest.raises(LoadError) as caught:
        load_roster(path)
    text = str(caught.value)
    assert "r.toml:8:" in text and "paid" in text and "points" in text


def test_mad_scientists_free_weird_upgrade_offered_once_the_cr_are_spent() -> None:
    """Issue 33 item 7 (OtH p.42, p.69): with the force's CR all spent, the mad scientist's
    CHQ may still take a weird upgrade free; the picker offers every way to pay before it is
    taken (CR: none left; free) and takes it the way that can pay, a legal edit."""
    from horizon_builder import editing as ed
    from horizon_builder.checks import validate
    from horizon_builder.roster.io import load

    loaded = load(Path(__file__).parent.parent / "examples" / "oth-weird.toml")
    rs, roster = loaded.ruleset, loaded.roster
    bare = roster.element("chq").model_copy(update={"upgrades": ()})
    roster = roster.model_copy(update={"elements": [bare if e.id == "chq" else e
                                                    for e in roster.elements]})
    analysis = validate(roster, rs).analysis
    assert analysis.cr_available == analysis.cr_spent  # no CR left
    row = {o.id: o for o in ed.upgrade_options(rs, analysis, "chq")}["tesla_gun"]
    assert row.allowed and row.paid == "free" and row.cost_text == "free"
    assert row.ways == (("cr", "needs 1 CR, 0 left"), ("free", None))
    taken = ed.add_upgrade(rs, bare, "tesla_gun", paid="free")
    assert taken.upgrades[0].paid == "free"
    after = roster.model_copy(update={"elements": [taken if e.id == "chq" else e
                                                   for e in roster.elements]})
    report = validate(after, rs)
    assert not [f.code for f in report.errors], [f.message for f in report.errors]
    # the free one taken, another weird upgrade says why neither way pays
    other = {o.id: o for o in ed.upgrade_options(rs, report.analysis, "chq")}["sonic_cannon"]
    assert not other.allowed and dict(other.ways) == {"cr": "needs 1 CR, 0 left",
                                                      "free": "the free one is taken"}
