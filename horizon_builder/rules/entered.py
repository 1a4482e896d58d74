"""Your rulebook against the book data: values it fills, and values it changes.

The core rulebook's tables are not available to the project (RULES.md §0), so a
player enters them from their own copy (:mod:`horizon_builder.rules.personal`).
Such a layer is not a house rule: each value it sets is either one the book data
does not know (unknown or provisional there: it is *entered*, and no longer
provisional), or one the book data holds (it changes the book: *beyond the book*,
named in every verdict as house rules are). A value set to what the book data
already says changes nothing; the ``source`` and ``provisional`` keys are its
provenance, not values. A rule table stops being provisional once every value of it the
book data does not know is entered.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from horizon_builder.rules.models import Ruleset
from horizon_builder.rules.walk import as_int

Key = tuple[str, ...]
_PROVENANCE = ("source", "provisional")
_MISSING = object()


def gaps(book: Ruleset) -> dict[Key, Key]:
    """The keys of the values the Rules screen lets a player enter that the book data does
    not know (unknown or provisional), each with the key of the rule table that holds it
    (whose ``source`` an entry sets)."""
    from horizon_builder.rules.values import rule_values  # (it reads the personal layer's name)

    return {v.key: v.key[:v.source_at] if v.source_at is not None else v.key[:-1]
            for v in rule_values(book) if v.key is not None and v.needs_entry}


def complete_tables(entered: list[Key], known: dict[Key, Key]) -> list[Key]:
    """The rule tables every gap of which is entered: they are no longer provisional (a pool
    with one Presence entered and the others inferred still is)."""
    done = set(entered)
    tables = dict.fromkeys(known[key] for key in entered)
    return [table for table in tables
            if all(key in done for key, holder in known.items() if holder == table)]


def classify(locs: list[tuple[str | int, ...]], data: dict[str, Any], book: Ruleset,
             known: dict[Key, Key]) -> tuple[list[Key], bool]:
    """The entered values among a layer's ``locs`` (keys of ``known``, in order), and whether
    it also changes a value the book data holds."""
    entered: dict[Key, None] = {}
    beyond = False
    for loc in locs:
        if not loc or loc[-1] in _PROVENANCE:
            continue
        path = tuple(str(part) for part in loc)
        key = next((path[:n] for n in range(len(path), 0, -1) if path[:n] in known), None)
        if key is not None:
            entered[key] = None
        elif _value(book, loc) != _value(data, loc):
            beyond = True
    return list(entered), beyond


def _value(node: Any, loc: tuple[str | int, ...]) -> Any:
    """The value at ``loc`` in a ruleset or a layer's data (``_MISSING`` when there is none)."""
    for part in loc:
        if isinstance(node, BaseModel):
            node = getattr(node, str(part), _MISSING)
        elif isinstance(node, dict):
            node = node.get(part, node.get(as_int(part), _MISSING))
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            return _MISSING
        if node is _MISSING:
            return _MISSING
    return node.model_dump() if isinstance(node, BaseModel) else node

