"""Rule numbers are data: every number or list a check compares against comes from the
ruleset, so an overrides layer changes it (with its own source/provisional), and the
ruleset loader re-reads an edited layer and never shares a mutable ruleset."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers_oth import base, codes, find, roster
from helpers_superweapons import check as sw_check
from helpers_superweapons import el, only
from pydantic import ValidationError

from horizon_builder.checks import validate
from horizon_builder.engine.adventures import AdventureError, allowance, mission_action, situation
from horizon_builder.engine.totals import intelligence_rating, round_nearest
from horizon_builder.files.problems import LoadError
from horizon_builder.rules.loader import load_ruleset


def layer(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def check(data: dict[str, Any], *overrides: Path):
    return validate(roster(data), load_ruleset(overrides))


# --- solitaire (OtH p.55, p.57-58) ----------------------------------------------------


def test_solitaire_numbers_are_data() -> None:
    """The solo FC (12, OtH p.55) and Hot Exfiltration's P2 / half the FP (OtH p.57-58)."""
    solo = load_ruleset().solitaire
    assert solo is not None and solo.force_cost == 12 and not solo.aircraft_allowed
    assert solo.source == "OtH p.55" and not solo.is_provisional
    assert solo.exfiltration is not None
    assert (solo.exfiltration.max_presence, solo.exfiltration.min_fp_percent) == (2, 50)
    assert solo.exfiltration.source == "OtH p.57-58"


def test_override_changes_the_solo_force_cost(tmp_path: Path) -> None:
    """A house rule playing solo at FC 15 (book: FC 12, OtH p.55): FC 15 is then the one
    that does not warn, and the warning cites the house rule, provisional."""
    house = layer(tmp_path, '[solitaire]\nforce_cost = 15\nsource = "house rule"\n')
    assert "solo-force-cost" in codes(check(base(force_cost=15, solitaire="solo")))
    assert "solo-force-cost" not in codes(check(base(force_cost=15, solitaire="solo"), house))
    hit = find(check(base(force_cost=12, solitaire="solo"), house), "solo-force-cost")
    assert hit and "FC 15" in hit[0].message
    assert hit[0].rule.startswith("house rule; changed by ") and hit[0].provisional


def test_override_allows_aircraft_in_a_solo_game(tmp_path: Path) -> None:
    """No aircraft in a solo game (OtH p.55), unless a layer allows them."""
    data = base(force_cost=12, solitaire="solo")
    data["elements"].append({"id": "ac", "name": "Hawk", "type": "aircraft", "presence": 1,
                             "stats": {"M": 3, "F": 2, "A": 2, "D": 2}})
    assert "solo-no-aircraft" in codes(check(data))
    house = layer(tmp_path, "[solitaire]\naircraft_allowed = true\n")
    assert "solo-no-aircraft" not in codes(check(data, house))


def test_override_changes_hot_exfiltration_small_elements(tmp_path: Path) -> None:
    """Hot Exfiltration counts FP of P2-or-less elements against half the FP (OtH p.57-58):
    with 'small' raised to P3 the same force passes; with 80% asked it fails again."""
    data = base(force_cost=12, solitaire="hot_exfiltration")
    data["elements"] = [e for e in data["elements"] if e["presence"] > 2 or e["id"] == "li1"]
    data["elements"].append({"id": "hc2", "name": "Tank B", "type": "hvy_cav", "presence": 3,
                             "stats": {"M": 4, "F": 5, "A": 5, "D": 1}})
    assert "exfil-small-elements" in codes(check(data))  # 1 of 7 FP
    p3 = layer(tmp_path, "[solitaire.exfiltration]\nmax_presence = 3\n", "p3.toml")
    assert "exfil-small-elements" not in codes(check(data, p3))  # 7 of 7 FP
    # the base force: 6 of 9 FP in P2-or-less elements passes at half, not at 80%
    strict = layer(tmp_path, "[solitaire.exfiltration]\nmin_fp_percent = 80\n", "strict.toml")
    assert "exfil-small-elements" not in codes(check(base(solitaire="hot_exfiltration")))
    hit = find(check(base(solitaire="hot_exfiltration"), strict), "exfil-small-elements")
    assert hit and "80%" in hit[0].message and "6 of 9 FP" in hit[0].message


