"""Everything validation reuses from one validation to the next: one object, one contract.

An edit is a pure ``Roster -> Roster`` that shares every element object it did not change
with the roster before it (:mod:`horizon_builder.editing`), and :meth:`Session.commit
<horizon_builder.session.core.Session.commit>` keeps those very objects (and the rounds it
did not change). Re-validating the edited roster then derives anew only what belongs to the
changed elements. All it keeps for that lives in one :class:`Reuse`, and in one declared
place of each info (its ``checked`` dict, made empty with it): nothing is kept in a module
global, and nothing is written into a model or a finding.

**What is reused, keyed by what, dropped when**

========================  ==========================================  ======================
what                      keyed by                                    dropped
========================  ==========================================  ======================
an element's info         the element object and the ruleset object   two generations of
(:class:`ElementInfo`)    (by identity) and its force context         :data:`KEPT` each: the
                          (:meth:`Reuse.context_id`: mode, command,   older when the newer
                          the CHQ's type, the roster's settings; its  is full
                          own CHQ flag and CR bought for its type)
what the checks derive    the info: held in its declared ``checked``  with the info (it is
for one element           dict, made empty with it (an info is made   the info's own)
(statline findings,       for one element in one context, so nothing
per-element parts)        more is needed; :meth:`Reuse.of_info`)
a round's copy of a       the finding object and the round's name     when neither this
finding                                                               validation nor the
                                                                      one before asked
the ids a round fields    the round object                            as infos, 256 each
the last analysis of      the ruleset object, the mode, the round's   replaced by the next
each kind of call         name, whether the whole list was analysed   of its kind; all when
(elements, context,                                                   more than 64 kinds
infos, columns, CHQ)
a value derived from a    the very column list (:meth:`Reuse.derived`) 64 kept, then all
column
a force context's number  the context (mode, command, settings)       never: a few a list
(:meth:`context_id`)                                                  setting, small numbers
========================  ==========================================  ======================

Everything is dropped at once by :meth:`Reuse.clear`, when its ruleset is let go (a session
closed, its rules read again): the ruleset holds its Reuse and the Reuse's keys hold the
ruleset, so emptying it is what lets the old rules be freed.

Every key holds the objects it is by identity of (or is checked against one held), so an id
is never another object's while its entry lives. A value depends only on its key (see
:mod:`horizon_builder.checks.common` for what a statline rule or a per-element part may
read), so a hit is what deriving again would give: ``tests/test_incremental.py`` compares
re-validation after random edits with validation from scratch.

What an edit kept is not kept here but said by the edit's own result: its new tuple of
elements is an :class:`~horizon_builder.engine.columns.Edited`, made with the runs at each
end it kept of the tuple before (a pure edit function has no ``Reuse`` to tell), so finding
them costs nothing; a plain tuple (a roster loaded, a copy) is compared item by item, in C.

**Who owns one.** Whoever validates repeatedly. Every key above names the ruleset object
(directly or through the info), so the default is the ruleset's own (:func:`reuse_of`, kept
in the ruleset's :class:`~horizon_builder.rules.base.Scratch`: made with it, never part of
its value, never pickled or deep-copied). Plain ``validate(roster, ruleset)`` calls (the
command line, the benchmarks, the editors' trial validations) and the session's report
(the session holds its ruleset, so its reuse) all share it: the editors' trials after an
edit find the infos of the session's validation. Pass ``Reuse()`` to
:func:`~horizon_builder.engine.validator.validate` for a validation sharing nothing (or to
keep one of your own).

**One edit's re-validation**, in the order it happens:

1. :func:`~horizon_builder.engine.analysis.analyse` asks :meth:`Reuse.previous` for the
   last analysis of the same kind and :meth:`Reuse.kept_ends` for the runs of elements at
   the start and the end the edit kept (as the :class:`Edited` tuple says, else looked
   for; a round's from the Task Force's, :meth:`Reuse.picked_ends`), and :func:`find_chq`
   for the CHQ's place.
2. :meth:`Reuse.element_infos`: the kept runs take the previous infos as they are (same
   context); each element between is looked up in the infos memo, else derived.
3. :meth:`Reuse.remember` keeps this analysis for the next; its
   :class:`~horizon_builder.engine.columns.Columns` copy the previous columns for the kept
   runs and ask the changed elements only.
4. The checks: statline findings and per-element parts come from :meth:`Reuse.of_info`
   (only the changed elements' are derived), spliced into lists kept across edits by
   :meth:`Columns.flats <horizon_builder.engine.columns.Columns.flats>`; values of a
   column that came back unchanged from :meth:`Reuse.derived`.
5. A Task Force's rounds: each round is analysed as in 1-3 (its elements picked with
   :meth:`Reuse.round_ids`), its findings are copies made once per finding
   (:meth:`Reuse.round_copy`), less what the Task Force already said of an element (the
   validator hands ``checks.common.element_told`` to ``validator._Reported`` for that).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from horizon_builder.engine.columns import Columns, common_ends
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.memo import IdentityMemo

if TYPE_CHECKING:
    from horizon_builder.engine.analysis import ElementInfo
    from horizon_builder.roster.models import Element, Round
    from horizon_builder.rules.models import Ruleset

T = TypeVar("T")

#: How many entries each identity memo keeps per generation (see :class:`IdentityMemo`).
KEPT = 65_536
#: What a round's elements were picked from: the list and, for each element, whether picked.
Picked = tuple[Sequence["Element"], Sequence[bool]]
#: One kind of analysis call: (the ruleset's id, mode, round name, whether the whole list).
Slot = tuple[int, str, "str | None", bool]


class Last:
    """The last analysis of one kind of call: what the next of that kind starts from."""

    __slots__ = ("chq_index", "columns", "elements", "key", "picked", "ruleset")

    def __init__(self, ruleset: Ruleset, elements: Sequence[Element], key: tuple[object, ...],
                 columns: Columns, chq_index: int | None, picked: Picked | None):
        self.ruleset = ruleset  #: held: the slot is for this very object
        self.elements = elements
        self.key = key  #: everything its infos depend on beyond each element
        self.columns = columns
        self.chq_index = chq_index
        self.picked = picked


class Reuse:
    """What validations reuse from each other (see the module for the contract)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """Keep nothing (its ruleset is let go: see :meth:`Session.close
        <horizon_builder.session.core.Session.close>`). The ruleset holds its own Reuse and
        the Reuse's keys hold the ruleset, a cycle; once emptied, nothing here holds the
        ruleset, so it goes as soon as its last holder does (even when the collector was
        told to ignore it: ``gc.freeze`` after start-up)."""
        self._infos = IdentityMemo(KEPT)
        #: id(finding) → (finding, {round name: its copy}): a check's findings made afresh
        #: by each validation die with its report, so their copies go a validation later
        #: (see :meth:`next_validation`); those kept for an element live while asked for
        self._copies = ByIdentity(KEPT)
        self._round_ids = IdentityMemo(256)
        self._contexts: dict[tuple[object, ...], int] = {}
        self._last: dict[Slot, Last] = {}
        #: the last whole list analysed, the list before it and their common ends
        self.whole: tuple[Sequence[Element], Sequence[Element], tuple[int, int]] | None = None
        self._derived: dict[tuple[object, int], tuple[list[Any], Any]] = {}

    def next_validation(self) -> None:
        """A validation starts: round copies not asked for since the one before are let go."""
        self._copies.rotate()

    # --- 1. where the analysis before left off

    def previous(self, ruleset: Ruleset, slot: Slot) -> Last | None:
        """The last analysis of this kind under this very ruleset, if any."""
        last = self._last.get(slot)
        return last if last is not None and last.ruleset is ruleset else None

    def kept_ends(self, last: Last | None, chosen: Sequence[Element], picked: Picked | None,
                  whole: bool) -> tuple[int, int]:
        """(prefix, suffix): the runs of ``chosen`` that are the very elements at the ends of
        the last analysis's (see :func:`common_ends`). A whole list is kept as
        :attr:`whole`, for the rounds picked from it after."""
        ends = self.picked_ends(last.picked, picked) \
            if last is not None and last.picked is not None and picked is not None else None
        if ends is None:
            ends = common_ends(last.elements, chosen) if last is not None else (0, 0)
        if whole:
            self.whole = (last.elements, chosen, ends) if last is not None else None
        return ends

    def picked_ends(self, before: Picked, now: Picked) -> tuple[int, int] | None:
        """The common ends of the elements picked ``before`` and ``now`` (a round's, before and
        after an edit), without looking at them all: when they were picked from the last two
        whole lists analysed (the Task Force's), the kept runs at the ends of those, less the
        elements not picked there (if the same were picked there). None: not known so."""
        if self.whole is None:
            return None
        (old_list, old_flags), (new_list, new_flags) = before, now
        was, is_, (prefix, suffix) = self.whole
        if was is not old_list or is_ is not new_list or len(old_flags) != len(old_list) \
                or len(new_flags) != len(new_list):
            return None
        head, tail = new_flags[:prefix], new_flags[len(new_flags) - suffix:]
        if head != old_flags[:prefix] or tail != old_flags[len(old_flags) - suffix:]:
            return None
        return head.count(True), tail.count(True)

    def context_id(self, context: tuple[object, ...]) -> int:
        """A small number for a force context, so element keys hash quickly."""
        return self._contexts.setdefault(context, len(self._contexts))

    # --- 2. the infos

    def element_infos(self, ruleset: Ruleset, chosen: Sequence[Element], last: Last | None,
                      ends: tuple[int, int], key: tuple[object, ...],
                      context_of: Callable[[Element], tuple[object, ...]],
                      make: Callable[[Element, tuple[object, ...]], ElementInfo]
                      ) -> tuple[list[ElementInfo], tuple[int, int]]:
        """The infos of ``chosen`` and the ends they share with ``last``'s: the kept runs'
        are the last analysis's when its ``key`` (the force context) is this one; each other
        element's is found by (element, ruleset, ``context_of(element)``), else
        ``make(element, context)`` derives it."""
        prefix, suffix = ends if last is not None and last.key == key else (0, 0)
        old_infos: Sequence[ElementInfo] = last.columns.infos if last is not None else ()
        infos: list[ElementInfo] = list(old_infos[:prefix])
        memo = self._infos
        for element in chosen[prefix:len(chosen) - suffix]:
            context = context_of(element)
            info = memo.get((element, ruleset), context)
            if info is None:
                info = make(element, context)
                memo.put((element, ruleset), context, info)
            infos.append(info)
        if suffix:
            infos += old_infos[len(old_infos) - suffix:]
        return infos, (prefix, suffix)

    # --- 3. kept for the next

    def remember(self, slot: Slot, last: Last) -> None:
        if len(self._last) > 64:
            self._last.clear()
        self._last[slot] = last

    # --- 4. what the checks derive for one element, and from a column

    def of_info(self, info: ElementInfo) -> dict[Hashable, Any]:
        """What the checks keep for one element info (its statline findings, per-element
        parts): a dict of their own, found again by the info object. A value put here may
        depend only on the info (the element in its force context: see
        :mod:`horizon_builder.checks.common`)."""
        return info.checked  # declared on the info, made with it: it lives as long as the info

    def derived(self, column: list[Any], make: Callable[[list[Any]], T]) -> T:
        """``make(column)``, kept while the very column list comes back: a column an edit did
        not change is the list it was (see :meth:`Columns.get`), and a column is never
        changed once made. ``make``: a module level function of the column alone."""
        key = (make, id(column))
        kept = self._derived.get(key)
        if kept is not None and kept[0] is column:
            return kept[1]
        if len(self._derived) >= 64:
            self._derived.clear()
        value = make(column)
        self._derived[key] = (column, value)  # holds the column: its id is not another list's
        return value

    def forget_derived(self) -> dict[tuple[object, int], tuple[list[Any], Any]]:
        """Empty what :meth:`derived` keeps, handing it back (see :meth:`restore_derived`)."""
        kept, self._derived = self._derived, {}
        return kept

    def restore_derived(self, kept: dict[tuple[object, int], tuple[list[Any], Any]]) -> None:
        self._derived = kept

    # --- 5. rounds

    def round_ids(self, round_: Round) -> frozenset[str]:
        """The ids a round fields, as a set made once per round object (an edit of the list
        keeps its rounds)."""
        ids: frozenset[str] | None = self._round_ids.get((round_,), None)
        if ids is None:
            ids = frozenset(round_.elements)
            self._round_ids.put((round_,), None, ids)
        return ids

    def round_copy(self, finding: Finding, round_name: str) -> Finding:
        """A round's copy of a finding, made once per finding object (those about one
        element are kept across edits with the element's info, so an edit does not copy them
        all again)."""
        entry = self._copies.new.get(id(finding))
        copies: dict[str, Finding] = \
            entry[1] if entry is not None else self._copies.get_or_put(finding, dict)
        copy = copies.get(round_name)
        if copy is None:
            copy = copies[round_name] = round_copy(finding, round_name)
        return copy


