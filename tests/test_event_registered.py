"""The registered list stands (issue 23 item 4, OtH p.46: lists are submitted before the event
so the organiser can check them): the event file keeps each list's content as registered, so a
change that is not accepted (pending, or refused) never reaches the event: the FC left
(OtH p.48), the elements benched (OtH p.46), the tie-break checks (OtH p.47) and the slips go
on with the registered list, and `event refuse --restore` (or `f` on the Event screen, asked)
writes it back over the changed file."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_event import cli, write_lists, write_preset
from helpers_tui import shown, until

from horizon_builder.event.io import load_event
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.pin import pin, short_pin


@pytest.fixture
def club(tmp_path: Path) -> Path:
    write_lists(tmp_path / "lists", "ABC")
    write_preset(tmp_path / "club.toml")
    return tmp_path


def new(club: Path, capsys, names: str = "AB") -> Path:
    event = club / "event.toml"
    assert cli(capsys, "new", str(event), "--preset", str(club / "club.toml"),
               *(str(club / "lists" / f"{n}.toml") for n in names))[0] == 0
    return event


def change(club: Path, name: str = "A") -> Path:
    """The commander's list loses its aircraft (a1, Presence 2): legal still, with less FC
    and one element fewer."""
    path = club / "lists" / f"{name}.toml"
    text = path.read_text()
    text = text.replace('id = "a1"\nname = "Swift"\ntype = "aircraft"\npresence = 2\n'
                        'stats = { M = 5, F = 4, A = 2, D = 1 }\n', "")
    text = text.replace("[[elements]]\n\n[[rounds]]", "[[rounds]]")
    text = text.replace('"m2", "a1"]', '"m2"]')
    path.write_text(text)
    assert pin(read_roster(path)) != pin(read_roster(club / "lists" / "B.toml"))
    return path


def test_registration_keeps_each_lists_content(club: Path, capsys):
    """event new, join and accept keep the list as registered, whose pin is the pin held."""
    event = new(club, capsys)
    assert cli(capsys, "join", str(event), str(club / "lists" / "C.toml"))[0] == 0
    text = event.read_text()  # laid out as a roster file is, to read and edit by hand
    assert "[commanders.registered]" in text and "[[commanders.registered.elements]]" in text
    for commander in load_event(event).event.commanders:
        assert commander.registered is not None and pin(commander.registered) == commander.pin
        assert commander.registered == read_roster(club / "lists" / f"{commander.name}.toml")
    changed = change(club)
    assert cli(capsys, "accept", str(event), "A")[0] == 0
    a = load_event(event).event.commander("A")
    assert a.registered == read_roster(changed) and pin(a.registered) == a.pin


def test_a_refused_change_leaves_the_event_on_the_registered_list(club: Path, capsys):
    event = new(club, capsys)
    fc_left = load_event(event).remaining()
    changed = change(club)
    changed_text = changed.read_text()
    assert cli(capsys, "refuse", str(event), "A")[0] == 0
    assert changed.read_text() == changed_text  # never written without asking
    loaded = load_event(event)
    assert loaded.remaining() == fc_left  # FC left of the registered list (OtH p.48)
    assert cli(capsys, "pair", str(event))[0] == 0
    # A loses the Halberd and the aircraft the registered list has (OtH p.46): B's tie-break
    # 5 is their registered Presence 3 + 2 (OtH p.47), so no warning
    status, _out, err = cli(capsys, "result", str(event), "A", "2", "0", "--destroyed",
                            "m1", "a1")
    assert status == 0, err
    status, _out, err = cli(capsys, "result", str(event), "B", "6", "5")
    assert status == 0 and "tie-break" not in err, err
    assert load_event(event).benched("A") == ["m1", "a1"]
    # the slip prints the registered pin and says the refused change is not played
    slips = cli(capsys, "slips", str(event))[1]
    registered = load_event(event).event.commander("A").pin
    assert f"pin {short_pin(registered)}" in slips
    assert "change refused: the registered list is played" in slips


def test_a_pending_change_is_not_played_before_it_is_accepted(club: Path, capsys):
    """Until the organiser accepts it, a change has no effect on the event."""
    event = new(club, capsys)
    fc_left = load_event(event).remaining()
    change(club)
    loaded = load_event(event)
    assert loaded.changed() == ["A"] and loaded.remaining() == fc_left
    assert cli(capsys, "accept", str(event), "A")[0] == 0
    assert load_event(event).remaining()["A"] != fc_left["A"]


def test_refuse_restore_writes_the_registered_list_back(club: Path, capsys):
    event = new(club, capsys)
    registered = (club / "lists" / "A.toml").read_text()
    changed = change(club)
    changed_text = changed.read_text()
    status, out, err = cli(capsys, "refuse", str(event), "A", "--restore")
    assert status == 0, err
    assert "wrote the registered list back" in out and "A.toml.bak" in out
    assert pin(read_roster(changed)) == load_event(event).event.commander("A").pin
    assert read_roster(changed) == read_roster(club / "lists" / "B.toml").model_copy(
        update={"name": "TF A", "commander": "A"})
    assert changed.with_name("A.toml.bak").read_text() == changed_text  # the change kept
    assert "#" in changed.read_text() and registered.splitlines()[0] in changed.read_text()
    loaded = load_event(event)
    assert loaded.changed() == [] and loaded.event.commander("A").refused is None
    assert "A's list" not in cli(capsys, "standings", str(event))[2]
    # a change refused earlier can be written back later
    change(club)
    assert cli(capsys, "refuse", str(event), "A")[0] == 0
    assert cli(capsys, "refuse", str(event), "A", "--restore")[0] == 0
    assert load_event(event).changed() == []


def test_restore_without_a_registered_copy_is_a_clear_error(club: Path, capsys):
    """An event file written before copies were kept: the list cannot be written back."""
    import tomli_w

    event = new(club, capsys)
    data = load_event(event).event.model_dump(mode="json", exclude_none=True)
    for commander in data["commanders"]:
        del commander["registered"]
    event.write_text(tomli_w.dumps(data))
    changed = change(club)
    before = changed.read_text()
    status, _out, err = cli(capsys, "refuse", str(event), "A", "--restore")
    assert status == 2 and "no copy of A's registered list" in err
    assert changed.read_text() == before


def test_a_hand_edited_registered_copy_is_a_located_error(club: Path, capsys):
    event = new(club, capsys)
    text = event.read_text()
    assert text.count("presence = 3") >= 3
    event.write_text(text.replace("presence = 3", "presence = 4", 1))
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 2 and "commanders[1].registered" in err and "pin" in err
    line = int(err.split(f"{event}:")[1].split(":")[0])
    assert 0 < line <= len(text.splitlines())
    # the copy and its pin edited alike: the copy is still judged as a roster file is
    import tomllib

    import tomli_w

    from horizon_builder.roster.models import Roster

    data = tomllib.loads(text)
    copy = data["commanders"][0]["registered"]
    copy["elements"][4]["type"] = "mekk"
    data["commanders"][0]["pin"] = pin(Roster.model_validate(copy))
    event.write_text(tomli_w.dumps(data))
    change(club)  # the registered list is what the event plays
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 2 and "commanders[1].registered.elements[5].type" in err, err
    assert "unknown element type 'mekk'" in err


def test_an_unreadable_list_file_goes_on_with_the_registered_copy(club: Path, capsys):
    """A list file deleted or broken after registration: the registered copy stands, it is
    said, and --restore writes it back."""
    event = new(club, capsys)
    a_list = club / "lists" / "A.toml"
    a_list.unlink()
    status, _out, err = cli(capsys, "standings", str(event))
    assert status == 0 and "A's list lists/A.toml cannot be read" in err
    assert "registered list stands" in err
    assert cli(capsys, "refuse", str(event), "A", "--restore")[0] == 0
    assert pin(read_roster(a_list)) == load_event(event).event.commander("A").pin


async def test_f_refuses_and_asks_before_writing_the_list_back(club: Path, capsys):
    """On the Event screen f refuses the change (undoable) and asks whether to write the
    registered list back: no leaves the file as it is, yes writes it (the change kept
    in NAME.toml.bak)."""
    from textual.widgets import DataTable

    from horizon_builder.tui.app import HorizonApp
    from horizon_builder.tui.common.dialogs import ConfirmDialog
    from horizon_builder.tui.event.event_screen import EventScreen

    event = new(club, capsys)
    fc_left = load_event(event).remaining()
    changed = change(club)
    changed_text = changed.read_text()
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await shown(pilot, EventScreen)
        table = screen.query_one(DataTable)
        table.move_cursor(row=table.get_row_index("A"))
        await pilot.press("f")
        await shown(pilot, ConfirmDialog)
        await pilot.press("n")
        await shown(pilot, EventScreen)
        await until(pilot, lambda: load_event(event).event.commander("A").refused is not None,
                    "the change refused")
        assert changed.read_text() == changed_text
        assert load_event(event).remaining() == fc_left
        assert str(table.get_cell("A", "FC left")) == str(fc_left["A"])
        await pilot.press("f")
        await shown(pilot, ConfirmDialog)
        await pilot.press("y")
        await shown(pilot, EventScreen)
        await until(pilot, lambda: load_event(event).changed() == [], "the list written back")
        assert changed.with_name("A.toml.bak").read_text() == changed_text
        assert load_event(event).event.commander("A").refused is None


def test_restore_never_turns_a_json_list_into_toml(club: Path, capsys):
    """A list registered from JSON (an export, or a roster as JSON) is not overwritten with a
    roster TOML: the write-back is refused, saying where the registered list is."""
    import json

    from horizon_builder.roster.io import roster_to_data

    a_json = club / "lists" / "A.json"
    a_json.write_text(json.dumps(roster_to_data(read_roster(club / "lists" / "A.toml"))))
    event = club / "event.toml"
    assert cli(capsys, "new", str(event), "--preset", str(club / "club.toml"), str(a_json),
               str(club / "lists" / "B.toml"))[0] == 0
    data = json.loads(a_json.read_text())
    data["name"] = "TF A, changed"
    a_json.write_text(json.dumps(data))
    before = a_json.read_text()
    status, _out, err = cli(capsys, "refuse", str(event), "A", "--restore")
    assert status == 2 and "not a roster file (.toml)" in err and "[commanders.registered]" in err
    assert a_json.read_text() == before
    assert cli(capsys, "refuse", str(event), "A")[0] == 0  # refusing alone is fine
