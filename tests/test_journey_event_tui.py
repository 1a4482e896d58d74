"""Event night on the Event screen (Pilot): the events of 5 and 6 commanders of
tests/test_journey_event_cli.py played through three rounds with the screen's keys (p pairs,
r enters or corrects a result, u takes a change back, a/f accept or refuse a changed list),
compared with the same hand-worked pairings and standings (OtH p.46-48; the bye: README,
Readings). The event is registered from the command line (`event new`), as an organiser does
before the night."""

from __future__ import annotations

from pathlib import Path

from helpers_event import write_lists, write_preset
from helpers_tui import shown, until
from textual.widgets import DataTable, Input, Select, SelectionList, Static

from horizon_builder.cli.main import main
from horizon_builder.event.io import load_event
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import ConfirmDialog
from horizon_builder.tui.event.event_screen import EventScreen
from horizon_builder.tui.event.result_dialog import ResultDialog

SIZE = (120, 40)


def register(tmp_path: Path, names: str) -> Path:
    lists = write_lists(tmp_path / "lists", names)
    event = tmp_path / "event.toml"
    assert main(["event", "new", str(event), "--preset",
                 str(write_preset(tmp_path / "club.toml")), *map(str, lists)]) == 0
    return event


def pairs(event: Path, number: int) -> list[tuple[str, str | None]]:
    return [(b.red, b.blue) for b in load_event(event).event.rounds[number - 1].battles]


async def pair(pilot, event: Path, number: int) -> None:
    await pilot.press("p")
    await until(pilot, lambda: len(load_event(event).event.rounds) == number, f"round {number}")
    await until(pilot, lambda: f"Round {number}" in rounds_text(pilot), "the round shown")


def rounds_text(pilot) -> str:
    return str(pilot.app.screen.query_one("#event-rounds", Static).render())


async def enter(pilot, name: str, vp: int, tb: int, destroyed: tuple[str, ...] = (),
                correction: bool = False) -> ResultDialog:
    """One result through the dialog (a correction answers its confirmation); returns the
    dialog as it opened on that commander."""
    await pilot.press("r")
    dialog = await shown(pilot, ResultDialog)
    dialog.query_one("#result-commander", Select).value = name
    await until(pilot, lambda: dialog.query_one("#result-commander", Select).value == name)
    await pilot.pause()
    opened = (dialog.query_one("#result-vp", Input).value,
              dialog.query_one("#result-tb", Input).value)
    dialog.opened = opened  # type: ignore[attr-defined]
    dialog.query_one("#result-vp", Input).value = str(vp)
    dialog.query_one("#result-tb", Input).value = str(tb)
    box = dialog.query_one("#result-destroyed", SelectionList)
    for element_id in destroyed:
        box.select(element_id)
    await pilot.click("#ok")
    if correction:
        await shown(pilot, ConfirmDialog)
        await pilot.press("y")
    await shown(pilot, EventScreen)

    def stored() -> bool:
        battle = next(b for b in load_event(pilot.app.screen.path).event.rounds[-1].battles
                      if name in b.players)
        result = battle.result_of(name)
        return result is not None and (result.victory_points, result.tie_break) == (vp, tb)

    await until(pilot, stored, f"{name}'s result written")
    return dialog


def standings(pilot) -> list[tuple[str, str, str, str, str]]:
    table = pilot.app.screen.query_one(DataTable)
    keys = [str(key.value) for key in table.columns]
    rows = [dict(zip(keys, (str(c) for c in table.get_row_at(i)), strict=True))
            for i in range(table.row_count)]
    return [(r["Rank"], r["Commander"], r["VP"], r["Tie-break"], r["Bye"]) for r in rows]


def select(pilot, name: str) -> None:
    table = pilot.app.screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(name))


def notes(pilot) -> str:
    return str(pilot.app.screen.query_one("#event-problem", Static).render())


async def change_list(pilot, folder: Path, name: str, old: str, new: str, key: str) -> None:
    """The commander's list changes on disk: the screen names it; ``key`` on the commander's
    row accepts (a) or refuses (f) the change."""
    path = folder / "lists" / f"{name}.toml"
    path.write_text(path.read_text().replace(f'name = "{old}"', f'name = "{new}"'))
    pilot.app.screen.reload()
    await pilot.pause()
    assert f"{name}'s list" in notes(pilot) and "changed since registration" in notes(pilot)
    select(pilot, name)
    await pilot.press(key)
    if key == "a":
        await until(pilot, lambda: "changed since registration" not in notes(pilot),
                    "the change accepted")
    else:  # refused; asked whether to write the registered list back: not now
        await shown(pilot, ConfirmDialog)
        await pilot.press("n")
        await shown(pilot, EventScreen)
        await until(pilot, lambda: "change refused" in notes(pilot), "the change refused")


