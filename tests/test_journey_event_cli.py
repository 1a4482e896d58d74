"""Event night from the command line: events of 5 and 6 commanders played through three
rounds (the preset's last), with a correction and a list changed after registration,
checked against pairings and standings worked out by hand from the book.

The book's order (OtH p.46): round 1 is drawn at random (here from the event's seed, so the
draw is fixed); later rounds order the commanders by victory points, then tie-break points,
then name, and the first meets the next highest not met yet. The standings (OtH p.48): victory
points, then tie-break points, then the FC left in the Task Force. Our reading of a bye
(README, Readings): with an odd number, the lowest placed commander without a bye yet sits
out, scoring nothing; the bye is complete when paired.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_event import cli, write_lists, write_preset

from horizon_builder.event.io import load_event


@pytest.fixture
def night(tmp_path: Path) -> Path:
    write_lists(tmp_path / "lists", "ABCDEF")
    write_preset(tmp_path / "club.toml")
    return tmp_path


def pairs(event_file: Path, number: int) -> list[tuple[str, str | None]]:
    return [(b.red, b.blue) for b in load_event(event_file).event.rounds[number - 1].battles]


def results(capsys, event_file: Path, *entries: tuple[str, int, int]) -> None:
    for name, vp, tb in entries:
        assert cli(capsys, "result", str(event_file), name, str(vp), str(tb))[0] == 0


def overall(text: str) -> list[tuple[str, str, str, str, str]]:
    """(rank, commander, VP, tie-break, bye) of the overall table."""
    lines = text.split("Overall\n")[1].split("\n\n")[0].splitlines()[1:]
    return [(p[0], p[1], p[2], p[3], " ".join(p[5:])) for p in (line.split() for line in lines)]


def test_five_commanders_three_rounds(night: Path, capsys):
    event = night / "five.toml"
    lists = [str(night / "lists" / f"{n}.toml") for n in "ABCDE"]
    assert cli(capsys, "new", str(event), "--preset", str(night / "club.toml"), *lists)[0] == 0
    # Round 1, drawn from seed 0 (OtH p.46: random): C-B, A-E; D, placed last, has the bye
    assert cli(capsys, "pair", str(event))[0] == 0
    assert pairs(event, 1) == [("C", "B"), ("A", "E"), ("D", None)]
    assert cli(capsys, "result", str(event), "D", "0", "0")[0] == 2  # a bye: nothing to enter
    # B loses the Halberd (m1, Presence 3): C's tie-break 3 agrees (OtH p.47)
    assert cli(capsys, "result", str(event), "B", "4", "2", "--destroyed", "m1")[0] == 0
    results(capsys, event, ("C", 8, 3), ("A", 6, 5), ("E", 6, 1))
    # A's 6 was misreported: entering 7 again is refused, then corrected with --correct
    status, _out, err = cli(capsys, "result", str(event), "A", "7", "5")
    assert status == 2 and "already has a result" in err
    assert cli(capsys, "result", str(event), "A", "7", "5", "--correct")[0] == 0
    [fix] = load_event(event).event.corrections
    assert (fix.round, fix.commander, fix.old.victory_points, fix.new.victory_points) == (
        1, "A", 6, 7)
    # Round 2: C8/3 A7/5 E6/1 B4/2 D0. D had a bye, so of the rest the lowest placed, B, sits
    # out; C meets A, E meets D (no rematch).
    assert cli(capsys, "pair", str(event))[0] == 0
    assert pairs(event, 2) == [("C", "A"), ("E", "D"), ("B", None)]
    # E changes the list after registration: every command names it until accepted
    e_list = night / "lists" / "E.toml"
    e_list.write_text(e_list.read_text().replace('name = "Halberd"', 'name = "Halberd II"'))
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 0 and "E's list" in err and "changed since registration" in err
    assert cli(capsys, "accept", str(event), "E")[0] == 0
    assert "changed since registration" not in cli(capsys, "standings", str(event))[2]
    # D changes the list to an illegal one (built to FC 13): acceptance is refused naming the
    # first error; the organiser refuses the change
    d_list = night / "lists" / "D.toml"
    d_list.write_text(d_list.read_text().replace("force_cost = 12", "force_cost = 13"))
    status, _out, err = cli(capsys, "accept", str(event), "D")
    assert status == 2 and "NOT LEGAL" in err and "built to FC 13" in err
    assert cli(capsys, "refuse", str(event), "D")[0] == 0
    assert "change refused" in cli(capsys, "standings", str(event))[2]
    d_list.write_text(d_list.read_text().replace("force_cost = 13", "force_cost = 12"))
    results(capsys, event, ("C", 5, 2), ("A", 9, 4), ("E", 3, 0), ("D", 7, 3))
    # Round 3: A16/9 C13/5 E9/1 D7/3 B4/2. D and B have had byes: E, lowest of the rest,
    # sits out. A's next highest, C, was met in round 2; D would leave C-B, who met in
    # round 1, so A steps down to B and C meets D.
    assert cli(capsys, "pair", str(event))[0] == 0
    assert pairs(event, 3) == [("A", "B"), ("C", "D"), ("E", None)]
    results(capsys, event, ("A", 4, 2), ("B", 6, 3), ("C", 7, 2), ("D", 7, 2))
    # the preset's last round is played: no fourth, and the file is unchanged
    before = event.read_bytes()
    status, _out, err = cli(capsys, "pair", str(event))
    assert status == 2 and "its last" in err and event.read_bytes() == before
    # Final standings (OtH p.48): A 20/11, C 20/7, D 14/5, B 10/5, E 9/1; the byes shown
    status, out, _err = cli(capsys, "standings", str(event))
    assert overall(out) == [("1", "A", "20", "11", ""), ("2", "C", "20", "7", ""),
                            ("3", "D", "14", "5", "R1"), ("4", "B", "10", "5", "R2"),
                            ("5", "E", "9", "1", "R3")]


def test_six_commanders_three_rounds(night: Path, capsys):
    event = night / "six.toml"
    lists = [str(night / "lists" / f"{n}.toml") for n in "ABCDEF"]
    assert cli(capsys, "new", str(event), "--preset", str(night / "club.toml"), *lists)[0] == 0
    # Round 1, drawn from seed 0 (OtH p.46)
    assert cli(capsys, "pair", str(event))[0] == 0
    assert pairs(event, 1) == [("E", "C"), ("B", "A"), ("F", "D")]
    results(capsys, event, ("E", 5, 2), ("C", 5, 2), ("B", 10, 4), ("A", 2, 0), ("F", 3, 1),
            ("D", 8, 3))
    # Round 2: B10 D8, C5/2 and E5/2 tied (C first by name), F3 A2. B-D; C's next, E, was met
    # in round 1, so C-F; E-A.
    assert cli(capsys, "pair", str(event))[0] == 0
    assert pairs(event, 2) == [("B", "D"), ("C", "F"), ("E", "A")]
    results(capsys, event, ("B", 4, 1), ("D", 6, 2), ("C", 7, 3), ("F", 2, 0), ("E", 6, 2),
            ("A", 6, 2))
    # a correction: D had 9, not 6
    assert cli(capsys, "result", str(event), "D", "9", "2")[0] == 2
    assert cli(capsys, "result", str(event), "D", "9", "2", "--correct")[0] == 0
    # C's list changes before round 3: named, then accepted (judged again, pinned anew)
    c_list = night / "lists" / "C.toml"
    c_list.write_text(c_list.read_text().replace('name = "Pike"', 'name = "Long Pike"'))
    status, _out, err = cli(capsys, "pair", str(event))
    assert status == 0 and "C's list" in err and "changed since registration" in err
    assert cli(capsys, "accept", str(event), "C")[0] == 0
    # Round 3: D17/5 B14/5 C12/5 E11/4 A8/2 F5/1. D met B: D-C; B-E; A-F.
    assert pairs(event, 3) == [("D", "C"), ("B", "E"), ("A", "F")]
    results(capsys, event, ("D", 5, 2), ("C", 8, 3), ("B", 7, 2), ("E", 4, 1), ("A", 9, 4),
            ("F", 1, 0))
    assert cli(capsys, "pair", str(event))[0] == 2  # three rounds: the last is played
    # Final standings (OtH p.48): D 22/7, B 21/7, C 20/8, A 17/6, E 15/5, F 6/1
    status, out, _err = cli(capsys, "standings", str(event))
    assert overall(out) == [("1", "D", "22", "7", ""), ("2", "B", "21", "7", ""),
                            ("3", "C", "20", "8", ""), ("4", "A", "17", "6", ""),
                            ("5", "E", "15", "5", ""), ("6", "F", "6", "1", "")]
    [fix] = load_event(event).event.corrections
    assert (fix.commander, fix.old.victory_points, fix.new.victory_points) == ("D", 6, 9)
