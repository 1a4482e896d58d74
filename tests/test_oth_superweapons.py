"""Superweapons (Over the Horizon p.8-17, Appendix 1 p.64-66): one test per rule."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers_superweapons import (
    HVY_CAV,
    HVY_INF,
    SUPERFLYER_P4,
    SUPERMECH_P4,
    SUPERTANK_P4,
    check,
    cli_findings,
    codes,
    el,
    found,
    only,
    roster_data,
    ruleset,
    write_toml,
)

from horizon_builder.checks import validate
from horizon_builder.checks.superweapons import Passenger, bay_load, holds_take, left_out
from horizon_builder.engine.analysis import analyse
from horizon_builder.files.resources import examples_dir, rulesets_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster

LAYER = rulesets_dir() / "10-superweapons.toml"
KINDS = ("supermech", "supertank", "superflyer")
BASE = {"supermech": SUPERMECH_P4, "supertank": SUPERTANK_P4, "superflyer": SUPERFLYER_P4}

#: Overrides a test may need: an upgrade that makes anything rapid.
TEST_RULES = {
    "upgrades": {"test_rapid": {"name": "Test rapid", "cost": 0, "grants_rules": ["rapid"],
                                "source": "test"}},
}


@pytest.fixture
def test_rules(tmp_path: Path) -> Path:
    return write_toml(tmp_path / "test-rules.toml", TEST_RULES)


def event_file(tmp_path: Path, **options: Any) -> Path:
    return write_toml(tmp_path / "event.toml", {"event": {**options, "source": "OtH p.17 (test event)"}})


# --- element types and pools ------------------------------------------------

@pytest.mark.parametrize(("kind", "pools", "p9"), [
    ("supermech", {4: 20, 5: 22, 6: 24, 7: 26, 8: 28}, 30),
    ("supertank", {4: 17, 5: 19, 6: 21, 7: 23, 8: 25}, 27),
    ("superflyer", {4: 18, 5: 21, 6: 24, 7: 27, 8: 30}, 33),
])
def test_superheavy_pools_by_presence(kind: str, pools: dict[int, int], p9: int) -> None:
    """Pools P4-P8 as published, P9+ by the table's own step (OtH p.9-10, p.9 note 3)."""
    pool = ruleset().element_types[kind].pool
    assert pool is not None
    for presence, points in pools.items():
        assert pool.points_for(presence) == (points, False)
    assert pool.points_for(9) == (p9, True)


def test_superheavy_beyond_the_table_is_a_warning() -> None:
    """P9+ is allowed by following the pattern, and flagged as beyond the table (OtH p.9 note 3)."""
    report = check(el("Big", "supermech", 9, {"M": 6, "F": 10, "A": 8, "D": 6}))
    hit = only(report, "presence-beyond-table")
    assert hit.severity == "warning"
    assert report.legal, report.errors


@pytest.mark.parametrize("kind", KINDS)
def test_superheavy_presence_is_four_or_more(kind: str) -> None:
    """Superheavies are P4 or more (OtH p.9)."""
    report = check(el("Small", kind, 3, BASE[kind]))
    assert only(report, "presence-out-of-range").severity == "error"


@pytest.mark.parametrize("kind", KINDS)
def test_superheavy_type_data(kind: str) -> None:
    """Superheavy kinds: category and tag superheavy, from the Superweapons supplement (OtH p.8-10)."""
    et = ruleset().element_types[kind]
    assert et.category == "superheavy"
    assert "superheavy" in et.tags
    assert et.supplement == "superweapons"
    assert et.family == {"supermech": "mech", "supertank": "tank", "superflyer": "aircraft"}[kind]
    assert et.presence.table_max == 8 and et.presence.max is None


def test_superheavy_needs_the_supplement() -> None:
    """Superheavies are supplement content: the roster must enable Superweapons (OtH p.8)."""
    report = check(el("Mongrel", "supermech", 4, SUPERMECH_P4), supplements=())
    assert "supplement-disabled" in codes(report, "error")


def test_superheavy_special_rules_shown() -> None:
    """Every superheavy shows Fearful Presence and This Changes Everything! (OtH p.17)."""
    rs = ruleset()
    roster = Roster.model_validate(roster_data(*(el(k, k, 4, BASE[k]) for k in KINDS)))
    for info in analyse(roster, rs).elements:
        assert {"fearful_presence", "strategic_target"} <= set(info.special_rules)


# --- supermechs (p.9) ----------------------------------------------------------

@pytest.mark.parametrize(("stat", "value", "code"), [
    ("M", 3, "stat-below-minimum"),
    ("F", 11, "stat-above-maximum"),
    ("A", 2, "stat-below-minimum"),
    ("D", 7, "stat-above-maximum"),
])
def test_supermech_stat_limits(stat: str, value: int, code: str) -> None:
    """Supermech: M at least 4, F at most 10, A at least 3, D at most 6 (OtH p.9)."""
    stats = {"M": 5, "F": 5, "A": 5, "D": 5, stat: value}
    hit = only(check(el("Walker", "supermech", 8, stats)), code)
    assert hit.severity == "error" and hit.rule == "OtH p.9" and stat in hit.message


def test_supermech_never_rapid(test_rules: Path) -> None:
    """Supermechs cannot be rapid, whatever grants it (OtH p.9)."""
    report = check(el("Sprinter", "supermech", 4, {"M": 5, "F": 5, "A": 5, "D": 5}, ["test_rapid"]),
                   overrides=[test_rules])
    hit = only(report, "superheavy-rapid")
    assert hit.severity == "error" and hit.rule == "OtH p.9"
    assert "rapid" not in ruleset().element_types["supermech"].special_rules


# --- supertanks (p.9-10) -------------------------------------------------------

