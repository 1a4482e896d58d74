"""Legacy: check functions not yet declared as rules (see :mod:`horizon_builder.engine.rule`).

A module not yet converted registers a function ``(Analysis) -> Iterable[Finding]`` with
:func:`check`; :mod:`horizon_builder.checks` hands :data:`LEGACY` to the registry beside the
declared rules, and the evaluator asks them in the order they were registered. Goes when
the last check module is converted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from horizon_builder.engine.rule import ALL_MODES, Check, next_order

CheckFn = Callable[[Any], Iterable[Any]]

#: every legacy check, in the order registered
LEGACY: list[Check] = []


def check(chapter: str, applies_to: Iterable[str] = ALL_MODES
          ) -> Callable[[CheckFn], CheckFn]:
    """Register a check function (legacy)."""

    def register(fn: CheckFn) -> CheckFn:
        LEGACY.append(Check(None, "legacy", frozenset(applies_to), frozenset(), fn, next_order()))
        return fn

    return register


def statline_check(applies_to: Iterable[str], fn: CheckFn) -> None:
    """Register a legacy statline rule (a function of one statline yielding reasons)."""
    LEGACY.append(Check(None, "statline", frozenset(applies_to), frozenset(), fn, next_order()))
