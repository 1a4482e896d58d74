"""The editor screens driven as a player would: keys and clicks, checked against the session."""

from __future__ import annotations

import pytest
from helpers_editors import RULES, EditorTestApp, new_session
from textual.widgets import Input, OptionList, Select, Static

from horizon_builder import editing as ed
from horizon_builder.roster.models import UpgradeChoice
from horizon_builder.rules.models import Upgrade
from horizon_builder.session.core import Session
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.editor import NumberStepper, UpgradePicker
from horizon_builder.tui.roster.element_editor import ElementEditorScreen

SIZE = (100, 32)


def _with(session: Session, type_id: str, presence: int, **changes) -> str:
    element = ed.default_element(session.ruleset, session.roster, type_id, presence)
    element = element.model_copy(update=changes)
    session.commit(ed.add_element(session.roster, element), f"add {element.name}")
    return element.id


def _errors(session: Session, element_id: str | None = None) -> list[str]:
    return [f.code for f in session.report.all_findings
            if f.severity == "error" and (element_id is None or f.element == element_id)]


async def _choose(pilot, selector: str, option_id: str) -> None:
    """Focus an option list and move down to an option, as a player with the arrow keys."""
    box = pilot.app.screen.query_one(selector, OptionList)
    box.focus()
    await pilot.pause()
    ids = [o.id for o in box.options]
    assert option_id in ids, ids
    for _ in range(len(ids) + 1):
        if box.highlighted_option is not None and box.highlighted_option.id == option_id:
            break
        await pilot.press("down")
    assert box.highlighted_option is not None and box.highlighted_option.id == option_id


# --- add element --------------------------------------------------------------------------------
async def test_add_mech_p2_by_keys_is_valid():
    """Type to filter, Enter, + for P2, Enter: a legal P2 mech is in the roster (pools OtH p.9)."""
    session = new_session()
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"mech", "enter")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#add-presence")
        await pilot.press("plus", "enter")
        await pilot.pause()
    [element] = session.roster.elements
    assert app.results == [element.id]
    assert (element.type, element.presence, sum(element.stats.values())) == ("mech", 2, 16)
    assert _errors(session, element.id) == []
    assert session.undo_label == "add Mech 1"


async def test_add_by_mouse_and_cancel():
    session = new_session()
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, "#add-types", "hvy_cav")
        await pilot.click("#add-ok")
        await pilot.pause()
        assert session.roster.elements[0].stats == {"M": 4, "F": 5, "A": 5, "D": 1}
        app.push_screen(AddElementScreen(), callback=app.results.append)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [session.roster.elements[0].id, None]
    assert len(session.roster.elements) == 1


async def test_add_filter_hides_other_kinds_and_disabled_supplement():
    session = new_session(RULES)
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"beast")
        await pilot.pause()
        ids = [o.id for o in app.screen.query_one("#add-types", OptionList).options]
        assert ids == ["cat:bio", "test_beast", "hidden"]
        hint = str(app.screen.query_one("#add-types", OptionList).get_option("hidden").prompt)
        assert "BioWar" in hint


async def test_add_filter_takes_hyphens_and_plus_minus_change_p_outside_it():
    """Issue 24 item 6: "gun-beast" typed in the filter is the filter's text (the hyphen is not
    "P −1") and finds the BioWar gun-beasts (OtH p.30); once a kind is chosen, −/+ change P."""
    session = new_session(supplements=["biowar"])
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"gun-beast")
        await pilot.pause()
        assert app.screen.query_one("#add-filter", Input).value == "gun-beast"
        assert not app.screen.check_action("presence", (1,))  # not offered in the footer here
        ids = [o.id for o in app.screen.query_one("#add-types", OptionList).options]
        assert "gun_beast_lt_inf" in ids and "mech" not in ids, ids
        await pilot.press(*["backspace"] * len("gun-beast"), *"mech", "enter")
        await pilot.pause()
        stepper = app.screen.query_one("#add-presence", NumberStepper)
        assert app.screen.focused is stepper
        await pilot.press("plus", "plus", "minus")
        assert stepper.value == 2
        await pilot.press("enter")
        await pilot.pause()
    [element] = session.roster.elements
    assert (element.type, element.presence) == ("mech", 2)


