"""Work done for one frozen object, found again by that very object (not an equal one).

An edit shares every element it did not change with the roster before it (see
:mod:`horizon_builder.session.core`), so what was derived for an element (its
:class:`~horizon_builder.engine.analysis.ElementInfo`, its statline findings)
can be reused as long as the same element object comes back in the same
context. Lookup is by identity: no hashing or comparing of the element itself.

The memo holds its anchors (the element, the ruleset) strongly, so their ids
cannot be reused while the entry lives (a key that matches is these very
objects); it keeps two generations, dropping the
older one when the newer fills up, so it stays bounded without bookkeeping on
every hit.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any


class IdentityMemo:
    """A bounded map from (anchor objects by identity, a hashable context) to a value."""

    def __init__(self, limit: int = 65_536):
        self._limit = limit
        self._new: dict[Hashable, tuple[tuple[object, ...], Any]] = {}
        self._old: dict[Hashable, tuple[tuple[object, ...], Any]] = {}

    def get(self, anchors: tuple[object, ...], context: Hashable) -> Any:
        """The value stored for these very objects in this context, or None."""
        key = (*map(id, anchors), context)
        hit = self._new.get(key)
        if hit is None:
            hit = self._old.pop(key, None)
            if hit is None:
                return None
            self._store(key, hit)
        # the entry holds its anchors, so no other live object can have their ids: a key
        # that matches is these very objects
        return hit[1]

    def put(self, anchors: tuple[object, ...], context: Hashable, value: Any) -> None:
        self._store((*map(id, anchors), context), (anchors, value))

    def _store(self, key: Hashable, entry: tuple[tuple[object, ...], Any]) -> None:
        if len(self._new) >= self._limit:
            self._old, self._new = self._new, {}
        self._new[key] = entry

    def clear(self) -> None:
        self._new.clear()
        self._old.clear()

    def __len__(self) -> int:
        return len(self._new) + len(self._old)
