"""The Campaign screen (Pilot): the campaign of tests/helpers_campaign.py after three games
(the hand-worked figures of tests/test_journey_campaign.py: Di +2 for the Relay station, Ada
+1 for the Bridge, Ben +2 handicap and +1 bonus), then a game recorded with the screen's
keys (a refusal shown in the dialog, what was typed kept), a correction, an undo, a
commander's list opened with the adjusted IR, and a game recorded from the command line
meanwhile (the screen reads it again)."""

from __future__ import annotations

from pathlib import Path

from helpers_campaign import build_campaign
from helpers_screen import screen_text
from helpers_tui import shown, until
from textual.widgets import DataTable, Input, Select, Static

from horizon_builder.campaign.session import CampaignSession
from horizon_builder.cli.main import main
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.campaign.game_dialog import GameDialog
from horizon_builder.tui.campaign.list_dialog import CommanderListDialog
from horizon_builder.tui.campaign.screen import CampaignScreen

SIZE = (120, 40)


def ladder(pilot) -> list[tuple[str, str]]:
    """(commander, IR adjustment) in ladder order."""
    table = pilot.app.screen.query_one("#campaign-ladder", DataTable)
    return [(str(table.get_row_at(i)[1]), str(table.get_row_at(i)[2]))
            for i in range(table.row_count)]


def games(league: Path) -> int:
    return len(CampaignSession.open(league).campaign.games)


async def fill(pilot, values: dict[str, str]) -> GameDialog:
    await pilot.press("r")
    dialog = await shown(pilot, GameDialog)
    for key, value in values.items():
        widget = dialog.query_one(f"#game-{key}")
        if isinstance(widget, Select):
            widget.value = value
        else:
            assert isinstance(widget, Input)
            widget.value = value
    await pilot.pause()
    return dialog


