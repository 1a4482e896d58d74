"""A player's evening (issue 24): each force built from an empty roster by keyboard alone, at
80x24 and 120x40, as a player would, then its totals and verdict checked against values worked
out by hand from the book (the working is in each test's docstring, with pages).

Each journey starts on a new file (every supplement is on in a new roster), sets the FC budget
in Settings, adds elements with the Add dialog (type to filter, arrows, Enter, −/+ for P,
Enter), edits them in the element editor (type an upgrade's name in the list, Enter), chooses
the command on the Command screen, and, for the Task Force, fields three rounds on the Rounds
screen. A value the core book holds and we do not (a statline, a cost) is skipped when asked
(Esc), as a player without the book at hand would.

IR = 10 × (1 − FP/FC), rounded half away from zero (OtH p.50); quality bands OtH p.50.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_tui import shown, table, totals, until
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.editor import NumberStepper, UpgradePicker
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.roster.home import RosterScreen
from horizon_builder.tui.roster.settings import SettingsScreen
from horizon_builder.tui.rules.value_dialog import EnterValueDialog

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


# --- the player's moves -------------------------------------------------------------------------
async def start(pilot: Pilot) -> HorizonApp:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    await until(pilot, lambda: app.loaded and isinstance(app.screen, RosterScreen), "the roster")
    assert list(app.session.roster.elements) == []
    return app


async def skip_questions(pilot: Pilot) -> None:
    """A value only the core book holds is asked once: skipped (Esc), the book not at hand."""
    await pilot.pause()
    while isinstance(pilot.app.screen, EnterValueDialog):
        await pilot.press("escape")
        await pilot.pause()


async def settings(pilot: Pilot, force_cost: int, task_force: bool = False) -> None:
    """s, Tab to the FC budget (its text selected), type it; a Task Force: Tab, ↓ to its kind."""
    await pilot.press("s")
    screen = await shown(pilot, SettingsScreen)
    await pilot.press("tab")
    assert screen.focused is screen.query_one("#force-cost", Input)
    await pilot.press(*str(force_cost))
    if task_force:
        await pilot.press("tab", "down", "space")  # the kinds' radio set: the second one
    await pilot.press("ctrl+r")  # apply
    await shown(pilot, RosterScreen)
    assert pilot.app.session.roster.force_cost == force_cost  # type: ignore[attr-defined]


async def arrow_to(pilot: Pilot, box: OptionList, option_id: str) -> None:
    """Move a focused list's highlight to an option with ↓/↑."""
    ids = [o.id for o in box.options]
    assert option_id in ids, ids
    for _ in range(2 * len(ids) + 2):
        if box.highlighted_option is not None and box.highlighted_option.id == option_id:
            return
        target = ids.index(option_id)
        await pilot.press("down" if (box.highlighted if box.highlighted is not None else -1)
                          < target else "up")
    raise AssertionError(f"could not reach {option_id}")


async def add(pilot: Pilot, words: str, type_id: str, presence: int | None = None) -> str:
    """a, type a filter, ↓/↑ to the kind, Enter; −/+ to its P, Enter. The new element's id."""
    app = pilot.app
    before = {e.id for e in app.session.roster.elements}  # type: ignore[attr-defined]
    await pilot.press("a")
    screen = await shown(pilot, AddElementScreen)
    await pilot.press(*words)
    await arrow_to(pilot, screen.query_one("#add-types", OptionList), type_id)
    await pilot.press("enter")
    await pilot.pause()
    if app.screen is screen:  # a P to choose
        stepper = screen.query_one("#add-presence", NumberStepper)
        assert screen.focused is stepper
        while presence is not None and stepper.value != presence:
            await pilot.press("plus" if presence > (stepper.value or 0) else "minus")
        await pilot.press("enter")
    await skip_questions(pilot)
    await shown(pilot, RosterScreen)
    [new] = [e for e in app.session.roster.elements if e.id not in before]  # type: ignore[attr-defined]
    assert presence is None or new.presence == presence
    return new.id


