"""The rounds screen of a tournament Task Force (OtH p.45-48), driven by keys on the real app.

Figures asserted here are the validator's: the round's FC against the tournament
FC (OtH p.46), the Task Force FP against twice the FC (OtH p.46), the round
length (OtH p.45), benched elements (OtH p.46) and the value remaining (OtH p.48).
"""

from __future__ import annotations

from pathlib import Path

from helpers_tui import SIZE, copy_example, example, findings, home, totals, until
from textual.widgets import Input, OptionList, Select, Static

from horizon_builder.roster.models import Command, Element, Roster, Round, UpgradeChoice
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.commands import HorizonCommands
from horizon_builder.tui.common.dialogs import ConfirmDialog
from horizon_builder.tui.rounds.name_dialog import RoundNameDialog
from horizon_builder.tui.rounds.screen import RoundsScreen

TASK_FORCE = "tournament-task-force.toml"
HVY_CAV = "hvy-cav-battlegroup.toml"


def rounds_screen(app: HorizonApp) -> RoundsScreen:
    screen = app.screen
    assert isinstance(screen, RoundsScreen), screen
    return screen


def text(app: HorizonApp, selector: str) -> str:
    return str(rounds_screen(app).query_one(selector, Static).render())


def element_list(app: HorizonApp) -> OptionList:
    return rounds_screen(app).query_one("#round-elements", OptionList)


def row(app: HorizonApp, element_id: str) -> str:
    return str(element_list(app).get_option(element_id).prompt)


async def highlight(pilot, element_id: str) -> None:
    """Move the highlight to an element with the arrow keys, as a player would."""
    box = element_list(pilot.app)
    box.focus()
    ids = [o.id for o in box.options]
    while box.highlighted_option is None or box.highlighted_option.id != element_id:
        before = box.highlighted
        await pilot.press("down" if (before or 0) < ids.index(element_id) else "up")
        assert box.highlighted != before, f"cannot reach {element_id}"


async def open_rounds(pilot) -> RoundsScreen:
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()
    return rounds_screen(pilot.app)