class ByIdentity:
    """A bounded map from an object, by identity, to a value: :class:`IdentityMemo` for one
    anchor and no context, without building a key. Each entry holds its object, so its id is
    not another's while the entry lives; two generations, the older dropped when the newer
    is full. A caller may read :attr:`new` itself (``new.get(id(obj))``: (obj, value)) before
    :meth:`get_or_put`."""

    __slots__ = ("_limit", "_old", "new")

    def __init__(self, limit: int):
        self._limit = limit
        self.new: dict[int, tuple[object, Any]] = {}
        self._old: dict[int, tuple[object, Any]] = {}

    def get_or_put(self, obj: object, make: Callable[[], T]) -> T:
        """The value kept for ``obj``, else ``make()`` kept for it."""
        key = id(obj)
        entry = self.new.get(key)
        if entry is None:
            entry = self._old.pop(key, None)
            if entry is None:
                entry = (obj, make())
            if len(self.new) >= self._limit:
                self._old, self.new = self.new, {}
            self.new[key] = entry
        return entry[1]

    def put(self, obj: object, value: object) -> None:
        if len(self.new) >= self._limit:
            self._old, self.new = self.new, {}
        self.new[id(obj)] = (obj, value)

    def rotate(self) -> None:
        """Start a new generation now: what is not asked for before the next is dropped."""
        self._old, self.new = self.new, {}

    def __len__(self) -> int:
        return len(self.new) + len(self._old)


