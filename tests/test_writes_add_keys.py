"""Every write that adds a key a file lacked, tested on its own (issue 44 item 5).

tomlkit 0.15.3 dropped the private method the saves used to put a new key beside its
siblings, and every such save crashed while the saves that only changed values went on
working: the layout tests had no case where a key was added at each level. Here each kind of
added key is generated: at the top of a file, in a table, in one table of an array of tables,
in a sub-table, a new table, a new entry of an array; then the writes the services make that
add keys to a user's file (a roster's settings, notes, a first upgrade, a Task Force round;
a campaign's first commander; an event's drop-out and refused list). Each written file must
read back equal to what was saved and keep every comment of the user's, each still
introducing the line it introduced.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.files.tomledit import update_text
from horizon_builder.roster.io import read_roster, save_roster
from horizon_builder.roster.models import Round, UpgradeChoice

SCALARS = st.one_of(st.integers(-10_000, 10_000), st.booleans(),
                    st.text("abcxyz -_é", max_size=8))
PLAIN = st.dictionaries(st.sampled_from("abcde"), SCALARS, max_size=4)
NEW_KEYS = st.lists(st.tuples(st.sampled_from(["n1", "n2", "n3"]), SCALARS), max_size=2,
                    unique_by=lambda pair: pair[0])


@st.composite
def documents(draw: Any) -> dict[str, Any]:
    """Plain keys at the top, tables (some with a sub-table) and arrays of tables."""
    doc: dict[str, Any] = dict(draw(PLAIN))
    for name in draw(st.lists(st.sampled_from(["t", "u"]), unique=True, max_size=2)):
        table = dict(draw(PLAIN))
        if draw(st.booleans()):
            table["sub"] = draw(PLAIN.filter(bool))
        doc[name] = table
    for name in draw(st.lists(st.sampled_from(["rows", "more"]), unique=True, max_size=2)):
        rows = draw(st.lists(PLAIN.filter(bool), min_size=1, max_size=3))
        for number, row in enumerate(rows):
            if draw(st.booleans()):
                row["id"] = f"{name}{number}"  # (matched by id when the rows move)
            if draw(st.booleans()):
                row["sub"] = draw(PLAIN.filter(bool))
        doc[name] = rows
    return doc


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


class Commented:
    """A TOML text of a document with a comment above every line and after every value:
    ``# cN`` introduces the line after it, ``# iN`` follows a value on its line."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pairs: list[str] = []  # "# cN\n<the line it introduces>"
        self.count = 0

    def line(self, text: str, inline: bool) -> None:
        self.count += 1
        if inline:
            text += f"  # i{self.count}"
        self.lines += [f"# c{self.count}", text]
        self.pairs.append(f"# c{self.count}\n{text}\n")

    def plain(self, table: dict[str, Any]) -> None:
        for key, value in table.items():
            if not isinstance(value, dict | list):
                self.line(f"{key} = {_value(value)}", inline=True)

    def text(self, doc: dict[str, Any]) -> str:
        self.plain(doc)
        for key, value in doc.items():
            if isinstance(value, dict):
                self.lines.append("")
                self.line(f"[{key}]", inline=False)
                self.plain(value)
                if "sub" in value:
                    self.line(f"[{key}.sub]", inline=False)
                    self.plain(value["sub"])
        for key, value in doc.items():
            if isinstance(value, list):
                for entry in value:
                    self.lines.append("")
                    self.line(f"[[{key}]]", inline=False)
                    self.plain(entry)
                    if "sub" in entry:
                        self.line(f"[{key}.sub]", inline=False)
                        self.plain(entry["sub"])
        return "\n".join(self.lines) + "\n"


