"""Event night, item by item (issue 23): byes, corrections, the last round, registration
judged and pinned, commanders dropping out and joining, tie-breaks against recorded losses,
and file errors (OtH p.45-48)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from helpers_event import TASK_FORCE, cli, write_lists, write_preset

from horizon_builder.cli.main import main
from horizon_builder.event.edits import with_result
from horizon_builder.event.io import load_event
from horizon_builder.event.models import Battle, EventRound


@pytest.fixture
def club(tmp_path: Path) -> Path:
    write_lists(tmp_path / "lists", "ABCDE")
    write_preset(tmp_path / "club.toml")
    return tmp_path


def new(club: Path, capsys, names: str = "ABCD", *extra: str) -> Path:
    event = club / "event.toml"
    assert cli(capsys, "new", str(event), "--preset", str(club / "club.toml"), *extra,
               *(str(club / "lists" / f"{n}.toml") for n in names))[0] == 0
    return event


def test_a_bye_is_complete_when_paired():
    """Our reading (README): a bye scores nothing and needs no result, so the round is done
    once its battles have results."""
    assert EventRound(battles=(Battle(table=1, red="A"),)).done
    assert EventRound(battles=(Battle(table=1, red="A"),)).bye() == "A"


def test_correction_keeps_who_when_old_and_new(club: Path, capsys):
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    cli(capsys, "result", str(event), "A", "5", "2", "--destroyed", "m1")
    loaded = load_event(event)
    with pytest.raises(ValueError, match="already has a result in round 1"):
        with_result(loaded, "A", 6, 2)
    fixed = with_result(loaded, "A", 6, 2, correct=True, when="2026-11-25T21:00:00+00:00")
    [fix] = fixed.corrections
    assert fix.commander == "A" and fix.when.startswith("2026-11-25")
    assert fix.old.destroyed == ("m1",) and fix.new.victory_points == 6
    # the same result again is no correction
    assert with_result(loaded, "A", 5, 2, ["m1"]).corrections == ()


def test_pairing_past_the_last_round_is_refused(club: Path, capsys):
    event = new(club, capsys, "AB")
    for _ in range(3):
        assert cli(capsys, "pair", str(event))[0] == 0
        cli(capsys, "result", str(event), "A", "1", "0")
        cli(capsys, "result", str(event), "B", "1", "0")
    before = event.read_bytes()
    status, _out, err = cli(capsys, "pair", str(event))
    assert status == 2 and "round 3 is its last" in err and event.read_bytes() == before


def test_illegal_list_refused_at_registration_unless_admitted(club: Path, capsys):
    bad = club / "lists" / "C.toml"
    bad.write_text(bad.read_text().replace("force_cost = 12", "force_cost = 14"))
    event = club / "event.toml"
    args = ("new", str(event), "--preset", str(club / "club.toml"),
            str(club / "lists" / "A.toml"), str(bad))
    status, _out, err = cli(capsys, *args)
    assert status == 2 and not event.exists()
    assert "C.toml" in err and "C's list is NOT LEGAL" in err and "built to FC 14" in err
    assert cli(capsys, *args, "--admit-illegal")[0] == 0
    commanders = {c.name: c for c in load_event(event).event.commanders}
    assert commanders["C"].admitted is not None and "built to FC 14" in commanders["C"].admitted
    assert commanders["A"].admitted is None and len(commanders["A"].pin or "") == 64


def test_every_command_names_a_list_changed_since_registration(club: Path, capsys):
    event = new(club, capsys, "AB")
    a_list = club / "lists" / "A.toml"
    a_list.write_text(a_list.read_text().replace('name = "Pike"', 'name = "Spear"'))
    for args in (("pair", str(event)), ("standings", str(event)),
                 ("result", str(event), "A", "1", "0")):
        assert "A's list lists/A.toml changed since registration" in cli(capsys, *args)[2]
    # comments and layout are not a change
    a_list.write_text("# reformatted\n" + a_list.read_text().replace('name = "Spear"',
                                                                     'name = "Pike"'))
    assert "changed since registration" not in cli(capsys, "standings", str(event))[2]


def test_two_lists_with_one_commander_name_both_files(club: Path, capsys):
    """The name comes from the file name when a list has none: two such lists clash."""
    other = club / "other"
    other.mkdir()
    for folder in (club / "lists", other):
        (folder / "Zed.toml").write_text(TASK_FORCE)
    status, _out, err = cli(capsys, "new", str(club / "event.toml"), "--preset",
                            str(club / "club.toml"), str(club / "lists" / "Zed.toml"),
                            str(other / "Zed.toml"))
    assert status == 2 and "lists/Zed.toml" in err and "other/Zed.toml" in err
    assert "'Zed'" in err and not (club / "event.toml").exists()


def test_drop_out_and_late_entrant(club: Path, capsys):
    event = new(club, capsys, "ABC")
    cli(capsys, "pair", str(event))
    for battle in load_event(event).event.rounds[0].battles:
        for name in battle.players if battle.blue else ():
            cli(capsys, "result", str(event), name, "3", "1")
    assert cli(capsys, "drop", str(event), "A")[0] == 0
    assert cli(capsys, "join", str(event), str(club / "lists" / "D.toml"))[0] == 0
    assert cli(capsys, "join", str(event), str(club / "lists" / "D.toml"))[0] == 2  # taken
    cli(capsys, "pair", str(event))
    loaded = load_event(event)
    playing = {n for b in loaded.event.rounds[1].battles for n in b.players}
    assert playing == {"B", "C", "D"}
    assert any("A" in b.players for b in loaded.event.rounds[0].battles)  # results kept
    assert "A (dropped out)" in cli(capsys, "standings", str(event))[1]


def test_a_late_entrant_without_a_bye_is_the_lowest_placed_to_have_it(club: Path, capsys):
    """Our reading (docs/rules.md, issue 33 item 14): the rounds before a commander joined
    are not byes, so with an odd number the bye goes to the lowest placed commander who
    has not had one: here the late entrant (0 VP), not a contender who played every round
    (the reading before gave it to the lowest placed of those, who then scored nothing)."""
    event = new(club, capsys, "ABCD")
    cli(capsys, "pair", str(event))
    for battle in load_event(event).event.rounds[0].battles:
        cli(capsys, "result", str(event), battle.red, "5", "2")  # Red wins each table
        cli(capsys, "result", str(event), str(battle.blue), "2", "1")
    assert cli(capsys, "join", str(event), str(club / "lists" / "E.toml"))[0] == 0
    cli(capsys, "pair", str(event))
    loaded = load_event(event).event
    assert loaded.rounds[1].bye() == "E"
    assert all(b.blue is not None for b in loaded.rounds[1].battles if "E" not in b.players)


def test_invisible_characters_in_names_are_shown_escaped():
    from horizon_builder.event.names import shown

    assert shown("Ann\u200b") == "Ann\\u200b" and shown("Ann") == "Ann"
    assert shown("A\u202eB") != "A\u202eB" and shown("Zoë") == "Zoë"


def test_tie_break_against_recorded_losses_is_a_warning(club: Path, capsys):
    """Tie-break points are the Presence of the enemy elements destroyed (OtH p.47)."""
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    cli(capsys, "result", str(event), "A", "5", "3", "--destroyed", "m1", "m2")  # P 3 + 2
    status, _out, err = cli(capsys, "result", str(event), "B", "4", "3")
    assert status == 0 and "B's tie-break is 3, but the elements A lost have Presence 5" in err


def test_tie_break_may_be_1_lower_for_each_aircraft_whose_pilot_was_rescued(club: Path, capsys):
    """A destroyed aircraft whose pilot was rescued counts 1 P less for the tie-break (OtH p.47):
    A lost Mech m1 (P3) and Aircraft a1 (P2), so B's tie-break may be 4 or 5, not 3."""
    event = new(club, capsys, "AB")
    cli(capsys, "pair", str(event))
    cli(capsys, "result", str(event), "A", "5", "3", "--destroyed", "m1", "a1")
    for tie_break, again in (("5", ()), ("4", ("--correct",))):
        status, _out, err = cli(capsys, "result", str(event), "B", "4", tie_break, *again)
        assert status == 0 and "tie-break" not in err, (tie_break, err)
    status, _out, err = cli(capsys, "result", str(event), "B", "4", "3", "--correct")
    assert status == 0
    assert ("B's tie-break is 3, but the elements A lost have Presence 4-5 (1 aircraft: 1 P "
            "less each if its pilot was rescued) (OtH p.47)") in err


