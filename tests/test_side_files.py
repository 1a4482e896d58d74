"""The files beside a roster never stop the app (issue 25): preferences, your rulebook,
autosaves, the recent list, the home-view cache, rules layers and event files are read
with a roster file's guards (a regular file, a size cap, bounded nesting, values checked);
a bad one is set aside or left out with a message naming it; writes go through a link to
the file it names. Rule citations: OtH p.9 (the supermech's stat-point pool by Presence),
OtH p.46 (Swiss pairing needs commanders to pair)."""

from __future__ import annotations

import os
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w
from helpers_tui import EXAMPLES, copy_example

from horizon_builder.cli.main import main
from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import clean_temporaries, read_toml, write_text_atomic
from horizon_builder.roster.io import load, read_roster, save_roster
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.personal import personal_rules_path
from horizon_builder.tui.roster import homecache
from horizon_builder.tui.sidefiles import remembered_theme
from horizon_builder.userfiles import prefs
from horizon_builder.userfiles.autosave import AutosaveStore

HVY_CAV = "hvy-cav-battlegroup.toml"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("HORIZON_BUILDER_CONFIG_DIR", str(folder))
    monkeypatch.delenv("HORIZON_BUILDER_NO_PERSONAL_RULES", raising=False)
    prefs.take_problems()
    return folder


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


# --- 1. prefs.toml -------------------------------------------------------------------------

@needs_fifo
def test_a_fifo_as_prefs_is_set_aside_without_blocking(config: Path) -> None:
    _fifo(config / "prefs.toml")
    started = time.monotonic()
    assert prefs.load_prefs() == {}
    assert time.monotonic() - started < 5
    assert not (config / "prefs.toml").exists() and (config / "prefs.toml.bad").exists()
    [message] = prefs.take_problems()
    assert "prefs.toml" in message and "not a regular file" in message and ".bad" in message


@needs_dev_zero
def test_prefs_linked_to_dev_zero_is_never_read(config: Path) -> None:
    (config / "prefs.toml").symlink_to("/dev/zero")
    assert prefs.pref("theme", "textual-dark") == "textual-dark"
    assert "not a regular file" in prefs.take_problems()[0]
    prefs.save_pref("theme", "textual-light")  # written afresh, as a file of its own
    assert prefs.pref("theme", "textual-dark") == "textual-light"


def test_deeply_nested_prefs_are_set_aside(config: Path) -> None:
    (config / "prefs.toml").write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")
    assert prefs.load_prefs() == {}
    assert "nested too deeply" in prefs.take_problems()[0]
    assert (config / "prefs.toml.bad").exists()


def test_an_unknown_theme_falls_back_to_the_default_and_says_so(config: Path) -> None:
    (config / "prefs.toml").write_text('theme = "dropped-by-an-upgrade"\n')
    theme, messages = remembered_theme({"textual-dark", "textual-light"})
    assert theme == "textual-dark"
    assert "dropped-by-an-upgrade" in messages[0] and "prefs.toml" in messages[0]


def test_an_empty_prefs_file_is_no_preferences_not_a_bad_file(config: Path) -> None:
    (config / "prefs.toml").write_text("")
    assert prefs.load_prefs() == {} and prefs.take_problems() == []
    assert (config / "prefs.toml").exists()


# --- 2. my-rules.toml ------------------------------------------------------------------------

@needs_fifo
def test_a_fifo_as_your_rulebook_is_left_out_and_named() -> None:
    _fifo(personal_rules_path())
    loaded = load(EXAMPLES / HVY_CAV)
    assert loaded.roster.name
    [problem] = loaded.personal_problems
    assert problem.path == str(personal_rules_path()) and "not a regular file" in problem.message


@needs_dev_zero
def test_your_rulebook_linked_to_dev_zero_is_left_out(capsys) -> None:
    personal_rules_path().symlink_to("/dev/zero")
    assert main(["check", str(EXAMPLES / HVY_CAV)]) == 0
    err = capsys.readouterr().err
    assert "my-rules.toml" in err and "not a regular file" in err  # said, not silently ignored


def test_the_cli_says_a_rulebook_that_is_a_folder_is_left_out(capsys) -> None:
    personal_rules_path().mkdir()
    assert main(["check", str(EXAMPLES / HVY_CAV)]) == 0
    err = capsys.readouterr().err
    assert "my-rules.toml" in err and "is a folder" in err


# --- 3. autosaves ------------------------------------------------------------------------------

