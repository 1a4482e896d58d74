"""The Rules screen (R) and the ask-once prompts: enter the core book's unknown values once,
without a text editor (RULES.md §0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_tui import shown, until
from textual.widgets import DataTable, Input, Label

from horizon_builder import editing as ed
from horizon_builder.rules.personal import personal_rules_path
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.rules.screen import RulesScreen
from horizon_builder.tui.rules.value_dialog import EnterValueDialog

SIZE = (120, 36)


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("HORIZON_BUILDER_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def _row(screen: RulesScreen, item: str, label: str) -> int:
    return next(i for i, v in enumerate(screen.values) if v.item == item and v.label == label)


async def test_rules_screen_enters_refuses_and_undoes(tmp_path):
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("R")
        await shown(pilot, RulesScreen)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        every = len(screen.values)
        await pilot.press("f")  # unknown or provisional only
        assert 0 < len(screen.values) < every and all(v.needs_entry for v in screen.values)
        table = screen.query_one(DataTable)
        table.move_cursor(row=_row(screen, "Light Cavalry", "P2 statline"))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EnterValueDialog)
                    and app.screen.query("#enter-value"), "the entry box")
        dialog = app.screen
        dialog.query_one("#enter-value", Input).value = "6 3 2"  # one short: refused, said
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EnterValueDialog)
        assert "4 numbers" in str(dialog.query_one("#enter-problem", Label).render())
        dialog.query_one("#enter-value", Input).value = "M6 F3 A2 D2"
        await pilot.press("enter")
        await shown(pilot, RulesScreen)
        line = app.session.ruleset.element_types["lt_cav"].statlines[2]
        assert line.stats == {"M": 6, "F": 3, "A": 2, "D": 2} and line.source == "entered by you"
        assert personal_rules_path().is_file()
        assert [la.role for la in app.session.report.rules_layers] == [
            "your rulebook (personal rules)"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert 2 not in app.session.ruleset.element_types["lt_cav"].statlines
        assert not personal_rules_path().exists()


async def test_adding_an_unknown_statline_asks_once_and_fills_it(tmp_path):
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        session = app.session
        element = ed.default_element(session.ruleset, session.roster, "lt_cav", 2)
        session.commit(ed.add_element(session.roster, element), "add")
        app.home._element_added(element.id)
        await until(pilot, lambda: isinstance(app.screen, EnterValueDialog)
                    and app.screen.query("#enter-value"), "asked once")
        app.screen.query_one("#enter-value", Input).value = "6 3 2 2"
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, EnterValueDialog), "entered")
        assert session.roster.element(element.id).stats == {"M": 6, "F": 3, "A": 2, "D": 2}
        assert not any(f.code.startswith("stat-") for f in session.report.all_findings)
        # the next Light Cavalry takes it at once: nothing to ask
        other = ed.default_element(session.ruleset, session.roster, "lt_cav", 2)
        assert other.stats == {"M": 6, "F": 3, "A": 2, "D": 2}


async def test_unknown_upgrade_cost_asks_once_and_skip_writes_nothing(tmp_path):
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        session = app.session
        element = ed.default_element(session.ruleset, session.roster, "mech", 2)
        element = element.model_copy(update={"stats": {"M": 3, "F": 3, "A": 3, "D": 3}})
        session.commit(ed.add_element(session.roster, element), "add")
        app.home.open_element_editor(element.id, "upgrades")
        await until(pilot, lambda: isinstance(app.screen, ElementEditorScreen)
                    and app.screen.query("UpgradePicker"), "the editor")
        app.screen._step_upgrade("agile_frame", 1)
        await until(pilot, lambda: isinstance(app.screen, EnterValueDialog)
                    and app.screen.query("#enter-value"), "asked once")
        await pilot.press("escape")  # skip
        await shown(pilot, ElementEditorScreen)
        assert not personal_rules_path().exists()
        assert session.roster.element(element.id).upgrade_count("agile_frame") == 1
        app.screen._step_upgrade("agile_frame", -1)
        await pilot.pause()
        app.screen._step_upgrade("agile_frame", 1)  # not asked twice in a run
        await pilot.pause()
        assert isinstance(app.screen, ElementEditorScreen)


async def test_a_broken_rulebook_is_said_at_start_and_never_blocks(tmp_path, config):
    """A rulebook that does not load: the roster opens with the book data, the dialog names
    the file and line and points to the Rules screen; the file is left as it is."""
    from horizon_builder.tui.common.dialogs import LoadErrorDialog

    config.mkdir(parents=True)
    broken = config / "my-rules.toml"
    broken.write_text("[upgrades.agile_frame]\ncost = -1\n")
    app = HorizonApp(Path(__file__).parent.parent / "examples" / "hvy-cav-battlegroup.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LoadErrorDialog)
                    and app.screen.query("#ok") and app.focused is not None, "the notice shown")
        text = " ".join(str(w.render()) for w in app.screen.query("Static, Label"))
        assert "my-rules.toml" in text and "Rules screen" in text
        assert app.session.roster.elements  # the roster is open
    assert broken.read_text() == "[upgrades.agile_frame]\ncost = -1\n"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_statline_dialog_wraps_its_text(tmp_path, size):
    """Issue 24 item 9: asked for a Lt Cav statline (the core book's, not ours), the dialog's
    notes wrap inside it instead of being cut at its edge."""
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("a", *"lt cav", "enter", "enter")
        dialog = await shown(pilot, EnterValueDialog)
        box = dialog.query_one("#enter-box")
        for label in dialog.query(".dialog-hint").results(Label):
            text = str(label.render())
            assert box.content_region.contains_region(label.region), (label.region, box.region)
            assert label.region.width * label.region.height >= len(text), (label.region, text)
        await pilot.press("escape")


async def test_a_value_entered_with_its_own_source_counts_as_entered(tmp_path):
    """Issue 24 item 1: a value entered with the player's own source ("my core book p.34") is
    counted and shown as entered by you on the Rules screen, not as provisional."""
    app = HorizonApp(tmp_path / "new.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("R")
        screen = await shown(pilot, RulesScreen)
        screen.query_one(DataTable).move_cursor(row=_row(screen, "Light Cavalry", "P2 statline"))
        await pilot.press("enter")
        await shown(pilot, EnterValueDialog)
        app.screen.query_one("#enter-source", Input).value = "my core book p.34"
        app.screen.query_one("#enter-value", Input).value = "M6 F3 A2 D2"
        await pilot.press("enter")
        await shown(pilot, RulesScreen)
        await until(pilot, lambda: screen.values[_row(screen, "Light Cavalry", "P2 statline")]
                    .status == "entered", "the value entered")
        title = str(screen.query_one("#rules-title").render())
        assert "1 entered by you" in title
        value = screen.values[_row(screen, "Light Cavalry", "P2 statline")]
        assert (value.source, value.needs_entry) == ("my core book p.34", False)
