"""A cheap look at a TOML text's shape before it is parsed: refuse at once what would cost too much.

``tomllib`` takes time that grows with the square of a dotted key's parts (``a.a.a...``, a
table header thousands of levels deep), and about a second per hundred thousand values
however they are written, so the 5 MB cap alone does not bound the time it takes to read a
file. :func:`shape_problem` bounds what does: the parts of one key or header, the nesting of
arrays and inline tables, and the number of things ``tomllib`` works on one by one (keys,
key parts, array items, tables, escapes in strings). Each limit is far above any file the
app writes or ships (a roster has a few hundred values and keys of at most five parts; an
event with a hundred registered lists a few tens of thousands).

It reads the text in a few passes of the ``re`` module (strings and comments are blanked
out first, so a bracket, dot or comma inside them counts for nothing): linear in the size
of the text, and only a refusal walks it again to find the line.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

#: The parts of one dotted key or table header (``[a.b.c]`` has 3; a roster's longest has 5).
MAX_KEY_PARTS = 32
#: Arrays and inline tables inside one another (a roster's deepest is 3).
MAX_NESTING = 32
#: Keys, key parts, array items, tables and escapes in one file (a roster has a few hundred;
#: an event with a hundred registered lists under twenty thousand).
MAX_ITEMS = 30_000
#: The digits of one number (Python converts no longer integer from text, and ``tomllib``
#: takes memory in proportion as it reads a number: 600 MB for one of 5 MB). An integer of
#: TOML has at most 19 (:data:`INT_RANGE`); a float of more than 17 gains nothing.
MAX_DIGITS = 4300
#: The integers a file may hold: TOML's own, 64-bit (its specification: a reader refuses
#: what it cannot hold losslessly). Far beyond any count or cost of the game, and small
#: enough that no sum or product of a few is past what Python prints (4,300 digits).
INT_RANGE = (-(2**63), 2**63 - 1)

#: Every string (multi-line first, so ``"""`` is not read as an empty string) and comment;
#: a string left open runs to the end of its line (of the text, for a multi-line one) and is
#: never read again from a later quote: each character is read once.
_BLANKED = re.compile(
    r'"""[^"\\]*+(?:(?:\\[\s\S]|"(?!""))[^"\\]*+)*+(?:"""(?:""?)?|\Z)'
    r"|'''(?:[^']++|'(?!''))*+(?:'''(?:''?)?|\Z)"
    r'|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+(?:"|(?=\n)|\Z)'
    r"|'[^'\n]*+(?:'|(?=\n)|\Z)"
    r"|#[^\n]*+"
)
#: A key part (bare, or a string blanked to ``""``) followed by a dot, MAX_KEY_PARTS times over:
#: matched only from the start of a run, so each run is read once.
_LONG_KEY = re.compile(r'(?<![A-Za-z0-9_\-."])(?>(?:[A-Za-z0-9_-]++|"")[ \t]*+\.[ \t]*+)'
                       rf"{{{MAX_KEY_PARTS}}}(?:[A-Za-z0-9_-]|\"\")")
_ITEM = re.compile(r"[=,\[{.]")
_BRACKET = re.compile(r"[\[\]{}]")


def shape_problem(text: str) -> tuple[str, int] | None:
    """What is too long, deep or many in ``text`` and the line where it starts, or None."""
    skeleton = _BLANKED.sub('""', text)
    items = sum(skeleton.count(c) for c in _COUNTED)
    escapes = text.count("\\")
    if items <= MAX_ITEMS < items + escapes:  # where the escapes pass the limit, in the text
        at = next(islice(re.finditer(r"\\", text), MAX_ITEMS - items, None)).start()
        return _TOO_MANY, text.count("\n", 0, at) + 1
    found = _problem_at(skeleton, items)
    if found is None:
        return None
    lined = lined_skeleton(text)  # again, keeping every line break, to name the line
    message, at = _problem_at(lined, items) or found
    return message, lined.count("\n", 0, at) + 1


#: What costs ``tomllib`` about as much as a value does: a key, an array item, a table, a
#: part of a dotted key, an escape in a string.
_COUNTED = "=,[{."
_TOO_MANY = (f"too much in one file (over {MAX_ITEMS:,} keys, key parts, array items, tables "
             "and escapes): not read")