async def test_task_force_summary() -> None:
    """Tournament FC 12, TF FP 17/24 (OtH p.46), 50 min rounds (OtH p.45: 4 × FC up to the next
    5), Meridian Strike Tank benched (OtH p.46), value remaining 14 (OtH p.48)."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await open_rounds(pilot)
        summary = text(app, "#rounds-summary")
        for expected in ("Tournament FC 12", "Task Force FP 17/24", "Round length 50 min",
                         "Benched Meridian Strike Tank", "Value remaining 14"):
            assert expected in summary, (expected, summary)
        box = rounds_screen(app).query_one("#rounds-list", OptionList)
        assert [str(o.prompt).split("\n")[0] for o in box.options] == ["✓ Round 1", "✓ Round 2"]
        assert "FC 8/12" in text(app, "#round-totals")


async def test_build_a_round_by_keys_then_save_and_reopen(tmp_path) -> None:
    """Add Round 3, field elements (FC live), pick the CHQ, lose one: it is benched in Round 4
    (OtH p.46); undo and redo are one step each; the saved file reopens equal."""
    path = copy_example(tmp_path, TASK_FORCE)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        await pilot.press("a")
        await pilot.pause()
        roster = app.session.roster
        assert [r.name for r in roster.rounds] == ["Round 1", "Round 2", "Round 3"]
        assert screen.index == 2 and app.focused is element_list(app)
        assert "Round 3" in text(app, "#round-totals") and "FC 0/12" in text(app, "#round-totals")
        # the Strike Tank was destroyed in Round 1: benched, disabled, with the reason
        assert element_list(app).get_option("hc2").disabled
        assert "benched: lost in Round 1" in row(app, "hc2")

        await highlight(pilot, "hc1")
        await pilot.press("space")
        await pilot.pause()
        assert "FC 3/12" in text(app, "#round-totals")
        for element_id in ("hi1", "m1"):
            await highlight(pilot, element_id)
            await pilot.press("enter")  # Enter fields it too
            await pilot.pause()
        assert list(app.session.roster.rounds[2].elements) == ["hc1", "hi1", "m1"]
        assert "FC 8/12" in text(app, "#round-totals")

        await highlight(pilot, "hc1")
        await pilot.press("h")  # the Hvy Cav leads: a free conventional CHQ, Hvy Inf one cheaper
        await pilot.pause()
        assert app.session.roster.rounds[2].command == Command(kind="chq", element="hc1")
        assert "FC 4/12" in text(app, "#round-totals")
        assert "★" in row(app, "hc1")
        assert rounds_screen(app).query_one("#round-chq", Select).value == "hc1"

        await highlight(pilot, "m1")
        await pilot.press("x")
        await pilot.pause()
        assert list(app.session.roster.rounds[2].destroyed) == ["m1"]
        assert "† Halberd" in row(app, "m1")
        await pilot.press("a")  # Round 4: the Halberd is benched
        await pilot.pause()
        assert screen.index == 3
        assert element_list(app).get_option("m1").disabled
        assert "benched: lost in Round 3" in row(app, "m1")
        assert "Benched Meridian Strike Tank, Halberd" in text(app, "#rounds-summary")
        assert "Value remaining 11" in text(app, "#rounds-summary")

        await pilot.press("ctrl+z")  # undo adding Round 4
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds][-1] == "Round 3"
        assert screen.index == 2
        await pilot.press("ctrl+z")  # undo the loss
        await pilot.pause()
        assert list(app.session.roster.rounds[2].destroyed) == []
        assert not element_list(app).get_option("m1").disabled
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert list(app.session.roster.rounds[2].destroyed) == ["m1"]
        assert "† Halberd" in row(app, "m1")

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.session.dirty
        edited = app.session.roster
    reopened = Session.open(path).roster
    assert reopened == edited
    assert [r.name for r in reopened.rounds] == ["Round 1", "Round 2", "Round 3"]
    assert list(reopened.rounds[2].destroyed) == ["m1"]


async def test_each_edit_is_one_undo_step() -> None:
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await open_rounds(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert app.session.undo_label == "Round 3: field Meridian Command Tank"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.undo_label == "add Round 3"
        assert "☐" in row(app, "hc1")


async def test_command_choice_per_round() -> None:
    """Each round chooses its own CHQ (OtH p.46): a mech may lead only as a Mech CHQ; choosing
    the option from the list keeps the single element that may lead."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await open_rounds(pilot)
        await highlight(pilot, "m1")
        await pilot.press("h")  # under a Conventional CHQ it cannot: the Mech CHQ is chosen
        await pilot.pause()
        roster = app.session.roster
        assert roster.rounds[0].command == Command(kind="mech_chq", element="m1")
        assert roster.rounds[1].command == Command(kind="chq", element="hc1")
        assert "FC 13/12 over" in text(app, "#round-totals")  # no free CHQ, no cheaper Hvy Inf
        kinds = rounds_screen(app).query_one("#round-command", Select)
        kinds.value = "chq"
        await pilot.pause()
        assert app.session.roster.rounds[0].command == Command(kind="chq", element=None)
        chq = rounds_screen(app).query_one("#round-chq", Select)
        assert {v for _, v in chq._options if v != Select.NULL} == {"hc1", "hc2", "hi1", "hi2"}
        assert "Halberd" in str(chq.tooltip)  # says why the mech may not
        chq.value = "hc2"
        await pilot.pause()
        assert app.session.roster.rounds[0].command == Command(kind="chq", element="hc2")
        assert "FC 8/12" in text(app, "#round-totals")


async def test_rename_delete_and_reorder_rounds() -> None:
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        await pilot.press("down")  # Round 2
        await pilot.pause()
        assert screen.index == 1
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, RoundNameDialog)
        field = app.screen.query_one(Input)
        field.value = "Round 1"
        await pilot.pause()
        assert "already called" in str(app.screen.query_one("#round-name-problem").render())
        await pilot.press("enter")  # refused: stays open
        assert isinstance(app.screen, RoundNameDialog)
        field.value = "Final"
        await pilot.press("enter")
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds] == ["Round 1", "Final"]

        await pilot.press("left_square_bracket")  # move Final before Round 1: nothing benched
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds] == ["Final", "Round 1"]
        assert screen.index == 0
        assert "☑" in row(app, "m2")
        await pilot.press("down")
        await pilot.pause()
        assert not element_list(app).get_option("hc2").disabled  # fielded, then lost, in Round 1

        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds] == ["Final"]
        assert screen.index == 0
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds] == ["Final", "Round 1"]


