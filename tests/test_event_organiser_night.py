"""What an organiser's night by hand found (issue 23, OtH p.45-48): five commanders, a bye each
round, a correction, changed lists, a drop-out and a late entrant, slips, sheets and the final
standings, from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_event import cli, write_lists, write_preset

from horizon_builder.event.io import load_event


@pytest.fixture
def club(tmp_path: Path) -> Path:
    write_lists(tmp_path / "lists", "ABCDE")
    write_preset(tmp_path / "club.toml")
    return tmp_path


def new(club: Path, capsys, names: str = "ABCDE") -> Path:
    event = club / "event.toml"
    assert cli(capsys, "new", str(event), "--preset", str(club / "club.toml"),
               *(str(club / "lists" / f"{n}.toml") for n in names))[0] == 0
    return event


def test_a_correction_keeps_the_losses_unless_it_names_them(club: Path, capsys):
    """Correcting the victory points of a result does not drop the elements it recorded as
    destroyed (benched, OtH p.46): only --destroyed given says what was lost instead
    (with no ids: none)."""
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    assert cli(capsys, "result", str(event), "A", "6", "5", "--destroyed", "hi1")[0] == 0
    status, out, err = cli(capsys, "result", str(event), "A", "7", "5", "--correct")
    assert status == 0, err
    assert "now 7 VP, tie-break 5, lost Meridian Guards" in out  # hi1, by name (issue 33)
    assert load_event(event).benched("A") == ["hi1"]
    assert cli(capsys, "result", str(event), "A", "7", "5", "--correct", "--destroyed")[0] == 0
    assert load_event(event).benched("A") == []
    [first, second] = load_event(event).event.corrections
    assert first.old.destroyed == ("hi1",) and first.new.destroyed == ("hi1",)
    assert second.new.destroyed == ()


def test_final_standings_name_who_dropped_out_and_the_byes(club: Path, capsys):
    """The final standings say who dropped out and who had a bye (it scores nothing: README,
    Readings), as the standings do."""
    event = new(club, capsys)
    for number in (1, 2, 3):
        assert cli(capsys, "pair", str(event))[0] == 0
        for battle in load_event(event).event.rounds[-1].battles:
            for name in battle.players if battle.blue else ():
                cli(capsys, "result", str(event), name, "3", "1")
        if number == 1:
            assert cli(capsys, "drop", str(event), "A")[0] == 0
    rounds = load_event(event).event.rounds
    byes = {r.bye(): number for number, r in enumerate(rounds, start=1) if r.bye()}
    assert byes  # round 1 of five has a bye
    out = cli(capsys, "standings", str(event), "--final")[1]
    lines = {line.split()[1]: line for line in out.splitlines()[4:] if line.split()[:1]
             and line.split()[0].rstrip("=").isdigit()}
    assert "(dropped out)" in lines["A"]
    assert "Bye" in out
    for name, number in byes.items():
        assert f"R{number}" in lines[name], (name, out)


def test_slips_and_sheet_show_invisible_characters_escaped(club: Path, capsys):
    """"Ann" and "Ann\\u200b" never look alike (issue 23 item 8), on the printouts too."""
    b_list = club / "lists" / "B.toml"
    b_list.write_text(b_list.read_text().replace('commander = "B"', 'commander = "A\\u200b"'))
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    for action in ("slips", "sheet"):
        out = cli(capsys, action, str(event))[1]
        assert "A\\u200b" in out and "\u200b" not in out, out
    cli(capsys, "result", str(event), "A", "3", "1")
    cli(capsys, "result", str(event), "A\u200b", "3", "1")
    for _ in range(2):
        cli(capsys, "pair", str(event))
        for name in ("A", "A\u200b"):
            cli(capsys, "result", str(event), name, "3", "1")
    out = cli(capsys, "standings", str(event), "--final")[1]
    assert "A\\u200b" in out and "\u200b" not in out, out


def test_rounds_are_written_as_tables_so_an_error_names_its_line(club: Path, capsys):
    """The event file is TOML an organiser may edit by hand: each round is a table of its own
    ([[rounds]]), not one line holding every round, so a mistake in a result is named by its
    round's line and its key."""
    event = new(club, capsys, "ABCD")
    for _ in range(2):
        cli(capsys, "pair", str(event))
        for battle in load_event(event).event.rounds[-1].battles:
            for name in battle.players:
                cli(capsys, "result", str(event), name, "3", "1")
    text = event.read_text()
    assert text.count("[[rounds]]") == 2
    lines = text.splitlines()
    last = max(i for i, line in enumerate(lines) if "victory_points = 3" in line)
    lines[last] = lines[last].replace("victory_points = 3", 'victory_points = "three"', 1)
    event.write_text("\n".join(lines) + "\n")
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 2 and f"{event}:{last + 1}: rounds[2].battles" in err, err


def test_a_slip_gives_the_rounds_time(club: Path, capsys):
    """Each slip gives the round's length, the preset's or 4 x FC rounded up to the next
    five minutes, and the book's rule for a battle not through five turns ten minutes
    before the end (OtH p.45)."""
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    out = cli(capsys, "slips", str(event))[1]
    assert "Time: 50 minutes (OtH p.45)" in out  # FC 12: 48, up to the next five
    preset = club / "club.toml"
    preset.write_text(preset.read_text() + "round_minutes = 60\n")
    assert "Time: 60 minutes (OtH p.45)" in cli(capsys, "slips", str(event))[1]
