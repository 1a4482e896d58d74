"""The event night's one service (issue 32 item 6, issue 35 item 5): every change of an event
file goes through :class:`horizon_builder.event.session.EventSession`, from the command line
and from the Event screen alike; any number a user types gets a clear message in both; and
two writers of one event file never lose each other's change (OtH p.45-48)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_event import cli, write_lists, write_preset
from helpers_told import Told
from helpers_tui import shown, until

from horizon_builder.event.errors import EventError
from horizon_builder.event.io import load_event
from horizon_builder.event.session import CHANGED_ELSEWHERE, EventSession, result_numbers

PACKAGE = Path(__file__).resolve().parent.parent / "horizon_builder"


def new(folder: Path, capsys, names: str = "AB") -> Path:
    lists = write_lists(folder / "lists", names)
    event = folder / "event.toml"
    status, _out, err = cli(capsys, "new", str(event), "--preset",
                            str(write_preset(folder / "club.toml")), *map(str, lists))
    assert status == 0, err
    return event


def result(event: Path, name: str, number: int = 1):
    battle = next(b for b in load_event(event).event.rounds[number - 1].battles
                  if name in b.players)
    return battle.result_of(name)


# --- one writer: the service --------------------------------------------------------------

#: The pure edits and the writers of event and list files: only the event session uses them.
WRITERS = {"save_event", "restore_registered", "with_next_round", "with_result",
           "with_dropped", "with_entrant", "with_change_accepted", "with_change_refused",
           "with_list_restored"}
#: Where they are defined, and the one module that calls them.
THEIR_HOME = {"event/io.py", "event/edits.py", "event/session.py"}


def test_no_writer_of_an_event_file_outside_the_event_session():
    """The CLI, the app's screens and dialogs, and every other module make an event change
    only through EventSession: none of them names a pure edit of an event or a writer of
    its files."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in THEIR_HOME:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.ImportFrom)
                     else [node.attr] if isinstance(node, ast.Attribute)
                     else [node.id] if isinstance(node, ast.Name) else [])
            found += [f"{where}:{node.lineno}: {name}" for name in names if name in WRITERS]
    assert found == []


@pytest.fixture
def written(monkeypatch) -> list[str]:
    """The kinds of change the event sessions write, in order (each written as ever)."""
    kinds: list[str] = []
    real = EventSession._write

    def write(self, kind, *args, **kwargs):
        kinds.append(kind)
        return real(self, kind, *args, **kwargs)

    monkeypatch.setattr(EventSession, "_write", write)
    return kinds


def test_every_cli_change_is_written_by_the_event_session(tmp_path: Path, capsys,
                                                         written: list[str]):
    """Each `event` command that changes the event hands its change to the session, which
    writes it (the kinds it wrote, in order)."""
    event = new(tmp_path, capsys, "ABC")
    write_lists(tmp_path / "lists", "D")
    a_list, b_list = tmp_path / "lists" / "A.toml", tmp_path / "lists" / "B.toml"
    for path in (a_list, b_list):
        path.write_text(path.read_text().replace('name = "Pike"', 'name = "Spear"'))
    for args in (("pair",), ("result", "A", "3", "1"), ("result", "A", "4", "1", "--correct"),
                 ("accept", "A"), ("refuse", "B"), ("refuse", "B", "--restore"),
                 ("drop", "C"), ("join", str(tmp_path / "lists" / "D.toml"))):
        status, _out, err = cli(capsys, args[0], str(event), *args[1:])
        assert status == 0, (args, err)
    assert written == ["pair", "result", "correction", "accept", "refuse", "restore", "drop",
                       "join"]


