"""The acceptance scenario: a whole battlegroup built in the real app by keys and clicks.

Start on a new file, set the FC budget, add a Hvy Cav and make it the
conventional CHQ, add the book's Metatron metaformer (OtH p.21) with two
forms, add a P6 supermech with two gunnery controllers (OtH p.9, p.64),
break a rule and jump to it from the findings, fix it, undo/redo, save,
quit, and reopen the file unchanged.

Expected FC: Hvy Cav CHQ 0 (core, reported) + Metatron 3+3+3 (OtH p.19-20)
+ supermech 6 = 15 of 20.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_tui import SIZE, example, findings, home, totals
from textual.widgets import Input, OptionList, Select

from horizon_builder.roster.io import read_roster
from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.editor import NumberStepper, UpgradePicker
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.roster.home import RosterScreen
from horizon_builder.tui.roster.settings import SettingsScreen
from horizon_builder.tui.rules.value_dialog import EnterValueDialog


async def _settle(pilot) -> None:
    await pilot.pause()


async def _highlight(pilot, box: OptionList, option_id: str) -> None:
    """Move the highlight of a focused option list to an option with the arrow keys."""
    ids = [o.id for o in box.options]
    assert option_id in ids, ids
    target = ids.index(option_id)
    key = "down" if (box.highlighted or 0) <= target else "up"
    for _ in range(len(ids) + 1):
        if box.highlighted_option is not None and box.highlighted_option.id == option_id:
            return
        await pilot.press(key)
    raise AssertionError(f"could not reach {option_id}")


async def _add(pilot, words: str, type_id: str, presence: int) -> None:
    """a, type a filter, pick the kind, set P with +/−, Enter."""
    await pilot.press("a")
    await _settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, AddElementScreen)
    await pilot.press(*words)
    await _settle(pilot)
    await _highlight(pilot, screen.query_one("#add-types", OptionList), type_id)
    await pilot.press("enter")
    await _settle(pilot)
    if pilot.app.screen is screen:  # P to choose
        stepper = screen.query_one("#add-presence", NumberStepper)
        assert screen.focused is stepper
        for _ in range(abs(presence - (stepper.value or 0))):
            await pilot.press("plus" if presence > (stepper.value or 0) else "minus")
        await pilot.press("enter")
        await _settle(pilot)
    assert isinstance(pilot.app.screen, RosterScreen)


async def _stat(pilot, stat: str, value: int) -> None:
    """Click a stat of the statline shown, type its value, Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, ElementEditorScreen)
    stepper = screen.stat_stepper(stat)
    assert stepper is not None, stat
    await pilot.click(stepper, offset=(1, 0))
    assert screen.focused is stepper
    await pilot.press(*str(value), "enter")
    await _settle(pilot)
    assert stepper.value == value


async def _take(pilot, upgrade_id: str, times: int = 1) -> None:
    """Move to an upgrade in the picker and press Enter (then + for more copies)."""
    screen = pilot.app.screen
    picker = screen.query_one(UpgradePicker)
    for _ in range(4):  # ↓ moves between the editor's rows: name, P, stats, upgrades
        if screen.focused is picker:
            break
        await pilot.press("down")
    assert screen.focused is picker
    await _highlight(pilot, picker, upgrade_id)
    await pilot.press("enter")
    await _settle(pilot)
    if isinstance(pilot.app.screen, EnterValueDialog):  # its cost is unknown: asked once
        await pilot.press("escape")  # skip: the player has not the book at hand
        await _settle(pilot)
    await pilot.press(*["plus"] * (times - 1))
    await _settle(pilot)


async def _rename(pilot, name: str) -> None:
    await pilot.click("#ed-name")
    await pilot.press("ctrl+a", *name, "enter")
    await _settle(pilot)


async def _form_type(pilot, type_id: str) -> None:
    """Open the form type list and pick a type with the arrows."""
    select = pilot.app.screen.query_one("#ed-form-type", Select)
    if select.value == type_id:
        return
    await pilot.click(select)
    await _settle(pilot)
    overlay = select.query_one(OptionList)
    values = [v for _, v in select._options]
    target = values.index(type_id)
    while overlay.highlighted != target:
        await pilot.press("down" if (overlay.highlighted or 0) < target else "up")
    await pilot.press("enter")
    await _settle(pilot)
    assert select.value == type_id