@st.composite
def additions(draw: Any, doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with keys added at any level: none changed, none removed."""
    new: dict[str, Any] = {}
    for key, value in doc.items():
        if isinstance(value, dict):
            table = {**value, **dict(draw(NEW_KEYS))}
            if "sub" in value:
                table["sub"] = {**value["sub"], **dict(draw(NEW_KEYS))}
            elif draw(st.booleans()):
                table["sub"] = draw(PLAIN.filter(bool))
            new[key] = table
        elif isinstance(value, list):
            rows = [{**entry, **dict(draw(NEW_KEYS)),
                     **({"sub": {**entry["sub"], **dict(draw(NEW_KEYS))}} if "sub" in entry else {})}
                    for entry in value]
            new[key] = rows + draw(st.lists(PLAIN.filter(bool), max_size=1))
        else:
            new[key] = value
    new.update(draw(NEW_KEYS))
    if "t" not in new and draw(st.booleans()):
        new["t"] = draw(PLAIN.filter(bool))
    if "rows" not in new and draw(st.booleans()):
        new["rows"] = draw(st.lists(PLAIN.filter(bool), min_size=1, max_size=2))
    return new


def _in_file_order(doc: dict[str, Any]) -> dict[str, Any]:
    """What the text holds in the order it holds it (tables after the top's plain keys)."""
    return {**{k: v for k, v in doc.items() if not isinstance(v, dict | list)},
            **{k: v for k, v in doc.items() if isinstance(v, dict | list)}}


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_key_added_at_any_level_reads_back_and_keeps_every_comment(data: Any) -> None:
    doc = _in_file_order(data.draw(documents()))
    commented = Commented()
    original = commented.text(doc)
    assert tomllib.loads(original) == doc
    new = data.draw(additions(doc))
    written = update_text(original, new)
    assert tomllib.loads(written) == new
    for pair in commented.pairs:  # each comment still above its line, each value's still after it
        assert pair in written, (pair, written)


@st.composite
def changes(draw: Any, doc: dict[str, Any]) -> Any:
    """``doc`` with keys removed, values changed, keys added and rows moved, at any level."""
    if isinstance(doc, list):
        rows = [draw(changes(row)) for row in doc if draw(st.integers(0, 4))]
        rows = draw(st.permutations(rows)) if rows else []
        return rows + draw(st.lists(PLAIN.filter(bool), max_size=1))
    new: dict[str, Any] = {}
    for key, value in doc.items():
        what = draw(st.sampled_from(["keep", "keep", "change", "drop"]))
        if what == "drop" and key != "id":
            continue
        if isinstance(value, dict | list):
            new[key] = draw(changes(value)) if what == "change" else value
            if isinstance(new[key], list) and not new[key]:
                del new[key]
        else:
            new[key] = draw(SCALARS) if what == "change" and key != "id" else value
    new.update(draw(NEW_KEYS))
    return new


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_change_at_any_level_reads_back_equal(data: Any) -> None:
    doc = _in_file_order(data.draw(documents()))
    original = Commented().text(doc)
    new = data.draw(changes(doc))
    assert tomllib.loads(update_text(original, new)) == new


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_an_unchanged_document_is_written_byte_for_byte(data: Any) -> None:
    doc = _in_file_order(data.draw(documents()))
    original = Commented().text(doc)
    assert update_text(original, doc) == original


# --- the writes the app and the commands make -------------------------------------------

ROSTER = """\
# my list
format = 1
name = "Added keys"  # its name
force_cost = 20

# who leads
[command]
kind = "chq"  # the CHQ

# the tank
[[elements]]
id = "a"
name = "Alpha"
type = "hvy_cav"  # a tank
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }
# after the tank

# the infantry
[[elements]]
id = "b"
name = "Bravo"
type = "hvy_inf"
presence = 2
stats = { M = 3, F = 4, A = 3, D = 3 }
"""
ROSTER_COMMENTS = ("# my list\n", "# its name\n", "# who leads\n[command]\n", "# the CHQ\n",
                   "# the tank\n[[elements]]\n", "# a tank\n", "# after the tank\n",
                   "# the infantry\n[[elements]]\n")

ADDS = ("event", "era", "commander", "notes", "element notes", "first upgrade", "chq",
        "round", "supplements")


def _add(roster: Any, what: str, index: int, text: str) -> Any:
    elements = list(roster.elements)
    element = elements[index % len(elements)]
    if what == "element notes":
        elements[index % len(elements)] = element.model_copy(update={"notes": text})
    elif what == "first upgrade":
        elements[index % len(elements)] = element.model_copy(
            update={"upgrades": (UpgradeChoice(id="agile_frame"),)})
    elif what == "chq":
        return roster.model_copy(update={"command": roster.command.model_copy(
            update={"element": element.id})})
    elif what == "round":
        return roster.model_copy(update={"kind": "task_force", "rounds": (
            *roster.rounds, Round(name=text, elements=(element.id,)))})
    elif what == "supplements":
        return roster.model_copy(update={"supplements": ("weird",)})
    elif what == "era":
        return roster.model_copy(update={"era": "era3"})
    else:
        return roster.model_copy(update={what: text})
    return roster.model_copy(update={"elements": tuple(elements)})


WORDS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
                max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(ADDS), st.integers(0, 5), WORDS), min_size=1,
                      max_size=4))
def test_keys_added_at_every_level_of_a_roster(tmp_path: Path, steps: list[Any]) -> None:
    path = tmp_path / "list.toml"
    path.write_text(ROSTER, encoding="utf-8")
    roster = read_roster(path)
    for step in steps:
        roster = _add(roster, *step)
        save_roster(path, roster)  # one save a step, as the app saves after each edit
        assert read_roster(path) == roster
    written = path.read_text(encoding="utf-8")
    for comment in ROSTER_COMMENTS:
        assert comment in written, (comment, written)


