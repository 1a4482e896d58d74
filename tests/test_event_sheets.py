"""The organiser's printouts (issue 23): a round's pairing slips (table, commanders, sides,
their lists' pins, benched elements, OtH p.46-47) and results sheet, and the final
standings with the tie-breaks used (OtH p.48), from the command line."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.pin import pin, short_pin

TASK_FORCE = (Path(__file__).parent.parent / "examples" / "tournament-task-force.toml").read_text()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """Lists for Ann, Bob, Cat, Dan and Eve (the same Task Force each), a club preset."""
    lists = tmp_path / "lists"
    lists.mkdir()
    for n in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        (lists / f"{n}.toml").write_text(TASK_FORCE.replace(
            'name = "Red Meridian Task Force"', f'name = "TF {n}"\ncommander = "{n}"'))
    (tmp_path / "club-preset.toml").write_text('[event]\nname = "Club"\nforce_cost = 12\n')
    return tmp_path


def _event(club: Path, names: str = "Ann Bob Cat Dan", seed: int = 3) -> Path:
    event = club / "club.toml"
    assert main(["event", "new", str(event), "--preset", str(club / "club-preset.toml"),
                 "--seed", str(seed), *(str(club / "lists" / f"{n}.toml")
                                        for n in names.split())]) == 0
    assert main(["event", "pair", str(event)]) == 0
    return event


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["event", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _pin(club: Path, name: str) -> str:
    return short_pin(pin(read_roster(club / "lists" / f"{name}.toml")))


def test_slips_name_table_sides_and_pins(club, capsys):
    """One slip per table: both commanders with side (Red/Blue, OtH p.47), list and pin (from
    the list file: the event holds none), blanks for VP and tie-break points (OtH p.47)."""
    event = _event(club)
    capsys.readouterr()
    status, out, _err = _run(capsys, "slips", str(event))
    assert status == 0
    battles = load_event(event).event.rounds[0].battles
    slips = [s for s in out.split("- - -") if s.strip() and "table" in s]
    assert len(slips) == len(battles) == 2
    for slip, battle in zip(slips, battles, strict=True):
        assert f"Club: round 1, table {battle.table}" in slip
        for side, name in (("Red", battle.red), ("Blue", battle.blue)):
            line = next(x for x in slip.splitlines() if x.strip().startswith(side))
            assert name in line and f"pin {_pin(club, str(name))}" in line
            assert f"lists/{name}.toml" in line
        assert "VP" in slip and "Tie-break" in slip and "____" in slip
    # the slip shows the pin registered; a list edited since says so, with the file's pin now
    edited = club / "lists" / "Ann.toml"
    before = _pin(club, "Ann")
    edited.write_text(edited.read_text().replace('name = "TF Ann"', 'name = "TF Ann 2"'))
    assert _pin(club, "Ann") != before
    out = _run(capsys, "slips", str(event))[1]
    assert f"pin {before}" in out
    assert f"changed since registration: the file's pin is now {_pin(club, 'Ann')}" in out


def test_slips_show_the_bye(club, capsys):
    """Five commanders: the bye has its slip (it scores nothing: our reading)."""
    event = _event(club, "Ann Bob Cat Dan Eve")
    capsys.readouterr()
    status, out, _ = _run(capsys, "slips", str(event))
    bye = next(b for b in load_event(event).event.rounds[0].battles if b.blue is None)
    assert status == 0 and f"{bye.red} has the bye (no opponent; scores nothing) this round" in out
    assert "round 1, no table\n" in out and f"table {bye.table}\n" not in out  # a bye has no table
    status, out, _ = _run(capsys, "sheet", str(event))
    row = next(x for x in out.splitlines() if f" {bye.red} " in f" {x} ")
    assert status == 0 and row.split()[:3] == ["no", "table", bye.red]
    assert row.endswith("(no opponent: the bye)")
    status, out, _ = _run(capsys, "standings", str(event))
    assert f"no table: {bye.red} has the bye (no opponent; scores nothing)" in out


def test_a_commander_named_bye_never_reads_as_the_bye(club, capsys):
    """Issue 36 item 6: "Bye" plays at a table; the bye is said in words no name takes the
    place of, in every printout (pairings, standings in each format, slips, the sheet)."""
    (club / "lists" / "Bye.toml").write_text(TASK_FORCE.replace(
        'name = "Red Meridian Task Force"', 'name = "TF Bye"\ncommander = "Bye"'))
    event = _event(club, "Bye Ann Cat")
    capsys.readouterr()
    battles = load_event(event).event.rounds[0].battles
    holder = next(b.red for b in battles if b.blue is None)
    assert holder != "Bye"  # seed 3: Bye plays
    outputs = [_run(capsys, *args)[1] for args in (
        ["standings", str(event)], ["standings", str(event), "--format", "markdown"],
        ["standings", str(event), "--format", "html"], ["slips", str(event)],
        ["sheet", str(event)], ["sheet", str(event), "--format", "html"])]
    for out in outputs:
        lines = [line for line in re.split(r"\n|</li>|</tr>|</pre>", out) if "Bye" in line or "bye" in line]
        assert lines
        for line in lines:  # a line of the bye names its holder; a line naming "Bye" is a table's
            said_bye = "has the bye" in line or "no opponent" in line
            assert said_bye == (holder in line and "Bye " not in line.replace("TF Bye", "")), line


def test_slips_list_the_elements_benched(club, capsys):
    """In a later round a commander's slip lists the elements destroyed before: benched
    for the rest of the event (OtH p.46)."""
    event = _event(club)
    first = load_event(event).event.rounds[0]
    for battle in first.battles:
        for name in battle.players:
            args = ["--destroyed", "hc1"] if name == battle.red else []
            assert main(["event", "result", str(event), name, "5", "1", *args]) == 0
    assert main(["event", "pair", str(event)]) == 0
    capsys.readouterr()
    status, out, _ = _run(capsys, "slips", str(event))
    reds = {b.red for b in first.battles}
    slips = [s for s in out.split("- - -") if "round 2" in s]
    assert status == 0 and len(slips) == 2
    for slip in slips:
        lines = slip.strip().splitlines()
        for index, line in enumerate(lines):
            if line.startswith(("  Red ", "  Blue ")):
                name = line.split()[1]
                # by name, not id (issue 33 item 15): hc1 is the Meridian Command Tank
                benched = ("benched (destroyed in an earlier round, OtH p.46): Meridian "
                           "Command Tank")
                assert (benched in lines[index + 1]) == (name in reds), slip
    # round 1's slips can still be printed, without anything benched
    status, out, _ = _run(capsys, "slips", str(event), "--round", "1")
    assert status == 0 and "round 1, table" in out and "benched" not in out


def test_results_sheet_fills_in_what_is_entered(club, capsys):
    event = _event(club)
    battle = load_event(event).event.rounds[0].battles[0]
    assert main(["event", "result", str(event), battle.red, "9", "4"]) == 0
    capsys.readouterr()
    status, out, _ = _run(capsys, "sheet", str(event))
    assert status == 0 and "results sheet, round 1 (results to come)" in out
    row = next(x for x in out.splitlines() if x.startswith(f"{battle.table} "))
    cells = row.split()
    assert cells[:5] == [str(battle.table), battle.red, _pin(club, battle.red), "9", "4"]
    assert cells[5:] == [str(battle.blue), _pin(club, str(battle.blue)), "____", "____"]


def _play(event: Path, results: dict[str, tuple[int, int]]) -> None:
    for name, (vp, tb) in results.items():
        assert main(["event", "result", str(event), name, str(vp), str(tb)]) == 0


def test_final_standings_say_which_tie_break_placed_each(club, capsys):
    """Three rounds (the preset's default, OtH p.45), then standings ordered by VP, tie-break
    points, FC left, else drawn (OtH p.48), each row naming what placed it."""
    event = _event(club)
    _play(event, {"Ann": (10, 2), "Bob": (10, 2), "Cat": (4, 6), "Dan": (4, 1)})
    capsys.readouterr()
    status, out, _ = _run(capsys, "standings", str(event), "--final")
    assert status == 0 and "Standings after 1 of 3 rounds (not final: rounds to play)" in out
    for _ in range(2):
        assert main(["event", "pair", str(event)]) == 0
        _play(event, {"Ann": (0, 0), "Bob": (0, 0), "Cat": (0, 0), "Dan": (0, 0)})
    capsys.readouterr()
    status, out, _ = _run(capsys, "standings", str(event), "--final")
    assert status == 0 and "Club: Final standings after 3 rounds" in out
    rows = {line.split()[1]: line.split() for line in out.splitlines()
            if line[:1].isdigit()}
    assert rows["Ann"][0] == "1=" and rows["Bob"][0] == "1="
    assert rows["Bob"][-1] == "drawn"
    assert rows["Cat"][:4] == ["3", "Cat", "4", "6"] and rows["Cat"][-2:] == ["victory", "points"]
    assert rows["Dan"][:4] == ["4", "Dan", "4", "1"] and rows["Dan"][-2:] == ["tie-break",
                                                                             "points"]
    assert "Tie-breaks used: tie-break points" in out
    assert "Drawn at rank 1: Ann, Bob (equal on every criterion)" in out


def test_printouts_are_written_atomically_or_refused(club, capsys):
    """-o writes the file whole (through a temporary file); a folder that is not there, a
    round that is not paired, or --final with another format: a clear error, exit 2."""
    event = _event(club)
    capsys.readouterr()
    target = club / "slips.txt"
    assert main(["event", "slips", str(event), "-o", str(target)]) == 0
    assert target.read_text() == _run(capsys, "slips", str(event))[1]
    assert not [p for p in club.iterdir() if p.name.startswith(".slips")]
    status, _out, err = _run(capsys, "sheet", str(event), "-o", str(club / "no" / "s.txt"))
    assert status == 2 and "no/s.txt: cannot write: the folder" in err and "does not exist" in err
    assert not (club / "no").exists()
    if hasattr(os, "mkfifo"):  # a FIFO as -o is said and stays a FIFO (issue 23 item 10)
        os.mkfifo(club / "pipe.txt")
        for action in ("slips", "sheet"):
            status, _out, err = _run(capsys, action, str(event), "-o", str(club / "pipe.txt"))
            assert status == 2 and "pipe.txt: cannot write" in err and "not a regular file" in err
        assert stat.S_ISFIFO((club / "pipe.txt").stat().st_mode)
    status, _out, err = _run(capsys, "sheet", str(event), "--round", "4")
    assert status == 2 and "no round 4: rounds 1 to 1 are paired" in err
    status, out, _err = _run(capsys, "standings", str(event), "--final", "--format", "html")
    assert status == 0 and out.startswith("<!DOCTYPE html>")  # every format (issue 33 item 15)
    fresh = club / "fresh.toml"
    assert main(["event", "new", str(fresh), "--preset", str(club / "club-preset.toml"),
                 *(str(club / "lists" / f"{n}.toml") for n in ("Ann", "Bob"))]) == 0
    status, _out, err = _run(capsys, "slips", str(fresh))
    assert status == 2 and "no round is paired yet" in err


def test_campaign_final_standings_by_side(club, capsys):
    """Campaign format (OtH p.48): the overall table names each side, each side has its own
    table, and the side with more victory points leads (wins once the event is over)."""
    lists = [str(club / "lists" / f"{n}.toml") for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    (club / "lists" / "Fay.toml").write_text(TASK_FORCE.replace(
        'name = "Red Meridian Task Force"', 'name = "TF Fay"\ncommander = "Fay"'))
    event = club / "camp.toml"
    assert main(["event", "new", str(event), "--campaign", "--preset",
                 str(club / "club-preset.toml"), *lists, str(club / "lists" / "Fay.toml")]) == 0
    assert main(["event", "pair", str(event)]) == 0
    sides = {c.name: c.side for c in load_event(event).event.commanders}
    _play(event, {n: ((6, 1) if sides[n] == "red" else (2, 1)) for n in sides})
    capsys.readouterr()
    status, out, _ = _run(capsys, "standings", str(event), "--final")
    assert status == 0 and "Sides: Red 18 VP, Blue 6 VP: Red leads" in out
    assert "Red side" in out and "Blue side" in out
    overall = out.split("Red side")[0]
    assert all(f"{n}  " in overall and sides[n] in overall for n in sides)
    header = next(x for x in overall.splitlines() if x.startswith("Rank"))
    assert header.split()[:3] == ["Rank", "Commander", "Side"]


def test_a_pin_the_event_holds_is_the_one_printed(club):
    """Where registration stored a pin in the event file, the slips print that one (the list
    as registered), not the file's pin as it is now; else the file's."""
    from horizon_builder.event.sheets import pins

    loaded = load_event(_event(club))
    ann = loaded.event.commander("Ann")
    assert pins(loaded)["Ann"] == pin(read_roster(club / "lists" / "Ann.toml"))
    object.__setattr__(ann, "pin", "ab" * 32)  # as an event file with pins would give it
    assert pins(loaded)["Ann"] == "ab" * 32
    assert pins(loaded)["Bob"] == pin(read_roster(club / "lists" / "Bob.toml"))


def test_slips_and_sheet_as_a_page_to_print(club, capsys):
    """--format html: each slip kept whole on a printed page, names escaped."""
    event = _event(club)
    capsys.readouterr()
    status, out, _ = _run(capsys, "slips", str(event), "--format", "html")
    assert status == 0 and out.startswith("<!DOCTYPE html>") and out.count("<pre>") == 2
    assert "break-inside:avoid" in out and "Club: round 1, table 1" in out
    assert _pin(club, "Ann") in out
    status, out, _ = _run(capsys, "sheet", str(event), "--format", "html")
    assert status == 0 and out.count("<pre>") == 1 and "results sheet, round 1" in out
    text = _run(capsys, "sheet", str(event))[1]
    assert text.rstrip("\n") in out.replace("&#x27;", "'")


def test_a_hostile_name_stays_text_on_every_printout(club, capsys):
    """A commander named with markup and a control character: escaped in the HTML page,
    shown escaped (never sent to the terminal) in the text."""
    lists = club / "lists"
    (lists / "Ann.toml").write_text(TASK_FORCE.replace(
        'name = "Red Meridian Task Force"', 'name = "TF"\ncommander = "<b>Ann</b>\\u001b[2J"'))
    event = _event(club)
    capsys.readouterr()
    _status, page, _ = _run(capsys, "slips", str(event), "--format", "html")
    assert "<b>Ann" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    for action in ("slips", "sheet"):
        status, out, _ = _run(capsys, action, str(event))
        assert status == 0 and "\x1b" not in out and "<b>Ann</b>\\x1b[2J" in out
    status, out, _ = _run(capsys, "standings", str(event), "--final")
    assert status == 0 and "\x1b" not in out


def test_standings_o_is_written_as_the_printouts_are(club, capsys):
    """``event standings -o`` goes through the same writer as slips and sheet: whole or not
    at all, a folder that is not there said as ``FILE: cannot write``, exit 2 (was an
    internal error, exit 3: issue 23 item 10)."""
    event = _event(club)
    capsys.readouterr()
    status, _out, err = _run(capsys, "standings", str(event), "-o", str(club / "no" / "s.html"))
    assert status == 2 and "no/s.html: cannot write" in err and "internal error" not in err
    target = club / "standings.md"
    status, _out, err = _run(capsys, "standings", str(event), "--format", "markdown", "-o",
                             str(target))
    assert status == 0, err
    assert target.read_text() == _run(capsys, "standings", str(event), "--format", "markdown")[1]
    assert not [p for p in club.iterdir() if p.name.endswith(".tmp")]
