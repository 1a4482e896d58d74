"""Byes (issue 33 item 14). The book is silent on them (OtH p.45-48 has no word of a bye or
an odd number). Our reading, the usual practice (docs/rules.md, Readings): the lowest placed
commander who has not had a bye has it, and the rounds before a late entrant joined are not
byes; a bye scores nothing unless the preset's ``[event.bye]`` (or the event file's own
``[bye]``) gives it a set number of victory and tie-break points.

Both journeys below: four commanders, drawn for round 1 from seed 7 (D v B, A v C); E joins
after round 1; three rounds (the preset's). Every result is entered by name, the same in
both; only what a bye scores differs.

  Round 1            D 3 VP tb 1 v B 7 tb 3      A 9 tb 4 v C 5 tb 2
  (after it)         A 9/4  B 7/3  C 5/2  D 3/1; E joins with 0
  Round 2 order      A 9, B 7, C 5, D 3, E 0: no one has had a bye; the lowest placed is E
                     (before, E's round before joining counted as sat out, so D, a contender
                     who had played, had the bye and E played). A-D pair without a rematch
                     (A met C, B met D): A v B, C v D.
  Round 2            A 2 tb 0 v B 6 tb 2         C 8 tb 3 v D 4 tb 1
  Round 3 order      B 13/5, C 13/5 (name), A 11/4, then D and E: E has had a bye, so the
                     lowest placed of A-D, D, has it. B met D and A, so B v C; A v E.
  Round 3            B 5 tb 2 v C 4 tb 1         A 6 tb 3 v E 10 tb 4
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_event import cli, write_lists

from horizon_builder.event.io import load_event
from horizon_builder.event.session import EventSession

ROUND_1 = {"D": (3, 1), "B": (7, 3), "A": (9, 4), "C": (5, 2)}
ROUND_2 = {"A": (2, 0), "B": (6, 2), "C": (8, 3), "D": (4, 1)}
ROUND_3 = {"B": (5, 2), "C": (4, 1), "A": (6, 3), "E": (10, 4)}


def club(tmp_path: Path, bye: str = "") -> Path:
    """Lists A-E and a club preset of three rounds (``bye``: its ``[event.bye]`` table)."""
    write_lists(tmp_path / "lists", "ABCDE")
    preset = tmp_path / "club.toml"
    preset.write_text('[event]\nname = "Club night"\nforce_cost = 12\nrounds = 3\n' + bye)
    return preset


def pairs(event: Path, number: int) -> list[tuple[str, str | None]]:
    return [(b.red, b.blue) for b in load_event(event).event.rounds[number - 1].battles]


def enter(capsys, event: Path, results: dict[str, tuple[int, int]]) -> None:
    for name, (vp, tb) in results.items():
        status, _out, err = cli(capsys, "result", str(event), name, str(vp), str(tb))
        assert status == 0, err


def overall(text: str) -> list[tuple[str, ...]]:
    """(rank, commander, VP, tie-break, bye) of the final standings' overall table."""
    lines = text.splitlines()
    start = lines.index("Overall") + 2
    rows = []
    for line in lines[start:]:
        if not line or line.startswith("Tie-breaks"):
            break
        cells = line.split()
        rows.append((cells[0], cells[1], cells[2], cells[3],
                     next((c for c in cells[5:] if c.startswith("R")), "")))
    return rows


def play(tmp_path: Path, capsys, preset: Path) -> Path:
    """The night above, through the command line; returns the event file."""
    event = tmp_path / "event.toml"
    lists = [str(tmp_path / "lists" / f"{n}.toml") for n in "ABCD"]
    assert cli(capsys, "new", str(event), "--preset", str(preset), "--seed", "7", *lists)[0] == 0
    cli(capsys, "pair", str(event))
    assert pairs(event, 1) == [("D", "B"), ("A", "C")]
    enter(capsys, event, ROUND_1)
    assert cli(capsys, "join", str(event), str(tmp_path / "lists" / "E.toml"))[0] == 0
    status, _out, _err = cli(capsys, "pair", str(event))
    assert status == 0
    assert pairs(event, 2) == [("A", "B"), ("C", "D"), ("E", None)]
    enter(capsys, event, ROUND_2)
    cli(capsys, "pair", str(event))
    assert pairs(event, 3) == [("B", "C"), ("A", "E"), ("D", None)]
    enter(capsys, event, ROUND_3)
    return event