async def test_home_round_finding_opens_that_round() -> None:
    """Enter on a round's finding on the home screen opens the rounds screen on that round."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        round_ = session.roster.rounds[1]
        round_ = round_.model_copy(update={"elements": tuple(e for e in round_.elements if e != "hc1")})
        rounds = (session.roster.rounds[0], round_, *session.roster.rounds[2:])
        session.commit(session.roster.model_copy(update={"rounds": rounds}), "take out the CHQ")
        await pilot.pause()
        panel = findings(app)
        index = next(i for i, f in enumerate(panel.findings) if f.round == "Round 2")
        panel.focus()
        panel.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        screen = rounds_screen(app)
        assert screen.index == 1
        assert app.focused is element_list(app)
        box = screen.query_one("#round-findings", OptionList)
        assert "Round 2 findings" in str(box.border_title)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home(app)


async def test_round_finding_jumps_to_the_element_editor() -> None:
    """A round's finding about one element opens the element editor on it (here a CHQ-only
    upgrade on an element that does not lead that round, OtH p.27-28)."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def change(roster: Roster) -> Roster:
            net = roster.elements[0].model_copy(update={"upgrades": (UpgradeChoice(id="strategic_net"),)})
            rounds = list(roster.rounds)
            rounds[1] = rounds[1].model_copy(update={"command": Command(kind="chq", element="hi1")})
            return roster.model_copy(update={"supplements": ("datawar",),
                                             "elements": (net, *roster.elements[1:]),
                                             "rounds": tuple(rounds)})

        app.session.commit(change(app.session.roster), "strategic net")
        screen = await open_rounds(pilot)
        await pilot.press("down")
        await pilot.pause()
        box = screen.query_one("#round-findings", OptionList)
        index = next(i for i, f in enumerate(screen._findings) if f.code == "upgrade-chq-only")
        assert "Meridian Command Tank: Strategic Net" in str(box.get_option_at_index(index).prompt)
        await pilot.press("ctrl+l")
        box.highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ElementEditorScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_rounds_only_for_a_task_force() -> None:
    """A battlegroup has no rounds: no key in the footer, nothing in the palette."""
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not any(b.binding.action == "rounds" for b in app.active_bindings.values()
                       if b.enabled and b.binding.show)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is home(app)
        titles = [t for t, _, _ in HorizonCommands(app.screen)._commands()]
        assert "Tournament rounds" not in titles
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        # (the roster is opened after the first frame: under load, later than one pause)
        await until(pilot, lambda: any(b.binding.action == "rounds"
                                       for b in app.active_bindings.values()
                                       if b.enabled and b.binding.show), "the rounds key")
        titles = [t for t, _, _ in HorizonCommands(app.screen)._commands()]
        assert "Tournament rounds" in titles
        assert "Round 1 8/12✓" in totals(app)


async def test_small_terminal() -> None:
    """80×24: the screen lays out and works."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rounds(pilot)
        await pilot.press("a", "space", "down", "space")
        await pilot.pause()
        assert len(app.session.roster.rounds[2].elements) == 2
        await pilot.press("tab", "tab", "tab", "tab", "tab")
        await pilot.pause()
        assert rounds_screen(app).query_one("#round-elements").region.height >= 3


async def test_loss_benches_an_element_a_later_round_fields() -> None:
    """Marking a loss in Round 1 when Round 2 already fields the element: Round 2 shows it as an
    error to untick (OtH p.46), and unticking it clears the error."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        await highlight(pilot, "m1")
        await pilot.press("x")
        await pilot.pause()
        assert list(app.session.roster.rounds[0].destroyed) == ["hc2", "m1"]
        rounds = screen.query_one("#rounds-list", OptionList)
        assert str(rounds.get_option("round:1").prompt).startswith("✗ Round 2")
        screen.show_round("Round 2")
        await pilot.pause()
        assert not element_list(app).get_option("m1").disabled
        assert "✗ benched: lost in Round 1; untick it" in row(app, "m1")
        assert any(f.code == "tf-benched-element" for f in screen._findings)
        await highlight(pilot, "m1")
        await pilot.press("space")
        await pilot.pause()
        assert "m1" not in app.session.roster.rounds[1].elements
        assert element_list(app).get_option("m1").disabled
        assert str(rounds.get_option("round:1").prompt).startswith("✓ Round 2")


