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
only the changed element is derived and judged again. Bounded, and kept long only once found
again (:class:`Kept`): each validation begins a generation (:func:`next_validation`), and
what was made in a validation and not found again in either of the next two is dropped; what
is found again is kept in two generations of :data:`LIMIT` entries, the older dropped when
the newer is full. So a list judged once (an event's lists, a list opened to look at) is let
go while it is still fresh in memory (kept as long as the rest, a validation from scratch
ran about a tenth slower: docs/perf/issue-32.md), memory stays flat however many lists are
judged, and what an edit, an undo, a second list open beside the first or a helper's trial
lists find again stays. ``tests/test_revalidation.py`` compares validation after random
edits with validation of a fresh copy (nothing found again); ``tests/test_rule_reads.py``
that a predicate reads no more than it declares.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

#: entries per generation
LIMIT = 4_096


_Entry = tuple[tuple[object, ...], Any]


class Kept:
    """A bounded map from a key (holding ids) to a value, each entry holding its anchors.

    An entry is made young; it is kept long once it is found again after the validation that
    made it (in one of the two that follow: :meth:`next_generation`), and dropped if not.
    Those kept long are two generations of at most ``limit`` entries each, the older dropped
    when the newer is full (one found again in the older moves to the newer)."""

    def __init__(self, limit: int = LIMIT):
        self._limit = limit
        #: made in this validation, in the last, in the one before: not found again since
        self._young: tuple[dict[Hashable, _Entry], ...] = ({}, {}, {})
        #: found again after the validation that made them
        self._new: dict[Hashable, _Entry] = {}
        self._old: dict[Hashable, _Entry] = {}

    def get(self, key: Hashable) -> Any:
        made, last, before = self._young
        hit = made.get(key) or self._new.get(key)
        if hit is not None:
            return hit[1]
        for older in (self._old, last, before):  # found again: kept long, in the newer
            hit = older.pop(key, None)
            if hit is not None:
                self._keep(key, hit)
                return hit[1]
        return None

    def put(self, key: Hashable, anchors: tuple[object, ...], value: Any) -> None:
        """Keep ``value`` under ``key``, in place of any entry kept under it (a young one is
        looked for after the long-lived ones: it would not be found)."""
        self._new.pop(key, None)
        self._old.pop(key, None)
        if len(self._young[0]) >= self._limit:  # a huge list, or many made between validations
            self.next_generation()
        self._young[0][key] = (anchors, value)

    def _keep(self, key: Hashable, entry: _Entry) -> None:
        if len(self._new) >= self._limit:
            self._old, self._new = self._new, {}
        self._new[key] = entry

    def next_generation(self) -> None:
        """A validation begins: what the one before the last made and nobody found again is
        dropped."""
        made, last, _ = self._young
        self._young = ({}, made, last)

    def clear(self) -> None:
        self._young = ({}, {}, {})
        self._new.clear()
        self._old.clear()

    def __len__(self) -> int:
        return sum(map(len, self._young)) + len(self._new) + len(self._old)


#: element infos (see the module docstring)
INFOS = Kept()
#: what groups of element-level predicates said of an info, by context number
SAID = Kept()
#: a number for each context element-level predicates were asked in
TOKENS = Kept()


def next_validation() -> None:
    """A validation begins a generation of the infos and of what was said of elements (the
    contexts' numbers are not counted so: each is a few words)."""
    INFOS.next_generation()
    SAID.next_generation()
