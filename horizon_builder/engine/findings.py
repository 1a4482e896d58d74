"""A validator finding: how bad, which element, what is wrong, which rule says so."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
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


def verdict_text(errors: int, warnings: int, provisional: bool,
                 layers: Sequence[str] = ()) -> str:
    """A verdict in words: "NOT LEGAL: 2 errors, 1 warning", "LEGAL" (the CLI and exports);
    ``layers``: the rules files beyond the book data it rests on ("house.toml #1a2b3c4d")."""
    text = f"NOT LEGAL: {plural(errors, 'error')}" if errors else "LEGAL"
    if warnings:
        text += f", {plural(warnings, 'warning')}"
    if layers:
        text += f" under rules beyond the book: {', '.join(layers)}"
    if provisional:
        text += " (rests on provisional core values)"
    return text


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Errors, then warnings, then notes, each in the order given (a stable sort by severity,
    by the severity words in C: "error" < "info" < "warning", then the last two swapped)."""
    word = attrgetter("severity")
    by_word = sorted(findings, key=word)
    infos = bisect_left(by_word, "info", key=word)
    warnings = bisect_left(by_word, "warning", key=word)
    blocks = ((0, infos, "error"), (infos, warnings, "info"), (warnings, len(by_word), "warning"))
    if not all(by_word[a].severity == w and by_word[b - 1].severity == w
               for a, b, w in blocks if a < b):  # (sorted: a block's ends are all of it)
        return sorted(findings, key=lambda f: SEVERITY_ORDER[f.severity])  # raises, as it did
    return [*by_word[:infos], *by_word[warnings:], *by_word[infos:warnings]]


@dataclass(frozen=True)
class Reason:
    """Why a rule fails for one element: what a predicate returns.

    The validator turns it into a :class:`Finding` (``message``, prefixed with
    the element's name); an editor's picker shows ``short`` beside a choice it
    refuses. Both come from the same predicate, so they cannot disagree.
    """

    code: str
    message: str  #: as the finding says it (without the element's name)
    short: str  #: a picker's "why not", e.g. "CHQ only", "needs P4 or more"
    rule: str
    field: str | None = None
    provisional: bool = False
    severity: Severity = "error"
    #: the upgrade (or other choice) the reason is about, so a picker shows its own first
    subject: str | None = None
    #: the validator reports this fault once, under another reason (a pair that excludes
    #: each other is said by one of the two); a picker still shows it
    duplicate: bool = False
