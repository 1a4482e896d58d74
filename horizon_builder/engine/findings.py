"""A validator finding: how bad, which element, what is wrong, which rule says so."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Literal, NamedTuple

from horizon_builder.text.words import plural  # (how counts read: kept importable from here)

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


class Finding(NamedTuple):
    """One thing a rule says of a roster (immutable; a named tuple: a validation makes one
    per finding, and a frozen dataclass cost four times as much to make)."""

    severity: Severity
    code: str  #: stable identifier, e.g. "fc-over-budget"
    message: str  #: what is wrong, in a player's words
    rule: str  #: citation, e.g. "OtH p.9" or "core (reported)"
    element: str | None = None  #: element id, or None for the force as a whole
    element_name: str | None = None
    field: str | None = None  #: what to edit: "stats.M", "upgrades", "presence" ...
    provisional: bool = False  #: rests on a value not read from a book we hold
    round: str | None = None  #: tournament round it concerns


def verdict_text(errors: int, warnings: int, provisional: bool,
                 layers: Sequence[str] = (), entered: int = 0, events: Sequence[str] = ()) -> str:
    """A verdict in words: "NOT LEGAL: 2 errors, 1 warning", "LEGAL" (the CLI and exports);
    ``layers``: the rules files beyond the book data it rests on ("house.toml #1a2b3c4d");
    ``entered``: how many core values the book data does not know your rulebook fills (not
    house rules: they are said as such); ``events``: the files that only make an event's
    choices under the book's tournament rules (the book's rules: not beyond it)."""
    text = f"NOT LEGAL: {plural(errors, 'error')}" if errors else "LEGAL"
    if warnings:
        text += f", {plural(warnings, 'warning')}"
    if events:
        text += f" for the event {', '.join(events)}"
    if layers:
        text += f" under rules beyond the book: {', '.join(layers)}"
    if entered:
        text += f"; core values entered from your rulebook: {entered}"
    if provisional:
        text += " (rests on provisional core values)"
    return text


#: What makes two findings the same: (code, element, field, message).
FindingKey = tuple[str, str | None, str | None, str]
finding_key: Callable[[Finding], FindingKey] = attrgetter("code", "element", "field", "message")


class Reason(NamedTuple):
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
