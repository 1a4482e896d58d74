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
from itertools import islice

#: The parts of one dotted key or table header (``[a.b.c]`` has 3; a roster's longest has 5).
MAX_KEY_PARTS = 32
#: Arrays and inline tables inside one another (a roster's deepest is 3).
MAX_NESTING = 32
#: Keys, key parts, array items, tables and escapes in one file (a roster has a few hundred;
#: an event with a hundred registered lists under twenty thousand).
MAX_ITEMS = 30_000

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
    # again, on a skeleton that keeps every line break, to name the line
    lined = _BLANKED.sub(lambda m: '""' + "\n" * m.group(0).count("\n"), text)
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
    return None


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


#: A decimal integer in a skeleton (strings and comments blanked out): not a part of a float,
#: a date, a time or a key (``12 = 1`` is a key of TOML). Only a decimal integer has Python's
#: limit on the digits it converts (``sys.get_int_max_str_digits``): a hexadecimal one has none.
_DECIMAL = re.compile(r"(?<![\w.+-])[+-]?[0-9](?:_?[0-9])*+(?![\w.:-]|[ \t]*[=.])")


def long_integer(text: str, longer_than: int, json: bool = False) -> tuple[int, int] | None:
    """The digits and the line of the first decimal integer of more than ``longer_than``
    digits in a TOML text (a JSON text with ``json``), or None: where Python refused to
    convert one (ValueError "Exceeds the limit ... for integer string conversion")."""
    lined = (_JSON_STRING if json else _BLANKED).sub(
        lambda m: '""' + "\n" * m.group(0).count("\n"), text)
    for number in _DECIMAL.finditer(lined):
        digits = len(number.group().lstrip("+-").replace("_", ""))
        if digits > longer_than:
            return digits, lined.count("\n", 0, number.start()) + 1
    return None
