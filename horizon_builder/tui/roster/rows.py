"""The element list's rows as plain text: what each column of the home screen's table says.

No Textual here: the rows are worked out the same way for the table
(:mod:`horizon_builder.tui.roster.element_table`, which draws them) and for the view
of a first start worked out in a second process (:mod:`horizon_builder.tui.roster.firstview`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from horizon_builder.tui.roster.format import (
    MAIN_STATS,
    element_marks,
    stats_cells,
    type_label,
    upgrades_text,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

    from horizon_builder.campaign.standing import ServiceRecord
    from horizon_builder.engine.analysis import ElementInfo
    from horizon_builder.engine.validator import Report
    from horizon_builder.rules.models import Ruleset

#: The mark column's sign for an element's worst finding.
ICONS = {"error": "✗", "warning": "!", "info": ""}

FORM_SEPARATOR = "#form"

#: (key, title, fixed width or None for "share what is left")
COLUMNS: tuple[tuple[str, str, int | None], ...] = (
    ("mark", " ", 1),
    ("name", "Name", None),
    ("type", "Type", 12),
    ("p", "P", 2),
    ("stats", " ".join(f"{s:>2}" for s in MAIN_STATS), 11),
    ("upgrades", "Upgrades", None),
    ("fc", "FC", 4),
)
#: the column of a list opened from a campaign: each element's service record, battles
#: fought / times destroyed (issue 34: the campaign's own printouts say it in words)
SERVICE_COLUMN: tuple[str, str, int | None] = ("service", "Record", 6)


def columns(service: bool = False) -> tuple[tuple[str, str, int | None], ...]:
    """The table's columns (``service``: with each element's service record)."""
    return (*COLUMNS, SERVICE_COLUMN) if service else COLUMNS


def service_cell(records: Mapping[str, ServiceRecord] | None, element_id: str) -> str:
    """``3/1``: battles fought / times destroyed ("–": an element the campaign has not seen,
    added since it read the list; "": no campaign)."""
    if records is None:
        return ""
    record = records.get(element_id)
    return "–" if record is None else f"{record.battles}/{record.destroyed}"


def form_key(element_id: str, form_number: int) -> str:
    return f"{element_id}{FORM_SEPARATOR}{form_number}"


def split_key(key: str) -> tuple[str, int | None]:
    """Row key → (element id, form number from 1, or None for the element row)."""
    if FORM_SEPARATOR in key:
        element_id, number = key.rsplit(FORM_SEPARATOR, 1)
        return element_id, int(number)
    return key, None


def truncate(text: str, width: int) -> str:
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


@dataclass(frozen=True)
class RowData:
    """The plain content of one row; compared between refreshes to skip unchanged rows."""

    key: str
    mark: str
    name: str
    type: str
    presence: str
    stats: str
    upgrades: str
    fc: str
    chq: bool = False
    form: bool = False
    fc_provisional: bool = False
    service: str = ""  #: the service record's cell (a list opened from a campaign)


def flexible_widths(width: int, report: Report | None,
                    before: tuple[int, int] | None = None,
                    service: bool = False) -> tuple[int, int]:
    """Widths of the name and upgrades columns in a table ``width`` wide: names first,
    upgrades get the rest. With the same room as ``before``, the names column only grows
    (undoing a long name does not redraw the table twice); it fits the names again after
    a resize."""
    shown = columns(service)
    fixed = sum(w for _, _, w in shown if w is not None)
    padding = 2 * len(shown) + 2  # cell padding and scrollbar
    spare = max(24, width - fixed - padding)
    names: list[int] = []
    if report is not None:
        ruleset = report.analysis.ruleset
        for info in report.analysis.elements:
            names.append(len(info.element.name) + (2 if info.is_command else 0))
            names.extend(4 + len(form.name or type_label(ruleset, form.type))
                         for form in info.element.forms)
    wanted = -(-(max([12, *names]) + 1) // 6) * 6  # in steps of 6: fewer relayouts
    name = max(12, min(wanted, 36, spare - 10))
    if before is not None and sum(before) == spare:
        name = max(name, before[0])
    return name, spare - name


def element_rows(ruleset: Ruleset, info: ElementInfo, mark: str,
                 widths: tuple[int, int], leader: str = "CHQ", service: str = "") -> list[RowData]:
    """The row of one element and a row for each of its metaforms (``leader``: what the
    command element is called, "CHQ" or "Alpha"; ``service``: its service record's cell)."""
    name_width, upgrades_width = widths
    element = info.element
    tname = type_label(ruleset, element.type)
    name = ("★ " if info.is_command else "") + element.name
    rows = [RowData(
        key=element.id,
        mark=mark,
        name=truncate(name, name_width),
        type=truncate(tname + (f" {leader}" if info.is_command else ""), 12),
        presence=str(element.presence),
        stats=" ".join(f"{v:>2}" for v in stats_cells(info.base)),
        upgrades=truncate(upgrades_text(ruleset, info.base, info.type_upgrades, upgrades_width),
                          upgrades_width),
        fc=f"{info.fc}{'≈' if info.fc_provisional else ' '}",
        chq=info.is_command,
        fc_provisional=info.fc_provisional,
        service=service,
    )]
    for number, (form, line) in enumerate(zip(element.forms, info.forms, strict=False), start=1):
        label = form.name or type_label(ruleset, form.type)
        rows.append(RowData(
            key=form_key(element.id, number),
            mark="",
            name=truncate(f"  ↳ {label}", name_width),
            type=truncate(type_label(ruleset, form.type), 12),
            presence=str(form.presence),
            stats=" ".join(f"{v:>2}" for v in stats_cells(line)),
            upgrades=truncate(upgrades_text(ruleset, line, width=upgrades_width), upgrades_width),
            fc="",
            form=True,
        ))
    return rows


def element_mark(marks: dict[str, str], element_id: str) -> str:
    """The mark column's sign for an element, from :func:`element_marks`."""
    return ICONS.get(marks.get(element_id, ""), "")


def report_rows(report: Report, widths: tuple[int, int]) -> list[RowData]:
    """Every row of a report's elements, in order (the table keeps the rows of elements
    that did not change instead: :meth:`ElementTable.build_rows`)."""
    ruleset = report.analysis.ruleset
    marks = element_marks(report.all_findings)
    leader = command_leader(report)
    return [row for info in report.analysis.elements
            for row in element_rows(ruleset, info, element_mark(marks, info.element.id), widths,
                                    leader)]


def command_leader(report: Report) -> str:
    """What the command element is called: "CHQ", or "Alpha" (OtH p.32)."""
    option = report.analysis.command_option
    return option.leader if option is not None else "CHQ"
