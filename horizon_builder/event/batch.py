"""The organiser's batch check: every list of an event judged against its preset (OtH p.45-48).

``horizon-builder check --event PRESET PATH...`` (a PATH may be a folder, searched
for ``*.toml``). One row per list; an unreadable list is reported in its row and
the run goes on. Exit status: 0 all legal, 1 some illegal, 2 some unreadable.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from horizon_builder.engine.validator import Report, validate
from horizon_builder.export.check import json_report
from horizon_builder.problems import LoadError
from horizon_builder.roster.io import load
from horizon_builder.rosterfiles import named_files
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import EventOptions
from horizon_builder.safetext import printable
from horizon_builder.words import plural


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
        first_error=errors[0].message if errors else "", legal=report.legal)


def judge(paths: Sequence[str | Path], preset: Path, extra: Sequence[str | Path] = (),
          personal: bool | None = None) -> list[tuple[ListRow, dict[str, Any]]]:
    """Judge every list against the preset: a row and a ``check --format json`` object each
    (the organiser's own rulebook applies only if the preset says so, or ``personal``)."""
    out = []
    for path, shown in named_files(paths):
        try:
            loaded = load(path, extra_overrides=list(extra), event=preset, personal=personal)
        except LoadError as exc:
            problems = [str(p) for p in exc.problems]
            row = ListRow(file=shown, readable=False, first_error=problems[0] if problems else "")
            out.append((row, {"path": str(path), "legal": False, "load_errors": problems}))
            continue
        report = validate(loaded.roster, loaded.ruleset)
        out.append((row_for(shown, report), json_report(path, report)))
    return out


def read_preset(preset: Path) -> EventOptions:
    """The preset's event options; a preset must name its FC (LoadError otherwise)."""
    event = load_ruleset([preset]).event
    if event.force_cost is None:
        raise LoadError.single(preset, "an event preset must set [event] force_cost (the "
                               "tournament FC, OtH p.46)", key="event.force_cost")
    return event


def table_text(rows: Sequence[ListRow], event: EventOptions, preset: Path) -> str:
    """The organiser's table as plain text, with a heading naming the event and its rules."""
    cells = [[*HEADINGS]] + [[_cell(getattr(r, c)) for c in COLUMNS] for r in rows]
    widths = [min(max(len(row[i]) for row in cells), {0: 40, 8: 48}.get(i, 30))
              for i in range(len(COLUMNS))]
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
