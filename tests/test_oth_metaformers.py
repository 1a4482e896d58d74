"""Metaformers (Over the Horizon p.18-22): one test per rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers_superweapons import (
    HVY_CAV,
    HVY_INF,
    SUPERMECH_P4,
    check,
    cli_findings,
    codes,
    el,
    only,
    roster_data,
    ruleset,
    write_toml,
)

from horizon_builder.checks import validate
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster

META = ("metaformers",)
MECH_P3 = {"M": 5, "F": 5, "A": 5, "D": 3}  # 18 of 18
MECH_P2 = {"M": 5, "F": 5, "A": 3, "D": 3}  # 16 of 16
MECH_P1 = {"M": 4, "F": 4, "A": 3, "D": 3}  # 14 of 14
AIR_P2 = {"M": 4, "Mb": 5, "F": 4, "A": 2, "D": 2}  # 12 of 12
AIR_P3 = {"M": 5, "Mb": 5, "F": 5, "A": 3, "D": 2}  # 15 of 15
LT_CAV = {"M": 6, "F": 3, "A": 2, "D": 2}

#: A conventional CR upgrade with a known cost, for the CR tests.
TEST_RULES = {"upgrades": {"test_cr": {"name": "Test CR upgrade", "currency": "cr", "cost": 1,
                                       "eligible": ["conventional"], "source": "test"}}}


def form(type_: str, presence: int, stats: dict[str, int], upgrades: list[Any] | None = None,
         name: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type_, "presence": presence, "stats": dict(stats),
                            "upgrades": list(upgrades or [])}
    if name:
        data["name"] = name
    return data


def metaformer(name: str, type_: str, presence: int, stats: dict[str, int], *forms: dict[str, Any],
               upgrades: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return el(name, type_, presence, stats, ["metaform", *(upgrades or [])], forms=list(forms), **extra)


def worked_example() -> dict[str, Any]:
    """OtH p.19: P3 mech + P3 heavy cavalry + P2 strike fighter."""
    return metaformer("Firejet", "mech", 3, MECH_P3, form("hvy_cav", 3, HVY_CAV, name="Tank"),
                      form("aircraft", 2, AIR_P2, name="Strike fighter"))


def mcheck(*elements: dict[str, Any], **kwargs: Any):
    kwargs.setdefault("supplements", META)
    return check(*elements, **kwargs)


@pytest.fixture
def test_rules(tmp_path: Path) -> Path:
    return write_toml(tmp_path / "test-rules.toml", TEST_RULES)


# --- the upgrade ------------------------------------------------------------------

def test_metaform_upgrade_data() -> None:
    """Metaform: free; for mechs and aircraft (OtH p.19), supermechs and superflyers (OtH p.66)."""
    rs = ruleset()
    up = rs.upgrades["metaform"]
    assert up.cost == 0 and up.supplement == "metaformers"
    for type_id in ("mech", "aircraft", "supermech", "superflyer"):
        assert rs.matches(type_id, up.eligible), type_id
    for type_id in ("supertank", "hvy_cav", "lt_inf"):
        assert not rs.matches(type_id, up.eligible), type_id


def test_metaform_upgrade_costs_nothing() -> None:
    """The metaform upgrade itself takes no stat points (OtH p.19)."""
    report = mcheck(worked_example())
    assert report.analysis.elements[0].base.points_spent == 18
    assert report.legal, [f.message for f in report.errors]


def test_metaform_only_for_mechs_and_aircraft() -> None:
    """A conventional element may not take metaform (OtH p.19)."""
    report = mcheck(metaformer("Shifter", "hvy_cav", 3, HVY_CAV, form("mech", 3, MECH_P3)))
    hit = only(report, "upgrade-not-eligible")
    assert "Metaform" in hit.message and hit.element_name == "Shifter"


def test_metaforms_need_the_metaform_upgrade() -> None:
    """Only a metaformer (an element with the metaform upgrade) has metaforms (OtH p.19)."""
    report = mcheck(el("Plain", "mech", 3, MECH_P3, forms=[form("hvy_cav", 3, HVY_CAV)]))
    assert only(report, "metaform-upgrade-missing").severity == "error"
    report = mcheck(el("Empty", "mech", 3, MECH_P3, ["metaform"]))
    assert only(report, "metaform-no-forms").severity == "warning"


def test_metaform_needs_the_supplement() -> None:
    """Metaformers are supplement content: the roster must enable Metaformers (OtH p.18)."""
    assert "supplement-disabled" in codes(mcheck(worked_example(), supplements=()), "error")


def test_metaform_not_nested() -> None:
    """A metaform is a form of the metaformer, not a metaformer itself (OtH p.19)."""
    report = mcheck(metaformer("Russian Doll", "aircraft", 3, AIR_P3,
                               form("mech", 3, MECH_P3, ["metaform"], name="Doll")))
    hit = only(report, "metaform-nested")
    assert "Doll form" in hit.message and hit.field == "forms[1].upgrades"


# --- number, Presence and type of forms ------------------------------------------------

def test_metaform_count_at_most_baseform_presence() -> None:
    """A metaformer has at most as many metaforms as its baseform's P: P1 one, P3 three (OtH p.19)."""
    one = mcheck(metaformer("Sprite", "mech", 1, MECH_P1, form("lt_cav", 1, LT_CAV),
                            form("mob_inf", 1, {"M": 3, "F": 2, "A": 2, "D": 2})))
    hit = only(one, "metaform-too-many")
    assert hit.severity == "error" and "at most 1" in hit.message
    three = mcheck(metaformer("Trio", "mech", 3, MECH_P3, form("hvy_cav", 3, HVY_CAV),
                              form("hvy_inf", 2, HVY_INF), form("aircraft", 3, AIR_P3)))
    assert "metaform-too-many" not in codes(three)