async def edit(pilot: Pilot) -> ElementEditorScreen:
    """Enter on the selected row (the element just added): its editor."""
    await pilot.press("enter")
    return await shown(pilot, ElementEditorScreen)


async def take(pilot: Pilot, words: str, upgrade_id: str, times: int = 1) -> None:
    """In the editor's upgrade list (focused when it opens): type the upgrade's name, ↓/↑ to it,
    Enter; + for each more copy; Esc clears the search."""
    screen = pilot.app.screen
    picker = screen.query_one(UpgradePicker)
    # (the editor gives its first focus after its first refresh: on a busy machine that may
    # come after the screen is mounted)
    await until(pilot, lambda: screen.focused is picker, "the upgrade list focused")
    await pilot.press(*words)
    await arrow_to(pilot, picker, upgrade_id)
    await pilot.press("enter")
    await skip_questions(pilot)
    for _ in range(times - 1):
        await pilot.press("plus")
    await pilot.press("escape")  # clears the search
    await pilot.pause()


async def back(pilot: Pilot) -> None:
    await pilot.press("escape")
    await shown(pilot, RosterScreen)


async def command(pilot: Pilot, kind: str, leader: str | None = None) -> CommandScreen:
    """c, ↓/↑ to how the force is led, Enter; then who leads, Enter (when there is a choice)."""
    await pilot.press("c")
    screen = await shown(pilot, CommandScreen)
    options = screen.query_one("#cmd-options", OptionList)
    if screen.focused is options:
        await arrow_to(pilot, options, kind)
        await pilot.press("enter")
        await pilot.pause()
    if leader is not None and pilot.app.session.roster.command.element != leader:  # type: ignore[attr-defined]
        leaders = screen.query_one("#cmd-elements", OptionList)
        assert screen.focused is leaders
        await arrow_to(pilot, leaders, leader)
        await pilot.press("enter")
        await pilot.pause()
    roster = pilot.app.session.roster  # type: ignore[attr-defined]
    assert roster.command.kind == kind and roster.command.element == leader
    return screen


def check(app: HorizonApp, *expected: str) -> str:
    """The header strip shows each of these (totals and the verdict)."""
    text = totals(app)
    for part in expected:
        assert part in text, (part, text)
    return text


async def journey(size: tuple[int, int], tmp_path: Path, moves) -> HorizonApp:
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=size) as pilot:
        await start(pilot)
        await moves(pilot, app)
    return app