def test_supertank_vanguard_not_rapid(test_rules: Path) -> None:
    """Supertanks are vanguard but never rapid (OtH p.10)."""
    report = check(el("Crawler", "supertank", 4, SUPERTANK_P4))
    assert report.legal, report.errors
    assert "vanguard" in report.analysis.elements[0].special_rules
    report = check(el("Crawler", "supertank", 4, SUPERTANK_P4, ["test_rapid"]), overrides=[test_rules])
    assert only(report, "superheavy-rapid").rule == "OtH p.10"


def test_supertank_few_stat_limits() -> None:
    """Supertank stats have no limits of their own: a P4 M0 F8 A6 D3 bunker is fine (OtH p.10)."""
    assert check(el("Bunker", "supertank", 4, {"M": 0, "F": 8, "A": 6, "D": 3})).legal


def test_supertank_no_command_resources() -> None:
    """Supertanks are not conventional: no CR may be spent on them, and they give none (OtH p.10).
    Paying an upgrade with CR is refused and priced from the pool; CR bought for the type too."""
    report = check(
        el("Chq", "hvy_cav", 3, HVY_CAV), el("Cav", "hvy_cav", 3, HVY_CAV),
        el("Crawler", "supertank", 4, {"M": 4, "F": 4, "A": 4, "D": 3},
           [{"id": "gunnery_controller", "paid": "cr"}]),
        command={"kind": "chq", "element": "chq"},
        cr_purchases=[{"type": "supertank", "upgrade": "crusher"}],
    )
    paid = only(report, "upgrade-paid-not-allowed")
    assert paid.severity == "error" and paid.rule.startswith("OtH p.10") and paid.element == "crawler"
    assert "not a conventional element" in paid.message
    bought = only(report, "cr-purchase-points-type")
    assert bought.rule.startswith("OtH p.10") and "Supertank" in bought.message
    assert report.analysis.cr_counted_elements == 2  # the supertank does not count
    assert report.analysis.by_id["crawler"].cr_spent == 0  # the refused claim is priced from the pool


# --- superflyers (p.10) --------------------------------------------------------

@pytest.mark.parametrize(("stat", "value"), [("F", 11), ("M", 6)])
def test_superflyer_firepower_and_mv_limits(stat: str, value: int) -> None:
    """Superflyer from P4: F at most 10, Mv (its M) at most 5 (OtH p.10)."""
    stats = {"M": 3, "Mb": 5, "F": 5, "A": 4, "D": 4, stat: value}
    hit = only(check(el("Flyer", "superflyer", 4, stats)), "stat-above-maximum")
    assert hit.rule.startswith("OtH p.10") and hit.field == f"stats.{stat}"


def test_superflyer_no_rotary_from_p5() -> None:
    """Superflyer from P5 may not be rotary; a P4 may (OtH p.10)."""
    p4 = check(el("Chopper", "superflyer", 4, SUPERFLYER_P4, ["rotary"]))
    assert "type-forbids-upgrade" not in codes(p4)
    stats = {"M": 5, "Mb": 5, "F": 5, "A": 5, "D": 5}
    p5 = check(el("Chopper", "superflyer", 5, stats, ["rotary", "heavy_transport"]))
    hit = only(p5, "type-forbids-upgrade")
    assert hit.severity == "error" and "Rotary" in hit.message and hit.rule == "OtH p.10"


def test_superflyer_needs_transport_from_p5() -> None:
    """Superflyer from P5 must have light or heavy transport (OtH p.10)."""
    stats = {"M": 5, "Mb": 5, "F": 5, "A": 5, "D": 5}
    assert "type-requires-upgrade" not in codes(check(el("Lifter", "superflyer", 4, SUPERFLYER_P4)))
    hit = only(check(el("Lifter", "superflyer", 5, stats)), "type-requires-upgrade")
    assert "Light transport or Heavy transport" in hit.message
    for transport in ("light_transport", "heavy_transport"):
        report = check(el("Lifter", "superflyer", 5, stats, [transport]))
        assert "type-requires-upgrade" not in codes(report)


def test_superflyer_needs_antigrav_from_p7() -> None:
    """Superflyer from P7 must have antigrav (OtH p.10)."""
    stats = {"M": 5, "Mb": 5, "F": 8, "A": 6, "D": 4}
    report = check(el("Leviathan", "superflyer", 7, stats, ["heavy_transport"]))
    assert "Antigrav" in only(report, "type-requires-upgrade").message
    report = check(el("Leviathan", "superflyer", 7, stats, ["heavy_transport", "antigrav"]))
    assert "type-requires-upgrade" not in codes(report)


def test_no_p7_aircraft_where_the_era_excludes_antigrav() -> None:
    """Where the era excludes antigrav (Eras 1-2, inferred), no superflyer may be P7+ (OtH p.10 note 6)."""
    stats = {"M": 5, "Mb": 5, "F": 8, "A": 6, "D": 4}
    report = check(el("Leviathan", "superflyer", 7, stats, ["heavy_transport", "antigrav"]), era="era2")
    hit = only(report, "era-no-antigrav-aircraft")
    assert hit.severity == "error" and hit.rule.startswith("OtH p.10")
    report = check(el("Lifter", "superflyer", 6, stats, ["heavy_transport"]), era="era2")
    assert "era-no-antigrav-aircraft" not in codes(report)
    assert check(el("Leviathan", "superflyer", 7, stats, ["heavy_transport", "antigrav"]),
                 era="era3").legal


def test_superflyer_mb_is_unpaid() -> None:
    """Aircraft Mb costs no pool points (inferred from OtH p.12, 14, 21; see the data file)."""
    report = check(el("Flyer", "superflyer", 4, SUPERFLYER_P4))
    assert report.analysis.elements[0].base.points_spent == 18
    assert report.legal
    et = ruleset().element_types["superflyer"]
    assert et.unpaid_stats == ["Mb"] and et.is_provisional