async def test_every_change_on_the_event_screen_is_written_by_the_event_session(
        tmp_path: Path, capsys, written: list[str]):
    """Each key of the Event screen that changes the event (p, r, a correction, u, a, f and
    its writing back, d, j) hands its change to the session, which writes it."""
    from textual.widgets import DataTable, Input, Select

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.common.dialogs import ConfirmDialog, PathPrompt
    from horizon_builder.tui.event.event_screen import EventScreen
    from horizon_builder.tui.event.result_dialog import ResultDialog

    event = new(tmp_path, capsys, "ABC")
    late = write_lists(tmp_path / "late", "D")[0]
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await shown(pilot, EventScreen)
        table = screen.query_one(DataTable)

        async def key(name: str | None, *keys: str, confirm: bool = False) -> None:
            if name is not None:
                table.move_cursor(row=table.get_row_index(name))
            count = len(written)
            await pilot.press(*keys)
            if confirm:
                await shown(pilot, ConfirmDialog)
                await pilot.press("y")
            await until(pilot, lambda: len(written) > count, f"{keys} written")
            await shown(pilot, EventScreen)

        async def enter(vp: str, confirm: bool = False) -> None:
            count = len(written)
            await pilot.press("r")
            dialog = await shown(pilot, ResultDialog)
            battle = next(b for b in screen.session.event.rounds[0].battles if b.blue)
            dialog.query_one("#result-commander", Select).value = battle.red
            await until(pilot, lambda: dialog.query_one("#result-commander", Select).value
                        == battle.red)
            await pilot.pause()
            dialog.query_one("#result-vp", Input).value = vp
            dialog.query_one("#result-vp", Input).focus()
            await pilot.press("enter")
            if confirm:
                await shown(pilot, ConfirmDialog)
                await pilot.press("y")
            await until(pilot, lambda: len(written) > count, "the result written")
            await shown(pilot, EventScreen)

        await key(None, "p")
        await enter("3")
        await enter("4", confirm=True)
        await key(None, "u")
        for name in "AB":
            path = tmp_path / "lists" / f"{name}.toml"
            path.write_text(path.read_text().replace('name = "Pike"', 'name = "Spear"'))
        screen.reload()
        await key("A", "a")
        table.move_cursor(row=table.get_row_index("B"))
        await pilot.press("f")  # refused; then asked whether to write the list back
        await shown(pilot, ConfirmDialog)
        assert written[-1] == "refuse"
        await pilot.press("y")
        await until(pilot, lambda: written[-1] == "restore", "written back")
        await key("C", "d", confirm=True)
        count = len(written)
        await pilot.press("j")
        prompt = await shown(pilot, PathPrompt)
        prompt.query_one("#path", Input).value = str(late)
        await pilot.press("enter")
        await until(pilot, lambda: len(written) > count, "D joined")
    assert written == ["pair", "result", "correction", "undo", "accept", "refuse", "restore",
                       "drop", "join"]


# --- what a user types ------------------------------------------------------------------------

@pytest.mark.parametrize(("vp", "tb", "says"), [
    ("5000", "2", "victory points must be a whole number from -1000 to 1000"),
    ("x", "2", "victory points must be a whole number from -1000 to 1000"),
    ("3", "-3", "tie-break points must be a whole number from 0 to 1000"),
    ("3", "1.5", "tie-break points must be a whole number from 0 to 1000"),
    ("9" * 5000, "1", "victory points must be a whole number"),
], ids=["5000", "x", "tie-break -3", "1.5", "5000 digits"])
def test_a_number_the_cli_cannot_take_is_said(tmp_path: Path, capsys, vp, tb, says):
    """`event result night.toml ann 5000 2` was "internal error ... this is a bug" (exit 3):
    now the file and what the number must be, exit 2, nothing written."""
    event = new(tmp_path, capsys)
    assert cli(capsys, "pair", str(event))[0] == 0
    before = event.read_bytes()
    status, out, err = cli(capsys, "result", str(event), "A", vp, tb)
    assert status == 2 and out == "", err
    assert err.startswith(f"error: {event}: ") and says in err and "bug" not in err, err
    assert len(err) < 400  # the number is not echoed whole
    assert event.read_bytes() == before


def test_negative_victory_points_are_a_result(tmp_path: Path, capsys):
    """Momentum may fall below zero (docs/rules.md, Readings): -3 VP is entered."""
    event = new(tmp_path, capsys)
    assert cli(capsys, "pair", str(event))[0] == 0
    status, out, err = cli(capsys, "result", str(event), "A", "-3", "0")
    assert status == 0, err
    assert "A: -3 VP, tie-break 0 entered in round 1" in out
    assert result(event, "A").victory_points == -3


def test_round_zero_is_no_round(tmp_path: Path, capsys):
    event = new(tmp_path, capsys)
    cli(capsys, "pair", str(event))
    status, _out, err = cli(capsys, "result", str(event), "A", "3", "1", "--round", "0")
    assert status == 2 and "round 0 does not exist: rounds 1-1 are paired" in err


