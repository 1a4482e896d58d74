"""The app starts, shows the roster and quits with any bad file beside it (issue 25): a
preferences file, your rulebook, an autosave or a recent list that a hostile user (or a
Textual upgrade) made unusable is named in a message and set aside or left out; ctrl+o
with recent names that cannot be checked opens the dialog; the conflict dialog's buttons
are whole at 120 columns. The generated files of tests/fuzzing_side.py drive a start too."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing_side import folders, place, target
from helpers_told import Told
from helpers_tui import SIZE, copy_example, row_names, shown, until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Button, Static

from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import FileChangedDialog
from horizon_builder.tui.event.event_screen import EventScreen
from horizon_builder.tui.sharing.open_dialog import OpenRosterDialog
from horizon_builder.userfiles import prefs

HVY_CAV = "hvy-cav-battlegroup.toml"
AUTOSAVE_EDGE = ('[autosave]\nformat = 1\nsaved_at = 9999-12-31T23:59:59-23:59\n'
                 'roster_file = "{roster}"\n\n[roster]\nname = "Edge"\n')


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _deep(path: Path) -> None:
    path.write_text("x = " + "[" * 3000 + "]" * 3000 + "\n")


#: (what, file under the config or data folder, how it is made bad, a word the message says)
BAD: list[tuple[str, str, Callable[[Path], None], str]] = [
    ("prefs a FIFO", "config/prefs.toml", _fifo, "prefs.toml"),
    ("prefs linked to /dev/zero", "config/prefs.toml", _dev_zero, "prefs.toml"),
    ("prefs nested too deeply", "config/prefs.toml", _deep, "prefs.toml"),
    ("prefs with a theme gone", "config/prefs.toml",
     lambda p: p.write_text('theme = "gone-in-an-upgrade"\n'), "gone-in-an-upgrade"),
    ("prefs with unreadable recent names", "config/prefs.toml",
     lambda p: p.write_text('recent = ["' + "x" * 5000 + '", "a\\u0000b", 3]\n'), ""),
    ("rulebook a FIFO", "config/my-rules.toml", _fifo, "my-rules.toml"),
    ("rulebook linked to /dev/zero", "config/my-rules.toml", _dev_zero, "my-rules.toml"),
    ("rulebook nested too deeply", "config/my-rules.toml", _deep, "my-rules.toml"),
    ("rulebook with an empty pool", "config/my-rules.toml",
     lambda p: p.write_text('[element_types.mymech]\nname = "M"\ncategory = "mech"\n'
                            'presence = { min = 1 }\npool = { points = {} }\n'), "my-rules.toml:5"),
    ("autosave at the edge of the dates", "data/autosave/edge.toml",
     lambda p: p.write_text(AUTOSAVE_EDGE.format(roster="/nowhere/r.toml")), "edge.toml"),
    ("autosave a FIFO", "data/autosave/pipe.toml", _fifo, "pipe.toml"),
]


def _said(app: HorizonApp, told: Told, word: str) -> bool:
    """A notification, or a problem of your rulebook (shown in a dialog), says ``word``
    (an empty word: nothing need be said, a name that cannot be checked is just left out)."""
    if not word:
        return True
    texts = [str(n.message) for n in told]
    texts += [str(p) for p in app.session.personal_problems]
    return any(word in text for text in texts)


@pytest.mark.parametrize(("what", "where", "make", "word"), BAD, ids=[b[0] for b in BAD])
async def test_the_app_starts_shows_the_roster_and_quits(tmp_path: Path, what: str, where: str,
                                                         make: Callable[[Path], None],
                                                         word: str) -> None:
    if (make is _fifo and not hasattr(os, "mkfifo")) or \
            (make is _dev_zero and not Path("/dev/zero").exists()):
        pytest.skip("not on this system")
    roster = copy_example(tmp_path, HVY_CAV)
    with folders(tmp_path):
        bad = tmp_path / where
        bad.parent.mkdir(parents=True, exist_ok=True)
        make(bad)
        prefs.take_problems()
        app = HorizonApp(roster)
        told = Told()
        async with app.run_test(size=SIZE, message_hook=told) as pilot:
            await until(pilot, lambda: app.loaded and bool(row_names(app)), "the roster shown")
            await pilot.pause()
            assert app.session.roster.name == "3rd Lancers Battlegroup"
            assert _said(app, told, word), f"{what}: nothing says {word!r}"
            app.exit()
        assert app.return_code in (0, None)


EVENTS: list[tuple[str, Callable[[Path], None], str]] = [
    ("a FIFO", _fifo, "not a regular file"),
    ("linked to /dev/zero", _dev_zero, "not a regular file"),
    ("nested too deeply", _deep, "nested too deeply"),
    ("a BOM", lambda p: p.write_bytes(b"\xef\xbb\xbfname = 'x'\n"), "BOM"),
    ("a list path with a NUL", lambda p: p.write_text(
        'name = "C"\npreset = "oth-tournament"\n[[commanders]]\nname = "A"\n'
        'list = "a\\u0000b"\n'), "NUL"),
]


@pytest.mark.parametrize(("what", "make", "word"), EVENTS, ids=[e[0] for e in EVENTS])
async def test_the_event_screen_names_a_bad_event_file_and_quits(
        tmp_path: Path, what: str, make: Callable[[Path], None], word: str) -> None:
    if (make is _fifo and not hasattr(os, "mkfifo")) or \
            (make is _dev_zero and not Path("/dev/zero").exists()):
        pytest.skip("not on this system")
    event = tmp_path / "club.toml"
    make(event)
    app = HorizonApp(start=("event", event, None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await shown(pilot, EventScreen)
        problem = str(screen.query_one("#event-problem", Static).render())
        assert "club.toml" in problem and word in problem, f"{what}: {problem}"
        app.exit()


async def test_ctrl_o_with_recent_names_that_cannot_be_checked(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    with folders(tmp_path):
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "prefs.toml").write_text(
            'recent = ["' + "x" * 5000 + '", "/' + "d/" * 3000 + f'r.toml", "{roster}"]\n')
        app = HorizonApp(roster)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.loaded)
            await pilot.press("ctrl+o")
            dialog = await shown(pilot, OpenRosterDialog)
            assert dialog._recent == [roster]
            await pilot.press("escape")


async def test_the_preferences_are_read_once_at_the_start(tmp_path: Path, monkeypatch) -> None:
    """The theme and the keymap come from one read of prefs.toml (both are applied)."""
    roster = copy_example(tmp_path, HVY_CAV)
    reads: list[Path] = []
    real = prefs.read_toml

    def counted(path, *args, **kwargs):
        reads.append(Path(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(prefs, "read_toml", counted)
    with folders(tmp_path):
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "prefs.toml").write_text(
            'theme = "textual-light"\n[keymap]\nsave = "f2"\n')
        app = HorizonApp(roster)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.loaded)
            assert app.theme == "textual-light" and app.keys.user_keymap == {"save": "f2"}
        assert [p.name for p in reads] == ["prefs.toml"]


async def test_temporaries_left_by_a_killed_save_go_at_the_start(tmp_path: Path) -> None:
    roster = copy_example(tmp_path, HVY_CAV)
    stale = tmp_path / f".{HVY_CAV}.k1ll3d.tmp"
    stale.write_text("half a roster")
    os.utime(stale, (0, 0))
    app = HorizonApp(roster)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.loaded)
        await until(pilot, lambda: not stale.exists(), "the leftover removed")


async def test_the_conflict_dialogs_buttons_are_whole_at_120_columns(tmp_path: Path) -> None:
    app = HorizonApp(copy_example(tmp_path, HVY_CAV))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.loaded)
        app.push_screen(FileChangedDialog("x.toml"))
        dialog = await shown(pilot, FileChangedDialog)
        await pilot.pause()
        box = dialog.query_one(".dialog-box").content_region
        for button in dialog.query(Button):
            assert box.contains_region(button.region), f"{button.label} is cut"


@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       kind=st.sampled_from(["prefs", "rulebook", "autosave", "recent"]))
async def test_a_start_with_a_generated_file_beside_the_roster(seed: int, kind: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        roster = copy_example(root, HVY_CAV)
        with folders(root):
            place(target(kind, root), random.Random(seed), kind)
            app = HorizonApp(roster)
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: app.loaded and bool(row_names(app)), "the roster")
                app.exit()