def test_superflyer_upgrades_at_most_presence() -> None:
    """A superflyer, being an aircraft, has at most P upgrades (OtH p.61 FAQ, applied to superflyers)."""
    report = check(el("Gunship", "superflyer", 4, {"M": 1, "Mb": 5, "F": 1, "A": 1, "D": 1},
                      [{"id": "gunnery_controller", "count": 5}]))
    assert only(report, "too-many-upgrades").severity == "error"


def test_superflyer_upgrade_limit_is_our_reading() -> None:
    """The book limits aircraft to P upgrades (OtH p.61 FAQ) and says nothing of superflyers; we
    apply it to them, being aircraft (README, Readings): the finding cites that reading and is
    provisional, where an aircraft's is the FAQ's, firm."""
    report = check(el("Gunship", "superflyer", 4, {"M": 1, "Mb": 5, "F": 1, "A": 1, "D": 1},
                      [{"id": "gunnery_controller", "count": 5}]))
    hit = only(report, "too-many-upgrades")
    assert hit.rule.startswith("inferred: OtH p.61") and hit.provisional
    stats = {"M": 3, "Mb": 3, "F": 3, "A": 3, "D": 3}
    report = check(el("Fighter", "aircraft", 1, stats,
                      [{"id": "vtol", "count": 1}, {"id": "rotary", "count": 1}]))
    hits = [f for f in report.all_findings if f.code == "too-many-upgrades"]
    assert hits and hits[0].rule == "OtH p.61" and not hits[0].provisional


# --- Appendix 1 ------------------------------------------------------------------

APPENDIX_1 = {
    # id: (supermech, supertank, superflyer, cost, page)
    "apocalypse_weapon": (True, True, True, 2, "OtH p.64"),
    "artificial_intelligence": (False, True, False, 2, "OtH p.64"),
    "bracing_mass": (True, False, False, 1, "OtH p.64"),
    "crusher": (False, True, False, 1, "OtH p.64"),
    "gunnery_controller": (True, True, True, 2, "OtH p.64"),
    "landing_pad": (True, True, False, 2, "OtH p.64"),
    "launch_bays": (True, False, True, 2, "OtH p.65"),
    "panopticon": (True, True, False, 1, "OtH p.65"),
    "self_repair": (False, True, False, 2, "OtH p.65"),
    "supergun": (True, True, False, 1, "OtH p.65"),
    "transport_bays": (True, True, True, 1, "OtH p.65"),
}


@pytest.mark.parametrize("upgrade_id", sorted(APPENDIX_1))
def test_appendix1_upgrade_data(upgrade_id: str) -> None:
    """Each Appendix 1 upgrade: which superweapons may take it and its cost (OtH p.64-66)."""
    rs = ruleset()
    up = rs.upgrades[upgrade_id]
    *allowed, cost, page = APPENDIX_1[upgrade_id]
    assert up.cost == cost and up.currency == "points" and up.source == page
    assert up.kind == "superweapon" and up.supplement == "superweapons"
    for kind, ok in zip(KINDS, allowed, strict=True):
        assert rs.matches(kind, up.eligible) is ok, kind


@pytest.mark.parametrize("upgrade_id", sorted(APPENDIX_1))
@pytest.mark.parametrize("kind", KINDS)
def test_appendix1_kind_availability(kind: str, upgrade_id: str) -> None:
    """An Appendix 1 upgrade on a superweapon that may not take it is an error naming both (OtH p.64-66)."""
    allowed = APPENDIX_1[upgrade_id][KINDS.index(kind)]
    report = check(el("Titan", kind, 8, {"M": 4, "Mb": 5, "F": 4, "A": 4, "D": 4}
                      if kind == "superflyer" else {"M": 4, "F": 4, "A": 4, "D": 4},
                      [upgrade_id, "antigrav", "heavy_transport"] if kind == "superflyer"
                      else [upgrade_id]))
    hits = [f for f in found(report, "upgrade-not-eligible") if "antigrav" not in f.message.lower()]
    if allowed:
        assert not hits
    else:
        assert len(hits) == 1
        name = ruleset().upgrades[upgrade_id].name
        assert hits[0].element_name == "Titan" and name in hits[0].message
        assert hits[0].rule == APPENDIX_1[upgrade_id][4]


def test_appendix1_only_for_superweapons() -> None:
    """Superweapons have exclusive access to Appendix 1: an ordinary mech may not take it (OtH p.10)."""
    report = check(el("Brute", "mech", 3, {"M": 5, "F": 5, "A": 5, "D": 2}, ["bracing_mass"]))
    hit = only(report, "upgrade-not-eligible")
    assert "Bracing mass" in hit.message and hit.element_name == "Brute"


@pytest.mark.parametrize("upgrade_id", ["gunnery_controller", "transport_bays"])
def test_repeatable_appendix1_upgrades(upgrade_id: str) -> None:
    """Gunnery controller (OtH p.64) and transport bays (OtH p.65) may be taken repeatedly."""
    report = check(el("Hydra", "supermech", 8, {"M": 4, "F": 4, "A": 3, "D": 3},
                      [{"id": upgrade_id, "count": 3}, upgrade_id]))
    assert "upgrade-over-cap" not in codes(report)
    assert ruleset().upgrades[upgrade_id].cap(8) is None


@pytest.mark.parametrize(("presence", "pads", "legal"), [
    (4, 1, True), (7, 2, False), (8, 2, True), (8, 3, False), (12, 3, True),
])
def test_landing_pad_one_per_full_four_presence(presence: int, pads: int, legal: bool) -> None:
    """At most one landing pad per full 4 points of P: P8 two, P12 three (OtH p.64)."""
    report = check(el("Carrier", "supertank", presence, {"M": 2, "F": 2, "A": 2, "D": 2},
                      [{"id": "landing_pad", "count": pads}]))
    assert ("upgrade-over-cap" not in codes(report)) is legal
    if not legal:
        hit = only(report, "upgrade-over-cap")
        assert f"at most {presence // 4} at P{presence}" in hit.message and "Landing pad" in hit.message