def _check(app: HorizonApp, fc: str, fp: int, cr: str, ir: str, verdict: str) -> str:
    """The header strip shows these totals (IR = 10 × (1 − FP/FC), OtH p.50) and verdict."""
    text = totals(app)
    assert f"IR {ir}" in text, text
    assert f"{fc} " in text, text
    assert f"FP {fp} " in text, text
    assert f"CR {cr} " in text, text
    assert verdict in text, text
    return text


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["100x32", "80x24"])
async def test_acceptance_build_check_fix_save_reopen(tmp_path: Path, size) -> None:
    """The issue's scenario, OtH p.9, p.19-21, p.64: FC 15/20, legal, saved and reopened equal."""
    path = tmp_path / "NEWFILE.toml"
    app = HorizonApp(path)
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        assert list(app.session.roster.elements) == []
        assert "no elements yet" in totals(app)

        # --- settings: FC budget 20 ----------------------------------------------------
        await pilot.press("s")
        await _settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("tab")  # name → FC budget (its text is selected on focus)
        assert app.screen.focused is app.screen.query_one("#force-cost", Input)
        await pilot.press("2", "0", "enter")
        await _settle(pilot)
        assert isinstance(app.screen, RosterScreen)
        assert app.session.roster.force_cost == 20
        assert "0/20" in totals(app)

        # --- a Hvy Cav, made the conventional CHQ ----------------------------------------
        await _add(pilot, "hvy cav", "hvy_cav", 3)
        _check(app, "3/20", 3, "0/0", "+0 Very good", "✓ LEGAL")
        [cav] = app.session.roster.elements
        await pilot.press("c")
        await _settle(pilot)
        assert isinstance(app.screen, CommandScreen)
        options = app.screen.query_one("#cmd-options", OptionList)
        assert app.screen.focused is options
        await _highlight(pilot, options, "chq")
        await pilot.press("enter")
        await _settle(pilot)
        assert app.session.roster.command.kind == "chq"
        assert app.session.roster.command.element == cav.id  # the only candidate
        await pilot.press("escape")
        await _settle(pilot)
        _check(app, "0/20", 3, "0/0", "–", "✓ LEGAL")

        # --- the Metatron (OtH p.21) -----------------------------------------------------
        await _add(pilot, "mech", "mech", 3)
        metatron = app.session.roster.elements[-1].id
        await pilot.press("enter")  # the new row is selected: Enter edits it
        await _settle(pilot)
        assert isinstance(app.screen, ElementEditorScreen)
        assert app.screen.element_id == metatron
        await _rename(pilot, "Metatron")
        for stat, value in (("M", 3), ("F", 3), ("A", 4), ("D", 5)):
            await _stat(pilot, stat, value)
        await _take(pilot, "metaform")
        assert [u.id for u in app.session.roster.element(metatron).upgrades] == ["metaform"]
        # first form: Hvy Cav
        await pilot.press("ctrl+o")
        await _settle(pilot)
        assert app.screen.line == 0
        await _form_type(pilot, "hvy_cav")
        for stat, value in (("M", 4), ("F", 5), ("A", 5), ("D", 1)):
            await _stat(pilot, stat, value)
        # second form: aircraft with Mb 5 and vertical thrusters
        await pilot.click("#ed-add-form")
        await _settle(pilot)
        assert app.screen.line == 1
        await _form_type(pilot, "aircraft")
        for stat, value in (("M", 3), ("F", 6), ("A", 3), ("D", 2), ("Mb", 5)):
            await _stat(pilot, stat, value)
        await _take(pilot, "vertical_thrusters")
        await pilot.press("escape")
        await _settle(pilot)
        element = app.session.roster.element(metatron)
        assert element is not None
        assert element.stats == {"M": 3, "F": 3, "A": 4, "D": 5}
        assert [(f.type, f.presence, f.stats) for f in element.forms] == [
            ("hvy_cav", 3, {"M": 4, "F": 5, "A": 5, "D": 1}),
            ("aircraft", 3, {"M": 3, "F": 6, "A": 3, "D": 2, "Mb": 5}),
        ]
        assert [u.id for u in element.forms[1].upgrades] == ["vertical_thrusters"]
        # FP: Hvy Cav 3 + Metatron 3 + 1 per form (OtH p.19-20)
        _check(app, "9/20", 8, "0/0", "+1 Very good", "✓ LEGAL")

        # --- undo / redo a step in the middle --------------------------------------------
        await pilot.press("ctrl+z")
        await _settle(pilot)
        assert list(app.session.roster.element(metatron).forms[1].upgrades) == []
        await pilot.press("ctrl+y")
        await _settle(pilot)
        assert [u.id for u in app.session.roster.element(metatron).forms[1].upgrades] == [
            "vertical_thrusters"]
        _check(app, "9/20", 8, "0/0", "+1 Very good", "✓ LEGAL")

        # --- a P6 supermech with two gunnery controllers (OtH p.9, p.64) -----------------
        await _add(pilot, "supermech", "supermech", 6)
        supermech = app.session.roster.elements[-1].id
        await pilot.press("enter")
        await _settle(pilot)
        assert app.screen.element_id == supermech
        # the new supermech spends its whole pool on stats: lower them first, for 4 points
        for stat, value in (("M", 5), ("F", 6), ("A", 5), ("D", 4)):
            await _stat(pilot, stat, value)
        await _take(pilot, "gunnery_controller", 2)
        sm = app.session.roster.element(supermech)
        assert sm.stats == {"M": 5, "F": 6, "A": 5, "D": 4}
        assert [(u.id, u.count) for u in sm.upgrades] == [("gunnery_controller", 2)]
        assert "24 / 24" in str(app.screen.query_one("#ed-pool").render())
        await pilot.press("escape")
        await _settle(pilot)
        _check(app, "15/20", 14, "0/0", "+1 Very good", "✓ LEGAL")

        # --- break a rule, find it, jump to it, fix it -----------------------------------
        await pilot.press("enter")  # the supermech is still selected
        await _settle(pilot)
        await _stat(pilot, "F", 7)  # 25 of 24 points
        await pilot.press("escape")
        await _settle(pilot)
        _check(app, "15/20", 14, "0/0", "+1 Very good", "✗ 1 error")
        panel = findings(app)
        report = app.session.report
        [pool] = [f for f in report.all_findings if f.severity == "error"]
        assert pool.element == supermech and pool.field == "stats"
        assert "25 of 24" in pool.message
        await pilot.press("tab")  # from the element list to the findings
        assert home(app).focused is panel
        await pilot.press("enter")  # the first finding is the error
        await _settle(pilot)
        assert isinstance(app.screen, ElementEditorScreen)
        assert app.screen.element_id == supermech
        assert isinstance(app.screen.focused, NumberStepper)
        assert app.screen.focused.parent is app.screen.query_one("#ed-stats")
        await _stat(pilot, "F", 6)
        await pilot.press("escape")
        await _settle(pilot)
        legal = _check(app, "15/20", 14, "0/0", "+1 Very good", "✓ LEGAL")

        # --- save, quit ----------------------------------------------------------------
        await pilot.press("ctrl+s")
        await _settle(pilot)
        assert path.exists()
        assert "modified" not in app.title
        built = app.session.roster
        await pilot.press("ctrl+q")
        await _settle(pilot)
    assert app.return_code == 0
    assert read_roster(path) == built

    # --- a new app on the same file: the same roster and totals ---------------------------
    again = HorizonApp(path)
    async with again.run_test(size=size) as pilot:
        await _settle(pilot)
        assert again.session.roster == built
        assert totals(again) == legal
        assert isinstance(home(again), RosterScreen)
    assert Session.open(path).report.legal


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_command_screen_weird_rows_and_options_fit(size) -> None:
    """Weird command rows (OtH p.69): name, choice and note never overlap; every command
    option can be reached, and the list says how many there are."""
    app = HorizonApp(example("oth-weird.toml"))
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        await pilot.press("c")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, CommandScreen)
        rows = list(screen.query(".weird-row"))
        assert len(rows) >= 3
        for row in rows:
            label, select = row.query_one(".weird-label"), row.query_one(".weird-select")
            note = row.query_one(".weird-note")
            assert label.region.right <= select.region.x
            assert label.region.y == select.region.y < note.region.y
            assert "not taken" not in str(label.render())
        options = screen.query_one("#cmd-options", OptionList)
        assert options.border_subtitle == f"{options.option_count} options ↑↓"
        await pilot.press(*["down"] * (options.option_count - 1))
        await _settle(pilot)
        last = options.options[-1]
        assert options.highlighted_option is last
        assert options.scroll_y == options.max_scroll_y


