"""The session: one commit path, a bounded undo history, and "modified" against the saved file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from horizon_builder import editing as ed
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.models import Element, Roster, UpgradeChoice
from horizon_builder.roster.samples import make_task_force
from horizon_builder.session.core import HISTORY_LIMIT, Session


@pytest.fixture
def opened(tmp_path: Path) -> Session:
    path = tmp_path / "force.toml"
    shutil.copy(examples_dir() / "hvy-cav-battlegroup.toml", path)
    return Session.open(path)


def _renamed(session: Session, name: str) -> Roster:
    return session.roster.model_copy(update={"name": name})


def test_history_never_exceeds_the_limit(opened: Session) -> None:
    """600 element edits keep at most HISTORY_LIMIT snapshots (the old edit_element path kept 601)."""
    element_id = opened.roster.elements[0].id
    for n in range(600):
        opened.commit(ed.change_element(opened.roster, element_id,
                                        lambda e, n=n: ed.set_stat(e, "M", 1 + n % 3)), "stat")
    assert opened.history_length <= HISTORY_LIMIT
    undone = 0
    while opened.undo():
        undone += 1
    assert undone == HISTORY_LIMIT - 1


def test_undo_back_to_the_saved_state_is_not_modified(opened: Session) -> None:
    assert not opened.dirty
    opened.commit(_renamed(opened, "Night Raid"), "rename")
    assert opened.dirty
    opened.undo()
    assert not opened.dirty
    opened.redo()
    assert opened.dirty
    opened.save()
    assert not opened.dirty
    opened.undo()
    assert opened.dirty  # the file now holds the renamed roster


def test_new_roster_undone_back_is_not_modified() -> None:
    """A new roster edited and undone back loses nothing on quit (the old session said modified)."""
    session = Session.new()
    session.commit(_renamed(session, "Scratch"), "rename")
    assert session.dirty
    session.undo()
    assert not session.dirty


def test_saved_state_dropped_from_history_stays_modified(opened: Session) -> None:
    for n in range(HISTORY_LIMIT + 5):
        opened.commit(_renamed(opened, f"Name {n}"), "rename")
    while opened.undo():
        pass
    assert opened.dirty  # the opened snapshot is no longer in the history


def test_unchanged_elements_are_shared_between_snapshots(opened: Session) -> None:
    before = opened.roster
    target = before.elements[1].id
    opened.commit(ed.change_element(before, target, lambda e: ed.set_name(e, "Renamed")), "rename")
    after = opened.roster
    assert after is not before
    for old, new in zip(before.elements, after.elements, strict=True):
        assert (new is old) == (old.id != target)


def test_commit_shares_elements_even_when_the_edit_rebuilt_them(opened: Session) -> None:
    """A roster rebuilt from data (equal elements, new objects) still shares the old objects."""
    rebuilt = Roster.model_validate(opened.roster.model_dump())
    rebuilt = rebuilt.model_copy(update={"name": "Rebuilt"})
    before = opened.roster
    opened.commit(rebuilt, "rebuild")
    assert all(a is b for a, b in zip(before.elements, opened.roster.elements, strict=True))


def test_an_invalid_edit_never_enters_history(opened: Session) -> None:
    bad = opened.roster.elements[0].model_copy(update={"presence": -3})
    with pytest.raises(ValidationError):
        opened.commit(ed.replace_element(opened.roster, bad), "break")
    assert opened.history_length == 1 and not opened.dirty


def test_a_commit_that_changes_nothing_is_not_a_step(opened: Session) -> None:
    assert not opened.commit(opened.roster, "nothing")
    assert not opened.commit(Roster.model_validate(opened.roster.model_dump()), "same")
    assert opened.history_length == 1 and not opened.can_undo


def test_report_follows_the_snapshot(opened: Session) -> None:
    before = [f.code for f in opened.report.all_findings]
    opened.commit(opened.roster.model_copy(update={"force_cost": 5}), "cut budget")
    assert any(f.code == "fc-over-budget" for f in opened.report.errors)
    opened.undo()
    assert [f.code for f in opened.report.all_findings] == before
    assert opened.report.analysis.roster is opened.roster


def test_roster_models_are_frozen(opened: Session) -> None:
    roster = opened.roster
    with pytest.raises(ValidationError):
        roster.name = "Changed"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        roster.elements[0].presence = 9  # type: ignore[misc]
    assert isinstance(roster.elements, tuple) and isinstance(roster.elements[0].upgrades, tuple)
    with pytest.raises(AttributeError):
        roster.elements.append(roster.elements[0])  # type: ignore[attr-defined]


def test_edit_functions_never_change_their_input(opened: Session) -> None:
    rules, roster = opened.ruleset, opened.roster
    dump = roster.model_dump()
    element = roster.elements[0]
    ed.set_stat(element, "M", 1)
    ed.set_presence(rules, element, element.presence + 1)
    ed.add_upgrade(rules, element, "engineer")
    ed.remove_upgrade(element, "engineer")
    ed.delete_element(roster, element.id)
    ed.move_element(roster, element.id, 1)
    ed.duplicate_element(roster, element.id)
    assert roster.model_dump() == dump


def test_ids_are_assigned_without_mutating_given_elements() -> None:
    given = Element(name="Anon", type="mech", presence=2)
    roster = Roster(name="R", force_cost=10, elements=[given, Element(id="e1", name="B", type="mech",
                                                                      presence=2)])
    assert given.id == ""
    assert [e.id for e in roster.elements] == ["e2", "e1"]
    with pytest.raises(ValidationError, match="used twice"):
        Roster(name="R", force_cost=10, elements=[{"id": "x", "name": "A", "type": "mech", "presence": 1},
                                                  {"id": "x", "name": "B", "type": "mech", "presence": 1}])


def test_upgrade_shorthand_still_loads() -> None:
    element = Element(name="A", type="mech", presence=2, upgrades=["engineer"])
    assert element.upgrades == (UpgradeChoice(id="engineer"),)


def test_unchanged_rounds_are_shared_between_snapshots(ruleset) -> None:
    """The validator keeps what it made of a round with the round object: a commit keeps the
    current snapshot's round objects, and shares a round an edit rebuilt unchanged."""
    session = Session(make_task_force(ruleset, 40), ruleset)
    before = session.roster
    target = before.elements[3]
    session.commit(ed.change_element(before, target.id, lambda e: ed.set_name(e, "Renamed")),
                   "rename")
    assert all(a is b for a, b in zip(before.rounds, session.roster.rounds, strict=True))
    renamed = session.roster
    rebuilt = Roster.model_validate(renamed.model_dump()).model_copy(update={"name": "Rebuilt"})
    session.commit(rebuilt, "rebuild")
    assert all(a is b for a, b in zip(renamed.rounds, session.roster.rounds, strict=True))
    changed = renamed.rounds[0].model_copy(update={"destroyed": (target.id,)})
    session.commit(session.roster.model_copy(update={"rounds": (changed, *renamed.rounds[1:])}),
                   "destroy")
    assert session.roster.rounds[0] == changed and session.roster.rounds[0] is not changed
    assert all(a is b for a, b in zip(renamed.rounds[1:], session.roster.rounds[1:], strict=True))


def _opened(tmp_path: Path) -> Session:
    roster = tmp_path / "r.toml"
    shutil.copy(examples_dir() / "hvy-cav-battlegroup.toml", roster)
    return Session.open(roster)