@pytest.mark.parametrize("upgrade_id", sorted(set(APPENDIX_1) - {
    "gunnery_controller", "transport_bays", "landing_pad"}))
def test_other_appendix1_upgrades_once_only(upgrade_id: str) -> None:
    """Appendix 1 upgrades not marked repeatable may be taken once (OtH p.64-65)."""
    kind = next(k for k, ok in zip(KINDS, APPENDIX_1[upgrade_id], strict=False) if ok)
    stats = {"M": 4, "Mb": 5, "F": 4, "A": 4, "D": 4} if kind == "superflyer" else {
        "M": 4, "F": 4, "A": 4, "D": 4}
    extra = ["heavy_transport", "antigrav"] if kind == "superflyer" else []
    hit = only(check(el("Twice", kind, 8, stats, [{"id": upgrade_id, "count": 2}, *extra])),
               "upgrade-over-cap")
    assert hit.severity == "error" and hit.element_name == "Twice"
    assert ruleset().upgrades[upgrade_id].name in hit.message and hit.rule.startswith("OtH p.6")


def test_artificial_intelligence_grants_gunnery_controller_and_supergun() -> None:
    """Artificial intelligence gives the gunnery controller and supergun upgrades (OtH p.64)."""
    report = check(el("Skynet", "supertank", 4, {"M": 4, "F": 4, "A": 4, "D": 3},
                      ["artificial_intelligence"]))
    info = report.analysis.elements[0]
    assert info.has_upgrade("gunnery_controller") and info.has_upgrade("supergun")
    assert info.base.points_spent == 17  # the granted upgrades cost nothing more


def test_what_artificial_intelligence_grants_is_printed() -> None:
    """Issue 33 item 3 (OtH p.64): a supertank with artificial intelligence has gunnery
    controller and supergun and never suffers overkill; its row, card and every printout say
    so, as granted, not bought."""
    from horizon_builder.export import render
    from horizon_builder.tui.roster.format import upgrades_text

    report = check(el("Skynet", "supertank", 4, {"M": 4, "F": 4, "A": 4, "D": 3},
                      ["artificial_intelligence"]))
    info = report.analysis.elements[0]
    assert "no_overkill" in info.special_rules
    row = upgrades_text(report.analysis.ruleset, info.base)
    assert row == "Artificial intelligence (gives Gunnery controller, Supergun, Never Overkill)"
    for fmt in ("text", "markdown", "html", "cards"):
        out = " ".join(render(report, fmt).split())  # (text wraps its lines)
        for said in ("Gunnery controller (with Artificial intelligence)",
                     "Supergun (with Artificial intelligence)", "Never Overkill"):
            assert said in out, (fmt, said)


def _skynet_and_eye(tmp_path: Path) -> Path:
    """A supertank with artificial intelligence and a supermech with a panopticon, saved."""
    from horizon_builder.roster.io import save_roster

    path = tmp_path / "skynet.toml"
    save_roster(path, Roster.model_validate(roster_data(
        el("Skynet", "supertank", 4, {"M": 4, "F": 4, "A": 4, "D": 3},
           ["artificial_intelligence"]),
        el("Eye", "supermech", 4, {"M": 5, "F": 5, "A": 5, "D": 4}, ["panopticon"]))))
    return path


async def test_what_an_upgrade_grants_is_on_the_elements_row(tmp_path: Path) -> None:
    """Issue 33 item 3 (OtH p.64, p.65): in the app, the element's row says what each of its
    upgrades gives it, upgrades and special rules alike, after the upgrade that gives them
    (from the rules data: ``grants_upgrades``, ``grants_rules``); a rule the upgrade's own
    name says (Flying by Flying) is not said twice."""
    from helpers_tui import table, until

    from horizon_builder.tui.app import HorizonApp

    path = _skynet_and_eye(tmp_path)
    app = HorizonApp(path)
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: app.loaded and len(table(app).rows_shown) == 2, "the rows")
        rows = {row.key: row.upgrades for row in table(app).rows_shown}
        assert rows["skynet"] == ("Artificial intelligence (gives Gunnery controller, Supergun, "
                                  "Never Overkill)")
        assert rows["eye"] == "Panopticon (gives Alert)"
        cells = [str(c) for c in table(app).get_row("skynet")]
        assert any("Never Overkill" in c for c in cells)  # drawn whole, not cut


def test_panopticon_makes_alert() -> None:
    """Panopticon: the element is alert (OtH p.65)."""
    report = check(el("Eye", "supermech", 4, {"M": 5, "F": 5, "A": 5, "D": 4}, ["panopticon"]))
    assert "alert" in report.analysis.elements[0].special_rules


def test_self_repair_removes_vanguard() -> None:
    """Self-repair systems: the supertank is not vanguard (OtH p.65)."""
    report = check(el("SuperWang", "supertank", 6, {"M": 3, "F": 5, "A": 6, "D": 5}, ["self_repair"]))
    assert "vanguard" not in report.analysis.elements[0].special_rules


def test_kaiju_and_robot_entries_left_to_their_supplements() -> None:
    """Appendix 1's Kaiju! and Robot are the BioWar and DataWar upgrades (OtH p.66): not defined here."""
    data = tomllib.loads(LAYER.read_text(encoding="utf-8"))
    assert not {"kaiju", "robot", "metaform"} & set(data.get("upgrades", {}))


def test_metaform_available_to_supermech_and_superflyer_only() -> None:
    """Appendix 1: metaform for supermechs and superflyers, not supertanks (OtH p.66)."""
    rs = ruleset()
    assert rs.matches("supermech", rs.upgrades["metaform"].eligible)
    assert rs.matches("superflyer", rs.upgrades["metaform"].eligible)
    assert not rs.matches("supertank", rs.upgrades["metaform"].eligible)


