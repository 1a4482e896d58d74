"""Small helpers shared by the check modules."""

from __future__ import annotations

from horizon_builder.analysis import ElementInfo
from horizon_builder.findings import Finding, Severity
from horizon_builder.ruleset import RuleModel


def about(info: ElementInfo | None, severity: Severity, code: str, message: str, rule: str,
          field: str | None = None, provisional: bool = False) -> Finding:
    """A finding concerning one element (or the force when ``info`` is None)."""
    if info is None:
        return Finding(severity, code, message, rule, field=field, provisional=provisional)
    return Finding(severity, code, f"{info.element.name}: {message}", rule, info.id,
                   info.element.name, field, provisional)


def cite(item: RuleModel | None, fallback: str) -> str:
    """The rule citation of a data item, marked when it is provisional."""
    if item is None or not item.source:
        return fallback
    return item.source


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
