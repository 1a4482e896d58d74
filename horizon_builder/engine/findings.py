"""A validator finding: how bad, which element, what is wrong, which rule says so."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Finding:
    severity: Severity
    code: str  #: stable identifier, e.g. "fc-over-budget"
    message: str  #: what is wrong, in a player's words
    rule: str  #: citation, e.g. "OtH p.9" or "core (reported)"
    element: str | None = None  #: element id, or None for the force as a whole
    element_name: str | None = None
    field: str | None = None  #: what to edit: "stats.M", "upgrades", "presence" ...
    provisional: bool = False  #: rests on a value not read from a book we hold
    round: str | None = None  #: tournament round it concerns


def plural(n: int, word: str) -> str:
    """'1 error', '2 errors': how counts read in messages, reports and the app."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def sort_findings(findings: list[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: SEVERITY_ORDER[f.severity])