# --- carried elements (p.64-65) ----------------------------------------------------

def _carrier(*upgrades: Any, presence: int = 8, **extra: Any) -> dict[str, Any]:
    return el("Ark", "supermech", presence, {"M": 4, "F": 4, "A": 3, "D": 3}, list(upgrades), **extra)


def _plane(name: str, presence: int) -> dict[str, Any]:
    return el(name, "aircraft", presence, {"M": 3, "Mb": 5, "F": 3, "A": 2, "D": 1}, carried_by="ark")


def test_launch_bays_carry_aircraft_of_fp_up_to_p_minus_3() -> None:
    """Launch bays: aircraft of total FP up to P-3, paid for separately (OtH p.65)."""
    fits = check(_carrier("launch_bays"), _plane("A", 3), _plane("B", 2))
    assert "carrier-over-capacity" not in codes(fits)
    assert fits.totals.force_cost == 8 + 3 + 2  # the aircraft are elements of their own
    over = check(_carrier("launch_bays"), _plane("A", 3), _plane("B", 3))
    hit = only(over, "carrier-over-capacity")
    assert "FP 6" in hit.message and "FP 5 (P8 - 3)" in hit.message and hit.rule == "OtH p.65"


def test_transport_bays_carry_p_up_to_copies() -> None:
    """Transport bays: elements of total P up to the copies taken (OtH p.65)."""
    cargo = el("Lancers", "hvy_cav", 3, HVY_CAV, carried_by="ark")
    fits = check(_carrier({"id": "transport_bays", "count": 3}), cargo)
    assert "carrier-over-capacity" not in codes(fits)
    over = check(_carrier({"id": "transport_bays", "count": 2}), cargo)
    assert "transport bays for P 2" in only(over, "carrier-over-capacity").message
    # launch bays never take ground elements
    only(check(_carrier("launch_bays"), cargo), "carrier-over-capacity")


def test_bay_load_two_holds_each_passenger_whole_in_one() -> None:
    """Two holds, never added together (OtH p.65, issue 33 item 1): launch bays of FP P-3
    take aircraft, transport bays of P one per copy take any element, and each passenger
    rides whole in one of them. Two P3 aircraft and P1 of infantry: 6 FP of aircraft is one
    over the launch bays' 5, but the aircraft left over is P3, not 1, and 2 bays hold P2."""
    force = analyse(Roster.model_validate(roster_data(
        _carrier("launch_bays", {"id": "transport_bays", "count": 2}), _plane("A", 3),
        _plane("B", 3), el("Guards", "hvy_inf", 1, HVY_INF, carried_by="ark"))), ruleset())
    ark, cargo = force.elements[0], force.elements[1:]
    load = bay_load(force.ruleset, ark, cargo)
    assert (load.launch, load.launch_room, load.launch_less) == (True, 5, 3)
    assert (load.transport_room, load.aircraft_fp, load.other_p) == (2, 6, 1)
    assert not load.fits and [i.element.name for i in load.left_out] == ["B"]
    assert bay_load(force.ruleset, ark, [cargo[0], cargo[2]]).fits  # A in launch, Guards in 2
    assert bay_load(force.ruleset, ark, []).fits


def test_holds_take_is_an_exact_search() -> None:
    """The allocation is exact, not first-fit: the aircraft whose P is worth most go to the
    launch bays, even when listed last (OtH p.65)."""
    small, big = Passenger(fp=2, presence=1, aircraft=True), Passenger(3, 3, True)
    assert holds_take([small, big], launch_room=3, transport_room=1)  # big in launch
    assert not holds_take([small, big], launch_room=3, transport_room=0)
    assert holds_take([small, big], launch_room=5, transport_room=0)
    infantry = Passenger(fp=1, presence=1, aircraft=False)  # never in the launch bays
    assert not holds_take([infantry], launch_room=5, transport_room=0)
    assert left_out([big, infantry, small], launch_room=3, transport_room=1) == [2]


def test_over_capacity_names_the_passenger_that_does_not_fit() -> None:
    hit = only(check(_carrier("launch_bays", {"id": "transport_bays", "count": 1}),
                     _plane("A", 3), _plane("B", 3)), "carrier-over-capacity")
    assert hit.message.endswith("B does not fit"), hit.message


def test_superheavy_carrier_needs_bays() -> None:
    """An element can start aboard a superheavy only in its launch or transport bays (OtH p.65)."""
    report = check(_carrier(), _plane("A", 1))
    assert only(report, "carrier-no-bays").severity == "error"


def test_only_an_element_with_room_may_carry() -> None:
    """carried_by may not name just any element: one with no bays or transport upgrade cannot
    carry anything, whatever its kind (OtH p.65)."""
    report = check(el("Cav", "hvy_cav", 3, HVY_CAV),
                   el("Guards", "hvy_inf", 2, {"M": 3, "F": 4, "A": 3, "D": 3}, carried_by="cav"))
    hit = only(report, "carrier-no-bays")
    assert hit.severity == "error" and hit.element == "cav" and hit.rule == "OtH p.65"
    assert "Guards" in hit.message and not report.legal


def test_carriers_may_nest_but_not_loop() -> None:
    """Carriers may carry carriers (OtH p.65); a loop is an error."""
    lifter = el("Lifter", "superflyer", 4, SUPERFLYER_P4, [{"id": "transport_bays", "count": 2}],
                carried_by="ark")
    nest = check(_carrier({"id": "transport_bays", "count": 4}), lifter,
                 el("Guards", "hvy_inf", 2, HVY_INF, carried_by="lifter"))
    assert "carrier-over-capacity" not in codes(nest)
    loop = check(_carrier({"id": "transport_bays", "count": 4}, carried_by="lifter"), lifter)
    assert "carried-by-cycle" in codes(loop, "error")


