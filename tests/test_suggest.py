"""Suggest a round's battlegroup from a Task Force (OtH p.46): the search is exact, checked
against judging every battlegroup of a small Task Force one by one."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from horizon_builder.checks import validate
from horizon_builder.editing.suggest import _commands, _rank, suggest
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Command, Element

EXAMPLE = Path(__file__).parent.parent / "examples" / "tournament-task-force.toml"


@pytest.fixture(scope="module")
def task_force():
    loaded = load(EXAMPLE)
    # one more element, and no rounds: round 1 chooses from all eight
    extra = Element(id="hi3", name="Reserves", type="hvy_inf", presence=2,
                    stats={"M": 3, "F": 4, "A": 3, "D": 3})
    roster = loaded.roster.model_copy(update={"elements": (*loaded.roster.elements, extra),
                                              "rounds": ()})
    return loaded.ruleset, roster


def _brute_force(ruleset, roster, goal, target=0):
    """Judge every battlegroup with every command choice; the best legal objective."""
    best = None
    pool = list(roster.elements)
    commands = [*_commands(ruleset, roster, pool), Command()]
    for size in range(1, len(pool) + 1):
        for chosen in itertools.combinations(pool, size):
            ids = {e.id for e in chosen}
            for command in commands:
                if command.element is not None and command.element not in ids:
                    continue
                bg = roster.model_copy(update={"kind": "battlegroup", "elements": chosen,
                                               "command": command, "rounds": ()})
                report = validate(bg, ruleset)
                if report.legal and report.totals.force_cost > 0:
                    key = _rank(goal, target, report.totals.force_cost, report.totals.force_presence)
                    best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize(("goal", "target"), [("most_fp", 0), ("least_fp", 0), ("ir", 0),
                                              ("ir", -3)])
def test_suggestion_is_the_best_legal_battlegroup(task_force, goal, target):
    ruleset, roster = task_force
    result = suggest(ruleset, roster, 0, goal, target_ir=target)
    assert result.exact and not result.stopped_early and result.suggestions
    top = result.suggestions[0]
    assert _rank(goal, target, top.force_cost, top.force_presence) == _brute_force(
        ruleset, roster, goal, target)
    # ranked: no suggestion after a worse one
    keys = [_rank(goal, target, s.force_cost, s.force_presence) for s in result.suggestions]
    assert keys == sorted(keys)
    for s in result.suggestions:  # each within the tournament FC (OtH p.46) and legal
        assert s.force_cost <= roster.force_cost


def test_benched_elements_are_left_out(task_force):
    """An element destroyed in an earlier round is never suggested (OtH p.46)."""
    ruleset, roster = task_force
    from horizon_builder.roster.models import Round

    rounds = (Round(name="Round 1", elements=("hc1", "m1"), destroyed=("m1",)),)
    result = suggest(ruleset, roster.model_copy(update={"rounds": rounds}), 1, "most_fp")
    assert "m1" in result.left_out
    assert all("m1" not in s.elements for s in result.suggestions)


def test_time_limit_says_it_stopped(task_force):
    ruleset, roster = task_force
    result = suggest(ruleset, roster, 0, "most_fp", time_limit=0.0)
    assert result.stopped_early and not result.exact