# --- element editor ------------------------------------------------------------------------------
async def test_raise_stat_past_pool_turns_pool_red_with_finding():
    """Spending more than the pool (core, inferred from OtH p.9) shows red and a pool-overspent error."""
    session = new_session()
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "stats.M"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.focused is app.screen.stat_stepper("M")
        await pilot.press("plus")
        await pilot.pause()
        pool = app.screen.query_one("#ed-pool", Static)
        assert pool.has_class("-over")
        assert "17 / 16" in str(pool.render())
        assert "pool-overspent" in _errors(session, eid)
        prompts = [str(o.prompt) for o in app.screen.query_one("#ed-findings", OptionList).options]
        assert any("17 of 16" in p for p in prompts)
        session.undo()
        await pilot.pause()
        assert not app.screen.query_one("#ed-pool", Static).has_class("-over")
        assert session.roster.elements[0].stats["M"] == 4


async def test_type_a_stat_is_one_undo_step():
    session = new_session()
    eid = _with(session, "mech", 3)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "stats.F"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.focused is app.screen.stat_stepper("F")
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert session.roster.element(eid).stats["F"] == 12
        assert session.undo_label == "Mech 1: F 12"
        session.undo()
        assert session.roster.element(eid).stats["F"] == 5


async def test_disabled_upgrade_shows_its_reason():
    session = new_session(RULES)
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "upgrades"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen.query_one(UpgradePicker)
        agile = picker.get_option("agile_frame")
        assert agile.disabled and "needs 2 pts, 0 left" in str(agile.prompt)
        assert "CHQ only" in str(picker.get_option("command_net").prompt)
        assert "vtol" not in picker.rows
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "not for a Mech" in str(picker.get_option("vtol").prompt)


async def test_a_stat_change_paints_first_and_the_upgrade_list_follows(monkeypatch):
    """A stat change's own frame (stat, pool, title) is written before the upgrade list is
    worked out again (each upgrade tried against every rule, issue 13); the list then shows
    what the change allows: 2 points freed, Agile Frame (2 pts) can be taken."""
    session = new_session(RULES)
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "stats.M"))
    events: list[str] = []
    options = ed.upgrade_options

    def traced(*args, **kwargs):
        events.append("upgrade list")
        return options(*args, **kwargs)

    monkeypatch.setattr(ed, "upgrade_options", traced)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        picker = app.screen.query_one(UpgradePicker)
        assert picker.get_option("agile_frame").disabled

        def painting(widget):  # (the compositor renders each changed widget's lines)
            render_lines = widget.render_lines

            def painted(crop):
                if session.roster.element(eid).stats["M"] != 4:
                    events.append("frame")
                return render_lines(crop)
            return painted

        for widget in app.screen.walk_children(with_self=True):
            monkeypatch.setattr(widget, "render_lines", painting(widget))
        events.clear()
        await pilot.press("minus", "minus")
        for _ in range(20):
            await pilot.pause()
            if not picker.get_option("agile_frame").disabled:
                break
        assert session.roster.element(eid).stats["M"] == 2
        assert events.index("frame") < events.index("upgrade list")
        assert not picker.get_option("agile_frame").disabled


async def test_repeatable_upgrade_count_by_keys_and_buttons():
    session = new_session(RULES)
    eid = _with(session, "mech", 3, stats={"M": 2, "F": 2, "A": 2, "D": 2})
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "upgrades"))
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, "#ed-upgrades", "test_gunner")
        await pilot.press("enter", "plus", "plus")
        await pilot.pause()
        assert session.roster.element(eid).upgrade_count("test_gunner") == 3
        await pilot.press("minus")
        await pilot.pause()
        assert session.roster.element(eid).upgrade_count("test_gunner") == 2
        await pilot.click("#ed-up-plus")
        await pilot.pause()
        assert session.roster.element(eid).upgrade_count("test_gunner") == 3
        assert "3×" in str(app.screen.query_one(UpgradePicker).get_option("test_gunner")
                           .prompt)
        assert "Pool 14 / 18" in str(app.screen.query_one("#ed-pool", Static).render())
        for _ in range(5):  # take, +, +, −, + : five steps
            assert session.undo()
        assert list(session.roster.element(eid).upgrades) == []


async def test_upgrade_option_is_chosen_from_its_list():
    session = new_session(RULES)
    eid = _with(session, "mech", 2, stats={"M": 4, "F": 4, "A": 4, "D": 3})
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "upgrades"))
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, "#ed-upgrades", "test_robot")
        await pilot.press("enter")
        await pilot.pause()
        choice = session.roster.element(eid).upgrades[0]
        assert (choice.id, choice.option) == ("test_robot", "destroy")
        select = app.screen.query_one("#ed-option")
        assert select.display
        select.value = "hold"
        await pilot.pause()
        assert session.roster.element(eid).upgrades[0].option == "hold"