def test_metaform_presence_at_most_baseform() -> None:
    """Each metaform's P is the baseform's or lower (OtH p.19)."""
    report = mcheck(metaformer("Small", "mech", 2, MECH_P2, form("hvy_cav", 3, HVY_CAV)))
    hit = only(report, "metaform-presence-too-high")
    assert hit.field == "forms[1].presence" and "P3" in hit.message and "P2" in hit.message


ALLOWED = {
    "aircraft": (2, AIR_P2), "hvy_cav": (3, HVY_CAV), "armd_art": (3, {"M": 2, "F": 5, "A": 4, "D": 2}),
    "lt_cav": (2, LT_CAV), "hvy_inf": (2, HVY_INF), "lt_art": (2, {"M": 2, "F": 4, "A": 2, "D": 2}),
    "recon": (2, {"M": 6, "F": 2, "A": 2, "D": 2}), "mob_inf": (1, {"M": 3, "F": 2, "A": 2, "D": 2}),
}


@pytest.mark.parametrize("form_type", sorted(ALLOWED))
def test_metaform_allowed_types(form_type: str) -> None:
    """A metaform may be a mech, aircraft, Hvy Cav, Armd Art, Lt Cav, Hvy Inf, Lt Art, Recon or Mob Inf.

    OtH p.19-20.
    """
    presence, stats = ALLOWED[form_type]
    report = mcheck(metaformer("Shifter", "mech", 3, MECH_P3, form(form_type, presence, stats)))
    assert not {"metaform-type-not-allowed", "metaform-same-type"} & codes(report)
    aircraft_base = mcheck(metaformer("Jet", "aircraft", 3, AIR_P3, form("mech", 3, MECH_P3)))
    assert not {"metaform-type-not-allowed", "metaform-same-type"} & codes(aircraft_base)


@pytest.mark.parametrize(("form_type", "presence", "stats"), [
    ("lt_inf", 1, {"M": 3, "F": 2, "A": 2, "D": 2}),
    ("sf", 3, {"M": 4, "F": 4, "A": 3, "D": 3}),
    ("ab_inf", 2, {"M": 3, "F": 3, "A": 2, "D": 2}),
    ("supermech", 4, SUPERMECH_P4),
])
def test_metaform_other_types_not_allowed(form_type: str, presence: int, stats: dict[str, int]) -> None:
    """Types outside the list (Lt Inf, SF, AB Inf, superheavies) cannot be metaforms (OtH p.19-20)."""
    report = mcheck(metaformer("Shifter", "supermech", 4, SUPERMECH_P4, form(form_type, presence, stats)),
                    supplements=("metaformers", "superweapons"))
    hit = only(report, "metaform-type-not-allowed")
    assert hit.severity == "error" and hit.rule == "OtH p.19-20" and hit.field == "forms[1].type"


