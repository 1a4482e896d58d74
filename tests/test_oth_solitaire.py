"""Solitaire (OtH p.55-58): the friendly force checks, on rosters that ask for them."""

from __future__ import annotations

from helpers_oth import base, check, codes, find, roster, ruleset

from horizon_builder.checks.solitaire import small_element_fp
from horizon_builder.engine.analysis import analyse


def _solo(kind: str = "solo", **fields):
    data = base(force_cost=12, solitaire=kind, **fields)
    return data


def test_solo_rules_only_when_asked() -> None:
    """A normal roster gets none of the solo checks (OtH p.55)."""
    data = base()
    data["elements"].append({"id": "ac", "name": "Hawk", "type": "aircraft", "presence": 1,
                             "stats": {"M": 3, "F": 2, "A": 2, "D": 2}})
    assert not codes(check(data)) & {"solo-no-aircraft", "solo-force-cost", "exfil-small-elements"}


def test_solo_no_aircraft() -> None:
    """No aircraft in a solo game (OtH p.55)."""
    data = _solo()
    data["elements"].append({"id": "ac", "name": "Hawk", "type": "aircraft", "presence": 1,
                             "stats": {"M": 3, "F": 2, "A": 2, "D": 2}})
    found = find(check(data), "solo-no-aircraft")
    assert found and found[0].severity == "error" and found[0].element == "ac"


def test_solo_aircraft_metaform_is_a_warning_aircraft_baseform_an_error() -> None:
    """No aircraft in a solo game (OtH p.55). Our reading (README): a mech whose metaform is an
    aircraft may play but not take that form (a warning, at the form); a metaformer whose
    baseform is an aircraft is an aircraft, as it is for the CHQ (OtH p.20): an error."""
    data = _solo(supplements=["metaformers"])
    data["elements"].append({
        "id": "mf", "name": "Shifter", "type": "mech", "presence": 2,
        "stats": {"M": 5, "F": 5, "A": 3, "D": 3}, "upgrades": ["metaform"],
        "forms": [{"type": "aircraft", "presence": 2, "name": "Jet",
                   "stats": {"M": 4, "Mb": 5, "F": 4, "A": 2, "D": 2}}]})
    data["elements"].append({
        "id": "af", "name": "Flyer", "type": "aircraft", "presence": 2,
        "stats": {"M": 4, "Mb": 5, "F": 4, "A": 2, "D": 2}, "upgrades": ["metaform"],
        "forms": [{"type": "mech", "presence": 2, "stats": {"M": 5, "F": 5, "A": 3, "D": 3}}]})
    report = check(data)
    form = find(report, "solo-aircraft-form")
    assert [(f.element, f.severity, f.field) for f in form] == [("mf", "warning", "forms[1].type")]
    assert "Jet form is an aircraft" in form[0].message
    assert [f.element for f in find(report, "solo-no-aircraft")] == ["af"]


def test_solo_force_cost_is_12() -> None:
    """The solo rules are written for a friendly battlegroup of FC 12 (OtH p.55): another FC warns."""
    assert "solo-force-cost" not in codes(check(_solo()))
    data = _solo()
    data["force_cost"] = 15
    found = find(check(data), "solo-force-cost")
    assert found and found[0].severity == "warning"


def test_hot_exfiltration_half_fp_small_elements() -> None:
    """Hot Exfiltration: at least half the friendly FP in elements of P2 or less (OtH p.57-58).
    The base force is Hvy Cav P3 + Hvy Inf P2 + 2 Lt Inf + P2 mech: 6 of 9 FP is small."""
    assert "exfil-small-elements" not in codes(check(_solo("hot_exfiltration")))
    data = _solo("hot_exfiltration")
    data["elements"] = [e for e in data["elements"] if e["presence"] > 2 or e["id"] == "li1"]
    data["elements"].append({"id": "hc2", "name": "Tank B", "type": "hvy_cav", "presence": 3,
                             "stats": {"M": 4, "F": 5, "A": 5, "D": 1}})
    found = find(check(data), "exfil-small-elements")
    assert found and found[0].severity == "error" and "1 of 7 FP" in found[0].message


def test_small_element_fp_counts_whole_elements_by_baseform_presence() -> None:
    """Hot Exfiltration's share (OtH p.57-58): an element's FP counts whole, small when its
    baseform is P2 or less; the base force holds 6 of 9 FP in small elements."""
    force = analyse(roster(base()), ruleset())
    assert small_element_fp(force.elements, 2) == (6, 9)
    assert small_element_fp(force.elements, 1) == (2, 9)
    assert small_element_fp([], 2) == (0, 0)