def round_copy(finding: Finding, round_name: str) -> Finding:
    """A round's copy of a finding, made anew (:meth:`Reuse.round_copy` keeps them; a caller
    that keeps what it makes itself, as a round's statline findings per info, needs not)."""
    f = finding
    return Finding(f.severity, f.code, f"{round_name}: {f.message}", f.rule, f.element,
                   f.element_name, f.field, f.provisional, round_name)


def find_chq(chosen: Sequence[Element], chq_id: str | None, last: Last | None,
             ends: tuple[int, int]) -> int | None:
    """Where the first element with the CHQ's id is; from the last analysis's answer when it
    lies in a run of elements an edit kept at either end (only the changed elements between
    are looked at)."""
    if chq_id is None:
        return None
    if last is not None and last.chq_index is not None:
        (prefix, suffix), was = ends, last.chq_index
        if was < prefix and chosen[was].id == chq_id:
            return was
        old_len = len(last.elements)
        moved = was + len(chosen) - old_len
        if was >= old_len - suffix and chosen[moved].id == chq_id:  # none before it there
            return next((n for n in range(prefix, len(chosen) - suffix)
                         if chosen[n].id == chq_id), moved)
    return next((n for n, e in enumerate(chosen) if e.id == chq_id), None)


def reuse_of(ruleset: Ruleset) -> Reuse:
    """The ruleset's own :class:`Reuse` (made on first use, kept in its scratch)."""
    scratch = ruleset.scratch()
    reuse = scratch.value
    if not isinstance(reuse, Reuse):
        reuse = scratch.value = Reuse()
    return reuse