def test_full_disk_leaves_the_event_file_as_it_was(club: Path, capsys, monkeypatch):
    import errno

    from horizon_builder.files import tomlfile

    event = new(club, capsys, "AB")
    before = event.read_bytes()

    def full(*_args, **_kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tomlfile, "_write_atomic", full)
    status, _out, err = cli(capsys, "pair", str(event))
    assert status == 2 and "event.toml: cannot write the event file: No space left" in err
    assert event.read_bytes() == before


def test_read_only_event_file_is_a_user_error(club: Path, capsys):
    event = new(club, capsys, "AB")
    event.chmod(0o444)
    status, _out, err = cli(capsys, "pair", str(event))
    assert status == 2 and "event.toml" in err and "read-only" in err


def test_output_errors_are_user_errors(club: Path, capsys):
    event = new(club, capsys, "AB")
    status, _out, err = cli(capsys, "standings", str(event), "-o", str(club / "no" / "s.txt"))
    assert status == 2 and "does not exist" in err
    fifo = club / "pipe.txt"
    os.mkfifo(fifo)
    status, _out, err = cli(capsys, "standings", str(event), "-o", str(fifo))
    assert status == 2 and "pipe.txt: cannot write: not a regular file" in err
    target = club / "s.txt"
    target.write_text("old")
    assert cli(capsys, "standings", str(event), "-o", str(target))[0] == 0
    assert "Club" in target.read_text()


