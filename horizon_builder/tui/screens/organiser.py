"""The organiser's screen: every list in a folder judged against an event preset (OtH p.45-48).

The same table as ``horizon-builder check --event PRESET FOLDER`` (one judge for both:
:mod:`horizon_builder.event.batch`), sortable by any column, judged again whenever a file
in the folder or the preset changes on disk. Enter shows a list read-only, as printed,
with its verdict and findings; x writes the table (CSV, JSON or text by the file's suffix).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from horizon_builder.event import batch
from horizon_builder.problems import LoadError
from horizon_builder.rules.models import EventOptions
from horizon_builder.tui.plain import plain
from horizon_builder.tui.screens.base import MORE_CSS
from horizon_builder.tui.widgets.keys_footer import KeysFooter

#: How often the folder is looked at for changed files (seconds).
POLL_SECONDS = 1.5
#: Column widths (cells are cut with an ellipsis; Enter shows the whole list).
WIDTHS = {"file": 18, "name": 20, "commander": 12, "kind": 11, "fc": 6, "fp": 10,
          "verdict": 10, "errors": 6, "first_error": 60}


def folder_stamp(folder: Path, preset: Path) -> tuple[tuple[str, int, int], ...]:
    """What changes when any list or the preset is added, removed or edited."""
    out = []
    for path in [preset, *(folder.rglob("*.toml") if folder.is_dir() else [folder])]:
        try:
            info = path.stat()
        except OSError:
            continue
        out.append((str(path), info.st_mtime_ns, info.st_size))
    return tuple(sorted(out))


class OrganiserScreen(Screen[None]):
    """A folder of lists judged against a preset; live as files change."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
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
        self._stamp: tuple[tuple[str, int, int], ...] = ()
        self._sort: tuple[str, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="org-title")
        yield DataTable(id="org-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="org-summary")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, heading in zip(batch.COLUMNS, batch.HEADINGS, strict=True):
            table.add_column(heading, key=key, width=WIDTHS.get(key))
        self.query_one("#org-title", Static).update(Content.assemble(
            ("Organiser", "bold"), " · ", plain(str(self.folder)), " · preset ",
            plain(self.preset.name)))
        self._stamp = folder_stamp(self.folder, self.preset)
        self.action_rejudge()
        self.set_interval(POLL_SECONDS, self._poll)
        table.focus()

    def _poll(self) -> None:
        stamp = folder_stamp(self.folder, self.preset)
        if stamp != self._stamp:
            self._stamp = stamp
            self.action_rejudge()

    def action_rejudge(self) -> None:
        self._judge()

    @work(thread=True, exclusive=True)
    def _judge(self) -> None:
        try:
            event = batch.read_preset(self.preset)
        except LoadError as exc:
            self.app.call_from_thread(self._preset_broken, str(exc.problems[0]))
            return
        judged = batch.judge([self.folder], self.preset)
        self.app.call_from_thread(self._show, event, judged)

    def _preset_broken(self, problem: str) -> None:
        self.query_one("#org-summary", Static).update(
            Content.assemble(("The preset cannot be used: ", "$error"), plain(problem)))

    def _show(self, event: EventOptions, judged: list[tuple[batch.ListRow, dict[str, Any]]]) -> None:
        self.event = event
        self.rows = [row for row, _ in judged]
        self.results = [result for _, result in judged]
        table = self.query_one(DataTable)
        current = table.cursor_row
        table.clear()
        for row in self.rows:
            table.add_row(*(self._cell(row, key) for key in batch.COLUMNS), key=row.file)
        if self._sort is not None:
            table.sort(self._sort[0], key=_sort_key, reverse=self._sort[1])
        if self.rows:
            table.move_cursor(row=min(current, len(self.rows) - 1))
        legal = sum(r.legal for r in self.rows)
        bad = sum(not r.readable for r in self.rows)
        self.query_one("#org-summary", Static).update(Content.assemble(
            plain(f"{event.name or self.preset.stem}: FC {event.force_cost} · "
                  f"{len(self.rows)} lists · "), (f"{legal} legal", "$success"), " · ",
            (f"{len(self.rows) - legal - bad} not legal", "$error" if legal < len(self.rows)
             else ""), " · ", (f"{bad} unreadable", "$warning" if bad else ""),
            ("   Enter: view a list · click a column to sort · x: export", "dim")))
        self.judged += 1

    @staticmethod
    def _cell(row: batch.ListRow, key: str) -> Content:
        text = plain(str(getattr(row, key)))
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
        from horizon_builder.tui.dialogs.organiser import WriteFileDialog

        def chosen(path: Path | None) -> None:
            if path is None or self.event is None:
                return
            suffix = path.suffix.lower()
            text = (batch.table_csv(self.rows) if suffix == ".csv" else
                    batch.table_json(self.results) + "\n" if suffix == ".json" else
                    batch.table_text(self.rows, self.event, self.preset) + "\n")
            from horizon_builder.tui.paths import write_or_deliver

            self.notify(write_or_deliver(self.app, path, text, "the table"), timeout=3)

        self.app.push_screen(WriteFileDialog(
            "Export the table", ".csv, .json or anything else for text", "event-lists.csv"),
            chosen)

    def action_close(self) -> None:
        self.dismiss(None)


def _sort_key(value: object) -> tuple[int, object]:
    """Numbers sort as numbers ("13/15" by 13), words as words."""
    text = str(value)
    head = text.split("/", 1)[0]
    return (0, int(head)) if head.lstrip("-").isdigit() else (1, text.casefold())


class ListViewScreen(Screen[None]):
    """One list, read-only, as printed: elements, verdict and findings under the preset."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Back")]

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
        from horizon_builder.engine.validator import validate
        from horizon_builder.export import render
        from horizon_builder.roster.io import load

        view = self.query_one("#list-view", Static)
        try:
            loaded = load(self.path, event=self.preset)
        except LoadError as exc:
            view.update(plain("This list cannot be read:\n" + "\n".join(
                str(p) for p in exc.problems)))
            return
        text = render(validate(loaded.roster, loaded.ruleset), "text")
        view.update(Content("\n".join(plain(line).plain for line in text.splitlines())))
        self.query_one("#list-view-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
