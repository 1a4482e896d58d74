"""The upgrade picker and the validator ask the same predicates, so they agree.

For every element type of the shipped rules (every supplement on), at its lowest
Presence and two steps up, and every upgrade the picker offers (those the type may not take
too), in two settings — a battlegroup led by that element where it may lead, and a tournament
Task Force whose round fields it (as the round's CHQ where it may lead, OtH p.46) — the
picker refuses the upgrade for a rule exactly when taking it makes the validator report a
new error, and the rule it names is one of those errors. An upgrade the type may not take
is refused first for that (upgrade-not-eligible), whatever else the trial breaks. Shortfalls
of the pool or of Command Resources are the picker's "budget" rows and are compared the
same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from horizon_builder import editing as ed
from horizon_builder.checks import validate
from horizon_builder.engine.findings import Finding
from horizon_builder.roster.models import Command, Element, Roster, Round
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

BUDGET = {"pool-overspent", "cr-overspent"}


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset()


def _errors(findings: list[Finding], element_id: str) -> Counter[tuple[str, str | None, str]]:
    """Errors about the element itself: what the picker answers for ("may it take this?").
    What a choice means for the whole force (a force now all bio needs an alpha or a
    hivemind, OtH p.32) is the force's findings' to say, not a reason to refuse it."""
    return Counter((f.code, f.field, f.message) for f in findings
                   if f.severity == "error" and f.element == element_id)


def _command(rules: Ruleset, element: Element) -> Command:
    et = rules.element_types[element.type]
    if et.chq == "mech":
        return Command(kind="mech_chq", element=element.id)
    if et.chq is not None:
        return Command(kind="chq", element=element.id)
    return Command()


def _setting(rules: Ruleset, element: Element, kind: str) -> Roster:
    supplements = tuple(rules.supplements)
    if kind == "battlegroup":
        return Roster(name="Agree", force_cost=60, supplements=supplements, elements=(element,),
                      command=_command(rules, element))
    return Roster(name="Agree", force_cost=60, kind="task_force", supplements=supplements,
                  elements=(element,),
                  rounds=(Round(name="Round 1", elements=(element.id,),
                                command=_command(rules, element)),))


def _cases(rules: Ruleset) -> Iterator[tuple[str, Element]]:
    """Each type at its lowest Presence and two steps up (where it may be that big)."""
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    for type_id, et in rules.element_types.items():
        low = et.presence.min
        for presence in sorted({low, low + 2 if et.presence.max is None
                                else min(low + 2, et.presence.max)}):
            yield f"{type_id} P{presence}", ed.default_element(rules, probe, type_id, presence)


@pytest.mark.parametrize("kind", ["battlegroup", "task_force"])
def test_picker_and_validator_agree_on_every_upgrade(rules: Ruleset, kind: str) -> None:
    checked = disagreements = 0
    problems: list[str] = []
    for type_id, element in _cases(rules):
        roster = _setting(rules, element, kind)
        report = validate(roster, rules)
        before = _errors(report.all_findings, element.id)
        rows = ed.upgrade_options(rules, report.analysis, element.id)
        for row in rows:
            trial = ed.replace_element(roster, ed.add_upgrade(rules, element, row.id))
            found = validate(trial, rules).all_findings
            new = _errors(found, element.id) - before
            rule_codes = {code for code, _, _ in new} - BUDGET
            # the budget is the statline's pool (about the element) or the force's CR
            new_codes = rule_codes | ({f.code for f in found if f.severity == "error"}
                                      - {f.code for f in report.all_findings if f.severity == "error"})
            checked += 1
            picker_rule = row.reason is not None and not row.budget
            ok = (picker_rule == bool(rule_codes)) and (
                not picker_rule or row.code in rule_codes) and (
                not row.budget or row.code in new_codes) and (
                row.eligible_type or row.code == "upgrade-not-eligible")
            if not ok:
                disagreements += 1
                problems.append(f"{kind} {type_id} + {row.id}: picker {row.reason!r} ({row.code}),"
                                f" validator {sorted(new_codes)}")
    assert checked > 2000  # every type × every upgrade offered, in this setting
    assert not problems, f"{disagreements} of {checked} disagree:\n" + "\n".join(problems[:40])


def test_strategic_net_for_a_task_force_round_chq(rules: Ruleset) -> None:
    """The bug this shape fixed: in a Task Force, the picker refused the strategic net (a
    CHQ-only DataWar upgrade, OtH p.27) for the element that leads a round, while the
    validator accepts it there (a Task Force's CHQ is chosen per round, OtH p.46)."""
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    chq = ed.default_element(rules, probe, "hvy_cav", 2)
    roster = _setting(rules, chq, "task_force")
    report = validate(roster, rules)
    row = next(r for r in ed.upgrade_options(rules, report.analysis, chq.id)
               if r.id == "strategic_net")
    assert row.reason is None or row.budget, row.reason
    taken = ed.replace_element(roster, ed.add_upgrade(rules, chq, "strategic_net"))
    assert not [f for f in validate(taken, rules).errors if f.code == "upgrade-chq-only"]


def test_picker_and_validator_agree_on_a_metaforms_upgrades(rules: Ruleset) -> None:
    """The same on a metaform's own statline (OtH p.19-21): every type a metaform may be,
    under a P3 mech baseform, and every upgrade that form's type may take."""
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    base = ed.add_upgrade(rules, ed.default_element(rules, probe, "mech", 3), "metaform")
    problems: list[str] = []
    checked = 0
    for form_type in ed.form_types(rules, probe, base):
        element = ed.add_form(rules, probe, base, form_type)
        roster = _setting(rules, element, "battlegroup")
        report = validate(roster, rules)
        before = _errors(report.all_findings, element.id)
        for row in ed.upgrade_options(rules, report.analysis, element.id, 0):
            checked += 1
            trial = ed.replace_element(roster, ed.add_upgrade(rules, element, row.id, 0))
            found = validate(trial, rules).all_findings
            rule_codes = {c for c, _, _ in _errors(found, element.id) - before} - BUDGET
            picker_rule = row.reason is not None and not row.budget
            if picker_rule != bool(rule_codes) or (picker_rule and row.code not in rule_codes) \
                    or not (row.eligible_type or row.code == "upgrade-not-eligible"):
                problems.append(f"{form_type} form + {row.id}: picker {row.reason!r} ({row.code}),"
                                f" validator {sorted(rule_codes)}")
    assert checked > 500
    assert not problems, "\n".join(problems[:40])


def test_a_clash_named_on_one_side_only_is_refused_by_the_picker(rules: Ruleset) -> None:
    """The picker asks the rules of the upgrade it offers, not those of the upgrades taken: a
    clash a rules file names on the taken upgrade only (house rules may) is still refused,
    as the validator reports it (OtH p.9-10: upgrades that cannot be combined)."""
    taken = rules.upgrades["agile_frame"]
    house = rules.model_copy(update={"upgrades": {
        **rules.upgrades, "agile_frame": taken.model_copy(update={"excludes": ["extended_range"]})}})
    assert "agile_frame" not in house.upgrades["extended_range"].excludes
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(house.supplements))
    mech = ed.add_upgrade(house, ed.default_element(house, probe, "mech", 3), "agile_frame")
    roster = _setting(house, mech, "battlegroup")
    report = validate(roster, house)
    row = next(r for r in ed.upgrade_options(house, report.analysis, mech.id)
               if r.id == "extended_range")
    assert row.code == "upgrade-excludes" and not row.budget, (row.reason, row.code)
    trial = ed.replace_element(roster, ed.add_upgrade(house, mech, "extended_range"))
    assert [f.code for f in validate(trial, house).errors
            if f.element == mech.id].count("upgrade-excludes") == 1



