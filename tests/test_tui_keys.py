"""Keys that do what the screen says, however fast they are typed (issue 15, items 8 and 12).

``burst`` puts every key in the app's queue before the app reads the first one: a
player typing ahead, or keys pasted, with no pause at all between them (Pilot's own
``press`` waits between keys, which hides keys lost while a screen opens).
"""

from __future__ import annotations

import contextlib
import re
from weakref import WeakSet

import pytest
from helpers_tui import SIZE, example, home, notices, shown, table, until
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList

from horizon_builder import editing as ed
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.help import HelpScreen
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.count_dialog import CountDialog
from horizon_builder.tui.roster.editor import UpgradePicker
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.roster.settings import SettingsScreen
from horizon_builder.tui.sharing.export import ExportScreen

HVY_CAV = "hvy-cav-battlegroup.toml"


@pytest.fixture(autouse=True)
def _patient(monkeypatch):
    """A loaded machine may take seconds to settle a screen: the keys are held as long (the
    tests check the settling, not the safety valve that gives keys after MAX_HOLD)."""
    from horizon_builder.tui import typeahead

    monkeypatch.setattr(typeahead, "MAX_HOLD", 60.0)


#: apps with keys of a burst still in their queue (not yet read: held or given)
_reading: WeakSet[HorizonApp] = WeakSet()