async def test_a_campaign_on_the_screen(tmp_path: Path) -> None:
    league = build_campaign(tmp_path)
    app = HorizonApp(start=("campaign", league, None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await shown(pilot, CampaignScreen)
        await until(pilot, lambda: len(ladder(pilot)) == 4, "the ladder")
        assert ladder(pilot) == [("Di", "+2"), ("Ada", "+1"), ("Ben", "+3"), ("Cy", "+0")]

        # both still have momentum: refused in the dialog, nothing written
        dialog = await fill(pilot, {"first": "Ada", "first-start": "19", "first-left": "3",
                                    "second": "Di", "second-start": "16", "second-left": "2",
                                    "second-lost": "Old Gnasher"})
        await pilot.press("enter")
        await until(pilot, lambda: "both commanders still have momentum" in
                    str(dialog.query_one("#game-problem").render()), "the refusal")
        assert games(league) == 3 and app.screen is dialog
        dialog.query_one("#game-second-left", Input).value = "0"
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and games(league) == 4, "recorded")
        await until(pilot, lambda: ladder(pilot)[0] == ("Ada", "+0"), "the new ladder")
        assert "Game 4: Ada beat Di, Marginal (3 of 19 momentum left)" in str(
            screen.query_one("#campaign-games", Static).render())

        # c corrects the last game (the dialog opens on it); the old record is kept
        await pilot.press("c")
        dialog = await shown(pilot, GameDialog)
        assert dialog.query_one("#game-first-left", Input).value == "3"
        assert dialog.query_one("#game-second-lost", Input).value == "k1"  # kept by id
        dialog.query_one("#game-first-left", Input).value = "10"
        await pilot.press("enter")
        await until(pilot, lambda: len(CampaignSession.open(league).campaign.corrections) == 1,
                    "corrected")
        assert "Utter (10 of 19" in str(screen.query_one("#campaign-games", Static).render())

        # u takes the correction back
        await pilot.press("u")
        await until(pilot, lambda: not CampaignSession.open(league).campaign.corrections,
                    "undone")

        # o: Ben's list with the campaign's adjustment: base -3, +3 = +0 Very good
        table = screen.query_one(DataTable)
        table.move_cursor(row=[n for n, _ in ladder(pilot)].index("Ben"))
        await pilot.press("o")
        shown_list = await shown(pilot, CommanderListDialog)
        text = str(shown_list.query_one("#list-text", Static).render())
        assert "IR -3 +3 (handicap +2, bonus +1) = +0 Very good" in text
        assert "Well disposed" in text
        await pilot.press("escape")

        # another writer: a game recorded from the command line shows on the screen
        assert main(["campaign", "record", str(league), "Cy", "16", "4", "Ben", "14",
                     "0"]) == 0
        await until(pilot, lambda: "Game 5: Cy beat Ben" in str(
            screen.query_one("#campaign-games", Static).render()), "read again")
        # undo takes back the newest change, the command line's (it loses nothing after it)
        await pilot.press("u")
        await until(pilot, lambda: games(league) == 4, "the command line's game undone")
        # a change by hand after it: undo refuses, nothing written
        league.write_text(league.read_text() + "# by hand\n")
        await until(pilot, lambda: "Game 5" not in str(
            screen.query_one("#campaign-games", Static).render()), "read again")
        before = league.read_bytes()
        await pilot.press("u")
        await pilot.pause()
        assert league.read_bytes() == before


def screen_lines(app: HorizonApp) -> list[str]:
    """The screen as plain text, line by line (what the player sees)."""
    return screen_text(app)


async def test_the_ladder_fits_80_columns(tmp_path: Path) -> None:
    """At 80x24 every column of the ladder is on screen, Margins included, none off to the
    side (short headings there: the book's at 120)."""
    league = build_campaign(tmp_path)
    for size, headings in (((80, 24), ("#", "Commander", "IR adj", "Hcap", "Bonus", "Games",
                                       "Won", "Lost", "Stale", "TB", "Margins")),
                           ((120, 40), ("Rank", "Commander", "IR adj.", "Handicap", "Bonus",
                                        "Games", "Won", "Lost", "Stalemate", "Tie-break",
                                        "Margins"))):
        app = HorizonApp(start=("campaign", league, None))
        async with app.run_test(size=size) as pilot:
            screen = await shown(pilot, CampaignScreen)
            await until(pilot, lambda: len(ladder(pilot)) == 4, "the ladder")
            await pilot.pause()
            table = screen.query_one("#campaign-ladder", DataTable)
            assert table.virtual_size.width <= table.scrollable_content_region.width
            assert not table.show_horizontal_scrollbar
            header = next(line for line in screen_lines(app) if "Commander" in line)
            header = header.replace("▌", " ")  # the focus mark drawn over the table's left pad
            assert header.rstrip().endswith("Margins")
            place = 0
            for heading in headings:  # each one whole, in order
                place = header.index(f" {heading} ", place) + len(heading)
            di = next(line for line in screen_lines(app) if " Di " in line)
            assert di.split()[-2:] == (["Utt", "1"] if size[0] == 80 else ["Utter", "1"])


async def test_a_commanders_list_as_the_campaign_plays_it(tmp_path: Path) -> None:
    """Issue 34 items 4 and 5 in the app. o on the Campaign screen, then Open in the
    editor, opens Ben's list in the editor: the totals give his base IR, the campaign's
    adjustment and the IR played with and its band (OtH p.50: -3 +3 = +0 Very good, well
    disposed), as `adventure --campaign` does; each element's row its service record (Ben
    fought games 1 and 3 and lost sf1 and li1 in game 1, hi1 in game 3). A renamed element
    keeps its record. Di's list opened another way (Open) is hers: +0 +2 = +2 Excellent,
    one extra deployment space (OtH p.50: 2 spaces where the list alone has 1); a list of
    no commander is shown as it is."""
    from helpers_tui import example, table, totals

    from horizon_builder.editing.elements import set_name
    from horizon_builder.roster.models import Roster

    league = build_campaign(tmp_path)
    app = HorizonApp(start=("campaign", league, None))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, CampaignScreen)
        await until(pilot, lambda: len(ladder(pilot)) == 4, "the ladder")
        screen.query_one(DataTable).move_cursor(row=[n for n, _ in ladder(pilot)].index("Ben"))
        await pilot.press("o")  # (e opens it at once)
        await shown(pilot, CommanderListDialog)
        await pilot.click("#edit")
        await until(pilot, lambda: app.screen is app.home and app.session.path is not None
                    and app.session.path.name == "ben.toml", "Ben's list in the editor")
        await pilot.pause()
        assert "IR +0 Very good (+3)" in screen_lines(app)[1]  # (80 columns: said short)
        assert "IR -3 +3 = +0 Very good" in totals(app)
        tooltip = str(app.home.totals.tooltip)
        assert "Ben in Harbour league: IR adjustment +3 (handicap +2, bonus +1; OtH p.50)" in tooltip
        assert "IR effect: Well disposed" in tooltip

        records = {row.key: row.service for row in table(app).rows_shown if not row.form}
        assert records == {"chq": "2/0", "hc2": "2/0", "hi1": "2/1", "li1": "2/1", "li2": "2/0",
                           "sf1": "2/1", "m1": "2/0", "as1": "2/0"}
        grid = table(app)
        assert grid.virtual_size.width <= grid.scrollable_content_region.width  # all on screen
        assert any(line.rstrip().endswith("Record") for line in screen_lines(app))

        # renamed in the app: the same element, its record kept (by id)
        roster = app.session.roster
        renamed = Roster.model_validate(roster.model_copy(update={"elements": tuple(
            set_name(e, "Flame Troopers") if e.id == "sf1" else e for e in roster.elements)}))
        assert app.home.commit(renamed, "rename")
        await until(pilot, lambda: any(r.name == "Flame Troopers" for r in table(app).rows_shown),
                    "renamed")
        row = next(r for r in table(app).rows_shown if r.key == "sf1")
        assert row.name == "Flame Troopers" and row.service == "2/1"
        table(app).select_key("sf1")
        await pilot.pause()
        assert app.home.detail_text.endswith("in Harbour league: 2 battles, destroyed 1")

        # another commander's list opened another way: the app knows the campaign
        assert app.files.open_roster(tmp_path / "di.toml")
        await until(pilot, lambda: "= +2 Excellent" in totals(app), "Di's list")
        assert "IR +0 +2 = +2 Excellent" in totals(app) and "Deploy 2 spaces" in totals(app)

        # a game recorded on the Campaign screen meanwhile: back on the list, it is shown
        from horizon_builder.campaign.session import SideEntry
        from horizon_builder.tui.campaign.opening import open_campaign

        open_campaign(app, league)
        screen = await shown(pilot, CampaignScreen)
        await until(pilot, lambda: len(ladder(pilot)) == 4, "the ladder")
        assert screen.session is not None
        screen.session.record(SideEntry("Ada", 19, 5), SideEntry("Di", 16, 0, ["k1"]))
        await pilot.press("escape")
        await until(pilot, lambda: "IR +0 +0 = +0 Very good" in totals(app), "Di's bonus spent")
        assert next(r.service for r in table(app).rows_shown if r.key == "k1") == "2/1"

        # a list of no commander here: its own figures, no record column
        assert app.files.open_roster(example("oth-weird.toml"))
        await until(pilot, lambda: "IR -3 Poor" in totals(app), "a list of no commander")
        assert "Deploy 1 space" in totals(app)
        assert all(row.service == "" for row in table(app).rows_shown)
        assert not any("Record" in line for line in screen_lines(app)[:4])