# --- antigrav aircraft (OtH p.10 note 6) ------------------------------------------------


SUPERFLYER = {"M": 5, "Mb": 5, "F": 8, "A": 6, "D": 4}


def test_antigrav_aircraft_presence_is_data(tmp_path: Path) -> None:
    """Where the era bars antigrav, no aircraft of P7+ (OtH p.10 note 6); a layer moving the
    line to P6 bars a P6 superflyer too, cited and provisional as the layer says."""
    need = load_ruleset().needs_upgrade["antigrav"]
    assert need.from_presence == 7 and need.names == ["aircraft"]
    assert need.source == "OtH p.10 (note 6)"
    p6 = el("Lifter", "superflyer", 6, SUPERFLYER, ["heavy_transport"])
    assert "era-no-antigrav-aircraft" not in codes_of(sw_check(p6, era="era2"))
    house = layer(tmp_path, '[needs_upgrade.antigrav]\nfrom_presence = 6\nsource = "house"\n')
    hit = only(sw_check(p6, era="era2", overrides=[house]), "era-no-antigrav-aircraft")
    assert hit.rule.startswith("house; changed by house.toml #") and hit.provisional and "P6+" in hit.message


def codes_of(report) -> set[str]:
    return {f.code for f in report.all_findings}


# --- metaform types (OtH p.19-20) ------------------------------------------------------


RECON = {"M": 6, "F": 2, "A": 2, "D": 2}
LT_INF = {"M": 3, "F": 2, "A": 2, "D": 2}


def test_metaform_types_are_data(tmp_path: Path) -> None:
    """A metaform is one of nine types (OtH p.19-20): the list lives on the metaform upgrade;
    a layer that drops recon and adds light infantry changes the verdict both ways."""
    rs = load_ruleset()
    assert rs.upgrades["metaform"].form_types == [
        "mech", "aircraft", "hvy_cav", "armd_art", "lt_cav", "hvy_inf", "lt_art", "recon",
        "mob_inf"]
    assert rs.form_upgrade_ids() == {"metaform"}
    mech = {"M": 5, "F": 5, "A": 3, "D": 3}

    def shifter(form_type: str, stats: dict[str, int]) -> dict[str, Any]:
        return el("Shifter", "mech", 2, mech, ["metaform"],
                  forms=[{"type": form_type, "presence": 2 if form_type == "recon" else 1,
                          "stats": dict(stats), "upgrades": []}])

    meta = ("metaformers",)
    assert "metaform-type-not-allowed" not in codes_of(sw_check(shifter("recon", RECON),
                                                                supplements=meta))
    assert "metaform-type-not-allowed" in codes_of(sw_check(shifter("lt_inf", LT_INF),
                                                            supplements=meta))
    house = layer(tmp_path, '[upgrades.metaform]\nform_types = ["mech", "aircraft", "lt_inf"]\n')
    assert "metaform-type-not-allowed" in codes_of(
        sw_check(shifter("recon", RECON), supplements=meta, overrides=[house]))
    assert "metaform-type-not-allowed" not in codes_of(
        sw_check(shifter("lt_inf", LT_INF), supplements=meta, overrides=[house]))


def test_metaform_types_must_name_element_types(tmp_path: Path) -> None:
    house = layer(tmp_path, '[upgrades.metaform]\nform_types = ["mech", "dragon"]\n')
    with pytest.raises(LoadError) as err:
        load_ruleset([house])
    assert "dragon" in str(err.value)


def test_needs_upgrade_must_name_an_upgrade(tmp_path: Path) -> None:
    house = layer(tmp_path, '[needs_upgrade.warp]\nnames = ["aircraft"]\nfrom_presence = 3\n')
    with pytest.raises(LoadError) as err:
        load_ruleset([house])
    assert "warp" in str(err.value)


# --- rounding (OtH p.50-51: "nearest", halves not said) ------------------------------------


@pytest.mark.parametrize(("mode", "up", "down"), [
    ("half_away_from_zero", 3, -3), ("half_up", 3, -2), ("half_even", 2, -2)])