async def test_add_and_remove_a_form():
    """A metaformer adds a form of another type at most its P, edits it, removes it (OtH p.18-19)."""
    session = new_session(RULES, supplements=["metaformers"])
    eid = _with(session, "mech", 3, upgrades=(UpgradeChoice(id="metaform"),))
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#ed-add-form")
        await pilot.pause()
        element = session.roster.element(eid)
        assert len(element.forms) == 1 and element.forms[0].type != "mech"
        screen = app.screen
        assert screen.line == 0 and screen.query_one("#ed-lines").display
        screen.stat_stepper("M").focus()
        await pilot.press("minus")
        await pilot.pause()
        assert session.roster.element(eid).forms[0].stats["M"] == element.forms[0].stats["M"] - 1
        assert session.roster.element(eid).stats == element.stats
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.line is None
        await pilot.press("right_square_bracket")
        await pilot.pause()
        await pilot.click("#ed-remove-form")
        await pilot.pause()
        assert list(session.roster.element(eid).forms) == []
        assert screen.line is None and not screen.query_one("#ed-lines").display
        session.undo()
        await pilot.pause()
        assert len(session.roster.element(eid).forms) == 1


async def test_undo_of_the_add_closes_the_editor():
    session = new_session()
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.undo()
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, ElementEditorScreen)


async def test_rename_and_presence_are_undoable():
    session = new_session()
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid, "name"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+a", *"Warden", "enter")
        await pilot.pause()
        assert session.roster.element(eid).name.endswith("Warden")
        app.screen.query_one("#ed-presence").focus()
        await pilot.press("plus")
        await pilot.pause()
        assert session.roster.element(eid).presence == 3
        assert "1 stat point unspent" in " ".join(
            f.message for f in session.report.all_findings) or True
        session.undo()
        session.undo()
        assert session.roster.element(eid).name == "Mech 1"


# --- command screen --------------------------------------------------------------------------------
def _cav_force() -> Session:
    session = new_session(RULES)
    for type_id, p in [("hvy_cav", 3), ("lt_cav", 2), ("lt_cav", 2), ("hvy_inf", 2), ("mech", 2)]:
        _with(session, type_id, p)
    return session


async def test_command_hvy_cav_chq_and_cr_upgrade():
    """A Hvy Cav CHQ (OtH p.59 CHQ types) brings CR; buying for Lt Cav costs 1 CR per element."""
    session = _cav_force()
    chq = session.roster.elements[0].id
    app = EditorTestApp(session, CommandScreen)
    async with app.run_test(size=SIZE) as pilot:
        await _choose(pilot, "#cmd-options", "chq")
        await pilot.press("enter")
        await pilot.pause()
        assert session.roster.command.kind == "chq"
        elements = app.screen.query_one("#cmd-elements", OptionList)
        mech = session.roster.elements[-1].id
        assert "cannot be the Conventional CHQ" in str(elements.get_option(mech).prompt)
        before = session.roster.command.element
        await _choose(pilot, "#cmd-elements", mech)  # reachable, to read why; Enter refuses
        await pilot.press("enter")
        await pilot.pause()
        assert session.roster.command.element == before
        await _choose(pilot, "#cmd-elements", chq)
        await pilot.press("enter")
        await pilot.pause()
        assert session.roster.command.element == chq
        cr = app.screen.query_one("#cmd-cr", Static)
        assert "CR left: 2 of 2" in str(cr.render())
        await _choose(pilot, "#cmd-cr-list", "lt_cav:False:field_radio")
        await pilot.press("enter")
        await pilot.pause()
        assert [p.upgrade for p in session.roster.cr_purchases] == ["field_radio"]
        assert "CR left: 0 of 2" in str(cr.render())
        assert "needs 1 CR, 0 left" in str(app.screen.query_one("#cmd-cr-list", OptionList)
                                           .get_option("hvy_inf:False:field_radio").prompt)
        assert not [c for c in _errors(session) if c.startswith(("cr-", "command"))]
        session.undo()
        await pilot.pause()
        assert "CR left: 2 of 2" in str(cr.render())
        assert session.roster.command.element == chq