def test_the_bye_goes_to_the_lowest_placed_without_one_and_scores_nothing(tmp_path, capsys):
    """The default (no `[event.bye]`): E, the late entrant at 0 VP, has round 2's bye; D,
    the lowest placed who has not had one, round 3's; each scores nothing.

    Final: B 7+6+5 = 18 VP, tb 3+2+2 = 7; A 9+2+6 = 17, tb 4+0+3 = 7; C 5+8+4 = 17, tb
    2+3+1 = 6 (below A on tie-break); E 0+10 = 10, tb 4; D 3+4 = 7, tb 1+1 = 2."""
    event = play(tmp_path, capsys, club(tmp_path))
    status, out, _err = cli(capsys, "standings", str(event), "--final")
    assert status == 0
    assert overall(out) == [("1", "B", "18", "7", ""), ("2", "A", "17", "7", ""),
                            ("3", "C", "17", "6", ""), ("4", "E", "10", "4", "R2"),
                            ("5", "D", "7", "2", "R3")]
    status, out, _err = cli(capsys, "standings", str(event))
    assert "no table: D has the bye (no opponent; scores nothing)" in out


def test_a_preset_gives_the_bye_a_set_score(tmp_path, capsys):
    """The preset's `[event.bye]`: a bye scores 6 VP and 3 tie-break points. The byes go as
    before (E's 6 VP after round 2 leave E above no one who has not had a bye).

    Final: B 18/7, A 17/7, C 17/6 as before; E 6+10 = 16 VP, tb 3+4 = 7; D 3+4+6 = 13,
    tb 1+1+3 = 5."""
    preset = club(tmp_path, "[event.bye]\nvictory_points = 6\ntie_break = 3\n")
    event = play(tmp_path, capsys, preset)
    status, out, _err = cli(capsys, "standings", str(event), "--final")
    assert status == 0
    assert overall(out) == [("1", "B", "18", "7", ""), ("2", "A", "17", "7", ""),
                            ("3", "C", "17", "6", ""), ("4", "E", "16", "7", "R2"),
                            ("5", "D", "13", "5", "R3")]
    status, out, _err = cli(capsys, "slips", str(event))
    assert "D has the bye (no opponent; scores 6 VP, tie-break 3) this round" in out
    # a bye needs no result: entering one says what it scores
    status, _out, err = cli(capsys, "result", str(event), "D", "5", "1")
    assert status == 2 and "scores 6 VP, tie-break 3" in err


def test_the_event_file_says_what_a_bye_scores_over_the_preset(tmp_path, capsys):
    """The event file's own `[bye]`: the keys it sets replace the preset's, the others stay
    the preset's, and writing the event keeps only those it set."""
    preset = club(tmp_path, "[event.bye]\nvictory_points = 6\ntie_break = 3\n")
    event = tmp_path / "event.toml"
    lists = [str(tmp_path / "lists" / f"{n}.toml") for n in "ABC"]
    assert cli(capsys, "new", str(event), "--preset", str(preset), *lists)[0] == 0
    event.write_text(event.read_text() + "\n[bye]\nvictory_points = 4\n")
    session = EventSession.open(event)
    rule = session.loaded.bye
    assert (rule.goes_to, rule.victory_points, rule.tie_break) == ("lowest_placed", 4, 3)
    session.pair()
    text = event.read_text()
    assert "[bye]\nvictory_points = 4\n" in text and "goes_to" not in text
    bye = load_event(event).event.rounds[0].bye()
    assert f"no table: {bye} has the bye (no opponent; scores 4 VP, tie-break 3)" in \
        cli(capsys, "standings", str(event))[1]


@pytest.mark.parametrize("table", ['[event.bye]\nvictory_points = -1\n',
                                   '[event.bye]\ngoes_to = "highest"\n',
                                   '[event.bye]\npoints = 3\n'])
