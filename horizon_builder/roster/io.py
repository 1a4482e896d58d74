"""Reading and writing roster files (TOML), with every problem located by file, line and key."""

from __future__ import annotations

import contextlib
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from horizon_builder.files.problems import LoadError, Problem, suggest
from horizon_builder.files.served import outside_root, served_root
from horizon_builder.files.tomlfile import (
    MAX_FILE_BYTES,
    KeyLines,
    format_loc,
    long_integer_error,
    problems_from_validation,
    read_regular_file,
    read_toml,
    unreadable_value,
    write_toml_atomic,
)
from horizon_builder.roster.models import FORMAT_VERSION, Roster, in_stat_order
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset
from horizon_builder.rules.personal import ROLE as PERSONAL_RULES_ROLE
from horizon_builder.rules.personal import personal_layers

if TYPE_CHECKING:
    from horizon_builder.files.tomledit import Same

Loc = tuple[str | int, ...]


@dataclass
class LoadedRoster:
    """A roster read from disk together with the rules it is to be checked against."""

    path: Path
    roster: Roster
    ruleset: Ruleset
    #: your rulebook could not be used (it is left out, never overwritten): its problems
    personal_problems: list[Problem] = field(default_factory=list)
    #: what the file is: a roster file (TOML), or JSON (the export): see roster/sources.py
    kind: str = "roster file"


def parse_roster(data: dict[str, Any], path: str | Path = "<roster>", text: str | None = None) -> Roster:
    """The roster a file's data describes; an editor's ``"$schema"`` key is read past."""
    data = {k: v for k, v in data.items() if not (k in EDITOR_KEYS and isinstance(v, str))}
    try:
        return Roster.model_validate(data)
    except ValidationError as exc:
        lines = KeyLines(text) if text is not None else None
        problems = problems_from_validation(path, text, exc, lines=lines, model=Roster)
        duplicates = _duplicate_ids(data)
        if duplicates:  # the model says so for the whole roster: name each element instead
            problems = [p for p in problems if not (p.key is None and "is used twice" in p.message)]
            problems += [Problem(str(path), f"element id {element_id!r} is used twice",
                                 key=format_loc(loc), line=lines.line_for(loc) if lines else None)
                         for loc, element_id in duplicates]
        raise LoadError(problems) from None


def _duplicate_ids(data: dict[str, Any]) -> list[tuple[Loc, str]]:
    """Each element whose id an earlier element already has."""
    elements = data.get("elements")
    if not isinstance(elements, list):
        return []
    seen: set[str] = set()
    out: list[tuple[Loc, str]] = []
    for index, item in enumerate(elements):
        element_id = item.get("id") if isinstance(item, dict) else None
        if not isinstance(element_id, str) or not element_id:
            continue
        if element_id in seen:
            out.append((("elements", index, "id"), element_id))
        seen.add(element_id)
    return out


def read_roster(path: str | Path) -> Roster:
    """Read a roster file; structure only (names are checked against a ruleset by :func:`load`)."""
    data, text = read_toml(path)
    return parse_roster(data, path, text)


def overrides_path(roster: Roster, roster_path: Path | None) -> list[Path]:
    return [overrides_file(roster.overrides, roster_path)] if roster.overrides else []


def overrides_file(name: str, roster_path: Path | None) -> Path:
    """The house-rules file a roster's ``overrides`` names (relative to the roster)."""
    candidate = Path(name)
    with contextlib.suppress(RuntimeError):  # "~someone" unknown: the path is checked as written
        candidate = candidate.expanduser()
    if not candidate.is_absolute() and roster_path is not None:
        candidate = roster_path.parent / candidate
    return candidate