def test_a_name_that_cannot_be_a_file_is_said(tmp_path: Path, capsys):
    """`event new` with a name too long for the system: said (exit 2), not an internal
    error, as every command says it."""
    event = new(tmp_path, capsys)
    long_name = str(tmp_path / ("a" * 300 + ".toml"))
    for args in (("new", long_name, "--preset", str(tmp_path / "club.toml"),
                  str(tmp_path / "lists" / "A.toml")), ("pair", long_name)):
        status, _out, err = cli(capsys, *args)
        assert status == 2 and "too long" in err and "bug" not in err, err
    assert cli(capsys, "new", str(event), "--preset", "oth-tournament",
               str(tmp_path / "lists" / "A.toml"))[2].endswith(
        "exists: choose another name (an event file is never overwritten by `event new`)\n")


def test_the_checks_the_dialog_and_the_cli_share():
    assert result_numbers("-3", " 7 ") == (-3, 7)
    assert result_numbers(1000, 0) == (1000, 0)
    for vp, tb in (("", "1"), ("-", "1"), ("1", "+"), ("1001", "0"), ("0", "1001"),
                   ("١٢", "1"), ("-+5", "1"), (1, -1)):
        with pytest.raises(EventError, match="must be a whole number"):
            result_numbers(vp, tb)


async def test_a_number_the_result_dialog_cannot_take_is_said_there(tmp_path: Path, capsys):
    """5000 VP typed in the result dialog closed the app: now the dialog says what the
    number must be and stays open, nothing is written, and a good number goes in."""
    from textual.widgets import Input, Label, Select

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.event.event_screen import EventScreen
    from horizon_builder.tui.event.result_dialog import ResultDialog

    event = new(tmp_path, capsys)
    assert cli(capsys, "pair", str(event))[0] == 0
    before = event.read_bytes()
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 36)) as pilot:
        await shown(pilot, EventScreen)
        await pilot.press("r")
        dialog = await shown(pilot, ResultDialog)
        dialog.query_one("#result-commander", Select).value = "A"
        await until(pilot, lambda: dialog.query_one("#result-commander", Select).value == "A")
        await pilot.pause()

        def problem() -> str:
            return str(dialog.query_one("#result-problem", Label).render())

        for vp, tb, says in (("5000", "2", "victory points must be a whole number from "
                              "-1000 to 1000"),
                             ("", "2", "): '' is not"),
                             ("-", "2", "): '-' is not"),
                             ("3", "-3", "tie-break points must be a whole number from 0 "
                              "to 1000")):
            for field, typed in (("#result-vp", vp), ("#result-tb", tb)):
                dialog.query_one(field, Input).value = ""
                dialog.query_one(field, Input).focus()
                await pilot.press(*typed)
                assert dialog.query_one(field, Input).value == typed
            await pilot.press("enter")  # in the field: the dialog's OK
            await until(pilot, lambda s=says: s in problem(), f"said: {says}")
            assert app.screen is dialog and event.read_bytes() == before
        dialog.query_one("#result-vp", Input).value = "-3"
        dialog.query_one("#result-tb", Input).value = "2"
        await pilot.press("enter")
        await shown(pilot, EventScreen)
        await until(pilot, lambda: result(event, "A") is not None, "A's result written")
        assert (result(event, "A").victory_points, result(event, "A").tie_break) == (-3, 2)


# --- two writers --------------------------------------------------------------------------------

def test_two_sessions_of_one_file_never_lose_a_change(tmp_path: Path, capsys):
    """Two writers (two sessions over one file): the second, which read the file before the
    first wrote, is refused with a message, nothing written; it has read the file again, and
    the change made again keeps both."""
    event = new(tmp_path, capsys, "ABCD")
    first, second = EventSession.open(event), EventSession.open(event)
    first.pair()
    with pytest.raises(EventError) as refused:
        second.pair()
    assert refused.value.lines() == [f"{event}: {CHANGED_ELSEWHERE}"]
    assert len(load_event(event).event.rounds) == 1
    assert len(second.event.rounds) == 1  # read again
    names = [n for b in second.event.rounds[0].battles for n in b.players]
    second.enter_result(names[0], 5, 2)
    with pytest.raises(EventError, match="changed by another writer"):
        first.enter_result(names[1], 3, 1)
    first.enter_result(names[1], 3, 1)  # read again: made again, both kept
    assert result(event, names[0]).victory_points == 5
    assert result(event, names[1]).victory_points == 3