def test_each_roster_addition_alone(tmp_path: Path) -> None:
    """Each addition on its own, from the file as the user wrote it (a failure names it)."""
    for what in ADDS:
        path = tmp_path / f"{what.replace(' ', '-')}.toml"
        path.write_text(ROSTER, encoding="utf-8")
        roster = _add(read_roster(path), what, 1, "Club night")
        save_roster(path, roster)
        assert read_roster(path) == roster, what
        written = path.read_text(encoding="utf-8")
        assert all(comment in written for comment in ROSTER_COMMENTS), (what, written)


# --- a campaign's first commanders, an event's drop-out and refused list -----------------

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _quiet(*args: str) -> int:
    from horizon_builder.cli.main import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(list(args))


def _commented(path: Path, notes: dict[str, str]) -> list[str]:
    """Put a user's comments in ``path``: above the line starting with each key of ``notes``
    (the first such line) and a comment at its end; returns the lines that must be kept."""
    lines = path.read_text(encoding="utf-8").splitlines()
    kept = []
    for start, comment in notes.items():
        at = next(i for i, line in enumerate(lines) if line.startswith(start))
        lines[at] += f"  # {comment} after"
        lines.insert(at, f"# {comment}")
        kept.append(f"# {comment}\n{lines[at + 1]}\n")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return kept


CAMPAIGN_LINES = ("name = ", "new_handicap = ", "scratch = ", "bonus_to = ", "[settings]",
                  "format = ", "objectives = ")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.lists(st.sampled_from(CAMPAIGN_LINES), unique=True, min_size=1, max_size=4),
       handicap=st.integers(0, 5), joining=st.integers(1, 3))
def test_the_first_commanders_of_a_new_campaign(tmp_path_factory: Any, where: list[str],
                                                handicap: int, joining: int) -> None:
    from horizon_builder.campaign.session import CampaignSession

    folder = tmp_path_factory.mktemp("league")
    league = folder / "league.toml"
    assert _quiet("campaign", "new", str(league), "--name", "Harbour") == 0
    league.write_text(league.read_text().replace("new_handicap = 3",
                                                 f"new_handicap = {handicap}"))
    kept = _commented(league, {start: f"note {n}" for n, start in enumerate(where)})
    lists = ("hvy-cav-battlegroup", "oth-weird", "oth-datawar")[:joining]
    for number, example in enumerate(lists):
        shutil.copy(EXAMPLES / f"{example}.toml", folder / f"{number}.toml")
        assert _quiet("campaign", "join", str(league), str(folder / f"{number}.toml"),
                      "--name", f"C{number}", *(["--new"] if number == 0 else [])) == 0
    written = league.read_text(encoding="utf-8")
    campaign = CampaignSession.open(league).campaign
    assert [c.name for c in campaign.commanders] == [f"C{n}" for n in range(joining)]
    assert campaign.settings.new_handicap == handicap
    assert [c["name"] for c in tomllib.loads(written)["commanders"]] == \
        [f"C{n}" for n in range(joining)]
    for pair in kept:
        assert pair in written, (pair, written)


EVENT_LINES = ("name = ", "seed = ", "[[commanders]]", "pin = ", "[commanders.registered]")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.lists(st.sampled_from(EVENT_LINES), unique=True, min_size=1, max_size=3),
       dropped=st.sampled_from("ABC"), refused=st.sampled_from("ABC"))
def test_a_drop_out_and_a_refused_list_written_back(tmp_path_factory: Any, where: list[str],
                                                    dropped: str, refused: str) -> None:
    from helpers_event import write_lists, write_preset

    from horizon_builder.event.session import EventSession

    folder = tmp_path_factory.mktemp("event")
    lists = write_lists(folder, "ABC")
    event = folder / "night.toml"
    assert _quiet("event", "new", str(event), *map(str, lists), "--preset",
                  str(write_preset(folder / "club.toml"))) == 0
    kept = _commented(event, {start: f"note {n}" for n, start in enumerate(where)})
    assert _quiet("event", "drop", str(event), dropped) == 0
    changed = folder / f"{refused}.toml"
    before = changed.read_text(encoding="utf-8")
    changed.write_text(before.replace('name = "Halberd"', 'name = "Halberd II"'))
    assert _quiet("event", "refuse", str(event), refused) == 0
    session = EventSession.open(event)
    assert session.refused(refused)
    session.restore(refused)  # the registered list written back over the player's file
    written = event.read_text(encoding="utf-8")
    data = {c["name"]: c for c in tomllib.loads(written)["commanders"]}
    assert data[dropped].get("dropped") is True
    again = EventSession.open(event)
    assert [c.name for c in again.event.commanders if c.dropped] == [dropped]
    assert 'name = "Halberd"' in changed.read_text(encoding="utf-8")
    assert read_roster(changed) == again.event.commander(refused).registered
    for pair in kept:
        assert pair in written, (pair, written)
