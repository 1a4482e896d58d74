"""What Python itself refuses never stops a file kind (issue 44 item 4).

An integer of more than 4,300 digits is past what Python converts from text (tomllib and
json raise ValueError "Exceeds the limit (4300 digits) for integer string conversion"); a
hexadecimal one of any length is read, and then cannot be printed. Every file kind the app
reads (a roster, a rules layer, your rulebook, the preferences, an autosave, an event and a
campaign file) refuses an integer beyond TOML's own 64-bit range as a located problem: the
file, its line, what. One such list never stops a folder's check; the app starts with such
preferences, rulebook or autosave and says so, the file kept. A name the system refuses
(longer than a file name may be, a NUL in it) where a file names a file is located too."""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from fuzzing import check_cli, check_loaded, roster_seeds, ruleset_seeds
from helpers_event import write_lists, write_preset
from helpers_tui import EXAMPLES, SIZE, copy_example, notices, row_names, shown, until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input, Static

from horizon_builder.cli.main import main
from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import read_toml
from horizon_builder.files.tomlscan import INT_RANGE, MAX_DIGITS
from horizon_builder.roster.io import load
from horizon_builder.rules.personal import personal_rules_path
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import LoadErrorDialog
from horizon_builder.tui.event.event_screen import EventScreen
from horizon_builder.userfiles import prefs
from horizon_builder.userfiles.autosave import AutosaveStore

HVY_CAV = "hvy-cav-battlegroup.toml"
BIG = "1" * 5000  # past Python's 4,300 digits
SAID = "an integer of 5,000 digits"
LONG_NAME = "p" * 300  # past the 255 bytes of a file name


def _cli(*args: str) -> tuple[int, str]:
    """The command line in this process: its exit status and all it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    printed = out.getvalue() + err.getvalue()
    assert "Traceback" not in printed and "internal error" not in printed, printed[-800:]
    return status, printed


def _with_big(path: Path, old: str, new: str) -> Path:
    """``path`` with its first ``old`` replaced by ``new`` (which holds the big integer)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


# --- each file kind: a located problem, never a traceback --------------------------------

def test_a_roster_with_a_5000_digit_integer(tmp_path: Path) -> None:
    roster = _with_big(copy_example(tmp_path, HVY_CAV), "force_cost = 15", f"force_cost = {BIG}")
    status, printed = _cli("check", str(roster))
    assert status == 2
    assert f"{roster}:{_line_of(roster, BIG)}: {SAID}" in printed and "64-bit" in printed
    with pytest.raises(LoadError) as caught:
        load(roster)
    [problem] = caught.value.problems
    assert problem.path == str(roster) and problem.line == 5 and SAID in problem.message


def test_a_hexadecimal_integer_is_refused_at_its_key(tmp_path: Path) -> None:
    """Read by tomllib (no limit for base 16), then unprintable: refused with its key, even
    where a text is expected (pydantic's message would quote it back)."""
    roster = _with_big(copy_example(tmp_path, HVY_CAV), 'name = "Lancer Troop A"',
                       "name = 0x" + "f" * 4000)
    status, printed = _cli("check", str(roster))
    assert status == 2
    assert f"{roster}:21: elements[2].name: an integer of 4,817 digits" in printed


@pytest.mark.parametrize(("literal", "said"), [
    ("1" * 5_000_000, "an integer of 5,000,000 digits"),
    ("-" + "1_" * 3000 + "1", "an integer of 3,001 digits"),
    ("0x" + "f" * 5_000_000, "an integer of 5,000,000 hexadecimal digits"),
    ("1." + "0" * 5_000_000, "a number with a run of 5,000,000 digits (at most 4,300)"),
    ("1e-" + "0" * 5_000_000, "a number with a run of 5,000,000 digits (at most 4,300)"),
], ids=["decimal", "underscores", "hexadecimal", "fraction", "exponent"])
def test_a_number_past_4300_digits_is_refused_before_it_is_parsed(tmp_path: Path, monkeypatch,
                                                                   literal: str, said: str) -> None:
    """tomllib takes memory in proportion as it reads a number (600 MB for one of 5 MB, a
    float as much as an integer): the look before it refuses one of more than MAX_DIGITS."""
    import tomllib as parser

    def never(*_args: object, **_kw: object) -> None:
        raise AssertionError("parsed")

    path = tmp_path / "r.toml"
    path.write_text(f"format = 1\n\nforce_cost = {literal}\n")
    monkeypatch.setattr(parser, "loads", never)
    with pytest.raises(LoadError) as caught:
        read_toml(path)
    [problem] = caught.value.problems
    assert problem.line == 3 and problem.message.startswith(said), problem.message
    path.write_text(f"format = 1\nforce_cost = {'9' * MAX_DIGITS}\n")  # as long as it may be
    with pytest.raises(AssertionError, match="parsed"):
        read_toml(path)