def test_undo_never_takes_back_a_change_another_writer_built_on(tmp_path: Path, capsys):
    """The screen pairs, the command line enters a result in that round, the screen reads
    the file again (its poll): undoing the pairing would lose the result, so it is refused,
    and nothing is left to undo."""
    event = new(tmp_path, capsys)
    screen = EventSession.open(event)
    screen.pair()
    assert cli(capsys, "result", str(event), "A", "5", "2")[0] == 0
    screen.reload()
    with pytest.raises(EventError, match="taking it back would lose that"):
        screen.undo()
    assert not screen.can_undo and result(event, "A").victory_points == 5
    screen.drop("B")  # a change of its own is undone
    screen.undo()
    assert not load_event(event).event.commander("B").dropped


def test_a_file_broken_by_hand_is_not_written_over(tmp_path: Path, capsys):
    """The organiser is editing the event file by hand and it does not read now: a change
    from a session that read it before is refused, and the file is left as it is."""
    event = new(tmp_path, capsys)
    session = EventSession.open(event)
    event.write_text(event.read_text() + "\n[[rounds]\n")
    broken = event.read_bytes()
    with pytest.raises(EventError, match="changed by another writer"):
        session.pair()
    assert event.read_bytes() == broken


def test_commands_run_at_once_lose_no_result(tmp_path: Path, capsys):
    """Four `event result` commands started together, one per commander: a command that
    finds the file changed by another meanwhile writes nothing, reads it again and makes its
    change on it (said as a warning), so every result is in the file: never a silent
    overwrite of another's."""
    event = new(tmp_path, capsys, "ABCD")
    assert cli(capsys, "pair", str(event))[0] == 0
    runs = {name: subprocess.Popen(
        [sys.executable, "-m", "horizon_builder", "event", "result", str(event), name,
         str(points), "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for points, name in enumerate("ABCD", start=2)}
    for name, run in runs.items():
        _out, err = run.communicate(timeout=120)
        assert run.returncode == 0, (name, err)
        assert err.count("changed by another writer meanwhile") <= 3, err  # one a writer
    for points, name in enumerate("ABCD", start=2):
        assert result(event, name).victory_points == points


async def test_a_result_from_the_cli_while_the_event_screen_is_open(tmp_path: Path, capsys,
                                                                     monkeypatch):
    """`event result` from the command line while the Event screen is open, before the
    screen's poll has read the file again: a change on the screen is refused with a
    message (nothing written), the screen shows the file as it is now, and the change made
    again keeps both results."""
    from textual.widgets import DataTable, Input, Select

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.event import organiser_view
    from horizon_builder.tui.event.event_screen import EventScreen
    from horizon_builder.tui.event.result_dialog import ResultDialog

    monkeypatch.setattr(organiser_view, "POLL_SECONDS", 3600)  # the poll has not come yet
    event = new(tmp_path, capsys)
    assert cli(capsys, "pair", str(event))[0] == 0
    app = HorizonApp(start=("event", event, None))
    told = Told()
    async with app.run_test(size=(120, 36), message_hook=told) as pilot:
        screen = await shown(pilot, EventScreen)

        table = screen.query_one(DataTable)
        async def enter_b() -> None:
            await pilot.press("r")
            dialog = await shown(pilot, ResultDialog)
            dialog.query_one("#result-commander", Select).value = "B"
            await until(pilot, lambda: dialog.query_one("#result-commander", Select).value
                        == "B")
            await pilot.pause()
            dialog.query_one("#result-vp", Input).value = "4"
            dialog.query_one("#result-tb", Input).value = "1"
            await pilot.click("#ok")
            await shown(pilot, EventScreen)

        assert cli(capsys, "result", str(event), "A", "6", "2")[0] == 0
        after_cli = event.read_bytes()
        await enter_b()
        await until(pilot, lambda: any("changed by another writer" in str(n.message)
                                       for n in told), "the refusal said")
        assert event.read_bytes() == after_cli and result(event, "B") is None
        await until(pilot, lambda: str(table.get_cell("A", "VP")) == "6",
                    "the standings show A's result")
        await enter_b()
        await until(pilot, lambda: result(event, "B") is not None, "B's result written")
        assert result(event, "A").victory_points == 6 and result(event, "B").victory_points == 4
