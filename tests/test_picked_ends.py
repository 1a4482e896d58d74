"""A round's common ends taken from the Task Force's (issue 13), and the CHQ found from the
last analysis's answer: the runs said kept really are the very objects, and the CHQ is the
first element with its id, as a scan finds."""

from __future__ import annotations

from itertools import compress
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from horizon_builder.engine.columns import Columns, common_ends
from horizon_builder.engine.incremental import Last, Reuse, find_chq


class Element:
    """A stand-in element: ends compare elements by identity; the CHQ is found by id."""

    def __init__(self, id_: str):
        self.id = id_


ids = st.lists(st.sampled_from("abcd"), max_size=12)
flags = st.lists(st.booleans(), min_size=12, max_size=24)


def _first(elements: list[Any], wanted: str) -> int | None:
    return next((n for n, e in enumerate(elements) if e.id == wanted), None)


@given(ids, st.integers(0, 12), st.integers(0, 12), ids, flags, flags, st.booleans(),
       st.sampled_from("abcd"))
def test_picked_ends_are_kept_runs(old_ids, start, length, inserted, old_flags, new_flags,
                                   keep_flags, chq_id):
    old = [Element(i) for i in old_ids]
    start = min(start, len(old))
    new = old[:start] + [Element(i) for i in inserted] + old[start + length:]
    old_flags = old_flags[:len(old)]
    if keep_flags:  # the edit kept the flags of the elements it kept
        new_flags = (old_flags[:start] + new_flags[:len(inserted)]
                     + old_flags[start + length:])
    new_flags = new_flags[:len(new)]
    reuse = Reuse()
    reuse.whole = (old, new, common_ends(old, new))
    ends = reuse.picked_ends((old, old_flags), (new, new_flags))  # type: ignore[arg-type]
    old_r, new_r = list(compress(old, old_flags)), list(compress(new, new_flags))
    if keep_flags:
        assert ends is not None
    if ends is None:
        ends = common_ends(old_r, new_r)
    prefix, suffix = ends
    assert prefix + suffix <= min(len(old_r), len(new_r))
    assert all(a is b for a, b in zip(old_r[:prefix], new_r[:prefix], strict=True))
    assert all(a is b for a, b in zip(old_r[len(old_r) - suffix:], new_r[len(new_r) - suffix:],
                                      strict=True))
    last = Last(None, old_r, (), Columns(()), _first(old_r, chq_id), None)  # type: ignore[arg-type]
    assert find_chq(new_r, chq_id, last, ends) == _first(new_r, chq_id)  # type: ignore[arg-type]