@pytest.mark.parametrize("value", [str(INT_RANGE[1] + 1), str(INT_RANGE[0] - 1), "1" + "0" * 4000])
def test_an_integer_past_64_bits_is_refused_though_python_reads_it(tmp_path: Path,
                                                                   value: str) -> None:
    roster = _with_big(copy_example(tmp_path, HVY_CAV), "M = 4, F = 5", f"M = {value}, F = 5")
    with pytest.raises(LoadError) as caught:
        load(roster)
    [problem] = caught.value.problems
    assert (problem.line, problem.key) == (17, "elements[1].stats.M")
    assert "beyond TOML's 64-bit integers" in problem.message


def test_the_64_bit_edges_are_read(tmp_path: Path) -> None:
    path = tmp_path / "edges.toml"
    path.write_text(f"low = {INT_RANGE[0]}\nhigh = {INT_RANGE[1]}\n")
    assert read_toml(path)[0] == {"low": INT_RANGE[0], "high": INT_RANGE[1]}


def test_a_json_roster_with_a_5000_digit_integer(tmp_path: Path) -> None:
    roster = tmp_path / "list.json"
    roster.write_text('{"format": 1,\n "kind": "battlegroup",\n "force_cost": ' + BIG + "}\n")
    status, printed = _cli("check", str(roster))
    assert status == 2 and f"{roster}:3: {SAID}" in printed


def test_a_rules_layer_with_a_5000_digit_integer(tmp_path: Path) -> None:
    layer = tmp_path / "house.toml"
    layer.write_text(f"[event]\nname = \"House\"\nforce_cost = {BIG}\n")
    status, printed = _cli("check", str(EXAMPLES / HVY_CAV), "--ruleset", str(layer))
    assert status == 2 and f"{layer}:3: {SAID}" in printed


def test_your_rulebook_with_a_5000_digit_integer_is_left_out_with_a_warning() -> None:
    rulebook = personal_rules_path()
    rulebook.parent.mkdir(parents=True, exist_ok=True)
    rulebook.write_text(f"[event]\nforce_cost = {BIG}\n")
    status, printed = _cli("check", str(EXAMPLES / HVY_CAV))
    assert status == 0 and "3rd Lancers Battlegroup" in printed  # checked by the book data
    assert f"your rulebook is left out: {rulebook}:2: {SAID}" in printed
    assert rulebook.read_text() == f"[event]\nforce_cost = {BIG}\n"  # never touched


def test_preferences_with_a_5000_digit_integer_are_kept_aside_with_a_message() -> None:
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f'theme = "textual-light"\nwidth = {BIG}\n'
    path.write_text(text)
    prefs.take_problems()
    assert prefs.load_prefs() == {}
    [message] = prefs.take_problems()
    assert f"{path}:2: {SAID}" in message and "prefs.toml.bad" in message
    assert path.with_name("prefs.toml.bad").read_text() == text  # kept, not deleted


def test_an_autosave_with_a_5000_digit_integer_is_kept_aside_with_a_message(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "autosave")
    roster = load(EXAMPLES / HVY_CAV).roster
    file = store.write(store.file_for(None), roster, None)
    _with_big(file, "force_cost = 15", f"force_cost = {BIG}")
    text = file.read_text()
    entries, [message] = store.entries()
    assert entries == []
    line = _line_of(Path(str(file) + ".bad"), BIG)
    assert f"{file.name} could not be read (line {line}: {SAID}" in message
    assert Path(str(file) + ".bad").read_text() == text


def _event(folder: Path) -> Path:
    lists = write_lists(folder, "ABCD")
    event = folder / "event.toml"
    status, _ = _cli("event", "new", str(event), "--preset",
                     str(write_preset(folder / "club.toml")), *map(str, lists))
    assert status == 0
    return event


