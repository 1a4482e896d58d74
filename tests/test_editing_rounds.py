"""Editing helpers for tournament rounds (OtH p.45-48): the round list, each round's battlegroup,
its losses (benched later, OtH p.46), and its command and CR through the battlegroup helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from horizon_builder import editing as ed
from horizon_builder.checks import validate
from horizon_builder.engine.analysis import analyse
from horizon_builder.roster.io import load
from horizon_builder.roster.models import Command, Element, Roster, Round
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tournament-task-force.toml"
RULES = str(Path(__file__).parent / "fixtures_editors" / "editors.toml")


@pytest.fixture
def tf() -> Roster:
    """Red Meridian: FC 12, seven elements; Round 1 loses hc2, Round 2 fields six."""
    return load(EXAMPLE).roster


def _codes(roster: Roster, rules: Ruleset, severity: str = "error") -> list[str]:
    return [f.code for f in validate(roster, rules).all_findings if f.severity == severity]


# --- the round list ---------------------------------------------------------------------
def test_add_round_is_named_round_n_and_keeps_the_command_kind_not_the_chq(tf: Roster) -> None:
    """A new round is empty; its CHQ is chosen afresh each round (OtH p.46), its kind carried over."""
    new = ed.add_round(tf)
    assert [r.name for r in new.rounds] == ["Round 1", "Round 2", "Round 3"]
    added = new.rounds[-1]
    assert list(added.elements) == [] and list(added.destroyed) == [] and list(added.cr_purchases) == []
    assert added.command == Command(kind="chq", element=None)
    assert len(tf.rounds) == 2  # pure: the old roster is untouched


def test_repeat_round_fields_the_same_battlegroup_less_the_benched(tf: Roster) -> None:
    """Repeating Round 1 as Round 3: its battlegroup, command and CR again, without the element
    it lost (benched, OtH p.46); nothing is destroyed yet in the new round."""
    new = ed.repeat_round(tf, 0)
    added = new.rounds[-1]
    assert added.name == "Round 3"
    assert list(added.elements) == ["hc1", "hi1", "hi2", "m1"]  # hc2 was destroyed in Round 1
    assert added.command == Command(kind="chq", element="hc1") and list(added.destroyed) == []


def test_repeat_round_drops_a_benched_chq(tf: Roster) -> None:
    lost = ed.toggle_round_destroyed(tf, 1, "hc1")  # Round 2's CHQ is destroyed
    added = ed.repeat_round(lost, 1).rounds[-1]
    assert "hc1" not in added.elements
    assert added.command == Command(kind="chq", element=None)


def test_first_round_of_an_empty_task_force() -> None:
    roster = Roster(kind="task_force", name="TF", force_cost=12)
    new = ed.add_round(roster)
    assert [r.name for r in new.rounds] == ["Round 1"]
    assert new.rounds[0].command.kind == "none"


def test_new_round_name_skips_a_taken_name() -> None:
    roster = Roster(kind="task_force", name="TF", force_cost=12, rounds=[Round(name="Round 2")])
    assert ed.new_round_name(roster) == "Round 3"


def test_rename_round(tf: Roster) -> None:
    new = ed.rename_round(tf, 1, "  Hold the ridge ")
    assert [r.name for r in new.rounds] == ["Round 1", "Hold the ridge"]
    assert ed.rename_round(tf, 1, "   ") is tf  # blank keeps the name
    with pytest.raises(ValueError, match="already called"):
        ed.rename_round(tf, 1, "Round 1")


def test_delete_round_unbenches_its_losses(tf: Roster, ruleset: Ruleset) -> None:
    """Deleting the round an element was destroyed in lets later rounds field it (OtH p.46)."""
    new = ed.delete_round(tf, 0)
    assert [r.name for r in new.rounds] == ["Round 2"]
    assert ed.benched_before(new, 0) == {}
    fielded = ed.toggle_round_element(new, 0, "hc2")
    assert "tf-benched-element" not in _codes(fielded, ruleset)


def test_move_round_changes_what_is_benched(tf: Roster) -> None:
    """Benching follows the order of the rounds (OtH p.46)."""
    assert ed.benched_before(tf, 1) == {"hc2": "Round 1"}
    moved = ed.move_round(tf, 1, -1)
    assert [r.name for r in moved.rounds] == ["Round 2", "Round 1"]
    assert ed.benched_before(moved, 1) == {}
    with pytest.raises(IndexError):
        ed.move_round(tf, 1, 1)
    with pytest.raises(IndexError):
        ed.move_round(tf, 0, -1)


# --- a round's battlegroup ------------------------------------------------------------------
def test_field_an_element_keeps_task_force_order(tf: Roster) -> None:
    """A round fields Task Force elements only (OtH p.46), listed in the Task Force's order."""
    new = ed.toggle_round_element(tf, 0, "a1")
    new = ed.toggle_round_element(new, 0, "m2")
    assert list(new.rounds[0].elements) == ["hc1", "hc2", "hi1", "hi2", "m1", "m2", "a1"]
    with pytest.raises(KeyError):
        ed.toggle_round_element(tf, 0, "nobody")


def test_take_out_clears_its_loss_and_its_command(tf: Roster) -> None:
    new = ed.toggle_round_element(tf, 0, "hc2")  # destroyed in Round 1
    assert "hc2" not in new.rounds[0].elements and list(new.rounds[0].destroyed) == []
    new = ed.toggle_round_element(new, 0, "hc1")  # the CHQ
    assert new.rounds[0].command == Command(kind="chq", element=None)
    assert tf.rounds[0].command.element == "hc1"


