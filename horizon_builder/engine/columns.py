"""Per-element values of one analysis, kept as lists and reused across edits.

A force-wide check reads a few facts of every element (its type, FC, whether it
is an aircraft ...). Walking every element object for each of some 45 checks
costs little on a small force but, on a force of thousands, each walk reads
objects spread over memory that the walk before pushed out of the cache. A
:class:`Columns` keeps each such fact as one list in element order, made once
per analysis; and an edit shares every element it did not change with the
roster before it (see :mod:`horizon_builder.session.core`), so a column of the next
analysis copies the previous analysis's column for the unchanged run of
elements at each end and asks only for the changed ones in between.

A value must depend only on what an element's info was made from (the element
and its force context: see :func:`horizon_builder.engine.analysis.analyse`),
never on the other elements: the same info object then always gives the same
value. Infos are compared by identity, so a donor from another context simply
shares nothing.
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import repeat
from operator import add, indexOf, is_not
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from horizon_builder.engine.analysis import ElementInfo

T = TypeVar("T")


def common_ends(old: Sequence[object], new: Sequence[object]) -> tuple[int, int]:
    """(prefix, suffix): how many items at the start and at the end of ``new`` are the very
    objects at the start and at the end of ``old`` (the two runs never overlap): as the edit
    that made ``new`` noted them (see :class:`Edited`; it may say fewer), or found by
    looking."""
    if old is new:
        return len(new), 0
    if type(new) is Edited:
        noted = new.ends_from(old)
        if noted is not None:
            return noted
    limit = min(len(old), len(new))
    prefix = _first_differing(old, new, limit)
    limit -= prefix
    return prefix, min(_first_differing(reversed(old), reversed(new), limit), limit)


class Edited(tuple):
    """An edit's new tuple of elements that says what the edit kept of the tuple before it:
    ``ends`` (prefix, suffix), runs at the start and the end that are the very objects at
    the start and the end of ``before`` and do not overlap. :func:`common_ends` then answers
    them without looking at every item (on a 10,000-element list, looking costs about half
    of a re-validation after the edit).

    Made whole at once (the note is set in ``__new__``, never after) and otherwise a plain
    tuple: equal, hashed, pickled (as a plain tuple) and served as one. It knows ``before``
    by a witness: a plain tuple itself (which holds nothing more), an edit's tuple by the
    token that one was made with (a tuple cannot be weakly referred to, and holding it
    would keep a whole run of edits' lists alive, one holding the next)."""

    _token: object
    _witness: object
    _ends: tuple[int, int]

    def __new__(cls, items: Iterable[object], before: tuple[object, ...],
                ends: tuple[int, int]) -> Edited:
        self = super().__new__(cls, items)
        prefix, suffix = ends
        if prefix < 0 or suffix < 0 or prefix + suffix > min(len(before), len(self)):
            raise ValueError(f"not common ends of {len(before)} and {len(self)} items: {ends}")
        self._token = object()  # held by this tuple and the notes of edits made from it only
        self._witness = before._token if type(before) is Edited else before
        self._ends = ends
        return self

    def ends_from(self, old: object) -> tuple[int, int] | None:
        """The noted ends, if ``old`` is the very tuple this was made from."""
        witness = old._token if type(old) is Edited else old
        return self._ends if witness is self._witness else None

    def __reduce__(self) -> tuple[type[tuple[object, ...]], tuple[tuple[object, ...]]]:
        return tuple, (tuple(self),)


def _first_differing(old: Iterable[object], new: Iterable[object], default: int) -> int:
    """Where the two first hold different objects (``default`` if nowhere), found in C."""
    try:
        return indexOf(map(is_not, old, new), True)
    except ValueError:
        return default


def _places_in(column: list[Any], wanted: object) -> list[int]:
    """Every index where ``column`` holds ``wanted``, found in C."""
    found: list[int] = []
    start = 0
    try:
        while True:
            start = column.index(wanted, start) + 1
            found.append(start - 1)
    except ValueError:
        return found


#: Values a column may share with the column before an edit when merely equal.
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _same(new: object, old: object) -> bool:
    """Whether a column may keep ``old`` for ``new``: the very object, or an equal plain value
    (a number, a string, a tuple of them)."""
    if new is old:
        return True
    kind = type(new)
    if kind is not type(old):
        return False
    if kind is tuple:
        items: tuple[object, ...] = new  # type: ignore[assignment]
        others: tuple[object, ...] = old  # type: ignore[assignment]
        return len(items) == len(others) and all(map(_same, items, others))
    return kind in _PLAIN and new == old


class Identity:
    """A column key part that is one object by identity (and keeps it alive, so its id
    cannot be another object's while the key lives)."""

    __slots__ = ("obj",)

    def __init__(self, obj: object):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.obj is self.obj


class Columns:
    """Columns of per-element values for one list of element infos (see the module)."""

    __slots__ = ("_donor", "_ends", "_infos", "_places", "_tallies", "_values")

    def __init__(self, infos: Sequence[Any], donor: Columns | None = None,
                 ends: tuple[int, int] | None = None):
        """``donor``: the columns of an earlier analysis to copy from; ``ends``: the common
        prefix and suffix of its infos and ``infos``, when already known."""
        self._infos = infos
        self._values: dict[Hashable, list[Any]] = {}
        self._tallies: dict[Hashable, Counter[Any]] = {}
        self._places: dict[tuple[Hashable, Any], list[int]] = {}
        self._donor: tuple[Sequence[Any], dict[Hashable, list[Any]],
                           dict[Hashable, Counter[Any]],
                           dict[tuple[Hashable, Any], list[int]]] | None = None
        self._ends = (0, 0)
        if donor is not None:
            self._ends = common_ends(donor._infos, infos) if ends is None else ends
            if self._ends != (0, 0):
                self._donor = (donor._infos, donor._values, donor._tallies, donor._places)

    @property
    def infos(self) -> Sequence[Any]:
        return self._infos

    def get(self, key: Hashable, value: Callable[[Any], T]) -> list[T]:
        """``[value(info) for info in infos]``, made once (``key`` names the column)."""
        column = self._values.get(key)
        if column is not None:
            return column
        infos = self._infos
        old = self._donor[1].get(key) if self._donor is not None else None
        if old is None:
            column = [value(info) for info in infos]
        else:
            prefix, suffix = self._ends
            old_len = len(self._donor[0])  # type: ignore[index]
            middle = [value(info) for info in infos[prefix:len(infos) - suffix]]
            if old_len == len(infos) and all(map(_same, middle, old[prefix:prefix + len(middle)])):
                column = old  # an edit that changed nothing this column holds: the very list
            else:
                column = old[:prefix]
                column += middle
                if suffix:
                    column += old[old_len - suffix:]
        self._values[key] = column
        return column

    def tally(self, key: Hashable, value: Callable[[Any], T]) -> Counter[T]:
        """How often each value occurs in the column ``key`` (see :meth:`get`; never change
        it). After an edit, the earlier analysis's tally less its values of the changed
        elements plus theirs now: the very tally when the column is the very list."""
        counts = self._tallies.get(key)
        if counts is not None:
            return counts
        column = self.get(key, value)
        donor = self._donor
        old = donor[1].get(key) if donor is not None else None
        old_counts = donor[2].get(key) if donor is not None else None
        if old is None or old_counts is None:
            counts = Counter(column)
        elif old is column:
            counts = old_counts
        else:
            prefix, suffix = self._ends
            counts = old_counts.copy()
            counts.subtract(old[prefix:len(old) - suffix])
            counts.update(column[prefix:len(column) - suffix])
            for gone in [v for v, n in counts.items() if not n]:
                del counts[gone]
        self._tallies[key] = counts
        return counts

    def total(self, key: Hashable, value: Callable[[Any], int]) -> int:
        """``sum(column)`` of the column ``key``, from its :meth:`tally`."""
        return sum(v * n for v, n in self.tally(key, value).items())

    def places(self, key: Hashable, value: Callable[[Any], T], wanted: T) -> list[int]:
        """Where the column ``key`` (see :meth:`get`) holds ``wanted``, ascending (never change
        it). After an edit, the earlier analysis's places in the unchanged runs at each end
        (those after the change moved by the change in length) and the changed elements' own:
        only the changed elements are looked at."""
        found = self._places.get((key, wanted))
        if found is not None:
            return found
        column = self.get(key, value)
        donor = self._donor
        old = donor[3].get((key, wanted)) if donor is not None else None
        if old is None:
            found = _places_in(column, wanted)
        else:
            prefix, suffix = self._ends
            old_len = len(donor[0])  # type: ignore[index]
            shift = len(column) - old_len
            found = old[:bisect_left(old, prefix)]
            found += [n for n in range(prefix, len(column) - suffix) if column[n] == wanted]
            after = old[bisect_left(old, old_len - suffix):]
            found += map(add, after, repeat(shift, len(after))) if shift else after
        self._places[key, wanted] = found
        return found

    def flats(self, key: Hashable, runs: Callable[[int], Mapping[Any, Sequence[Any]]]
              ) -> dict[Any, list[Any]]:
        """For each name the mappings ``runs(index)`` hold (``index``: an info's place),
        [items, owners]: the items of that name of every info in order, as one list, and
        the index of the info each is of (``key`` names the lot; a name no info has is left
        out). After
        an edit, the items of the unchanged elements at each end are sliced from the earlier
        analysis's lists (which element each item is of is kept beside them) and only the
        changed elements are asked; ``runs`` may read only the info there, as a column's value
        (and what is the same while ``key`` is)."""
        made: dict[Hashable, list[Any]] | None = self._values.get(key)  # type: ignore[assignment]
        if made is None:
            made = self._flats(key, runs)
            self._values[key] = made  # type: ignore[assignment]
        return made

    def _flats(self, key: Hashable, runs: Callable[[int], Mapping[Any, Sequence[Any]]]
               ) -> dict[Any, list[Any]]:
        """name → [items, owners]: the flat list and, for each item, its element's index."""
        infos = self._infos
        old: dict[Hashable, list[Any]] | None = (
            self._donor[1].get(key) if self._donor is not None else None)  # type: ignore[assignment]
        prefix, suffix = self._ends if old is not None else (0, 0)
        middle: dict[Hashable, list[Any]] = {}
        for index in range(prefix, len(infos) - suffix):
            for name, said in runs(index).items():
                if said:
                    pair = middle.get(name)
                    if pair is None:
                        pair = middle[name] = [[], []]
                    pair[0] += said
                    pair[1] += repeat(index, len(said))
        if old is None:
            return middle
        old_len = len(self._donor[0])  # type: ignore[index]
        shift = len(infos) - old_len
        out: dict[Hashable, list[Any]] = {}
        for name in old.keys() | middle.keys():
            items, owners = old.get(name) or ((), ())
            start, end = bisect_left(owners, prefix), bisect_left(owners, old_len - suffix)
            made: Sequence[list[Any]] = middle.get(name) or ([], [])
            if not shift and made[0] == items[start:end] and made[1] == owners[start:end]:
                if items:  # the changed elements say what they said: the very lists
                    out[name] = old[name]
                continue
            new_items, new_owners = list(items[:start]), list(owners[:start])
            new_items += made[0]
            new_owners += made[1]
            new_items += items[end:]
            new_owners += owners[end:] if not shift else map(add, owners[end:], repeat(shift))
            if new_items:
                out[name] = [new_items, new_owners]
        return out

    def release(self) -> None:
        """Forget the donor (kept only while this analysis's columns are being made)."""
        self._donor = None


# --- columns many readers share (a value of the info alone)

def element_type(info: ElementInfo) -> str:
    """The element's type id, interned: a column of them holds a few shared strings."""
    return sys.intern(info.element.type)


def element_id_of(info: ElementInfo) -> str:
    return info.element.id


def element_name(info: ElementInfo) -> str:
    return info.element.name


def fc_of(info: ElementInfo) -> int:
    return info.fc


def fp_of(info: ElementInfo) -> int:
    return info.fp


def fc_provisional_of(info: ElementInfo) -> bool:
    return info.fc_provisional


def counts_for_cr(info: ElementInfo) -> int:
    return 1 if info.type is not None and info.type.counts_for_cr else 0


def cr_spent_of(info: ElementInfo) -> int:
    return info.cr_spent


def form_types_of(info: ElementInfo) -> tuple[str, ...]:
    return tuple(f.type for f in info.element.forms) if info.element.forms else ()


def is_command_of(info: ElementInfo) -> bool:
    return info.is_command
