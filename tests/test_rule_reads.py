"""What an element-level predicate declares it reads is all it reads (issue 32).

The evaluator keeps what element, statline and upgrade predicates said of an element while
what they declare they read is the same (``reads``: :data:`horizon_builder.engine.rule.READS`),
and finds it again in a Task Force's rounds. These tests ask every such predicate of every
element of the examples, the rule fixtures and generated lists, and change what a predicate
that does not declare it must not see:

- ``mode``: the same views asked as a battlegroup, a Task Force list and a round;
- ``command``: the same element under no CHQ and under each conventional CHQ the list could
  have (the CHQ cost table, OtH p.62, changes only its Force Cost and notes), where it is not
  the CHQ itself.

A predicate that says something else declares the read (``reads=(..., "mode")``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from horizon_builder.checks import RULES
from horizon_builder.engine.analysis import Analysis, ElementInfo, analyse
from horizon_builder.engine.rule import Check, ElementView, UpgradeView
from horizon_builder.engine.validator import statline_views
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import LoadError, load
from horizon_builder.roster.models import Command, Roster
from horizon_builder.roster.samples import make_roster, make_task_force
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

FIXTURES = Path(__file__).parent / "rules"
LOCAL = [c for c in RULES.checks if c.scope in ("element", "statline", "upgrade")]


def _lists() -> Iterator[tuple[str, Roster, Ruleset]]:
    shipped = load_ruleset()
    yield "generated battlegroup", make_roster(shipped, 80), shipped
    yield "generated Task Force", make_task_force(shipped, 40), shipped
    for path in [*example_rosters(), *sorted(FIXTURES.glob("*/*.toml"))]:
        if path.name.endswith(".expected.toml") or path.name.startswith("rules"):
            continue
        try:
            loaded = load(path, personal=False)
        except LoadError:
            continue
        yield str(path.relative_to(path.parent.parent)), loaded.roster, loaded.ruleset


LISTS = list(_lists())


def _said(check: Check, force: Analysis, info: ElementInfo) -> list[object]:
    """What one predicate says of every view of one element in ``force`` that it is asked
    of (what it concerns: :meth:`Check.asks`)."""
    out: list[object] = []
    if check.scope == "element":
        if check.asks(info.element.type, info.type, metaform=bool(info.forms)):
            out.extend(check.predicate(ElementView(force, info)))
        return out
    for view in statline_views(force, info):
        line, metaform = view.line, not view.is_base
        if check.scope == "statline":
            if check.asks(line.type_id, line.type, metaform=metaform):
                out.extend(check.predicate(view))
        else:
            for cost in line.upgrades:
                if check.asks(line.type_id, line.type, cost.upgrade, metaform):
                    out.extend(check.predicate(UpgradeView(view, cost)))
    return out


@pytest.mark.parametrize("name,roster,ruleset", LISTS, ids=[n for n, _, _ in LISTS])
def test_a_predicate_that_does_not_read_the_mode_says_the_same_in_every_mode(
        name: str, roster: Roster, ruleset: Ruleset) -> None:
    force = analyse(roster, ruleset)
    others = [dataclasses.replace(force, mode=mode)
              for mode in ("battlegroup", "task_force", "round") if mode != force.mode]
    for check in LOCAL:
        if "mode" in check.reads:
            continue
        for info in force.elements:
            said = _said(check, force, info)
            for other in others:
                assert _said(check, other, info) == said, (check.rule.code, info.id, other.mode)


def _chqs(roster: Roster, ruleset: Ruleset) -> list[str]:
    """Up to three elements of different types that could lead the list as a conventional
    CHQ."""
    by_type: dict[str, str] = {}
    for element in roster.elements:
        et = ruleset.element_types.get(element.type)
        if et is not None and et.chq == "conventional":
            by_type.setdefault(element.type, element.id)
    return list(by_type.values())[:3]


@pytest.mark.parametrize("name,roster,ruleset", LISTS, ids=[n for n, _, _ in LISTS])
def test_a_predicate_that_does_not_read_the_command_says_the_same_under_any_chq(
        name: str, roster: Roster, ruleset: Ruleset) -> None:
    if "chq" not in ruleset.commands:
        pytest.skip("no conventional CHQ in these rules")
    led = [analyse(roster, ruleset, command=Command(kind="chq", element=chq))
           for chq in _chqs(roster, ruleset)]
    if not led:
        pytest.skip("no element here may lead as a conventional CHQ")
    alone = analyse(roster, ruleset, command=Command())
    for check in LOCAL:
        if "command" in check.reads:
            continue
        for index, info in enumerate(alone.elements):
            said = _said(check, alone, info)
            for force in led:
                other = force.elements[index]
                if other.is_command:
                    continue
                assert other.element is info.element
                assert _said(check, force, other) == said, (check.rule.code, info.id)