async def test_five_commanders_on_the_event_screen(tmp_path: Path):
    event = register(tmp_path, "ABCDE")
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, EventScreen)
        # Round 1, drawn from seed 0 (OtH p.46); D has the bye, which needs no result
        await pair(pilot, event, 1)
        assert pairs(event, 1) == [("C", "B"), ("A", "E"), ("D", None)]
        # p then u: the pairing is taken back, then paired again (the same draw)
        await pilot.press("u")
        await until(pilot, lambda: not load_event(event).event.rounds, "pairing undone")
        await pair(pilot, event, 1)
        await enter(pilot, "B", 4, 2, ("m1",))
        for name, vp, tb in (("C", 8, 3), ("A", 6, 5), ("E", 6, 1)):
            await enter(pilot, name, vp, tb)
        # a correction: the dialog opens on A's result; replacing it asks first
        dialog = await enter(pilot, "A", 7, 5, correction=True)
        assert dialog.opened == ("6", "5")  # type: ignore[attr-defined]
        [fix] = load_event(event).event.corrections
        assert (fix.commander, fix.old.victory_points, fix.new.victory_points) == ("A", 6, 7)
        # Round 2 (C8 A7 E6 B4 D0; B, the lowest without a bye, sits out): C-A, E-D
        await pair(pilot, event, 2)
        assert pairs(event, 2) == [("C", "A"), ("E", "D"), ("B", None)]
        # E's list changes: the screen names it; a accepts it on E's row
        await change_list(pilot, tmp_path, "E", "Halberd", "Halberd II", "a")
        # D's change is refused with f: the registered list stands, and it is said
        await change_list(pilot, tmp_path, "D", "Pike", "Spear", "f")
        for name, vp, tb in (("C", 5, 2), ("A", 9, 4), ("E", 3, 0), ("D", 7, 3)):
            await enter(pilot, name, vp, tb)
        # Round 3 (A16 C13 E9 D7 B4; E sits out): A steps down to B, C-D
        await pair(pilot, event, 3)
        assert pairs(event, 3) == [("A", "B"), ("C", "D"), ("E", None)]
        for name, vp, tb in (("A", 4, 2), ("B", 6, 3), ("C", 7, 2), ("D", 7, 2)):
            await enter(pilot, name, vp, tb)
        # no fourth round: refused, nothing written
        before = event.read_bytes()
        await pilot.press("p")
        await pilot.pause()
        assert event.read_bytes() == before
        # Final standings (OtH p.48), with the byes
        await until(pilot, lambda: standings(pilot)[0][2] == "20", "the final standings")
        assert standings(pilot) == [("1", "A", "20", "11", ""), ("2", "C", "20", "7", ""),
                                    ("3", "D", "14", "5", "R1"), ("4", "B", "10", "5", "R2"),
                                    ("5", "E", "9", "1", "R3")]


async def test_six_commanders_on_the_event_screen(tmp_path: Path):
    event = register(tmp_path, "ABCDEF")
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, EventScreen)
        await pair(pilot, event, 1)
        assert pairs(event, 1) == [("E", "C"), ("B", "A"), ("F", "D")]
        for name, vp, tb in (("E", 5, 2), ("C", 5, 2), ("B", 10, 4), ("A", 2, 0), ("F", 3, 1),
                             ("D", 8, 3)):
            await enter(pilot, name, vp, tb)
        # B10 D8 C5 E5 F3 A2: B-D; C met E, so C-F; E-A
        await pair(pilot, event, 2)
        assert pairs(event, 2) == [("B", "D"), ("C", "F"), ("E", "A")]
        for name, vp, tb in (("B", 4, 1), ("D", 6, 2), ("C", 7, 3), ("F", 2, 0), ("E", 6, 2),
                             ("A", 6, 2)):
            await enter(pilot, name, vp, tb)
        await enter(pilot, "D", 9, 2, correction=True)
        await change_list(pilot, tmp_path, "C", "Pike", "Long Pike", "a")
        # D17 B14 C12 E11 A8 F5: D met B, so D-C; B-E; A-F
        await pair(pilot, event, 3)
        assert pairs(event, 3) == [("D", "C"), ("B", "E"), ("A", "F")]
        for name, vp, tb in (("D", 5, 2), ("C", 8, 3), ("B", 7, 2), ("E", 4, 1), ("A", 9, 4),
                             ("F", 1, 0)):
            await enter(pilot, name, vp, tb)
        await until(pilot, lambda: standings(pilot)[0][2] == "22", "the final standings")
        assert standings(pilot) == [("1", "D", "22", "7", ""), ("2", "B", "21", "7", ""),
                                    ("3", "C", "20", "8", ""), ("4", "A", "17", "6", ""),
                                    ("5", "E", "15", "5", ""), ("6", "F", "6", "1", "")]
