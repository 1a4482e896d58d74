"""The small derived answers the ruleset models give the rules (rules/models.py): who an
upgrade names as eligible by type, an upgrade's cap at a Presence, whether a type is named
in an eligibility list. Plain functions of the data, asked by the checks and the editors."""

from __future__ import annotations

import pytest

from horizon_builder.rules.models import Ruleset, Upgrade


def test_eligible_types_leave_out_the_chq_word() -> None:
    """``eligible`` may name the CHQ ("chq": upgrade-chq-only's rule); who may take it by type
    is the rest, and an empty rest means any type (OtH p.61-62: CHQ-only upgrades)."""
    assert Upgrade(name="X", eligible=["mech", "infantry"]).eligible_types == ["mech", "infantry"]
    assert Upgrade(name="X", eligible=["chq", "mech"]).eligible_types == ["mech"]
    assert Upgrade(name="X", eligible=["chq"]).eligible_types == []
    assert Upgrade(name="X").eligible_types == []


@pytest.mark.parametrize(("fields", "presence", "cap"), [
    ({}, 3, 1),  # one copy by default
    ({"max_count": None}, 3, None),  # no cap
    ({"max_count": 3}, 2, 3),
    ({"repeatable": True}, 4, None),  # max_count ignored
    ({"max_count": None, "max_per_full_presence": 2}, 5, 2),  # one per full 2 P
    ({"max_count": 3, "max_per_full_presence": 1}, 5, 3),  # the smaller of the two
    ({"max_count": 3, "max_per_full_presence": 2}, 1, 0),  # none below the first full 2 P
    ({"repeatable": True, "max_per_full_presence": 2}, 4, 2),
])
def test_an_upgrades_cap_at_a_presence(fields: dict[str, object], presence: int,
                                       cap: int | None) -> None:
    assert Upgrade(name="X", **fields).cap(presence) == cap


def test_a_type_is_matched_by_id_category_family_or_tag(ruleset: Ruleset) -> None:
    """An eligibility list names types by id, category, family or tag (OtH p.60: the errata's
    lists name categories and types)."""
    et = ruleset.element_types["lt_inf"]
    assert et.tags
    assert ruleset.matches("lt_inf", ["lt_inf"])
    assert ruleset.matches("lt_inf", [et.category])
    assert ruleset.matches("lt_inf", ["mech", et.tags[-1]])
    assert not ruleset.matches("lt_inf", ["mech", "aircraft"])
    assert ruleset.matches("lt_inf", [])  # an empty list names every type
    assert ruleset.matches("no_such_type", ["no_such_type"])
    assert not ruleset.matches("no_such_type", ["mech"])
