"""The Open dialog's library: a folder's rosters with name, kind, FC, verdict and date,
filtered as you type; Enter opens one, ``n`` (or the button) duplicates it as a new list.

The entries are read in a thread (each file loaded and judged as ``check`` does:
horizon_builder/userfiles/library.py), so a large folder never holds the dialog back.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, DataTable, Input, Label

from horizon_builder.tui.common.fuzzy import Finder
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.paths import display_path
from horizon_builder.tui.roster.rows import truncate
from horizon_builder.userfiles.library import LibraryEntry, read_library

COLUMNS = ("Name", "Kind", "FC", "Verdict", "Changed", "File")
#: below WIDE columns on the screen, the table's narrow form: no File column, a short date, the
#: name and verdict cut to what is left; the line under the table shows the roster whole
NARROW_COLUMNS = ("Name", "Kind", "FC", "Verdict", "Date")
WIDE = 100
NARROW_NAME = 18


class LibraryTable(Guarded, DataTable[Text | str]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "duplicate", "Duplicate as new list"),
    ]

    def action_duplicate(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, LibraryPane)), None)
        if pane is not None:
            pane.choose(as_copy=True)


class LibrarySearch(Guarded, Input):
    """The library's search: Down goes on to the results, as Enter does."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("down", "results", "Results", show=False)]

    def action_results(self) -> None:
        self.screen.query_one("#library-table", LibraryTable).focus()


