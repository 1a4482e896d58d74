"""The autosave store (issue 12, never lose work): write, list, load back, delete; a bad file
is set aside with a message; the roster file itself is never touched."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from horizon_builder.roster.io import read_roster
from horizon_builder.roster.models import Element, Roster
from horizon_builder.userfiles import autosave
from horizon_builder.userfiles.autosave import DATA_DIR_ENV, Autosaver, AutosaveStore, data_dir

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HVY_CAV = "hvy-cav-battlegroup.toml"


def _roster_file(tmp_path: Path) -> Path:
    target = tmp_path / "rosters" / HVY_CAV
    target.parent.mkdir()
    shutil.copy(EXAMPLES / HVY_CAV, target)
    return target


def _edited(roster: Roster, name: str = "Edited \u202e [/] \"quoted\"") -> Roster:
    extra = Element(id="new1", name=name, type="mech", presence=2, stats={"M": 4, "F": 3, "A": 3, "D": 3})
    return roster.model_copy(update={"elements": (*roster.elements, extra), "notes": "line 1\nline 2"})


def test_data_folder_comes_from_the_environment_variable(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    assert AutosaveStore().folder == tmp_path / "mine" / "autosave"
    monkeypatch.delenv(DATA_DIR_ENV)
    assert data_dir().name == "horizon-builder"  # the platform's user data folder


def test_write_list_load_back_delete(tmp_path: Path) -> None:
    path = _roster_file(tmp_path)
    before = path.read_bytes()
    store = AutosaveStore(tmp_path / "data")
    roster = _edited(read_roster(path))
    when = datetime(2025, 3, 14, 20, 15, tzinfo=UTC)
    file = store.write(store.file_for(path), roster, path, now=when)
    assert file.parent == tmp_path / "data" and file.name.startswith("hvy-cav-battlegroup-")
    entries, messages = store.entries()
    assert messages == []
    assert len(entries) == 1
    entry = entries[0]
    assert entry.roster == roster
    assert entry.roster_path == path.resolve()
    assert entry.saved_at == when
    assert entry.label == str(path.resolve())
    assert store.find(path) == [entry] and store.find(None) == []
    assert path.read_bytes() == before  # the roster file is never touched
    assert [p.name for p in file.parent.iterdir()] == [file.name]  # no temporary left behind
    store.delete(file)
    store.delete(file)  # twice: no error
    assert store.entries() == ([], [])
    assert path.read_bytes() == before


def test_one_file_per_roster_keyed_by_its_full_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = AutosaveStore(tmp_path / "data")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    assert store.file_for(Path("x.toml")) == store.file_for(tmp_path / "a" / "x.toml")
    assert store.file_for(tmp_path / "a" / "x.toml") != store.file_for(tmp_path / "b" / "x.toml")
    assert store.file_for(None).name == "untitled.toml"
    roster = Roster(name="New", force_cost=15)
    store.write(store.file_for(None), roster, None)
    assert store.file_for(None, taken=True).name == "untitled-2.toml"
    [entry] = store.entries()[0]
    assert entry.roster_path is None and entry.label == "an untitled roster (New)"


def test_newest_first(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "data")
    old = datetime(2024, 1, 1, tzinfo=UTC)
    new = datetime(2025, 1, 1, tzinfo=UTC)
    for name, when in (("Old", old), ("New", new)):
        path = tmp_path / f"{name}.toml"
        store.write(store.file_for(path), Roster(name=name, force_cost=15), path, now=when)
    assert [e.roster.name for e in store.entries()[0]] == ["New", "Old"]


@pytest.mark.parametrize("content", [
    b"",  # empty
    b"\x00\xff\xfe binary junk",
    b"name = \"not an autosave\"\n",  # some other TOML file
    b"[autosave]\nformat = 99\nsaved_at = 2025-01-01T00:00:00Z\n[roster]\nname = \"x\"\n",
    b"[autosave]\nformat = 1\n[roster]\nname = \"x\"\n",  # no time
    b"[autosave]\nformat = 1\nsaved_at = 2025-01-01T00:00:00Z\nroster_file = 3\n[roster]\nname = \"x\"\n",
    b"[autosave]\nformat = 1\nsaved_at = 2025-01-01T00:00:00Z\n[roster]\nforce_cost = \"lots\"\n",
    b"[autosave]\nformat = 1\nsaved_at = 2025-01-01T00:00:00Z\n[roster\n",  # cut short
])
def test_a_bad_autosave_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    path = _roster_file(tmp_path)
    before = path.read_bytes()
    store = AutosaveStore(tmp_path / "data")
    good = store.write(store.file_for(path), _edited(read_roster(path)), path)
    bad = store.folder / "bad.toml"
    bad.write_bytes(content)
    entries, messages = store.entries()
    assert [e.file for e in entries] == [good]  # the good one is still offered
    assert len(messages) == 1 and "bad.toml could not be read" in messages[0]
    assert not bad.exists() and (store.folder / "bad.toml.bad").read_bytes() == content  # kept
    assert store.entries() == (entries, [])  # reported once
    assert path.read_bytes() == before


def test_a_folder_that_cannot_be_listed_gives_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert AutosaveStore(tmp_path / "file").entries() == ([], [])
    assert AutosaveStore(tmp_path / "missing").entries() == ([], [])


# --- the autosaver: when to write, which file, when to remove it -----------------------------------
def test_autosaver_writes_every_few_edits_and_removes_the_file_once_saved(tmp_path: Path) -> None:
    path = _roster_file(tmp_path)
    store = AutosaveStore(tmp_path / "data")
    saver = Autosaver(store, every_edits=3)
    assert [saver.changed() for _ in range(3)] == [False, False, True]
    roster = _edited(read_roster(path))
    assert saver.sync(roster, path, dirty=True)
    assert not saver.sync(roster, path, dirty=True)  # the same snapshot is not written twice
    assert saver.changed() is False  # the count starts again after a write
    assert store.load(store.file_for(path)).roster == roster
    assert not saver.sync(roster, path, dirty=False)  # saved (or undone to the saved roster)
    assert store.entries() == ([], [])


def test_save_as_moves_the_autosave_to_the_new_name(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "data")
    saver = Autosaver(store)
    roster = Roster(name="Fresh", force_cost=15)
    saver.sync(roster, None, dirty=True)
    assert [e.roster_path for e in store.entries()[0]] == [None]
    saver.sync(roster, tmp_path / "fresh.toml", dirty=True)
    assert [e.roster_path for e in store.entries()[0]] == [(tmp_path / "fresh.toml").resolve()]


def test_an_autosave_kept_for_later_is_never_overwritten(tmp_path: Path) -> None:
    path = _roster_file(tmp_path)
    store = AutosaveStore(tmp_path / "data")
    kept = store.write(store.file_for(path), _edited(read_roster(path), "Kept"), path)
    kept_bytes = kept.read_bytes()
    saver = Autosaver(store)
    saver.sync(_edited(read_roster(path), "Other"), path, dirty=True)
    assert saver.owned is not None and saver.owned != kept
    saver.sync(read_roster(path), path, dirty=False)
    assert kept.read_bytes() == kept_bytes
    assert [e.file for e in store.entries()[0]] == [kept]


def test_stop_removes_our_file_and_writes_no_more(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "data")
    saver = Autosaver(store)
    saver.sync(Roster(name="A", force_cost=15), None, dirty=True)
    saver.stop()
    assert not saver.sync(Roster(name="B", force_cost=15), None, dirty=True)
    assert store.entries() == ([], [])


def test_a_failed_write_is_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    saver = Autosaver(AutosaveStore(tmp_path / "file" / "autosave"))
    assert not saver.sync(Roster(name="A", force_cost=15), None, dirty=True)
    assert saver.error


def test_autosave_timing_constants_are_sensible() -> None:
    assert 1 <= autosave.EVERY_EDITS <= 10 and 1 <= autosave.EVERY_SECONDS <= 30


def test_autosaver_is_safe_from_threads(tmp_path: Path) -> None:
    """The app writes from worker threads: concurrent syncs never raise or leave files behind."""
    import threading

    store = AutosaveStore(tmp_path / "data")
    saver = Autosaver(store)
    rosters = [Roster(name=f"R{i}", force_cost=15) for i in range(8)]

    def hammer(roster: Roster) -> None:
        for _ in range(20):
            saver.sync(roster, tmp_path / "r.toml", dirty=True)

    threads = [threading.Thread(target=hammer, args=(r,)) for r in rosters]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    [entry] = store.entries()[0]
    assert entry.roster in rosters
    saver.sync(rosters[0], tmp_path / "r.toml", dirty=False)
    assert list(store.folder.iterdir()) == []