def test_carrier_missing_from_a_round() -> None:
    """A Task Force round without the carrier: its cargo cannot start aboard it (OtH p.65, p.46)."""
    data = roster_data(_carrier("launch_bays"), _plane("A", 1), kind="task_force", force_cost=10,
                       rounds=[{"name": "Round 1", "elements": ["a"],
                                "command": {"kind": "none"}}])
    report = validate(Roster.model_validate(data), ruleset())
    hit = only(report, "carrier-missing")
    assert hit.severity == "warning" and hit.round == "Round 1"


# --- command (p.17) -------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_superheavy_never_the_free_conventional_chq(kind: str) -> None:
    """No superheavy may be the CHQ that benefits from the free conventional element (OtH p.17)."""
    report = check(el("Boss", kind, 4, BASE[kind]), command={"kind": "chq", "element": "boss"})
    hit = only(report, "superheavy-free-chq")
    assert hit.severity == "error" and hit.rule == "OtH p.17"
    assert report.analysis.elements[0].fc == 4  # never free


def test_supermech_may_be_a_mech_chq() -> None:
    """Only the free conventional CHQ is barred (OtH p.17): a supermech may be a mech CHQ at full cost."""
    report = check(el("Boss", "supermech", 4, SUPERMECH_P4), command={"kind": "mech_chq", "element": "boss"})
    assert report.legal, report.errors
    assert report.totals.force_cost == 4


def test_superheavy_takes_guide_fire_and_chain_of_command() -> None:
    """With a CHQ, Guide Fire and Chain of Command pass to a superheavy at the start (OtH p.17)."""
    report = check(el("Chq", "hvy_cav", 3, HVY_CAV), el("Mongrel", "supermech", 4, SUPERMECH_P4),
                   command={"kind": "chq", "element": "chq"})
    hit = only(report, "superheavy-takes-command")
    assert hit.severity == "info" and "Mongrel" in hit.message
    assert report.legal


# --- event options (p.9, p.17) -------------------------------------------------------------

def test_event_superheavies_barred(tmp_path: Path) -> None:
    """Organisers may bar superheavies entirely (OtH p.17)."""
    report = check(el("Mongrel", "supermech", 4, SUPERMECH_P4),
                   overrides=[event_file(tmp_path, superheavies_allowed=False)])
    assert only(report, "event-superheavies-barred").severity == "error"


def test_event_superheavy_presence_cap(tmp_path: Path) -> None:
    """Organisers may allow superheavies only up to a Presence (OtH p.17)."""
    event = event_file(tmp_path, superheavy_max_presence=5)
    report = check(el("Small", "supermech", 5, {"M": 5, "F": 6, "A": 6, "D": 5}),
                   el("Big", "supermech", 6, {"M": 6, "F": 6, "A": 6, "D": 6}), overrides=[event])
    hit = only(report, "event-superheavy-presence")
    assert hit.element_name == "Big" and "P5" in hit.message


def test_event_supertank_minimum_stat(tmp_path: Path) -> None:
    """Competitive events may require every supertank stat to be 2 or more (OtH p.9)."""
    event = event_file(tmp_path, supertank_min_stat=2)
    report = check(el("Bunker", "supertank", 4, {"M": 0, "F": 8, "A": 6, "D": 3}), overrides=[event])
    hit = only(report, "event-supertank-min-stat")
    assert hit.field == "stats.M" and "M0" in hit.message
    assert check(el("Tank", "supertank", 4, SUPERTANK_P4), overrides=[event]).legal


# --- inferred costs -------------------------------------------------------------------------

def test_engineer_cost_inferred_from_cyclops() -> None:
    """Cyclops P8 (pool 28) spends M6 F7 A6 D6 + landing pad 2, leaving 1 for engineer (OtH p.13)."""
    up = ruleset().upgrades["engineer"]
    assert up.cost == 1 and up.is_provisional and up.source.startswith("inferred: OtH p.13")
    assert up.supplement is None  # a core upgrade stays core when a layer corrects it


# --- the book's published superheavies (p.12-15) -------------------------------------------

BOOK: dict[str, tuple[dict[str, Any], bool, set[str], int | None, str]] = {
    # name: (element, legal, error codes, points spent if exact, why)
    "Mongrel": (el("Mongrel", "supermech", 4, {"M": 5, "F": 6, "A": 4, "D": 4}, ["bracing_mass"]),
                True, set(), 20, "spends its 20 points exactly"),
    "Grand Leopard (supermech)": (
        el("Grand Leopard", "supermech", 5, {"M": 3, "F": 3, "A": 6, "D": 5}, ["gunnery_controller"]),
        False, {"stat-below-minimum"}, None, "M3 is below the supermech minimum of 4"),
    "Grand Leopard (supertank)": (
        el("Grand Leopard", "supertank", 5, {"M": 3, "F": 3, "A": 6, "D": 5}, ["gunnery_controller"]),
        True, set(), 19, "read as a supertank it spends 19 exactly"),
    "Vulcan-2": (el("Vulcan-2", "superflyer", 5, {"M": 2, "Mb": 5, "F": 7, "A": 2, "D": 1},
                    [{"id": "heavy_transport", "count": 2}, "gunnery_controller"]),
                 True, set(), None, "legal; heavy transport's cost is unknown"),
    "SuperWang": (el("SuperWang", "supertank", 6, {"M": 3, "F": 5, "A": 6, "D": 5}, ["self_repair"]),
                  True, set(), 21, "spends 21 exactly"),
    "Cyclops": (el("Cyclops", "supermech", 8, {"M": 6, "F": 7, "A": 6, "D": 6},
                   ["landing_pad", "engineer"]), True, set(), 28, "28 exactly, engineer inferred at 1"),
    "Thunderbolt": (el("Thunderbolt", "superflyer", 9, {"M": 5, "Mb": 5, "F": 6, "A": 6, "D": 5},
                       ["antigrav", {"id": "heavy_transport", "count": 4}]),
                    True, set(), None, "legal, beyond the table; antigrav and heavy transport unknown"),
    "Empress": (el("Empress", "supermech", 10, {"M": 6, "F": 10, "A": 6, "D": 5},
                   ["apocalypse_weapon", "landing_pad", "bracing_mass"]),
                True, set(), 32, "P10 pool 32 by the pattern, spent exactly"),
}