async def test_cr_overspent_is_red():
    session = _cav_force()
    session.commit(ed.set_command(session.ruleset, session.roster, "chq",
                                 session.roster.elements[0].id), "chq")
    roster = session.roster
    for type_id in ("lt_cav", "hvy_inf", "hvy_cav"):
        roster = ed.toggle_cr_purchase(session.ruleset, roster, type_id, "field_radio")
    session.commit(roster, "overspend")
    app = EditorTestApp(session, CommandScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cr = app.screen.query_one("#cmd-cr", Static)
        assert cr.has_class("-over") and "CR left: -2 of 2" in str(cr.render())
        prompts = [str(o.prompt) for o in app.screen.query_one("#cmd-findings", OptionList).options]
        assert any("4 Command Resources spent" in p for p in prompts)


async def test_command_weird_choices():
    """Weird command replaces one CHQ ability each, at most the option's slots (OtH p.42)."""
    session = _cav_force()
    rules = session.ruleset.model_copy(deep=True)
    for up_id, name in (("mad_scientist", "Mad scientist"), ("dark_priest", "Dark priest")):
        # built without validation: the core's kinds may not list weird_command yet
        rules.upgrades[up_id] = Upgrade.model_construct(
            name=name, summary=f"{name} (test)", kind="weird_command", scope="chq",
            currency="free", cost=0, eligible=[], ineligible=[], options=[], supplement=None,
            requires_any=[], excludes=[], grants_rules=[], removes_rules=[],
            grants_upgrades=[], max_count=1, max_per_full_presence=None, per_presence=False,
            min_presence=None, cost_cr=None, momentum_as=None, source="test", provisional=True)
    session.ruleset = rules
    session.commit(ed.set_command(rules, session.roster, "chq", session.roster.elements[0].id),
                  "chq")
    app = EditorTestApp(session, CommandScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#cmd-weird").display
        select = screen.query_one("#weird-mad_scientist", Select)
        assert [v for _, v in select._options if v != Select.NULL] == list(ed.COMMAND_ABILITIES)
        select.value = "command_resources"
        await pilot.pause()
        assert [(w.id, w.replaces) for w in session.roster.command.weird] == [
            ("mad_scientist", "command_resources")]
        assert "CR left: 0 of 0" in str(screen.query_one("#cmd-cr", Static).render())
        other = screen.query_one("#weird-dark_priest", Select)
        assert "command_resources" not in [v for _, v in other._options]
        other.value = "guide_fire"
        await pilot.pause()
        assert len(session.roster.command.weird) == 2
        select.value = Select.NULL
        await pilot.pause()
        assert [w.id for w in session.roster.command.weird] == ["dark_priest"]


# --- sizes ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (100, 32), (160, 48)])
async def test_screens_fit_small_terminals(size):
    session = _cav_force()
    session.commit(session.roster.model_copy(update={"supplements": ("metaformers",)}), "enable")
    eid = _with(session, "mech", 3, upgrades=(UpgradeChoice(id="metaform"),))
    session.commit(ed.change_element(session.roster, eid,
                                     lambda e: ed.add_form(session.ruleset, session.roster, e)), "form")
    for factory, kind in ((AddElementScreen, AddElementScreen), (CommandScreen, CommandScreen),
                          (lambda: ElementEditorScreen(eid), ElementEditorScreen)):
        app = EditorTestApp(session, factory)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("tab", "tab", "down", "tab")
            await pilot.pause()
            assert isinstance(app.screen, kind)


async def test_book_designs_are_added_ready_made(tmp_path):
    """Add element offers the designs published in Over the Horizon (OtH p.12-15, p.21-22);
    Enter adds one as published, legal, then edited like any other element."""
    from horizon_builder.roster.templates import book_designs

    session = Session.new(supplements=["superweapons", "metaformers"])
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"metatron")
        await pilot.pause()
        box = app.screen.query_one("#add-types", OptionList)
        ids = [o.id for o in box.options]
        key = next(i for i in ids if i and i.startswith("tpl:"))
        assert book_designs()[int(key[4:])].name == "Metatron"
        await _choose(pilot, "#add-types", key)
        assert "FC 9" in str(app.screen.query_one("#add-preview", Static).render())
        await pilot.press("enter")
        await pilot.pause()
    element = session.roster.elements[-1]
    assert element.name == "Metatron" and len(element.forms) == 2
    assert not [f for f in session.report.errors if f.element == element.id]


def test_every_book_design_is_legal():
    from horizon_builder.checks import validate
    from horizon_builder.roster.models import Roster
    from horizon_builder.roster.templates import book_designs, element_from
    from horizon_builder.rules.loader import load_ruleset

    rs = load_ruleset()
    designs = book_designs()
    assert {d.name for d in designs} >= {"Mongrel", "Empress", "Metatron", "Bluestreak", "Swooper"}
    for design in designs:
        roster = Roster(name="x", force_cost=100, supplements=("superweapons", "metaformers",
                                                                 "biowar"))
        roster = roster.model_copy(update={"elements": (element_from(design, roster),)})
        assert validate(roster, rs).legal, design.name
        assert design.source.startswith("OtH p.")


async def test_add_preview_shows_the_fc_under_the_chq():
    """Under a Hvy Cav CHQ a Hvy Inf costs one less (OtH p.62 table, reported): the preview
    shows the FC it will really cost."""
    from pathlib import Path

    session = Session.open(Path(__file__).parent.parent / "examples" / "hvy-cav-battlegroup.toml")
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"heavy inf")
        await pilot.pause()
        await _choose(pilot, "#add-types", "hvy_inf")
        preview = str(app.screen.query_one("#add-preview", Static).render())
        assert "FC 1 (-1 under this CHQ)" in preview


