"""The pages the app's Open in browser writes to temporary folders, removed when the app quits.

A browser opened on a file reads it some time after it is asked to (it may have to start
first), so a page is never removed at once: when the app quits, a page written less than
:data:`READ_GRACE_SECONDS` ago is given the rest of that time. A hang-up does not wait (the
terminal is gone and the process must end within its own grace): what is left is removed
there and then.
"""

from __future__ import annotations

import shutil
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


class TempPages:
    """The temporary pages written this run: :meth:`write` one, :meth:`remove_all` at exit."""

    def __init__(self, grace: float = READ_GRACE_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.grace = grace
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()  # a hang-up's timer thread may remove them too
        self._folders: dict[Path, float] = {}  #: folder -> when its page was written

    @property
    def folders(self) -> list[Path]:
        with self._lock:
            return list(self._folders)

    def write(self, name: str, text: str) -> Path:
        """Write ``text`` as ``name`` in a new temporary folder; the page's path."""
        folder = Path(tempfile.mkdtemp(prefix=PREFIX))
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
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
