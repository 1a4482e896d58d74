"""Findings a player reads before a game: one clear finding per problem, in names, not ids.

Audit of the check output (HELPERS brief: tell what is wrong and what to do,
name the element, cite the rule). Pages are in each docstring.
"""

from __future__ import annotations

from helpers_oth import base, check, element, find, ruleset


def test_upgrade_not_eligible_names_types_not_ids() -> None:
    """Skinwalkers: Lt Inf, AB Inf and SF only (OtH p.70); the finding names the types and says
    what to do."""
    data = base()
    element(data, "hi1")["upgrades"] = ["skinwalkers"]
    found = find(check(data), "upgrade-not-eligible")
    assert found and found[0].element == "hi1"
    message = found[0].message
    assert "Light Infantry" in message and "Special Forces" in message
    assert "lt_inf" not in message and "remove it" in message


def test_mutually_exclusive_upgrades_reported_once() -> None:
    """Robot and combat hacker exclude each other (OtH p.25-26): one error for the pair, not two."""
    data = base(supplements=["datawar"])
    element(data, "m1")["upgrades"] = [{"id": "robot", "option": "destroy"}, "combat_hacker"]
    found = find(check(data), "upgrade-excludes")
    assert len(found) == 1 and found[0].severity == "error"
    assert "Robot" in found[0].message and "Combat Hacker" in found[0].message


def test_ineligible_upgrade_gets_no_payment_error_on_top() -> None:
    """A gun-beast may not take a kaiju mutation (OtH p.30, p.67): the eligibility error is the
    finding; no second error about stat points it cannot have."""
    data = base(supplements=["biowar"])
    data["elements"].append({"id": "gb", "name": "Bugs", "type": "gun_beast_hvy_inf",
                             "presence": 2, "stats": {"M": 3, "F": 4, "A": 3, "D": 3},
                             "upgrades": ["camouflage"]})
    report = check(data)
    assert find(report, "upgrade-not-eligible")
    assert not find(report, "upgrade-currency")


def test_option_missing_says_what_to_choose() -> None:
    """A robot must be given a program: destroy, disrupt or hold (OtH p.25)."""
    data = base(supplements=["datawar"])
    element(data, "m1")["upgrades"] = ["robot"]
    found = find(check(data), "upgrade-option-missing")
    assert found and "choose one of destroy, disrupt, hold" in found[0].message


def test_unchecked_statlines_are_one_note() -> None:
    """Core statlines we cannot check (RULES.md §0) are one note naming every type, not one each."""
    data = base()
    data["elements"].append({"id": "lc", "name": "Scouts", "type": "lt_cav", "presence": 2,
                             "stats": {"M": 6, "F": 2, "A": 2, "D": 2}})
    found = find(check(data), "statline-unchecked")
    assert len(found) == 1 and found[0].severity == "info" and found[0].provisional
    assert "Light Infantry" in found[0].message and "Light Cavalry" in found[0].message


def test_unknown_chq_costs_are_one_note() -> None:
    """Unknown CHQ cost-table cells (OtH p.62; core table not available) are one note for the force."""
    data = base(command={"kind": "chq", "element": "hi1"})
    data["elements"].append({"id": "sf", "name": "Blades", "type": "sf", "presence": 3,
                             "stats": {"M": 4, "F": 3, "A": 3, "D": 3}})
    found = find(check(data), "chq-cost-unknown")
    assert len(found) == 1 and found[0].provisional
    assert "Light Infantry" in found[0].message and "Special Forces" in found[0].message


def test_weird_upgrades_are_one_note_for_the_force() -> None:
    """Weird upgrades are paid per element (OtH p.42): one note says how each is paid."""
    data = base()
    element(data, "hi1")["upgrades"] = ["tesla_gun"]
    element(data, "m1")["upgrades"] = ["sonic_cannon"]
    found = find(check(data), "weird-upgrades")
    assert len(found) == 1
    assert "Guards: Tesla gun (1 CR)" in found[0].message
    assert "Walker: Sonic cannon (1 stat point)" in found[0].message


def test_airship_rules_are_one_note_naming_every_airship() -> None:
    """Airships share their rules (OtH p.43): one note naming each airship."""
    data = base()
    for n in (1, 2):
        data["elements"].append({"id": f"as{n}", "name": f"Zeppelin {n}", "type": "airship",
                                 "presence": 1, "stats": {"M": 2, "F": 2, "A": 2, "D": 2}})
    found = find(check(data), "airship-rules")
    assert len(found) == 1 and "Zeppelin 1, Zeppelin 2" in found[0].message


def test_dark_priest_reserve_note_is_not_repeated() -> None:
    """Dark priest: the CHQ may not start in reserve (OtH p.69), said once, in its own note."""
    data = base(command={"kind": "chq", "element": "chq",
                         "weird": [{"id": "dark_priest", "replaces": "guide_fire"}]})
    report = check(data)
    assert len(find(report, "dark-priest-no-reserve")) == 1
    assert "Not in reserve" not in find(report, "weird-command-replaces")[0].message


def test_ballistic_strike_note_once() -> None:
    """One strategic ballistic strike per force (OtH p.38): two give the limit error and one
    cost note, not two identical notes."""
    strike = {"type": "ballistic_strike", "presence": 3}
    data = base(elements=base()["elements"] + [dict(strike, id="s1", name="One"),
                                                dict(strike, id="s2", name="Two")])
    report = check(data)
    assert find(report, "type-over-limit")
    assert len(find(report, "ballistic-strike-costs")) == 1


def test_gun_beast_rapid_says_what_to_remove() -> None:
    """A gun-beast is never rapid (OtH p.30): the finding says which upgrade to remove."""
    data = base(supplements=["biowar"])
    data["elements"].append({"id": "gb", "name": "Bugs", "type": "gun_beast_hvy_cav",
                             "presence": 3, "stats": {"M": 4, "F": 5, "A": 5, "D": 1},
                             "upgrades": ["rapid_mutation"]})
    found = find(check(data), "gun-beast-rapid-vanguard")
    assert found and "remove Rapid (mutation)" in found[0].message


def test_requires_lists_options_and_says_what_to_do() -> None:
    """Support weapons only with another weird upgrade (OtH p.71): the error lists the choices
    and says to add one or remove support weapons."""
    data = base()
    element(data, "hi1")["upgrades"] = ["support_weapons"]
    found = find(check(data), "upgrade-requires")
    assert found and "needs one of Tesla gun, " in found[0].message
    assert "remove Support weapons" in found[0].message


def test_no_pool_warning_on_top_of_a_presence_error() -> None:
    """A P4 kaiju is a superheavy with Kaiju! (OtH p.31, p.66): the Presence error is enough,
    no extra 'no pool known' warning."""
    data = base(supplements=["biowar"])
    data["elements"].append({"id": "k", "name": "Rex", "type": "kaiju", "presence": 4,
                             "stats": {"M": 5, "F": 6, "A": 5, "D": 4}})
    report = check(data)
    assert find(report, "presence-out-of-range")
    assert not find(report, "pool-unknown")


def test_field_hospital_rerolls_defence_and_recover() -> None:
    """Field hospital dice re-roll Defence dice and Recover dice (OtH p.40)."""
    rs = ruleset()
    assert "Recover" in rs.special_rules["field_hospital"].summary
