"""A closed terminal ends the app (issue 35 item 6), in a real pseudo-terminal.

Before: a terminal closed while the app was busy opening a slow file left the process
running, detached, writing no autosave and growing (the hang-up was handled inside
whatever the app was doing, and leaving then stalled on a terminal nobody reads). Now a
hang-up before anything is loaded ends the process at once; after, the app autosaves and
leaves as soon as the work in hand yields.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers_tui import copy_example

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no hang-up signal here")

#: The app's command line, with the roster's opening slowed down by ``SLOW_OPEN`` seconds
#: (a stand-in for a slow disk or a huge file, whatever the parser's speed).
DRIVER = """
import os, sys, time
import horizon_builder.session.core as core
slow = float(os.environ.get("SLOW_OPEN", "0"))
if slow:
    opened = core.Session.open.__func__
    def open_slowly(cls, *args, **kwargs):
        os.write(2, b"opening slowly\\n")
        time.sleep(slow)
        return opened(cls, *args, **kwargs)
    core.Session.open = classmethod(open_slowly)
from horizon_builder.cli import main
sys.exit(main(sys.argv[1:]))
"""


class Terminal:
    """The app in a pseudo-terminal of 100 by 30 cells; what it wrote is kept as text."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.master = master
        self.output = b""
        self.process = subprocess.Popen([sys.executable, "-c", DRIVER, *args], stdin=slave,
                                        stdout=slave, stderr=slave, cwd=cwd, env=env,
                                        start_new_session=True)
        os.close(slave)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(self.master, 65536):
                self.output += chunk

    def wait_for(self, text: bytes, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.output:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared: {self.output[-2000:]!r}")
            time.sleep(0.1)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def hang_up(self) -> None:
        """What closing the terminal window does: SIGHUP, and the terminal is gone."""
        self.process.send_signal(signal.SIGHUP)
        os.close(self.master)

    def ended_within(self, seconds: float) -> int | None:
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[type[Terminal]]:
    started: list[Terminal] = []

    class Tracked(Terminal):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            started.append(self)

    yield Tracked
    for each in started:
        if each.process.poll() is None:
            each.process.kill()
            each.process.wait(timeout=20)


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "TERM": "xterm-256color", "HORIZON_BUILDER_DATA_DIR": str(tmp_path / "data"),
            "HORIZON_BUILDER_CONFIG_DIR": str(tmp_path / "config"), **extra}


def test_a_hang_up_during_a_slow_start_ends_the_app_at_once(tmp_path: Path, terminal: type[Terminal]) -> None:
    roster = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = terminal([str(roster)], _env(tmp_path, SLOW_OPEN="300"), tmp_path)
    app.wait_for(b"opening slowly")
    app.hang_up()
    assert app.ended_within(30) == 128 + signal.SIGHUP  # not after the 300 s of opening


def test_a_hang_up_keeps_unsaved_work_and_ends_the_app(tmp_path: Path, terminal: type[Terminal]) -> None:
    roster = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = terminal([str(roster)], _env(tmp_path), tmp_path)
    app.wait_for(b"LEGAL")
    app.type(b"d")  # duplicate the element in the cursor: unsaved work
    app.wait_for(b"Duplicated")
    app.hang_up()
    assert app.ended_within(30) == 128 + signal.SIGHUP
    (kept,) = (tmp_path / "data" / "autosave").glob("*.toml")
    assert "Lancer Command 2" in kept.read_text(encoding="utf-8")
    assert "Lancer Command 2" not in roster.read_text(encoding="utf-8")  # the roster file untouched


#: A browser that reads the page it is given a moment later, as a real one starting up does
#: (``webbrowser`` waits for the command: it leaves a reader behind and returns at once).
#: How long the app waits for a page just opened is proven in test_browser_pages (no timing
#: here: a loaded machine may start the reader late).
BROWSER = """
import subprocess, sys
from urllib.parse import unquote, urlparse
page = unquote(urlparse(sys.argv[1]).path)
subprocess.Popen([sys.executable, "-c", "import shutil, sys; shutil.copy(sys.argv[1], sys.argv[2])",
                  page, sys.argv[2]], start_new_session=True)
"""


def _browser_env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "browser.py").write_text(BROWSER, encoding="utf-8")
    (tmp_path / "tmp").mkdir()
    read = tmp_path / "read.html"
    return _env(tmp_path, TMPDIR=str(tmp_path / "tmp"),
                BROWSER=f"{sys.executable} {tmp_path / 'browser.py'} %s {read}")


def _wait_for_file(path: Path, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    return path.exists()


@pytest.mark.parametrize("leave", ["quit", "hang up"])
def test_open_in_browser_pages_are_removed_when_the_app_ends(
        leave: str, tmp_path: Path, terminal: type[Terminal]) -> None:
    """Issue 33 item 11: the temporary page Open in browser wrote is read by the browser and
    gone, with its folder, once the app ends, by a quit or a hang-up."""
    roster = copy_example(tmp_path, "hvy-cav-battlegroup.toml")
    app = terminal([str(roster)], _browser_env(tmp_path), tmp_path)
    app.wait_for(b"LEGAL")
    app.type(b"x")
    app.wait_for(b"Open in browser")
    app.type(b"\x02")  # ctrl+b
    app.wait_for(b"Opened")
    (page,) = (tmp_path / "tmp").rglob("*.html")  # (in this run's folder of the pages)
    folder = page.parent
    assert _wait_for_file(tmp_path / "read.html")  # the browser read it
    if leave == "quit":
        app.type(b"\x11")  # ctrl+q
        assert app.ended_within(30) == 0
    else:
        app.hang_up()
        assert app.ended_within(30) == 128 + signal.SIGHUP
    assert not folder.exists() and not list((tmp_path / "tmp").iterdir())  # nothing left
