"""Where a roster can come from besides its TOML file: the JSON export (its ``roster`` key),
a roster written as JSON, a share code, or a text holding one (the markdown export, a
chat message saved to a file).

:func:`~horizon_builder.roster.io.read_source` (in :mod:`horizon_builder.roster.io`, which
``load`` uses, so that module never imports this one) is what ``check``, ``export`` and the
app's Open read (a roster TOML or JSON); :func:`roster_from` is what ``import`` and ``diff``
read (any of them).
"""

from __future__ import annotations

from pathlib import Path

from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.files.tomlfile import format_loc, read_regular_file
from horizon_builder.roster.io import (  # (read_source and the kinds: named here as before)
    JSON_EXPORT,
    JSON_ROSTER,
    TOML,
    LoadedRoster,
    is_json,
    load_rules,
    reference_problems,
    rules_layers,
)
from horizon_builder.roster.io import read_source as read_source
from horizon_builder.roster.models import Roster

#: What a source was besides a file (the files' kinds: :mod:`horizon_builder.roster.io`).
CODE, TEXT_WITH_CODE = "share code", "text with a share code"

#: Files that are exports, not rosters: read for the share code they carry.
EXPORT_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm")


def roster_from(source: str) -> tuple[Roster, str]:
    """The roster a command line names: a share code, or a file (a roster TOML, a JSON
    export or roster, or a text holding a share code such as the markdown export); and
    what it was. Raises :class:`LoadError` with a clear message."""
    from horizon_builder.roster.sharecode import decode, find_code, pasted_code

    path = Path(source)
    pasted = None if is_file(path) else pasted_code(source)  # or in a link, a message
    if pasted is not None:
        return decode(pasted), CODE
    raw = read_regular_file(path)
    if is_json(raw):
        roster, _text, kind = read_source(path)
        return roster, kind
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LoadError.single(path, f"not UTF-8 text (byte {exc.start})") from None
    code = find_code(text)
    if code is not None and path.suffix.lower() != ".toml":
        return decode(code, where=f"{path}: the share code in it"), TEXT_WITH_CODE
    if path.suffix.lower() in EXPORT_SUFFIXES:
        raise LoadError.single(path, "holds no share code (the markdown, text and HTML exports "
                               "carry one), nor is it a roster file")
    roster, _text, kind = read_source(path)
    return roster, kind


def is_file(path: Path) -> bool:
    """Is there a file at ``path`` (False for a text too long or odd to be a path: a code)?"""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def loaded_from(roster: Roster, where: str, folder: Path | None = None,
                extra_overrides: list[str | Path] | None = None, personal: bool = True) -> LoadedRoster:
    """A roster that came without its file (a share code, a text holding one) with its
    ruleset, every name it uses checked as :func:`~horizon_builder.roster.io.load` checks a
    file's; its own house rules file, if it names one, is looked for in ``folder`` (the
    file's, or the current folder). Raises :class:`LoadError` naming ``where``."""
    anchor = (folder or Path()) / "roster"
    extra = [Path(p) for p in extra_overrides or []]
    paths, roles = rules_layers(roster, anchor, extra, personal=personal)
    ruleset, personal_problems = load_rules(paths, roles)
    found = reference_problems(roster, ruleset)
    if found:
        raise LoadError([Problem(where, message, key=format_loc(loc)) for loc, message in found])
    return LoadedRoster(anchor, roster, ruleset, personal_problems, CODE)


def load_any(source: str, extra_overrides: list[str | Path] | None = None,
             personal: bool = True) -> LoadedRoster:
    """:func:`roster_from` with the roster's rules: what ``diff`` compares."""
    from horizon_builder.roster.io import load

    roster, kind = roster_from(source)
    if kind in (TOML, JSON_EXPORT, JSON_ROSTER):
        return load(source, extra_overrides=extra_overrides, personal=personal)
    folder = Path(source).parent if kind == TEXT_WITH_CODE else None
    where = str(source) if kind == TEXT_WITH_CODE else CODE
    return loaded_from(roster, where, folder, extra_overrides, personal)