def test_three_rounding_modes(mode, up, down) -> None:
    assert round_nearest(Fraction(5, 2), mode) == up
    assert round_nearest(Fraction(-5, 2), mode) == down
    assert round_nearest(Fraction(7, 2), mode) == 4
    assert round_nearest(Fraction(8, 3), mode) == 3  # not a half: every mode agrees


def test_intelligence_rounding_is_read(tmp_path: Path) -> None:
    """IR = 10 × (1 − FP/FC), nearest whole number (OtH p.50). A P2 mech with one P2
    metaform is FC 4, FP 3 (OtH p.19): IR 2.5, rounded as ``[intelligence] rounding`` says."""
    assert intelligence_rating(4, 3) == 3
    assert intelligence_rating(4, 3, rounding="half_even") == 2
    mech = {"M": 5, "F": 5, "A": 3, "D": 3}
    shifter = el("Shifter", "mech", 2, mech, ["metaform"],
                 forms=[{"type": "hvy_inf", "presence": 2, "stats": {"M": 3, "F": 4, "A": 3, "D": 3},
                         "upgrades": []}])
    report = sw_check(shifter, supplements=("metaformers",))
    assert (report.totals.force_cost, report.totals.force_presence) == (4, 3)
    assert report.totals.intelligence_rating == 3
    house = layer(tmp_path, '[intelligence]\nrounding = "half_even"\n')
    report = sw_check(shifter, supplements=("metaformers",), overrides=[house])
    assert report.totals.intelligence_rating == 2


def test_adventure_rounding_and_die_are_read(tmp_path: Path) -> None:
    """Allowances are FP × fraction to the nearest point (OtH p.51), halves as the tables say;
    rolls are on a d12 (OtH p.52-53) unless the tables name another die."""
    assert allowance(10, 0.25) == 3 and allowance(10, 0.25, "half_even") == 2
    house = layer(tmp_path, '[adventures]\nrounding = "half_even"\nsituation_die = 10\n')
    shipped = load_ruleset().adventures
    tables = load_ruleset([house]).adventures
    assert shipped is not None and tables is not None
    row = next(r for r, s in shipped.situations.items() if s.advance == 0.50)
    assert situation(shipped, row, 5).advance == 3  # 2.5
    assert situation(tables, row, 5).advance == 2
    assert mission_action(shipped, 12).name
    with pytest.raises(AdventureError, match="d10"):
        mission_action(tables, 12)
    with pytest.raises(AdventureError, match="d12"):
        situation(shipped, 13, 10)


# --- the loader ------------------------------------------------------------------------------


def test_edited_overrides_file_is_read_again(tmp_path: Path) -> None:
    """The cache is keyed on content: editing a house-rules file between loads is seen."""
    house = layer(tmp_path, "[element_types.mech.pool.points]\n1 = 13\n")
    assert load_ruleset([house]).element_types["mech"].pool.points[1] == 13  # type: ignore[union-attr]
    house.write_text("[element_types.mech.pool.points]\n1 = 11\n", encoding="utf-8")
    assert load_ruleset([house]).element_types["mech"].pool.points[1] == 11  # type: ignore[union-attr]


def test_loaded_ruleset_cannot_be_changed_in_place() -> None:
    """Rules are frozen: a session cannot change a value another session reads."""
    rs = load_ruleset()
    with pytest.raises(ValidationError):
        rs.upgrades["engineer"].cost = 5  # type: ignore[misc]
    with pytest.raises(ValidationError):
        rs.intelligence = None  # type: ignore[misc]


def test_one_load_does_not_reach_another() -> None:
    """Even the tables' contents are a load's own: adding to one reaches no other load."""
    first = load_ruleset()
    first.upgrades.pop("engineer")
    first.element_types["mech"].tags.append("mutated")
    second = load_ruleset()
    assert "engineer" in second.upgrades and "mutated" not in second.element_types["mech"].tags


# --- tournament Task Force (OtH p.46) -----------------------------------------------------


