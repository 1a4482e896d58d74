"""Autosave: unsaved work kept in the user data folder until it is saved or discarded.

The app writes the roster being edited to an autosave file every few edits or
seconds, so closing the terminal or a crash loses at most those few seconds.
There is one file per roster: its name comes from the roster file's absolute
path (``untitled`` for a roster never saved), and it holds that path, the time
and the roster itself. Saving the roster, or discarding its changes, removes it.
On the next start the app lists what is left and offers to restore it.

Everything here is plain file work (no UI): :class:`AutosaveStore` reads and
writes the folder, :class:`Autosaver` decides when the app's session is written
and which file it owns. Writes are atomic (:func:`write_text_atomic`), an
autosave never touches the roster file itself, and an autosave file that cannot
be read is set aside (renamed ``*.bad``) with a message, never deleted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import clean_folder_temporaries, read_toml, set_aside, write_text_atomic
from horizon_builder.roster.io import parse_roster, roster_to_data
from horizon_builder.roster.models import Roster

#: Environment variable naming the data folder (tests and CI point it at a temporary folder).
DATA_DIR_ENV = "HORIZON_BUILDER_DATA_DIR"
#: Format of an autosave file's ``[autosave]`` table.
AUTOSAVE_FORMAT = 1
#: Write after this many changes, even before the timer fires.
EVERY_EDITS = 3
#: ... and at most this many seconds after a change.
EVERY_SECONDS = 5.0

UNTITLED = "untitled"


def data_dir() -> Path:
    """The user data folder: ``$HORIZON_BUILDER_DATA_DIR``, else the platform's usual place
    (platformdirs with no app author, as the config and cache folders: on Windows
    ``%LOCALAPPDATA%\\horizon-builder``; earlier versions used
    ``horizon-builder\\horizon-builder`` there, moved once by :func:`move_old_data`)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    folder = Path(platformdirs.user_data_dir("horizon-builder", appauthor=False))
    if not _moved:
        _moved.append(True)
        move_old_data(Path(platformdirs.user_data_dir("horizon-builder")), folder)
    return folder


_moved: list[bool] = []  # the old folder is looked for once a process


def move_old_data(old: Path, new: Path) -> None:
    """Move what an earlier version kept in ``old`` (autosaves ...) into ``new``, once: each
    file or folder that ``new`` does not hold yet is renamed into it (a folder both hold is
    merged the same way), and ``old`` is removed once empty. Nothing is ever overwritten or
    deleted: a file both hold stays in ``old``. Nothing happens where the two are one folder
    (Linux, macOS)."""
    try:
        if old == new or not old.is_dir() or old.is_symlink():
            return
        new.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    _merge_into(old, new)


def _merge_into(old: Path, new: Path) -> None:
    try:
        entries = sorted(old.iterdir())
    except OSError:
        return
    for entry in entries:
        target = new / entry.name
        with contextlib.suppress(OSError):
            if not os.path.lexists(target):
                os.rename(entry, target)
            elif entry.is_dir() and not entry.is_symlink() and target.is_dir():
                _merge_into(entry, target)
    with contextlib.suppress(OSError):
        old.rmdir()  # only when empty


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def _absolute(path: Path) -> Path:
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def _too_long(name: str) -> bool:
    """A name no system could have written (over 4096 bytes, or a part over 255)."""
    try:
        raw = os.fsencode(name)
    except UnicodeError:
        return True
    return len(raw) > 4096 or any(len(part) > 255 for part in raw.split(os.fsencode(os.sep)))


@dataclass(frozen=True)
class Autosave:
    """One autosaved roster: its file here, the roster file it belongs to, when, and the roster."""

    file: Path
    roster_path: Path | None  #: None: a roster never saved
    saved_at: datetime
    roster: Roster

    @property
    def label(self) -> str:
        """Which roster, for people: its file, or "an untitled roster" and its name."""
        if self.roster_path is None:
            return f"an untitled roster ({self.roster.name})"
        return str(self.roster_path)

    @property
    def when(self) -> str:
        """The time it was written, local, to the minute."""
        return self.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")


