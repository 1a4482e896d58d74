"""Where each key of a TOML document is written: a small tokenizer of keys, headers and values.

``tomllib`` gives values but no places; pydantic gives key paths
(``elements.2.stats.M``). :class:`KeyLines` reads the text once, the way a TOML
parser does (strings, multi-line strings, inline tables, arrays, arrays of
tables), and records the 1-based line of every key path and every array item,
so a ``[`` or ``{`` inside a string never shifts a line.

It never raises: on text it cannot follow (it is only ever used on text that
``tomllib`` accepted) it keeps what it found so far.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import re
from collections.abc import Sequence

_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "e": "\x1b"}


class _Runs:
    """Runs the regex engine reads in one step (a Python loop took a second over 5 MB),
    compiled by the first :class:`KeyLines`: a roster or rules file read without a problem
    makes none, so ``check`` does not pay for them (an event or campaign file makes one on
    every read)."""

    def __init__(self) -> None:
        self.bare_key = re.compile(r"[A-Za-z0-9_-]*")
        self.scalar = re.compile(r"[^,\]}#\n\r]*")
        self.blank = re.compile(r"(?:[ \t]++|#[^\n]*+)*+")
        self.blank_lines = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")
        #: A basic string on one line (read by the regex engine: a 5 MB string is one step).
        self.basic = re.compile(r'"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"')
        self.multiline = {
            '"""': re.compile(r'"""[^"\\]*+(?:(?:\\[\s\S]|"(?!""))[^"\\]*+)*+"""(?:""?)?'),
            "'''": re.compile(r"'''[^']*+(?:'(?!'')[^']*+)*+'''(?:''?)?"),
        }
        self.escape = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)")


_runs = functools.cache(_Runs)

#: Nesting beyond this is not followed (tomllib refuses far less deep documents anyway).
_MAX_DEPTH = 100