def test_an_autosave_at_the_edge_of_the_date_range_is_set_aside(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    roster = tomllib.loads((EXAMPLES / HVY_CAV).read_text(encoding="utf-8"))
    edge = folder / "edge.toml"
    edge.write_text("[autosave]\nformat = 1\nsaved_at = 9999-12-31T23:59:59-23:59\n\n"
                    + tomli_w.dumps({"roster": roster}))
    entries, messages = AutosaveStore(folder).entries()
    assert entries == []
    assert "edge.toml" in messages[0] and "out of range" in messages[0]
    assert (folder / "edge.toml.bad").exists()


# --- 4. the recent list ------------------------------------------------------------------------

def test_recent_names_that_cannot_be_checked_are_left_out(tmp_path: Path, config: Path) -> None:
    real = copy_example(tmp_path, HVY_CAV)
    (config / "prefs.toml").write_text(
        'recent = ["' + "x" * 5000 + '", "/' + "d/" * 3000 + 'r.toml", "a\\u0000b", 7, "'
        + str(real) + '"]\n')
    assert prefs.recent_rosters() == [real]


# --- 5. the home-view cache's inputs -----------------------------------------------------------

@needs_fifo
def test_the_home_view_cache_never_opens_a_fifo(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "my-rules.toml")
    started = time.monotonic()
    assert homecache._digest(fifo) is None
    assert time.monotonic() - started < 5


@needs_dev_zero
def test_the_home_view_cache_never_reads_a_device(tmp_path: Path) -> None:
    link = tmp_path / "roster.toml"
    link.symlink_to("/dev/zero")
    assert homecache._digest(link) is None


# --- 6. links ----------------------------------------------------------------------------------

def _linked(tmp_path: Path) -> tuple[Path, Path]:
    real = tmp_path / "real" / HVY_CAV
    real.parent.mkdir()
    real.write_text((EXAMPLES / HVY_CAV).read_text(encoding="utf-8"), encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    return real, link


def test_saving_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    real, link = _linked(tmp_path)
    before = real.read_text(encoding="utf-8")
    save_roster(link, read_roster(link).model_copy(update={"name": "Changed"}))
    assert link.is_symlink() and read_roster(real).name == "Changed"
    assert (real.parent / f"{HVY_CAV}.bak").read_text(encoding="utf-8") == before
    assert not (tmp_path / "link.toml.bak").exists()


def test_export_output_through_a_link(tmp_path: Path) -> None:
    real, link = _linked(tmp_path)
    assert main(["export", str(EXAMPLES / HVY_CAV), "--format", "text", "-o", str(link)]) == 0
    assert link.is_symlink() and "3rd Lancers" in real.read_text(encoding="utf-8")


def test_rules_import_through_a_linked_rulebook(tmp_path: Path, capsys) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    real = shared / "rules.toml"
    real.write_text("[upgrades.agile_frame]\ncost = 2\n")
    personal_rules_path().symlink_to(real)
    incoming = tmp_path / "in.toml"
    incoming.write_text("[upgrades.agile_frame]\ncost = 3\n")
    assert main(["rules", "import", str(incoming), "--yes"]) == 0
    assert personal_rules_path().is_symlink() and "cost = 3" in real.read_text()
    assert "cost = 2" in (shared / "rules.toml.bak").read_text()


def test_an_event_file_is_saved_through_a_link(tmp_path: Path) -> None:
    from horizon_builder.event.io import save_event
    from horizon_builder.event.models import Event

    real = tmp_path / "real.toml"
    real.write_text('name = "Club"\npreset = "oth-tournament"\n')
    link = tmp_path / "event.toml"
    link.symlink_to(real)
    save_event(link, Event(name="Renamed", preset="oth-tournament"))
    assert link.is_symlink() and "Renamed" in real.read_text()


# --- 7. rules layers -----------------------------------------------------------------------------

def _supermech_copy(tmp_path: Path, pool: str) -> Path:
    """A new element type written like the shipped supermech (OtH p.9), with its own pool."""
    text = (EXAMPLES.parent / "rulesets" / "10-superweapons.toml").read_text(encoding="utf-8")
    start = text.index("[element_types.supermech]")
    block = text[start:text.index("\n[", start + 1)]
    block = block.replace("[element_types.supermech]", "[element_types.mymech]")
    lines = [pool if line.startswith("pool = ") else line for line in block.splitlines()]
    layer = tmp_path / "house.toml"
    layer.write_text("\n".join(lines) + "\n")
    return layer


def test_a_pool_with_no_points_is_refused_where_it_is_written(tmp_path: Path) -> None:
    layer = _supermech_copy(tmp_path, "pool = { points = {} }")
    with pytest.raises(LoadError) as caught:
        load_ruleset([layer])
    [problem] = caught.value.problems
    assert problem.path == str(layer) and problem.key == "element_types.mymech.pool.points"
    line = layer.read_text().splitlines()[(problem.line or 0) - 1]
    assert line.startswith("pool = ")


def test_an_empty_pool_as_your_rulebook_is_left_out_not_a_crash(capsys) -> None:
    personal_rules_path().write_text("[element_types.mymech]\nname = \"M\"\ncategory = \"mech\"\n"
                                     "presence = { min = 1 }\npool = { points = {} }\n")
    assert main(["check", str(EXAMPLES / HVY_CAV)]) == 0
    assert "my-rules.toml:5" in capsys.readouterr().err


def test_an_overrides_mistake_is_blamed_on_the_override(tmp_path: Path) -> None:
    layer = tmp_path / "house.toml"
    layer.write_text('[element_types.supermech]\nstats = ["M"]\n')  # its limits name F, A, D
    with pytest.raises(LoadError) as caught:
        load_ruleset([layer])
    assert caught.value.problems
    for problem in caught.value.problems:
        assert problem.path == str(layer) and problem.line == 1, problem


# --- 8. smaller ----------------------------------------------------------------------------------

def test_a_bom_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / HVY_CAV).read_bytes())
    with pytest.raises(LoadError) as caught:
        read_toml(path)
    assert "byte order mark (BOM)" in caught.value.problems[0].message