def served_refusal(own: Sequence[Path]) -> str | None:
    """Served: why a roster (opened, or pasted as a code) may not use the house rules file it
    names, before anything is asked of that path, so the answer is the same whether or not
    the host has such a file; None outside served mode or inside the served folder."""
    for path in own:
        why = outside_root(path, served_root())
        if why:
            return f"the roster's house rules file is refused: {why}"
    return None


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a TOML file (without reading it), or None."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return "not found"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({exc.strerror if isinstance(exc, OSError) and exc.strerror else exc})"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if info.st_size > MAX_FILE_BYTES:
        return f"is too large (over {MAX_FILE_BYTES // (1024 * 1024)} MB)"
    return None


def rules_layers(roster: Roster, roster_path: Path | None, extra: Sequence[str | Path] = (),
                 extra_role: str = "--ruleset", event: Path | None = None,
                 house_rules: bool = True, personal: bool = True) -> tuple[list[Path], list[str]]:
    """The ruleset files beyond the shipped data for this roster, in merge order, and what
    each is to it: your rulebook (the personal layer, unless ``personal`` is False), the
    roster's own house rules (unless ``house_rules`` is False: an event that does not allow
    them), ``--ruleset`` files, then an event preset."""
    mine = personal_layers(personal)
    own = overrides_path(roster, roster_path) if house_rules else []
    refused = served_refusal(own)
    if refused:
        raise LoadError([Problem(str(roster_path or "(pasted)"), refused, key="overrides")])
    paths = [*mine, *own, *(Path(p) for p in extra), *([event] if event is not None else [])]
    roles = [*(PERSONAL_ROLE for _ in mine), *(ROSTER_RULES for _ in own),
             *(extra_role for _ in extra), *([EVENT_PRESET] if event is not None else [])]
    return paths, roles


def load_rules(paths: list[Path], roles: list[str]) -> tuple[Ruleset, list[Problem]]:
    """Load the layers; if your rulebook is what fails, load without it and say why (a
    broken personal layer never blocks a roster, OtH-independent: issue of our own making)."""
    try:
        return load_ruleset(paths, roles=roles), []
    except LoadError as exc:
        mine = {str(p) for p, role in zip(paths, roles, strict=True) if role == PERSONAL_ROLE}
        if not mine or not any(p.path in mine for p in exc.problems):
            raise
        problems = [p for p in exc.problems if p.path in mine]
        kept = [(p, r) for p, r in zip(paths, roles, strict=True) if r != PERSONAL_ROLE]
        return load_ruleset([p for p, _ in kept], roles=[r for _, r in kept]), problems


#: How a verdict names your rulebook (the personal layer).
PERSONAL_ROLE = PERSONAL_RULES_ROLE
#: How a verdict names a roster's own rules file (its ``overrides`` key).
ROSTER_RULES = "the roster's own house rules (overrides)"
EVENT_PRESET = "event preset"


def load(path: str | Path, extra_overrides: list[str | Path] | None = None,
         extra_role: str = "--ruleset", event: str | Path | None = None,
         personal: bool | None = None, raw: bytes | None = None) -> LoadedRoster:
    """Read a roster (TOML, or the JSON export) and its ruleset, and check every name it
    uses exists.

    ``event``: an event preset, applied last; unless it allows house rules, the roster's own
    rules file is left out (and the event's check says so). ``personal``: apply your rulebook
    (default: yes, or under an event preset as the preset says). ``raw``: the bytes, read
    already (standard input: ``path`` is then only the name messages give it).
    Raises :class:`LoadError` listing each problem with file, line and key.
    """
    path = Path(path)
    roster, source_text, kind = read_source(path, raw)  # a roster TOML, or JSON (the export)
    text = source_text or ""  # no line numbers in JSON
    ruleset, personal_problems = roster_ruleset(roster, path, text, extra_overrides, extra_role,
                                                event, personal)
    found = reference_problems(roster, ruleset)
    if found:
        lines = KeyLines(text)
        raise LoadError([
            Problem(str(path), message, key=format_loc(loc), line=lines.line_for(loc))
            for loc, message in found
        ])
    return LoadedRoster(path, roster, ruleset, personal_problems, kind)


