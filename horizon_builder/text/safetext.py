"""Text from files made safe to show: no terminal control sequences, no forged lines.

A name in a roster or a ruleset can hold anything: ESC sequences that retitle
the terminal, clear the screen or write the clipboard (OSC 52), a BEL, bidi
overrides that show text in another order than it is, or a line break that
makes a report seem to say something it does not. :func:`printable` shows each
such character as a visible escape (``\\x1b``, ``\\u202e``, ``\\n``); everything
else, accented letters and emoji included, is left alone.

Used by everything that shows file text: ``check`` and its errors, the text
and markdown exports, and the app (which also turns markup off for user text).
"""

from __future__ import annotations

import re

#: What is never written as it is: C0 controls but tab and line feed, DEL, C1 controls,
#: the invisible direction marks, embeddings, overrides and isolates, and line and
#: paragraph separators. The body of a regex character class, for modules that look for
#: these beside other characters (the HTML export, the app's control filter).
UNSAFE_CHARS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
_UNSAFE_LINE = re.compile(f"[{UNSAFE_CHARS}\n]")
_UNSAFE_BLOCK = re.compile(f"[{UNSAFE_CHARS}]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object, *, multiline: bool = False) -> str:
    """``text`` with every control character shown as an escape.

    On one line (the default) a line break is escaped too, so a name can never
    start a line of its own; ``multiline`` keeps line breaks (notes, whole reports).
    """
    value = text if isinstance(text, str) else str(text)
    pattern = _UNSAFE_BLOCK if multiline else _UNSAFE_LINE
    return pattern.sub(_escape, value)


def json_safe(json_text: str) -> str:
    """JSON text with every control, bidi and separator character written as a ``\\uXXXX``
    escape: the same data (such a character only occurs inside strings), but nothing in it
    acts on a terminal that shows it. (``json.dumps`` escapes C0 controls, not DEL, C1 or bidi.)
    Line feeds and tabs between values are layout and stay as they are."""
    return _UNSAFE_BLOCK.sub(lambda match: f"\\u{ord(match.group()):04x}", json_text)


def is_printable(text: str, *, multiline: bool = False) -> bool:
    """True when :func:`printable` would leave ``text`` unchanged."""
    return not (_UNSAFE_BLOCK if multiline else _UNSAFE_LINE).search(text)
