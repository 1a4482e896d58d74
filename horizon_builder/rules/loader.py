"""Load and merge ruleset layers: base → supplements → overrides (house rules, event preset).

Each layer is a TOML file. Tables merge key by key, so an overrides file only
needs the values it changes (``[element_types.mech.pool.points] 1 = 13``).
Every problem names the file and key that caused it: we remember which layer
wrote each key, so even an error found after merging points at its file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from horizon_builder import __version__
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.resources import rulesets_dir
from horizon_builder.files.tomlfile import (
    KeyLines,
    format_loc,
    problems_from_error_items,
    read_regular_file,
    read_toml,
)
from horizon_builder.rules import diskcache
from horizon_builder.rules.layers import filled_in_keys, name_layers
from horizon_builder.rules.models import Ruleset

#: Sections whose entries get the layer's supplement id when they do not name one.
_SUPPLEMENT_SECTIONS = ("element_types", "upgrades", "commands")

Loc = tuple[str | int, ...]


class _Layer:
    def __init__(self, path: Path, shipped: bool = True):
        self.path = path
        self.shipped = shipped  # a shipped layer's values may be quoted in messages
        self.data, self.text = read_toml(path)
        info = self.data.get("ruleset", {})
        self.supplement = info.get("supplement") if isinstance(info, dict) else None
        if not shipped and not set(self.data) & set(Ruleset.model_fields):
            raise LoadError.single(path, "not a ruleset file (none of its top-level keys is a "
                                   "ruleset section, such as [element_types] or [upgrades])")

    @cached_property
    def lines(self) -> KeyLines:
        """Where each key is written: made only to locate a problem."""
        return KeyLines(self.text)


def base_layer_paths() -> list[Path]:
    """The shipped layers in merge order: the base first, then each supplement."""
    return sorted(rulesets_dir().glob("*.toml"))


def _merge(into: dict[str, Any], layer: dict[str, Any], origin: dict[Loc, _Layer],
           source: _Layer, prefix: Loc = ()) -> None:
    for key, value in layer.items():
        loc = (*prefix, key)
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            origin[loc] = source  # a table is blamed on the last layer that changed it
            _merge(into[key], value, origin, source, loc)
        else:
            into[key] = _copy(value)
            origin[loc] = source
            if isinstance(value, dict):
                _mark(value, origin, source, loc)


def _mark(value: dict[str, Any], origin: dict[Loc, _Layer], source: _Layer, prefix: Loc) -> None:
    for key, sub in value.items():
        origin[(*prefix, key)] = source
        if isinstance(sub, dict):
            _mark(sub, origin, source, (*prefix, key))


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _origin_of(loc: Sequence[str | int], origin: dict[Loc, _Layer]) -> _Layer | None:
    loc = tuple(loc)
    while loc:
        if loc in origin:
            return origin[loc]
        loc = loc[:-1]
    return None


def _blamed(loc: Loc, origin: dict[Loc, _Layer], layers: list[_Layer]) -> tuple[_Layer, Loc]:
    """The layer (and the key in it) to blame for a problem found at ``loc`` after merging.

    A problem between two values of one entry (a limit on a stat the type no longer has,
    a max below a min) is the doing of the last layer that changed that entry: a shipped
    value an override made wrong is blamed on the override, at the entry it changed."""
    layer = _origin_of(loc, origin) or layers[-1]
    if not layer.shipped or len(loc) < 2:
        return layer, loc
    entry = tuple(loc[:2])
    order = {id(item): index for index, item in enumerate(layers)}
    later = [order[id(source)] for at, source in origin.items()
             if not source.shipped and at[:2] == entry and order[id(source)] > order[id(layer)]]
    return (layers[max(later)], entry) if later else (layer, loc)


def load_ruleset(overrides: Iterable[str | Path] = (), base: Sequence[Path] | None = None,
                 roles: Sequence[str] = ()) -> Ruleset:
    """Merge the shipped layers and any override files into one validated :class:`Ruleset`.

    Raises :class:`LoadError` naming file and key for any malformed, unknown or
    inconsistent value.

    Loads are cached on the files' *content* (and the package version), so an
    overrides file edited on disk is read again. Every call hands out its own copy
    of the (frozen) ruleset: what one session does to its rules reaches no other.
    """
    shipped = list(base_layer_paths() if base is None else base)
    extra = [Path(p) for p in overrides]
    paths = [*shipped, *extra]
    named = tuple(roles[i] if i < len(roles) else "house rules" for i in range(len(extra)))
    key = (__version__, tuple((str(p), _content_key(p)) for p in paths), len(shipped), named)
    return _load_cached(key).take()


#: A layer's identity for the cache: its content's digest (None when it cannot be read:
#: loading then reports the file, and errors are never cached).
_ContentKey = tuple[str, tuple[tuple[str, str | None], ...], int, tuple[str, ...]]


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return None


def _content_key(path: Path) -> str | None:
    try:
        return hashlib.sha256(read_regular_file(path)).hexdigest()
    except LoadError:
        return None


class _Kept:
    """A loaded ruleset and the bytes every later caller takes a copy of its own from: its
    pickle, made here (``pickle.loads`` is several times quicker than a deep copy of the
    models), or the JSON it was read from on disk (:mod:`~horizon_builder.rules.diskcache`:
    never a pickle from disk). The first caller takes the ruleset itself, which nothing
    else holds."""

    def __init__(self, ruleset: Ruleset, from_disk: bytes | None = None):
        self._untaken = [ruleset]
        self._json = from_disk
        self._pickle: bytes | None = None
        if from_disk is None:
            import pickle  # (not for a ruleset read from disk: ``check``'s usual run)

            self._pickle = pickle.dumps(ruleset, protocol=pickle.HIGHEST_PROTOCOL)

    def take(self) -> Ruleset:
        try:
            return self._untaken.pop()  # atomic: one caller only gets it
        except IndexError:
            if self._pickle is not None:
                import pickle

                ruleset: Ruleset = pickle.loads(self._pickle)
                return ruleset
            copy = diskcache.loads(self._json or b"")
            assert copy is not None  # it was read from these bytes once
            return copy


@lru_cache(maxsize=16)
def _load_cached(key: _ContentKey) -> _Kept:
    stored = diskcache.read(key)
    if stored is not None:
        return _Kept(*stored)
    ruleset = _load([Path(p) for p, _digest in key[1]], key[2], key[3])
    diskcache.write(key, ruleset)
    return _Kept(ruleset)


def _load(paths: list[Path], shipped: int | None = None, roles: tuple[str, ...] = ()) -> Ruleset:
    problems: list[Problem] = []
    layers: list[_Layer] = []
    book = {p.resolve() for p in base_layer_paths()}
    for path in paths:
        try:
            layers.append(_Layer(path, shipped=_resolved(path) in book))
        except LoadError as exc:
            problems.extend(exc.problems)
    if problems:
        raise LoadError(problems)
    if not layers:
        raise LoadError.single(rulesets_dir(), "no ruleset files found")

    merged: dict[str, Any] = {}
    origin: dict[Loc, _Layer] = {}
    for layer in layers:
        problems.extend(filled_in_keys(layer))
        data = _copy(layer.data)
        data.pop("ruleset", None)
        if layer.supplement:
            for section in _SUPPLEMENT_SECTIONS:
                known = merged.get(section, {})
                entries = data.get(section)
                if not isinstance(entries, dict):
                    continue  # not a table: validation reports it, located
                for key, entry in entries.items():
                    # Only entries the layer introduces: a layer that corrects an earlier
                    # entry (a cost inferred from its examples) does not take it over.
                    if isinstance(entry, dict) and key not in known:
                        entry.setdefault("supplement", layer.supplement)
        _merge(merged, data, origin, layer)
    if problems:
        raise LoadError(problems)
    first_info = layers[0].data.get("ruleset")
    merged["ruleset"] = first_info
    origin[("ruleset",)] = layers[0]
    merged["layers"] = [str(layer.path) for layer in layers]

    try:
        ruleset = Ruleset.model_validate(merged)
    except ValidationError as exc:
        for item in exc.errors(include_url=False):
            loc = tuple(item["loc"])
            layer = _origin_of(loc, origin) or layers[-1]
            problems.extend(problems_from_error_items(layer.path, [item], lines=layer.lines,
                                                      echo=layer.shipped))
        raise LoadError(problems) from None

    for loc, message in reference_problems(ruleset):
        layer, at = _blamed(loc, origin, layers)
        problems.append(Problem(str(layer.path), message, key=format_loc(loc),
                                line=layer.lines.line_for(at)))
    if problems:
        raise LoadError(problems)
    first = len(layers) if shipped is None else shipped
    return name_layers(ruleset, layers[first:], roles,
                       book=(lambda: load_ruleset(base=paths[:first])) if first else None)


def reference_problems(ruleset: Ruleset) -> list[tuple[Loc, str]]:
    """Names inside the rules that point at nothing: a typo in data must not pass silently."""
    out: list[tuple[Loc, str]] = []
    known_names = ruleset.names_known() | {"chq"}
    for up_id, upgrade in ruleset.upgrades.items():
        for field in ("eligible", "ineligible"):
            for ref in getattr(upgrade, field):
                if ref not in known_names:
                    out.append((("upgrades", up_id, field),
                                f"names unknown element type, category or tag {ref!r}"))
        for field in ("requires_any", "excludes", "grants_upgrades"):
            for ref in getattr(upgrade, field):
                if ref not in ruleset.upgrades:
                    out.append((("upgrades", up_id, field), f"names unknown upgrade {ref!r}"))
        for ref in upgrade.form_types:
            if ref not in ruleset.element_types:
                out.append((("upgrades", up_id, "form_types"), f"names unknown element type {ref!r}"))
        for field, refs in (("chq_barred_base", upgrade.chq_barred_base),
                            ("reaches", upgrade.reaches.names if upgrade.reaches else [])):
            for ref in refs:
                if ref not in known_names:
                    out.append((("upgrades", up_id, field),
                                f"names unknown element type, category or tag {ref!r}"))
        if upgrade.supplement and upgrade.supplement not in ruleset.supplements:
            out.append((("upgrades", up_id, "supplement"),
                        f"names unknown supplement {upgrade.supplement!r}"))
    for type_id, et in ruleset.element_types.items():
        if et.supplement and et.supplement not in ruleset.supplements:
            out.append((("element_types", type_id, "supplement"),
                        f"names unknown supplement {et.supplement!r}"))
        for index, rule in enumerate(et.upgrade_rules):
            for ref in (*rule.requires_any, *rule.forbids):
                if ref not in ruleset.upgrades:
                    out.append((("element_types", type_id, "upgrade_rules", index),
                                f"names unknown upgrade {ref!r}"))
        for index, limit in enumerate(et.stat_limits):
            if limit.stat not in (*et.stats, *et.optional_stats):
                out.append((("element_types", type_id, "stat_limits", index, "stat"),
                            f"{limit.stat!r} is not a stat of this type"))
        if et.chq_cost_as is not None and et.chq_cost_as not in ruleset.element_types:
            out.append((("element_types", type_id, "chq_cost_as"),
                        f"names unknown element type {et.chq_cost_as!r}"))
        if et.presence.max is not None and et.presence.max < et.presence.min:
            out.append((("element_types", type_id, "presence"), "max is below min"))
    for chq_type, row in ruleset.chq_cost_table.items():
        if chq_type not in ruleset.element_types:
            out.append((("chq_cost_table", chq_type), f"unknown element type {chq_type!r}"))
        for ref in row.modifiers:
            if ref not in ruleset.element_types:
                out.append((("chq_cost_table", chq_type), f"names unknown element type {ref!r}"))
    for cmd_id, cmd in ruleset.commands.items():
        for ref in cmd.eligible:
            if ref not in known_names:
                out.append((("commands", cmd_id, "eligible"), f"names unknown type or tag {ref!r}"))
        for ref in cmd.free_upgrades:
            if ref not in ruleset.upgrades:
                out.append((("commands", cmd_id, "free_upgrades"), f"names unknown upgrade {ref!r}"))
    for up_id, need in ruleset.needs_upgrade.items():
        if up_id not in ruleset.upgrades:
            out.append((("needs_upgrade", up_id), f"names unknown upgrade {up_id!r}"))
        for ref in need.names:
            if ref not in known_names:
                out.append((("needs_upgrade", up_id, "names"),
                            f"names unknown element type, category or tag {ref!r}"))
    for era_id, era in ruleset.eras.items():
        for ref in era.includes:
            if ref not in ruleset.eras or ref == era_id:
                out.append((("eras", era_id, "includes"), f"names unknown era {ref!r}"))
        cycle = _era_cycle(era_id, ruleset)
        if cycle:
            out.append((("eras", era_id, "includes"),
                        f"eras include each other: {' → '.join(cycle)}"))
        for ref in era.forbids:
            if ref not in ruleset.upgrades and ref not in ruleset.element_types:
                out.append((("eras", era_id, "forbids"), f"names unknown upgrade or type {ref!r}"))
        for ref in era.bans:
            if ref not in ruleset.upgrades and ref not in ruleset.element_types \
                    and ref not in ruleset.commands:
                out.append((("eras", era_id, "bans", ref),
                            f"names unknown upgrade, type or command {ref!r}"))
    return out


def _era_cycle(start: str, ruleset: Ruleset) -> list[str] | None:
    """The chain of ``includes`` that leads from an era back to itself, if any."""
    path = [start]
    stack = [(start, iter(ruleset.eras[start].includes))]
    on_path = {start}
    seen: set[str] = set()
    while stack:
        _era, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            on_path.discard(path.pop())
            continue
        if child == start and len(path) > 1:
            return [*path, start]
        if child in on_path or child in seen or child not in ruleset.eras:
            continue
        seen.add(child)
        on_path.add(child)
        path.append(child)
        stack.append((child, iter(ruleset.eras[child].includes)))
    return None
