"""The organiser's batch check: every list of an event judged against its preset (OtH p.45-48).

``horizon-builder check --event PRESET PATH...`` (a PATH may be a folder, searched
for ``*.toml``). One row per list; an unreadable list is reported in its row and
the run goes on. Exit status: 0 all legal, 1 some illegal, 2 some unreadable.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from horizon_builder.checks import validate
from horizon_builder.engine.validator import Report
from horizon_builder.files.problems import LoadError, Problem
from horizon_builder.roster.io import load
from horizon_builder.roster.listfiles import find_lists
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import EventOptions
from horizon_builder.text.safetext import printable
from horizon_builder.text.words import plural


@dataclass
class ListRow:
    """One list of the event, as the organiser's table shows it."""

    file: str
    name: str = ""
    commander: str = ""
    kind: str = ""
    fc: str = ""
    fp: str = ""
    verdict: str = "UNREADABLE"
    errors: int = 0
    first_error: str = ""
    legal: bool = False
    readable: bool = True

    @property
    def status(self) -> int:
        return 2 if not self.readable else (0 if self.legal else 1)


COLUMNS = ("file", "name", "commander", "kind", "fc", "fp", "verdict", "errors", "first_error")
HEADINGS = ("File", "List", "Commander", "Kind", "FC", "FP / limit", "Verdict", "Errors",
            "First error")


#: Errors that are the reason for others: a list that brings its own rules to an event that
#: allows none is judged without them, and what its rules allowed (a larger stat pool...)
#: then fails too. The organiser is shown the reason first.
REASONS_FIRST = ("event-house-rules",)


def first_error(report: Report) -> str | None:
    """The error the organiser sees first (None: legal): a reason others follow from
    (:data:`REASONS_FIRST`) before them, else the first."""
    errors = report.errors
    if not errors:
        return None
    first = next((f for f in errors if f.code in REASONS_FIRST), errors[0])
    return first.message


def row_for(path: Path | str, report: Report) -> ListRow:
    roster, t = report.analysis.roster, report.totals
    task_force = roster.kind == "task_force"
    errors = report.errors
    return ListRow(
        file=str(path), name=roster.name, commander=roster.commander or "",
        kind="Task Force" if task_force else "battlegroup",
        fc=str(roster.force_cost) if task_force else f"{t.force_cost}/{t.force_cost_limit}",
        fp=f"{t.force_presence}/{t.force_presence_limit}" if t.force_presence_limit is not None
        else str(t.force_presence),
        verdict="LEGAL" if report.legal else "NOT LEGAL", errors=len(errors),
        first_error=first_error(report) or "", legal=report.legal)


#: How a caller keeps a readable list's report: its ``check --format json`` object
#: (:func:`horizon_builder.export.check.json_report`), passed in by the command line and the
#: organiser's screen. The exports sit beside the event package, not under it, so the batch
#: does not import them; and only the object is kept, never the report (a folder of a
#: thousand lists keeps a thousand small objects, not a thousand analyses).
ReportJson = Callable[[Path, Report], dict[str, Any]]


def judge(paths: Sequence[str | Path], preset: Path, extra: Sequence[str | Path] = (),
          personal: bool | None = None, *, as_json: ReportJson) -> list[tuple[ListRow, dict[str, Any]]]:
    """Judge every list against the preset: a row and a ``check --format json`` object each
    (the organiser's own rulebook applies only if the preset says so, or ``personal``)."""
    return judge_files(find_lists(paths).lists, preset, extra, personal, as_json=as_json)


def judge_files(files: Sequence[tuple[Path, str]], preset: Path, extra: Sequence[str | Path] = (),
                personal: bool | None = None, *,
                as_json: ReportJson) -> list[tuple[ListRow, dict[str, Any]]]:
    """:func:`judge` of the lists :func:`~horizon_builder.roster.listfiles.find_lists`
    found (each with its shown name)."""
    out = []
    for path, shown in files:
        try:
            loaded = load(path, extra_overrides=list(extra), event=preset, personal=personal)
        except LoadError as exc:
            found = exc.problems
            if path.is_symlink() and not path.exists():
                found = [Problem(str(path), f"a link to {os.readlink(path)}, " + (
                    "a loop of links" if _loops(path) else "which is not there"))]
            problems = [str(p) for p in found]
            row = ListRow(file=shown, readable=False,
                          first_error=_in_row(found[0], path) if found else "")
            out.append((row, {"path": str(path), "legal": False, "load_errors": problems}))
            continue
        report = validate(loaded.roster, loaded.ruleset)
        out.append((row_for(shown, report), as_json(path, report)))
    return out


