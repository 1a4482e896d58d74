"""The check registry: what the building checks and the validator both use, below both.

The check modules (:mod:`horizon_builder.checks`) register with :func:`check` and use the
helpers here; the validator runs :data:`CHECKS`. Neither side imports the other for these,
so there is no import cycle between them (tests/test_architecture.py); the validator imports
the checks package once, lazily, in :func:`horizon_builder.engine.validator.load_checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding, FindingKey
from horizon_builder.engine.memo import IdentityMemo
from horizon_builder.roster.models import Round

CheckFn = Callable[[Analysis], Iterable[Finding]]


@dataclass(frozen=True)
class Check:
    name: str
    chapter: str
    applies_to: frozenset[str]  # "battlegroup", "task_force", "round"
    run: CheckFn


CHECKS: list[Check] = []


def check(chapter: str, applies_to: Iterable[str] = ("battlegroup", "round", "task_force")
          ) -> Callable[[CheckFn], CheckFn]:
    """Register a check function under a book chapter."""

    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append(Check(fn.__name__, chapter, frozenset(applies_to), fn))
        return fn

    return register


def round_copy(finding: Finding, round_name: str) -> Finding:
    """A round's copy of a finding, kept with the finding object (those about one element
    are kept across edits with the element's info), so an edit does not copy them all again.
    (Kept outside the dataclass's fields: equality, hashing and output never see it.)"""
    copies: dict[str, Finding] = finding.__dict__.setdefault("_round_copies", {})
    copy = copies.get(round_name)
    if copy is None:
        f = finding
        copy = copies[round_name] = Finding(
            f.severity, f.code, f"{round_name}: {f.message}", f.rule, f.element, f.element_name,
            f.field, f.provisional, round_name)
    return copy


_ROUND_IDS = IdentityMemo(limit=256)


def round_ids(round_: Round) -> frozenset[str]:
    """The ids a round fields, as a set made once per round object (an edit of the list
    keeps its rounds)."""
    ids: frozenset[str] | None = _ROUND_IDS.get((round_,), None)
    if ids is None:
        ids = frozenset(round_.elements)
        _ROUND_IDS.put((round_,), None, ids)
    return ids


#: What the statline rules told one element of a Task Force (the keys of their findings of
#: the rules that judge a Task Force), set by :mod:`horizon_builder.checks.common`.
ELEMENT_TOLD: list[Callable[[Analysis, ElementInfo], Container[FindingKey]]] = []