def test_destroyed_element_is_benched_in_later_rounds(tf: Roster, ruleset: Ruleset) -> None:
    """An element destroyed in a round may not be fielded in the rounds after it (OtH p.46)."""
    new = ed.toggle_round_destroyed(tf, 0, "m1")
    assert list(new.rounds[0].destroyed) == ["hc2", "m1"]
    assert ed.benched_before(new, 1) == {"hc2": "Round 1", "m1": "Round 1"}
    report = validate(new, ruleset)
    benched = [f for f in report.round_reports[1].findings if f.code == "tf-benched-element"]
    assert [(f.element, f.severity, f.round) for f in benched] == [("m1", "error", "Round 2")]
    fixed = ed.toggle_round_element(new, 1, "m1")
    assert "tf-benched-element" not in _codes(fixed, ruleset)
    assert list(ed.toggle_round_destroyed(new, 0, "m1").rounds[0].destroyed) == ["hc2"]  # unmark


def test_only_a_fielded_element_can_be_destroyed(tf: Roster) -> None:
    with pytest.raises(ValueError, match="fielded"):
        ed.toggle_round_destroyed(tf, 0, "a1")


def test_round_element_rows(tf: Roster, ruleset: Ruleset) -> None:
    """Each Task Force element as Round 2 sees it: fielded, CHQ, FC under the round's Hvy Cav CHQ
    (Hvy Inf one cheaper, the CHQ free: reported core values), benched by Round 1 (OtH p.46)."""
    rows = {r.element_id: r for r in ed.round_element_rows(ruleset, tf, 1)}
    assert list(rows) == [e.id for e in tf.elements]
    assert rows["hc1"].leads and rows["hc1"].fielded and rows["hc1"].fc == 0
    assert rows["hi1"].fc == 1 and rows["m1"].fc == 3
    assert rows["hc2"].benched and rows["hc2"].benched_in == "Round 1" and not rows["hc2"].fielded
    assert not any(r.destroyed for r in rows.values())
    first = {r.element_id: r for r in ed.round_element_rows(ruleset, tf, 0)}
    assert first["hc2"].destroyed and not first["hc2"].benched
    assert not first["a1"].fielded and first["a1"].fc == 2


def test_round_element_rows_fc_matches_the_round_report(tf: Roster, ruleset: Ruleset) -> None:
    report = validate(tf, ruleset)
    for index, sub in enumerate(report.round_reports):
        rows = ed.round_element_rows(ruleset, tf, index)
        assert sum(r.fc for r in rows if r.fielded) == sub.totals.force_cost


# --- command and CR per round, through the battlegroup helpers -------------------------------
def test_round_view_agrees_with_the_round_report(tf: Roster, ruleset: Ruleset) -> None:
    """The view is the round's battlegroup: same FC, FP, CR as the validator's round report."""
    report = validate(tf, ruleset)
    for index, sub in enumerate(report.round_reports):
        view = validate(ed.round_view(tf, index), ruleset).totals
        t = sub.totals
        assert (view.force_cost, view.force_presence, view.command_resources,
                view.force_cost_limit) == (t.force_cost, t.force_presence, t.command_resources,
                                           t.force_cost_limit)


def test_round_command_candidates_and_set_command(tf: Roster, ruleset: Ruleset) -> None:
    """Each round may choose a new CHQ (OtH p.46): only its own elements are candidates, and a
    mech may not be a conventional CHQ; the change lands in that round only."""
    view = ed.round_view(tf, 0)
    candidates = {c.element_id: c for c in ed.command_candidates(ruleset, view, "chq")}
    assert set(candidates) == {"hc1", "hc2", "hi1", "hi2", "m1"}
    assert not candidates["m1"].allowed and "Mech" in (candidates["m1"].reason or "")
    new = ed.from_round_view(tf, 0, ed.set_command(ruleset, view, "mech_chq", "m1"))
    assert new.rounds[0].command == Command(kind="mech_chq", element="m1")
    assert new.rounds[1].command == tf.rounds[1].command and new.command == tf.command
    report = validate(new, ruleset)
    assert not [f for f in report.round_reports[0].findings if f.field == "command"]
    assert report.round_reports[0].totals.force_cost == 13  # no free conventional CHQ any more


def test_round_cr_purchase_is_the_rounds_own() -> None:
    """CR are allocated afresh each round (OtH p.46): a purchase bought in one round is in that
    round's list only, and its cost is paid per fielded element of the type."""
    rules = load_ruleset([RULES])
    elements = [Element(id="hq", name="HQ", type="hvy_cav", presence=3),
                Element(id="c1", name="Scout 1", type="lt_cav", presence=2),
                Element(id="c2", name="Scout 2", type="lt_cav", presence=2),
                Element(id="i1", name="Guards", type="hvy_inf", presence=2)]
    roster = Roster(kind="task_force", name="TF", force_cost=12, elements=elements, rounds=[
        Round(name="Round 1", elements=["hq", "c1", "c2", "i1"],
              command=Command(kind="chq", element="hq")),
        Round(name="Round 2", elements=["hq", "c1"], command=Command(kind="chq", element="hq"))])
    view = ed.round_view(roster, 0)
    groups = ed.cr_groups(rules, analyse(view, rules))
    row = next(r for g in groups for r in g.rows if r.upgrade_id == "field_radio"
               and r.type_id == "lt_cav")
    assert row.holders == 2 and row.allowed, row.reason
    new = ed.from_round_view(roster, 0, ed.toggle_cr_purchase(rules, view, "lt_cav", "field_radio"))
    assert [(p.type, p.upgrade) for p in new.rounds[0].cr_purchases] == [("lt_cav", "field_radio")]
    assert list(new.rounds[1].cr_purchases) == [] and list(new.cr_purchases) == []
    report = validate(new, rules)
    assert report.round_reports[0].totals.command_resources_spent == 2
    assert report.round_reports[1].totals.command_resources_spent == 0
