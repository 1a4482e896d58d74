"""The element list of the home screen: one row per element, metaforms beneath it.

Rows are keyed by element id (a metaform row by ``"<id>#form<N>"``, N counted
from 1 like the validator's ``forms[N]`` fields), so the cursor stays on the
same element across edits, undo and reordering. A refresh only touches the
rows whose text changed, which keeps a 200-element roster quick.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Self

from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.renderables.styled import Styled
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets.data_table import ColumnKey, RowKey

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.textual_internals import DataTableHooks, SegmentLines
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
    from collections.abc import Mapping

    from horizon_builder.campaign.standing import ServiceRecord
    from horizon_builder.engine.validator import Report


class _Drawing(NamedTuple):
    """What all the lines of one drawing of the table share."""

    style: Style  # the widget's
    cursor_row: int
    hover_row: int
    look: tuple[object, ...]  # what else a line's look rests on besides its row


class ElementTable(Guarded, DataTableHooks):
    """Elements of the roster (cursor on whole rows; Enter or a second click edits)."""

    # Home/End: the first and the last element (a DataTable's own scroll sideways)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("home", "scroll_top", show=False),
                                             Binding("end", "scroll_bottom", show=False)]

    def __init__(self, **kwargs) -> None:
        # (before: DataTable clears its caches while it is made)
        self._segments_by_cell: dict[tuple[object, ...], SegmentLines] = {}
        self._strips_by_line: dict[tuple[object, ...], Strip] = {}
        self._over_styles: dict[tuple[Style, int, int], Style] = {}
        self._holding_layout = self._layout_held = self._holding_rows = False
        self._virtual_before = Size(0, 0)
        self._drawing: _Drawing | None = None
        self._in_drawing = False
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self._rows: list[RowData] = []
        self._widths: tuple[int, int] | None = None
        self._report: Report | None = None
        self._rows_by_info: dict[int, tuple[object, str, tuple[object, ...], list[RowData]]] = {}
        self._cells_by_row: dict[RowData, list[Text]] = {}
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

    def _cells(self, row: RowData) -> list[Text]:
        """The cells of a row, made once per distinct content (a row's cells are never
        changed in place, so equal rows may share them)."""
        cells = self._cells_by_row.get(row)
        if cells is None:
            if len(self._cells_by_row) > 4 * len(self._rows) + 256:
                self._cells_by_row.clear()
            cells = self._cells_by_row[row] = self._make_cells(row)
        return cells

    def _make_cells(self, row: RowData) -> list[Text]:
        mark_style = {"✗": "bold red", "!": "bold yellow"}.get(row.mark, "")
        name_style = "bold" if row.chq else ("italic dim" if row.form else "")
        return [
            Text(row.mark, style=mark_style),
            Text(row.name, style=name_style, no_wrap=True, overflow="ellipsis"),
            Text(row.type, style="dim" if row.form else ""),
            Text(row.presence, justify="right"),
            Text(row.stats),
            Text(row.upgrades, style="dim" if row.form else "", no_wrap=True),
            Text(row.fc, justify="right", style="italic" if row.fc_provisional else ""),
        ] + ([Text(row.service, justify="right")] if self._records is not None else [])

    def show(self, report: Report,
             records: Mapping[str, ServiceRecord] | None = None) -> None:
        """Show a report's elements, touching only the rows that changed (``records``: each
        element's service record, a list opened from a campaign: shown in a column more).

        Table rows are keyed by element id (``RowData.key``): an element added, deleted or
        moved adds, removes or re-places its own rows only; the rows around it keep their
        cells (and their rendered cells, kept by content). The table is never rebuilt, which
        keeps an edit of a 200-element roster within a frame.
        """
        self._report = report
        if (records is None) != (self._records is None):  # the record's column comes or goes
            self._cells_by_row.clear()
            self.clear(columns=True)
        self._records = records
        widths = self._flexible_widths(report)
        resized = widths != self._widths
        self._widths = widths
        self._show_rows(self.build_rows(report), resized)

    def show_rows(self, rows: list[RowData], widths: tuple[int, int]) -> None:
        """Show rows made before (kept from the last run: see tui/roster/homeview.py)."""
        resized = widths != self._widths
        self._widths = widths
        self._show_rows(rows, resized)

    def _show_rows(self, rows: list[RowData], resized: bool) -> None:
        widths = self._widths
        assert widths is not None
        if not self.columns:
            self._rebuild(rows)
            return
        if resized:  # the name and upgrades columns trade width: cells change, rows stay
            self._set_column_widths(widths)
        selected = self.selected_key
        old = self._rows
        before_by_key = {row.key: row for row in old}
        column_keys = [key for key, _, _ in columns(self._records is not None)]
        changes: list[tuple[str, str, Text]] = []
        added: list[RowData] = []
        for row in rows:
            before = before_by_key.pop(row.key, None)
            if before is None:
                added.append(row)
            elif before is not row and before != row:
                for column_key, old_cell, new_cell in zip(column_keys, self._cells(before),
                                                          self._cells(row), strict=True):
                    if old_cell is not new_cell and old_cell != new_cell:
                        changes.append((row.key, column_key, new_cell))
        if before_by_key:  # (what is left: rows gone)
            # remove_row lays the screen out again at once; whether that is needed is
            # known when the new height is (see update_table_dimensions)
            self._holding_rows = True
            try:
                for key in before_by_key:
                    self.remove_row(key)
            finally:
                self._holding_rows = False
        for row in added:
            self.add_row(*self._cells(row), key=row.key)
        self._rows = rows
        if added or before_by_key or [r.key for r in old] != [r.key for r in rows]:
            self._place_rows(old, rows)
        self._update_cells(changes)
        self._restore_cursor(selected)

    def _place_rows(self, old: list[RowData], rows: list[RowData]) -> None:
        """Put the table's rows in the order of ``rows`` (DataTable adds rows at the end
        only), and draw again the lines from the first one whose row moved."""
        locations = self.row_locations  # (a str finds its RowKey: StringKey compares equal)
        for index, row in enumerate(rows):
            if locations.get(row.key) != index:
                locations[RowKey(row.key)] = index
        self.cells_changed()
        # only the visible lines whose row is another one now (a move: two lines; a row
        # added or removed: the lines from there down, and those left empty at the end)
        top = int(self.scroll_y)
        header = self.header_height if self.show_header else 0
        width = max(self.virtual_size.width, self.size.width)
        for index in range(top, min(max(len(rows), len(old)), top + self.size.height)):
            if index >= len(old) or index >= len(rows) or old[index].key != rows[index].key:
                self.refresh_table_region(Region(0, header + index, width, 1))  # (rows: 1 line)

    def render_table_cell(self, row_index: int, column_index: int, base_style: Style,
                          width: int, cursor: bool = False, hover: bool = False) -> SegmentLines:
        """A body cell's lines, rendered once per content, column width and highlight.

        DataTable keys its cell cache by position and drops it on every change, so an
        edit re-rendered every visible cell. Here a cell is rendered with its component
        styles only, and kept by its row's content; the row's base style (zebra stripe)
        and the position meta (for the mouse) are laid over it on the way out, which
        gives the very segments DataTable would (a style added later overrides only what
        it sets, so the layering order does not change the result)."""
        if (row_index < 0 or column_index < 0 or row_index >= len(self._rows)
                or self.fixed_rows or self.fixed_columns or row_index >= self.row_count):
            return super().render_table_cell(row_index, column_index, base_style, width, cursor, hover)
        row = self._rows[row_index]
        key = (row, column_index, width, cursor, hover, self.hover_cursor_shown, self.show_cursor,
               self.pseudo_class_state, self.cursor_foreground_priority,
               self.cursor_background_priority, self.cell_padding)
        lines = self._segments_by_cell.get(key)
        if lines is None:
            component_style, post_style = self.cell_styles(
                False, False, False, hover, cursor, self.show_cursor, self.hover_cursor_shown,
                self.cursor_foreground_priority == "css", self.cursor_background_priority == "css")
            options = self.app.console_options.update_dimensions(width, 1).update(no_wrap=True)
            cell = self._cells(row)[column_index]
            lines = self.app.console.render_lines(
                Styled(Padding(cell, (0, self.cell_padding)), pre_style=component_style,
                       post_style=post_style), options)
            if len(self._segments_by_cell) > 20_000:
                self._segments_by_cell.clear()
            self._segments_by_cell[key] = lines
        meta_key = (base_style, row_index, column_index)
        over = self._over_styles.get(meta_key)
        if over is None:  # (one Style per place, so Rich's cache of sums serves the segments)
            if len(self._over_styles) > 20_000:
                self._over_styles.clear()
            over = self._over_styles[meta_key] = base_style + Style.from_meta(
                {"row": row_index, "column": column_index})
        return [[Segment(text, over + style if style is not None else over, control)
                 for text, style, control in line] for line in lines]

    def render_lines(self, crop: Region) -> list[Strip]:
        self._drawing, self._in_drawing = None, True  # (see _drawing_state)
        try:
            return super().render_lines(crop)
        finally:
            self._drawing, self._in_drawing = None, False

    def _drawing_state(self) -> _Drawing:
        """What every line of one drawing shares: the widget's style (DataTable works it out
        again for every line, walking the widget's ancestors), the cursor's and the mouse's
        rows, and what else a line's look rests on besides its row (sizes, cursor settings,
        pseudo-classes)."""
        state = self._drawing
        if state is None:
            look = (self.size.width, self._widths, self.hover_cursor_shown, self.show_cursor,
                    self.pseudo_class_state, self.cursor_foreground_priority,
                    self.cursor_background_priority, self.cell_padding)
            state = _Drawing(self.rich_style, self.cursor_coordinate.row,
                             self.hover_coordinate.row, look)
            if self._in_drawing:  # (else a line drawn on its own: nothing kept)
                self._drawing = state
        return state

    def render_line(self, y: int) -> Strip:
        """DataTable's, with what all the lines share worked out once per drawing."""
        if self.fixed_rows or self.cursor_type != "row" or self.fixed_columns:
            return super().render_line(y)
        scroll_x, scroll_y = self.scroll_offset
        if y >= (self.header_height if self.show_header else 0):
            y += scroll_y
        return self.render_table_line(y, scroll_x, scroll_x + self.size.width,
                                      self._drawing_state().style)

    def render_table_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """A body line, kept by its row's place and content and whether the cursor (or the
        mouse) is on it, and the header line: DataTable's own line cache is dropped by every
        change, so an edit of one row re-rendered every visible line."""
        if self.cursor_type != "row" or self.fixed_columns or self.fixed_rows:
            return super().render_table_line(y, x1, x2, base_style)
        try:
            row_key, line_no = self.row_and_line_at(y)
        except LookupError:
            return super().render_table_line(y, x1, x2, base_style)
        state = self._drawing_state()
        key: tuple[object, ...]
        if row_key is self.header_row_key:  # (its columns change only with a rebuild)
            hover = self.hover_coordinate if state.hover_row == -1 else None  # (mouse on it)
            key = ("header", line_no, x1, x2, state.cursor_row == -1, hover, base_style,
                   state.look)
        else:
            index = self.row_locations.get(row_key)
            if index is None or index >= len(self._rows):
                return super().render_table_line(y, x1, x2, base_style)
            key = (index, self._rows[index], line_no, x1, x2, state.cursor_row == index,
                   state.hover_row == index, base_style, state.look)
        strip = self._strips_by_line.get(key)
        if strip is None:
            strip = super().render_table_line(y, x1, x2, base_style)
            if len(self._strips_by_line) > 4_000:
                self._strips_by_line.clear()
            self._strips_by_line[key] = strip
        return strip

    # --- no relayout when nothing on screen changes size ---------------------------------
    def update_table_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        """A row added or removed changes the table's virtual height, which in Textual lays
        out the whole screen again (and so re-renders every widget on it). The table's own
        size is set by the screen (``height: 1fr``): when its columns keep their width and
        the vertical scrollbar stays as it was (shown, or not), the relayout is held back,
        and so is the repaint of the whole table: only the lines whose row changed are drawn
        again (:meth:`_place_rows`), and the scrollbar when its thumb moved."""
        self._virtual_before = self.virtual_size
        self._holding_layout = True
        try:
            super().update_table_dimensions(new_rows)
        finally:
            self._holding_layout = False
        if self._layout_held:
            self._layout_held = False
            if not self._scrollbar_kept():
                self.scrollbars_to(self.virtual_size)

    def _scrollbar_kept(self) -> bool:
        """Give the vertical scrollbar the table's new height without drawing it again when
        its thumb looks the same (a row more or less in 200 seldom moves it by an eighth of
        a line; Textual draws every line of the bar again on any change)."""
        if not self.show_vertical_scrollbar or self.show_horizontal_scrollbar:
            return False
        bar = self.vertical_scrollbar
        height = self.virtual_size.height
        window = self.container_size.height
        if not bar.size.height or bar.window_size != window:
            return False
        if self._thumb(bar, bar.window_virtual_size) != self._thumb(bar, height):
            return False
        bar.set_reactive(ScrollBar.window_virtual_size, height)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)
        return True

    @staticmethod
    def _thumb(bar: ScrollBar, virtual_height: int) -> list[Segment]:
        """The segments of a vertical scrollbar's thumb and track were its content that high
        (as ``ScrollBar`` draws it, colours aside)."""
        window = bar.window_size if bar.window_size < virtual_height else 0
        return bar.renderer.render_bar(size=bar.size.height, virtual_size=virtual_height,
                                       window_size=window, position=bar.position,
                                       thickness=bar.thickness, vertical=True).segments

    def _layout_unchanged(self) -> bool:
        before, after = self._virtual_before, self.virtual_size
        height = self.container_size.height
        return (self._size_fixed() and before.width == after.width
                and (before.height > height) == (after.height > height))

    def _size_fixed(self) -> bool:
        """The table's size is set by the screen, not by its rows."""
        styles = self.styles
        return (bool(self.size) and styles.height is not None and not styles.height.is_auto
                and styles.width is not None and not styles.width.is_auto)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if layout and not recompose and not regions and (
                (self._holding_layout and self._layout_unchanged())
                or (self._holding_rows and self._size_fixed())):
            # (rows added or removed: _place_rows draws again the lines whose row changed)
            self._layout_held = self._holding_layout
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._segments_by_cell.clear()
        self._over_styles.clear()
        self._strips_by_line.clear()

    def clear_table_caches(self) -> None:
        super().clear_table_caches()  # styles, theme, cursor or padding changed: render anew
        self._segments_by_cell.clear()
        self._strips_by_line.clear()

    def _update_cells(self, changes: list[tuple[str, str, Text]]) -> None:
        """``update_cell`` for many cells at once, with one refresh instead of one per cell.

        Column widths are fixed (set in :meth:`_rebuild`), so no cell needs measuring:
        this is exactly what ``update_cell(..., update_width=False)`` does, batched.
        """
        if not changes:
            return
        rows: set[int] = set()
        for row_key, column_key, value in changes:
            key = RowKey(row_key)
            self.table_data[key][ColumnKey(column_key)] = value
            rows.add(self.row_locations.get(key) or 0)
        self.cells_changed()
        if len(rows) > self.size.height:
            self.refresh()
        else:  # only the lines that changed are drawn again, not the whole table
            for index in sorted(rows):
                self.refresh_row(index)

    def _set_column_widths(self, widths: tuple[int, int]) -> None:
        """Give the flexible columns new widths in place (their sum is the same: the table's
        virtual width and every row stay; a rebuild would add every row again)."""
        name_width, upgrades_width = widths
        for key, width in (("name", name_width), ("upgrades", upgrades_width)):
            self.columns[ColumnKey(key)].width = width
        self.clear_table_caches()
        self.refresh()  # every line, the header's included, is drawn at the new widths
        self.dimensions_due()
        self.check_idle()

    def _rebuild(self, rows: list[RowData]) -> None:
        selected = self.selected_key
        self.clear(columns=True)
        name_width, upgrades_width = self._widths or self._flexible_widths()
        for key, title, width in columns(self._records is not None):
            if key == "name":
                width = name_width
            elif key == "upgrades":
                width = upgrades_width
            self.add_column(title, key=key, width=width)
        for row in rows:
            self.add_row(*self._cells(row), key=row.key)
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

    def select_key(self, key: str) -> bool:
        """Put the cursor on a row (an element id, or a form key); falls back to its element."""
        index = self.row_locations.get(key)
        if index is None:
            index = self.row_locations.get(split_key(key)[0])
        if index is None:
            return False
        if index != self.cursor_row:  # (already there: an edit's several views of it agree)
            self.move_cursor(row=index, animate=False)
        return True