class AutosaveStore:
    """The autosave folder: write, list, load, delete (and set aside what cannot be read)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else autosave_dir()

    # --- names -----------------------------------------------------------------------
    def key(self, roster_path: Path | None) -> str:
        """The file-name stem for a roster: ``untitled``, or its name and a digest of its full path."""
        if roster_path is None:
            return UNTITLED
        full = _absolute(roster_path)
        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", full.stem).strip("-")[:40] or "roster"
        digest = hashlib.sha256(str(full).encode("utf-8", "surrogateescape")).hexdigest()[:16]
        return f"{slug}-{digest}"

    def file_for(self, roster_path: Path | None, taken: bool = False) -> Path:
        """The autosave file of a roster; with ``taken``, the first of its names not in use
        (another window, or an autosave kept for later, has the usual one)."""
        stem = self.key(roster_path)
        candidate = self.folder / f"{stem}.toml"
        number = 2
        while taken and candidate.exists():
            candidate = self.folder / f"{stem}-{number}.toml"
            number += 1
        return candidate

    # --- files -----------------------------------------------------------------------
    def write(self, file: Path, roster: Roster, roster_path: Path | None,
              now: datetime | None = None) -> Path:
        """Write ``roster`` to ``file`` atomically (the folder is made when missing)."""
        header: dict[str, Any] = {"format": AUTOSAVE_FORMAT,
                                  "saved_at": (now or datetime.now(UTC)).replace(microsecond=0)}
        if roster_path is not None:
            header["roster_file"] = str(_absolute(roster_path))
        text = tomli_w.dumps({"autosave": header, "roster": roster_to_data(roster)})
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        return write_text_atomic(file, text)

    def load(self, file: Path) -> Autosave:
        """Read one autosave file; :class:`LoadError` when it cannot be used."""
        data, _text = read_toml(file)
        header, roster = data.get("autosave"), data.get("roster")
        if not isinstance(header, dict) or not isinstance(roster, dict):
            raise LoadError.single(file, "not an autosave file (no [autosave] and [roster] tables)")
        if header.get("format") != AUTOSAVE_FORMAT:
            raise LoadError.single(file, "autosave format not known to this version", key="autosave.format")
        saved_at = header.get("saved_at")
        if not isinstance(saved_at, datetime):
            raise LoadError.single(file, "autosave time missing", key="autosave.saved_at")
        if saved_at.tzinfo is None:
            saved_at = saved_at.replace(tzinfo=UTC)
        try:  # at the edge of the range (9999-12-31 in a zone west of UTC) it cannot be shown
            saved_at = saved_at.astimezone(UTC)
            saved_at.astimezone()
        except (OverflowError, ValueError, OSError):
            raise LoadError.single(file, "autosave time out of range",
                                   key="autosave.saved_at") from None
        roster_file = header.get("roster_file")
        if roster_file is not None and (not isinstance(roster_file, str) or not roster_file
                                        or "\x00" in roster_file or _too_long(roster_file)):
            raise LoadError.single(file, "roster file name is not a path", key="autosave.roster_file")
        return Autosave(file, Path(roster_file) if roster_file else None, saved_at,
                        parse_roster(roster, file))

    def entries(self) -> tuple[list[Autosave], list[str]]:
        """Every readable autosave, newest first, and a message for each one that is not.

        An unreadable file is renamed ``NAME.bad`` (so it is reported once and kept
        for a look), never deleted.
        """
        clean_folder_temporaries(self.folder)  # left by a write that was killed
        try:
            files = sorted(self.folder.glob("*.toml"))
        except OSError:
            return [], []
        found: list[Autosave] = []
        messages: list[str] = []
        for file in files:
            try:
                found.append(self.load(file))
            except LoadError as exc:
                aside = set_aside(file)
                reason = exc.problems[0].in_file if exc.problems else "cannot be read"
                kept = f"it is kept as {aside}" if aside is not None else "it is left as it is"
                messages.append(f"Autosave {file.name} could not be read ({reason}); {kept}.")
        found.sort(key=lambda entry: entry.saved_at, reverse=True)
        return found, messages

    def find(self, roster_path: Path | None) -> list[Autosave]:
        """The autosaves of one roster (None: untitled ones), newest first."""
        wanted = None if roster_path is None else _absolute(roster_path)
        entries, _ = self.entries()
        return [e for e in entries
                if (e.roster_path is None if wanted is None else
                    e.roster_path is not None and _absolute(e.roster_path) == wanted)]

    def delete(self, file: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            file.unlink()


@dataclass(frozen=True)
class Failure:
    """News of the autosave: ``why`` writes into ``folder`` fail (None: they work again)."""

    why: str | None
    folder: Path

    @property
    def message(self) -> str:
        if self.why is None:
            return "Autosave works again: unsaved changes are kept from now on."
        return (f"Autosave failed: {self.why} ({self.folder}). Unsaved changes are NOT kept if "
                "the app or the computer stops: save them (ctrl+s, or Save as elsewhere).")


class Autosaver:
    """When to write the session's roster, and the one file this app owns.

    ``changed`` is told of every change and says when enough edits piled up;
    ``sync`` writes (when the roster is modified and not yet written) or removes
    the file (when it is saved, or back to what was saved). Only a file this
    app wrote or restored is ever removed: an autosave kept for later is left alone.
    Safe to call from a thread (the app writes in one, so a slow disk never delays a key).
    """

    def __init__(self, store: AutosaveStore, every_edits: int = EVERY_EDITS) -> None:
        self.store = store
        self.every_edits = every_edits
        self.owned: Path | None = None  #: the file we write (None: none yet)
        self._owned_key: str | None = None
        self._written: Roster | None = None
        self._pending = 0
        self.error: str | None = None  #: why the last write failed (None: it did not)
        self._told: str | None = None  #: the failure the player was last told of
        self.stopped = False  #: after :meth:`stop`: nothing more is written
        self._lock = threading.RLock()

    def changed(self) -> bool:
        """One more change; True when a write is due now."""
        self._pending += 1
        return self._pending >= self.every_edits

    def adopt(self, entry: Autosave) -> None:
        """A restored autosave is ours from now on (saving removes it)."""
        with self._lock:
            self._adopt(entry)

    def _adopt(self, entry: Autosave) -> None:
        self.owned = entry.file
        self._owned_key = self.store.key(entry.roster_path)
        self._written = None

    def sync(self, roster: Roster, roster_path: Path | None, dirty: bool) -> bool:
        """Bring the autosave in line with the session; True when a file was written."""
        with self._lock:
            return self._sync(roster, roster_path, dirty)

    def _sync(self, roster: Roster, roster_path: Path | None, dirty: bool) -> bool:
        self._pending = 0
        if self.stopped or (not dirty and self.owned is None):
            return False
        key = self.store.key(roster_path)
        if self.owned is not None and (not dirty or key != self._owned_key):
            self._discard()
        if not dirty or roster is self._written:
            return False
        if self.owned is None:
            self.owned = self.store.file_for(roster_path, taken=True)
            self._owned_key = key
        try:
            self.store.write(self.owned, roster, roster_path)
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            return False
        self.error = None
        self._written = roster
        return True

    def take_news(self) -> Failure | None:
        """What the player must hear since last asked: a :class:`Failure` when writes start
        to fail (or fail for another reason), one with ``why=None`` when they work again;
        None when nothing changed. A failing autosave is never silent, nor said twice."""
        with self._lock:
            if self.error == self._told:
                return None
            self._told = self.error
            return Failure(self.error, self.store.folder)

    def discard(self) -> None:
        """Remove our file (saved, or the changes thrown away)."""
        with self._lock:
            self._discard()

    def _discard(self) -> None:
        if self.owned is not None:
            with contextlib.suppress(OSError):
                self.store.delete(self.owned)
        self.owned = None
        self._owned_key = None
        self._written = None

    def stop(self) -> None:
        """The app is leaving with the changes thrown away: remove our file, write no more."""
        with self._lock:
            self._discard()
            self.stopped = True