def test_a_bad_bye_rule_is_a_located_error(tmp_path, capsys, table):
    preset = club(tmp_path, table)
    status, _out, err = run_check(capsys, preset)
    assert status == 2 and "club.toml" in err and "bye" in err


def run_check(capsys, preset: Path) -> tuple[int, str, str]:
    from horizon_builder.cli.main import main

    status = main(["check", "--event", str(preset), str(preset.parent / "lists" / "A.toml")])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_random_bye_is_drawn_among_those_without_one():
    """`goes_to = "random"`: drawn from the event's seed and the round, among those who have
    not had a bye (E had round 1's), so the same file pairs the same way again; the default
    gives it to the lowest placed of them (D, 1 VP)."""
    from horizon_builder.event.models import Battle, Commander, Event, EventRound, Result
    from horizon_builder.event.pairing import next_round
    from horizon_builder.rules.event import ByeRule

    def won(vp: int) -> Result:
        return Result(victory_points=vp, tie_break=0)

    round_1 = EventRound(battles=(Battle(table=1, red="A", blue="B", red_result=won(9),
                                         blue_result=won(5)),
                                  Battle(table=2, red="C", blue="D", red_result=won(4),
                                         blue_result=won(1)),
                                  Battle(table=3, red="E")))
    def bye(seed: int, rule: ByeRule) -> str | None:
        event = Event(name="x", preset="oth-tournament", seed=seed, rounds=(round_1,),
                      commanders=tuple(Commander(name=n, list=f"{n}.toml") for n in "ABCDE"))
        return next_round(event, rule)[-1].red

    drawn = {bye(seed, ByeRule(goes_to="random")) for seed in range(12)}
    assert drawn <= {"A", "B", "C", "D"} and len(drawn) > 1
    assert bye(5, ByeRule(goes_to="random")) == bye(5, ByeRule(goes_to="random"))
    assert {bye(seed, ByeRule()) for seed in range(12)} == {"D"}


async def test_the_event_screen_shows_what_a_bye_scores(tmp_path, capsys):
    """The Event screen: round 2's bye (E, by the preset's rule) says what it scores, and
    E's row counts it (6 VP, tie-break 3) before E has played a battle."""
    from helpers_tui import shown, until
    from textual.widgets import DataTable, Static

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.event.event_screen import EventScreen

    preset = club(tmp_path, "[event.bye]\nvictory_points = 6\ntie_break = 3\n")
    event = tmp_path / "event.toml"
    lists = [str(tmp_path / "lists" / f"{n}.toml") for n in "ABCD"]
    assert cli(capsys, "new", str(event), "--preset", str(preset), "--seed", "7", *lists)[0] == 0
    cli(capsys, "pair", str(event))
    enter(capsys, event, ROUND_1)
    assert cli(capsys, "join", str(event), str(tmp_path / "lists" / "E.toml"))[0] == 0
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await shown(pilot, EventScreen)
        await pilot.press("p")
        rounds = screen.query_one("#event-rounds", Static)
        await until(pilot, lambda: "Round 2" in str(rounds.render()), "round 2 paired")
        assert "no table: E has the bye (no opponent; scores 6 VP, tie-break 3)" in \
            str(rounds.render())
        table = screen.query_one(DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        row = dict(zip(labels, (str(c) for c in table.get_row("E")), strict=True))
        assert (row["VP"], row["Tie-break"], row["Bye"]) == ("6", "3", "R2")


def test_a_result_written_by_hand_for_a_bye_is_an_error(tmp_path, capsys):
    """A bye scores by the rule, never by a result: one written into the event file by hand
    is an error naming its line (before, it was added to the commander's totals)."""
    preset = club(tmp_path)
    event = tmp_path / "event.toml"
    lists = [str(tmp_path / "lists" / f"{n}.toml") for n in "ABC"]
    assert cli(capsys, "new", str(event), "--preset", str(preset), *lists)[0] == 0
    cli(capsys, "pair", str(event))
    text = event.read_text()
    bye = load_event(event).event.rounds[0].bye()
    written = f'red = "{bye}" }}'
    assert written in text
    event.write_text(text.replace(written, f'red = "{bye}", red_result = {{ '
                                  'victory_points = 9 } }'))
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 2 and "red_result: a bye has no result" in err