class LibraryPane(Guarded, Vertical):
    """Every roster of one folder, searchable."""

    DEFAULT_CSS = """
    LibraryPane { height: 1fr; }
    LibraryPane #library-title { color: $text-muted; height: 1; text-wrap: nowrap;
                                 text-overflow: ellipsis; }
    LibraryPane #library-table { height: 1fr; min-height: 4; }
    LibraryPane #library-row { width: 1fr; height: auto; max-height: 2; background: $boost; }
    LibraryPane #library-buttons { height: auto; }
    LibraryPane #library-hint { width: 1fr; color: $text-muted; }
    """

    class Chosen(Message):
        """A roster chosen: to open it, or (``as_copy``) to start a new list from it."""

        def __init__(self, path: Path, as_copy: bool) -> None:
            super().__init__()
            self.path = path
            self.as_copy = as_copy

    def __init__(self, folder: Path, extra_overrides: tuple[str, ...] = (), *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.folder = folder
        self.extra_overrides = extra_overrides
        self.entries: list[LibraryEntry] = []  #: the folder's rosters, read
        self.shown: list[LibraryEntry] = []  #: those the search keeps, in the table's order

    def compose(self) -> ComposeResult:
        yield Label(self._title(), id="library-title", classes="pane-title")
        yield LibrarySearch(placeholder="search: name, file, kind or verdict",
                            id="library-search", compact=True)
        table = LibraryTable(id="library-table", cursor_type="row", zebra_stripes=True)
        table.add_columns(*self._columns())
        yield table
        # the highlighted roster whole, every column (the narrow form leaves some out or cut)
        yield Label("", id="library-row", markup=False)
        with Horizontal(id="library-buttons"):
            yield Label("Enter opens · n: a new list from it", id="library-hint")
            yield Button("Duplicate as new list", id="library-duplicate", compact=True)

    def _title(self, count: int | None = None) -> Text:
        shown = display_path(self.folder)
        counted = "reading…" if count is None else f"{count} roster{'s' if count != 1 else ''}"
        return Text(f"Library of {'this folder' if shown == '.' else shown} ({counted}; ctrl+l: "
                    "folders)")

    def on_mount(self) -> None:
        self.load(self.folder)

    def on_resize(self) -> None:
        """The form follows the screen's width (the narrow one's verdict, the room left)."""
        table = self.query_one("#library-table", LibraryTable)
        row = table.cursor_row
        self._show()
        table.move_cursor(row=row)

    def _columns(self) -> tuple[str, ...]:
        return NARROW_COLUMNS if self.app.size.width < WIDE else COLUMNS

    def load(self, folder: Path) -> None:
        """Show the rosters of ``folder`` (read again)."""
        self.folder = folder
        self.entries = []
        self._show()
        self.query_one("#library-title", Label).update(self._title())
        self._read(folder)

    @work(thread=True, exclusive=True, group="library")
    def _read(self, folder: Path) -> None:
        entries = read_library(folder, self.extra_overrides)
        self.app.call_from_thread(self._read_done, folder, entries)

    def _read_done(self, folder: Path, entries: list[LibraryEntry]) -> None:
        if folder != self.folder or not self.is_attached:
            return
        self.entries = entries
        self.query_one("#library-title", Label).update(self._title(len(entries)))
        self._show()

    @on(Input.Changed, "#library-search")
    def _search(self) -> None:
        self._show()

    def _show(self) -> None:
        finder = Finder(self.query_one("#library-search", Input).value)
        # fuzzy over the name and file name (as the palette matches), else whole words of the
        # kind and verdict ("not legal"); the best match first
        found = [(e, *finder.match(e.name, e.path.name, words=e.search_text())) for e in self.entries]
        if finder:
            found = sorted((m for m in found if m[1]), key=lambda m: -m[1])
        self.shown = [e for e, _score, _offsets in found]
        table = self.query_one("#library-table", LibraryTable)
        columns = self._columns()
        narrow = columns == NARROW_COLUMNS
        limit = NARROW_NAME if narrow else 32
        # the columns' widths set here, from every entry (not only those the search keeps: no
        # column jumps as you type), the narrow form's verdict cut to what the others leave (a
        # pad either side of each cell); set, not measured by the table once idle, so a form
        # made on a resize is drawn at its widths at once
        plain = ([truncate(e.name, limit) for e in self.entries], [e.kind for e in self.entries],
                 [e.cost for e in self.entries], [e.verdict for e in self.entries],
                 [e.short_date() if narrow else e.date for e in self.entries],
                 [e.path.name for e in self.entries])
        widths = [max([len(heading), *map(len, cells)]) for heading, cells in
                  zip(columns, plain[:len(columns)], strict=True)]
        if narrow:
            widths[3] = max(len(columns[3]), table.size.width - table.styles.scrollbar_size_vertical
                            - sum(w + 2 for i, w in enumerate(widths) if i != 3) - 2)
        table.clear(columns=True)
        for heading, width in zip(columns, widths, strict=True):
            table.add_column(heading, width=width)
        for entry, _score, offsets in found:
            style = "green" if entry.legal else "red" if entry.legal is False else "dim"
            label = finder.rich_label(truncate(entry.name, limit),
                                      [o for o in offsets if o < limit - 1
                                       or len(entry.name) <= limit],
                                      "bold" if entry.legal is not None else "dim")
            cells: list[Text | str] = [label, entry.kind, entry.cost,
                                       Text(truncate(entry.verdict, widths[3]), style=style),
                                       entry.short_date() if narrow else entry.date]
            if not narrow:
                cells.append(Text(entry.path.name, style="dim"))
            table.add_row(*cells)
        self._show_row()

    @on(DataTable.RowHighlighted, "#library-table")
    def _show_row(self) -> None:
        entry = self.highlighted
        row = self.query_one("#library-row", Label)
        row.update(Text.assemble((entry.name, "bold"), f" · {entry.path.name} · {entry.kind} · "
                                 f"FC {entry.cost} · {entry.verdict} · changed {entry.date}")
                   if entry is not None else "")

    @on(Input.Submitted, "#library-search")
    def _to_table(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in the search goes to the table, not to the dialog's default button
        self.query_one("#library-table", LibraryTable).focus()

    @on(DataTable.RowSelected, "#library-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.choose(as_copy=False)

    @on(Button.Pressed, "#library-duplicate")
    def _duplicate(self, event: Button.Pressed) -> None:
        event.stop()
        self.choose(as_copy=True)

    @property
    def highlighted(self) -> LibraryEntry | None:
        row = self.query_one("#library-table", LibraryTable).cursor_row
        return self.shown[row] if 0 <= row < len(self.shown) else None

    def choose(self, as_copy: bool) -> None:
        entry = self.highlighted
        if entry is None:
            self.app.notify("No roster chosen: the library is empty (or nothing matches)",
                            severity="warning", timeout=3)
        else:  # one that cannot be used shows its problems, as the folders' would
            self.post_message(self.Chosen(entry.path, as_copy))