def _run_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a run of ``pattern`` (which matches nothing as well) from ``pos`` ends."""
    found = pattern.match(text, pos)
    return found.end() if found is not None else pos


def _unescape(found: re.Match[str]) -> str:
    code = found.group(1)
    if code[0] in "uU" and len(code) > 1:
        try:
            return chr(int(code[1:], 16))
        except ValueError:  # beyond Unicode: tomllib refused the file already
            raise _Stop from None
    return _ESCAPES.get(code, code)


class _Stop(Exception):
    """The text is not what this reader expected: keep the places found so far."""


class _Node:
    """One key of the document: the line that first wrote it, its keys, and (an array of
    tables) the index of its latest entry. A tree, so a key of many parts costs one step
    per part, never a copy of the whole path."""

    __slots__ = ("kids", "latest", "line")

    def __init__(self, line: int | None) -> None:
        self.line = line
        self.kids: dict[str | int, _Node] = {}
        self.latest = -1


class KeyLines:
    """Map from key paths (as pydantic reports them) to the 1-based line that wrote them."""

    def __init__(self, text: str):
        self._root = _Node(None)
        self._runs = _runs()
        self._text = text
        self._pos = 0
        self._newlines = [m.start() for m in re.finditer("\n", text)]
        with contextlib.suppress(_Stop, IndexError, RecursionError):
            self._document()
        self._text = ""  # not needed any more

    # --- places -----------------------------------------------------------------------

    def line_for(self, loc: Sequence[str | int]) -> int | None:
        """The line of ``loc``, or of its nearest enclosing key that has one."""
        node, found = self._root, None
        for part in loc:
            kid = node.kids.get(part)
            if kid is None:
                break
            node, found = kid, kid.line
        return found

    def _line_at(self, pos: int) -> int:
        return bisect.bisect_left(self._newlines, pos) + 1

    def _down(self, node: _Node, parts: Sequence[str | int], pos: int) -> _Node:
        """The node of ``parts`` under ``node``, each new one placed at ``pos``'s line."""
        line = None
        for part in parts:
            kid = node.kids.get(part)
            if kid is None:
                if line is None:
                    line = self._line_at(pos)
                kid = node.kids[part] = _Node(line)
            node = kid
        return node

    def _resolve(self, path: Sequence[str], pos: int) -> _Node:
        """A header's table, into the latest entry of each array of tables on the way
        (``elements.forms`` → elements.3.forms)."""
        node = self._root
        for part in path:
            node = self._down(node, (part,), pos)
            if node.latest >= 0:
                node = self._down(node, (node.latest,), pos)
        return node

    # --- the document -----------------------------------------------------------------

    def _peek(self, count: int = 1) -> str:
        return self._text[self._pos:self._pos + count]

    def _document(self) -> None:
        table = self._root
        text = self._text
        while True:
            self._skip_blank(newlines=True)
            if self._pos >= len(text):
                return
            start = self._pos
            if text[start] == "[":
                table = self._header(start)
            else:
                key = self._key()
                self._expect("=")
                self._value(self._down(table, key, start), 0)
            self._skip_blank(newlines=False)
            if self._pos < len(text) and text[self._pos] not in "\r\n":
                raise _Stop

    def _header(self, start: int) -> _Node:
        array = self._peek(2) == "[["
        self._pos += 2 if array else 1
        path = self._key()
        self._expect("]]" if array else "]")
        if not path:
            raise _Stop
        if not array:
            return self._resolve(path, start)
        where = self._down(self._resolve(path[:-1], start), path[-1:], start)
        where.latest += 1
        return self._down(where, (where.latest,), start)

    def _skip_blank(self, newlines: bool) -> None:
        """Skip spaces, tabs and comments (and line ends when ``newlines``)."""
        self._pos = _run_end(self._runs.blank_lines if newlines else self._runs.blank, self._text,
                             self._pos)

    def _expect(self, token: str) -> None:
        self._skip_blank(newlines=False)
        if not self._text.startswith(token, self._pos):
            raise _Stop
        self._pos += len(token)
        self._skip_blank(newlines=False)

    # --- keys -------------------------------------------------------------------------

    def _key(self) -> list[str]:
        """A dotted key: bare, "basic" or 'literal' parts separated by dots."""
        parts: list[str] = []
        text = self._text
        while True:
            self._skip_blank(newlines=False)
            ch = self._peek()
            if ch == '"':
                parts.append(self._basic_string())
            elif ch == "'":
                parts.append(self._literal_string())
            else:
                start = self._pos
                self._pos = _run_end(self._runs.bare_key, text, start)
                if self._pos == start:
                    raise _Stop
                parts.append(text[start:self._pos])
            self._skip_blank(newlines=False)
            if self._peek() != ".":
                return parts
            self._pos += 1

    # --- values -----------------------------------------------------------------------

    def _value(self, node: _Node, depth: int) -> None:
        if depth > _MAX_DEPTH:
            raise _Stop
        text = self._text
        if text.startswith('"""', self._pos):
            self._multiline('"""')
        elif text.startswith("'''", self._pos):
            self._multiline("'''")
        elif self._peek() == '"':
            self._basic_string()
        elif self._peek() == "'":
            self._literal_string()
        elif self._peek() == "[":
            self._array(node, depth)
        elif self._peek() == "{":
            self._inline_table(node, depth)
        else:
            start = self._pos
            self._pos = _run_end(self._runs.scalar, text, start)
            if not text[start:self._pos].strip():
                raise _Stop

    def _array(self, node: _Node, depth: int) -> None:
        self._pos += 1
        index = 0
        while True:
            self._skip_blank(newlines=True)
            if self._peek() == "]":
                self._pos += 1
                return
            if not self._peek():
                raise _Stop
            self._value(self._down(node, (index,), self._pos), depth + 1)
            self._skip_blank(newlines=True)
            if self._peek() == ",":
                self._pos += 1
                index += 1
            elif self._peek() != "]":
                raise _Stop

    def _inline_table(self, node: _Node, depth: int) -> None:
        self._pos += 1
        while True:
            self._skip_blank(newlines=True)  # TOML 1.1 allows line breaks; harmless for 1.0
            if self._peek() == "}":
                self._pos += 1
                return
            start = self._pos
            key = self._key()
            self._expect("=")
            self._value(self._down(node, key, start), depth + 1)
            self._skip_blank(newlines=True)
            if self._peek() == ",":
                self._pos += 1
            elif self._peek() != "}":
                raise _Stop

    # --- strings ----------------------------------------------------------------------

    def _basic_string(self) -> str:
        """A "basic" string on one line, escapes decoded (keys are compared decoded)."""
        found = self._runs.basic.match(self._text, self._pos)
        if found is None:
            raise _Stop
        self._pos = found.end()
        raw = found.group(1)
        return self._runs.escape.sub(_unescape, raw) if "\\" in raw else raw

    def _literal_string(self) -> str:
        start = self._pos + 1
        end = self._text.find("'", start)
        newline = self._text.find("\n", start)
        if end < 0 or 0 <= newline < end:
            raise _Stop
        self._pos = end + 1
        return self._text[start:end]

    def _multiline(self, quotes: str) -> None:
        """Skip a multi-line string: up to two quotes may end its content before the closing three."""
        found = self._runs.multiline[quotes].match(self._text, self._pos)
        if found is None:
            raise _Stop
        self._pos = found.end()
