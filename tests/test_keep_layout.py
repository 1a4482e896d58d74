"""Saving keeps the user's file (issue 15): comments, key order and layout survive a save;
a file saved unchanged is byte-identical; whatever the edit, the saved file loads back
to the same roster."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.files.resources import example_rosters
from horizon_builder.files.tomledit import update_text
from horizon_builder.roster.io import read_roster, save_roster
from horizon_builder.roster.models import Element, Roster, UpgradeChoice

# The roster example, moved from the README to the guide (issue 28 item 7).
README = Path(__file__).resolve().parent.parent / "docs" / "files.md"

COMMENTED = """\
# My club list: top comment
format = 1
name = "Commented"  # the name, inline
force_cost = 20
# overrides = "house-rules.toml"  # commented out, kept

[command]
kind = "chq"  # who leads
element = "a"

# --- the first element ---
[[elements]]
id = "a"
name = "Alpha"
type = "hvy_cav"  # a tank
presence = 3
stats = { M = 4, F = 5, A = 5, D = 1 }

# --- the second element ---
[[elements]]
id = "b"
name = "Bravo"
type = "mech"
presence = 2
stats = { M = 6, F = 4, A = 3, D = 3 }
upgrades = ["jump_jets"]  # shorthand kept

# --- the third element ---
[[elements]]
id = "c"
name = "Charlie"
type = "hvy_inf"
presence = 2
stats = { M = 3, F = 4, A = 3, D = 3 }
"""


def readme_roster() -> str:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```toml\n(format = 1.*?)```", text, re.S)
    assert block, "the README's complete roster example"
    return block.group(1)


def saved_after(tmp_path: Path, text: str, edit) -> tuple[str, Roster]:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.toml"
    path.write_text(text, encoding="utf-8")
    roster = edit(read_roster(path))
    save_roster(path, roster)
    return path.read_text(encoding="utf-8"), roster


def comments(text: str) -> list[str]:
    return [line[line.index("#"):] for line in text.splitlines() if "#" in line]


def rename(roster: Roster, index: int, name: str) -> Roster:
    elements = list(roster.elements)
    elements[index] = elements[index].model_copy(update={"name": name})
    return roster.model_copy(update={"elements": tuple(elements)})


def test_every_comment_survives_an_edit(tmp_path):
    text, roster = saved_after(tmp_path, COMMENTED, lambda r: rename(r, 1, "Bravo Two"))
    assert comments(text) == comments(COMMENTED)
    assert text == COMMENTED.replace('name = "Bravo"', 'name = "Bravo Two"')
    assert read_roster(tmp_path / "r.toml") == roster


def test_comments_stay_with_their_element_when_one_is_removed_or_added(tmp_path):
    def edit(r: Roster) -> Roster:
        new = Element(id="d", name="Delta", type="lt_cav", presence=2, stats={"M": 6, "F": 3, "A": 2, "D": 2})
        return r.model_copy(update={"elements": (r.elements[0], r.elements[2], new),
                                    "force_cost": 25, "era": "era3"})

    text, roster = saved_after(tmp_path, COMMENTED, edit)
    assert "Bravo" not in text and "the second element" not in text
    assert text.index("# --- the third element ---") < text.index('name = "Charlie"')
    assert text.index('name = "Charlie"') < text.index('name = "Delta"')
    assert "# My club list: top comment" in text and '# overrides = "house-rules.toml"' in text
    assert 'name = "Commented"  # the name, inline' in text and 'kind = "chq"  # who leads' in text
    assert 'era = "era3"' in text and "force_cost = 25" in text
    assert "stats = { M = 6, F = 3, A = 2, D = 2 }" in text  # the README's layout for a new element
    assert read_roster(tmp_path / "r.toml") == roster


def test_an_upgrade_added_keeps_the_shorthand_and_the_comment(tmp_path):
    def edit(r: Roster) -> Roster:
        b = r.elements[1]
        b = b.model_copy(update={"upgrades": (*b.upgrades, UpgradeChoice(id="gunnery_controller", count=2))})
        return r.model_copy(update={"elements": (r.elements[0], b, r.elements[2])})

    text, roster = saved_after(tmp_path, COMMENTED, edit)
    assert 'upgrades = ["jump_jets", { id = "gunnery_controller", count = 2 }]' in text
    assert comments(text) == comments(COMMENTED)  # the trailing comment stays with the key
    assert read_roster(tmp_path / "r.toml") == roster


def test_the_readme_example_keeps_every_comment(tmp_path):
    example = readme_roster()
    text, roster = saved_after(tmp_path, example, lambda r: r.model_copy(update={"name": "Renamed"}))
    assert comments(text) == comments(example)
    assert '# overrides = "house-rules.toml"' in text
    assert read_roster(tmp_path / "r.toml") == roster


@pytest.mark.parametrize("example", example_rosters(), ids=lambda p: p.name)
def test_saving_an_unchanged_example_is_byte_identical(tmp_path, example):
    target = tmp_path / example.name
    shutil.copy(example, target)
    save_roster(target, read_roster(target))
    assert target.read_bytes() == example.read_bytes()


def test_a_schema_key_is_kept(tmp_path):
    text = '"$schema" = "https://example.org/roster.json"\n' + COMMENTED
    saved, _ = saved_after(tmp_path, text, lambda r: r.model_copy(update={"name": "X"}))
    assert saved.startswith('"$schema" = "https://example.org/roster.json"\n')


def test_generic_update_removes_adds_and_keeps_order():
    text = "# c\nb = 1  # one\na = 2\n\n[t]\nx = 1\n"
    assert update_text(text, {"b": 1, "a": 3, "t": {"x": 1, "y": 2}, "z": 4}) == \
        "# c\nb = 1  # one\na = 3\nz = 4\n\n[t]\nx = 1\ny = 2\n"
    assert update_text(text, {"a": 2}) == "# c\na = 2\n\n"
    assert update_text("not toml [", {"a": 1}) == "a = 1\n"


NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20)


@st.composite
def edits(draw):  # type: ignore[no-untyped-def]
    """A sequence of element edits: rename, remove, add, move, presence, notes."""
    steps = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["rename", "remove", "add", "move", "presence", "notes", "budget"]))
        steps.append((kind, draw(st.integers(0, 10)), draw(NAMES)))
    return steps


def apply(roster: Roster, steps) -> Roster:  # type: ignore[no-untyped-def]
    elements = list(roster.elements)
    fc = roster.force_cost
    for n, (kind, index, name) in enumerate(steps):
        i = index % len(elements) if elements else 0
        if kind == "add" or not elements:
            elements.insert(i, Element(id=f"new{n}", name=name, type="hvy_inf", presence=2,
                                       stats={"M": 3, "F": 4, "A": 3, "D": 3}))
        elif kind == "rename":
            elements[i] = elements[i].model_copy(update={"name": name})
        elif kind == "notes":
            elements[i] = elements[i].model_copy(update={"notes": name})
        elif kind == "presence":
            elements[i] = elements[i].model_copy(update={"presence": 1 + index % 4})
        elif kind == "remove" and len(elements) > 1 and elements[i].id != "a":
            del elements[i]
        elif kind == "move":
            elements.append(elements.pop(i))
        elif kind == "budget":
            fc = 10 + index
    return roster.model_copy(update={"elements": tuple(elements), "force_cost": fc})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=edits())
def test_any_edit_saves_a_file_that_loads_to_the_same_roster(tmp_path, steps):
    path = tmp_path / "p.toml"
    path.write_text(COMMENTED, encoding="utf-8")
    roster = apply(read_roster(path), steps)
    save_roster(path, roster)
    assert read_roster(path) == roster
    assert "# My club list: top comment" in path.read_text(encoding="utf-8")