@pytest.mark.parametrize(("base", "base_p", "base_stats", "form_type", "form_p", "form_stats"), [
    ("mech", 3, MECH_P3, "mech", 2, MECH_P2),
    ("aircraft", 3, AIR_P3, "aircraft", 2, AIR_P2),
    ("supermech", 4, SUPERMECH_P4, "mech", 3, MECH_P3),
])
def test_metaform_not_the_baseform_type(base: str, base_p: int, base_stats: dict[str, int],
                                        form_type: str, form_p: int, form_stats: dict[str, int]) -> None:
    """A metaform may not be of its baseform's type (a supermech's family is mech) (OtH p.19)."""
    report = mcheck(metaformer("Same", base, base_p, base_stats, form(form_type, form_p, form_stats)),
                    supplements=("metaformers", "superweapons"))
    assert only(report, "metaform-same-type").severity == "error"


def test_metaform_repeats_allowed() -> None:
    """Repeating a metaform type is allowed: an aircraft into two mechs (OtH p.19)."""
    report = mcheck(metaformer("Twin", "aircraft", 3, AIR_P3, form("mech", 3, MECH_P3),
                               form("mech", 2, MECH_P2)))
    assert report.legal, [f.message for f in report.errors]


def test_metaform_unknown_type_is_a_finding() -> None:
    """An unknown metaform type is an error naming the element and the type, not a crash (OtH p.19-20)."""
    report = mcheck(metaformer("Odd", "mech", 3, MECH_P3, form("dragon", 3, {})))
    hit = only(report, "metaform-type-unknown")
    assert hit.element_name == "Odd" and "dragon" in hit.message


def test_metaform_unknown_type_in_a_file(tmp_path: Path, capsys: Any) -> None:
    """In a file, an unknown metaform type is a load error naming file, line and key (exit 2)."""
    from horizon_builder.cli.main import main

    path = write_toml(tmp_path / "bad.toml", roster_data(
        metaformer("Odd", "mech", 3, MECH_P3, form("dragon", 3, {})), supplements=META))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "elements[1].forms[1].type" in err and "dragon" in err


# --- each form's statline and rules -----------------------------------------------------

def test_metaform_statlines_checked_as_their_type() -> None:
    """Each metaform is built as an element of its type: pool, limits, upgrades (OtH p.19)."""
    report = mcheck(metaformer("Heavy", "mech", 3, MECH_P3,
                               form("aircraft", 3, {"M": 5, "Mb": 5, "F": 6, "A": 3, "D": 2},
                                    name="Jet")))
    hit = only(report, "pool-overspent")
    assert hit.message.startswith("Heavy: Jet form:") and hit.field == "forms[1].stats"


def test_metaform_gets_its_type_special_rules() -> None:
    """In a Hvy Cav form a metaformer is rapid, vanguard and vehicle; as a mech it is not (OtH p.20)."""
    info = mcheck(worked_example()).analysis.elements[0]
    assert {"rapid", "vanguard", "vehicle"} <= set(info.forms[0].special_rules)
    assert "vanguard" not in info.base.special_rules
    assert "metaforming" in info.base.special_rules


# --- totals -------------------------------------------------------------------------------

def test_metaformer_force_cost_is_baseform_plus_forms() -> None:
    """Each metaform is paid as an extra element: P3 mech + P3 Hvy Cav + P2 aircraft = 8 FC (OtH p.19)."""
    report = mcheck(worked_example())
    assert report.analysis.elements[0].fc == 8
    assert report.totals.force_cost == 8


def test_metaformer_force_presence_is_baseform_plus_one_per_form() -> None:
    """FP = the baseform's P + 1 per metaform (OtH p.19)."""
    assert mcheck(worked_example()).totals.force_presence == 5


def test_metaformer_momentum_is_baseform_presence() -> None:
    """A metaformer provides momentum equal to its baseform's P only (OtH p.20)."""
    assert mcheck(worked_example()).totals.starting_momentum == 3


