"""The check registry: what the building checks and the validator both use, below both.

The check modules (:mod:`horizon_builder.checks`) register with :func:`check` and use the
helpers here; the validator runs :data:`CHECKS` (functions, never changed once the checks
are imported: what validations reuse lives in :mod:`horizon_builder.engine.incremental`).
Neither side imports the other for these, so there is no import cycle between them
(tests/test_architecture.py); the validator imports the checks package once, lazily, in
:func:`horizon_builder.engine.validator.load_checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from horizon_builder.engine.analysis import Analysis
from horizon_builder.engine.findings import Finding

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