def test_non_utf8_text_is_located_by_line(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_bytes(b'name = "a"\nformat = 1\nnotes = "caf\xe9"\n')
    with pytest.raises(LoadError) as caught:
        read_toml(path)
    problem = caught.value.problems[0]
    assert problem.line == 3 and "byte" not in problem.message


def test_temporaries_of_a_killed_save_are_cleaned_at_start(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    stale = tmp_path / f".{HVY_CAV}.abc123.tmp"
    fresh = tmp_path / f".{HVY_CAV}.def456.tmp"  # another window saving right now
    for leftover in (stale, fresh):
        leftover.write_text("half")
    os.utime(stale, (0, 0))
    clean_temporaries([roster])
    assert not stale.exists() and fresh.exists()


def test_autosave_temporaries_are_cleaned_when_listed(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    stale = folder / ".r-1.toml.xyz.tmp"
    stale.write_text("half")
    os.utime(stale, (0, 0))
    AutosaveStore(folder).entries()
    assert not stale.exists()


def test_too_few_commanders_names_the_event_file(tmp_path: Path, capsys) -> None:
    event = tmp_path / "club.toml"
    event.write_text('name = "Club"\npreset = "oth-tournament"\n')
    assert main(["event", "pair", str(event)]) == 2
    err = capsys.readouterr().err
    assert str(event) in err and "at least two commanders" in err


def test_write_text_atomic_keeps_a_dangling_link(tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "made.toml")
    write_text_atomic(link, "x = 1\n")
    assert link.is_symlink() and (tmp_path / "made.toml").read_text() == "x = 1\n"


@needs_dev_zero
def test_a_write_through_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    """Written through a link, never onto what is not a regular file (run as root, a rename
    onto /dev/zero would replace it)."""
    link = tmp_path / "my-rules.toml"
    link.symlink_to("/dev/zero")
    with pytest.raises(OSError, match="not a regular file"):
        write_text_atomic(link, "x = 1\n")
    assert Path("/dev/zero").is_char_device() and link.is_symlink()


def test_an_event_list_path_with_a_nul_is_a_located_problem(tmp_path: Path, capsys) -> None:
    event = tmp_path / "club.toml"
    event.write_text('name = "Club"\npreset = "oth-tournament"\n\n[[commanders]]\nname = "A"\n'
                     'list = "a\\u0000b.toml"\n')
    assert main(["event", "standings", str(event)]) == 2
    err = capsys.readouterr().err
    assert f"{event}:6" in err and "NUL" in err and "internal error" not in err


def test_an_autosave_naming_a_roster_file_too_long_is_set_aside(tmp_path: Path) -> None:
    """Restoring it crashed the app's title (the name could not be checked)."""
    from datetime import UTC, datetime

    from horizon_builder.tui.roster.firstview import title_texts

    folder = tmp_path / "autosave"
    folder.mkdir()
    roster = tomllib.loads((EXAMPLES / HVY_CAV).read_text(encoding="utf-8"))
    (folder / "long.toml").write_text(tomli_w.dumps({
        "autosave": {"format": 1, "saved_at": datetime.now(UTC).replace(microsecond=0),
                     "roster_file": "x" * 5000}, "roster": roster}))
    entries, messages = AutosaveStore(folder).entries()
    assert entries == [] and "long.toml" in messages[0] and "not a path" in messages[0]
    assert title_texts(Path("x" * 5000), False, "R")[0].endswith("(new file)")


def test_a_second_bad_file_never_replaces_the_first_set_aside(config: Path) -> None:
    (config / "prefs.toml.bad").write_text("the first, kept for a look\n")
    (config / "prefs.toml").write_text("theme = [unclosed\n")
    assert prefs.load_prefs() == {}
    assert (config / "prefs.toml.bad").read_text() == "the first, kept for a look\n"
    assert (config / "prefs.toml.2.bad").read_text() == "theme = [unclosed\n"
    assert "prefs.toml.2.bad" in prefs.take_problems()[0]