# --- the six forces ---------------------------------------------------------------------------
@SIZES
async def test_superweapons_a_supermech_beside_a_free_hvy_cav_chq(size, tmp_path) -> None:
    """FC budget 10. A Hvy Cav P3, the conventional CHQ: free (OtH p.17, p.62); a supermech P4
    (OtH p.9), FC 4, its pool of 20 spent on its stats by default.
    FC 0 + 4 = 4/10; FP 3 + 4 = 7; CR: 1 conventional element (the CHQ counts) ÷ 2 = 0;
    IR 10 × (1 − 7/4) = −7.5 → −8, very poor (OtH p.50); momentum = FP = 7 (OtH p.51); one
    deployment space (OtH p.53). Legal, resting on provisional core values (≈: the free CHQ and
    the CR rate are reported, not read)."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        cav = await add(pilot, "hvy cav", "hvy_cav", 3)
        await command(pilot, "chq", cav)
        await back(pilot)
        big = await add(pilot, "supermech", "supermech", 4)
        assert app.session.report.analysis.by_id[big].base.pool == 20  # OtH p.9
        check(app, "FC 4/10", "FP 7 ", "CR 0/0", "IR -8 Very poor", "Deploy 1 space",
              "Momentum 7", "2 elements", "✓ LEGAL ≈")

    await journey(size, tmp_path, moves)


async def choose(pilot: Pilot, select_id: str, value: str) -> None:
    """A focused dropdown: Enter opens it, ↓/↑ to the value, Enter."""
    from textual.widgets import Select

    select = pilot.app.screen.query_one(select_id, Select)
    await until(pilot, lambda: pilot.app.screen.focused is select, f"{select_id} focused")
    if select.value == value:
        return
    await pilot.press("enter")
    overlay = select.query_one(OptionList)
    await until(pilot, lambda: overlay.has_focus, "the dropdown open")
    values = [v for _label, v in select._options]
    target = values.index(value)
    while overlay.highlighted != target:
        await pilot.press("down" if (overlay.highlighted or 0) < target else "up")
    await pilot.press("enter")
    await until(pilot, lambda: select.value == value, f"{value} chosen")


@SIZES
async def test_metaformer_a_mech_with_a_hvy_inf_form(size, tmp_path) -> None:
    """The Bluestreak's shape (OtH p.22): a mech P2 takes Metaform (free, OtH p.19) and one
    form, a Hvy Inf P2 (its statline published, OtH p.22). FC = baseform P + each form's P =
    2 + 2 = 4 (OtH p.19); FP = 2 + 1 per form = 3 (OtH p.19); CR 0/0 (a form never counts as
    a conventional element, OtH p.20); IR 10 × (1 − 3/4) = 2.5 → 3, excellent (OtH p.50).
    Momentum: the baseform's P only, 2 (OtH p.20); an excellent IR adds a deployment space:
    1 + 1 = 2 (OtH p.50). No command chosen: legal, with that warning."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        mech = await add(pilot, "mech", "mech", 2)
        editor = await edit(pilot)
        await take(pilot, "metaform", "metaform")
        await pilot.press("ctrl+o")  # a form: its type is the next choice
        await choose(pilot, "#ed-form-type", "hvy_inf")
        assert editor.line == 0
        [form] = app.session.roster.element(mech).forms
        assert (form.type, form.presence) == ("hvy_inf", 2)
        await back(pilot)
        check(app, "FC 4/10", "FP 3 ", "CR 0/0", "IR +3 Excellent", "Deploy 2 spaces",
              "Momentum 2", "1 element", "✓ LEGAL, 1 warning")

    await journey(size, tmp_path, moves)


@SIZES
async def test_biowar_a_hivemind_of_a_gun_beast_and_a_kaiju(size, tmp_path) -> None:
    """A force of only BioWar elements is led by an Alpha or a Hivemind (OtH p.33): here a
    Hivemind (no element, no CHQ effects). A gun-beast in place of a Hvy Cav, P3 (OtH p.30) and
    a kaiju P2 (built as a mech, OtH p.31). FC 3 + 2 = 5/10; FP 5; CR 0/0 (no CHQ);
    IR 10 × (1 − 5/5) = 0, very good (OtH p.50); momentum 5."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        await add(pilot, "gun-beast cav", "gun_beast_hvy_cav", 3)
        await add(pilot, "kaiju", "kaiju", 2)
        await command(pilot, "hivemind")
        await back(pilot)
        check(app, "FC 5/10", "FP 5 ", "CR 0/0", "IR +0 Very good", "Deploy 1 space",
              "Momentum 5", "2 elements", "✓ LEGAL ≈")  # ≈: the kaiju pool, inferred (OtH p.31)

    await journey(size, tmp_path, moves)


@SIZES
async def test_strategic_assets_a_strike_and_a_field_hospital(size, tmp_path) -> None:
    """Two Hvy Cav P3, one the conventional CHQ (free, OtH p.62): 2 conventional elements ÷ 2
    = 1 CR. A strategic ballistic strike: FC as P3, FP 0 (OtH p.38); a field hospital given
    the 1 CR (OtH p.40), P0. FC 0 + 3 + 3 + 0 = 6/10; FP 3 + 3 + 0 + 0 = 6; CR 1/1;
    IR 10 × (1 − 6/6) = 0, very good; the assets are off the table: 2 elements + 2 assets,
    one deployment space (OtH p.36, p.53); momentum 6."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        cav = await add(pilot, "hvy cav", "hvy_cav", 3)
        await command(pilot, "chq", cav)
        await back(pilot)
        await add(pilot, "hvy cav", "hvy_cav", 3)
        await add(pilot, "ballistic", "ballistic_strike")
        await add(pilot, "hospital", "field_hospital")
        await edit(pilot)
        await take(pilot, "hospital", "hospital_cr")
        await back(pilot)
        check(app, "FC 6/10", "FP 6 ", "CR 1/1", "IR +0 Very good", "Deploy 1 space",
              "Momentum 6", "2 elements + 2 assets", "✓ LEGAL ≈")

    await journey(size, tmp_path, moves)