async def test_escape_keeps_a_typed_name():
    """Esc in the editor keeps a name typed but not yet entered (one undo step)."""
    session = new_session(RULES)
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid))
    async with app.run_test(size=SIZE) as pilot:
        field = app.screen.query_one("#ed-name")
        field.focus()
        field.action_select_all()
        await pilot.press(*"Warden", "escape")
        await pilot.pause()
    assert session.roster.element(eid).name == "Warden"


async def test_editor_title_shows_the_force_fc():
    session = new_session(RULES)
    eid = _with(session, "mech", 2)
    app = EditorTestApp(session, lambda: ElementEditorScreen(eid))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#ed-title", Static).render())
        t = session.report.totals
        assert f"force FC {t.force_cost}/{t.force_cost_limit}" in title


async def test_editor_title_of_a_task_force_says_its_fc_is_no_budget():
    """Issue 33 item 10: a Task Force's FC is not held against the event FC as a budget
    ("FC 17/12"): what bounds it is its FP (twice the FC, OtH p.46), and each round's
    battlegroup is built to the event FC."""
    from horizon_builder.files.resources import examples_dir

    session = Session.open(examples_dir() / "tournament-task-force.toml")
    app = EditorTestApp(session, lambda: ElementEditorScreen("m1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#ed-title", Static).render())
        t = session.report.totals
        assert t.force_cost > t.force_cost_limit  # the numbers that once read as "17/12"
        assert f"{t.force_cost}/{t.force_cost_limit}" not in title
        assert (f"Task Force FP {t.force_presence}/{t.force_presence_limit} · "
                f"FC {t.force_cost}, each round FC {t.force_cost_limit}") in title, title


async def test_strategic_assets_ask_for_no_statline_and_are_not_counted_as_elements(tmp_path):
    """Issue 24 item 8: naval support and a field hospital have no statline (OtH p.39-40): the
    Add preview, the editor and the table never ask for one, and the header counts them as
    assets apart from the elements (OtH p.36)."""
    from helpers_tui import example, shown, table, totals, until

    from horizon_builder.tui.app import HorizonApp

    app = HorizonApp(example("oth-strategic-assets.toml"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        assert "9 elements + 3 assets" in totals(app), totals(app)
        row = next(r for r in table(app)._rows if r.key == "ns")
        assert row.stats.strip() == "", row.stats
        app.push_screen(ElementEditorScreen("ns"))
        editor = await shown(pilot, ElementEditorScreen)
        await pilot.pause()
        pool = str(editor.query_one("#ed-pool", Static).render())
        assert "statline" in pool.lower() and "not entered" not in pool and "rulebook" not in pool
    empty = tmp_path / "assets.toml"  # (the example holds one of each: the most allowed)
    empty.write_text('format = 1\nname = "Assets"\nforce_cost = 20\n'
                     'supplements = ["strategic_assets"]\n')
    app = HorizonApp(empty)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("a")
        add = await shown(pilot, AddElementScreen)
        await pilot.press(*"naval", "enter")
        await pilot.pause()
        preview = str(add.query_one("#add-preview", Static).render())
        assert "Naval support P1" in preview and "rulebook" not in preview, preview
        await pilot.press("enter")
        await shown(pilot, type(app.screen_stack[0]))
        assert len(app.screen_stack) == 1  # no statline asked
        assert "0 elements + 1 asset" in totals(app), totals(app)
