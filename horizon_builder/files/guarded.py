"""A file that more than one writer may change (an event file, a campaign file): each
service keeps the digest of the text it read or last wrote, and writes over the file only
while it is still that text, comparing and writing under one lock on the folder, so a
change made elsewhere meanwhile (the command line beside the screen, a second tab) is
never written over. The services say what it means to their users (``ChangedElsewhere``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import link_target, read_regular_file


def digest(text: str) -> str:
    """What a service remembers of the text it read or wrote."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stat_stamp(path: Path) -> tuple[int, int] | None:
    """What a file is on disk (modified time, size), from its metadata alone: a cheap look
    whether it may have changed, before reading it (None where there is none to read)."""
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size)


def _text_now(path: Path) -> str | None:
    try:
        return read_regular_file(link_target(path)).decode("utf-8")
    except (LoadError, OSError, UnicodeDecodeError, ValueError):
        return None


def unchanged(path: Path, read: str | None) -> bool:
    """Whether the file's text still has the digest ``read`` (a file that cannot be read
    now has changed)."""
    now = _text_now(path)
    return now is not None and digest(now) == read


@contextlib.contextmanager
def writers_one_at_a_time(folder: Path) -> Iterator[None]:
    """Held while a file is compared and written: the services of every process writing
    into ``folder`` take turns (an advisory lock on the folder; where the system has none,
    or the folder cannot be opened, the comparison alone guards)."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    handle: int | None = None
    try:
        handle = os.open(folder, os.O_RDONLY)
        fcntl.flock(handle, fcntl.LOCK_EX)
    except OSError:
        pass
    try:
        yield
    finally:
        if handle is not None:
            os.close(handle)  # lets the lock go


def write_if_unchanged(path: Path, read: str | None, write: Callable[[str], str]) -> str | None:
    """Under the folder's lock: when the file's text still has the digest ``read``,
    ``write(text)`` (it writes the file, given what is there, and returns the text written)
    and return what it wrote; None, writing nothing, when the file was changed elsewhere or
    cannot be read now. What ``write`` raises (an OSError: no space ...) goes to the caller."""
    with writers_one_at_a_time(link_target(path).parent):
        now = _text_now(path)
        if now is None or digest(now) != read:
            return None
        return write(now)
