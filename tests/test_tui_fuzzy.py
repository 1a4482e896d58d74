"""Type-to-filter is fuzzy, as the command palette (issue 36 item 9): "mch" finds Mech in Add
element, "aglfrm" the agile frame among the upgrades, "lncrs" the Lancers in the
library; the best match first, its matched letters highlighted, names never read as markup."""

from __future__ import annotations

from pathlib import Path

from helpers_editors import EditorTestApp, new_session
from helpers_tui import SIZE, copy_example, until
from textual.content import Content
from textual.widgets import OptionList

from horizon_builder import editing as ed
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.fuzzy import HIGHLIGHT, MAX_WAYS, Finder
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.editor import UpgradePicker
from horizon_builder.tui.roster.element_editor import ElementEditorScreen
from horizon_builder.tui.sharing.library import LibraryPane, LibraryTable
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog


def highlighted(content: Content) -> str:
    """The letters of ``content`` shown with the match highlight."""
    plain = content.plain
    return "".join(plain[span.start:span.end] for span in content.spans
                   if str(span.style) == HIGHLIGHT)


def test_the_finder_matches_letters_in_order_and_ranks_closer_matches_first() -> None:
    finder = Finder("mch")
    assert finder.score("Mech") > 0 and finder.score("Heavy Cavalry") == 0
    assert Finder("mech").score("Mech") > Finder("mech").score("Metaformer Chassis")  # whole first
    assert highlighted(finder.label("Mech", finder.match("Mech")[1])) == "Mch"
    assert Finder("").match("anything") == (1.0, ())
    assert Finder("not legal").score("Ann", words="ann's list not legal") > 0  # whole words
    label = Finder("x").label("[b]x[/b]", Finder("x").match("[b]x[/b]")[1])
    assert label.plain == "[b]x[/b]"  # a name is never markup


def test_a_name_of_one_letter_many_times_is_matched_at_once(monkeypatch) -> None:
    """A stranger's list named "e-e-e-…" in the library: Textual's search would try every way
    the letters fall (C(100, 8) here); past MAX_WAYS the first way is taken and scored, and
    Textual's search is never asked."""
    finder = Finder("eeeeeeee")

    def every_way(*args: object) -> None:
        raise AssertionError("Textual's search was asked to try every way")

    monkeypatch.setattr(finder._matcher.fuzzy_search, "_match", every_way)
    assert MAX_WAYS < 100 ** 8
    score, offsets = finder.match("e-" * 100)
    assert score > 0 and list(offsets) == list(range(0, 16, 2))
    assert Finder("eeeeeeez").score("e-" * 100) == 0


async def test_add_element_finds_mech_by_mch_and_highlights_it() -> None:
    session = new_session()
    app = EditorTestApp(session, AddElementScreen)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press(*"mch")
        await pilot.pause()
        box = app.screen.query_one("#add-types", OptionList)
        enabled = [o for o in box.options if not o.disabled]
        assert enabled and enabled[0].id == "mech", [o.id for o in box.options]
        assert box.highlighted_option is not None and box.highlighted_option.id == "mech"
        assert highlighted(enabled[0].prompt).startswith("Mch")
        await pilot.press("enter", "enter")  # the kind, then its P
        await pilot.pause()
    assert [e.type for e in session.roster.elements] == ["mech"]


async def test_the_upgrade_search_is_fuzzy_and_ranked() -> None:
    session = new_session()
    element = ed.default_element(session.ruleset, session.roster, "mech", 2)
    session.commit(ed.add_element(session.roster, element), "add")
    app = EditorTestApp(session, lambda: ElementEditorScreen(element.id, "upgrades"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        picker = app.screen.query_one(UpgradePicker)
        picker.focus()
        await pilot.press(*"aglfrm")
        await until(pilot, lambda: "agile_frame" in picker.rows, "the search")
        rows = [o for o in picker.options if o.id in picker.rows]
        assert rows[0].id == "agile_frame", [o.id for o in rows]
        assert highlighted(rows[0].prompt) == "Aglfrm"


async def test_the_library_search_is_fuzzy_ranked_and_highlighted(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    for name in ("hvy-cav-battlegroup.toml", "needs-fixing.toml", "tournament-task-force.toml"):
        copy_example(folder, name)
    app = HorizonApp(folder / "needs-fixing.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, OpenRosterDialog), "the Open dialog")
        await pilot.press("ctrl+l")
        await until(pilot, lambda: bool(app.screen.query(LibraryPane)), "the library")
        pane = app.screen.query_one(LibraryPane)
        await until(pilot, lambda: len(pane.entries) == 3, "the folder read")
        await pilot.press(*"lncrs")
        table = pane.query_one(LibraryTable)
        await until(pilot, lambda: table.row_count == 1, "one match")
        name = table.get_row_at(0)[0]
        assert name.plain == "3rd Lancers Battlegroup"
        assert "".join(name.plain[s.start:s.end] for s in name.spans) == "Lncrs"