def test_organisers_check_takes_the_events_fc(tmp_path: Path, capsys):
    """`check --event`: a Task Force built to FC 20 for an FC 16 event gets the limit of twice
    the event's FC (32, OtH p.46), and a battlegroup is NOT LEGAL, not a Task Force."""
    big = TASK_FORCE.replace("force_cost = 12", "force_cost = 20")
    extra = "".join(f'\n[[elements]]\nid = "x{i}"\nname = "Extra {i}"\ntype = "hvy_cav"\n'
                    'presence = 3\nstats = { M = 4, F = 5, A = 5, D = 1 }\n' for i in range(6))
    (tmp_path / "big.toml").write_text(big + extra)  # FP 17 + 18 = 35: over 32, under 40
    (tmp_path / "bg.toml").write_text(TASK_FORCE.replace('kind = "task_force"',
                                                         'kind = "battlegroup"'))
    status = main(["check", "--event", "oth-tournament", "--format", "json",
                   str(tmp_path / "big.toml"), str(tmp_path / "bg.toml")])
    import json

    big_report, bg_report = json.loads(capsys.readouterr().out)
    assert status == 1
    over = [f for f in big_report["findings"] if f["code"] == "tf-presence-over-limit"]
    assert over and "FC 16 (32, OtH p.46)" in over[0]["message"]
    assert not bg_report["legal"]
    assert "event-battlegroup" in {f["code"] for f in bg_report["findings"]}


# --- any event file: a clear message or a result, never an internal error ----------------

def _event_data():
    from hypothesis import strategies as st

    name = st.sampled_from(["A", "B"] * 4 + ["C", "Zed", "", "A\u200b"])
    number = st.one_of(st.integers(0, 12), st.integers(-3, 40), st.sampled_from(["7", 1.5]))
    result = st.fixed_dictionaries({"victory_points": number, "tie_break": number},
                                   optional={"destroyed": st.lists(st.sampled_from(
                                       ["m1", "m2", "x", 3]), max_size=3)})
    battle = st.fixed_dictionaries(
        {"table": st.integers(0, 4), "red": name},
        optional={"blue": name, "red_result": result, "blue_result": result})
    commander = st.fixed_dictionaries(
        {"name": name, "list": st.sampled_from(["lists/A.toml", "lists/B.toml"] * 3
                                                + ["nowhere.toml"])},
        optional={"pin": st.sampled_from(["0" * 64, "xyz", "a" * 64]),
                  "dropped": st.booleans(), "refused": st.sampled_from(["0" * 64, "no"]),
                  "admitted": st.text(max_size=10)})
    commander = st.builds(_with_copy, commander, st.one_of(st.none(), _registered()))
    correction = st.fixed_dictionaries({"round": st.integers(0, 3), "commander": name,
                                        "when": st.text(max_size=5), "old": result,
                                        "new": result})
    return st.fixed_dictionaries(
        {"name": st.just("Fuzz"), "preset": st.sampled_from(["club.toml"] * 4
                                                             + ["oth-tournament", "missing"])},
        optional={"commanders": st.lists(commander, max_size=4),
                  "rounds": st.lists(st.fixed_dictionaries(
                      {"battles": st.lists(battle, max_size=3)}), max_size=3),
                  "corrections": st.lists(correction, max_size=2)})


def _registered():
    """A copy of a registered list (the example Task Force), maybe edited by hand, and
    whether its pin is made to match it."""
    import tomllib

    from hypothesis import strategies as st

    edits = st.lists(st.tuples(st.integers(0, 6), st.sampled_from(
        ["type", "presence", "id", "stats", "name"]), st.sampled_from(
        ["mekk", -1, 99, "m1", "", {"M": 9}, None])), max_size=2)
    return st.tuples(st.just(tomllib.loads(TASK_FORCE)), edits, st.booleans())


