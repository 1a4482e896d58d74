"""Hostile shapes of TOML (issue 36 items 1 and 2): a shape that costs ``tomllib`` the square
of its size (one long dotted key, a header thousands of levels deep) or nests deeper than a
reader walks is refused before it is parsed, with file, line and what is too long or deep.

The time and memory each shape takes are asserted by ``scripts/bench_hostile.py`` (a
benchmark, not a timed test); here, generated shapes say what is read and what is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.cli.main import main
from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import examples_dir
from horizon_builder.files.tomlfile import MAX_DEPTH, read_toml
from horizon_builder.files.tomlpos import KeyLines
from horizon_builder.files.tomlscan import MAX_ITEMS, MAX_KEY_PARTS, MAX_NESTING, shape_problem
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.personal import personal_rules_path

EXAMPLE = examples_dir() / "hvy-cav-battlegroup.toml"
SHAPES = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])
PART = st.sampled_from(["a", "b_1", "x-y", '"q.t"', "'l[i]'", '"é"'])


def refusal(tmp_path: Path, text: str) -> LoadError:
    path = tmp_path / "shape.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        read_toml(path)
    return exc.value


# --- the shapes ------------------------------------------------------------------

def test_one_long_dotted_key_is_refused_on_its_line(tmp_path):
    """41 KB of ``a.a.a...`` took 3.5 s and 2.4 GB."""
    [problem] = refusal(tmp_path, "x = 1\n" + ".".join(["a"] * 20_000) + " = 1\n").problems
    assert problem.line == 2 and f"more than {MAX_KEY_PARTS} dotted parts" in problem.message
    assert str(problem).startswith(str(tmp_path / "shape.toml") + ":2:")


def test_a_header_ten_thousand_levels_deep_is_refused(tmp_path):
    """A header 10,000 levels deep with its keys (139 KB) took 12 s and 1.2 GB."""
    text = "name = 'x'\n\n[" + ".".join(["a"] * 10_000) + "]\n" + "k = 1\n" * 1000
    [problem] = refusal(tmp_path, text).problems
    assert problem.line == 3 and "table header" in problem.message


def test_too_many_values_are_refused_where_they_pass_the_limit(tmp_path):
    text = "".join(f"k{i} = {i}\n" for i in range(MAX_ITEMS + 10))
    [problem] = refusal(tmp_path, text).problems
    assert problem.line == MAX_ITEMS + 1 and "too much in one file" in problem.message


def test_inline_tables_nested_past_the_limit_name_their_line(tmp_path):
    text = "a = 1\nb = 2\nx = " + "{ y = " * (MAX_NESTING + 1) + "1" + " }" * (MAX_NESTING + 1)
    [problem] = refusal(tmp_path, text).problems
    assert problem.line == 3 and "nested too deeply" in problem.message


def test_dotted_keys_inside_nested_tables_cannot_add_up_past_the_depth(tmp_path):
    """Each key under the part limit and each nesting under its limit, but together a
    thousand levels: refused after parsing (the readers walk what they read)."""
    key = ".".join(["k"] * (MAX_KEY_PARTS - 1))
    text = "x = " + f"{{ {key} = " * 30 + "1" + " }" * 30 + "\n"
    [problem] = refusal(tmp_path, text).problems
    assert problem.line == 1 and f"over {MAX_DEPTH} levels" in problem.message


def test_what_is_inside_strings_and_comments_counts_for_nothing(tmp_path):
    dots = ".".join(["a"] * 500)
    text = (f'notes = "{dots} [[[[ {{{{ , = "\n'
            f"# {dots} " + "[" * 500 + "\n"
            f"lit = '{dots}'\n"
            f'multi = """\n{dots}\n' + "{" * 500 + '\n"""\n'
            f"raw = '''\n{dots}\n'''\n"
            "last = 1\n")
    path = tmp_path / "ok.toml"
    path.write_text(text, encoding="utf-8")
    data, _ = read_toml(path)
    assert data["last"] == 1 and shape_problem(text) is None


def test_every_shipped_file_is_well_inside_the_limits():
    from horizon_builder.files.resources import presets_dir, rulesets_dir, templates_dir

    for folder in (examples_dir(), rulesets_dir(), presets_dir(), templates_dir()):
        for path in folder.rglob("*.toml"):
            assert shape_problem(path.read_text(encoding="utf-8")) is None, path


# --- generated shapes ---------------------------------------------------------------------

@SHAPES
@given(parts=st.lists(PART, min_size=1, max_size=2 * MAX_KEY_PARTS), header=st.booleans())
def test_a_key_of_any_length_is_read_or_refused_on_its_line(tmp_path, parts, header):
    key = ".".join(parts)
    text = "first = 1\n" + (f"[{key}]\nv = 1\n" if header else f"{key} = 1\n")
    path = tmp_path / "key.toml"
    path.write_text(text, encoding="utf-8")
    if len(parts) <= MAX_KEY_PARTS:
        data, _ = read_toml(path)
        loc = tuple(p.strip("\"'") for p in parts)
        assert KeyLines(text).line_for((*loc, "v") if header else loc) == (3 if header else 2)
        assert data["first"] == 1
    else:
        [problem] = refusal(tmp_path, text).problems
        assert problem.line == 2 and "dotted parts" in problem.message


@SHAPES
@given(depth=st.integers(1, 2 * MAX_NESTING), inline=st.booleans(), before=st.integers(0, 5))
def test_nesting_of_any_depth_is_read_or_refused_on_its_line(tmp_path, depth, inline, before):
    opener, closer = ("{ a = ", " }") if inline else ("[", "]")
    text = ("".join(f"k{i} = 1\n" for i in range(before))
            + "v = " + opener * depth + "1" + closer * depth + "\n")
    if depth <= MAX_NESTING:
        path = tmp_path / "deep.toml"
        path.write_text(text, encoding="utf-8")
        assert read_toml(path)[0]["v"] is not None
    else:
        [problem] = refusal(tmp_path, text).problems
        assert problem.line == before + 1 and "nested too deeply" in problem.message


@SHAPES
@given(tables=st.integers(1, 300), keys=st.integers(1, 5), array=st.booleans())
def test_many_tables_each_key_found_on_its_line(tables, keys, array):
    lines = []
    for index in range(tables):
        lines.append("[[t]]" if array else f"[t{index}]")
        lines.extend(f"k{key} = {key}" for key in range(keys))
    text = "\n".join(lines) + "\n"
    assert shape_problem(text) is None
    places = KeyLines(text)
    last = tables - 1
    loc = ("t", last, f"k{keys - 1}") if array else (f"t{last}", f"k{keys - 1}")
    assert places.line_for(loc) == tables * (keys + 1)


# --- rules layers (item 2) -----------------------------------------------------------------

DEEP_LAYER = "[upgrades.agile_frame" + ".a" * 600 + "]\ncost = 1\n"


def test_a_rules_layer_nested_600_levels_is_a_located_error(tmp_path):
    """It made the loader recurse until RecursionError ("internal error")."""
    house = tmp_path / "house.toml"
    house.write_text(DEEP_LAYER, encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    [problem] = exc.value.problems
    assert problem.line == 1 and "dotted parts" in problem.message


def test_a_rules_layer_deep_within_the_part_limits_is_a_located_error(tmp_path):
    key = ".".join(["a"] * (MAX_KEY_PARTS - 1))
    house = tmp_path / "house.toml"
    house.write_text("[upgrades.agile_frame]\ncost = 1\n[upgrades.x]\nv = "
                     + f"{{ {key} = " * 25 + "1" + " }" * 25 + "\n", encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        load_ruleset([house])
    assert exc.value.problems[0].line == 4


def test_a_deep_rulebook_is_left_out_with_a_warning_and_check_goes_on(capsys):
    """As my-rules.toml every check exited 3 and the app hung at "Opening..."."""
    personal_rules_path().parent.mkdir(parents=True, exist_ok=True)
    personal_rules_path().write_text(DEEP_LAYER, encoding="utf-8")
    status = main(["check", "--format", "json", str(EXAMPLE)])
    captured = capsys.readouterr()
    assert status in (0, 1), captured.err
    assert json.loads(captured.out)[0]["name"] == "3rd Lancers Battlegroup"
    assert "my-rules.toml:1" in captured.err and "dotted parts" in captured.err
    assert personal_rules_path().read_text(encoding="utf-8") == DEEP_LAYER  # never rewritten
