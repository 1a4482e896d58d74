"""Writing TOML that keeps the user's file: comments, key order and layout survive a save.

:func:`update_text` takes the text of the file as it is on disk and the data to
save, and changes only what differs (with tomlkit): a value that means the same
is left exactly as written, a changed value is replaced where it stands (its
trailing comment kept), a new key goes after the table's last key, a key no longer
in the data is removed. Tables of an array (``[[elements]]``) are matched by their
``id`` where every entry has one, so an element keeps its comments when another is
added, removed or moved. With no original text (a new file) the data is laid out
as docs/files.md shows: small tables inline (``stats = { M = 4 }``), the roster's
sections as ``[command]`` and ``[[elements]]``.

Reading stays with :mod:`tomllib` (:mod:`horizon_builder.files.tomlfile`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tomlkit
from tomlkit.container import Container
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, InlineTable, Item, String, StringType, Table, Trivia, Whitespace
from tomlkit.toml_document import TOMLDocument

from horizon_builder.files.tomlscan import shape_problem
from horizon_builder.text.safetext import UNSAFE_CHARS

Path_ = tuple[str | int, ...]
#: ``same(path, old)``: does the value written in the file (plain data) mean what the
#: data to save holds at ``path``? (A roster compares through its models, so a value
#: written another way, ``"x"`` or ``{ id = "x" }``, or a default written out, is kept.)
Same = Callable[[Path_, Any], bool]


def update_text(original: str | None, data: Mapping[str, Any], same: Same | None = None) -> str:
    """The TOML text of ``data``, keeping everything of ``original`` that still holds."""
    if same is None:
        same = _plain_same(data)
    doc: TOMLDocument | None = None
    if original is not None and shape_problem(original) is not None:
        original = None  # a shape the readers refuse: not parsed here either, written afresh
    if original is not None:
        try:
            doc = tomlkit.parse(original)
        except (TOMLKitError, ValueError, RecursionError):
            doc = None  # not TOML we can keep: written afresh
    if doc is None:
        return new_document(data).as_string()
    doc = _merge_table(doc, data, (), same, root=True)
    return doc.as_string()


def new_document(data: Mapping[str, Any]) -> TOMLDocument:
    doc = tomlkit.document()
    items = [(key, _item(value, root=True)) for key, value in data.items()]
    for key, item in sorted(items, key=lambda pair: isinstance(pair[1], Table | AoT)):
        doc.append(key, item)
    return doc


def _plain_same(data: Mapping[str, Any]) -> Same:
    def same(path: Path_, old: Any) -> bool:
        value: Any = data
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                return False
        return type(value) is type(old) and bool(value == old)

    return same


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def _is_tables(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and bool(value) \
        and all(isinstance(v, Mapping) for v in value)


def _big(value: Any) -> bool:
    """A list of tables written as ``[[key]]`` (entries holding tables or lists), not inline."""
    return _is_tables(value) and any(
        isinstance(v, Mapping) or (isinstance(v, Sequence) and not isinstance(v, str))
        for entry in value for v in entry.values()
    )


def _nests(value: Any) -> bool:
    """A table holding a list of tables written as ``[[key]]`` (a roster kept in an event
    file): written as a table of its own, ``[parent.key]``, not inline."""
    return isinstance(value, Mapping) and any(_big(v) for v in value.values())


def _item(value: Any, root: bool = False, inline: bool = False) -> Item:
    """A fresh tomlkit item for ``value``: the layout a new file gets."""
    if _nests(value) and not inline:
        return _table(value)
    if isinstance(value, Mapping):
        if root and not inline:
            table = tomlkit.table()
            for key, sub in value.items():
                table.append(key, _item(sub, inline=True))
            return table
        if not value:
            return tomlkit.inline_table()
        pairs = ", ".join(f"{tomlkit.key(k).as_string()} = {_item(v, inline=True).as_string()}"
                          for k, v in value.items())
        return tomlkit.value(f"{{ {pairs} }}")  # docs/files.md's layout: { M = 4, F = 5 }
    if _big(value) and not inline:
        aot = tomlkit.aot()
        for entry in value:
            aot.append(_table(entry))
        return aot
    if isinstance(value, Sequence) and not isinstance(value, str):
        array = tomlkit.array()
        for entry in value:
            array.append(_item(entry, inline=True))
        return array
    if isinstance(value, str):
        return toml_string(value)
    return tomlkit.item(value)


#: What a basic string writes as an escape: a quote, a backslash, and every character that
#: must never reach a terminal or an editor raw (C0 but tab and line feed, DEL, C1, bidi
#: controls, line separators; safetext's list): an ``import -o -`` or a saved file shows
#: ``\u202e``, not a reversed line (issue 36 item 6). TOML reads them back the same.
_TOML_UNSAFE = re.compile(f'[{UNSAFE_CHARS}\t\n"\\\\]')
_TOML_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r",
                 '"': '\\"', "\\": "\\\\"}


def toml_string(value: str) -> String:
    """A basic string (``"..."``) with every unsafe character escaped as TOML allows."""
    written = _TOML_UNSAFE.sub(
        lambda m: _TOML_ESCAPES.get(m.group()) or f"\\u{ord(m.group()):04x}", value)
    return String(StringType.SLB, value, written, Trivia())


def _table(entry: Mapping[str, Any]) -> Table:
    """One table of an array of tables: small values inline, lists of big tables nested."""
    table = tomlkit.table()
    subtables = []
    for key, value in entry.items():
        if _big(value) or _nests(value):
            subtables.append((key, value))
        else:
            table.append(key, _item(value, inline=True))
    for key, value in subtables:
        table.append(key, _item(value))
    return table


def _container(table: Any) -> Container:
    return table if isinstance(table, Container) else table.value


Entries = list[tuple[Any, Item]]


def _rebuilt(table: Any, entries: Entries) -> Any:
    """A new document or table of the same kind as ``table`` holding ``entries`` (its
    body's ``(key, item)`` pairs, comments and blank lines as keyless pairs) in that order.

    Only tomlkit's public classes and methods: the container is filled as the parser fills
    one (``Container(True)``: nothing re-indented, no blank line added), then closed for
    editing like a parsed one (``parsing(False)``). The items themselves are reused, so
    every value, comment and blank line is written as it was.
    """
    container: Container = TOMLDocument(True) if isinstance(table, TOMLDocument) else Container(True)
    for key, item in entries:
        container.append(key, item)
    container.parsing(False)
    if isinstance(container, TOMLDocument):
        return container
    plain = any(key is not None and not isinstance(item, Table | AoT) for key, item in entries)
    return Table(container, table.trivia, table.is_aot_element(),
                 False if plain else table.is_super_table(), table.name, table.display_name)


def _merge_table(table: Any, new: Mapping[str, Any], path: Path_, same: Same, root: bool = False) -> Any:
    """Make ``table`` (a document, table or inline table) hold ``new``; returns it, or the
    table rebuilt in its place where a key had to go between two of its entries."""
    for key in list(table.keys()):
        if key not in new and not same((*path, key), _plain(table[key])):
            del table[key]
    for key, value in new.items():
        where = (*path, key)
        if key not in table:
            table = _add(table, key, _item(value, root=root, inline=isinstance(table, InlineTable)))
            continue
        old = table[key]
        if same(where, _plain(old)):
            continue
        if isinstance(value, Mapping) and isinstance(old, Table):
            merged = _merge_table(old, value, where, same)
            if merged is not old:
                table = _replaced(table, key, merged)
        elif isinstance(old, AoT) and _is_tables(value):
            _merge_aot(table, key, old, value, where, same)
        else:
            table[key] = _item(value, root=root, inline=isinstance(table, InlineTable)
                               or not isinstance(old, Table | AoT))
    return table


def _replaced(table: Any, key: str, item: Item) -> Any:
    """``table`` rebuilt with the entry ``key`` holding ``item`` where it stands."""
    return _rebuilt(table, [(k, item if k is not None and k.key == key else v)
                            for k, v in _container(table).body])


def _add(table: Any, key: str, item: Item) -> Any:
    """A new key: after the last plain key (before sub-tables and the comments that
    introduce the next table), or at the end for a table or array of tables. Returns the
    table, rebuilt where the key goes between two entries."""
    if isinstance(table, InlineTable) or isinstance(item, Table | AoT):
        table.append(key, item)
        return table
    body = list(_container(table).body)
    place = None
    for index, (k, v) in enumerate(body):
        if k is not None and not isinstance(v, Table | AoT):
            place = index + 1
    if place is None:
        if any(k is not None for k, _ in body):
            place = 0  # before the first sub-table and the comments that introduce it
        else:  # a table of comments only: below those under its header, above a blank line
            place = next((i for i, (_, v) in enumerate(body) if isinstance(v, Whitespace)
                          and "\n" in v.as_string()), len(body))
    if place == len(body):
        table.append(key, item)
        return table
    before = body[place - 1][1] if place else None
    if before is not None and "\n" not in before.trivia.trail:
        before.trivia.trail += "\n"  # the key it follows ended the file without a line break
    return _rebuilt(table, [*body[:place], (tomlkit.key(key), item), *body[place:]])


def _merge_aot(table: Any, key: str, old: AoT, new: Sequence[Mapping[str, Any]], path: Path_,
               same: Same) -> None:
    tables = list(old.body)
    ids = [_plain(t.get("id")) for t in tables]
    by_id = {i: t for i, t in zip(ids, tables, strict=True) if isinstance(i, str) and ids.count(i) == 1}
    new_ids = {entry.get("id") for entry in new}
    result: list[Table] = []
    origin: dict[int, int] = {}  # id of a table in result -> id of the table it was in the file
    used: set[int] = set()
    for index, entry in enumerate(new):
        # the table with the same id, else the one at the same place (given no id this one has)
        entry_id = entry.get("id")
        found = by_id.get(entry_id) if isinstance(entry_id, str) else None
        if found is None and index < len(tables) and ids[index] not in new_ids - {None}:
            found = tables[index]
        if found is None or id(found) in used:
            result.append(_table(entry))
            continue
        used.add(id(found))
        merged = found
        if not same((*path, index), _plain(found)):
            merged = _merge_table(found, entry, (*path, index), same)
        origin[id(merged)] = id(found)
        result.append(merged)
    if [origin.get(id(t)) for t in result] == [id(t) for t in tables]:
        if any(a is not b for a, b in zip(result, tables, strict=True)):
            table[key] = AoT(result, name=old.name, parsed=True)
        return
    # The comments after a table's last key introduce the next table: they move with it.
    now = {origin[id(t)]: t for t in result if id(t) in origin}  # each kept table as merged
    trailing = {id(t): _split_trailing(now.get(id(t), t))[1] for t in tables}
    leads = {id(nxt): trailing[id(prev)] for prev, nxt in itertools.pairwise(tables)}
    tail = trailing[id(tables[-1])] if tables else []
    indents = {id(t): t.trivia.indent for t in tables}
    laid: list[Table] = [_split_trailing(t)[0] for t in result]
    for index in range(len(laid) - 1):
        laid[index] = _with_entries(laid[index], leads.get(origin.get(id(result[index + 1]), -1), []))
    if laid:
        laid[-1] = _with_entries(laid[-1], tail)
    for index, t in enumerate(laid):
        introduced = bool(leads.get(origin.get(id(result[index]), -1)))  # its comments above it
        indent = indents.get(origin.get(id(result[index]), -1), "").lstrip("\n")
        if index > 0 and not introduced and not laid[index - 1].as_string().endswith("\n\n"):
            indent = "\n" + indent
        t.trivia.indent = indent
    table[key] = AoT(laid, name=old.name, parsed=True)  # (parsed: no indent changed again)


def _split_trailing(table: Table) -> tuple[Table, Entries]:
    """``table`` without the comments and blank lines after its last key (after its last
    sub-table's when it ends with one), and those entries; the table rebuilt only where it
    had some."""
    body = list(_container(table).body)
    if body and body[-1][0] is not None:
        key, last = body[-1]
        if isinstance(last, AoT) and last.body:
            inner, taken = _split_trailing(last.body[-1])
            if not taken:
                return table, []
            aot = AoT([*last.body[:-1], inner], name=last.name, parsed=True)
            return _rebuilt(table, [*body[:-1], (key, aot)]), taken
        if isinstance(last, Table):
            inner, taken = _split_trailing(last)
            return (_rebuilt(table, [*body[:-1], (key, inner)]), taken) if taken else (table, [])
        return table, []
    cut = len(body)
    while cut > 0 and body[cut - 1][0] is None:
        cut -= 1
    if cut == len(body):
        return table, []
    return _rebuilt(table, body[:cut]), body[cut:]


def _with_entries(table: Table, entries: Entries) -> Table:
    """``table`` with ``entries`` (comments, blank lines) after all it holds."""
    return _rebuilt(table, [*_container(table).body, *entries]) if entries else table