def shared_commanders(judged: Sequence[tuple[ListRow, dict[str, Any]]]) -> list[tuple[str, list[str]]]:
    """Each commander that more than one readable list names, with those lists' files: the
    name ``event new`` registers (the roster's ``commander``, else the file's stem), which
    refuses two lists with one commander (issue 36 item 6)."""
    lists: dict[str, list[str]] = {}
    for row, result in judged:
        if row.readable:
            lists.setdefault(row.commander or Path(result["path"]).stem, []).append(row.file)
    return [(name, files) for name, files in lists.items() if len(files) > 1]


def _in_row(problem: Problem, path: Path) -> str:
    """A load problem as the list's row says it: the File column names the list already."""
    return str(problem) if problem.path != str(path) else problem.in_file


def _loops(link: Path) -> bool:
    """Does the link lead back to itself (a loop of links), rather than to nothing?"""
    try:
        link.resolve(strict=True)
    except (RuntimeError, OSError) as exc:
        return isinstance(exc, RuntimeError) or getattr(exc, "errno", None) == errno.ELOOP
    return False


def read_preset(preset: Path) -> EventOptions:
    """The preset's event options; a preset must name its FC (LoadError otherwise)."""
    event = load_ruleset([preset]).event
    if event.force_cost is None:
        raise LoadError.single(preset, "an event preset must set [event] force_cost (the "
                               "tournament FC, OtH p.46)", key="event.force_cost")
    return event


#: The first error is never cut narrower than this (a narrow terminal wraps the line).
MIN_ERROR_WIDTH = 24


def table_text(rows: Sequence[ListRow], event: EventOptions, preset: Path,
               width: int | None = None) -> str:
    """The organiser's table as plain text, with a heading naming the event and its rules.

    The other columns are capped (a file 40 characters, the rest 30); the first error takes
    the rest of ``width`` (the terminal's), cut only where the terminal is too narrow for
    it, and never when ``width`` is None (the table goes to a file or a pipe). To make room
    for it the list's name, the file and the commander are cut first (to 12, 16 and 10)."""
    cells = [[*HEADINGS]] + [[_cell(getattr(r, c)) for c in COLUMNS] for r in rows]
    widths = [min(max(len(row[i]) for row in cells), {0: 40}.get(i, 30))
              for i in range(len(COLUMNS) - 1)]
    longest = max(len(row[-1]) for row in cells)
    if width is not None:  # the list, file and commander give way to the first error
        for index, narrowest in ((1, 12), (0, 16), (2, 10)):
            over = sum(widths) + 2 * len(widths) + longest - width
            if over > 0:
                widths[index] = max(min(narrowest, widths[index]), widths[index] - over)
    room = longest if width is None else width - sum(widths) - 2 * len(widths)
    widths.append(min(longest, max(room, MIN_ERROR_WIDTH)))
    lines = [f"{event.name or preset.name}: FC {event.force_cost}, "
             f"{plural(len(rows), 'list')} ({preset})"]
    for row in cells:
        lines.append("  ".join(_fit(text, widths[i]) for i, text in enumerate(row)).rstrip())
    legal = sum(1 for r in rows if r.legal)
    bad = sum(1 for r in rows if not r.readable)
    lines.append(f"{legal} legal, {len(rows) - legal - bad} not legal, {bad} unreadable")
    return "\n".join(lines)


def table_csv(rows: Sequence[ListRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([_csv_cell(asdict(r)[c]) for c in COLUMNS])
    return buffer.getvalue()


def _csv_cell(value: object) -> object:
    """A cell a spreadsheet shows as text: control characters escaped, and a name that starts
    like a formula (= + - @) kept from being run as one."""
    if not isinstance(value, str):
        return value
    text = printable(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def table_json(results: Sequence[dict[str, Any]]) -> str:
    return json.dumps(list(results), indent=2)


def exit_status(rows: Sequence[ListRow]) -> int:
    return max((r.status for r in rows), default=0)


def _cell(value: object) -> str:
    # one line per row, whatever a name holds; control characters shown escaped
    return printable(" ".join(str(value).split()))


def _fit(text: str, width: int) -> str:
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"