def test_an_event_file_with_a_5000_digit_integer(tmp_path: Path) -> None:
    event = _with_big(_event(tmp_path), "seed = 0", f"seed = {BIG}")
    for command in ("standings", "pair"):
        status, printed = _cli("event", command, str(event))
        assert status == 2 and f"{event}:{_line_of(event, BIG)}: {SAID}" in printed


def test_a_campaign_file_with_a_5000_digit_integer(tmp_path: Path) -> None:
    campaign = tmp_path / "league.toml"
    assert _cli("campaign", "new", str(campaign), "--name", "League")[0] == 0
    _with_big(campaign, "new_handicap = 3", f"new_handicap = {BIG}")
    status, printed = _cli("campaign", "ladder", str(campaign))
    assert status == 2 and f"{campaign}:{_line_of(campaign, BIG)}: {SAID}" in printed


def test_one_such_list_never_stops_a_folders_check(tmp_path: Path) -> None:
    lists = write_lists(tmp_path / "lists", "ABC")
    _with_big(lists[1], "force_cost = 12", f"force_cost = {BIG}")
    preset = write_preset(tmp_path / "club.toml")
    status, printed = _cli("check", "--event", str(preset), str(tmp_path / "lists"))
    rows = {line.split()[0]: line for line in printed.splitlines() if ".toml " in line}
    assert "LEGAL" in rows["A.toml"] and "LEGAL" in rows["C.toml"]
    assert "UNREADABLE" in rows["B.toml"] and f"line 7: {SAID}" in rows["B.toml"]
    assert status == 2  # the one list that cannot be read


# --- numbers typed on the command line or in the app -------------------------------------

def test_numbers_typed_with_too_many_digits_are_refused_with_a_reason(tmp_path: Path) -> None:
    example = str(EXAMPLES / HVY_CAV)
    status, printed = _cli("adventure", example, "--situation", "1", "--lost", BIG)
    assert status == 2 and "a number of 5,000 digits is more than any force's FP" in printed
    status, printed = _cli("adventure", example, "--situation", "1", "--lost", "²")
    assert status == 2 and "no such element" in printed  # a digit int() does not read
    status, printed = _cli("adventure", example, "--situation", "2", "--momentum-left", "9" * 300)
    assert status == 0 and "Margin of victory" in printed  # a share past a float's range
    event = tmp_path / "event.toml"
    lists = write_lists(tmp_path, "AB")
    status, printed = _cli("event", "new", str(event), "--seed", "1" * 4000, "--preset",
                           str(write_preset(tmp_path / "club.toml")), *map(str, lists))
    assert status == 2 and "the seed: an integer of 4,000 digits" in printed
    assert not event.exists()  # never written, then unreadable
    _event(tmp_path / "night")
    status, printed = _cli("event", "result", str(tmp_path / "night" / "event.toml"), "A", BIG, "0")
    assert status == 2 and "a number of 5000 digits is not" in printed


def test_a_rule_value_typed_with_too_many_digits_is_refused() -> None:
    from horizon_builder.rules.values import RuleValue, parse_entry

    number = RuleValue("g", "item", "FC", "1", "book", "entered", "", key=("x",), kind="int")
    statline = RuleValue("g", "item", "stats", "", "book", "entered", "", key=("x",),
                         kind="statline", stats=("M", "F"))
    assert parse_entry(number, str(INT_RANGE[1])) == INT_RANGE[1]
    for value, text in ((number, BIG), (number, str(INT_RANGE[1] + 1)), (statline, f"M{BIG} F3"),
                        (statline, f"{BIG} 3")):
        with pytest.raises(ValueError, match="beyond TOML's 64-bit integers"):
            parse_entry(value, text)


# --- names the system refuses -------------------------------------------------------------

@pytest.mark.parametrize("preset", [LONG_NAME, LONG_NAME + ".toml", "a\\u0000b"],
                         ids=["long", "long.toml", "NUL"])
def test_an_event_whose_preset_cannot_be_a_file_name(tmp_path: Path, preset: str) -> None:
    event = _with_big(_event(tmp_path), 'preset = "club.toml"', f'preset = "{preset}"')
    status, printed = _cli("event", "standings", str(event))
    assert status == 2 and f"{event}:3: preset: no preset" in printed