def burst(app: HorizonApp, *keys: str) -> None:
    """Queue every key at once, as a terminal delivers keys typed faster than the app reads;
    a callback queued after them says when the app has read them all."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
    _reading.add(app)
    app.call_later(_reading.discard, app)


async def settle(pilot: Pilot, app: HorizonApp) -> None:
    def handled() -> bool:
        unread = app in _reading
        return not unread and not app.typeahead._held and app.typeahead.screen_settled()

    await until(pilot, handled, "keys handled")
    await pilot.pause()
    assert app.typeahead.keys_forced == 0, "a key was given before the screen settled"


async def opened(pilot: Pilot) -> HorizonApp:
    app = pilot.app
    assert isinstance(app, HorizonApp)
    await until(pilot, lambda: app.loaded, "the roster")
    await pilot.pause()
    return app


# --- item 8: Enter after a Presence adds; keys pressed while a screen opens --------------------
async def test_add_element_typed_without_a_pause() -> None:
    """a, a filter, Enter, a Presence and Enter, all at once: the element is added at that P."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        before = len(app.session.roster.elements)
        burst(app, "a", *"mech", "enter", "3", "enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, AddElementScreen)
        elements = app.session.roster.elements
        assert len(elements) == before + 1
        assert (elements[-1].type, elements[-1].presence) == ("mech", 3)
        assert app.session.undo_label == f"add {elements[-1].name}"


async def test_enter_after_typing_a_presence_adds_at_once() -> None:
    """One Enter, not two: the digits typed are the Presence the element is added at."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        await pilot.press("a")
        await shown(pilot, AddElementScreen)
        await pilot.press(*"mech", "enter")
        await pilot.press("2", "enter")  # Pilot waits between keys; Enter within the second
        await settle(pilot, app)
        assert not isinstance(app.screen, AddElementScreen)
        assert app.session.roster.elements[-1].presence == 2


@pytest.mark.parametrize(("typed", "kind", "presence"),
                         [("mech", "mech", 1), ("heavy infantry", "hvy_inf", 2)],
                         ids=["variable-P", "fixed-P"])
async def test_a_fixed_p_kind_takes_the_same_keys_to_add(typed: str, kind: str,
                                                         presence: int) -> None:
    """Issue 33 item 9: the filter, Enter (the kind), Enter (add) for every kind: a kind of
    fixed P shows its P as a variable one does, and the second Enter adds it (it was added
    on the first, and the second then opened the element editor on the roster)."""
    from horizon_builder.tui.roster.home import RosterScreen

    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        before = len(app.session.roster.elements)
        await pilot.press("a")
        screen = await shown(pilot, AddElementScreen)
        await pilot.press(*typed, "enter")
        await pilot.pause()
        assert app.screen is screen and screen.focused is screen.query_one("#add-presence")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, RosterScreen)
        elements = app.session.roster.elements
        assert len(elements) == before + 1
        assert (elements[-1].type, elements[-1].presence) == (kind, presence)


async def test_keys_typed_while_the_add_dialog_opens_go_to_its_filter() -> None:
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        burst(app, "a", *"kaiju")
        await settle(pilot, app)
        assert isinstance(app.screen, AddElementScreen)
        assert app.screen.query_one("#add-filter", Input).value == "kaiju"


async def test_keys_typed_while_the_editor_opens_act_in_it() -> None:
    """Enter opens the element editor; ↓ and + pressed at once take the first upgrade offered
    (the list opens with nothing highlighted: ↓ highlights the first)."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        warden = next(e for e in app.session.roster.elements if e.name == "Warden")
        element_id = warden.id
        before = len(warden.upgrades)
        burst(app, *["down"] * app.session.roster.elements.index(warden), "enter", "down", "plus")
        await settle(pilot, app)
        editor = app.screen_stack[1]
        assert isinstance(editor, ElementEditorScreen) and editor.element_id == element_id
        assert editor.focused is editor.query_one(UpgradePicker)
        taken = app.session.roster.element(element_id).upgrades  # type: ignore[union-attr]
        assert len(taken) == before + 1, app.session.undo_label
        assert app.session.undo_label is not None and ": take " in app.session.undo_label


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_two_enters_never_take_an_upgrade_nobody_chose(size) -> None:
    """Issue 24 item 5: Enter opens the editor on its upgrade list with nothing highlighted, so
    a second Enter (or +) at once takes nothing; ↓ then highlights the first upgrade offered."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=size) as pilot:
        app = await opened(pilot)
        before = app.session.roster
        warden = next(e for e in before.elements if e.name == "Warden")  # has upgrades to take
        burst(app, *["down"] * before.elements.index(warden), "enter", "enter", "plus")
        await settle(pilot, app)
        editor = app.screen
        assert isinstance(editor, ElementEditorScreen)
        picker = editor.query_one(UpgradePicker)
        assert editor.focused is picker and picker.highlighted is None
        assert app.session.roster is before
        await pilot.press("down")
        assert picker.current is not None and picker.current.allowed


async def test_the_added_toast_says_enter_edits_only_when_it_does(tmp_path) -> None:
    """Issue 24 item 5: an element whose statline is asked at once (a Lt Cav, its statline in
    the core book only) is added with a toast that does not promise "Enter edits it" (Enter
    answers the question); skipped, the roster's table has the focus and Enter edits it."""
    from horizon_builder.tui.rules.value_dialog import EnterValueDialog

    async with HorizonApp(tmp_path / "new.toml").run_test(size=(80, 24)) as pilot:
        app = await opened(pilot)
        messages = notices(app)
        await pilot.press("a")
        await shown(pilot, AddElementScreen)
        await pilot.press(*"lt cav", "enter", "enter")  # the kind, then add (its P is fixed)
        await shown(pilot, EnterValueDialog)
        assert messages and messages[-1] == "Added Lt Cav 1.", messages
        await pilot.press("escape")  # skip: the book is not at hand
        await shown(pilot, type(home(app)))
        assert app.screen.focused is table(app)
        await pilot.press("enter")
        editor = await shown(pilot, ElementEditorScreen)
        assert editor.element_id == app.session.roster.elements[0].id


async def test_escape_then_keys_at_once_act_on_home() -> None:
    """Closing a screen and going on at once: the next key acts on the screen shown again."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        burst(app, "enter", "escape", "down", "enter")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ElementEditorScreen)
        assert screen.element_id == app.session.roster.elements[1].id
        assert home(app).table.cursor_row == 1


# --- item 8: the command screen opens on the chosen Mech CHQ ------------------------------------
async def test_command_screen_highlights_the_chosen_mech_chq() -> None:
    """The Mech CHQ and the mech that is it are highlighted on opening; Enter on the command
    goes on to who leads, and Enter there chooses at once (OtH p.42)."""
    async with HorizonApp(example("oth-weird-mech-chq.toml")).run_test(size=(80, 24)) as pilot:
        app = await opened(pilot)
        burst(app, "c")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, CommandScreen)
        options = screen.query_one("#cmd-options", OptionList)
        leads = screen.query_one("#cmd-elements", OptionList)
        assert screen.focused is options
        assert options.highlighted_option is not None and options.highlighted_option.id == "mech_chq"
        assert leads.highlighted_option is not None and leads.highlighted_option.id == "m1"
        burst(app, "enter", "down", "enter")
        await settle(pilot, app)
        assert screen.focused is leads
        assert app.session.roster.command.element == "m2"
        assert app.session.undo_label == "command: Blitzkrabbe leads"


async def test_command_screen_offers_the_first_mech_when_none_leads_yet() -> None:
    """A Mech CHQ with no mech chosen: the screen opens on who leads with the first mech that
    may highlighted and in view (80×24), so Enter chooses it."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=(80, 24)) as pilot:
        app = await opened(pilot)
        session = app.session
        session.commit(ed.choose_command(session.ruleset, session.roster, "mech_chq"), "mech")
        burst(app, "c")
        await settle(pilot, app)
        leads = app.screen.query_one("#cmd-elements", OptionList)
        assert app.screen.focused is leads
        warden = next(e for e in session.roster.elements if e.name == "Warden")
        assert leads.highlighted_option is not None and leads.highlighted_option.id == warden.id
        region = leads.scrollable_content_region
        line = leads._index_to_line[leads.highlighted]  # the row is scrolled into view
        assert leads.scroll_y <= line < leads.scroll_y + region.height
        burst(app, "enter")
        await settle(pilot, app)
        assert session.roster.command.element == warden.id


# --- item 12: undo keeps the cursor where the edit was -----------------------------------------
async def test_undo_and_redo_put_the_cursor_on_the_element_edited() -> None:
    """An edit to the sixth element, the cursor moved to the top: undo and redo each put the
    cursor back on that element (by identity: after a reorder it is found where it now is)."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        warden = app.session.roster.elements[5]
        burst(app, *["down"] * 5, "enter")
        await settle(pilot, app)
        editor = app.screen
        assert isinstance(editor, ElementEditorScreen) and editor.element_id == warden.id
        await pilot.click("#ed-name")
        burst(app, "end", *" Mk II", "enter", "escape")
        await settle(pilot, app)
        assert app.session.roster.elements[5].name == "Warden Mk II"
        sprite = app.session.roster.elements[6]
        burst(app, "down", "left_square_bracket")  # Sprite moved above the Warden
        await settle(pilot, app)
        assert [e.id for e in app.session.roster.elements][5:7] == [sprite.id, warden.id]
        burst(app, "ctrl+z")  # undo the move: the cursor goes down with Sprite
        await settle(pilot, app)
        assert table(app).selected_element_id == sprite.id and table(app).cursor_row == 6
        burst(app, "home", "ctrl+z")  # undo the rename: on the Warden
        await settle(pilot, app)
        assert app.session.roster.element(warden.id).name == "Warden"  # type: ignore[union-attr]
        assert table(app).selected_element_id == warden.id
        burst(app, "home", "ctrl+y")  # redo the rename
        await settle(pilot, app)
        assert table(app).selected_element_id == warden.id


async def test_undo_of_a_delete_puts_the_cursor_on_the_element_back() -> None:
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        third = app.session.roster.elements[2]
        burst(app, "down", "down", "delete")
        await settle(pilot, app)
        burst(app, "enter")  # Enter answers the question on the detail line
        await settle(pilot, app)
        assert app.session.roster.element(third.id) is None
        burst(app, "end", "ctrl+z")
        await settle(pilot, app)
        assert table(app).selected_element_id == third.id


async def test_home_and_end_in_the_element_list() -> None:
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        burst(app, "end")
        await settle(pilot, app)
        assert table(app).cursor_row == len(app.session.roster.elements) - 1
        burst(app, "home")
        await settle(pilot, app)
        assert table(app).cursor_row == 0


# --- item 12: toasts never cover buttons ---------------------------------------------------------
def _covered_buttons(app: HorizonApp) -> list[str]:
    """Buttons on screen that a notification (toast) sits over."""
    def shown(widget: Widget) -> Region:  # the part in view (the rack may hold more)
        geometry = app.screen.find_widget(widget)
        return geometry.region.intersection(geometry.clip)

    toasts = [r for r in (shown(t) for t in app.screen.query("Toast")) if r.area]
    assert toasts, "no toast on screen"
    buttons = [b for b in app.screen.query(Button) if b.display and b.region.area]
    return [str(b.label) for b in buttons if any(t.overlaps(shown(b)) for t in toasts)]


async def _two_toasts_cover(pilot: Pilot, app: HorizonApp) -> list[str]:
    for _ in range(2):  # two at once, as after a quick second action
        app.notify("A notification long enough to wrap onto a second line in the narrow "
                   "terminal, as the warnings about limits do.", timeout=30)
    await until(pilot, lambda: len(app.screen.query("Toast")) == 2, "the toasts")
    await pilot.pause()
    covered = _covered_buttons(app)
    app.clear_notifications()
    return covered


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_toasts_never_cover_buttons(size: tuple[int, int]) -> None:
    """A notification on each screen with buttons (the editor of a metaformer, Add element,
    Settings, the count of copies, Export, Help) is shown where no button is."""
    async with HorizonApp(example("oth-metaformers.toml")).run_test(size=size,
                                                                 notifications=True) as pilot:
        app = await opened(pilot)
        shifter = next(e for e in app.session.roster.elements if e.forms)
        table(app).select_key(shifter.id)
        for opening, expect in (("enter", ElementEditorScreen), ("a", AddElementScreen),
                                ("s", SettingsScreen), ("D", CountDialog),
                                ("x", ExportScreen), ("f1", HelpScreen)):
            burst(app, opening)
            await settle(pilot, app)
            assert isinstance(app.screen, expect)
            if expect is ElementEditorScreen:
                for _ in range(12):  # an upgrade it may take: its − / + buttons shown
                    if any(b.display for b in app.screen.query("#ed-detail-row Button")):
                        break
                    burst(app, "down")
                    await settle(pilot, app)
                assert any(b.display for b in app.screen.query("#ed-detail-row Button"))
                assert await _two_toasts_cover(pilot, app) == []
                burst(app, "right_square_bracket")  # a form shown: its Remove form button too
                await settle(pilot, app)
                assert app.screen.query_one("#ed-remove-form", Button).display
            assert await _two_toasts_cover(pilot, app) == [], expect.__name__
            burst(app, "escape")
            await settle(pilot, app)


# --- item 12: type to search in the upgrade list ---------------------------------------------------
async def test_typing_in_the_upgrade_list_searches_it() -> None:
    """Letters typed in the editor's upgrade list keep the upgrades whose names hold them (said
    in the list's border); Backspace takes one back; Esc clears the search, a second Esc goes
    back. Letters the app binds elsewhere (R: the Rules screen) are search letters here."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        warden = next(e for e in app.session.roster.elements if e.name == "Warden")
        burst(app, *["down"] * app.session.roster.elements.index(warden), "enter")
        await settle(pilot, app)
        editor = app.screen
        assert isinstance(editor, ElementEditorScreen)
        picker = editor.query_one(UpgradePicker)
        everything = [o.id for o in picker.options]
        assert picker.border_subtitle == "type to search"
        burst(app, *"ENG")
        await settle(pilot, app)
        assert picker.search == "ENG" and "Search: ENG" in str(picker.border_title)
        listed = [o.id for o in picker.options if not (o.id or "").startswith("kind:")]
        # fuzzy, as the palette (issue 36 item 9): the letters in order, "Engineer" first
        assert listed and all(re.search("e.*n.*g", picker.rows[i].name.lower()) for i in listed)  # type: ignore[index]
        assert listed[0] == "engineer", listed
        assert len(listed) < len(everything)
        burst(app, "backspace", "R")
        await settle(pilot, app)
        assert picker.search == "ENR" and app.screen is editor  # R searched, no Rules screen
        burst(app, "escape")
        await settle(pilot, app)
        assert picker.search == "" and app.screen is editor
        assert [o.id for o in picker.options] == everything
        burst(app, "escape")
        await settle(pilot, app)
        assert app.screen is home(app)


async def test_upgrade_search_then_plus_takes_the_upgrade_found() -> None:
    """Search, then + takes the upgrade found (the detail row follows the search)."""
    async with HorizonApp(example("oth-weird-mech-chq.toml")).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        burst(app, "down", "enter")  # Blitzkrabbe, a mech
        await settle(pilot, app)
        picker = app.screen.query_one(UpgradePicker)
        allowed = [r for r in picker.rows.values() if r.allowed and not r.taken]
        target = allowed[-1]
        burst(app, *target.name.split()[0].lower())
        await settle(pilot, app)
        assert picker.current is not None
        detail = str(app.screen.query_one("#ed-detail").render())
        assert picker.current.name in detail
        if picker.current.id != target.id:  # more than one found: go down to it
            burst(app, *["down"] * [o.id for o in picker.options].index(target.id))
            await settle(pilot, app)
        assert picker.current is not None and picker.current.id == target.id
        before = app.session.roster.element("m2").upgrades  # type: ignore[union-attr]
        burst(app, "plus")
        await settle(pilot, app)
        assert app.session.undo_label == f"Blitzkrabbe: take {target.name}"
        assert len(app.session.roster.element("m2").upgrades) == len(before) + 1  # type: ignore[union-attr]


async def test_a_presence_out_of_bounds_is_corrected_not_added() -> None:
    """P9 typed for a mech (P1-3): set to 3 and said; Enter again adds it."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = await opened(pilot)
        before = len(app.session.roster.elements)
        burst(app, "a", *"mech", "enter", "9", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, AddElementScreen)
        assert app.screen.query_one("#add-presence").value == 3
        assert len(app.session.roster.elements) == before
        burst(app, "enter")
        await settle(pilot, app)
        assert app.session.roster.elements[-1].presence == 3


async def test_keys_typed_while_the_roster_opens_are_kept() -> None:
    """Keys pressed as the app starts, before the roster is open, act once it is."""
    async with HorizonApp(example(HVY_CAV)).run_test(size=SIZE) as pilot:
        app = pilot.app
        assert isinstance(app, HorizonApp)
        loaded_before = app.loaded
        burst(app, "a", *"kaiju")
        await until(pilot, lambda: app.loaded, "the roster")
        await settle(pilot, app)
        assert isinstance(app.screen, AddElementScreen), loaded_before
        assert app.screen.query_one("#add-filter", Input).value == "kaiju"


async def test_a_key_whose_handling_fails_lets_the_held_keys_after_it_go() -> None:
    """The type-ahead gives held keys one at a time; when giving one raises (an error the
    app's guard then reports), the keys held after it are still given, not kept until some
    later key comes (issue 44: the guard keeps the app going, so nothing else would)."""
    from horizon_builder.tui.typeahead import TypeAhead

    class Quiet:  # what the type-ahead reads of an app: a settled screen, a queue of callbacks
        is_running = True
        message_queue_size = 0
        later: list = []  # noqa: RUF012

        @property
        def screen(self) -> None:
            raise LookupError("no screen: settled")

        def call_later(self, callback) -> bool:  # type: ignore[no-untyped-def]
            self.later.append(callback)
            return True

        set_timer = None

    given: list[str] = []

    async def give(event: events.Event) -> None:
        assert isinstance(event, events.Key)
        if event.key == "x":
            raise RuntimeError("this key's handler failed")
        given.append(event.key)

    app = Quiet()
    typeahead = TypeAhead(app, give)  # type: ignore[arg-type]
    typeahead._held.extend([events.Key("x", "x"), events.Key("y", "y"), events.Key("z", "z")])
    app.later.append(typeahead._release)
    while app.later:
        with contextlib.suppress(RuntimeError):
            await app.later.pop(0)()
    assert given == ["y", "z"] and not typeahead._held
