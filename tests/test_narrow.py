"""80×24 (issue 15 item 10): footer keys that fit whole with "^p Menu" for the rest, titles
that keep the verdict, and reasons shown whole instead of cut."""

from __future__ import annotations

from pathlib import Path

from helpers_tui import example, shown, until

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.keys_footer import KeyLabel, KeysFooter
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.roster.format import hang

NARROW = (80, 24)
KAIJU = "oth-biowar-superheavy-kaiju.toml"


def _footer_keys(app: HorizonApp) -> list[KeyLabel]:
    footer = app.screen.query_one(KeysFooter)
    return [key for key in footer.query(KeyLabel) if key.display]


async def _settled(pilot, app: HorizonApp) -> None:
    await until(pilot, lambda: any(k.has_class("-command-palette") for k in _footer_keys(app))
                and all(k.region.width for k in _footer_keys(app)), "the footer laid out")
    await pilot.pause()


async def test_home_footer_keys_fit_whole_with_quit_help_and_menu():
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await _settled(pilot, app)
        keys = _footer_keys(app)
        assert all(key.region.right <= 80 for key in keys)  # none runs off the edge
        menu = next(k for k in keys if k.has_class("-command-palette"))
        assert menu.description == "Menu" and menu.key == "ctrl+p"
        shown = {k.action for k in keys}
        assert {"app.quit", "app.add_element", "help"} <= shown
        others = [k for k in keys if k is not menu]
        assert all(k.region.right <= menu.region.x for k in others)  # none under "^p Menu"
    wide = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with wide.run_test(size=(140, 30)) as pilot:
        await until(pilot, lambda: wide.loaded, "the roster")
        await _settled(pilot, wide)
        assert "undo" in {k.action for k in _footer_keys(wide)}  # room: nothing left out


async def test_editor_title_keeps_the_force_fc_and_verdict_at_80_columns():
    app = HorizonApp(example(KAIJU))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        chq = app.session.roster.command.element
        app.home.open_element_editor(chq)
        await shown(pilot, ElementEditorScreen)
        await pilot.pause()
        title = str(app.screen.query_one("#ed-title").render())
        assert "force FC 16/16" in title and "no errors" in title
        assert len(title.rstrip()) <= 78


async def test_a_task_force_editor_title_keeps_its_fp_and_verdict_at_80_columns():
    """Issue 33 item 10: a Task Force's figure in the editor title is its FP against the limit
    (its FC is no budget); at 80 columns, with the longest name, the verdict still shows."""
    app = HorizonApp(example("tournament-task-force.toml"))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        app.home.open_element_editor("hc1")  # Meridian Command Tank
        await shown(pilot, ElementEditorScreen)
        await pilot.pause()
        title = str(app.screen.query_one("#ed-title").render())
        assert "Task Force FP 17/24" in title and "no errors" in title, title
        assert "17/12" not in title and len(title.rstrip()) <= 78


async def test_a_reason_an_upgrade_cannot_be_taken_is_shown_whole():
    app = HorizonApp(example(KAIJU))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        app.home.open_element_editor(app.session.roster.command.element)
        await shown(pilot, ElementEditorScreen)
        await pilot.pause()
        picker = app.screen.query_one("#ed-upgrades")
        rapid = next(o for o in picker.options if o.id == "rapid_mutation")
        assert "\n" in str(rapid.prompt) and "cannot be rapid" in str(rapid.prompt)


async def test_command_reasons_are_wrapped_not_cut():
    app = HorizonApp(example(KAIJU))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("c")
        await shown(pilot, CommandScreen)
        await pilot.pause()
        box = app.screen.query_one("#cmd-options")
        room = box.scrollable_content_region.width
        for option in box.options:
            for line in str(option.prompt).splitlines():
                assert len(line) <= room, line
        assert any("DataWar" in str(o.prompt) for o in box.options)


def test_hang_wraps_with_an_indent():
    assert hang("short", 40) == "short"
    text = hang("✗ needs the DataWar supplement, which is off in this roster", 30)
    lines = text.splitlines()
    assert len(lines) > 1 and all(line.startswith("   ") for line in lines[1:])
    assert all(len(line) <= 27 or (line.startswith("   ") and len(line) <= 30) for line in lines)


async def test_a_task_force_header_never_wraps_and_keeps_its_verdict():
    from horizon_builder.tui.roster.totals_strip import TotalsStrip

    app = HorizonApp(example("tournament-task-force.toml"))
    async with app.run_test(size=NARROW) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.pause()
        strip = app.screen.query_one(TotalsStrip)
        rendered = str(strip.render()).splitlines()
        assert len(rendered) == 2
        assert "rounds ✓ ✓" in rendered[0]  # the rounds said shorter, not wrapped
        assert "LEGAL" in rendered[1]
        assert all(len(line) <= strip.content_size.width for line in rendered)


async def test_the_footer_is_not_rebuilt_when_only_a_key_becomes_usable():
    """An edit makes Undo usable and an undo makes it unusable again: the footer's keys are
    updated in place (the same widgets), not rebuilt on the edit's keystroke (issue 13)."""
    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await _settled(pilot, app)

        def undo_key() -> KeyLabel:
            return next(k for k in _footer_keys(app) if k.action == "undo")

        before = undo_key()
        assert before.disabled  # nothing to undo yet
        await pilot.press("d")
        await until(pilot, lambda: not undo_key().disabled, "Undo usable after an edit")
        await pilot.pause()
        assert undo_key() is before
        await pilot.press("ctrl+z")
        await until(pilot, lambda: undo_key().disabled, "Undo unusable after undoing it")
        assert undo_key() is before
        await pilot.press("s")  # another screen: its own footer, with its own keys
        await until(pilot, lambda: app.screen is not app.screen_stack[0], "settings")
        assert not any(k.action == "app.add_element" for k in _footer_keys(app))


