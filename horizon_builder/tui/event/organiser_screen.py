"""The organiser's screen: every list in a folder judged against an event preset (OtH p.45-48).

The same table as ``horizon-builder check --event PRESET FOLDER`` (one judge for both:
:mod:`horizon_builder.event.batch`), sortable by any column, judged again whenever a file
in the folder or the preset changes on disk. Enter shows a list read-only, as printed,
with its verdict and findings; x writes the table (CSV, JSON or text by the file's suffix).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Static

from horizon_builder.event import batch
from horizon_builder.export.check import json_report
from horizon_builder.files.problems import LoadError
from horizon_builder.roster.listfiles import find_lists
from horizon_builder.rules.models import EventOptions
from horizon_builder.text.words import plural
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.event.organiser_view import OrganiserView, WatchedTableView, file_stamp

#: The screen's columns in order: the narrow ones (verdict, errors, FC, FP) right after the
#: file, so that at 80 columns every list's verdict shows without scrolling sideways; the
#: first error takes the rest of the width. Cells are cut with an ellipsis; Enter shows
#: the whole list.
ORDER = ("file", "verdict", "errors", "fc", "fp", "commander", "name", "kind", "first_error")
WIDTHS = {"file": 16, "verdict": 10, "errors": 3, "fc": 5, "fp": 7, "commander": 12,
          "name": 18, "kind": 11}
#: Shorter headings for the narrow columns (the CLI and the exports keep the long ones).
SHORT_HEADINGS = {"errors": "Err", "fp": "FP/max"}
#: Dropped in this order while the first error would be narrower than MIN_ERROR.
DROPPED_FIRST = ("kind", "name", "commander")
MIN_ERROR = 24
#: Around each column (the table's cell padding) and beside the table (its scroll bar).
PADDING, SCROLLBAR = 2, 2


def layout(width: int) -> list[tuple[str, int]]:
    """The columns shown on a screen ``width`` cells wide, with their widths: every column
    while the first error keeps MIN_ERROR cells, else the wide text columns dropped."""
    keys = [k for k in ORDER if k != "first_error"]

    def room() -> int:
        return width - SCROLLBAR - sum(WIDTHS[k] + PADDING for k in keys) - PADDING

    for key in DROPPED_FIRST:
        if room() >= MIN_ERROR:
            break
        keys.remove(key)
    return [(k, WIDTHS[k]) for k in keys] + [("first_error", max(room(), 10))]


def folder_stamp(folder: Path, preset: Path) -> tuple[tuple[str, int, int], ...]:
    """What changes when any list or the preset is added, removed or edited."""
    paths = [preset, *(folder.rglob("*.toml") if folder.is_dir() else [folder])]
    return tuple(sorted((str(path), *stamp) for path in paths
                        if (stamp := file_stamp(path)) is not None))


class OrganiserScreen(WatchedTableView):
    """A folder of lists judged against a preset; live as files change."""

    TITLE_ID, TABLE_ID = "org-title", "org-table"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "export", "Export table"),
        Binding("f5", "rejudge", "Judge again"),
    ]

    def __init__(self, folder: Path, preset: Path) -> None:
        super().__init__()
        self.folder, self.preset = folder, preset
        self.rows: list[batch.ListRow] = []
        self.results: list[dict[str, Any]] = []
        self.event: EventOptions | None = None
        self.judged = 0  #: how many times the folder was judged (tests wait on it)
        self._sort: tuple[str, bool] | None = None
        self._layout: list[tuple[str, int]] = []

    def compose_below(self) -> ComposeResult:
        yield Static(id="org-summary")

    def set_up(self, table: DataTable[object]) -> None:
        self._lay_out()
        self.query_one("#org-title", Static).update(Content.assemble(
            ("Organiser", "bold"), " · ", plain(str(self.folder)), " · preset ",
            plain(self.preset.name)))

    def stamps(self) -> tuple[tuple[str, int, int], ...]:
        return folder_stamp(self.folder, self.preset)

    def reload(self) -> None:
        self.action_rejudge()

    def on_resize(self) -> None:
        if self._layout and layout(self.size.width) != self._layout:
            self._lay_out()
            self._fill()

    def _lay_out(self) -> None:
        """The columns for the screen's width (:func:`layout`)."""
        table = self.query_one(DataTable)
        self._layout = layout(self.size.width or 80)
        table.clear(columns=True)
        headings = dict(zip(batch.COLUMNS, batch.HEADINGS, strict=True))
        for key, width in self._layout:
            table.add_column(SHORT_HEADINGS.get(key, headings[key]), key=key, width=width)

    def action_rejudge(self) -> None:
        self._judge()

    @work(thread=True, exclusive=True)
    def _judge(self) -> None:
        try:
            event = batch.read_preset(self.preset)
        except LoadError as exc:
            self.app.call_from_thread(self._preset_broken, str(exc.problems[0]))
            return
        found = find_lists([self.folder])
        judged = batch.judge_files(found.lists, self.preset, as_json=json_report)
        self.app.call_from_thread(self._show, event, judged, len(found.skipped))

    def _preset_broken(self, problem: str) -> None:
        self.query_one("#org-summary", Static).update(
            Content.assemble(("The preset cannot be used: ", "$error"), plain(problem)))

    def _show(self, event: EventOptions, judged: list[tuple[batch.ListRow, dict[str, Any]]],
              skipped: int = 0) -> None:
        """The lists judged (``skipped``: the rules files among them, left out: said)."""
        self.event = event
        self.rows = [row for row, _ in judged]
        self.results = [result for _, result in judged]
        self._fill()
        self.judged += 1
        if not self.rows:  # said, as `check --event` says it (issue 23)
            self.query_one("#org-summary", Static).update(Content.assemble(
                ("No lists in this folder: ", "$warning"), plain(str(self.folder)),
                plain(" has no *.toml file other than rules files; add the "
                      "lists and they are judged as they arrive")))
            return
        legal = sum(r.legal for r in self.rows)
        bad = sum(not r.readable for r in self.rows)
        self.query_one("#org-summary", Static).update(Content.assemble(
            plain(f"{event.name or self.preset.stem}: FC {event.force_cost} · "
                  f"{plural(len(self.rows), 'list')} · "), (f"{legal} legal", "$success"), " · ",
            (f"{len(self.rows) - legal - bad} not legal", "$error" if legal < len(self.rows)
             else ""), " · ", (f"{bad} unreadable", "$warning" if bad else ""),
            (f" · {plural(skipped, 'rules file')} (not lists)" if skipped else "", "dim"),
            ("   Enter: view a list · click a column to sort · x: export", "dim")))

    def _fill(self) -> None:
        """The rows, in the columns shown, sorted as chosen, the cursor kept."""
        table = self.query_one(DataTable)
        current = table.cursor_row
        table.clear()
        for row in self.rows:
            table.add_row(*(self._cell(row, key, width) for key, width in self._layout),
                          key=row.file)
        if self._sort is not None and self._sort[0] in table.columns:
            table.sort(self._sort[0], key=_sort_key, reverse=self._sort[1])
        if self.rows:
            table.move_cursor(row=min(current, len(self.rows) - 1))

    @staticmethod
    def _cell(row: batch.ListRow, key: str, width: int) -> Content:
        value = str(getattr(row, key))
        if key == "file" and len(value) > width:  # the end tells alike names apart
            value = value.removesuffix(".toml")
        if key == "file" and len(value) > width:
            value = value[: (width - 1) // 2] + "…" + value[-(width - (width - 1) // 2 - 1):]
        text = plain(value)
        if key == "verdict":
            return text.stylize("bold $success" if row.legal else "bold $error")
        return text

    @on(DataTable.HeaderSelected)
    def _sort_by(self, event: DataTable.HeaderSelected) -> None:
        column = str(event.column_key.value)
        reverse = self._sort is not None and self._sort == (column, False)
        self._sort = (column, reverse)
        event.data_table.sort(column, key=_sort_key, reverse=reverse)

    @on(DataTable.RowSelected)
    def _open(self, event: DataTable.RowSelected) -> None:
        file = str(event.row_key.value)
        index = next(i for i, r in enumerate(self.rows) if r.file == file)
        self.app.push_screen(ListViewScreen(Path(self.results[index]["path"]), self.preset))

    def action_export(self) -> None:
        def table(path: Path) -> str | None:
            if self.event is None:
                return None
            suffix = path.suffix.lower()
            return (batch.table_csv(self.rows) if suffix == ".csv" else
                    batch.table_json(self.results) + "\n" if suffix == ".json" else
                    batch.table_text(self.rows, self.event, self.preset) + "\n")

        self.write_file("the table", "Export the table", ".csv, .json or anything else for text",
                        "event-lists.csv", table)


def _sort_key(value: object) -> tuple[int, object]:
    """Numbers sort as numbers ("13/15" by 13), words as words."""
    text = str(value)
    head = text.split("/", 1)[0]
    # ASCII digits only, and few (a name such as "²" or of 5,000 digits is a word to sort)
    return (0, int(head)) if _NUMBER.fullmatch(head) else (1, text.casefold())


_NUMBER = re.compile(r"-?[0-9]{1,18}")


class ListViewScreen(OrganiserView):
    """One list, read-only, as printed: elements, verdict and findings under the preset."""

    def __init__(self, path: Path, preset: Path) -> None:
        super().__init__()
        self.path, self.preset = path, preset

    def compose(self) -> ComposeResult:
        yield Static(plain(f"{self.path} (read-only) · judged by {self.preset.name}"),
                     id="list-view-title")
        with VerticalScroll(id="list-view-scroll"):
            yield Static(id="list-view")
        yield KeysFooter()

    def on_mount(self) -> None:
        from horizon_builder.checks import validate
        from horizon_builder.export import render
        from horizon_builder.roster.io import load

        view = self.query_one("#list-view", Static)
        try:
            loaded = load(self.path, event=self.preset)
        except LoadError as exc:  # each problem on its own lines (never a "\n" shown)
            view.update(_lines("\n".join(["This list cannot be read:",
                                          *(str(p) for p in exc.problems)])))
            return
        view.update(_lines(render(validate(loaded.roster, loaded.ruleset), "text")))
        self.query_one("#list-view-scroll").focus()


def _lines(text: str) -> Content:
    """Text from files, line by line: each line plain (its controls escaped), the line breaks
    kept."""
    return Content("\n".join(plain(line).plain for line in text.splitlines()))
