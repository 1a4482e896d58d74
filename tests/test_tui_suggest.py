"""The rounds screen's suggestions (g): the best legal battlegroups for the round, and Enter
fields one as one undoable edit (OtH p.46)."""

from __future__ import annotations

from helpers_tui import SIZE, copy_example, shown, until
from textual.widgets import OptionList, Select

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.rounds.screen import RoundsScreen
from horizon_builder.tui.rounds.suggest_dialog import SuggestDialog


async def test_suggest_and_take_a_battlegroup(tmp_path) -> None:
    app = HorizonApp(copy_example(tmp_path, "tournament-task-force.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await shown(pilot, RoundsScreen)
        before = app.session.roster.rounds[0]
        await pilot.press("g")
        await shown(pilot, SuggestDialog)
        box = app.screen.query_one("#suggest-list", OptionList)
        await until(pilot, lambda: box.option_count and not box.get_option_at_index(0).disabled,
                    "suggestions listed")
        assert "FC 12" in str(box.get_option_at_index(0).prompt)  # the most FP spends the FC
        # another goal: the list changes with it
        app.screen.query_one("#suggest-goal", Select).value = "least_fp"
        await pilot.pause()
        box.focus()
        await until(pilot, lambda: box.option_count and box.highlighted == 0, "new suggestions")
        await pilot.press("enter")
        await shown(pilot, RoundsScreen)
        taken = app.session.roster.rounds[0]
        assert taken.elements != before.elements or taken.command != before.command
        report = app.session.report
        assert report.round_reports[0].legal  # a suggestion is always legal
        assert report.round_reports[0].totals.force_cost <= 12
        assert app.session.undo() and app.session.roster.rounds[0] == before
