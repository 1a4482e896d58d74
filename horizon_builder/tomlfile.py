"""TOML reading and writing with precise error places.

``tomllib`` reports syntax errors with a line, but pydantic reports a key path
(``elements.2.stats.M``). :class:`KeyLines` maps such paths back to the line
that wrote them, so every problem can name file *and* line.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from horizon_builder.problems import LoadError, Problem

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.\- "']+?)\s*=""")

Loc = tuple[str | int, ...]


def _split_dotted(key: str) -> list[str]:
    parts = re.findall(r'"([^"]*)"|\'([^\']*)\'|([^.\s]+)', key)
    return [next(p for p in groups if p) for groups in parts]


class KeyLines:
    """Best-effort map from key paths to the 1-based line that defines them."""

    def __init__(self, text: str):
        self.lines: dict[Loc, int] = {}
        self._latest: dict[Loc, int] = {}  # array-of-tables path → index of its latest entry
        table: Loc = ()
        depth = 0  # bracket depth of a multi-line value being skipped
        for number, raw in enumerate(text.splitlines(), start=1):
            line = _strip_comment(raw)
            if depth > 0:
                depth += line.count("[") + line.count("{") - line.count("]") - line.count("}")
                continue
            header = _HEADER.match(line)
            if header:
                path = tuple(_split_dotted(header.group(2)))
                if header.group(1) == "[[":
                    array = (*self._resolve(path[:-1]), path[-1])
                    index = self._latest.get(array, -1) + 1
                    self._latest[array] = index
                    table = (*array, index)
                else:
                    table = self._resolve(path)
                self.lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                loc = (*table, *_split_dotted(key.group(1)))
                self.lines.setdefault(loc, number)
                value = line[key.end():]
                depth = value.count("[") + value.count("{") - value.count("]") - value.count("}")
                depth = max(depth, 0)

    def _resolve(self, path: tuple[str, ...]) -> Loc:
        """Attach array-of-table indices to a header path (``elements.forms`` → elements.3.forms)."""
        resolved: list[str | int] = []
        for part in path:
            resolved.append(part)
            latest = self._latest.get(tuple(resolved))
            if latest is not None:
                resolved.append(latest)
        return tuple(resolved)

    def line_for(self, loc: Sequence[str | int]) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None


def _strip_comment(line: str) -> str:
    in_str: str | None = None
    for i, ch in enumerate(line):
        if in_str:
            if ch == in_str:
                in_str = None
        elif ch in "\"'":
            in_str = ch
        elif ch == "#":
            return line[:i]
    return line


def format_loc(loc: Iterable[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def read_toml(path: str | Path) -> tuple[dict[str, Any], str]:
    """Read a TOML file, raising :class:`LoadError` with file and line on any failure."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise LoadError.single(path, "file not found") from None
    except IsADirectoryError:
        raise LoadError.single(path, "is a folder, not a TOML file") from None
    except OSError as exc:
        raise LoadError.single(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LoadError.single(path, f"not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise LoadError.single(path, "file is empty")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", message)
        raise LoadError.single(path, f"not valid TOML: {message}", line=line) from None
    if not data:
        raise LoadError.single(path, "file has no settings")
    return data, text


def problems_from_validation(path: str | Path, text: str | None, error: ValidationError,
                             prefix: Loc = (), lines: KeyLines | None = None) -> list[Problem]:
    """Turn a pydantic error into one readable problem per failing key."""
    if lines is None and text is not None:
        lines = KeyLines(text)
    return problems_from_error_items(path, error.errors(include_url=False), prefix, lines)


def problems_from_error_items(path: str | Path, items: Iterable[Any], prefix: Loc = (),
                              lines: KeyLines | None = None) -> list[Problem]:
    problems = []
    for item in items:
        loc = (*prefix, *(part for part in item["loc"] if not _is_union_tag(part)))
        message = _friendly(item)
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


def _friendly(item: dict[str, Any]) -> str:
    kind = item["type"]
    if kind == "extra_forbidden":
        return "unknown key (not part of the format: check its spelling)"
    if kind == "missing":
        return "required key is missing"
    message = item["msg"]
    if kind.endswith("_type") and "input" in item:
        message += f" (got {item['input']!r})"
    return message


def write_text_atomic(path: str | Path, text: str, keep_backup: bool = False) -> Path:
    """Write through a temporary file in the same folder, then rename: never a half-written file.

    With ``keep_backup`` the previous file, if any, is kept as ``NAME.bak``. The
    new file keeps the old one's permissions (or the usual ones for a new file).
    """
    path = Path(path).expanduser()
    folder = path.parent if str(path.parent) else Path(".")
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        if keep_backup and path.exists():
            shutil.copy2(path, path.with_name(path.name + ".bak"))
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_toml_atomic(path: str | Path, data: dict[str, Any], keep_backup: bool = True) -> None:
    """Write TOML atomically; the previous file is kept as ``NAME.toml.bak``."""
    write_text_atomic(path, tomli_w.dumps(data), keep_backup=keep_backup)
