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
from tomlkit.items import AoT, InlineTable, Item, String, StringType, Table, Trivia
from tomlkit.toml_document import TOMLDocument

from horizon_builder.files.tomlkit_internals import insert_after, insert_first
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
    _merge_table(doc, data, (), same, root=True)
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


def _merge_table(table: Any, new: Mapping[str, Any], path: Path_, same: Same, root: bool = False) -> None:
    """Make ``table`` (a document, table or inline table) hold ``new``, in place."""
    for key in list(table.keys()):
        if key not in new and not same((*path, key), _plain(table[key])):
            del table[key]
    for key, value in new.items():
        where = (*path, key)
        if key not in table:
            _add(table, key, _item(value, root=root, inline=isinstance(table, InlineTable)))
            continue
        old = table[key]
        if same(where, _plain(old)):
            continue
        if isinstance(value, Mapping) and isinstance(old, Table):
            _merge_table(old, value, where, same)
        elif isinstance(old, AoT) and _is_tables(value):
            _merge_aot(table, key, old, value, where, same)
        else:
            table[key] = _item(value, root=root, inline=isinstance(table, InlineTable)
                               or not isinstance(old, Table | AoT))


def _add(table: Any, key: str, item: Item) -> None:
    """A new key: after the last plain key (before sub-tables and the comments that
    introduce the next table), or at the end for a table or array of tables."""
    if isinstance(table, InlineTable) or isinstance(item, Table | AoT):
        table.append(key, item)
        return
    container = _container(table)
    last = None
    for k, v in container.body:
        if k is not None and not isinstance(v, Table | AoT):
            last = k
    if last is None:
        if any(k is not None for k, _ in container.body):
            insert_first(container, key, item)
        else:
            table.append(key, item)
    else:
        insert_after(container, last, key, item)


def _merge_aot(table: Any, key: str, old: AoT, new: Sequence[Mapping[str, Any]], path: Path_,
               same: Same) -> None:
    tables = list(old.body)
    ids = [_plain(t.get("id")) for t in tables]
    by_id = {i: t for i, t in zip(ids, tables, strict=True) if isinstance(i, str) and ids.count(i) == 1}
    new_ids = {entry.get("id") for entry in new}
    result: list[Table] = []
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
        if not same((*path, index), _plain(found)):
            _merge_table(found, entry, (*path, index), same)
        result.append(found)
    if [id(t) for t in result] == [id(t) for t in tables]:
        return
    # The comments after a table's last key introduce the next table: they move with it.
    leads = {id(nxt): _take_trailing(prev) for prev, nxt in itertools.pairwise(tables)}
    tail = _take_trailing(tables[-1]) if tables else []
    indents = {id(t): t.trivia.indent for t in tables}
    aot = tomlkit.aot()
    for index, t in enumerate(result):
        if index > 0:
            _container(result[index - 1]).body.extend(leads.get(id(t), []))
        aot.append(t)
        indent = indents.get(id(t), "").lstrip("\n")
        if index > 0 and not result[index - 1].as_string().endswith("\n\n"):
            indent = "\n" + indent
        t.trivia.indent = indent
    if result:
        _container(result[-1]).body.extend(tail)
    table[key] = aot


def _take_trailing(table: Table) -> list[tuple[Any, Any]]:
    """Remove and return the comments and blank lines after the last key of ``table``
    (of its last sub-table when it ends with one)."""
    body = _container(table).body
    if body and body[-1][0] is not None:
        last = body[-1][1]
        if isinstance(last, AoT) and last.body:
            return _take_trailing(last.body[-1])
        if isinstance(last, Table):
            return _take_trailing(last)
        return []
    cut = len(body)
    while cut > 0 and body[cut - 1][0] is None:
        cut -= 1
    taken = body[cut:]
    del body[cut:]
    return taken
