"""Incremental validation agrees with a full one (issue 13).

An edit shares every unchanged element object with the roster before it, and the
validator reuses what it derived for an element object it meets again in the same
context (its info, its statline findings, a force-wide check's per-element part).
These walks make many random edits of every kind and compare, after each, the
report built with the caches warm against one built from scratch (a copy of the
roster whose elements are all new objects): findings, round findings, totals.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest
from pydantic import ValidationError

from horizon_builder import editing as ed
from horizon_builder.engine.incremental import Reuse, reuse_of
from horizon_builder.engine.validator import Report, validate
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Roster
from horizon_builder.roster.samples import make_roster, make_task_force
from horizon_builder.rules.models import Ruleset


def _fresh(roster: Roster) -> Roster:
    """An equal roster sharing no element object with ``roster``."""
    return Roster.model_validate(roster.model_dump())


def _said(report: Report) -> tuple[object, ...]:
    return (report.findings, report.totals, report.all_findings, report.provisional_values,
            report.changed_values,
            [(r.findings, r.totals) for r in report.round_reports])


def _random_edit(rng: random.Random, rs: Ruleset, roster: Roster) -> Roster:
    elements = roster.elements
    pick = rng.choice(elements) if elements else None
    kinds = ["stat", "presence", "upgrade", "unupgrade", "duplicate", "delete", "move",
             "command", "cr", "supplements", "era", "fc", "carrier", "add", "payment"]
    if roster.kind == "task_force":
        kinds += ["round_toggle", "round_toggle", "round_destroyed", "round_command", "add_round"]
    kind = rng.choice(kinds)
    if kind == "add" or pick is None:
        types = sorted(rs.element_types)
        type_id = rng.choice(types)
        et = rs.element_types[type_id]
        return ed.add_element(roster, ed.default_element(rs, roster, type_id, et.presence.min))
    if kind == "stat" and pick.stats:
        stat = rng.choice(sorted(pick.stats))
        return ed.change_element(roster, pick.id,
                                 lambda e: ed.set_stat(e, stat, e.stats[stat] + rng.choice((-1, 1))))
    if kind == "presence":
        return ed.change_element(roster, pick.id,
                                 lambda e: ed.set_presence(rs, e, e.presence + rng.choice((-1, 1))))
    if kind == "upgrade":
        up = rng.choice(sorted(rs.upgrades))
        return ed.change_element(roster, pick.id, lambda e: ed.add_upgrade(rs, e, up))
    if kind == "unupgrade" and pick.upgrades:
        up = rng.choice(pick.upgrades).id
        return ed.change_element(roster, pick.id, lambda e: ed.remove_upgrade(e, up))
    if kind == "payment" and pick.upgrades:
        up = rng.choice(pick.upgrades).id
        paid = rng.choice(("points", "cr", "free", None))
        return ed.change_element(roster, pick.id,
                                 lambda e: ed.set_upgrade_payment(rs, e, up, paid))  # type: ignore[arg-type]
    if kind == "duplicate":
        return ed.duplicate_element(roster, pick.id)[0]
    if kind == "delete":
        return ed.delete_element(roster, pick.id)
    if kind == "move":
        return ed.move_element(roster, pick.id, rng.choice((-1, 1)))
    if kind == "command":
        option = rng.choice(sorted(rs.commands))
        return ed.set_command(rs, roster, option, pick.id if rng.random() < 0.8 else None)
    if kind == "cr":
        up = rng.choice(sorted(u for u, x in rs.upgrades.items() if x.scope == "type") or [None])
        return roster if up is None else ed.toggle_cr_purchase(rs, roster, pick.type, up)
    if kind == "supplements":
        name = rng.choice(sorted(rs.supplements))
        on = tuple(s for s in roster.supplements if s != name)
        return roster.model_copy(update={
            "supplements": on if name in roster.supplements else (*on, name)})
    if kind == "era":
        return roster.model_copy(update={"era": rng.choice([None, *sorted(rs.eras)])})
    if kind == "fc":
        return roster.model_copy(update={"force_cost": rng.randint(1, 60)})
    if kind == "carrier":
        other = rng.choice(elements)
        return ed.change_element(roster, pick.id, lambda e: e.model_copy(
            update={"carried_by": other.id if rng.random() < 0.7 else None}))
    if kind == "round_toggle" and roster.rounds:
        return ed.toggle_round_element(roster, rng.randrange(len(roster.rounds)), pick.id)
    if kind == "round_destroyed" and roster.rounds:
        index = rng.randrange(len(roster.rounds))
        fielded = roster.rounds[index].elements
        return ed.toggle_round_destroyed(roster, index, rng.choice(fielded)) if fielded else roster
    if kind == "round_command" and roster.rounds:
        index = rng.randrange(len(roster.rounds))
        round_ = roster.rounds[index]
        chq = rng.choice(round_.elements) if round_.elements else None
        command = round_.command.model_copy(update={"kind": rng.choice(sorted(rs.commands)),
                                                    "element": chq})
        rounds = list(roster.rounds)
        rounds[index] = round_.model_copy(update={"command": command})
        return roster.model_copy(update={"rounds": tuple(rounds)})
    if kind == "add_round":
        return ed.add_round(roster)
    return roster


def _from_scratch(roster: Roster, rs: Ruleset) -> Report:
    """Validate with nothing derived from a column kept (see Reuse.derived): a value kept for
    a column it was not made from would be kept for both reports alike. (The rest of the
    ruleset's reuse is used: ``roster`` shares no element object with any before.)"""
    reuse = reuse_of(rs)
    kept = reuse.forget_derived()
    try:
        return validate(roster, rs)
    finally:
        reuse.restore_derived(kept)


def _walk(rs: Ruleset, roster: Roster, seed: int, steps: int, cold_rs: Ruleset | None = None,
          undo: float = 0.0, also: Callable[[Report], None] | None = None,
          reuse: Reuse | None = None) -> int:
    """Random edits of ``roster``, each report compared with one from scratch (made under
    ``cold_rs``: by default the same ruleset, so the validation from scratch stands between
    two warm ones). ``undo``: how often an edit is undone instead (the roster before comes
    back, its very element objects). ``also``: asked of each warm report too. ``reuse``: the
    warm validations' own (as a session may hold one); each cold one then gets a fresh one."""
    rng = random.Random(seed)
    history = [roster]
    validate(roster, rs, reuse)
    compared = 0
    for _ in range(steps):
        if undo and len(history) > 1 and rng.random() < undo:
            history.pop()
            roster = history[-1]
        else:
            try:
                edited = _random_edit(rng, rs, roster)
                # as Session.commit does: the models check it, unchanged elements are kept
                Roster.model_validate(edited.model_dump())
            except (ValueError, IndexError, KeyError, ValidationError):
                continue
            roster = edited
            history.append(roster)
        warm = validate(roster, rs, reuse)
        cold = validate(_fresh(roster), rs, Reuse()) if reuse is not None \
            else _from_scratch(_fresh(roster), rs if cold_rs is None else cold_rs)
        assert _said(warm) == _said(cold), f"seed {seed}: reports differ after an edit"
        if also is not None:
            also(warm)
        compared += 1
    return compared


@pytest.mark.parametrize("seed", range(6))
def test_incremental_agrees_on_generated_battlegroups(ruleset, seed):
    assert _walk(ruleset, make_roster(ruleset, 12), seed, 80) > 40


@pytest.mark.parametrize("seed", range(6))
def test_incremental_agrees_on_generated_task_forces(ruleset, seed):
    assert _walk(ruleset, make_task_force(ruleset, 12), 100 + seed, 80) > 40


@pytest.mark.parametrize("path", example_rosters(), ids=lambda p: p.name)
def test_incremental_agrees_on_every_example(path):
    loaded = load(path)
    assert _walk(loaded.ruleset, loaded.roster, zlib.crc32(path.name.encode()) % 1000, 40) > 15


# --- the reuse across an unbroken run of edits (issue 13: lists kept, spliced where changed)

def _chain(rs: Ruleset, roster: Roster, seed: int, steps: int,
           also: Callable[[Report], None] | None = None) -> int:
    """:func:`_walk` with the reports from scratch made under a copy of the ruleset, so they
    never stand between two warm validations: each warm one reuses the one before (columns,
    the statline findings lists, a round's findings less the Task Force's); with undo."""
    return _walk(rs, roster, seed, steps, rs.model_copy(deep=True), undo=0.12, also=also)


@pytest.mark.parametrize("seed", range(4))
def test_unbroken_edits_agree_on_battlegroups(ruleset, seed):
    assert _chain(ruleset, make_roster(ruleset, 40), 200 + seed, 80) > 40


@pytest.mark.parametrize("seed", range(4))
def test_unbroken_edits_agree_on_task_forces(ruleset, seed):
    assert _chain(ruleset, make_task_force(ruleset, 40), 300 + seed, 80) > 40


def test_unbroken_edits_agree_when_a_statline_rule_fails(ruleset):
    """A statline rule that raises on some elements: its findings stop there (and the check
    failure is said) in the Task Force and in each round, as from scratch."""
    from horizon_builder.checks.common import STATLINE_RULES, statline_rule
    from horizon_builder.engine.findings import Reason
    from horizon_builder.engine.validator import CHECKS, load_checks

    load_checks()

    @statline_rule("test")
    def flaky(ask):  # says something of every element, and fails on a few
        yield Reason("test-flaky", "flaky", "flaky", "test", severity="warning")
        if ask.info.element.name.endswith("7"):
            raise RuntimeError("flaky")

    try:
        assert _chain(ruleset, make_task_force(ruleset, 30), 400, 60) > 30
        assert _chain(ruleset, make_roster(ruleset, 30), 401, 40) > 20
    finally:
        STATLINE_RULES.pop()
        CHECKS.pop()


def test_rounds_leave_out_what_a_task_force_check_said_of_an_element(ruleset):
    """A round's statline finding that a check of the Task Force (not a statline rule) said of
    the same element already is left out of the round, after every edit as from scratch."""
    from horizon_builder.checks.common import STATLINE_RULES, about, statline_rule
    from horizon_builder.engine.findings import Reason
    from horizon_builder.engine.validator import CHECKS, check, load_checks

    load_checks()

    @statline_rule("test", ("round",))
    def echo(ask):  # says something of every element in every round
        if ask.is_base:
            yield Reason("test-echo", "echo", "echo", "test", severity="warning")

    @check("test", ("task_force",))
    def echo_force(a):  # and the Task Force says the same of a few
        for info in a.elements:
            if info.element.name.endswith(("3", "8")):
                yield about(info, "warning", "test-echo", "echo", "test")

    def said_once(report: Report) -> None:
        told = {f.element for f in report.findings if f.code == "test-echo"}
        assert told
        for sub in report.round_reports:
            fielded = {info.id for info in sub.analysis.elements}
            echoed = [f.element for f in sub.findings if f.code == "test-echo"]
            assert sorted(echoed) == sorted(fielded - told)

    try:
        assert _chain(ruleset, make_task_force(ruleset, 30), 500, 60, said_once) > 30
    finally:
        STATLINE_RULES.pop()
        del CHECKS[-2:]


# --- the reuse is an object its owner holds (engine/incremental.py), no module's state

@pytest.mark.parametrize("seed", range(2))
def test_an_own_reuse_agrees_with_a_fresh_one_each_time(ruleset, seed):
    """Warm validations through a reuse of their own (not the ruleset's), each compared with
    one through a new, empty reuse: nothing shared, every element derived anew."""
    own = Reuse()
    assert _walk(ruleset, make_task_force(ruleset, 30), 600 + seed, 50, reuse=own) > 25
    assert _walk(ruleset, make_roster(ruleset, 30), 700 + seed, 50, reuse=own) > 25


def test_an_own_reuse_leaves_the_rulesets_alone(ruleset):
    """A validation through a reuse of its own keeps nothing with the ruleset; a plain one
    keeps its reuse with the ruleset, which a copy of the ruleset does not take along."""
    rules = ruleset.model_copy(deep=True)
    roster = make_task_force(rules, 12)
    own = Reuse()
    report = validate(roster, rules, own)
    assert rules.scratch().value is None and report.analysis.reuse is own
    assert all(r.analysis.reuse is own for r in report.round_reports)
    plain = validate(roster, rules)
    assert plain.analysis.reuse is reuse_of(rules) is rules.scratch().value
    assert rules.model_copy(deep=True).scratch().value is None
    assert _said(plain) == _said(report)


def _module_state() -> dict[str, int]:
    """The size of every dict, list, set and memo a module of the engine or the checks holds
    at its top level."""
    import importlib
    import pkgutil

    import horizon_builder.checks
    import horizon_builder.engine
    from horizon_builder.engine.incremental import ByIdentity
    from horizon_builder.engine.memo import IdentityMemo

    sizes = {}
    for package in (horizon_builder.engine, horizon_builder.checks):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if isinstance(value, dict | list | set | IdentityMemo | ByIdentity):
                    sizes[f"{info.name}.{name}"] = len(value)
    return sizes


def test_validating_changes_no_module_state(ruleset):
    """What validations reuse is kept in a Reuse, never at the top of a module: validating
    and editing leave every module-level container of the engine and the checks as it was."""
    roster = make_task_force(ruleset, 20)
    validate(roster, ruleset)  # every check module imported, the registries filled
    before = _module_state()
    assert "horizon_builder.engine.registry.CHECKS" in before
    for seed in range(3):
        _walk(ruleset, roster, 800 + seed, 10)
    validate(make_roster(ruleset, 20), ruleset, Reuse())
    assert _module_state() == before