def _problem_at(skeleton: str, items: int) -> tuple[str, int] | None:
    if items > MAX_ITEMS:
        last = next(islice(_ITEM.finditer(skeleton), MAX_ITEMS, None))
        return _TOO_MANY, last.start()
    key = _LONG_KEY.search(skeleton)
    if key is not None:
        return (f"a key or table header of more than {MAX_KEY_PARTS} dotted parts: "
                "not read"), key.start()
    deep = _too_deep_at(skeleton)
    if deep is not None:
        return (f"values nested too deeply (over {MAX_NESTING} arrays or inline "
                "tables inside one another): not read"), deep
    return long_number(skeleton)


def _too_deep_at(skeleton: str) -> int | None:
    """Where brackets first nest more than :data:`MAX_NESTING` deep (the text's strings
    blanked out, its size already bounded by the count of values), or None."""
    depth = 0
    for bracket in _BRACKET.finditer(skeleton):
        if bracket.group() in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return bracket.start()
        else:
            depth = max(0, depth - 1)
    return None


_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\Z)')


def json_shape_problem(text: str, max_items: int = MAX_ITEMS) -> str | None:
    """What is too many or too deep in a JSON text (a roster's JSON export, a share code's
    data), under the same limits as a TOML file's, or None: read before ``json`` builds it."""
    skeleton = _JSON_STRING.sub('""', text)
    if sum(skeleton.count(c) for c in ",:[{") > max_items:
        return f"too many values (over {max_items:,} keys and items): not read"
    if _too_deep_at(skeleton) is not None:
        return (f"values nested too deeply (over {MAX_NESTING} arrays or objects "
                "inside one another): not read")
    return None


def out_of_range(digits: int, kind: str = "") -> str:
    """What is said of an integer of ``digits`` digits (``kind``: "hexadecimal" ...) outside
    :data:`INT_RANGE`."""
    low, high = INT_RANGE
    return (f"an integer of {digits:,} {kind + ' ' if kind else ''}digits, beyond TOML's "
            f"64-bit integers ({low:,} to {high:,})")


@lru_cache(maxsize=4)
def _long_number(longer_than: int) -> re.Pattern[str]:
    """A number of more than ``longer_than`` digits in a skeleton (strings and comments
    blanked out): an integer in base 16, 8 or 2 (its base group 1, its digits group 2), or
    a run of decimal digits (a decimal integer, or a part of a float). Tried only where a
    run of digits starts (the lookbehind after its first digit), so each run is read once and
    the search skips to the next digit at C speed: 0.13 ms for an event file of 45 kB."""
    more = longer_than + 1
    return re.compile(rf"[0-9](?<![0-9_][0-9])"
                      rf"(?:(?<=0)([xob])([0-9A-Fa-f_]{{{more},}})|[0-9_]{{{longer_than},}})")


_BASES = {"x": "hexadecimal", "o": "octal", "b": "binary"}


def long_number(skeleton: str, longer_than: int = MAX_DIGITS) -> tuple[str, int] | None:
    """What is said of the first number of more than ``longer_than`` digits (underscores
    counted: each costs ``tomllib`` as a digit does) in a TOML or JSON skeleton, and where
    it starts; or None."""
    found = _long_number(longer_than).search(skeleton)
    if found is None:
        return None
    if found.group(1):
        return f"{out_of_range(len(found.group(2)), _BASES[found.group(1)])}: not read", found.start()
    start, end = found.span()
    digits = len(found.group().replace("_", ""))
    before = skeleton[max(0, start - 2):start]
    if (before[-1:] in (".", "e", "E") or (before[-1:] in ("+", "-") and before[:1] in ("e", "E"))
            or skeleton[end:end + 1] in (".", "e", "E")):  # a fraction or an exponent
        return (f"a number with a run of {digits:,} digits (at most {longer_than:,}): "
                "not read"), start
    return f"{out_of_range(digits)}: not read", start


def lined_skeleton(text: str, json: bool = False) -> str:
    """A TOML text (a JSON text with ``json``) with its strings and comments blanked out,
    its line breaks kept (to count the line of a place in it)."""
    return (_JSON_STRING if json else _BLANKED).sub(
        lambda m: '""' + "\n" * m.group(0).count("\n"), text)
