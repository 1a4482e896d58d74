"""The element list of the home screen: one row per element, metaforms beneath it.

Rows are keyed by element id (a metaform row by ``"<id>#form<N>"``, N counted
from 1 like the validator's ``forms[N]`` fields), so the cursor stays on the
same element across edits, undo and reordering. A refresh only touches the
rows whose text changed.

The table is Textual's DataTable on its public API only (issue 44). Each row is one
cell, its columns laid out in it as DataTable would lay out one cell a column: a
DataTable renders every cell through Rich on each change (its caches are dropped on
every update), and a line of one cell renders five times quicker than one of eight,
which keeps an edit within a frame at any roster's size (docs/perf/issue-44-table.md).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Self

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.widgets import DataTable
from textual.widgets.data_table import RowDoesNotExist

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.roster.format import element_marks
from horizon_builder.tui.roster.rows import (
    RowData,
    columns,
    command_leader,
    element_mark,
    element_rows,
    flexible_widths,
    service_cell,
    split_key,
)

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from horizon_builder.campaign.standing import ServiceRecord
    from horizon_builder.engine.validator import Report

#: the one column's key
LINE = "line"
#: between two columns: the right padding of one and the left of the next (DataTable's
#: cell padding, 1, on each side of a cell)
GAP = "  "


class KeyedLine(Text):
    """A row's line, which knows its row's key: ``DataTable.sort`` hands its key function
    a row's cells only, and this says where the row goes."""

    def __init__(self, row_key: str) -> None:
        super().__init__(no_wrap=True, overflow="crop")
        self.row_key = row_key


def cell(text: str, width: int, style: str = "", right: bool = False,
         ellipsis: bool = False) -> Text:
    """One column's part of a line, ``width`` cells wide: cut (with an ellipsis where it
    says so) or padded, on the right or (``right``) on the left, as DataTable draws a cell
    (which drops the spaces a right-justified text ends with)."""
    part = Text(no_wrap=True)
    part.append(text.rstrip() if right else text, style or None)
    part.truncate(width, overflow="ellipsis" if ellipsis else "crop")
    room = width - part.cell_len
    if room > 0:
        if right:
            part.pad_left(room)
        else:
            part.pad_right(room)
    return part


def laid_out(line: Text, parts: list[Text]) -> Text:
    """``parts`` in ``line``, a gap between two."""
    for index, part in enumerate(parts):
        if index:
            line.append(GAP)
        line.append_text(part)
    return line