def test_metaforms_not_counted_for_command_resources() -> None:
    """Metaforms never count as conventional elements for CR (OtH p.20)."""
    report = mcheck(el("Chq", "hvy_cav", 3, HVY_CAV), worked_example(),
                    command={"kind": "chq", "element": "chq"})
    assert report.analysis.cr_counted_elements == 1
    assert report.totals.command_resources == 0


def test_metaforms_get_no_chq_discount() -> None:
    """A conventional CHQ's cost changes never reach metaforms (OtH p.20)."""
    report = mcheck(el("Chq", "hvy_cav", 3, HVY_CAV), el("Grenadiers", "hvy_inf", 2, HVY_INF),
                    metaformer("Bluestreak", "mech", 2, {"M": 7, "F": 2, "A": 2, "D": 1},
                               form("hvy_inf", 2, HVY_INF)),
                    command={"kind": "chq", "element": "chq"})
    by_id = report.analysis.by_id
    assert by_id["grenadiers"].fc == 1  # Hvy Cav CHQ: Hvy Inf -1
    assert by_id["bluestreak"].fc == 4  # 2 + 2, no discount on the Hvy Inf form


def test_cr_on_conventional_metaforms_as_their_own_type(test_rules: Path) -> None:
    """CR may buy upgrades for conventional metaforms, which are a type of their own for CR (OtH p.20)."""
    elements = (el("Chq", "hvy_cav", 3, HVY_CAV), el("Cav", "hvy_cav", 3, HVY_CAV),
                el("Guards", "hvy_inf", 2, HVY_INF), el("Pioneers", "hvy_inf", 2, HVY_INF),
                worked_example())
    command = {"kind": "chq", "element": "chq"}
    for_forms = mcheck(*elements, command=command, overrides=[test_rules],
                       cr_purchases=[{"type": "hvy_cav", "upgrade": "test_cr", "form_type": True}])
    assert for_forms.analysis.cr_spent == 1  # one Hvy Cav metaform, not the two Hvy Cav elements
    assert for_forms.legal, [f.message for f in for_forms.errors]
    for_type = mcheck(*elements, command=command, overrides=[test_rules],
                      cr_purchases=[{"type": "hvy_cav", "upgrade": "test_cr"}])
    assert for_type.analysis.cr_spent == 2
    hit = only(for_type, "metaform-cr-separate-type")
    assert hit.severity == "info" and "Firejet" in hit.message


def test_cr_only_on_conventional_metaforms(test_rules: Path) -> None:
    """CR may be spent on conventional metaforms only, not on mech or aircraft forms (OtH p.20)."""
    report = mcheck(worked_example(), overrides=[test_rules],
                    cr_purchases=[{"type": "aircraft", "upgrade": "vtol", "form_type": True}])
    assert only(report, "metaform-cr-not-conventional").severity == "error"


def test_cr_upgrade_on_a_metaform_is_bought_for_its_type(test_rules: Path) -> None:
    """A CR upgrade for a conventional metaform is bought for the metaform type, not one form (OtH p.20)."""
    report = mcheck(metaformer("Racer", "mech", 2, MECH_P2, form("lt_cav", 2, LT_CAV, ["test_cr"])),
                    overrides=[test_rules])
    hit = only(report, "metaform-cr-whole-type")
    assert hit.field == "forms[1].upgrades" and "form_type" in hit.message


# --- command and eras -------------------------------------------------------------------------

def test_aircraft_baseform_metaformer_never_chq() -> None:
    """An aircraft-baseform metaformer may not be the CHQ (OtH p.20)."""
    report = mcheck(metaformer("Jet", "aircraft", 3, AIR_P3, form("mech", 3, MECH_P3)),
                    command={"kind": "mech_chq", "element": "jet"})
    assert only(report, "metaformer-aircraft-chq").severity == "error"
    mech_base = mcheck(worked_example(), command={"kind": "mech_chq", "element": "firejet"})
    assert "metaformer-aircraft-chq" not in codes(mech_base)


