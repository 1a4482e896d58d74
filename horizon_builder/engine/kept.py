"""What the evaluator keeps from one validation to the next: private to
:mod:`horizon_builder.engine.validator` (no other module imports it: a test says so).

Two things, found again by the very objects they were made from (by identity, each entry
holding those objects so their ids cannot be another's while it lives):

- an element's :class:`~horizon_builder.engine.analysis.ElementInfo`, keyed by the ruleset,
  the element and everything of the force it is derived from (its CHQ flag, the CHQ's type
  where the CHQ cost table reaches it, the CR bought for its type: the ``context``
  :func:`~horizon_builder.engine.analysis.analyse` names);
- what one group of element-level predicates (element, statline, upgrade scopes: those
  that declare they read the same of the force) said of one element, keyed by the element,
  the ruleset (held by a weak reference: never kept alive by this), what of its info they
  may see (its CHQ flag, the CR bought for its type: not
  its Force Cost under the CHQ, which a predicate reading it declares) and what they read
  of the force (:data:`~horizon_builder.engine.rule.READS`: the mode, the roster's settings,
  the command, the CR purchases, each when declared), that context named by a number
  (``TOKENS``: a context met again gets the same number). A Task Force's rounds so find
  again what the Task Force's report asked of their elements, but for the predicates that
  read the round's command, CR or mode.

An edit shares every element it did not change with the roster before it, so after an edit
only the changed element is derived and judged again. What is kept is what the last
validation used or made and what this one has so far: each validation begins a generation
(:func:`next_validation`); an entry found again moves into the newest, and the one before
the last is dropped, as is the older when the newer holds :data:`LIMIT` entries (a huge
list, or the pickers asking between validations). So what one list leaves goes with the
next but one, memory stays flat however many lists are judged, and what was made is let go
while it is still fresh in memory (kept longer, a validation from scratch ran about a tenth
slower: docs/perf/issue-32.md). ``tests/test_revalidation.py`` compares validation after
random edits with validation of a fresh copy (nothing found again);
``tests/test_rule_reads.py`` that a predicate reads no more than it declares.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

#: entries per generation
LIMIT = 4_096


class Kept:
    """A bounded map from a key (holding ids) to a value, each entry holding its anchors."""

    def __init__(self, limit: int = LIMIT):
        self._limit = limit
        self._new: dict[Hashable, tuple[tuple[object, ...], Any]] = {}
        self._old: dict[Hashable, tuple[tuple[object, ...], Any]] = {}

    def get(self, key: Hashable) -> Any:
        hit = self._new.get(key)
        if hit is None:
            hit = self._old.pop(key, None)
            if hit is None:
                return None
            self._store(key, hit)
        return hit[1]

    def put(self, key: Hashable, anchors: tuple[object, ...], value: Any) -> None:
        self._store(key, (anchors, value))

    def _store(self, key: Hashable, entry: tuple[tuple[object, ...], Any]) -> None:
        if len(self._new) >= self._limit:
            self.next_generation()
        self._new[key] = entry

    def next_generation(self) -> None:
        """Begin a generation: the older one is dropped."""
        self._old, self._new = self._new, {}

    def clear(self) -> None:
        self._new.clear()
        self._old.clear()

    def __len__(self) -> int:
        return len(self._new) + len(self._old)


#: element infos (see the module docstring)
INFOS = Kept()
#: what groups of element-level predicates said of an info, by context number
SAID = Kept()
#: a number for each context element-level predicates were asked in
TOKENS = Kept()


def next_validation() -> None:
    """A validation begins: infos and what was said of elements the last one did not use or
    make are dropped (the contexts' numbers stay: each is a few words)."""
    INFOS.next_generation()
    SAID.next_generation()