async def test_empty_task_force(tmp_path) -> None:
    """A Task Force with no elements and no rounds yet: a hint, then an empty first round."""
    path = tmp_path / "empty.toml"
    path.write_text('format = 1\nkind = "task_force"\nname = "Empty TF"\nforce_cost = 10\n',
                    encoding="utf-8")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        assert "No rounds yet" in text(app, "#round-empty")
        assert "Round length 40 min" in text(app, "#rounds-summary")
        await pilot.press("a")
        await pilot.pause()
        assert [r.name for r in app.session.roster.rounds] == ["Round 1"]
        assert "FC 0/12" not in text(app, "#round-totals") and "FC 0/10" in text(app, "#round-totals")
        await pilot.press("space", "x", "h")  # nothing to field: nothing happens, nothing breaks
        await pilot.pause()
        assert list(app.session.roster.rounds[0].elements) == []
        assert any(f.code == "tf-round-empty" for f in screen._findings)


async def test_an_empty_round_is_marked_alike_wherever_rounds_are_listed(tmp_path) -> None:
    """Issue 33 item 10: a round that fields nothing has no battlegroup to play (OtH p.46-47):
    the header and the rounds screen both mark it ✗ and say "empty", and the verdict is not
    legal. A Task Force finding that names a round (an element listed twice) marks it ✗ in
    both lists too: one mark, from what is said about the round, everywhere."""
    path = copy_example(tmp_path, TASK_FORCE)
    with path.open("a", encoding="utf-8") as out:  # no command either: nothing else to fault
        out.write('\n[[rounds]]\nname = "Round 3"\nelements = []\n'
                  '\n[[rounds]]\nname = "Round 4"\nelements = ["m2", "m2"]\n')
    app = HorizonApp(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        assert not app.session.report.legal
        strip = totals(app)
        assert "Round 3 empty✗" in strip and "Round 4 2/12✗" in strip, strip
        await open_rounds(pilot)
        box = rounds_screen(app).query_one("#rounds-list", OptionList)
        listed = [str(o.prompt).split("\n") for o in box.options]
        assert [lines[0] for lines in listed] == ["✓ Round 1", "✓ Round 2", "✗ Round 3",
                                                   "✗ Round 4"]
        assert listed[2][1].strip() == "empty"


async def test_weird_command_per_round() -> None:
    """With Weird Horizons on, each round's command may take weird command, each replacing one
    CHQ ability (OtH p.42); it is that round's choice only."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.commit(app.session.roster.model_copy(
            update={"supplements": (*app.session.roster.supplements, "weird")}), "weird on")
        screen = await open_rounds(pilot)
        await pilot.pause()
        assert screen.query_one("#round-weird").display
        select = screen.query_one("#round-weird-mad_scientist", Select)
        assert "command_resources" in [v for _, v in select._options]
        select.value = "guide_fire"
        await pilot.pause()
        weird = app.session.roster.rounds[0].command.weird
        assert [(w.id, w.replaces) for w in weird] == [("mad_scientist", "guide_fire")]
        assert list(app.session.roster.rounds[1].command.weird) == []
        assert app.session.undo_label == "Round 1: weird command Mad scientist for guide fire"
        screen.query_one("#round-command", Select).value = Select.NULL  # no command: no weird
        await pilot.pause()
        assert list(app.session.roster.rounds[0].command.weird) == []
        assert not screen.query_one("#round-weird").display


async def test_cr_bought_in_one_round_only() -> None:
    """Each round spends its own CR (OtH p.46): Enter buys an upgrade for every fielded element
    of the type in that round, and the round's CR left follows."""
    rules = load_ruleset([str(Path(__file__).parent / "fixtures_editors" / "editors.toml")])
    roster = Roster(kind="task_force", name="TF", force_cost=12, elements=[
        Element(id="hq", name="HQ", type="hvy_cav", presence=3),
        Element(id="c1", name="Scout 1", type="lt_cav", presence=2),
        Element(id="c2", name="Scout 2", type="lt_cav", presence=2),
        Element(id="i1", name="Guards", type="hvy_inf", presence=2)], rounds=[
        Round(name="Round 1", elements=["hq", "c1", "c2", "i1"],
              command=Command(kind="chq", element="hq")),
        Round(name="Round 2", elements=["hq", "c1"], command=Command(kind="chq", element="hq"))])
    app = HorizonApp(session=Session(roster, rules))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        box = screen.query_one("#round-cr", OptionList)
        assert box.display and "2 left of 2" in str(box.border_title)
        box.focus()
        box.highlighted = box.get_option_index("lt_cav:False:field_radio")
        await pilot.press("enter")
        await pilot.pause()
        purchases = app.session.roster.rounds[0].cr_purchases
        assert [(p.type, p.upgrade) for p in purchases] == [("lt_cav", "field_radio")]
        assert list(app.session.roster.rounds[1].cr_purchases) == []
        assert "0 left of 2" in str(box.border_title)
        assert "CR 2/2" in text(app, "#round-totals")
        assert "☑" in str(box.get_option("lt_cav:False:field_radio").prompt)


async def test_rounds_key_appears_when_the_kind_becomes_task_force() -> None:
    app = HorizonApp(example(HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.session.commit(app.session.roster.model_copy(update={"kind": "task_force"}),
                           "kind: Task Force")
        await pilot.pause()
        assert any(b.binding.action == "rounds" for b in app.active_bindings.values()
                   if b.enabled and b.binding.show)
        screen = await open_rounds(pilot)
        assert "No rounds yet" in text(app, "#round-empty")
        await pilot.press("a")
        await pilot.pause()
        assert screen.index == 0 and app.session.roster.rounds[0].name == "Round 1"


async def test_cr_upgrade_choice_per_round() -> None:
    """A robot bought with a round's CR (OtH p.25, p.46) takes a program; the choice is changed
    from the round and stays that round's."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")  # opened after the first frame
        app.session.commit(app.session.roster.model_copy(
            update={"supplements": (*app.session.roster.supplements, "datawar")}), "datawar on")
        screen = await open_rounds(pilot)
        box = screen.query_one("#round-cr", OptionList)
        row = screen.query_one("#round-cr-option-row")
        box.focus()
        box.highlighted = box.get_option_index("hvy_inf:False:robot")
        await pilot.pause()
        assert not row.display  # not bought yet
        await pilot.press("enter")
        await pilot.pause()
        bought = app.session.roster.rounds[0].cr_purchases
        assert [(p.type, p.upgrade, p.option) for p in bought] == [("hvy_inf", "robot", "destroy")]
        assert row.display
        screen.query_one("#round-cr-option", Select).value = "hold"
        await pilot.pause()
        assert app.session.roster.rounds[0].cr_purchases[0].option == "hold"
        assert list(app.session.roster.rounds[1].cr_purchases) == []
        assert "[hold]" in str(box.get_option("hvy_inf:False:robot").prompt)


async def test_repeat_a_round() -> None:
    """d adds a round fielding the selected round's battlegroup again, less the benched (OtH p.46)."""
    app = HorizonApp(example(TASK_FORCE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rounds(pilot)
        await pilot.press("d")
        await pilot.pause()
        added = app.session.roster.rounds[-1]
        assert added.name == "Round 3" and screen.index == 2
        assert list(added.elements) == ["hc1", "hi1", "hi2", "m1"]
        assert element_list(app).get_option("hc2").disabled
        assert "FC 5/12" in text(app, "#round-totals")
        assert app.session.undo_label == "add Round 3 as Round 1"
