"""A folder's rosters at a glance (the Open dialog's library, issue 27 item 12): each with its
name, kind, FC spent against the budget, verdict and date, searchable (a copy of one as a new
list is :meth:`Session.open_as_new_list`). No Textual here: the app shows :func:`read_library`'s entries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from horizon_builder.files.problems import LoadError

KINDS = {"battlegroup": "Battlegroup", "task_force": "Task Force"}


@dataclass(frozen=True)
class LibraryEntry:
    """One roster file of the folder; ``legal`` is None when the file cannot be used."""

    path: Path
    name: str
    kind: str
    #: FC spent / budget ("13/15"); a Task Force is judged by its FP against its limit
    #: ("FP 17/24", OtH p.45-48); empty when the file cannot be used
    cost: str
    verdict: str
    legal: bool | None
    modified: float

    @property
    def date(self) -> str:
        """When the file was last changed, as the library shows it (local time)."""
        return dt.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    def short_date(self, now: dt.datetime | None = None) -> str:
        """The date in at most 8 characters, as ``ls`` gives it: the time for a file changed
        today ("19:29"), the day this year ("27 Nov"), else the month ("Nov 2023")."""
        changed = dt.datetime.fromtimestamp(self.modified)
        now = now or dt.datetime.now()
        form = ("%H:%M" if changed.date() == now.date()
                else "%d %b" if changed.year == now.year else "%b %Y")
        return changed.strftime(form)

    def search_text(self) -> str:
        """The name, file name, kind, verdict and status ("legal", "not legal"), casefolded."""
        status = {True: "legal", False: "not legal", None: ""}[self.legal]
        return " ".join((self.name, self.path.name, self.kind, self.verdict, status)).casefold()

    def matches(self, query: str) -> bool:
        """True when every word of ``query`` is in the name, file name, kind or verdict (the
        app's search is fuzzy over the name and file name too: tui/common/fuzzy.py)."""
        text = self.search_text()
        return all(word in text for word in query.casefold().split())


def library_files(folder: Path) -> list[Path]:
    """The ``.toml`` files directly in ``folder`` (hidden ones left out), by name."""
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() == ".toml"
                 and not p.name.startswith(".") and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.casefold())


def read_entry(path: Path, extra_overrides: Sequence[str] = ()) -> LibraryEntry:
    """One file judged as ``check`` judges it; a file that cannot be used says so."""
    from horizon_builder.checks import validate
    from horizon_builder.roster.io import load

    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        loaded = load(path, extra_overrides=list(extra_overrides))
    except LoadError as exc:
        first = exc.problems[0].message if exc.problems else "cannot be read"
        return LibraryEntry(path, path.stem, "?", "", f"cannot be used: {first}", None, modified)
    except OSError as exc:
        return LibraryEntry(path, path.stem, "?", "", f"cannot be read: {exc.strerror or exc}",
                            None, modified)
    roster = loaded.roster
    report = validate(roster, loaded.ruleset)
    totals = report.totals
    cost = (f"FP {totals.force_presence}/{totals.force_presence_limit}"
            if roster.kind == "task_force" and totals.force_presence_limit is not None
            else f"{totals.force_cost}/{totals.force_cost_limit}")
    said = report.verdict.split(" (", 1)[0]  # "LEGAL, 2 warnings", "NOT LEGAL: 4 errors"
    verdict = (f"✓ {said}" if report.legal else f"✗ {said.removeprefix('NOT LEGAL: ')}") + (
        " ≈" if report.provisional else "")
    return LibraryEntry(path, roster.name, KINDS.get(roster.kind, roster.kind), cost,
                        verdict, report.legal, modified)


def read_library(folder: Path, extra_overrides: Sequence[str] = ()) -> list[LibraryEntry]:
    """Every roster file directly in ``folder``, judged."""
    return [read_entry(path, extra_overrides) for path in library_files(folder)]
