"""Over budget: which elements to cut (issue 15 item 11). The cuts are judged by the validator
itself (the FC budget, core; a Task Force's FP limit, OtH p.46)."""

from __future__ import annotations

from builders import element, roster
from helpers_tui import SIZE, copy_example, findings, shown, until
from test_tournament import task_force

from horizon_builder.checks import validate
from horizon_builder.editing.cuts import cuts, limit
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.cut_dialog import CutDialog

HVY_CAV = {"M": 4, "F": 5, "A": 5, "D": 1}
LT_INF = {"M": 3, "F": 2, "A": 2, "D": 2}


def test_fc_over_budget_cuts_that_fit_come_first_smallest_first(ruleset):
    over = roster(element("hvy_cav", 3, "Tank", id="t", stats=dict(HVY_CAV)),
                  element("lt_inf", 1, "Rifles", id="r", stats=dict(LT_INF)),
                  element("lt_inf", 1, "Scouts", id="s", stats=dict(LT_INF)),
                  force_cost=4)
    before = sum(info.fc for info in validate(over, ruleset).analysis.elements)
    assert before > limit(over, ruleset, "fc-over-budget") == 4
    found = cuts(over, ruleset, "fc-over-budget")
    assert {c.element for c in found} == {"t", "r", "s"}
    fitting = [c for c in found if c.fits]
    assert fitting and found[: len(fitting)] == fitting  # those that fit first
    assert [c.saves for c in fitting] == sorted(c.saves for c in fitting)  # the smallest cut first
    for cut in found:  # each total is the validator's, and "fits" is its verdict
        assert cut.total_after == before - cut.saves
        assert cut.fits == (cut.total_after <= 4)


def test_task_force_over_its_fp_limit_offers_cuts_by_presence(ruleset):
    """A Task Force's FP may be at most twice the tournament FC (OtH p.46)."""
    tf = task_force(force_cost=3)  # FP 8 against a limit of 6
    assert limit(tf, ruleset, "tf-presence-over-limit") == 6
    found = {c.name: c for c in cuts(tf, ruleset, "tf-presence-over-limit")}
    assert found["Tank"].fits and found["Tank"].saves == 3 and found["Tank"].total_after == 5
    assert not found["Rifles"].fits and found["Rifles"].total_after == 7


async def _enter_on_over_budget(pilot, app: HorizonApp) -> None:
    """Enter on the "over the budget" finding, until the cut list is open."""
    await until(pilot, lambda: app.loaded, "the roster")
    panel = findings(app)
    panel.focus()
    panel.highlighted = next(i for i, f in enumerate(panel.findings) if f.code == "fc-over-budget")
    await pilot.press("enter")
    await shown(pilot, CutDialog)


async def test_enter_on_the_over_budget_finding_offers_elements_and_cuts_one(tmp_path):
    path = copy_example(tmp_path, "needs-fixing.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await _enter_on_over_budget(pilot, app)
        listing = app.screen.query_one("#cut-list")
        first = listing.get_option_at_index(0)
        assert "✓" in str(first.prompt)
        name = app.session.roster.element(first.id).name
        count = len(app.session.roster.elements)
        await pilot.press("enter")
        await until(pilot, lambda: len(app.session.roster.elements) == count - 1, "the cut")
        assert app.session.roster.element(first.id) is None
        assert "fc-over-budget" not in {f.code for f in app.session.report.errors}
        await pilot.press("ctrl+z")
        await until(pilot, lambda: len(app.session.roster.elements) == count, "undone")
        assert app.session.roster.element(first.id).name == name


async def test_the_cut_list_can_go_to_the_budget_instead(tmp_path):
    from horizon_builder.tui.roster.settings import SettingsScreen

    path = copy_example(tmp_path, "needs-fixing.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await _enter_on_over_budget(pilot, app)
        await pilot.press("b")
        await shown(pilot, SettingsScreen)
