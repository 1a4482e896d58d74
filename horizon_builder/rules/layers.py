"""Layers beyond the shipped book data: named in every verdict, and marked on what they set.

A roster's own house rules (its ``overrides`` file), a ``--ruleset`` file or an
event preset can change any value the checks compare. A verdict must say what it
rests on, so the loader records each such layer (path, content hash, role, keys
it sets: :class:`~horizon_builder.rules.models.RulesLayer`) and marks every rule
table it changed with ``changed_by``, which findings and totals then cite.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlfile import KeyLines, format_loc, read_regular_file
from horizon_builder.rules.event import CHOSEN_BY, within_the_book
from horizon_builder.rules.models import Ruleset, RulesLayer
from horizon_builder.rules.personal import ENTERED_FROM, ROLE
from horizon_builder.rules.walk import table_at

Loc = tuple[str | int, ...]

#: How ``changed_by`` names your rulebook where it only enters core values the book data does
#: not know ("your rulebook my-rules.toml #1a2b3c4d"): cited as entered, not as changed.

#: Keys the loader fills in: a file that writes them is refused, so no file can forge them.
FILLED_IN = "changed_by"
TOP_FILLED_IN = ("layers", "rules_layers")


class LayerFile(Protocol):
    path: Path
    data: dict[str, Any]

    @property
    def lines(self) -> KeyLines: ...


def filled_in_keys(layer: LayerFile) -> list[Problem]:
    """A located problem for each key of ``layer`` that only the loader may write."""
    out = []
    for key in TOP_FILLED_IN:
        if key in layer.data:
            out.append(Problem(str(layer.path), f"{key!r} is filled in by horizon-builder: remove it",
                               key=key, line=layer.lines.line_for((key,))))
    for loc in _locs(layer.data):
        if loc and loc[-1] == FILLED_IN:
            out.append(Problem(str(layer.path), f"{FILLED_IN!r} is filled in by horizon-builder "
                               "(the layer that changed a value): remove it",
                               key=format_loc(loc), line=layer.lines.line_for(loc)))
    return out


def _locs(value: Any, prefix: Loc = ()) -> Iterator[Loc]:
    """The key path of every value a TOML document sets (tables and arrays of tables walked)."""
    if isinstance(value, dict):
        for key, sub in value.items():
            if isinstance(sub, dict | list) and sub:
                yield from _locs(sub, (*prefix, key))
            else:
                yield (*prefix, key)
    elif isinstance(value, list) and all(isinstance(v, dict) for v in value):
        for index, sub in enumerate(value):
            yield from _locs(sub, (*prefix, index))
    else:
        yield prefix


def _digest(layer: LayerFile) -> str:
    try:
        return hashlib.sha256(read_regular_file(layer.path)).hexdigest()
    except LoadError:  # read a moment ago; hash what was parsed
        return hashlib.sha256(repr(layer.data).encode()).hexdigest()


def name_layers(ruleset: Ruleset, extra: Sequence[LayerFile], roles: Sequence[str],
                book: Callable[[], Ruleset] | None = None) -> Ruleset:
    """Record the layers beyond the shipped data and mark each rule table they set.

    Your rulebook (role :data:`~horizon_builder.rules.personal.ROLE`) is held against the
    shipped data (``book``): the core values it fills are recorded and no longer provisional,
    and it is beyond the book only if it changes a value the book data holds
    (:mod:`horizon_builder.rules.entered`). A layer that only makes an event's choices, those
    the book's tournament rules leave to the organiser (:func:`~horizon_builder.rules.event.
    within_the_book`), is the book's rules too: named as the event's, not beyond the book.

    Called once on a freshly validated ruleset, before anyone else sees it (the
    loader then caches it and hands out deep copies), so marking in place is safe.
    """
    from horizon_builder.rules import entered as fills

    infos = []
    for index, layer in enumerate(extra):
        locs = [loc for loc in _locs({k: v for k, v in layer.data.items() if k != "ruleset"})
                if loc]
        role = roles[index] if index < len(roles) else "house rules"
        keys: list[tuple[str, ...]] = []
        tables: list[tuple[str, ...]] = []
        beyond = True
        chosen = False
        if role == ROLE and book is not None:
            shipped = book()
            known = fills.gaps(shipped)
            keys, beyond = fills.classify(locs, layer.data, shipped, known)
            tables = fills.complete_tables(keys, known)
        elif role != ROLE:
            limits = (book() if book is not None else ruleset).tournament
            chosen = within_the_book(locs, layer.data, limits.fp_per_fc if limits else None)
            beyond = not chosen
        info = RulesLayer(path=str(layer.path), name=layer.path.name, sha256=_digest(layer),
                          role=role, changed=sorted({format_loc(loc) for loc in locs}),
                          entered=[".".join(key) for key in keys], beyond_book=beyond,
                          event_choices=chosen)
        mark = (info.label if beyond else f"{CHOSEN_BY} {info.label}" if chosen
                else f"{ENTERED_FROM} {info.label}")
        for loc in locs:
            _mark(ruleset, loc, mark)
        for table in tables:  # entered from the player's own core book: no longer provisional
            _mark(ruleset, table, False, "provisional")
        infos.append(info)
    return ruleset.model_copy(update={"rules_layers": infos}) if infos else ruleset


def _mark(ruleset: Ruleset, loc: Loc, label: str | bool, field: str = FILLED_IN) -> None:
    """Mark the innermost rule table on the path ``loc`` as changed by ``label`` (or set its
    ``field`` to ``label``)."""
    last = table_at(ruleset, loc)
    if last is not None:
        object.__setattr__(last, field, label)  # frozen: set once, at load
