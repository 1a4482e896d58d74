"""The organiser's printouts (issue 33 item 15): the final standings in every format the
standings offer (text, markdown, HTML to print, CSV); slips, sheets and corrections name the
elements benched and destroyed by name, not id; a Swiss event has no Side column (only the
campaign format has sides, OtH p.48), in the printouts and on the Event screen."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from helpers_event import cli, write_lists, write_preset

from horizon_builder.event.io import load_event
from horizon_builder.event.report import FORMATS

# the example Task Force's ids and names (examples/tournament-task-force.toml)
GUARDS, HALBERD = ("hi1", "Meridian Guards"), ("m1", "Halberd")


def night(tmp_path: Path, capsys, names: str = "AB", campaign: bool = False) -> Path:
    """An event of ``names`` (FC 12, three rounds) with round 1 played: each Red commander
    wins 6 to 2 and loses the Meridian Guards (hi1)."""
    lists = write_lists(tmp_path / "lists", names)
    event = tmp_path / "event.toml"
    preset = write_preset(tmp_path / "club.toml")
    assert cli(capsys, "new", str(event), "--preset", str(preset),
               *(["--campaign"] if campaign else []), *map(str, lists))[0] == 0
    cli(capsys, "pair", str(event))
    for battle in load_event(event).event.rounds[0].battles:
        assert cli(capsys, "result", str(event), battle.red, "6", "2", "--destroyed",
                   GUARDS[0])[0] == 0
        assert cli(capsys, "result", str(event), str(battle.blue), "2", "1")[0] == 0
    return event


def test_final_standings_in_every_format(tmp_path, capsys):
    """Before: `--final` refused any --format but text."""
    event = night(tmp_path, capsys)
    red = load_event(event).event.rounds[0].battles[0].red
    outputs = {}
    for fmt in FORMATS:
        status, out, err = cli(capsys, "standings", str(event), "--final", "--format", fmt)
        assert status == 0, (fmt, err)
        outputs[fmt] = out
    assert "Placed by" in outputs["text"] and "not final" in outputs["text"]
    markdown = outputs["markdown"]
    assert markdown.startswith("# Club night: Standings after 1 of 3 rounds (not final")
    assert "| Rank | Commander | VP | Tie-break | FC left | Bye | Placed by |" in markdown
    assert f"| 1 | {red} | 6 | 2 |" in markdown and "- Tie-breaks used: none" in markdown
    page = outputs["html"]
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "<th>Placed by</th>" in page and f"<td>{red}</td><td>6</td>" in page
    rows = list(csv.DictReader(io.StringIO(outputs["csv"])))
    first = rows[0]
    assert (first["table"], first["Rank"], first["Commander"], first["VP"],
            first["Placed by"]) == ("Overall", "1", red, "6", "")
    assert rows[1]["Placed by"] == "victory points"
    # written to a file too, whole
    target = tmp_path / "final.html"
    assert cli(capsys, "standings", str(event), "--final", "--format", "html", "-o",
               str(target))[0] == 0
    assert target.read_text() == page


def test_a_swiss_event_has_no_side_column(tmp_path, capsys):
    """Before: an empty Side column in every format of a Swiss event's standings."""
    event = night(tmp_path, capsys)
    for fmt in FORMATS:
        for final in ((), ("--final",)):
            out = cli(capsys, "standings", str(event), "--format", fmt, *final)[1]
            assert "Side" not in out, (fmt, final)


def test_a_campaign_keeps_its_side_column(tmp_path, capsys):
    event = night(tmp_path, capsys, "ABCDEF", campaign=True)
    text = cli(capsys, "standings", str(event))[1]
    assert "Rank  Commander  Side" in text
    rows = list(csv.DictReader(io.StringIO(cli(capsys, "standings", str(event), "--final",
                                               "--format", "csv")[1])))
    assert {r["Side"] for r in rows} == {"red", "blue"}  # every table, one shape
    assert {r["table"] for r in rows} == {"Overall", "Red side", "Blue side"}


def test_sheets_and_corrections_name_elements_not_ids(tmp_path, capsys):
    """The results sheet names each element destroyed, the slips each element benched, and
    a correction the losses, by name (before: hi1)."""
    event = night(tmp_path, capsys)
    red = load_event(event).event.rounds[0].battles[0].red
    sheet = cli(capsys, "sheet", str(event))[1]
    assert f"table 1, {red} (Red): {GUARDS[1]}" in sheet and " hi1" not in sheet
    status, out, _err = cli(capsys, "result", str(event), red, "7", "2", "--correct",
                            "--destroyed", GUARDS[0], HALBERD[0])
    assert status == 0 and f"now 7 VP, tie-break 2, lost {GUARDS[1]}, {HALBERD[1]}" in out
    standings = cli(capsys, "standings", str(event))[1]
    assert f"was 6 VP, tie-break 2, lost {GUARDS[1]}, now" in standings
    cli(capsys, "pair", str(event))
    slips = cli(capsys, "slips", str(event))[1]
    assert f"benched (destroyed in an earlier round, OtH p.46): {GUARDS[1]}, {HALBERD[1]}" \
        in slips


@pytest.mark.parametrize("campaign", [False, True])
async def test_the_event_screen_shows_a_side_column_only_in_a_campaign(tmp_path, capsys,
                                                                     campaign):
    """The Event screen's standings: no Side column in a Swiss event (before: an empty one);
    its corrections name the elements lost."""
    from helpers_tui import shown
    from textual.widgets import DataTable, Static

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.event.event_screen import EventScreen

    event = night(tmp_path, capsys, "ABCDEF" if campaign else "AB", campaign)
    red = load_event(event).event.rounds[0].battles[0].red
    cli(capsys, "result", str(event), red, "7", "2", "--correct")
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await shown(pilot, EventScreen)
        await pilot.pause()
        table = screen.query_one(DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert ("Side" in labels) == campaign
        assert labels[:2] == ["Rank", "Commander"] and labels[-1] == "Bye"
        rounds = str(screen.query_one("#event-rounds", Static).render())
        assert f"was 6 VP, tie-break 2, lost {GUARDS[1]}, now 7 VP" in rounds
