"""Columns kept across edits (engine/columns.py): tallies and flat lists after an edit agree
with those made from scratch, and an edit that changes nothing a list holds keeps the list."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from horizon_builder.engine.columns import Columns, Edited, common_ends


class Info:
    """A stand-in element info: columns compare infos by identity and read one value."""

    def __init__(self, value: int):
        self.value = value


def value_of(info: Info) -> int:
    return info.value


def runs_of(infos: list[Info]) -> Any:
    """Each info says ``value % 3`` items under the name ``value % 2``."""
    return lambda index: {infos[index].value % 2: ("x",) * (infos[index].value % 3)}


def _flats_from_scratch(infos: list[Info]) -> dict[Any, list[Any]]:
    out: dict[Any, list[Any]] = {}
    runs = runs_of(infos)
    for index in range(len(infos)):
        for name, said in runs(index).items():
            if said:
                pair = out.setdefault(name, [[], []])
                pair[0] += said
                pair[1] += [index] * len(said)
    return out


values = st.lists(st.integers(0, 5), max_size=12)


@given(values, st.integers(0, 12), st.integers(0, 12), values, st.booleans(),
       st.integers(0, 6))
def test_an_edit_agrees_with_columns_made_from_scratch(old_values, start, length, inserted,
                                                       tallied_before, wanted):
    """Replace a run of infos (the edit); the kept parts are the very info objects."""
    old = [Info(v) for v in old_values]
    before = Columns(old)
    if tallied_before:
        before.tally("v", value_of)
        assert before.places("v", value_of, wanted) == [
            n for n, v in enumerate(old_values) if v == wanted]
    before.flats("f", runs_of(old))
    start = min(start, len(old))
    new = old[:start] + [Info(v) for v in inserted] + old[start + length:]
    after = Columns(new, before)
    assert after.tally("v", value_of) == Counter(v.value for v in new)
    assert all(after.tally("v", value_of).values())  # no value counted zero times
    assert after.total("v", value_of) == sum(v.value for v in new)
    assert after.get("v", value_of) == [v.value for v in new]
    assert after.flats("f", runs_of(new)) == _flats_from_scratch(new)
    assert after.places("v", value_of, wanted) == [
        n for n, v in enumerate(new) if v.value == wanted]


def test_an_edit_that_changes_no_value_keeps_the_lists():
    old = [Info(v) for v in (1, 2, 4, 5)]
    before = Columns(old)
    counts = before.tally("v", value_of)
    flats = before.flats("f", runs_of(old))
    new = [old[0], Info(2), *old[2:]]  # another info, the same values
    after = Columns(new, before)
    assert after.get("v", value_of) is before.get("v", value_of)
    assert after.tally("v", value_of) is counts
    assert all(after.flats("f", runs_of(new))[name] is flats[name] for name in flats)


def test_an_edit_that_changes_a_value_copies_only_what_holds_it():
    old = [Info(v) for v in (1, 2, 4, 5)]
    before = Columns(old)
    flats = before.flats("f", runs_of(old))
    new = [Info(3), *old[1:]]  # says nothing now (3 % 3 == 0) under name 1
    after = Columns(new, before).flats("f", runs_of(new))
    assert after[0] is flats[0]  # nothing of name 0 changed
    assert after[1] == [["x", "x"], [3, 3]] and after[1] is not flats[1]


def _ends_hold(old: Any, new: Any, ends: tuple[int, int]) -> bool:
    prefix, suffix = ends
    return (prefix + suffix <= min(len(old), len(new))
            and all(a is b for a, b in zip(old[:prefix], new[:prefix], strict=True))
            and all(a is b for a, b in zip(old[len(old) - suffix:], new[len(new) - suffix:],
                                           strict=True)))


@given(values, st.integers(0, 12), st.integers(0, 12), values)
def test_noted_ends_are_answered_and_hold(old_values, start, length, inserted):
    """What an edit notes is what common_ends answers for that very pair (and only it)."""
    old = tuple(Info(v) for v in old_values)
    start = min(start, len(old))
    new = old[:start] + tuple(Info(v) for v in inserted) + old[start + length:]
    if new is old:  # CPython's () + old
        new = tuple(list(new))
    kept = (start, len(old) - min(len(old), start + length))
    edited = Edited(new, old, kept)
    assert edited == new and edited.ends_from(old) == kept == common_ends(old, edited)
    assert _ends_hold(old, new, kept)
    assert not old or edited.ends_from(tuple(list(old))) is None  # another tuple: not noted
    assert edited.ends_from(tuple(old)) == kept  # a tuple of a tuple is the tuple itself
    again = Edited(edited, edited, (len(new), 0))  # an edit of an edit knows it by its token
    assert again.ends_from(edited) == (len(new), 0) and again.ends_from(tuple(edited)) is None
    assert _ends_hold(list(old), list(new), common_ends(list(old), list(new)))


def test_an_edit_cannot_note_runs_longer_than_the_lists():
    old = tuple(Info(v) for v in range(3))
    with pytest.raises(ValueError):
        Edited(old[:2], old, (2, 1))