async def test_command_screen_cr_reasons_reachable_and_weird_off_is_one_line() -> None:
    """CR by type (drones OtH p.24): a row that can't be bought is reached by the arrows,
    says why under the list, and Enter refuses it; with Weird Horizons off the weird command
    section is one line, not a ✗ row per weird command (OtH p.69)."""
    app = HorizonApp(example("oth-datawar.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("c")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, CommandScreen)
        assert not screen.query_one("#cmd-weird").display
        heading = str(screen.query_one("#cmd-weird-heading").render())
        assert "✗ needs the Weird Horizons supplement" in heading
        box = screen.query_one("#cmd-cr-list", OptionList)
        box.focus()
        await _settle(pilot)
        await _highlight(pilot, box, "hvy_cav:False:robot")
        detail = str(screen.query_one("#cmd-cr-detail").render())
        assert "Robot  ✗ needs 2 CR" in detail
        before = app.session.roster.cr_purchases
        await pilot.press("enter")
        await _settle(pilot)
        assert app.session.roster.cr_purchases == before


async def test_enter_on_a_stat_moves_to_the_next() -> None:
    """Editor: Enter on a number with nothing typed goes on to the next stat, as in a form."""
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.home.open_element_editor("m1")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, ElementEditorScreen)
        await pilot.click(screen.stat_stepper("M"), offset=(1, 0))
        await pilot.press("enter")
        await _settle(pilot)
        assert screen.focused is screen.stat_stepper("F")