@pytest.mark.parametrize("name", sorted(BOOK))
def test_book_superheavies(name: str) -> None:
    """The published superheavies (OtH p.12-15): legal or not under our rules, and why."""
    element, legal, errors, spent, why = BOOK[name]
    report = check(element)
    assert report.legal is legal, (why, [f.message for f in report.errors])
    assert codes(report, "error") == errors, why
    if spent is not None:
        base = report.analysis.elements[0].base
        assert (base.points_spent, base.pool) == (spent, spent), why


def test_book_examples_roster_is_legal() -> None:
    """examples/oth-superweapons.toml (OtH p.12-15) is legal; Thunderbolt and Empress are beyond the table."""
    loaded = load(examples_dir() / "oth-superweapons.toml")
    report = validate(loaded.roster, loaded.ruleset)
    assert report.legal, [f.message for f in report.errors]
    assert len(found(report, "presence-beyond-table")) == 2
    assert report.totals.force_cost == 47


# --- bad input ---------------------------------------------------------------------------

def test_unknown_upgrade_is_a_finding_not_a_crash() -> None:
    """An unknown upgrade id is an error naming the element and the upgrade."""
    hit = only(check(el("Odd", "supermech", 4, SUPERMECH_P4, ["death_ray"])), "upgrade-unknown")
    assert hit.severity == "error" and hit.element_name == "Odd" and "death_ray" in hit.message


def test_unknown_upgrade_in_a_file_names_file_and_key(tmp_path: Path, capsys: Any) -> None:
    """Loading a roster with an unknown upgrade reports file, line and key (exit 2), no traceback."""
    path = write_toml(tmp_path / "bad.toml",
                      roster_data(el("Odd", "supermech", 4, SUPERMECH_P4, ["death_ray"])))
    from horizon_builder.cli.main import main

    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "elements[1].upgrades[1]" in err and "death_ray" in err


# --- every rule shows in `horizon-builder check` ------------------------------------------

CLI_CASES: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "presence-out-of-range": ([el("Small", "supermech", 3, SUPERMECH_P4)], {}),
    "presence-beyond-table": ([el("Big", "supermech", 9, {"M": 6, "F": 10, "A": 8, "D": 6})], {}),
    "stat-below-minimum": ([el("Leopard", "supermech", 5, {"M": 3, "F": 3, "A": 6, "D": 5})], {}),
    "stat-above-maximum": ([el("Flyer", "superflyer", 4, {"M": 6, "Mb": 5, "F": 5, "A": 4, "D": 3})], {}),
    "pool-overspent": ([el("Greedy", "supertank", 4, {"M": 5, "F": 5, "A": 5, "D": 5})], {}),
    "superheavy-rapid": ([el("Sprinter", "supermech", 4, SUPERMECH_P4, ["test_rapid"])],
                         {"rules": True}),
    "cr-purchase-points-type": ([el("Crawler", "supertank", 4, SUPERTANK_P4)],
                                {"cr_purchases": [{"type": "supertank", "upgrade": "crusher"}]}),
    "type-forbids-upgrade": ([el("Chopper", "superflyer", 5, {"M": 5, "Mb": 5, "F": 5, "A": 5, "D": 5},
                                 ["rotary", "heavy_transport"])], {}),
    "type-requires-upgrade": ([el("Lifter", "superflyer", 5, {"M": 5, "Mb": 5, "F": 5, "A": 5, "D": 5})],
                              {}),
    "era-no-antigrav-aircraft": ([el("Leviathan", "superflyer", 7,
                                     {"M": 5, "Mb": 5, "F": 8, "A": 6, "D": 4},
                                     ["heavy_transport", "antigrav"])], {"era": "era2"}),
    "too-many-upgrades": ([el("Gunship", "superflyer", 4, {"M": 1, "Mb": 5, "F": 1, "A": 1, "D": 1},
                              [{"id": "gunnery_controller", "count": 5}])], {}),
    "upgrade-not-eligible": ([el("Titan", "supermech", 4, {"M": 5, "F": 5, "A": 5, "D": 4}, ["crusher"])],
                             {}),
    "upgrade-over-cap": ([el("Carrier", "supertank", 7, {"M": 4, "F": 5, "A": 5, "D": 5},
                             [{"id": "landing_pad", "count": 2}])], {}),
    "carrier-over-capacity": ([_carrier("launch_bays", presence=4), _plane("A", 2)], {}),
    "carrier-no-bays": ([_carrier(), _plane("A", 1)], {}),
    "carried-by-itself": ([_carrier("transport_bays", carried_by="ark")], {}),
    "carried-by-cycle": ([_carrier({"id": "transport_bays", "count": 4}, carried_by="lifter"),
                          el("Lifter", "superflyer", 4, SUPERFLYER_P4, ["transport_bays"],
                             carried_by="ark")], {}),
    "carrier-capacity-unknown": ([el("Ark", "superflyer", 5, {"M": 5, "Mb": 5, "F": 5, "A": 5, "D": 4},
                                     ["heavy_transport"]),
                                  el("Walker", "mech", 3, {"M": 5, "F": 5, "A": 5, "D": 3},
                                     carried_by="ark")], {}),
    "superheavy-free-chq": ([el("Boss", "supermech", 4, SUPERMECH_P4)],
                            {"command": {"kind": "chq", "element": "boss"}}),
    "superheavy-takes-command": ([el("Chq", "hvy_cav", 3, HVY_CAV),
                                  el("Mongrel", "supermech", 4, SUPERMECH_P4)],
                                 {"command": {"kind": "chq", "element": "chq"}}),
    "event-superheavies-barred": ([el("Mongrel", "supermech", 4, SUPERMECH_P4)],
                                  {"event": {"superheavies_allowed": False}}),
    "event-superheavy-presence": ([el("Big", "supermech", 6, {"M": 6, "F": 6, "A": 6, "D": 6})],
                                  {"event": {"superheavy_max_presence": 5}}),
    "event-supertank-min-stat": ([el("Bunker", "supertank", 4, {"M": 0, "F": 8, "A": 6, "D": 3})],
                                 {"event": {"supertank_min_stat": 2}}),
    "supplement-disabled": ([el("Mongrel", "supermech", 4, SUPERMECH_P4)], {"supplements": []}),
}


