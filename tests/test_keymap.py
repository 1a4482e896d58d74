"""Keys remapped in prefs.toml and the theme remembered (issue 27 item 11): bindings have ids,
``[keymap]`` maps them to the user's keys, the help screen lists them, and a theme chosen in
the palette is kept for the next run."""

from __future__ import annotations

from pathlib import Path

import tomli_w
from helpers_told import Told
from helpers_tui import SIZE, copy_example, shown, until
from hypothesis import given, settings
from hypothesis import strategies as st

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.help import HelpScreen
from horizon_builder.tui.keymap import binding_ids, keymap_problems, remappable
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.userfiles.prefs import keymap_pref, pref, prefs_path


def _prefs(**data: object) -> None:
    prefs_path().parent.mkdir(parents=True, exist_ok=True)
    prefs_path().write_text(tomli_w.dumps(data), encoding="utf-8")


def test_every_remappable_binding_has_its_own_id() -> None:
    ids = [b.id for _, bindings in remappable() for b in bindings]
    assert len(ids) == len(set(ids)) and len(ids) >= 20
    assert {"app.save", "app.undo", "roster.add", "roster.export", "export.copy", "open.library"} <= set(ids)


def test_the_keymap_is_read_and_bad_entries_are_left_out_and_said() -> None:
    _prefs(keymap={"roster.add": "A", "app.save": "ctrl+s, f2", "roster.edit": 3,
                   "roster.delete": "not a key", "roster.nope": "z"})
    keymap, problems = keymap_pref()
    assert keymap == {"roster.add": "A", "app.save": "ctrl+s,f2", "roster.nope": "z"}
    assert len(problems) == 2 and all(str(prefs_path()) in p for p in problems)
    assert any("'roster.edit'" in p and "a string" in p for p in problems)
    assert any("'not a key'" in p for p in problems)
    assert keymap_problems({"app.save": "a"}) == [
        f"{prefs_path()}: [keymap] 'app.save' takes a from “Add” (roster.add), which no longer has it"]
    assert keymap_problems(keymap) == [
        f"{prefs_path()}: [keymap] 'roster.nope' is not a binding id (the help screen, F1, lists "
        "them); left out"]


def test_a_keymap_that_is_not_a_table_is_left_out() -> None:
    _prefs(keymap="A")
    assert keymap_pref()[0] == {} and "must be a table" in keymap_pref()[1][0]


async def test_a_remapped_key_works_and_the_old_one_no_longer_does(tmp_path: Path) -> None:
    _prefs(keymap={"roster.add": "A", "roster.nope": "z"})
    app = HorizonApp(copy_example(tmp_path, "hvy-cav-battlegroup.toml"))
    warnings: list[str] = []
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        warnings += [n.message for n in told]
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, AddElementScreen)  # "a" is free now
        await pilot.press("A")
        await shown(pilot, AddElementScreen)
    assert any("'roster.nope' is not a binding id" in w for w in warnings)  # said, not fatal


async def test_a_key_taken_from_another_binding_is_said_once(tmp_path: Path) -> None:
    _prefs(keymap={"roster.add": "d"})  # d was "Copy" (duplicate the element)
    app = HorizonApp(copy_example(tmp_path, "hvy-cav-battlegroup.toml"))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        # read at once: the warning is said as the roster shows and lasts 10 s, which a loaded
        # machine can spend on the steps below
        said = [n.message for n in told if "takes d from" in n.message]
        count = len(app.session.roster.elements)
        await pilot.press("d")
        await shown(pilot, AddElementScreen)
        assert len(app.session.roster.elements) == count  # not duplicated
    assert len(said) == 1 and "'roster.add' takes d from “Copy” (roster.duplicate)" in said[0]