def test_a_campaign_preset_too_long_to_be_a_file_name(tmp_path: Path) -> None:
    campaign = tmp_path / "league.toml"
    status, printed = _cli("campaign", "new", str(campaign), "--preset", LONG_NAME)
    assert status == 2 and f"{campaign}: no preset {LONG_NAME!r}" in printed
    assert not campaign.exists()
    assert _cli("campaign", "new", str(campaign), "--name", "League")[0] == 0
    _with_big(campaign, 'name = "League"', f'name = "League"\npreset = "{LONG_NAME}"')
    status, printed = _cli("campaign", "ladder", str(campaign))
    assert status == 2 and f"{campaign}:{_line_of(campaign, LONG_NAME)}: preset: no preset" in printed


@pytest.mark.parametrize(("name", "event_says"), [
    (LONG_NAME, "warning: A's list " + LONG_NAME + " cannot be read"),
    ("/" + "d/" * 3000 + "r.toml", ":9: commanders[1].list: String should have at most"),
], ids=["long", "deep"])
def test_a_list_or_house_rules_name_that_cannot_be_a_file_name(tmp_path: Path, name: str,
                                                                event_says: str) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    _with_big(roster, "format = 1", f'format = 1\noverrides = "{name}"')
    status, printed = _cli("check", str(roster))
    assert status == 2 and f"{roster}:3: overrides: overrides file" in printed
    event = _event(tmp_path / "night")
    _with_big(event, 'list = "A.toml"', f'list = "{name}"')
    status, printed = _cli("event", "standings", str(event))
    assert event_says in printed  # the registered copy stands, or the file is refused


# --- the app -------------------------------------------------------------------------------

def _texts(app: HorizonApp) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def test_the_app_starts_with_such_preferences_and_says_so(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    path = prefs.prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"theme = {BIG}\n")
    prefs.take_problems()
    app = HorizonApp(roster)
    said = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and bool(row_names(app)), "the roster shown")
        await until(pilot, lambda: any(SAID in s for s in said), "the message")
        assert any(f"{path}:1: {SAID}" in s and "prefs.toml.bad" in s for s in said)
        app.exit()
    assert path.with_name("prefs.toml.bad").read_text() == f"theme = {BIG}\n"