#: What a source was, as messages say it.
TOML, JSON_EXPORT, JSON_ROSTER = "roster file", "JSON export", "roster (JSON)"


def is_json(raw: bytes) -> bool:
    """JSON, not TOML: a TOML document never starts with ``{`` (an inline table needs a key)."""
    return raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


def read_source(path: str | Path, raw: bytes | None = None) -> tuple[Roster, str | None, str]:
    """The roster in a roster TOML or a JSON file (the export, or a bare roster), the TOML
    text (for line numbers; None for JSON) and which of them it was. Raises
    :class:`LoadError` naming the file, line and key of each problem. ``raw``: the bytes,
    read already (standard input), instead of reading ``path``."""
    path = Path(path)
    if raw is None and path.suffix.lower() != ".toml":  # .toml: read once, by read_toml
        raw = read_regular_file(path)
    if raw is None or not is_json(raw):
        data, text = read_toml(path, raw)
        return parse_roster(data, path, text), text, TOML
    data, kind = _json_roster(path, raw)
    try:
        return parse_roster(data, path), None, kind
    except LoadError as exc:
        if kind != JSON_EXPORT:
            raise
        raise LoadError([Problem(p.path, p.message, f"roster.{p.key}" if p.key else "roster", p.line)
                         for p in exc.problems]) from None


def _json_roster(path: Path, raw: bytes) -> tuple[dict[str, Any], str]:
    import json  # not for TOML: ``check`` of roster files imports no more than it needs

    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LoadError.single(path, f"not UTF-8 text (byte {exc.start})") from None
    from horizon_builder.files.tomlscan import json_shape_problem

    too_much = json_shape_problem(text)  # before json builds it, as a TOML file is looked at
    if too_much is not None:
        raise LoadError.single(path, too_much)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LoadError.single(path, f"not valid JSON: {exc.msg}", line=exc.lineno) from None
    except RecursionError:
        raise LoadError.single(path, "not valid JSON: values nested too deeply") from None
    except ValueError as exc:  # Python's own limit on the digits of an integer it converts
        raise long_integer_error(path, text, exc, json=True) from None
    unreadable = unreadable_value(data)
    if unreadable is not None:  # as in a TOML file (no line: JSON's keys are not mapped)
        raise LoadError.single(path, unreadable[1], key=format_loc(unreadable[0]) or None)
    if not isinstance(data, dict):
        raise LoadError.single(path, "holds no roster: a JSON export or roster is an object {...}")
    if "export_version" in data or "roster" in data:
        roster = data.get("roster")
        if not isinstance(roster, dict):
            raise LoadError.single(path, "a JSON export needs its roster: the \"roster\" key, "
                                   "an object, is missing", key="roster")
        return roster, JSON_EXPORT
    return data, JSON_ROSTER


def roster_ruleset(roster: Roster, path: Path, text: str = "",
                   extra_overrides: list[str | Path] | None = None, extra_role: str = "--ruleset",
                   event: str | Path | None = None,
                   personal: bool | None = None) -> tuple[Ruleset, list[Problem]]:
    """The ruleset a roster read from ``path`` is judged by (as :func:`load` says), and the
    problems of your rulebook if it was left out; LoadError: its own rules file is missing."""
    preset = Path(event) if event is not None else None
    options = load_ruleset([preset]).event if preset is not None else None
    house_rules = options is None or options.house_rules_allowed
    if personal is None:
        personal = options is None or options.personal_rules_allowed
    own = overrides_path(roster, path) if house_rules else []
    extra = [Path(p) for p in extra_overrides or []]
    refused = served_refusal(own)
    if refused:
        raise LoadError.single(path, refused, key="overrides",
                               line=KeyLines(text).line_for(("overrides",)))
    for override in own:
        problem = file_problem(override)
        if problem:
            raise LoadError.single(path, f"overrides file {problem}: {override}", key="overrides",
                                   line=KeyLines(text).line_for(("overrides",)))
    paths, roles = rules_layers(roster, path, extra, extra_role, preset, house_rules, personal)
    return load_rules(paths, roles)