def _row(rules: Ruleset, element: Element, up_id: str) -> tuple[ed.UpgradeOption, set[str]]:
    """The picker's row for ``up_id`` on ``element`` leading a battlegroup, and the errors
    the validator reports on the element with it."""
    roster = _setting(rules, element, "battlegroup")
    report = validate(roster, rules)
    row = next(r for r in ed.upgrade_options(rules, report.analysis, element.id) if r.id == up_id)
    trial = ed.replace_element(roster, ed.add_upgrade(rules, element, up_id))
    return row, {f.code for f in validate(trial, rules).errors if f.element == element.id}


def test_a_mech_is_told_a_kaiju_mutation_is_not_for_a_mech(rules: Ruleset) -> None:
    """Mutations are for kaiju (OtH p.31, p.67): a mech's picker says the mutation is not for
    a mech, the reason the validator gives for the mech with it."""
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    row, codes = _row(rules, ed.default_element(rules, probe, "mech", 3), "rapid_mutation")
    assert (row.reason, row.code, row.eligible_type) == (
        "not for a Mech", "upgrade-not-eligible", False)
    assert "upgrade-not-eligible" in codes, codes


def test_a_kaiju_is_told_a_mech_upgrade_is_not_for_a_kaiju_first(rules: Ruleset) -> None:
    """A refused upgrade the type may not take at all says so first, before what else taking
    it breaks: a kaiju offered a mech upgrade (OtH p.21) is told it is not for a kaiju, not
    that a kaiju takes mutations (OtH p.31, p.67), though the validator reports both."""
    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    row, codes = _row(rules, ed.default_element(rules, probe, "kaiju", 3), "vertical_thrusters")
    assert (row.reason, row.code, row.eligible_type) == (
        "not for a Kaiju", "upgrade-not-eligible", False)
    assert {"upgrade-not-eligible", "kaiju-mutations-only"} <= codes, codes


def test_rounds_fielding_an_element_alike_are_asked_once(rules: Ruleset) -> None:
    """Rounds that field an element under the same CHQ, command and CR purchases give the
    picker the same answers (a statline rule reads the command, never the other elements,
    OtH p.46): it asks them once, and its rows are those of the list without the repeat."""
    from horizon_builder.editing.upgrades import _contexts

    probe = Roster(name="Probe", force_cost=60, supplements=tuple(rules.supplements))
    chq = ed.default_element(rules, probe, "hvy_cav", 2).model_copy(update={"id": "chq"})
    mech = ed.default_element(rules, probe, "mech", 2).model_copy(update={"id": "mech"})
    led = Command(kind="chq", element="chq")
    one = Round(name="Round 1", elements=("chq", "mech"), command=led)
    other = Round(name="Round 2", elements=("mech",))
    again = Round(name="Round 3", elements=("chq", "mech"), command=led)
    three = Roster(name="Agree", force_cost=60, kind="task_force", supplements=probe.supplements,
                   elements=(chq, mech), rounds=(one, other, again))
    two = three.model_copy(update={"rounds": (one, other)})
    analysis = validate(three, rules).analysis
    assert [c.mode for c in _contexts(analysis, "mech")] == ["task_force", "round", "round"]
    assert ed.upgrade_options(rules, analysis, "mech") == \
        ed.upgrade_options(rules, validate(two, rules).analysis, "mech")