async def tab_to(pilot: Pilot, widget_id: str) -> None:
    """Tab until the control has the focus (as a player reads where the focus is)."""
    screen = pilot.app.screen
    for _ in range(12):
        if screen.focused is not None and screen.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


@SIZES
async def test_datawar_an_ai_command_buys_drones_for_its_hvy_inf(size, tmp_path) -> None:
    """An AI Command leads (OtH p.25): no element, CR as a CHQ would bring, no CHQ discounts. A
    Hvy Inf P2 and a Hvy Cav P3 (both published statlines, OtH p.21-22): FC 2 + 3 = 5/10,
    FP 5; 2 conventional elements ÷ 2 = 1 CR, which buys Mk 2 drones for the whole Hvy Inf
    type (infantry only; 1 CR per element, OtH p.24-25): CR 1/1; IR 10 × (1 − 5/5) = 0, very
    good (OtH p.50); momentum 5 (only Mk 1 drones count as P1, OtH p.24)."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        inf = await add(pilot, "hvy inf", "hvy_inf", 2)
        await add(pilot, "hvy cav", "hvy_cav", 3)
        screen = await command(pilot, "aic")
        await tab_to(pilot, "cmd-cr-list")
        await arrow_to(pilot, screen.query_one("#cmd-cr-list", OptionList),
                       "hvy_inf:False:drone_mk2")
        await pilot.press("enter")
        await pilot.pause()
        await back(pilot)
        assert [(p.type, p.upgrade) for p in app.session.roster.cr_purchases] == [
            ("hvy_inf", "drone_mk2")]
        assert "Drone Mk 2" in next(r for r in table(app)._rows if r.key == inf).upgrades
        check(app, "FC 5/10", "FP 5 ", "CR 1/1", "IR +0 Very good", "Deploy 1 space",
              "Momentum 5", "2 elements", "✓ LEGAL ≈")  # ≈: the CR rate (core, reported)

    await journey(size, tmp_path, moves)


@SIZES
async def test_weird_a_big_game_hunter_chq_and_a_tesla_gun(size, tmp_path) -> None:
    """Two Hvy Cav P3, one the conventional CHQ (free, OtH p.62): 2 conventional elements ÷ 2
    = 1 CR. The CHQ takes a weird command, Big game hunter, in place of its guide fire (OtH
    p.42, p.69: the CR stay); the other Hvy Cav alone takes a Tesla gun for 1 CR (a weird
    upgrade need not go on every element of its type, OtH p.69). FC 0 + 3 = 3/10; FP 6;
    CR 1/1; IR 10 × (1 − 6/3) = −10, very poor (OtH p.50); momentum 6."""
    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10)
        chq = await add(pilot, "hvy cav", "hvy_cav", 3)
        await command(pilot, "chq", chq)
        await tab_to(pilot, "weird-big_game_hunter")
        await choose(pilot, "#weird-big_game_hunter", "guide_fire")
        await back(pilot)
        [weird] = app.session.roster.command.weird
        assert (weird.id, weird.replaces) == ("big_game_hunter", "guide_fire")
        other = await add(pilot, "hvy cav", "hvy_cav", 3)
        await edit(pilot)
        await take(pilot, "tesla", "tesla_gun")
        await back(pilot)
        assert [u.id for u in app.session.roster.element(other).upgrades] == ["tesla_gun"]
        assert app.session.roster.element(chq).upgrades == ()
        check(app, "FC 3/10", "FP 6 ", "CR 1/1", "IR -10 Very poor", "Momentum 6",
              "2 elements", "✓ LEGAL ≈")

    await journey(size, tmp_path, moves)


# --- the Task Force -----------------------------------------------------------------------------
async def field_round(pilot: Pilot, fielded: list[str], leader: str,
                      lost: str | None = None) -> None:
    """On the Rounds screen: a adds a round (its element list focused), ↓/↑ and Space field
    each element, h makes one the CHQ, x marks one destroyed."""
    from horizon_builder.tui.rounds.screen import RoundsScreen

    screen = pilot.app.screen
    assert isinstance(screen, RoundsScreen)
    await pilot.press("a")
    await pilot.pause()
    box = screen.query_one("#round-elements", OptionList)
    assert screen.focused is box
    for element_id in fielded:
        await arrow_to(pilot, box, element_id)
        await pilot.press("space")
        await pilot.pause()
    await arrow_to(pilot, box, leader)
    await pilot.press("h")
    await pilot.pause()
    if lost is not None:
        await arrow_to(pilot, box, lost)
        await pilot.press("x")
        await pilot.pause()


@SIZES
async def test_task_force_three_rounds_with_a_loss(size, tmp_path) -> None:
    """Tournament FC 10 (OtH p.45): the Task Force's FP may be up to 2 × 10 = 20 (OtH p.46).
    Two Hvy Cav P3, a Hvy Inf P2 and a mech P3: TF FP 3 + 3 + 2 + 3 = 11/20; rounds of
    4 × 10 = 40 minutes (OtH p.45).
    Round 1: Hvy Cav A leads (a free conventional CHQ, the Hvy Inf one cheaper, OtH p.62)
    with the Hvy Inf and the mech: FC 0 + 1 + 3 = 4/10; the mech is destroyed, so benched
    for the later rounds (OtH p.46).
    Round 2: both Hvy Cav and the Hvy Inf, A leading: FC 0 + 3 + 1 = 4/10.
    Round 3: Hvy Cav B leads (a new CHQ each round, OtH p.46) with the Hvy Inf: 0 + 1 = 1/10.
    The mech benched, the value remaining is 3 + 3 + 2 = 8 (the tie-break, OtH p.48). Each round
    is legal; the list is legal (≈: the free CHQ and its discount are reported, not read)."""
    from horizon_builder.tui.rounds.screen import RoundsScreen

    async def moves(pilot: Pilot, app: HorizonApp) -> None:
        await settings(pilot, 10, task_force=True)
        assert app.session.roster.kind == "task_force"
        cav_a = await add(pilot, "hvy cav", "hvy_cav", 3)
        cav_b = await add(pilot, "hvy cav", "hvy_cav", 3)
        inf = await add(pilot, "hvy inf", "hvy_inf", 2)
        mech = await add(pilot, "mech", "mech", 3)
        check(app, "FP 11/20", "event FC 10", "no rounds yet", "4 elements",
              "round length 40 min")
        await pilot.press("r")
        await shown(pilot, RoundsScreen)
        await field_round(pilot, [cav_a, inf, mech], cav_a, lost=mech)
        await field_round(pilot, [cav_a, cav_b, inf], cav_a)
        await field_round(pilot, [cav_b, inf], cav_b)
        rounds = app.session.roster.rounds
        assert [list(r.elements) for r in rounds] == [
            [cav_a, inf, mech], [cav_a, cav_b, inf], [cav_b, inf]]
        assert [r.command.element for r in rounds] == [cav_a, cav_a, cav_b]
        assert list(rounds[0].destroyed) == [mech]
        await back(pilot)
        check(app, "FP 11/20", "event FC 10", "Round 1 4/10✓", "Round 2 4/10✓", "Round 3 1/10✓",
              "4 elements", "round length 40 min", "benched: Mech 1 (value remaining 8)",
              "✓ LEGAL ≈")

    await journey(size, tmp_path, moves)