async def test_the_app_starts_with_such_a_rulebook_and_leaves_it_out(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    rulebook = personal_rules_path()
    rulebook.parent.mkdir(parents=True, exist_ok=True)
    rulebook.write_text(f"[event]\nforce_cost = {BIG}\n")
    app = HorizonApp(roster)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await shown(pilot, LoadErrorDialog)
        problems = str(dialog.query_one("#problems", Static).render())
        assert "my-rules.toml" in problems and "line 2" in problems and SAID in problems
        await pilot.press("escape")
        await until(pilot, lambda: app.loaded and bool(row_names(app)), "the roster shown")
        assert app.session.roster.name == "3rd Lancers Battlegroup"
        app.exit()
    assert rulebook.read_text() == f"[event]\nforce_cost = {BIG}\n"


async def test_the_app_starts_with_such_an_autosave_and_says_so(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    store = AutosaveStore()
    file = store.write(store.file_for(roster), load(roster).roster, roster)
    _with_big(file, "force_cost = 15", f"force_cost = {BIG}")
    text = file.read_text()
    app = HorizonApp(roster)
    said = notices(app)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded and bool(row_names(app)), "the roster shown")
        await until(pilot, lambda: any(SAID in s for s in said), "the message")
        assert any(file.name in s and "line " in s for s in said)
        app.exit()
    assert Path(str(file) + ".bad").read_text() == text


async def test_the_app_opens_such_a_roster_with_its_problem_located(tmp_path: Path) -> None:
    roster = _with_big(copy_example(tmp_path, HVY_CAV), "force_cost = 15", f"force_cost = {BIG}")
    app = HorizonApp(roster)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await shown(pilot, LoadErrorDialog)
        problems = str(dialog.query_one("#problems", Static).render())
        assert "line 5" in problems and SAID in problems
        app.exit()


@pytest.mark.parametrize("preset", [LONG_NAME, LONG_NAME + ".toml"], ids=["long", "long.toml"])
async def test_the_event_screen_names_a_preset_too_long_to_be_a_file(tmp_path: Path,
                                                                      preset: str) -> None:
    event = _with_big(_event(tmp_path), 'preset = "club.toml"', f'preset = "{preset}"')
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await shown(pilot, EventScreen)
        await until(pilot, lambda: "preset" in str(screen.query_one("#event-problem", Static)
                                                    .render()), "the problem said")
        problem = str(screen.query_one("#event-problem", Static).render())
        assert "event.toml:3: preset: no preset" in problem
        assert isinstance(app.screen, EventScreen)
        app.exit()


async def test_the_organisers_dialogs_say_a_name_too_long(tmp_path: Path) -> None:
    from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog, WriteFileDialog

    app = HorizonApp(copy_example(tmp_path, HVY_CAV))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded, "the roster")
        app.action_organiser()
        dialog = await shown(pilot, FolderAndPresetDialog)
        dialog.query_one("#org-path", Input).value = str(tmp_path)
        dialog.query_one("#org-preset-file", Input).value = LONG_NAME + ".toml"
        assert dialog.answer() == "Choose a shipped preset or type a preset file."
        dialog.query_one("#org-path", Input).value = str(tmp_path / LONG_NAME)
        assert dialog.answer() == "This path cannot be used: File name too long."
        dialog.dismiss(None)
        app.push_screen(WriteFileDialog("Export the table", "", str(tmp_path / LONG_NAME)))
        writer = await shown(pilot, WriteFileDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is writer
        assert "File name too long" in str(writer.query_one("#write-problem").render())


async def test_the_organisers_table_sorts_commanders_named_with_digits(tmp_path: Path) -> None:
    """A commander named "²" (a digit int() does not read) sorts as a word, never as a
    number (which raised ValueError in the sort); numbers sort as numbers."""
    from textual.widgets import DataTable

    from horizon_builder.tui.event.organiser_screen import OrganiserScreen

    lists = write_lists(tmp_path / "lists", "ABC")
    for path, commander in zip(lists, ["²", "12", "3"], strict=True):
        _with_big(path, f'commander = "{path.stem}"', f'commander = "{commander}"')
    app = HorizonApp(start=("organiser", tmp_path / "lists", write_preset(tmp_path / "club.toml")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, OrganiserScreen)
                    and app.screen.query_one(DataTable).row_count == 3, "the lists judged")
        table = app.screen.query_one(DataTable)
        column = table.columns["commander"]
        index = list(table.columns).index(column.key)
        table.post_message(DataTable.HeaderSelected(table, column.key, index, column.label))
        await pilot.pause()
        assert [str(v) for v in table.get_column("commander")] == ["3", "12", "²"]
        assert isinstance(app.screen, OrganiserScreen)


# --- generated: any integer at any key ------------------------------------------------------

def _edge(number: int) -> tuple[str, bool]:
    return str(number), not INT_RANGE[0] <= number <= INT_RANGE[1]


#: Integers of every magnitude as TOML writes them, each with whether it is past 64 bits:
#: small, at the 64-bit edges, powers of ten up to 6,000 digits (signed, or with underscores),
#: hexadecimal of up to 5,000 digits (read by tomllib whatever their length).
NUMBERS = st.one_of(
    st.integers(-100, 100).map(_edge),
    st.integers(INT_RANGE[0] - 2, INT_RANGE[0] + 2).map(_edge),
    st.integers(INT_RANGE[1] - 2, INT_RANGE[1] + 2).map(_edge),
    st.tuples(st.sampled_from(["", "-", "+"]), st.integers(0, 6000)).map(
        lambda t: (f"{t[0]}1{'0' * t[1]}", t[1] >= 19)),
    st.integers(0, 6000).map(lambda k: ("_".join("1" + "0" * k), k >= 19)),
    st.integers(1, 5000).map(lambda k: ("0x" + "f" * k, k >= 16)),
)
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _placed(seed_data: dict[str, Any], rng: random.Random, literal: str) -> str:
    """A copy of ``seed_data`` with ``literal`` at one of its keys, any depth, as TOML text."""
    copy = tomllib.loads(tomli_w.dumps(seed_data))
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = (node.items() if isinstance(node, dict) else
                 enumerate(node) if isinstance(node, list) else ())
        for key, value in items:
            places.append((node, key))
            walk(value)

    walk(copy)
    node, key = rng.choice(places)
    node[key] = "@@NUMBER@@"
    return tomli_w.dumps(copy).replace('"@@NUMBER@@"', literal)


def _refused_if_past_64_bits(path: Path, past: bool) -> None:
    if not past:
        return
    with pytest.raises(LoadError) as caught:
        read_toml(path)
    [problem] = caught.value.problems
    assert "beyond TOML's 64-bit integers" in problem.message and problem.line is not None


@SETTINGS
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_any_integer_at_any_key_of_a_roster(number: tuple[str, bool], seed: int) -> None:
    """A roster or a located problem, never another exception; loaded, it validates and
    exports; past 64 bits, always refused at its line."""
    rng = random.Random(seed)
    literal, past = number
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "roster.toml"
        path.write_text(_placed(rng.choice(roster_seeds()), rng, literal))
        check_loaded(path, [])
        check_cli(["check", str(path)])
        _refused_if_past_64_bits(path, past)


@SETTINGS
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1))
def test_any_integer_at_any_key_of_a_rules_layer(number: tuple[str, bool], seed: int) -> None:
    """Absurd values a layer may hold (a cost of 2**63 - 1, a stat of -2**63) never crash
    the arithmetic, the checks or the exports; past 64 bits, refused at their line."""
    rng = random.Random(seed)
    literal, past = number
    layer = rng.choice(ruleset_seeds())
    sections = [k for k in layer if k != "ruleset"]
    picked = {k: layer[k] for k in rng.sample(sections, min(len(sections), rng.randint(1, 3)))}
    with tempfile.TemporaryDirectory() as tmp:
        roster = Path(tmp) / "roster.toml"
        shutil.copy(EXAMPLES / rng.choice([HVY_CAV, "oth-weird.toml", "oth-superweapons.toml"]),
                    roster)
        house = Path(tmp) / "house.toml"
        house.write_text(_placed(picked, rng, literal))
        check_loaded(roster, [house])
        check_cli(["check", str(roster), "--ruleset", str(house)])
        _refused_if_past_64_bits(house, past)


