"""TOML reading and writing with precise error places.

``tomllib`` reports syntax errors with a line, but pydantic reports a key path
(``elements.2.stats.M``). :class:`KeyLines` maps such paths back to the line
that wrote them, so every problem can name file *and* line.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import math
import os
import re
import stat
import sys
import tempfile
import time
import tomllib
import typing
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlpos import KeyLines
from horizon_builder.files.tomlscan import (
    INT_RANGE,
    MAX_DIGITS,
    lined_skeleton,
    long_number,
    out_of_range,
    shape_problem,
)

if TYPE_CHECKING:  # (imported where used: the app's first frame needs neither pydantic nor tomlkit)
    from pydantic import BaseModel, ValidationError

    from horizon_builder.files.tomledit import Same

Loc = tuple[str | int, ...]

#: Largest roster or ruleset file read (a roster is a few kB; this leaves room for any real one).
MAX_FILE_BYTES = 5 * 1024 * 1024


def format_loc(loc: Iterable[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + (str(part) if part else '""')
    return out


def read_regular_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or :class:`LoadError` saying why not.

    A device (``/dev/zero``), a pipe or a socket is refused before anything is read
    (opened without blocking, so a FIFO cannot hang us), and a file is never read
    past the limit, even one that grows while we read it.
    """
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise LoadError.single(path, "file not found") from None
    except IsADirectoryError:
        raise LoadError.single(path, "is a folder, not a TOML file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise LoadError.single(path, f"cannot read: {reason_of(exc)}") from None
    info = os.fstat(fd)
    too_big = f"file is too large (over {limit // (1024 * 1024)} MB): not read"
    problem = ("is a folder, not a TOML file" if stat.S_ISDIR(info.st_mode)
               else "is not a regular file (a device, pipe or socket): not read"
               if not stat.S_ISREG(info.st_mode)
               else too_big if info.st_size > limit else None)
    if problem:
        os.close(fd)
        raise LoadError.single(path, problem)
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read(limit + 1)
        except OSError as exc:
            raise LoadError.single(path, f"cannot read: {reason_of(exc)}") from None
    if len(raw) > limit:
        raise LoadError.single(path, too_big)
    return raw


def reason_of(exc: BaseException) -> str:
    """Why a file or its name could not be used, in the system's words ("File name too long")."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def read_toml(path: str | Path, raw: bytes | None = None) -> tuple[dict[str, Any], str]:
    """Read a TOML file (or ``raw``, its bytes read already), raising :class:`LoadError` with
    file and line on any failure."""
    path = Path(path)
    text = decode_utf8(path, read_regular_file(path) if raw is None else raw)
    if not text.strip():
        raise LoadError.single(path, "file is empty")
    refused = shape_problem(text)  # before tomllib: some shapes cost it the square of their size
    if refused is not None:
        raise LoadError.single(path, refused[0], line=refused[1])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        if line is None and "end of document" in message:
            line = max(1, len(text.splitlines()))
        message = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", message)
        raise LoadError.single(path, f"not valid TOML: {message}", line=line) from None
    except RecursionError:
        raise LoadError.single(path, "not valid TOML: values nested too deeply",
                               line=_deepest_line(text)) from None
    except ValueError as exc:  # Python's own limit on the digits of an integer it converts
        raise long_integer_error(path, text, exc) from None
    if not data:
        raise LoadError.single(path, "file has no settings")
    unreadable = unreadable_value(data)
    if unreadable is not None:  # the readers walk and count what they read: nothing beyond these
        loc, message, key = unreadable
        raise LoadError.single(path, message, key=key, line=KeyLines(text).line_for(loc))
    return data, text


#: Tables and arrays inside one another, counting every part of a dotted key (a roster's
#: deepest value is six levels down; a rules layer's five).
MAX_DEPTH = 48


def unreadable_value(data: Any) -> tuple[Loc, str, str | None] | None:
    """The path to the first value of ``data`` this app does not read, why, and the key to
    name (None where the message says where), or None: a
    value more than :data:`MAX_DEPTH` tables or arrays down, an integer out of
    :data:`INT_RANGE`. Walked without recursion, so no depth can overflow the stack."""
    stack: list[tuple[Loc, Any]] = [((), data)]
    while stack:
        loc, value = stack.pop()
        if isinstance(value, dict):
            items: Iterable[tuple[str | int, Any]] = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if isinstance(value, int) and not INT_RANGE[0] <= value <= INT_RANGE[1]:
                return loc, f"{out_of_range(digits_of(value))}: not read", format_loc(loc) or None
            continue
        if len(loc) >= MAX_DEPTH:
            return loc, (f"values nested too deeply (over {MAX_DEPTH} levels, at "
                         f"{format_loc(loc[:3])}...): not read"), None
        stack.extend(((*loc, key), sub) for key, sub in reversed(list(items)))
    return None


def digits_of(number: int) -> int:
    """The decimal digits of ``number`` (found without converting it to text: that is what
    Python refuses past 4,300 digits)."""
    number = abs(number)
    if number < 10**30:
        return len(str(number))
    return int(math.log10(number)) + 1


def long_integer_error(path: str | Path, text: str, exc: ValueError, json: bool = False) -> LoadError:
    """The problem of a file Python refused for an integer of too many digits, at its line
    (``exc``'s own words where no such integer is found: nothing else raises it)."""
    skeleton = lined_skeleton(text, json=json)
    found = long_number(skeleton, sys.get_int_max_str_digits() or MAX_DIGITS)
    if found is None:
        return LoadError.single(path, f"not valid {'JSON' if json else 'TOML'}: {reason_of(exc)}")
    return LoadError.single(path, found[0], line=skeleton.count("\n", 0, found[1]) + 1)


def decode_utf8(path: str | Path, raw: bytes) -> str:
    """The text of a file's bytes, or :class:`LoadError` naming the line that is not UTF-8.

    A UTF-8 byte order mark (some Windows editors write one) is named as such: TOML
    does not allow it, and the editor can be told to save without it."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raise LoadError.single(path, "starts with a byte order mark (BOM): save the file as "
                               "UTF-8 without BOM", line=1)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise LoadError.single(path, "not UTF-8 text (save it as UTF-8)", line=line) from None


def _deepest_line(text: str) -> int:
    """The line where bracket nesting is deepest (a guess good enough to find the culprit)."""
    depth = best = 0
    best_line = line = 1
    for ch in text:
        if ch == "\n":
            line += 1
        elif ch in "[{":
            depth += 1
            if depth > best:
                best, best_line = depth, line
        elif ch in "]}":
            depth -= 1
    return best_line


def problems_from_validation(path: str | Path, text: str | None, error: ValidationError,
                             prefix: Loc = (), lines: KeyLines | None = None,
                             model: type[BaseModel] | None = None) -> list[Problem]:
    """Turn a pydantic error into one readable problem per failing key; with the ``model``
    that failed, an unknown key names the closest key of the format."""
    if lines is None and text is not None:
        lines = KeyLines(text)
    return problems_from_error_items(path, error.errors(include_url=False), prefix, lines, model=model)


def problems_from_error_items(path: str | Path, items: Iterable[Any], prefix: Loc = (),
                              lines: KeyLines | None = None, echo: bool = True,
                              model: type[BaseModel] | None = None) -> list[Problem]:
    """One problem per pydantic error item; ``echo=False`` never quotes the file's values back
    (a file given as overrides may be anything: its values are not ours to print)."""
    problems = []
    for item in items:
        loc = (*prefix, *(part for part in item["loc"] if not _is_union_tag(part)))
        message = _friendly(item, echo)
        if item["type"] == "extra_forbidden" and model is not None and loc and isinstance(loc[-1], str):
            keys = _keys_at(model, loc[len(prefix):-1])
            import difflib

            close = difflib.get_close_matches(loc[-1], keys, n=1) if keys else []
            if close:
                message += f"; did you mean {close[0]!r}?"
        problems.append(Problem(str(path), message, key=format_loc(loc) or None,
                                line=lines.line_for(loc) if lines else None))
    return problems


_UNION_TAGS = {"int", "str", "bool", "float", "none"}
_UNION_TAG_PREFIXES = ("function-", "tagged-union[", "literal[", "list[", "dict[")


def _is_union_tag(part: str | int) -> bool:
    """pydantic puts the tried union member in a location ("int", "literal['presence']" ...)."""
    return isinstance(part, str) and (
        part in _UNION_TAGS or part.startswith(_UNION_TAG_PREFIXES) or part in _model_names()
    )


@lru_cache(maxsize=1)
def _model_names() -> frozenset[str]:
    from pydantic import BaseModel

    names: set[str] = set()
    stack = list(BaseModel.__subclasses__())
    while stack:
        cls = stack.pop()
        if cls.__module__.startswith("horizon_builder"):
            names.add(cls.__name__)
        stack.extend(cls.__subclasses__())
    return frozenset(names)


def _keys_at(model: type[BaseModel], loc: Loc) -> list[str]:
    """The keys the format allows in the table at ``loc`` under ``model`` (none if unsure)."""
    current = model
    for part in loc:
        if isinstance(part, int):
            continue
        field = current.model_fields.get(part)
        inner = _model_in(field.annotation) if field is not None else None
        if inner is None:
            return []
        current = inner
    return [f.alias or name for name, f in current.model_fields.items()]


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds (directly, in a tuple, list, dict value or optional)."""
    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _friendly(item: dict[str, Any], echo: bool = True) -> str:
    kind = item["type"]
    if kind == "extra_forbidden":
        return "unknown key (not part of the format: check its spelling)"
    if kind == "missing":
        return "required key is missing"
    if kind == "int_type" and isinstance(item.get("input"), bool):
        return "must be a whole number, not true or false"
    message = str(item["msg"])
    if not echo:
        return message
    if kind.endswith("_type") and "input" in item:
        message += f" (got {_short_repr(item['input'])})"
    return message


def _short_repr(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def write_text_atomic(path: str | Path, text: str, keep_backup: bool = False) -> Path:
    """Write through a temporary file in the same folder, then rename: never a half-written file.

    With ``keep_backup`` the previous file, if any, is kept as ``NAME.bak`` (itself
    written the same way, so a crash never leaves a half-written backup). The new
    file keeps the old one's permissions (or the usual ones for a new file). A
    read-only file is refused (``PermissionError``), never silently replaced, as are a folder,
    a FIFO and a device (``OSError``: renamed over, a device would be lost), and a
    failed save leaves no temporary file behind (one left by a killed process is
    removed by the next save of the same file). A symbolic link is written through: the
    file it names is replaced (atomically, in its own folder, its ``.bak`` beside it) and
    the link is kept, so the next open of either name shows the work.
    """
    path = link_target(Path(path).expanduser())
    folder = path.parent if str(path.parent) else Path(".")
    try:
        info: os.stat_result | None = path.stat()
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder: give a file name", str(path))
    if info is not None and not stat.S_ISREG(info.st_mode):  # never renamed over: it stays
        raise OSError(errno.EINVAL, "is not a regular file (a device, pipe or socket): "
                      "not written", str(path))
    if info is not None and not (info.st_mode & stat.S_IWUSR and os.access(path, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    _refuse_read_only_folder(folder)
    mode = info.st_mode & 0o777 if info is not None else 0o666 & ~_umask()
    _remove_stale_temporaries(folder, path.name)
    if keep_backup and info is not None:
        _write_atomic(path.with_name(path.name + ".bak"), folder, path.read_bytes(), mode)
    return _write_atomic(path, folder, text.encode("utf-8"), mode)


def _refuse_read_only_folder(folder: Path) -> None:
    """A folder no file can be made in is named as the reason (the temporary file is made
    there), not the file, which may not even exist (issue 36 item 6): the same test as for a
    read-only file, so it holds as root too."""
    try:
        info = folder.stat()
    except OSError:
        return  # the write itself says what is wrong
    if not (info.st_mode & stat.S_IWUSR and os.access(folder, os.W_OK)):
        raise PermissionError(errno.EACCES, f"the folder {folder} is read-only: nothing written",
                              str(folder))


def is_file(path: str | Path) -> bool:
    """True when ``path`` names a file; False, never an error, for a name that cannot be
    checked (too long, a NUL in it, a folder no longer readable)."""
    try:
        return os.path.isfile(path)
    except (OSError, ValueError, TypeError):
        return False


def link_target(path: Path) -> Path:
    """The file a symbolic link (or a chain of them) names; any other path as it is."""
    try:
        if not path.is_symlink():
            return path
    except (OSError, ValueError):
        return path
    return Path(os.path.realpath(path))


_TMP_SUFFIX = ".tmp"
#: A temporary file this old was left by a save that was killed (a live save takes milliseconds).
_STALE_SECONDS = 60


def _write_atomic(path: Path, folder: Path, data: bytes, mode: int) -> Path:
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    sync_folder(folder)
    return path


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (its entry written to disk, as the file's data
    already is), where the platform allows: POSIX opens a folder to fsync it; Windows
    cannot, and a file system that refuses is left as it is (the file itself is written)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def _remove_stale_temporaries(folder: Path, name: str = "") -> None:
    """Temporary files of earlier saves of ``name`` (or its backup; of any file when no
    name is given) that were killed midway."""
    now = time.time()
    pattern = f".{glob.escape(name)}.*{_TMP_SUFFIX}" if name else f".*{_TMP_SUFFIX}"
    try:
        leftovers = [p for p in folder.glob(pattern) if p.is_file() and not p.is_symlink()]
    except OSError:
        return
    for leftover in leftovers:
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime > _STALE_SECONDS:
                leftover.unlink()


def clean_temporaries(files: Iterable[Path]) -> None:
    """At start: the temporary files a killed save left beside ``files`` (each a roster,
    or a file of the app's own folders) are removed, not only after a later save there."""
    for file in files:
        with contextlib.suppress(OSError, ValueError):
            target = link_target(file)
            _remove_stale_temporaries(target.parent, target.name)


def clean_folder_temporaries(folder: Path) -> None:
    """Every stale temporary file in one of the app's own folders (autosave, config)."""
    _remove_stale_temporaries(folder)


def set_aside(path: Path) -> Path | None:
    """Rename a file that cannot be used to ``NAME.bad`` (``NAME.2.bad`` ... when that is
    taken: kept for a look, never deleted nor put over an older one); the new name, or
    None when it could not be moved."""
    try:
        aside = path.with_name(path.name + ".bad")
        number = 2
        while os.path.lexists(aside):
            aside = path.with_name(f"{path.name}.{number}.bad")
            number += 1
        os.rename(path, aside)
    except (OSError, ValueError):
        return None
    return aside


def file_stamp(path: str | Path) -> tuple[int, int, str] | None:
    """What a file on disk is now (modified time, size, content digest); None when unreadable."""
    try:
        raw = read_regular_file(path)
        info = Path(path).stat()
    except (LoadError, OSError):
        return None
    return info.st_mtime_ns, info.st_size, hashlib.sha256(raw).hexdigest()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_toml_atomic(path: str | Path, data: dict[str, Any], keep_backup: bool = True,
                      same: Same | None = None) -> None:
    """Write TOML atomically; the previous file is kept as ``NAME.toml.bak``.

    The file on disk, if it is TOML, keeps its comments, key order and layout: only
    what changed is rewritten (:mod:`horizon_builder.files.tomledit`; ``same`` says whether a
    value written in the file means what ``data`` holds)."""
    original: str | None
    try:
        original = read_regular_file(Path(path).expanduser()).decode("utf-8")
    except (LoadError, UnicodeDecodeError):
        original = None
    from horizon_builder.files.tomledit import update_text

    write_text_atomic(path, update_text(original, data, same), keep_backup=keep_backup)
