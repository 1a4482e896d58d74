"""Validation after an edit agrees with one from scratch (issues 13, 32).

An edit shares every unchanged element object with the roster before it. Whatever the
evaluator keeps between validations is its own business (engine/validator.py); these walks
make many random edits of every kind and compare, after each, the report of the edited
roster with one of a copy whose elements are all new objects, validated after it:
findings, round findings, totals.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest
from pydantic import ValidationError

from horizon_builder import editing as ed
from horizon_builder.checks import RULES, validate
from horizon_builder.engine.rule import Fault, Registry, Rule, StatlineView
from horizon_builder.engine.validator import Report, evaluate
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


def _walk(rs: Ruleset, roster: Roster, seed: int, steps: int, undo: float = 0.0,
          also: Callable[[Report], None] | None = None,
          judge: Callable[[Roster, Ruleset], Report] = validate,
          afresh: Callable[[Roster, Ruleset], Report] | None = None) -> int:
    """Random edits of ``roster``, each report compared with one of a fresh copy made after
    it. ``undo``: how often an edit is undone instead (the roster before comes back, its very
    element objects). ``also``: asked of each report too. ``judge``: how to validate;
    ``afresh``: how to validate the fresh copy (``judge``'s way by default)."""
    rng = random.Random(seed)
    history = [roster]
    judge(roster, rs)
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
        warm = judge(roster, rs)
        cold = (afresh or judge)(_fresh(roster), rs)
        assert _said(warm) == _said(cold), f"seed {seed}: reports differ after an edit"
        if also is not None:
            also(warm)
        compared += 1
    return compared


@pytest.mark.parametrize("seed", range(4))
def test_revalidation_agrees_on_generated_battlegroups(ruleset, seed):
    assert _walk(ruleset, make_roster(ruleset, 12), seed, 80, undo=0.12) > 40


@pytest.mark.parametrize("seed", range(4))
def test_revalidation_agrees_on_generated_task_forces(ruleset, seed):
    assert _walk(ruleset, make_task_force(ruleset, 12), 100 + seed, 80, undo=0.12) > 40


@pytest.mark.parametrize("path", example_rosters(), ids=lambda p: p.name)
def test_revalidation_agrees_on_every_example(path):
    loaded = load(path)
    assert _walk(loaded.ruleset, loaded.roster, zlib.crc32(path.name.encode()) % 1000, 40) > 15


def _with(*extra: Rule) -> Callable[[Roster, Ruleset], Report]:
    """Validation by every rule and ``extra`` (a registry of the test's own: none is changed)."""
    rules = Registry([*RULES.rules, *extra])
    return lambda roster, rs: evaluate(roster, rs, rules)


def test_revalidation_agrees_when_a_statline_rule_fails(ruleset):
    """A statline rule that raises on some elements: its findings stop there (and the check
    failure is said) in the Task Force and in each round, as from scratch."""
    flaky_rule = Rule("test-flaky", "warning", "test", "test", "flaky")

    @flaky_rule.statline()
    def flaky(view: StatlineView):  # says something of every element, and fails on a few
        yield Fault("flaky")
        if view.info.element.name.endswith("7"):
            raise RuntimeError("flaky")

    def failed(report: Report) -> None:
        for said in (report.findings, *(r.findings for r in report.round_reports)):
            failures = [f for f in said if f.code == "internal-check-error"]
            assert len(failures) <= 1
            if failures:
                assert "check flaky failed" in failures[0].message

    judge = _with(flaky_rule)
    assert _walk(ruleset, make_task_force(ruleset, 30), 400, 60, 0.12, failed, judge) > 30
    assert _walk(ruleset, make_roster(ruleset, 30), 401, 40, 0.12, failed, judge) > 20


def test_rounds_leave_out_what_the_task_force_said_of_an_element(ruleset):
    """A round's finding that the Task Force said of the same element already is left out of
    the round, after every edit as from scratch."""
    echo_rule = Rule("test-echo", "warning", "test", "test", "echo")

    @echo_rule.statline(modes=("round",))
    def echo(view: StatlineView):  # says something of every element in every round
        if view.is_base:
            yield Fault("echo")

    @echo_rule.force(modes=("task_force",))
    def echo_force(force):  # and the Task Force says the same of a few
        for info in force.elements:
            if info.element.name.endswith(("3", "8")):
                yield Fault("echo", element=info)

    def said_once(report: Report) -> None:
        told = {f.element for f in report.findings if f.code == "test-echo"}
        assert told
        for sub in report.round_reports:
            fielded = {info.id for info in sub.analysis.elements}
            echoed = [f.element for f in sub.findings if f.code == "test-echo"]
            assert sorted(echoed) == sorted(fielded - told)

    assert _walk(ruleset, make_task_force(ruleset, 30), 500, 60, 0.12, said_once,
                 _with(echo_rule)) > 30


def _module_state() -> dict[str, int]:
    """The size of every dict, list and set a module of the engine or the checks holds at its
    top level."""
    import importlib
    import pkgutil

    import horizon_builder.checks
    import horizon_builder.engine

    sizes = {}
    for package in (horizon_builder.engine, horizon_builder.checks):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if isinstance(value, dict | list | set):
                    sizes[f"{info.name}.{name}"] = len(value)
    return sizes


def test_validating_changes_no_module_state(ruleset):
    """Validating and editing leave every module-level container of the engine and the
    checks as it was (memory flat over many lists)."""
    roster = make_task_force(ruleset, 20)
    validate(roster, ruleset)
    before = _module_state()
    for seed in range(3):
        _walk(ruleset, roster, 800 + seed, 10)
    validate(make_roster(ruleset, 20), ruleset)
    assert _module_state() == before


def test_what_is_kept_of_an_element_never_keeps_its_rules_alive(ruleset):
    """An event's check judges many lists, each with its rules: what the evaluator keeps of
    their elements holds a list's ruleset by a weak reference only (the infos it keeps hold
    theirs, bounded), so once those go, the ruleset goes, and nothing kept is found under
    another ruleset later made at the same address."""
    import gc
    import weakref

    from horizon_builder.engine import kept

    rules = ruleset.model_copy(deep=True)
    roster = _fresh(make_task_force(rules, 12))
    validate(roster, rules)
    gone = weakref.ref(rules)
    kept.INFOS.clear()
    del rules
    gc.collect()
    assert gone() is None
    assert validate(roster, ruleset).findings == validate(_fresh(roster), ruleset).findings


class _Forgetful:
    """A store for the evaluator that keeps nothing and finds nothing."""

    def get(self, key: object) -> None:
        return None

    def put(self, key: object, anchors: object, value: object) -> None:
        pass

    def next_generation(self) -> None:
        pass


def _with_nothing_kept(roster: Roster, rs: Ruleset) -> Report:
    """Validation that finds nothing again, not even within itself: each round of a Task
    Force asks every rule of every element it fields anew."""
    from horizon_builder.engine import kept

    saved = kept.INFOS, kept.SAID
    kept.INFOS = kept.SAID = _Forgetful()  # type: ignore[assignment]
    try:
        return validate(roster, rs)
    finally:
        kept.INFOS, kept.SAID = saved


@pytest.mark.parametrize("seed", range(3))
def test_what_is_found_again_is_what_asking_anew_says(ruleset, seed):
    """What the evaluator finds again (after an edit, and in a Task Force's rounds what the
    Task Force's report asked of their elements) is what asking every rule anew says."""
    assert _walk(ruleset, make_task_force(ruleset, 16), 700 + seed, 60, 0.12,
                 afresh=_with_nothing_kept) > 30
    assert _walk(ruleset, make_roster(ruleset, 16), 710 + seed, 30, 0.12,
                 afresh=_with_nothing_kept) > 15


@pytest.mark.parametrize("path", example_rosters(), ids=lambda p: p.name)
def test_every_example_judged_anew_as_it_is_judged(path):
    loaded = load(path)
    assert _said(validate(_fresh(loaded.roster), loaded.ruleset)) == \
        _said(_with_nothing_kept(_fresh(loaded.roster), loaded.ruleset))


def test_what_is_kept_long_is_what_is_found_again(ruleset, monkeypatch):
    """What the evaluator keeps is kept long only once it is found again: a list judged once
    is let go after the next two validations (memory stays flat over an event's lists, and
    what a validation made is let go while it is fresh), while an edit, a second list judged
    by turns with the first, and an undo find their elements again."""
    from horizon_builder.engine import analysis, kept

    made: list[str] = []
    element_info = analysis._element_info

    def counted(rs, element, *args):
        made.append(element.name)
        return element_info(rs, element, *args)

    monkeypatch.setattr(analysis, "_element_info", counted)
    kept.INFOS.clear()
    kept.SAID.clear()

    def infos_made(roster: Roster) -> int:
        made.clear()
        validate(roster, ruleset)
        return len(made)

    lists = [_fresh(make_roster(ruleset, 12)) for _ in range(5)]
    assert [infos_made(r) for r in lists] == [12] * 5
    assert len(kept.INFOS) <= 36 and len(kept.SAID) <= 36  # the last three lists' only

    first, second = lists[3], lists[4]
    renamed = ed.change_element(first, first.elements[0].id,
                                lambda e: e.model_copy(update={"name": "X"}))
    assert infos_made(renamed) == 1  # an edit: the others found again
    assert infos_made(second) == 0  # two lists by turns
    for other in [_fresh(make_roster(ruleset, 12)) for _ in range(3)]:
        assert infos_made(other) == 12
    assert infos_made(first) == 1  # an undo, after three other lists: only the renamed one