class ElementTable(Guarded, DataTable[Text]):
    """Elements of the roster (cursor on whole rows; Enter or a second click edits)."""

    # Home/End: the first and the last element (a DataTable's own scroll sideways)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("home", "scroll_top", show=False),
                                             Binding("end", "scroll_bottom", show=False)]
    #: repaint only the lines a change touched (else DataTable repaints the whole table)
    CHANGED_LINES_ONLY: ClassVar[bool] = True

    def __init__(self, **kwargs: Any) -> None:
        self._lines_only = self._lines_only_used = False  #: a change repaints its lines only
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self._rows: list[RowData] = []
        self._widths: tuple[int, int] | None = None
        self._report: Report | None = None
        self._rows_by_info: dict[int, tuple[object, str, tuple[object, ...], list[RowData]]] = {}
        self._lines_by_row: dict[RowData, Text] = {}
        #: each element's service record, by id (a list opened from a campaign): a column more
        self._records: Mapping[str, ServiceRecord] | None = None

    # --- content ---------------------------------------------------------------
    def _flexible_widths(self, report: Report | None = None) -> tuple[int, int]:
        """Widths of the name and upgrades columns (:func:`~.rows.flexible_widths`)."""
        return flexible_widths(self.available_width, report or self._report, self._widths,
                               service=self._records is not None)

    @property
    def available_width(self) -> int:
        """The width the table has for its columns (before it is laid out: the app's)."""
        return self.size.width or (self.app.size.width - 2)

    def build_rows(self, report: Report) -> list[RowData]:
        analysis = report.analysis
        ruleset = analysis.ruleset
        marks = element_marks(report.all_findings)
        widths = self._widths or self._flexible_widths()
        leader = command_leader(report)
        # An element's info is the same object across edits while the element and its
        # context are (see engine.analysis): its rows are made again only when it changed.
        before = self._rows_by_info
        kept: dict[int, tuple[object, str, tuple[object, ...], list[RowData]]] = {}
        rows: list[RowData] = []
        for info in analysis.elements:
            mark = element_mark(marks, info.element.id)
            service = service_cell(self._records, info.element.id)
            hit = before.get(id(info))
            if hit is not None and hit[0] is info and hit[1] == mark and \
                    hit[2] == (widths, leader, service):
                made = hit[3]
            else:
                made = element_rows(ruleset, info, mark, widths, leader, service)
            kept[id(info)] = (info, mark, (widths, leader, service), made)
            rows.extend(made)
        self._rows_by_info = kept
        return rows

    def _widths_of(self) -> list[int]:
        """Each column's width."""
        name_width, upgrades_width = self._widths or self._flexible_widths()
        flexible = {"name": name_width, "upgrades": upgrades_width}
        return [width if width is not None else flexible[key]
                for key, _, width in columns(self._records is not None)]

    def _line(self, row: RowData) -> Text:
        """A row's line, made once per distinct content (a line is never changed in place,
        so equal rows may share it)."""
        line = self._lines_by_row.get(row)
        if line is None:
            if len(self._lines_by_row) > 4 * len(self._rows) + 256:
                self._lines_by_row.clear()
            line = self._lines_by_row[row] = self._make_line(row)
        return line

    def _make_line(self, row: RowData) -> Text:
        mark, name, kind, presence, stats, upgrades, fc, *service = self._widths_of()
        mark_style = {"✗": "bold red", "!": "bold yellow"}.get(row.mark, "")
        name_style = "bold" if row.chq else ("italic dim" if row.form else "")
        form_style = "dim" if row.form else ""
        return laid_out(KeyedLine(row.key), [
            cell(row.mark, mark, mark_style),
            cell(row.name, name, name_style, ellipsis=True),
            cell(row.type, kind, form_style),
            cell(row.presence, presence, right=True),
            cell(row.stats, stats),
            cell(row.upgrades, upgrades, form_style),
            cell(row.fc, fc, "italic" if row.fc_provisional else "", right=True),
            *(cell(row.service, width, right=True) for width in service),
        ])

    def _header(self) -> Text:
        """The column titles, laid out as the rows are."""
        titles = [title for _, title, _ in columns(self._records is not None)]
        return laid_out(Text(no_wrap=True), [cell(title, width) for title, width
                                             in zip(titles, self._widths_of(), strict=True)])

    def show(self, report: Report,
             records: Mapping[str, ServiceRecord] | None = None) -> None:
        """Show a report's elements, touching only the rows that changed (``records``: each
        element's service record, a list opened from a campaign: shown in a column more).

        Table rows are keyed by element id (``RowData.key``): an element added, deleted or
        moved adds, removes or re-places its own rows only; the rows around it are kept.
        The table is rebuilt only when its columns change (the service column comes
        or goes, the name column widens or the screen is resized).
        """
        self._report = report
        service_changed = (records is None) != (self._records is None)
        self._records = records
        widths = self._flexible_widths(report)
        resized = widths != self._widths or service_changed
        self._widths = widths
        self._show_rows(self.build_rows(report), resized)

    def show_rows(self, rows: list[RowData], widths: tuple[int, int]) -> None:
        """Show rows made before (kept from the last run: see tui/roster/homeview.py)."""
        resized = widths != self._widths
        self._widths = widths
        self._show_rows(rows, resized)

    def _show_rows(self, rows: list[RowData], resized: bool) -> None:
        if resized or not self.columns:
            self._rebuild(rows)
            return
        selected = self.selected_key
        old = self._rows
        before_by_key = {row.key: row for row in old}
        added: list[RowData] = []
        changed: list[int] = []
        with self._changed_lines_only():
            for index, row in enumerate(rows):
                before = before_by_key.pop(row.key, None)
                if before is None:
                    added.append(row)
                elif before is not row and before != row:
                    changed.append(index)
                    self.update_cell(row.key, LINE, self._line(row))
            for key in before_by_key:  # (what is left: rows gone)
                self.remove_row(key)
            for row in added:  # (DataTable adds at the end: put in place below)
                self.add_row(self._line(row), key=row.key)
            self._rows = rows
            kept = [row.key for row in old if row.key not in before_by_key]
            if [*kept, *(row.key for row in added)] != [row.key for row in rows]:
                self._place_rows(rows)
            if (added or before_by_key) and self._size_fixed():
                # the new height, as DataTable works it out when next idle (rows one line
                # high), given now: the screen is laid out, the table is not repainted
                header = self.header_height if self.show_header else 0
                self.virtual_size = Size(self.virtual_size.width, len(rows) + header)
        if self._lines_only_used:
            self._repaint_lines(old, rows, changed)
        self._restore_cursor(selected)

    @contextmanager
    def _changed_lines_only(self) -> Iterator[None]:
        """DataTable repaints the whole table on each cell updated, row added or removed
        and sort; within this, those repaints are left to :meth:`_repaint_lines`."""
        self._lines_only = self._lines_only_used = self.CHANGED_LINES_ONLY and self.is_mounted
        try:
            yield
        finally:
            self._lines_only = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self._lines_only and not regions and repaint and not recompose:
            # a change's own repaint (see _repaint_lines); a new height still lays the
            # screen out, but keeps the lines the change did not touch
            return super().refresh(repaint=False, layout=True) if layout else self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _repaint_lines(self, old: list[RowData], rows: list[RowData], changed: list[int]) -> None:
        """Repaint the visible lines a change touched: rows whose line changed, lines that
        show another row than before (rows added, removed or moved) and lines left empty."""
        header = self.header_height if self.show_header else 0
        top = int(self.scroll_y)
        height = self.size.height - header
        lines = {index for index in changed if top <= index < top + height}
        for index in range(top, min(max(len(rows), len(old)), top + height)):
            if index >= len(old) or index >= len(rows) or old[index].key != rows[index].key:
                lines.add(index)
        width = self.size.width
        for index in sorted(lines):  # (a row is one line high)
            self.refresh(Region(0, header + index - top, width, 1))

    def _size_fixed(self) -> bool:
        """The table's size is set by the screen (``height: 1fr``), not by its rows: a row
        more or fewer moves nothing else on screen."""
        height, width = self.styles.height, self.styles.width
        return bool(self.size) and height is not None and not height.is_auto and \
            width is not None and not width.is_auto

    def _place_rows(self, rows: list[RowData]) -> None:
        """Put the table's rows in the order of ``rows``: its first cell knows its row."""
        place = {row.key: index for index, row in enumerate(rows)}

        def where(cells: tuple[Text, ...]) -> int:
            line = cells[0]
            return place[line.row_key] if isinstance(line, KeyedLine) else len(place)

        self.sort(key=where)

    def _rebuild(self, rows: list[RowData]) -> None:
        selected = self.selected_key
        self._lines_by_row.clear()
        self.clear(columns=True)
        widths = self._widths_of()
        self.add_column(self._header(), key=LINE, width=sum(widths) + len(GAP) * (len(widths) - 1))
        for row in rows:
            self.add_row(self._line(row), key=row.key)
        self._rows = rows
        self._restore_cursor(selected)

    def _restore_cursor(self, selected: str | None) -> None:
        """Keep the cursor on the element it was on (or at the same place if it is gone)."""
        if not self._rows:
            return
        if selected is None or not self.select_key(selected):
            index = min(max(self.cursor_row, 0), len(self._rows) - 1)
            if index != self.cursor_row:
                self.move_cursor(row=index, animate=False)

    def on_resize(self) -> None:
        if self._report is not None and self._flexible_widths() != self._widths:
            self.show(self._report, self._records)

    @property
    def rows_shown(self) -> list[RowData]:
        return list(self._rows)

    @property
    def widths(self) -> tuple[int, int]:
        """The widths of the name and upgrades columns."""
        return self._widths or self._flexible_widths()

    # --- cursor ----------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        if not self._rows or self.row_count == 0:
            return None
        index = min(max(self.cursor_row, 0), self.row_count - 1)
        return self._rows[index].key if index < len(self._rows) else None

    @property
    def selected_element_id(self) -> str | None:
        key = self.selected_key
        return None if key is None else split_key(key)[0]

    def row_index(self, key: str) -> int | None:
        """The place of a row (an element id, or a form key) in the table, if it is there."""
        try:
            return self.get_row_index(key)
        except RowDoesNotExist:
            return None

    def select_key(self, key: str) -> bool:
        """Put the cursor on a row (an element id, or a form key); falls back to its element."""
        index = self.row_index(key)
        if index is None:
            index = self.row_index(split_key(key)[0])
        if index is None:
            return False
        if index != self.cursor_row:  # (already there: an edit's several views of it agree)
            self.move_cursor(row=index, animate=False)
        return True