def test_task_force_fp_limit_is_data(tmp_path: Path) -> None:
    """A Task Force's FP is at most twice the tournament FC (OtH p.46); a layer allowing three
    times lifts the error and the totals' limit follows."""
    from helpers_oth import check as oth_check
    from helpers_oth import example_data

    assert load_ruleset().tournament is not None
    data = example_data("tournament-task-force.toml")
    report = oth_check(data)
    fp = report.totals.force_presence
    data["force_cost"] = fp // 2 - 1 if fp % 2 == 0 else fp // 2  # 2 × FC < FP
    over = oth_check(data)
    assert "tf-presence-over-limit" in codes(over)
    hit = find(over, "tf-presence-over-limit")[0]
    assert hit.rule == "OtH p.46" and not hit.provisional
    house = layer(tmp_path, '[tournament]\nfp_per_fc = 3\nsource = "event preset"\n')
    lifted = validate(roster(data), load_ruleset([house]))
    assert "tf-presence-over-limit" not in codes(lifted)
    assert lifted.totals.force_presence_limit == 3 * data["force_cost"]


# --- naval support abilities (OtH p.39) --------------------------------------------------


def _naval(*abilities: str, aircraft_p: int | None = None) -> dict[str, Any]:
    data = base()
    data["elements"].append({"id": "ns", "name": "HMS Test", "type": "naval_support",
                             "presence": len(abilities), "upgrades": list(abilities)})
    if aircraft_p is not None:
        data["elements"].append({"id": "jet", "name": "Jet", "type": "aircraft",
                                 "presence": aircraft_p, "stats": {"M": 3, "Mb": 5, "F": 3,
                                                                   "A": 2, "D": 1}})
    return data


def test_whom_naval_abilities_reach_is_data(tmp_path: Path) -> None:
    """Aircraft carrier reaches aircraft of P3 or less, marines Lt Inf, gunnery priority the
    ballistic strike (OtH p.39): ``reaches`` on each ability. A layer raising the carrier's
    line to P4 makes a P4 aircraft count, cited and provisional as the layer says."""
    rs = load_ruleset()
    carrier = rs.upgrades["aircraft_carrier"].reaches
    assert carrier is not None and (carrier.names, carrier.max_presence) == (["aircraft"], 3)
    assert carrier.source == "OtH p.39" and not carrier.is_provisional
    assert rs.upgrades["marines"].reaches.names == ["lt_inf"]  # type: ignore[union-attr]
    assert rs.upgrades["gunnery_priority"].reaches.names == ["ballistic_strike"]  # type: ignore[union-attr]
    p3 = _naval("aircraft_carrier", aircraft_p=3)
    p4 = _naval("aircraft_carrier", aircraft_p=4)
    assert "carrier-without-aircraft" not in codes(check(p3))
    hit = find(check(p4), "carrier-without-aircraft")
    assert hit and "aircraft of p3 or less" in hit[0].message.lower() and hit[0].rule == "OtH p.39"
    house = layer(tmp_path, '[upgrades.aircraft_carrier.reaches]\nmax_presence = 4\n'
                  'source = "house"\n')
    assert "carrier-without-aircraft" not in codes(check(p4, house))
    hit = find(check(_naval("aircraft_carrier", aircraft_p=5), house), "carrier-without-aircraft")
    assert hit and "P4 or less" in hit[0].message and hit[0].rule.startswith("house; changed by house.toml #")
    assert hit[0].provisional


def test_marines_reach_is_data(tmp_path: Path) -> None:
    """Marines help Lt Inf only (OtH p.39); a layer that extends them to Hvy Inf silences the
    warning for a force without Lt Inf but with Hvy Inf."""
    data = _naval("marines")
    data["elements"] = [e for e in data["elements"] if e["type"] != "lt_inf"]
    assert find(check(data), "marines-without-lt-inf")
    house = layer(tmp_path, '[upgrades.marines.reaches]\nnames = ["lt_inf", "hvy_inf"]\n')
    assert not find(check(data, house), "marines-without-lt-inf")


def test_reaches_must_name_known_types(tmp_path: Path) -> None:
    house = layer(tmp_path, '[upgrades.marines.reaches]\nnames = ["frogmen"]\n')
    with pytest.raises(LoadError) as err:
        load_ruleset([house])
    assert "frogmen" in str(err.value)