def reference_problems(roster: Roster, ruleset: Ruleset) -> list[tuple[Loc, str]]:
    """Names in a roster that the ruleset does not know: the file cannot be understood."""
    out: list[tuple[Loc, str]] = []
    types = ruleset.element_types
    for s_index, supplement in enumerate(roster.supplements):
        if supplement not in ruleset.supplements:
            out.append((("supplements", s_index),
                        f"unknown supplement {supplement!r}{suggest(supplement, ruleset.supplements)}"))
    if roster.era is not None and roster.era not in ruleset.eras:
        out.append((("era",), f"unknown era {roster.era!r}{suggest(roster.era, ruleset.eras)}"))
    ids = {e.id for e in roster.elements}
    for index, element in enumerate(roster.elements):
        where: Loc = ("elements", index)
        if element.type not in types:
            out.append(((*where, "type"),
                        f"unknown element type {element.type!r}{suggest(element.type, types)}"))
            continue
        out.extend(_stat_problems(where, element.stats, types[element.type].stats
                                  + types[element.type].optional_stats))
        out.extend(_upgrade_problems(where, element.upgrades, ruleset))
        for f_index, form in enumerate(element.forms):
            form_where = (*where, "forms", f_index)
            if form.type not in types:
                out.append(((*form_where, "type"),
                            f"unknown form type {form.type!r}{suggest(form.type, types)}"))
                continue
            out.extend(_stat_problems(form_where, form.stats,
                                      types[form.type].stats + types[form.type].optional_stats))
            out.extend(_upgrade_problems(form_where, form.upgrades, ruleset))
        if element.carried_by is not None and element.carried_by not in ids:
            out.append(((*where, "carried_by"), f"no element with id {element.carried_by!r}"))
    out.extend(_command_problems(("command",), roster.command, ruleset, ids))
    out.extend(_cr_problems(("cr_purchases",), roster.cr_purchases, ruleset))
    for r_index, round_ in enumerate(roster.rounds):
        where = ("rounds", r_index)
        for e_index, element_id in enumerate(round_.elements):
            if element_id not in ids:
                out.append(((*where, "elements", e_index), f"no element with id {element_id!r}"))
        for e_index, element_id in enumerate(round_.destroyed):
            if element_id not in ids:
                out.append(((*where, "destroyed", e_index), f"no element with id {element_id!r}"))
        out.extend(_command_problems((*where, "command"), round_.command, ruleset, ids))
        out.extend(_cr_problems((*where, "cr_purchases"), round_.cr_purchases, ruleset))
    return out


def _stat_problems(where: Loc, stats: dict[str, int], allowed: list[str]) -> list[tuple[Loc, str]]:
    unknown = [stat for stat in stats if stat not in allowed]
    if not unknown:
        return []
    import difflib

    return [
        ((*where, "stats", stat), f"unknown stat {stat!r} (this type has {', '.join(allowed)})"
         + (f"; did you mean {close[0]!r}?" if (close := difflib.get_close_matches(stat, allowed, n=1))
            else ""))
        for stat in unknown
    ]


def _upgrade_problems(where: Loc, upgrades: Sequence[Any], ruleset: Ruleset) -> list[tuple[Loc, str]]:
    out = []
    for u_index, choice in enumerate(upgrades):
        if choice.id not in ruleset.upgrades:
            out.append(((*where, "upgrades", u_index),
                        f"unknown upgrade {choice.id!r}{suggest(choice.id, ruleset.upgrades)}"))
        elif choice.option is not None:
            options = ruleset.upgrades[choice.id].options
            if choice.option not in options:
                out.append(((*where, "upgrades", u_index, "option"),
                            f"{choice.option!r} is not an option of {choice.id!r} "
                            f"(options: {', '.join(options) or 'none'})"))
    return out