def test_metaform_not_in_operation_plantagenet() -> None:
    """No metaformers in battles set during Operation Plantagenet (OtH p.19).

    The rest of Era 1 (the Burning, when Metatron fought, OtH p.21) may have them, so the
    ban belongs to the Plantagenet period of Era 1, not to the whole era.
    """
    report = mcheck(worked_example(), era="era1_plantagenet")
    hit = only(report, "era-forbids")
    assert hit.severity == "error" and not hit.provisional and hit.rule == "OtH p.19"
    assert "Metaform" in hit.message and "Operation Plantagenet" in hit.message
    for era in ("era1", "era2", "era4"):
        assert "era-forbids" not in codes(mcheck(worked_example(), era=era))


def test_supermech_metaformer() -> None:
    """A supermech may be a metaformer (OtH p.66), with forms of other types up to its P."""
    report = mcheck(metaformer("Titan", "supermech", 4, SUPERMECH_P4, form("hvy_cav", 3, HVY_CAV)),
                    supplements=("metaformers", "superweapons"))
    assert report.legal, [f.message for f in report.errors]
    assert report.totals.force_cost == 7 and report.totals.force_presence == 5


# --- the book's metaformers (p.19-22) ---------------------------------------------------------

METATRON = metaformer("Metatron", "mech", 3, {"M": 3, "F": 3, "A": 4, "D": 5},
                      form("hvy_cav", 3, HVY_CAV, name="Tank"),
                      form("aircraft", 3, {"M": 3, "Mb": 5, "F": 6, "A": 3, "D": 2},
                           ["vertical_thrusters"], name="Aircraft"))
BLUESTREAK = metaformer("Bluestreak", "mech", 2, {"M": 7, "F": 2, "A": 2, "D": 1},
                        form("hvy_inf", 2, HVY_INF, name="Hvy Inf"), upgrades=["drop_harness"])


@pytest.mark.parametrize(("element", "fc", "fp"), [
    (METATRON, 9, 5), (BLUESTREAK, 4, 3), (worked_example(), 8, 5),
], ids=["Metatron", "Bluestreak", "worked example"])
def test_book_metaformers(element: dict[str, Any], fc: int, fp: int) -> None:
    """Metatron (OtH p.21), Bluestreak (p.22) and the worked example (p.19) are legal metaformers."""
    report = mcheck(element)
    assert report.legal, [f.message for f in report.errors]
    assert (report.totals.force_cost, report.totals.force_presence) == (fc, fp)
    # Metatron's tank form is the published Hvy Cav statline (OtH p.21)
    assert "statline-differs" not in codes(report)


def test_book_swooper() -> None:
    """Swooper (OtH p.22): mech + gun-beast form, listed as vanguard, which gun-beasts never are (OtH p.30).

    The BioWar layer has one gun-beast type per conventional type it replaces; Swooper's form
    has the Hvy Cav statline, so it is ``gun_beast_hvy_cav``.
    """
    rs = ruleset()
    beast = form("gun_beast_hvy_cav", 3, HVY_CAV, name="Gun-beast")
    swooper = metaformer("Swooper", "mech", 3, {"M": 4, "F": 5, "A": 4, "D": 3}, beast)
    report = validate(Roster.model_validate(roster_data(swooper, supplements=("metaformers", "biowar"))),
                      rs)
    gun_beast = report.analysis.elements[0].forms[0]
    # the book lists the form as vanguard; under the gun-beast rules it is not
    assert "vanguard" not in gun_beast.special_rules
    assert report.legal, [f.message for f in report.errors]
    assert report.totals.force_cost == 6


def test_example_roster_is_legal() -> None:
    """examples/oth-metaformers.toml: Metatron, Bluestreak and the p.19 example under a Hvy Cav CHQ."""
    loaded = load(examples_dir() / "oth-metaformers.toml")
    report = validate(loaded.roster, loaded.ruleset)
    assert report.legal, [f.message for f in report.errors]
    t = report.totals
    assert (t.force_cost, t.force_presence, t.starting_momentum, t.command_resources) == (22, 18, 13, 1)


# --- every rule shows in `horizon-builder check` ------------------------------------------------

