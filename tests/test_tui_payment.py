"""The element editor offers every payment the rules allow for a taken upgrade, and no other
(the one predicate, horizon_builder.engine.payment; mad scientist's free weird upgrade, OtH p.69)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_editors import EditorTestApp
from helpers_told import Told
from helpers_tui import shown
from textual.widgets import OptionList, Select

from horizon_builder.session.core import Session
from horizon_builder.tui.roster.element_editor import ElementEditorScreen

EXAMPLES = Path(__file__).parent.parent / "examples"
SIZE = (100, 32)


async def _highlight(pilot, upgrade_id: str) -> None:
    box = pilot.app.screen.query_one("#ed-upgrades", OptionList)
    box.focus()
    await pilot.pause()
    for _ in range(box.option_count + 1):
        if box.highlighted_option is not None and box.highlighted_option.id == upgrade_id:
            break
        await pilot.press("down")
    assert box.highlighted_option is not None and box.highlighted_option.id == upgrade_id


def _codes(session: Session) -> set[str]:
    return {f.code for f in session.report.all_findings}


async def test_mad_scientist_free_upgrade_is_chosen_in_the_editor():
    """On the mad scientist's CHQ a weird upgrade may be paid with CR or taken free: the editor
    offers both and the choice is one undoable edit (OtH p.42, p.69)."""
    session = Session.open(EXAMPLES / "oth-weird.toml")
    app = EditorTestApp(session, lambda: ElementEditorScreen("chq", "upgrades"))
    async with app.run_test(size=SIZE) as pilot:
        await _highlight(pilot, "tesla_gun")
        paid = app.screen.query_one("#ed-paid", Select)
        assert paid.display
        assert [value for _label, value in paid._options] == ["cr", "free"]
        assert paid.value == "free"
        paid.value = "cr"
        await pilot.pause()
        choice = session.roster.element("chq").upgrades[0]
        assert choice.paid is None  # CR is the default way: stored as no choice
        assert "weird-free-unused" in _codes(session)
        paid = app.screen.query_one("#ed-paid", Select)
        paid.value = "free"
        await pilot.pause()
        assert session.roster.element("chq").upgrades[0].paid == "free"
        assert "weird-free-unused" not in _codes(session)
        assert session.undo() and session.roster.element("chq").upgrades[0].paid is None


async def test_no_payment_choice_where_the_rules_offer_none():
    """A weird upgrade on an element that is not the CHQ is paid with CR only: no choice shown."""
    session = Session.open(EXAMPLES / "oth-weird.toml")
    app = EditorTestApp(session, lambda: ElementEditorScreen("hc2", "upgrades"))
    async with app.run_test(size=SIZE) as pilot:
        await _highlight(pilot, "sonic_cannon")
        assert not app.screen.query_one("#ed-paid", Select).display


@pytest.mark.parametrize(("example", "element_id"), [
    ("oth-weird.toml", "hc2"),  # a Tesla gun paid with CR only (OtH p.69)
    ("oth-strategic-assets.toml", "fh"),  # CR to the field hospital (OtH p.40)
])
async def test_opening_an_element_paid_one_way_says_nothing(example, element_id):
    """Issue 24 item 4: opening the editor of an element whose upgrades are paid one way is no
    edit: no "Not changed: ... cannot be paid 'points' here" toast, and the roster is the same."""
    session = Session.open(EXAMPLES / example)
    assert session.roster.element(element_id) is not None, [e.id for e in session.roster.elements]
    before = session.roster
    app = EditorTestApp(session, lambda: ElementEditorScreen(element_id))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await shown(pilot, ElementEditorScreen)
        for _ in range(3):
            await pilot.pause()
        assert [n.message for n in told] == []
        assert session.roster is before