async def test_a_list_opened_with_its_campaign_from_the_command_line(
        tmp_path: Path, monkeypatch) -> None:
    """`horizon-builder ben.toml --campaign league.toml`: Ben's list as the campaign plays it;
    a list of no commander there is shown as it is, and the app says so."""
    from helpers_tui import example, notices, table, totals

    from horizon_builder.cli.main import main as cli_main

    league = build_campaign(tmp_path)
    started: list[tuple[object, ...]] = []
    monkeypatch.setattr("horizon_builder.tui.app.run_app",
                        lambda path, overrides, start=None: started.append((path, start)) or 0)
    assert cli_main([str(tmp_path / "ben.toml"), "--campaign", str(league)]) == 0
    assert cli_main(["--campaign", str(league)]) == 0
    assert started == [(tmp_path / "ben.toml", ("played", league, None)),
                       (None, ("campaign", league, None))]

    app = HorizonApp(tmp_path / "ben.toml", start=("played", league, None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "IR -3 +3 = +0 Very good" in totals(app), "as played")
        assert {r.service for r in table(app).rows_shown if not r.form} == {"2/0", "2/1"}
    app = HorizonApp(example("oth-weird.toml"), start=("played", league, None))
    said = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: any("oth-weird.toml is no commander's list in league.toml"
                                       in n for n in said), "said")
        assert "IR -3 Poor" in totals(app)


