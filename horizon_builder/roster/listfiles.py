"""Which files a command line's paths name are lists: a folder stands for every ``*.toml``
below it, and a rules file among them is said as one and left out, not read as a list
that cannot be read.

A rules file is a house-rules file that a list found here names (its ``overrides``), or a
file that holds only rules tables (``element_types``, ``command_resources``, ``[event]``...:
a ruleset layer or an event preset) and nothing of a list. A file that holds a list (its FC
or elements) is always a list, even when another list names it as its rules: one list's
``overrides`` never hides another list. ``check``, ``check --event`` and ``event new`` ask
this, so a folder or a glob (``lists/*.toml``) picks up the same lists in each.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from horizon_builder.files.problems import LoadError
from horizon_builder.files.rosterfiles import named_files
from horizon_builder.files.tomlfile import read_toml
from horizon_builder.roster.io import overrides_file
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset

#: A rules file's top-level keys are all among these; a list's own keys (its name above
#: all) are never in a rules file.
RULES_KEYS = frozenset(Ruleset.model_fields)
LIST_KEYS = frozenset(Roster.model_fields) - RULES_KEYS


class Found(NamedTuple):
    """The lists the paths name (each with the name a table shows), the rules files left
    out (each with why) and the folders among the paths that hold no list."""

    lists: list[tuple[Path, str]]
    skipped: list[tuple[Path, str]]
    empty: list[Path]

    def notes(self) -> list[str]:
        """One line per rules file left out: ``FILE: why: not a list, skipped``."""
        return [f"{path}: {why}: not a list, skipped" for path, why in self.skipped]

    def empty_lines(self) -> list[str]:
        """One line per folder with no list in it."""
        return [f"{folder}: no lists in this folder (no *.toml file other than rules files)"
                for folder in self.empty]


def find_lists(paths: Sequence[str | Path]) -> Found:
    """The lists ``paths`` name (a folder: its ``*.toml``), with the rules files among them
    said and left out, whether a folder or the command line (a glob) names them. Each file
    is read once here and only what says which it is kept (a folder of a thousand lists
    keeps no thousand documents)."""
    found = named_files(paths)
    rosters: set[Path] = set()
    rules_only: set[Path] = set()
    rules_of: dict[Path, Path] = {}
    for path, _shown in found:
        if str(path) == "-":  # standard input (``check -``): one roster, read once, later
            continue
        try:
            data = read_toml(path)[0]
        except LoadError:
            continue  # its reader says why, in its row
        if "force_cost" in data or "elements" in data:  # no rules layer has them
            rosters.add(_resolved(path))
        elif set(data) <= RULES_KEYS and not set(data) & LIST_KEYS:
            rules_only.add(_resolved(path))
        named = data.get("overrides")
        if isinstance(named, str) and named:
            rules_of.setdefault(_resolved(overrides_file(named, path)), path)
    lists, skipped = [], []
    for path, shown in found:
        resolved = _resolved(path)
        if resolved in rosters:
            lists.append((path, shown))
        elif resolved in rules_of:
            skipped.append((path, f"the house rules of {rules_of[resolved]} (its `overrides`)"))
        elif resolved in rules_only:
            skipped.append((path, "a rules file (rules tables, no list in it)"))
        else:
            lists.append((path, shown))
    empty = [Path(p) for p in paths if Path(p).is_dir()
             and not any(path.is_relative_to(p) for path, _ in lists)]
    return Found(lists, skipped, empty)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links: compared as written
        return path.absolute()