@pytest.mark.parametrize("code", sorted(CLI_CASES))
def test_rule_reported_by_check_cli(code: str, tmp_path: Path, capsys: Any) -> None:
    """Each superweapons rule shows in `horizon-builder check` on a roster breaking it (OtH p.8-17, 64-66)."""
    elements, options = CLI_CASES[code]
    options = dict(options)
    args: list[str] = []
    if options.pop("rules", False):
        args += ["--ruleset", str(write_toml(tmp_path / "rules.toml", TEST_RULES))]
    if "event" in options:
        args += ["--ruleset", str(write_toml(tmp_path / "event.toml", {"event": options.pop("event")}))]
    kwargs = {"supplements": options.pop("supplements", ["superweapons"]), **options}
    path = write_toml(tmp_path / "roster.toml", roster_data(*elements, **kwargs))
    status, findings = cli_findings(capsys, str(path), *args)
    hits = [f for f in findings if f["code"] == code]
    assert hits, [f["code"] for f in findings]
    assert all(h["rule"] for h in hits)
    assert status == (1 if any(f["severity"] == "error" for f in findings) else 0)


def test_carried_by_a_missing_element_is_a_located_load_error(tmp_path: Path) -> None:
    """`carried_by` must name an element of the list (OtH p.65): else the file does not load,
    and the problem names file, line and key."""
    from horizon_builder.files.problems import LoadError
    from horizon_builder.roster.io import load

    path = tmp_path / "r.toml"
    path.write_text('name = "X"\nforce_cost = 10\nsupplements = ["superweapons"]\n\n'
                    '[[elements]]\nname = "M"\ntype = "mech"\npresence = 1\n'
                    'carried_by = "ghost"\n')
    with pytest.raises(LoadError) as caught:
        load(path)
    text = str(caught.value)
    assert "r.toml:9:" in text and "carried_by" in text and "ghost" in text


def test_a_rule_granted_by_an_upgrade_bought_for_the_type_is_on_the_row() -> None:
    """A Mk 1 drone upgrade bought with CR for the whole type (OtH p.24) gives rapid and the
    drone team rule: the row of each element of that type says so."""
    from horizon_builder.tui.roster.rows import report_rows

    loaded = load(examples_dir() / "oth-datawar.toml")
    rows = report_rows(validate(loaded.roster, loaded.ruleset), (18, 80))
    drones = [r.upgrades for r in rows if r.name.startswith("Drone Platoon")]
    assert drones and set(drones) == {"Drone Mk 1 (gives Rapid, Drone Team (Mk 1))"}
    from horizon_builder.export import render

    report = validate(loaded.roster, loaded.ruleset)
    for fmt in ("text", "markdown", "html", "cards"):  # and the card and every printout
        assert "Drone Team (Mk 1)" in " ".join(render(report, fmt).split()), fmt


async def test_what_an_upgrade_grants_is_read_at_80x24(tmp_path: Path) -> None:
    """Issue 33 item 3 at 80 columns: the Upgrades column is too narrow for "(gives ...)", so
    the row says how many ("(gives 3)", when it has the room: 120x40) and the detail line
    under the list says, for the highlighted element, which upgrade gives which, whole on
    screen (the rules it gives not said twice); a row with the room keeps them."""
    from helpers_tui import select, table, until
    from textual.widgets import Static

    from horizon_builder.tui.app import HorizonApp

    path = _skynet_and_eye(tmp_path)
    app = HorizonApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.loaded and len(table(app).rows_shown) == 2, "the rows")
        rows = {row.key: row.upgrades for row in table(app).rows_shown}
        assert "Never Overkill" not in rows["skynet"]  # no room on the row
        detail = app.screen.query_one("#detail", Static)
        for key, said in (("skynet", "Artificial intelligence gives Gunnery controller, "
                                     "Supergun, Never Overkill"),
                          ("eye", "Panopticon gives Alert")):
            await select(pilot, app, key)
            await until(pilot, lambda s=said: s in app.screen.detail_text, f"{key}'s detail")
            await pilot.pause()
            drawn = " ".join("".join(s.text for s in line).strip()
                             for line in detail.render_lines(detail.region.reset_offset))
            assert said in " ".join(drawn.split()), drawn  # drawn whole, not cut
            assert app.screen.can_view_entire(detail)
            assert app.screen.detail_text.count("Never Overkill") <= 1
        assert table(app).scrollable_content_region.height >= 5
    app = HorizonApp(path)
    async with app.run_test(size=(120, 40)) as pilot:  # the row has room for how many
        await until(pilot, lambda: app.loaded and len(table(app).rows_shown) == 2, "the rows")
        rows = {row.key: row.upgrades for row in table(app).rows_shown}
        assert rows == {"skynet": "Artificial intelligence (gives 3)",
                        "eye": "Panopticon (gives Alert)"}
        await select(pilot, app, "skynet")
        await until(pilot, lambda: "Supergun, Never Overkill" in app.screen.detail_text)