async def test_a_game_recorded_elsewhere_shows_on_the_open_list(tmp_path: Path) -> None:
    """Ben's list open as the campaign plays it (`ben.toml --campaign league.toml`), the
    Campaign screen never opened: a game recorded meanwhile through the campaign service (as
    `horizon-builder campaign record` does, in another process) shows on the list without
    it: the app looks at the file (a stat every LOOK_SECONDS, and when it regains focus) and
    reads it again. Game 4, Ada beat Ben (OtH p.50): Ben's bonus for the Bridge (game 3)
    lasted one battle; his handicap, +3 as a new commander, shrank by 1 for his victory and
    now by 1 for his third game (games_per_step 3): +1 (IR -3 +1 = -2 Good); he fought game
    4 and lost hc2 there (3/1; the others fought 3, sf1, li1 and hi1 lost once before).
    Then the file is broken by hand: said once (file, what is wrong), the figures as last
    read, marked so; put right, read again, the mark gone."""
    from helpers_tui import notices, table, totals
    from textual import events

    from horizon_builder.campaign.session import SideEntry
    from horizon_builder.tui.campaign.known import LOOK_SECONDS

    league = build_campaign(tmp_path)
    app = HorizonApp(tmp_path / "ben.toml", start=("played", league, None))
    said = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "IR -3 +3 = +0 Very good" in totals(app), "as played")
        assert next(r.service for r in table(app).rows_shown if r.key == "hc2") == "2/0"

        CampaignSession.open(league).record(SideEntry("Ada", 19, 7),
                                            SideEntry("Ben", 17, 0, ["hc2"]))
        await until(pilot, lambda: "IR -3 +1 = -2 Good" in totals(app), "game 4 shown")
        records = {r.key: r.service for r in table(app).rows_shown if not r.form}
        assert records == {"chq": "3/0", "hc2": "3/1", "hi1": "3/1", "li1": "3/1", "li2": "3/0",
                           "sf1": "3/1", "m1": "3/0", "as1": "3/0"}
        assert "Ben in Harbour league: IR adjustment +1 (handicap +1, bonus +0" in str(
            app.home.totals.tooltip)

        good = league.read_text()
        league.write_text(good.replace("[[games]]", "[[games]\n", 1))  # no longer TOML
        await until(pilot, lambda: "campaign as last read" in totals(app), "marked")
        assert "IR -3 +1 = -2 Good" in totals(app)  # the figures as last read
        problems = [n for n in said if "league.toml" in n]
        assert len(problems) == 1 and "as it was last read" in problems[0]
        table(app).select_key("hc2")
        await pilot.pause()
        assert "in Harbour league (as last read): 3 battles, destroyed 1" in app.home.detail_text
        app.post_message(events.AppFocus())  # looked at again, and again: said once
        await pilot.pause(2 * LOOK_SECONDS)
        assert len([n for n in said if "league.toml" in n]) == 1

        league.write_text(good)
        app.post_message(events.AppFocus())
        await until(pilot, lambda: "campaign as last read" not in totals(app), "read again")
        assert "IR -3 +1 = -2 Good" in totals(app)


async def test_coming_back_to_the_app_reads_the_campaign_again(tmp_path: Path,
                                                               monkeypatch) -> None:
    """The app regaining focus looks at the campaign file at once (its regular look made
    an hour apart here, so only the focus can have read it): Ada's list after game 4 (Ada
    beat Ben; the Bridge's +1 of game 1 long spent, OtH p.50: +0), her record one battle
    more."""
    from helpers_tui import table, totals
    from textual import events

    from horizon_builder.campaign.session import SideEntry

    monkeypatch.setattr("horizon_builder.tui.app.LOOK_SECONDS", 3600)
    league = build_campaign(tmp_path)
    app = HorizonApp(tmp_path / "ada.toml", start=("played", league, None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Campaign: Ada in Harbour league" in str(
            app.home.totals.tooltip), "as played")
        before = {r.key: r.service for r in table(app).rows_shown if not r.form}
        shown_before = totals(app)
        CampaignSession.open(league).record(SideEntry("Ada", 19, 7), SideEntry("Ben", 17, 0))
        await pilot.pause(0.5)
        assert totals(app) == shown_before  # (no look yet)
        app.post_message(events.AppFocus())
        await until(pilot, lambda: {r.key: r.service for r in table(app).rows_shown
                                    if not r.form} != before, "read again")
        after = {r.key: r.service for r in table(app).rows_shown if not r.form}
        assert all(int(after[k].split("/")[0]) == int(before[k].split("/")[0]) + 1
                   for k in before)


async def test_a_hostile_campaign_name_in_the_totals_tooltip_is_plain_text(
        tmp_path: Path) -> None:
    """The totals' tooltip names the campaign (and, when the file cannot be read, the file
    and its problem): markup-like text there is shown as typed, never parsed (a name
    `[/x]` made the tooltip raise when shown)."""
    from helpers_tui import totals

    league = build_campaign(tmp_path)
    league.write_text(league.read_text().replace('name = "Harbour league"',
                                                 'name = "[/x] [link=file:///etc]league"'))
    app = HorizonApp(tmp_path / "ben.toml", start=("played", league, None))
    async with app.run_test(size=SIZE, tooltips=True) as pilot:
        await until(pilot, lambda: "IR -3 +3" in totals(app), "as played")
        tip = app.screen.query_one("#textual-tooltip", Static)
        tip.update(app.home.totals.tooltip)  # (as the screen does when it shows the tooltip)
        await pilot.pause()
        assert "Campaign: Ben in [/x] [link=file:///etc]league" in str(tip.visual)
