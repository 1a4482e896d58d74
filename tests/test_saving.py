"""Saves never lose a roster (issue 12): atomic backup, read-only files, killed saves,
and a file changed on disk by someone else since it was opened."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers_tui import SIZE, copy_example

from horizon_builder.files.tomlfile import write_text_atomic
from horizon_builder.session.core import Session
from horizon_builder.tui.app import HorizonApp
from horizon_builder.tui.common.dialogs import FileChangedDialog

HVY_CAV = "hvy-cav-battlegroup.toml"


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_backup_is_the_previous_file_and_nothing_is_left(tmp_path):
    target = tmp_path / "r.toml"
    target.write_text("old = 1\n", encoding="utf-8")
    write_text_atomic(target, "new = 2\n", keep_backup=True)
    assert target.read_text(encoding="utf-8") == "new = 2\n"
    assert (tmp_path / "r.toml.bak").read_text(encoding="utf-8") == "old = 1\n"
    assert leftovers(tmp_path) == []


def test_read_only_file_is_not_replaced(tmp_path):
    target = tmp_path / "r.toml"
    target.write_text("old = 1\n", encoding="utf-8")
    target.chmod(0o444)
    with pytest.raises(PermissionError):
        write_text_atomic(target, "new = 2\n", keep_backup=True)
    assert target.read_text(encoding="utf-8") == "old = 1\n"
    assert not (tmp_path / "r.toml.bak").exists() and leftovers(tmp_path) == []


def test_a_read_only_folder_is_named_as_the_reason_not_the_file(tmp_path, capsys):
    """Issue 36 item 6: the temporary file is made in the folder, so the folder is what
    cannot be written (as root too: the same mode test as for a read-only file)."""
    from horizon_builder.cli.main import main
    from horizon_builder.files.resources import examples_dir

    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError) as exc:
            write_text_atomic(folder / "r.toml", "new = 2\n")
        assert exc.value.strerror == f"the folder {folder} is read-only: nothing written"
        assert main(["export", str(examples_dir() / HVY_CAV), "-o", str(folder / "x.md")]) == 2
        err = capsys.readouterr().err
        assert err == f"error: {folder / 'x.md'}: cannot write: the folder {folder} is read-only: " \
            "nothing written\n"
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_failed_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "r.toml"
    target.write_text("old = 1\n", encoding="utf-8")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        write_text_atomic(target, "new = 2\n", keep_backup=True)
    assert target.read_text(encoding="utf-8") == "old = 1\n" and leftovers(tmp_path) == []


def test_next_save_removes_what_a_killed_save_left(tmp_path):
    target = tmp_path / "r.toml"
    stale = tmp_path / ".r.toml.abc123.tmp"
    stale.write_text("half", encoding="utf-8")
    long_ago = time.time() - 3600
    os.utime(stale, (long_ago, long_ago))
    fresh = tmp_path / ".r.toml.live99.tmp"  # another save in progress right now: kept
    fresh.write_text("busy", encoding="utf-8")
    write_text_atomic(target, "x = 1\n")
    assert leftovers(tmp_path) == [fresh.name]


SAVER = """
import sys
from horizon_builder.files.tomlfile import write_text_atomic
path, n = sys.argv[1], 0
while True:
    n += 1
    write_text_atomic(path, f"n = {n}\\n" + "pad = '" + "x" * 200000 + "'\\n", keep_backup=True)
    print(n, flush=True)
"""


def test_a_save_killed_midway_leaves_the_old_or_the_new_file(tmp_path):
    """SIGKILL at many moments: the file (and its backup) always parse, whole."""
    import tomllib

    target = tmp_path / "r.toml"
    target.write_text("n = 0\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    for attempt in range(6):
        proc = subprocess.Popen([sys.executable, "-c", SAVER, str(target)], stdout=subprocess.PIPE,
                                env=env)
        assert proc.stdout is not None
        proc.stdout.readline()  # it is saving in a loop now
        time.sleep(0.01 * attempt)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        for path in (target, tmp_path / "r.toml.bak"):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            assert isinstance(data["n"], int)
    for leftover in tmp_path.glob(".*.tmp"):  # what the kills left: stale for the next save
        os.utime(leftover, (0, 0))
    write_text_atomic(target, "n = -1\n", keep_backup=True)
    assert leftovers(tmp_path) == []


def test_session_notices_a_change_on_disk(tmp_path):
    path = copy_example(tmp_path, HVY_CAV)
    session = Session.open(path)
    assert not session.changed_on_disk()
    path.write_text(path.read_text(encoding="utf-8").replace("Lancer", "Changed"), encoding="utf-8")
    assert session.changed_on_disk()
    session.save()
    assert not session.changed_on_disk()


@pytest.mark.parametrize("answer", ["o", "escape"])
async def test_saving_over_a_file_changed_on_disk_asks(tmp_path: Path, answer: str) -> None:
    path = copy_example(tmp_path, HVY_CAV)
    app = HorizonApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")  # an edit of ours
        theirs = path.read_text(encoding="utf-8").replace("3rd Lancers", "Their Lancers")
        path.write_text(theirs, encoding="utf-8")  # and someone else's
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FileChangedDialog)
        await pilot.press(answer)
        await pilot.pause()
    text = path.read_text(encoding="utf-8")
    if answer == "o":
        assert "3rd Lancers" in text  # overwritten with ours
    else:
        assert text == theirs  # theirs kept


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_pipe_or_folder_is_refused_never_replaced(tmp_path):
    """-o naming a FIFO, a device or a folder (issue 23 item 10): an OSError saying what it
    is; the FIFO stays a FIFO (a save used to rename a regular file over it, and as root over
    a device such as /dev/full too), and no temporary file is left."""
    import stat

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:
        write_text_atomic(fifo, "x = 1\n")
    assert "not a regular file" in str(caught.value.strerror)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    with pytest.raises(OSError) as caught:
        write_text_atomic(tmp_path, "x = 1\n")
    assert "is a folder" in str(caught.value.strerror)
    assert leftovers(tmp_path) == []