def _command_problems(where: Loc, command: Any, ruleset: Ruleset, ids: set[str]) -> list[tuple[Loc, str]]:
    out: list[tuple[Loc, str]] = []
    if command.kind != "none" and command.kind not in ruleset.commands:
        out.append(((*where, "kind"),
                    f"unknown command {command.kind!r}{suggest(command.kind, ['none', *ruleset.commands])}"))
    if command.element is not None and command.element not in ids:
        out.append(((*where, "element"), f"no element with id {command.element!r}"))
    for w_index, weird in enumerate(command.weird):
        if weird.id not in ruleset.upgrades:
            out.append(((*where, "weird", w_index, "id"),
                        f"unknown weird command {weird.id!r}{suggest(weird.id, ruleset.upgrades)}"))
    return out


def _cr_problems(where: Loc, purchases: Sequence[Any], ruleset: Ruleset) -> list[tuple[Loc, str]]:
    out: list[tuple[Loc, str]] = []
    for index, purchase in enumerate(purchases):
        if purchase.type not in ruleset.element_types:
            out.append(((*where, index, "type"),
                        f"unknown element type {purchase.type!r}"
                        f"{suggest(purchase.type, ruleset.element_types)}"))
        if purchase.upgrade not in ruleset.upgrades:
            out.append(((*where, index, "upgrade"),
                        f"unknown upgrade {purchase.upgrade!r}{suggest(purchase.upgrade, ruleset.upgrades)}"))
    return out


def roster_to_data(roster: Roster) -> dict[str, Any]:
    """The roster as plain TOML-ready data: defaults left out, upgrade shorthands used."""
    data = roster.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
    data = {"format": FORMAT_VERSION, **data}
    for element in data.get("elements", []):
        _write_as_the_book(element)
        for form in element.get("forms", []):
            _write_as_the_book(form)
    return data


def _write_as_the_book(entry: dict[str, Any]) -> None:
    """An element's or form's stats in the book's order, its upgrades by shorthand."""
    if "stats" in entry:
        entry["stats"] = in_stat_order(entry["stats"])
    _shorten_upgrades(entry)


def _shorten_upgrades(entry: dict[str, Any]) -> None:
    if "upgrades" in entry:
        entry["upgrades"] = [
            u["id"] if set(u) == {"id"} else u for u in entry["upgrades"]
        ]


def save_roster(path: str | Path, roster: Roster) -> None:
    """Save atomically, keeping the previous file as NAME.toml.bak; what the file on
    disk says in its own way (comments, order, layout, a value written another way
    that means the same) is kept."""
    write_toml_atomic(path, roster_to_data(roster), same=roster_same(roster))


#: Keys a roster file may hold beyond the model: an editor's schema (kept as written).
EDITOR_KEYS = ("$schema",)


def roster_same(roster: Roster) -> Same:
    """Does a value written in a file mean what ``roster`` holds at that key path?"""

    def same(path: tuple[str | int, ...], old: Any) -> bool:
        if path and path[0] in EDITOR_KEYS:
            return True
        value: Any = roster
        for part in path:
            if isinstance(value, BaseModel) and isinstance(part, str) and part in type(value).model_fields:
                value = getattr(value, part)
            elif (isinstance(value, tuple) and isinstance(part, int) and part < len(value)) \
                    or (isinstance(value, dict) and part in value):
                value = value[part]  # type: ignore[index]
            else:
                return False
        return _means(value, old)

    return same


def _means(value: Any, old: Any) -> bool:
    if isinstance(value, BaseModel):
        try:
            return type(value).model_validate(old) == value
        except (ValidationError, ValueError, TypeError):
            return False
    if isinstance(value, tuple):
        return isinstance(old, list) and len(old) == len(value) and all(
            _means(v, o) for v, o in zip(value, old, strict=True))
    if isinstance(value, dict):
        return isinstance(old, dict) and old.keys() == value.keys() and all(
            _means(value[k], old[k]) for k in value)
    return type(value) is type(old) and bool(value == old)