# --- issue 33 item 8: every screen usable at 80x24 ------------------------------------------------
def _rows(widget) -> int:
    """How many rows of a list or table the player sees."""
    return widget.scrollable_content_region.height


async def _on(pilot, app: HorizonApp, key: str, kind):
    """The roster loaded, then ``key`` pressed: the screen it opens, laid out."""
    await until(pilot, lambda: app.loaded, "the roster")
    await pilot.press(key)
    screen = await shown(pilot, kind)
    await pilot.pause()
    return screen


async def test_the_command_screens_who_leads_list_shows_its_rows_at_80x24():
    """With the findings at their tallest (seven lines), the "who is the CHQ" list shows five
    rows and more, not two: its heading is the box's title, not two lines of its own."""
    from textual.widgets import OptionList

    app = HorizonApp(example("oth-datawar-needs-fixing.toml"))
    async with app.run_test(size=NARROW) as pilot:
        screen = await _on(pilot, app, "c", CommandScreen)
        leads = screen.query_one("#cmd-elements", OptionList)
        assert screen.query_one("#cmd-findings").region.height == 7
        assert _rows(leads) >= 5 and screen.region.contains_region(leads.region)
        assert "Who is the Conventional CHQ" in str(leads.border_title)


def _big_task_force(tmp_path: Path) -> Path:
    """A Task Force of eleven elements whose round has a CHQ with weird commands and CR
    upgrades to buy: the rounds screen's fullest right column."""
    text = example("tournament-task-force.toml").read_text(encoding="utf-8")
    head, rounds = text.split("[[rounds]]", 1)
    extra = "".join(
        f'[[elements]]\nid = "x{i}"\nname = "{name}"\ntype = "{kind}"\npresence = {p}\n'
        f"stats = {{ {stats} }}\n\n" for i, (name, kind, p, stats) in enumerate([
            ("Lance", "lt_inf", 1, "M = 3, F = 2, A = 2, D = 2"),
            ("Sabre", "lt_inf", 1, "M = 3, F = 2, A = 2, D = 2"),
            ("Glaive", "mech", 2, "M = 5, F = 5, A = 3, D = 3"),
            ("Kite", "aircraft", 2, "M = 5, F = 4, A = 2, D = 1")]))
    weird = ('command = { kind = "chq", element = "hc1", weird = [{ id = "mad_scientist", '
             'replaces = "chain_of_command" }, { id = "dark_priest", replaces = "guide_fire" }] }')
    rounds = rounds.replace('command = { kind = "chq", element = "hc1" }', weird)
    head = head.replace('event = "Autumn Skirmish 2026"',
                        'event = "Autumn Skirmish 2026"\nsupplements = ["datawar", "weird"]')
    path = tmp_path / "big-task-force.toml"
    path.write_text(head + extra + "[[rounds]]" + rounds, encoding="utf-8")
    return path


async def test_the_rounds_screen_shows_a_rounds_elements_at_80x24(tmp_path: Path):
    """Eleven elements, three weird commands and CR upgrades: the round's elements keep six
    rows and more (they had two), and the command under them scrolls, each of its lists and
    dropdowns brought into view when Tab reaches it."""
    from horizon_builder.tui.rounds.screen import RoundsScreen

    app = HorizonApp(_big_task_force(tmp_path))
    async with app.run_test(size=NARROW) as pilot:
        screen = await _on(pilot, app, "r", RoundsScreen)
        await pilot.press("down", "enter")
        await pilot.pause()
        elements = screen.query_one("#round-elements")
        assert elements.option_count == 11
        assert _rows(elements) >= 6 and screen.region.contains_region(elements.region)
        cr = screen.query_one("#round-cr")
        assert cr.display and cr.option_count
        for stop in ("#round-command", "#round-chq", "#round-cr"):
            widget = screen.query_one(stop)
            widget.focus()
            await until(pilot, lambda w=widget: screen.focused is w and w.region.height > 0
                        and screen.query_one("#round-command-box").region.contains_region(w.region),
                        f"{stop} in view")


async def test_the_export_preview_shows_its_lines_at_80x24():
    """The export's preview shows eight lines and more (it showed three): the format and the
    compact choice take one line, the hint one."""
    from textual.widgets import TextArea

    from horizon_builder.tui.sharing.export import ExportScreen

    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=NARROW) as pilot:
        screen = await _on(pilot, app, "x", ExportScreen)
        preview = screen.query_one("#export-preview", TextArea)
        assert _rows(preview) >= 8
        for part in ("#export-format", "#export-compact", "#export-path", "#export-save",
                     "#export-close"):
            assert screen.can_view_entire(screen.query_one(part)), part


async def test_the_rules_screens_every_column_is_read_at_80x24():
    """The Rules table is wider than 80 columns (its Set by column was off the screen): the
    highlighted value is shown whole under it, every column, and follows the cursor."""
    from textual.widgets import DataTable, Static

    from horizon_builder.tui.rules.screen import RulesScreen

    app = HorizonApp(example("hvy-cav-battlegroup.toml"))
    async with app.run_test(size=NARROW) as pilot:
        screen = await _on(pilot, app, "R", RulesScreen)
        await pilot.press("down")
        await pilot.pause()
        table = screen.query_one(DataTable)
        detail = screen.query_one("#rules-detail", Static)
        value = screen.values[table.cursor_row]
        text = str(detail.render())
        assert screen.can_view_entire(detail) and _rows(table) >= 12
        flat = " ".join(text.split())
        for part in (value.item, value.label, value.source, value.layer, value.group):
            assert " ".join(part.split()) in flat, part
        await pilot.press("down")
        await pilot.pause()
        assert str(detail.render()) != text  # the next value