@settings(max_examples=20, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(number=NUMBERS, seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["event", "campaign"]))
def test_any_integer_at_any_key_of_an_event_or_campaign_file(number: tuple[str, bool], seed: int,
                                                              kind: str) -> None:
    rng = random.Random(seed)
    literal, past = number
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if kind == "event":
            path = _event(folder)
            commands = [["event", "standings", str(path)], ["event", "pair", str(path)]]
        else:
            path = folder / "league.toml"
            shutil.copy(EXAMPLES / HVY_CAV, folder / "ada.toml")
            assert _cli("campaign", "new", str(path), "--name", "League")[0] == 0
            assert _cli("campaign", "join", str(path), str(folder / "ada.toml"),
                        "--name", "Ada")[0] == 0
            commands = [["campaign", "ladder", str(path)]]
        path.write_text(_placed(tomllib.loads(path.read_text()), rng, literal))
        for args in commands:
            check_cli(args)
        _refused_if_past_64_bits(path, past)


@SETTINGS
@given(numbers=st.lists(st.sampled_from([INT_RANGE[1], INT_RANGE[0], 2**62, 10**18, -(10**18),
                                          2**31, 10**9]), min_size=1, max_size=3),
       seed=st.integers(0, 2**32 - 1))
def test_absurd_64_bit_values_in_place_of_a_layers_numbers(numbers: list[int], seed: int) -> None:
    """A layer's own numbers (costs, pools, limits, caps) replaced by the largest a file may
    hold: loaded or a located problem; loaded, the checks' arithmetic and every export run."""
    rng = random.Random(seed)
    layer = rng.choice(ruleset_seeds())
    sections = [k for k in layer if k != "ruleset"]
    data = tomllib.loads(tomli_w.dumps(
        {k: layer[k] for k in rng.sample(sections, min(len(sections), rng.randint(1, 4)))}))
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = (node.items() if isinstance(node, dict) else
                 enumerate(node) if isinstance(node, list) else ())
        for key, value in items:
            if isinstance(value, int) and not isinstance(value, bool):
                places.append((node, key))
            else:
                walk(value)

    walk(data)
    for number in numbers if places else ():
        node, key = rng.choice(places)
        node[key] = number
    with tempfile.TemporaryDirectory() as tmp:
        roster = Path(tmp) / "roster.toml"
        shutil.copy(rng.choice(sorted(EXAMPLES.glob("*.toml"))), roster)
        house = Path(tmp) / "house.toml"
        house.write_text(tomli_w.dumps(data))
        check_loaded(roster, [house])
        check_cli(["check", str(roster), "--ruleset", str(house)])