CLI_CASES: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "metaform-upgrade-missing": ([el("Plain", "mech", 3, MECH_P3, forms=[form("hvy_cav", 3, HVY_CAV)])],
                                 {}),
    "metaform-no-forms": ([el("Empty", "mech", 3, MECH_P3, ["metaform"])], {}),
    "metaform-nested": ([metaformer("Doll", "aircraft", 3, AIR_P3, form("mech", 3, MECH_P3, ["metaform"]))],
                        {}),
    "metaform-too-many": ([metaformer("Sprite", "mech", 1, MECH_P1, form("lt_cav", 1, LT_CAV),
                                      form("lt_cav", 1, LT_CAV))], {}),
    "metaform-presence-too-high": ([metaformer("Small", "mech", 2, MECH_P2, form("hvy_cav", 3, HVY_CAV))],
                                   {}),
    "metaform-type-not-allowed": ([metaformer("Rifle", "mech", 3, MECH_P3,
                                              form("lt_inf", 1, {"M": 3, "F": 2, "A": 2, "D": 2}))], {}),
    "metaform-same-type": ([metaformer("Same", "mech", 3, MECH_P3, form("mech", 2, MECH_P2))], {}),
    "metaformer-aircraft-chq": ([metaformer("Jet", "aircraft", 3, AIR_P3, form("mech", 3, MECH_P3))],
                                {"command": {"kind": "mech_chq", "element": "jet"}}),
    "metaform-cr-not-conventional": ([worked_example()],
                                     {"cr_purchases": [{"type": "aircraft", "upgrade": "vtol",
                                                        "form_type": True}]}),
    "metaform-cr-whole-type": ([metaformer("Racer", "mech", 2, MECH_P2,
                                           form("lt_cav", 2, LT_CAV, [{"id": "antigrav", "paid": "cr"}]))],
                               {}),
    "metaform-cr-separate-type": ([el("Chq", "hvy_cav", 3, HVY_CAV), worked_example()],
                                  {"command": {"kind": "chq", "element": "chq"},
                                   "cr_purchases": [{"type": "hvy_cav", "upgrade": "antigrav"}]}),
    "era-forbids": ([worked_example()], {"era": "era1_plantagenet"}),
    "upgrade-not-eligible": ([metaformer("Shifter", "hvy_cav", 3, HVY_CAV, form("mech", 3, MECH_P3))], {}),
    "pool-overspent": ([metaformer("Heavy", "mech", 3, MECH_P3,
                                   form("aircraft", 3, {"M": 5, "Mb": 5, "F": 6, "A": 3, "D": 2}))], {}),
    "supplement-disabled": ([worked_example()], {"supplements": []}),
}


@pytest.mark.parametrize("code", sorted(CLI_CASES))
def test_rule_reported_by_check_cli(code: str, tmp_path: Path, capsys: Any) -> None:
    """Each metaformer rule shows in `horizon-builder check` on a roster breaking it (OtH p.18-22)."""
    elements, options = CLI_CASES[code]
    kwargs = {"supplements": list(META), **options}
    path = write_toml(tmp_path / "roster.toml", roster_data(*elements, **kwargs))
    status, findings = cli_findings(capsys, str(path))
    hits = [f for f in findings if f["code"] == code]
    assert hits, [(f["code"], f["message"]) for f in findings]
    assert all(h["rule"] for h in hits)
    assert status == (1 if any(f["severity"] == "error" for f in findings) else 0)


def test_cr_for_a_metaform_type_does_not_reach_the_baseform() -> None:
    """CR bought for Lt Cav metaforms reaches those metaforms only (a metaform is its own type
    for CR, OtH p.20): antigrav bought so (Lt Cav may take it, OtH p.60 errata) does not give a
    P7 superflyer baseform the antigrav it must have (OtH p.10)."""
    report = check(el("Leviathan", "superflyer", 7, {"M": 3, "Mb": 5, "F": 10, "A": 6, "D": 6},
                      ["metaform", "heavy_transport"],
                      forms=[form("lt_cav", 2, LT_CAV)]),
                   supplements=("superweapons", "metaformers"),
                   cr_purchases=[{"type": "lt_cav", "upgrade": "antigrav", "form_type": True}])
    hit = only(report, "type-requires-upgrade")
    assert hit.element == "leviathan" and "Antigrav" in hit.message and hit.field == "upgrades"