def _with_copy(commander: dict, copy: tuple | None) -> dict:
    import copy as copying

    from pydantic import ValidationError

    from horizon_builder.roster.models import Roster
    from horizon_builder.roster.pin import pin

    if copy is None:
        return commander
    data, edits, pinned = copying.deepcopy(copy[0]), copy[1], copy[2]
    for index, key, value in edits:
        if value is None:
            data["elements"][index].pop(key, None)
        else:
            data["elements"][index][key] = value
    out = {**commander, "registered": data}
    if pinned:
        with contextlib.suppress(ValidationError):
            out["pin"] = pin(Roster.model_validate(data))
    return out


STATUSES: list[int] = []


def test_any_event_file_gives_a_result_or_a_clear_error(tmp_path_factory):
    """Property: whatever an event file holds (hand-edited names, results, pins, corrections,
    copies of registered lists), every event command ends with 0 or a located error (exit 2),
    never an internal error."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    import tomli_w
    from hypothesis import HealthCheck, given, settings

    folder = tmp_path_factory.mktemp("fuzz")
    lists = {path: path.read_text() for path in write_lists(folder / "lists", "AB")}
    (folder / "lists" / "A.toml").write_text(lists[folder / "lists" / "A.toml"].replace(
        '"Pike"', '"Spear"'))  # changed since registration
    lists = {path: path.read_text() for path in lists}
    write_preset(folder / "club.toml")

    @settings(max_examples=60, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(data=_event_data())
    def check(data):
        data = {k: v for k, v in data.items()}
        try:
            text = tomli_w.dumps(_drop_none(data))
        except (TypeError, ValueError):
            return
        event = folder / "event.toml"
        for args in (("standings",), ("pair",), ("result", "A", "3", "1", "--correct"),
                     ("accept", "A"), ("refuse", "B"), ("drop", "A"),
                     ("refuse", "A", "--restore"), ("slips",)):
            event.write_text(text)
            for list_file, list_text in lists.items():  # as --restore may have written it
                list_file.write_text(list_text)
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
                status = main(["event", args[0], str(event), *args[1:]])
            assert status in (0, 2), (args, text, err.getvalue())
            STATUSES.append(status)

    check()
    assert 0 in STATUSES  # some files were events the commands could run on


def _drop_none(value):
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value if v is not None]
    return value


def test_an_event_without_pins_is_named_and_accept_pins_it(club: Path, capsys):
    """An event file written before pins (or by hand): each list is named, accept pins it."""
    import tomli_w

    event = new(club, capsys, "AB")
    data = load_event(event).event.model_dump(mode="json", exclude_none=True)
    for commander in data["commanders"]:  # nor a copy of the registered list
        del commander["pin"], commander["registered"]
    event.write_text(tomli_w.dumps(data))
    err = cli(capsys, "standings", str(event))[2]
    assert "A's list lists/A.toml has no pin" in err and "B's list" in err
    assert cli(capsys, "refuse", str(event), "A")[0] == 2
    assert cli(capsys, "accept", str(event), "A")[0] == 0
    err = cli(capsys, "standings", str(event))[2]
    assert "A's list" not in err and "B's list lists/B.toml has no pin" in err


def test_a_lost_superflyer_allows_the_rescued_pilot_too():
    """A superflyer is an aircraft (OtH p.47 ejection; ElementType.is_a("aircraft"), as
    checks.common.is_aircraft asks): losing one (the example's Vulcan-2, P5) lets the
    opponent's tie-break be 4 or 5 without a warning, and 3 is flagged."""
    from types import SimpleNamespace

    from horizon_builder.event.io import tie_break_notes
    from horizon_builder.event.models import Event, Result
    from horizon_builder.files.resources import examples_dir
    from horizon_builder.roster.io import load

    loaded_list = load(examples_dir() / "oth-superweapons.toml")
    flyer = next(e for e in loaded_list.roster.elements if e.type == "superflyer")
    notes = {}
    for tie_break in (5, 4, 3):
        battle = Battle(table=1, red="A", blue="B",
                        red_result=Result(victory_points=1, tie_break=0, destroyed=(flyer.id,)),
                        blue_result=Result(victory_points=5, tie_break=tie_break))
        event = Event(name="E", preset="p", rounds=(EventRound(battles=(battle,)),))
        loaded = SimpleNamespace(event=event, lists={"A": loaded_list})
        notes[tie_break] = tie_break_notes(loaded)  # type: ignore[arg-type]
    assert flyer.presence == 5 and notes[5] == [] and notes[4] == []
    assert notes[3] and "Presence 4-5 (1 aircraft" in notes[3][0]
