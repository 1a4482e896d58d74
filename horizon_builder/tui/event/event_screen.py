"""The event screen: standings and rounds of an event file; pair, enter or correct results,
accept or refuse a changed list, drop a commander, export (OtH p.45-48). Every change goes
through the event session (:mod:`horizon_builder.event.session`), as the CLI's do: written
to the event file at once, refused with a message when another writer changed the file
since it was read, and u takes the last one back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Static

from horizon_builder.event.errors import EventError
from horizon_builder.event.io import LoadedEvent
from horizon_builder.event.names import shown
from horizon_builder.event.report import (
    battle_text,
    columns,
    correction_lines,
    render,
    standing_rows,
    standing_tables,
)
from horizon_builder.event.session import Change, EventSession
from horizon_builder.text.words import plural
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.tables import highlighted_key
from horizon_builder.tui.event.organiser_view import WatchedTableView, file_stamp

if TYPE_CHECKING:
    from horizon_builder.event.models import Result
    from horizon_builder.tui.event.result_dialog import ResultEntry

#: export formats by file suffix
SUFFIX_FORMATS = {".md": "markdown", ".html": "html", ".htm": "html", ".csv": "csv"}


class EventScreen(WatchedTableView):
    """Standings, then each round's battles; p pairs, r enters a result, x exports."""

    TITLE_ID, TABLE_ID = "event-title", "event-standings"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pair", "Pair", tooltip="Pair the next round"),
        Binding("r", "result", "Result", tooltip="Enter or correct a result of the last round"),
        Binding("u,ctrl+z", "undo", "Undo", key_display="u",
                tooltip="Take back the last change made here (a pairing, a result...)"),
        Binding("x", "export", "Export", tooltip="Export the standings"),
        Binding("s", "slips", "Slips", tooltip="Write the last round's pairing slips to "
                "print (.html: a page for the browser)"),
        Binding("h", "sheet", "Sheet", tooltip="Write the last round's results sheet to "
                "print (.html: a page for the browser)"),
        Binding("a", "accept", "Accept", tooltip="Accept the selected commander's "
                "list changed since registration (judged again and pinned anew)"),
        Binding("f", "refuse", "Refuse", tooltip="Refuse the selected commander's list "
                "change: the registered list stands (asks whether to write it back)"),
        Binding("d", "drop", "Drop", tooltip="The selected commander drops out"),
        Binding("j", "join", "Join", tooltip="A late entrant joins with a Task Force "
                "file (judged and pinned; paired from the next round)"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        #: the event being run (None until the file could be read)
        self.session: EventSession | None = None

    @property
    def loaded(self) -> LoadedEvent | None:
        """The event file as read (or last written), with its lists."""
        return self.session.loaded if self.session is not None else None

    def compose_below(self) -> ComposeResult:
        with VerticalScroll(id="event-rounds-box"):
            yield Static(id="event-rounds")
        yield Static(id="event-problem")

    def set_up(self, table: DataTable[object]) -> None:
        self._columns(table, columns("swiss"))  # until the event is read

    @staticmethod
    def _columns(table: DataTable[object], headings: tuple[str, ...]) -> None:
        """The standings' columns (:func:`columns`: a Side only in the campaign format),
        laid out again only when they differ."""
        if tuple(str(key.value) for key in table.columns) != headings:
            table.clear(columns=True)
            for heading in headings:
                table.add_column(heading, key=heading)

    def stamps(self) -> tuple[tuple[int, int] | None, ...]:
        """The event file and each list file: a list saved into the folder (a player's change)
        or the event file written from the command line is read again, so the screen names
        it at once."""
        paths = [self.path]
        if self.loaded is not None:
            paths += [self.loaded.list_path(c.name) for c in self.loaded.event.commanders]
        return tuple(file_stamp(path) for path in paths)

    def reload(self) -> None:
        problem = self.query_one("#event-problem", Static)
        self._stamp = self.stamps()
        try:
            if self.session is None:
                self.session = EventSession.open(self.path)
                self.session.subscribe(self._changed)
                self._changed(None)
            else:
                self.session.reload()  # shown by _changed
        except EventError as exc:
            problem.update(Content.assemble(("The event file cannot be used:\n", "$error"),
                                            plain("\n".join(exc.lines()))))

    def _changed(self, _change: Change | None) -> None:
        """The event changed (here, or read again): show it as it is now."""
        if self.loaded is not None:
            self._stamp = self.stamps()
            self._show(self.loaded)

    def _show(self, loaded: LoadedEvent) -> None:
        event = loaded.event
        self.query_one("#event-title", Static).update(Content.assemble(
            (plain(event.name).plain, "bold"), plain(
                f" · {plural(len(event.commanders), 'commander')} · {event.pairing} · preset "
                f"{loaded.preset.name} · " + self._progress(loaded))))
        table = self.query_one(DataTable)
        was = self.selected()
        headings = columns(event.pairing)
        self._columns(table, headings)
        table.clear()
        for (title, rows), (_, standings) in zip(standing_rows(loaded),
                                                 standing_tables(loaded), strict=True):
            if title != "Overall":
                table.add_row(Text(title, style="bold"), *[Text("")] * (len(headings) - 1))
            for cells, row in zip(rows, standings, strict=True):
                key = row.name if title == "Overall" else None
                # rich Text, which the table measures: its columns widen to the cells
                table.add_row(*(Text(c) for c in cells), key=key)
        if was is not None and event.commander(was) is not None:
            table.move_cursor(row=table.get_row_index(was))
        lines: list[Content] = []
        for number, round_ in enumerate(event.rounds, start=1):
            state = "" if round_.done else "  (results to come: r)"
            lines.append(Content.assemble((f"Round {number}", "bold"), (state, "$warning")))
            lines += [plain("  " + battle_text(b, loaded.bye)) for b in round_.battles]
        if event.corrections:
            lines.append(Content.styled("Corrections", "bold"))
            lines += [plain("  " + line) for line in correction_lines(loaded)]
        if not event.rounds:
            lines.append(Content.styled("No round yet: p pairs round 1 (random, from the seed).",
                                        "dim"))
        self.query_one("#event-rounds", Static).update(Content("\n").join(lines))
        notes = self.session.notes() if self.session is not None else []
        self.query_one("#event-problem", Static).update(Content("\n").join(
            [Content.styled("Warning: ", "$warning") + plain(n) for n in notes]
            + ([Content.styled("a accepts or f refuses the selected commander's changed list "
                               "(f on a refused one offers to write the registered list back).",
                               "dim")] if loaded.changed() or loaded.unreadable else [])))

    @staticmethod
    def _progress(loaded: LoadedEvent) -> str:
        paired, last = len(loaded.event.rounds), loaded.last_round
        if not paired:
            return "no round paired"
        if last and paired >= last and loaded.event.rounds[-1].done:
            return f"all {plural(last, 'round')} played: final standings"
        return f"round {paired} of {last}" if last else f"{plural(paired, 'round')} paired"

    def _apply(self, change: Callable[[EventSession], Change]) -> bool:
        """Make a change through the event session; what it did is said, and so is why it
        could not be made (nothing written then)."""
        if self.session is None:
            return False
        try:
            made = change(self.session)
        except EventError as exc:
            self.notify("\n".join(exc.lines()), severity="error", timeout=8, markup=False)
            return False
        self.notify(made.said + (" (u takes it back)" if made.undoable else ""), timeout=3,
                    markup=False)
        return True

    def selected(self) -> str | None:
        """The commander on the standings' highlighted row."""
        return highlighted_key(self.query_one(DataTable))

    def action_pair(self) -> None:
        self._apply(lambda session: session.pair())

    def action_undo(self) -> None:
        if self.session is None or not self.session.can_undo:
            self.notify("Nothing to undo.", timeout=3)
            return
        self._apply(lambda session: session.undo())

    def action_accept(self) -> None:
        from horizon_builder.tui.common.dialogs import ConfirmDialog

        session, name = self.session, self.selected()
        if session is None or name is None or name not in session.loaded.changed():
            self.notify("Select a commander whose list changed since registration.", timeout=4)
            return
        try:
            judged = session.judge_change(name)
        except EventError as exc:
            self.notify("\n".join(exc.lines()), severity="error", timeout=8, markup=False)
            return
        if judged.first_error is None:
            self._apply(lambda session: session.accept(name, judged=judged))
            return

        def admit(yes: bool | None) -> None:
            if yes:
                self._apply(lambda session: session.accept(name, admit=True, judged=judged))

        self.app.push_screen(ConfirmDialog(
            "Admit a list that is not legal?", f"{shown(name)}'s changed list is NOT LEGAL: "
            f"{judged.first_error}\nAdmit it anyway (recorded in the event file)?",
            "Admit", danger=True), admit)

    def action_refuse(self) -> None:
        """Refuse the selected commander's changed list (undoable), then ask whether to write
        the registered list back over its file (never without asking)."""
        session, name = self.session, self.selected()
        if session is None or name is None:
            return
        commander = session.event.commander(name)
        if not session.refused(name) and name not in session.loaded.unreadable \
                and not self._apply(lambda session: session.refuse(name)):
            return
        if commander is not None and commander.registered is not None:
            self._ask_restore(name)

    def _ask_restore(self, name: str) -> None:
        from horizon_builder.tui.common.dialogs import ConfirmDialog

        loaded = self.loaded
        if loaded is None:
            return
        target = loaded.list_path(name)

        def restore(yes: bool | None) -> None:
            if yes:
                self._apply(lambda session: session.restore(name))

        self.app.push_screen(ConfirmDialog(
            "Write the registered list back?", f"Write {shown(name)}'s registered list back "
            f"over {target}?\nThe file as it is now is kept as {target.name}.bak. Until then "
            "the event goes on with the registered list.", "Write back", "Not now"), restore)

    def action_drop(self) -> None:
        from horizon_builder.tui.common.dialogs import ConfirmDialog

        name = self.selected()
        if self.session is None or name is None:
            return
        commander = self.session.event.commander(name)
        if commander is not None and commander.dropped:  # nothing to ask
            self.notify(f"{shown(name)} has already dropped out.", timeout=4, markup=False)
            return

        def drop(yes: bool | None) -> None:
            if yes:
                self._apply(lambda session: session.drop(name))

        self.app.push_screen(ConfirmDialog("Drop out?", f"{shown(name)} drops out of the event: no "
                                           "more pairings; the results entered are kept.",
                                           "Drop out"), drop)

    def action_result(self) -> None:
        from horizon_builder.tui.event.result_dialog import ResultDialog

        loaded = self.loaded
        if loaded is None or not loaded.event.rounds:
            self.notify("Pair a round first (p).", timeout=3)
            return

        def entered(entry: ResultEntry | None) -> None:
            if entry is None or self.session is None:
                return
            try:
                old = self.session.replaces(entry.commander, entry.victory_points,
                                            entry.tie_break, entry.destroyed, entry.number)
            except EventError as exc:
                self.notify("\n".join(exc.lines()), severity="error", timeout=8, markup=False)
                return
            if old is not None:
                self._confirm_correction(entry, old)
                return
            self._apply(lambda session: session.enter_result(
                entry.commander, entry.victory_points, entry.tie_break, entry.destroyed,
                entry.number))

        self.app.push_screen(ResultDialog(loaded), entered)

    def _confirm_correction(self, entry: ResultEntry, old: Result) -> None:
        """A result entered already is replaced only when the organiser confirms."""
        from horizon_builder.event.edits import describe
        from horizon_builder.tui.common.dialogs import ConfirmDialog

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._apply(lambda session: session.enter_result(
                    entry.commander, entry.victory_points, entry.tie_break, entry.destroyed,
                    entry.number, correct=True))

        self.app.push_screen(ConfirmDialog(
            "Correct a result?", f"{shown(entry.commander)} already has {describe(old)} in round "
            f"{entry.number}.\nReplace it with {entry.victory_points} VP, tie-break "
            f"{entry.tie_break}? The event file keeps the old result.", "Correct"), confirmed)

    def action_join(self) -> None:
        from horizon_builder.tui.common.dialogs import PathPrompt

        if self.session is None:
            return

        def chosen(path: Path | None) -> None:
            if path is not None:
                self._apply(lambda session: session.join(path))

        self.app.push_screen(PathPrompt("A late entrant's Task Force", "open"), chosen)

    def action_export(self) -> None:
        self._write_file("the standings", "Export the standings",
                         ".md, .html, .csv, or anything else for text",
                         f"{self.path.stem}-standings.html",
                         lambda loaded, path: render(loaded, SUFFIX_FORMATS.get(
                             path.suffix.lower(), "text")))

    def action_slips(self) -> None:
        from horizon_builder.event.sheets import slips

        self._printout("slips", lambda loaded, path: slips(
            loaded, None, "html" if path.suffix.lower() in (".html", ".htm") else "text"))

    def action_sheet(self) -> None:
        from horizon_builder.event.sheets import html_page, results_sheet

        def sheet(loaded: LoadedEvent, path: Path) -> str:
            text = results_sheet(loaded)
            if path.suffix.lower() in (".html", ".htm"):
                return html_page(f"{loaded.event.name}: results sheet", [text])
            return text

        self._printout("sheet", sheet)

    def _printout(self, what: str, make: Callable[[LoadedEvent, Path], str]) -> None:
        """The last round's slips or results sheet, written where the organiser says (by
        default beside the event file), as `event slips` / `event sheet` write them."""
        loaded = self.loaded
        if loaded is None:
            return
        number = len(loaded.event.rounds)
        if not number:
            self.notify("No round is paired yet: pair one first (p).", timeout=4)
            return
        title = "pairing slips" if what == "slips" else "results sheet"
        name = f"{self.path.stem}-round{number}-{what}.html"
        self._write_file(f"round {number}'s {title}", f"Write round {number}'s {title}",
                         ".html: a page to print from a browser; anything else: text",
                         str(self.path.parent / name), make)

    def _write_file(self, what: str, title: str, hint: str, initial: str,
                    make: Callable[[LoadedEvent, Path], str]) -> None:
        """:meth:`write_file` of what ``make`` makes of the event as it is then."""
        self.write_file(what, title, hint, initial, lambda path: None if self.loaded is None
                        else make(self.loaded, path))