async def test_the_help_screen_lists_the_ids_and_the_users_keys(tmp_path: Path) -> None:
    _prefs(keymap={"roster.add": "A"})
    app = HorizonApp(copy_example(tmp_path, "hvy-cav-battlegroup.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("f1")
        screen = await shown(pilot, HelpScreen)
        source = screen.query_one("#help-text").source
    assert "## Your keys" in source and str(prefs_path()) in source
    for binding_id in binding_ids():
        assert f"`{binding_id}`" in source
    assert "| the roster | `roster.add` | Add | `A` (yours; default `a`) |" in source
    assert "| the roster | `roster.settings` | Settings | `s` |" in source
    assert "| the roster | `roster.move_down` | Move down | `]` / `shift+down` |" in source


def _first_command(app: HorizonApp) -> str:
    lists = app.screen.query("CommandList")
    if not lists or not lists.first().option_count:
        return ""
    return str(lists.first().get_option_at_index(0).prompt)


async def test_a_theme_chosen_in_the_palette_is_remembered(tmp_path: Path) -> None:
    path = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        app.search_themes()  # the palette's "Change theme"
        await pilot.pause()
        await pilot.press(*"nord")
        await until(pilot, lambda: _first_command(app) == "nord", "nord offered")
        await pilot.press("enter")
        await until(pilot, lambda: app.theme == "nord", "the theme chosen")
        await until(pilot, lambda: pref("theme", "") == "nord", "the theme remembered")
    again = HorizonApp(path)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.loaded, "the roster")
        assert again.theme == "nord"


def test_an_unknown_remembered_theme_falls_back_to_the_default() -> None:
    _prefs(theme="a-theme-of-a-later-version")
    assert HorizonApp(None).theme == "textual-dark"


# (integers TOML holds: one past 64 bits makes the whole prefs file unreadable, set aside
# with a message at start: tests/test_hostile_numbers.py)
_KEYMAP_VALUES = st.one_of(st.text(max_size=20), st.integers(-2**63, 2**63 - 1), st.booleans(),
                           st.lists(st.text(max_size=5), max_size=3),
                           st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2))


@settings(max_examples=80, deadline=None)
@given(table=st.one_of(st.dictionaries(st.text(max_size=20), _KEYMAP_VALUES, max_size=6),
                       _KEYMAP_VALUES))
def test_any_keymap_in_prefs_is_read_without_error(table: object) -> None:
    """Whatever [keymap] holds, the app gets only strings of key names, and each entry left
    out is said once (a preference is never an error)."""
    _prefs(keymap=table)
    keymap, problems = keymap_pref()
    assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in keymap.items())
    if isinstance(table, dict):
        assert len(keymap) + len(problems) == len(table)
    else:
        assert keymap == {} and len(problems) == 1


def test_a_huge_keymap_says_the_first_problems_and_a_count() -> None:
    """100,000 entries blocked q and ctrl+q for 6 s at 888 MB while a toast line per entry
    was built (issue 36 item 7)."""
    from horizon_builder.tui.keymap import FIRST, first_of

    _prefs(keymap={f"x.{i}": ("z" if i % 2 else "not a key") for i in range(20_000)})
    keymap, problems = keymap_pref()
    assert len(problems) == FIRST + 1 and "9,995 more entries" in problems[-1]
    unknown = keymap_problems(keymap)
    assert len(unknown) == FIRST + 1 and "(10,000 in all)" in unknown[-1]
    shown_lines = first_of(problems + unknown)
    assert len(shown_lines) == FIRST + 1 and "(12 in all)" in shown_lines[-1]


async def test_a_huge_keymap_is_one_short_toast_and_quitting_works(tmp_path: Path) -> None:
    _prefs(keymap={f"x.{i}": "z" for i in range(20_000)})
    app = HorizonApp(copy_example(tmp_path, "hvy-cav-battlegroup.toml"))
    told = Told()
    async with app.run_test(size=SIZE, message_hook=told) as pilot:
        await until(pilot, lambda: app.loaded and told, "the roster and its toast")
        [said] = [n.message for n in told if "[keymap]" in n.message]
        assert said.count("\n") <= 6 and "20,000 in all" in said


# --- issue 33 item 9: the palette and the help say the player's keys -----------------------------
def _palette_text(app: HorizonApp) -> str:
    from textual.command import CommandList

    lists = app.screen.query(CommandList)
    if not lists:
        return ""
    box = lists.first()
    return "\n".join(str(box.get_option_at_index(i).prompt) for i in range(box.option_count))


async def test_the_palette_and_the_help_show_the_players_keys(tmp_path: Path) -> None:
    """After a remap the palette's commands and the help's steps and keys table name the
    player's keys, not the defaults (they said "(a)" and "Add elements (`a`)" whatever the
    keymap)."""
    _prefs(keymap={"roster.add": "A", "app.save": "ctrl+s,f2", "roster.settings": "g"})
    app = HorizonApp(copy_example(tmp_path, "hvy-cav-battlegroup.toml"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: "Add element" in _palette_text(app), "the palette's commands")
        text = _palette_text(app)
        assert "Add an element to the force  (A)" in text
        assert "Save the roster to its file  (ctrl+s / f2)" in text
        assert "notes  (g)" in text and "notes  (s)" not in text
        assert "Open the element editor  (Enter or e)" in text  # a key not remapped: its default
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        screen = await shown(pilot, HelpScreen)
        guide = str(screen.query_one("#help-text").source).split("## Your keys")[0]
    assert "1. **Settings** (`g`)" in guide and "2. **Add elements** (`A`)" in guide
    assert "save (`ctrl+s` / `f2`)" in guide and "| `A` | add an element |" in guide
    assert "(`a`)" not in guide and "(`s`)" not in guide and "{" not in guide