# --- bays (OtH p.65) -----------------------------------------------------------------------


ARK = {"M": 4, "F": 4, "A": 3, "D": 3}
PLANE = {"M": 3, "Mb": 5, "F": 3, "A": 2, "D": 1}
HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}


def test_bay_room_is_data(tmp_path: Path) -> None:
    """Launch bays hold aircraft of FP up to P-3, transport bays P 1 a copy (OtH p.65): a
    layer changing both changes what fits."""
    rs = load_ruleset()
    launch, transport = rs.upgrades["launch_bays"].bays, rs.upgrades["transport_bays"].bays
    assert launch is not None and launch.presence_less == 3 and launch.source == "OtH p.65"
    assert transport is not None and transport.per_copy == 1 and transport.presence_less is None
    launcher = el("Ark", "supermech", 8, ARK, ["launch_bays"])
    hauler = el("Ark", "supermech", 8, ARK, [{"id": "transport_bays", "count": 2}])
    planes = [el(n, "aircraft", 3, PLANE, carried_by="ark") for n in ("A", "B")]  # FP 6
    cargo = el("Lancers", "hvy_cav", 3, HVY_CAV, carried_by="ark")  # P3
    assert "FP 5 (P8 - 3)" in only(sw_check(launcher, *planes), "carrier-over-capacity").message
    assert "P 2" in only(sw_check(hauler, cargo), "carrier-over-capacity").message
    house = layer(tmp_path, '[upgrades.launch_bays.bays]\npresence_less = 2\n'
                  '[upgrades.transport_bays.bays]\nper_copy = 2\n')
    assert "carrier-over-capacity" not in codes_of(sw_check(launcher, *planes, overrides=[house]))
    assert "carrier-over-capacity" not in codes_of(sw_check(hauler, cargo, overrides=[house]))


# --- aircraft-baseform metaformer CHQ (OtH p.20) ----------------------------------------------


def test_metaformer_chq_bar_is_data(tmp_path: Path) -> None:
    """An aircraft-baseform metaformer is never the CHQ (OtH p.20): ``chq_barred_base`` on the
    metaform upgrade; a layer emptying it lets one lead."""
    assert load_ruleset().upgrades["metaform"].chq_barred_base == ["aircraft"]
    jet = el("Jet", "aircraft", 3, {"M": 5, "Mb": 5, "F": 5, "A": 3, "D": 2}, ["metaform"],
             forms=[{"type": "mech", "presence": 3, "stats": {"M": 5, "F": 5, "A": 5, "D": 3},
                     "upgrades": []}])
    command = {"kind": "mech_chq", "element": "jet"}
    meta = ("metaformers",)
    assert only(sw_check(jet, supplements=meta, command=command),
                "metaformer-aircraft-chq").severity == "error"
    house = layer(tmp_path, '[upgrades.metaform]\nchq_barred_base = []\n')
    assert "metaformer-aircraft-chq" not in codes_of(
        sw_check(jet, supplements=meta, command=command, overrides=[house]))


# --- mad scientist (OtH p.69) ------------------------------------------------------------------


def test_mad_scientist_free_count_is_data(tmp_path: Path) -> None:
    """A mad scientist gives the CHQ one weird upgrade free (OtH p.69): ``grants_free`` on the
    weird command; a layer giving two lets the CHQ mark two free."""
    assert load_ruleset().upgrades["mad_scientist"].grants_free == 1
    data = base(command={"kind": "chq", "element": "chq",
                         "weird": [{"id": "mad_scientist", "replaces": "chain_of_command"}]})
    next(e for e in data["elements"] if e["id"] == "chq")["upgrades"] = [
        {"id": "sonic_cannon", "paid": "free"}, {"id": "tesla_gun", "paid": "free"}]
    hit = find(check(data), "weird-free-too-many")
    assert hit and "gives one" in hit[0].message
    house = layer(tmp_path, '[upgrades.mad_scientist]\ngrants_free = 2\n')
    assert not find(check(data, house), "weird-free-too-many")
