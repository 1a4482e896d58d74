"""The pages the app's Open in browser writes to temporary folders, removed when the app quits.

A browser opened on a file reads it some time after it is asked to (it may have to start
first), so a page is never removed at once: when the app quits, a page written less than
:data:`READ_GRACE_SECONDS` ago is given the rest of that time. A hang-up does not wait (the
terminal is gone and the process must end within its own grace): what is left is removed
there and then.

A run killed outright (SIGKILL, a power cut) removes nothing, so the pages live in one
known folder of the user's (:func:`pages_parent`, in the system's temporary folder: made
by us, for us alone), one folder per run in it named by the run's process id and start
(``4242-183920``), and each start of the app sweeps it (:func:`sweep`): the folder of a run
no longer alive goes. On Linux a run is known exactly (its start time, from /proc: a
process id used again is another run); elsewhere a run whose process id is in use counts
as alive until its folder is a day old. Nothing but the parent's own entries is removed:
a link among them is removed itself, never followed. When that parent cannot be ours (a
link, or made by another user), each page goes in a temporary folder of its own, as
before, removed when the app quits but not swept.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from horizon_builder.files.tomlfile import write_text_atomic

#: How long a browser is given to read a page written just before the app quits.
READ_GRACE_SECONDS = 2.0
#: The temporary folders' names start so (one folder per page).
PREFIX = "horizon-builder-"
#: The folder of every run's pages, in the system's temporary folder (then the user's id).
PARENT_NAME = "horizon-builder-pages"
#: A run's folder this old is swept even when its process id is in use (where a run cannot be
#: known exactly), and so is anything else in the parent.
STALE_SECONDS = 24 * 60 * 60

_RUN = re.compile(r"([0-9]{1,10})-([0-9]{1,20})")


def pages_parent() -> Path:
    """The folder of every run's pages (one a user)."""
    getuid = getattr(os, "getuid", None)
    return Path(tempfile.gettempdir()) / f"{PARENT_NAME}-{getuid() if getuid else 'user'}"


def process_start(pid: int) -> str | None:
    """When process ``pid`` started, in the system's clock ticks since boot (Linux's /proc);
    None when there is no such process (or only its exit status, a zombie), or no /proc."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as file:
            fields = file.read().rpartition(")")[2].split()
    except (OSError, ValueError):
        return None
    if len(fields) <= 19 or fields[0] in ("Z", "X") or not fields[19].isdigit():
        return None
    return fields[19]


#: this run's folder name, by process id (a forked child is another run)
_RUN_NAMES: dict[int, str] = {}


def run_name() -> str:
    """This run's folder name: its process id and its start (clock ticks since boot on
    Linux, else the time the name was first asked for)."""
    pid = os.getpid()
    if pid not in _RUN_NAMES:
        _RUN_NAMES[pid] = f"{pid}-{process_start(pid) or int(time.time())}"
    return _RUN_NAMES[pid]


def _ours(folder: Path) -> bool:
    """``folder`` is a folder (not a link) of this user's that no one else may write in."""
    try:
        info = os.lstat(folder)
    except (OSError, ValueError):
        return False
    if not stat.S_ISDIR(info.st_mode):
        return False
    getuid = getattr(os, "getuid", None)
    return getuid is None or (info.st_uid == getuid() and not info.st_mode & 0o022)


def _made(folder: Path) -> bool:
    """Make ``folder`` for this user alone, or find it made so."""
    with contextlib.suppress(OSError):  # (there already, or cannot be made: looked at below)
        os.mkdir(folder, 0o700)
    return _ours(folder)


def _pid_in_use(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return True  # (no harmless way to ask here: a day's age decides)
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True  # another user's process
    except (OSError, OverflowError, ValueError):
        return False
    return True


def _alive(name: str, age: float, exact: bool) -> bool:
    """Whether the run whose folder is ``name`` (``age`` seconds old) may still be reading
    its pages (``exact``: runs are known by their start time here)."""
    found = _RUN.fullmatch(name)
    if found is None:  # not a run's folder: kept a day
        return age < STALE_SECONDS
    pid, start = int(found[1]), found[2]
    if exact:
        return process_start(pid) == start
    return _pid_in_use(pid) and age < STALE_SECONDS


def _remove(entry: os.DirEntry[str]) -> None:
    """Remove one entry of the parent: a link or a file itself, a folder with what it holds
    (links in it removed, never followed)."""
    with contextlib.suppress(OSError):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            os.unlink(entry.path)


def sweep(parent: Path | None = None, now: float | None = None) -> list[str]:
    """At start-up: remove the pages of runs no longer alive from ``parent`` (default
    :func:`pages_parent`); the names of the entries removed. Never another live run's, never
    anything outside ``parent``, and nothing when ``parent`` is not a folder of ours alone."""
    parent = pages_parent() if parent is None else parent
    if not _ours(parent):
        return []
    now = time.time() if now is None else now
    exact = process_start(os.getpid()) is not None
    mine = run_name()
    removed = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return []
    for entry in entries:
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue  # gone meanwhile
        if entry.name == mine or _alive(entry.name, age, exact):
            continue
        _remove(entry)
        removed.append(entry.name)
    return removed


class TempPages:
    """The temporary pages written this run: :meth:`write` one, :meth:`remove_all` at exit."""

    def __init__(self, grace: float = READ_GRACE_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep,
                 parent: Path | None = None) -> None:
        self.grace = grace
        self._clock = clock
        self._sleep = sleep
        #: the folder of every run's pages (None: :func:`pages_parent`)
        self._parent = parent
        self._run: Path | None = None  #: this run's folder in it, once made
        self._lock = threading.Lock()  # a hang-up's timer thread may remove them too
        self._folders: dict[Path, float] = {}  #: folder -> when its page was written

    @property
    def folders(self) -> list[Path]:
        with self._lock:
            return list(self._folders)

    def run_folder(self) -> Path | None:
        """This run's folder in the parent, made the first time (None: the parent is not a
        folder of ours alone; the pages go in the system's temporary folder then)."""
        with self._lock:
            if self._run is not None and _ours(self._run):
                return self._run
            parent = self._parent if self._parent is not None else pages_parent()
            run = parent / run_name()
            for _ in range(3):  # (a run quitting meanwhile may remove the parent it found empty)
                if not _made(parent):
                    return None
                if _made(run):
                    self._run = run
                    return run
                if os.path.lexists(run):
                    return None  # something else under our name: not used
            return None

    def sweep_stale(self) -> list[str]:
        """At start-up: the pages that runs no longer alive left in the parent, removed
        (:func:`sweep`); the names of the entries removed."""
        return sweep(self._parent)

    def write(self, name: str, text: str) -> Path:
        """Write ``text`` as ``name`` in a new temporary folder; the page's path."""
        folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=self.run_folder()))
        with self._lock:
            self._folders[folder] = self._clock()
        return write_text_atomic(folder / name, text)

    def remove_all(self, wait: bool = True) -> None:
        """Remove every page written (and its folder). ``wait``: a page written less than
        :attr:`grace` seconds ago is first given the rest of that time to be read."""
        if wait:
            with self._lock:
                newest = max(self._folders.values(), default=None)
            if newest is not None:
                left = self.grace - (self._clock() - newest)
                if left > 0:
                    self._sleep(min(left, self.grace))
        with self._lock:
            folders, self._folders = list(self._folders), {}
            run, self._run = self._run, None
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
        if run is not None:  # this run's folder, and the parent when no other run's is there
            for empty in (run, run.parent):
                with contextlib.suppress(OSError):
                    os.rmdir(empty)
