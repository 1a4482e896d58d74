"""The event screen: standings and rounds of an event file; pair, enter or correct results,
accept or refuse a changed list, drop a commander, export (OtH p.45-48). Every change is
written to the event file at once (as the CLI does), and u takes the last one back."""

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

from horizon_builder.event.edits import (
    with_change_accepted,
    with_change_refused,
    with_dropped,
    with_next_round,
    with_result,
)
from horizon_builder.event.io import LoadedEvent, load_event, save_event, tie_break_notes
from horizon_builder.event.models import Event, Result
from horizon_builder.event.names import shown
from horizon_builder.event.pairing import PairingError
from horizon_builder.event.report import (
    COLUMNS,
    battle_text,
    correction_lines,
    render,
    standing_rows,
    standing_tables,
)
from horizon_builder.files.problems import LoadError
from horizon_builder.text.words import plural
from horizon_builder.tui.plain import plain
from horizon_builder.tui.screens.organiser_view import WatchedTableView, file_stamp

if TYPE_CHECKING:
    from horizon_builder.tui.dialogs.event_result import ResultEntry

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
        self.loaded: LoadedEvent | None = None
        #: the event before each change made here, latest last (u writes it back)
        self.undo_stack: list[tuple[str, Event]] = []

    def compose_below(self) -> ComposeResult:
        with VerticalScroll(id="event-rounds-box"):
            yield Static(id="event-rounds")
        yield Static(id="event-problem")

    def set_up(self, table: DataTable[object]) -> None:
        for heading in COLUMNS:
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
            self.loaded = load_event(self.path)
            self._stamp = self.stamps()
        except LoadError as exc:
            problem.update(Content.assemble(("The event file cannot be used:\n", "$error"),
                                            plain("\n".join(str(p) for p in exc.problems))))
            return
        problem.update("")
        self._show(self.loaded)

    def _show(self, loaded: LoadedEvent) -> None:
        event = loaded.event
        self.query_one("#event-title", Static).update(Content.assemble(
            (plain(event.name).plain, "bold"), plain(
                f" · {plural(len(event.commanders), 'commander')} · {event.pairing} · preset "
                f"{loaded.preset.name} · " + self._progress(loaded))))
        table = self.query_one(DataTable)
        was = self.selected()
        table.clear()
        for (title, rows), (_, standings) in zip(standing_rows(loaded),
                                                 standing_tables(loaded), strict=True):
            if title != "Overall":
                table.add_row(Text(title, style="bold"), *[Text("")] * (len(COLUMNS) - 1))
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
            lines += [plain("  " + battle_text(b)) for b in round_.battles]
        if event.corrections:
            lines.append(Content.styled("Corrections", "bold"))
            lines += [plain("  " + line) for line in correction_lines(loaded)]
        if not event.rounds:
            lines.append(Content.styled("No round yet: p pairs round 1 (random, from the seed).",
                                        "dim"))
        self.query_one("#event-rounds", Static).update(Content("\n").join(lines))
        notes = [*loaded.change_notes(), *tie_break_notes(loaded)]
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

    def _save(self, change: str, event: Event, undoable: bool = True) -> bool:
        """Write the event; a file that cannot be written is said, and nothing changes."""
        before = self.loaded.event if self.loaded is not None else None
        try:
            save_event(self.path, event)
        except OSError as exc:
            self.notify(f"{self.path}: cannot write the event file: "
                        f"{exc.strerror or exc} (the file is as it was)",
                        severity="error", timeout=8)
            return False
        if undoable and before is not None:
            self.undo_stack.append((change, before))
        self.notify(change, timeout=3)
        self.reload()
        return True

    def selected(self) -> str | None:
        """The commander on the standings' highlighted row."""
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key if isinstance(key, str) else None

    def action_pair(self) -> None:
        if self.loaded is None:
            return
        try:
            event = with_next_round(self.loaded.event, self.loaded.last_round)
        except PairingError as exc:
            self.notify(f"{self.path.name}: {exc}", severity="warning", timeout=5)
            return
        self._save(f"Round {len(event.rounds)} paired (u takes it back).", event)

    def action_undo(self) -> None:
        if not self.undo_stack:
            self.notify("Nothing to undo.", timeout=3)
            return
        change, before = self.undo_stack[-1]
        if self._save(f"Undone: {change}", before, undoable=False):
            self.undo_stack.pop()

    def action_accept(self) -> None:
        from horizon_builder.event.register import judge_list
        from horizon_builder.tui.dialogs import ConfirmDialog

        loaded, name = self.loaded, self.selected()
        if loaded is None or name is None or name not in loaded.changed():
            self.notify("Select a commander whose list changed since registration.", timeout=4)
            return
        try:
            judged = judge_list(loaded.list_path(name), loaded.preset)
        except LoadError as exc:
            self.notify(str(exc.problems[0]), severity="error", timeout=8)
            return
        if judged.first_error is None:
            self._save(f"{shown(name)}'s changed list accepted: LEGAL, pinned anew.",
                       with_change_accepted(loaded, name, judged.pin, roster=judged.roster))
            return

        def admit(yes: bool | None) -> None:
            if yes:
                self._save(f"{shown(name)}'s changed list admitted although NOT LEGAL.",
                           with_change_accepted(loaded, name, judged.pin, judged.first_error,
                                                judged.roster))

        self.app.push_screen(ConfirmDialog(
            "Admit a list that is not legal?", f"{shown(name)}'s changed list is NOT LEGAL: "
            f"{judged.first_error}\nAdmit it anyway (recorded in the event file)?",
            "Admit", danger=True), admit)

    def action_refuse(self) -> None:
        """Refuse the selected commander's changed list (undoable), then ask whether to write
        the registered list back over its file (never without asking)."""
        loaded, name = self.loaded, self.selected()
        if loaded is None or name is None:
            return
        commander = loaded.event.commander(name)
        refused = commander is not None and commander.refused is not None and \
            commander.refused == loaded.pin_now(name)
        if not refused and name not in loaded.unreadable:
            try:
                event = with_change_refused(loaded, name)
            except PairingError as exc:
                self.notify(str(exc), severity="warning", timeout=5)
                return
            if not self._save(f"The change to {shown(name)}'s list is refused: the registered "
                              "list stands.", event):
                return
        if commander is not None and commander.registered is not None:
            self._ask_restore(name)

    def _ask_restore(self, name: str) -> None:
        from horizon_builder.event.edits import with_list_restored
        from horizon_builder.event.io import restore_registered
        from horizon_builder.tui.dialogs import ConfirmDialog

        loaded = self.loaded
        if loaded is None:
            return
        target = loaded.list_path(name)

        def restore(yes: bool | None) -> None:
            if not yes or self.loaded is None:
                return
            try:
                event = with_list_restored(self.loaded, name)
                restore_registered(self.loaded, name)
            except PairingError as exc:
                self.notify(str(exc), severity="warning", timeout=5)
                return
            except OSError as exc:
                self.notify(f"{target}: cannot write the registered list back: "
                            f"{exc.strerror or exc} (the file is as it was)",
                            severity="error", timeout=8)
                return
            self._save(f"{shown(name)}'s registered list written back to {target.name} (the "
                       f"file as it was: {target.name}.bak).", event, undoable=False)

        self.app.push_screen(ConfirmDialog(
            "Write the registered list back?", f"Write {shown(name)}'s registered list back "
            f"over {target}?\nThe file as it is now is kept as {target.name}.bak. Until then "
            "the event goes on with the registered list.", "Write back", "Not now"), restore)

    def action_drop(self) -> None:
        from horizon_builder.tui.dialogs import ConfirmDialog

        loaded, name = self.loaded, self.selected()
        if loaded is None or name is None:
            return
        try:
            event = with_dropped(loaded.event, name)
        except PairingError as exc:
            self.notify(str(exc), severity="warning", timeout=5)
            return

        def drop(yes: bool | None) -> None:
            if yes:
                self._save(f"{shown(name)} dropped out: results kept.", event)

        self.app.push_screen(ConfirmDialog("Drop out?", f"{shown(name)} drops out of the event: no "
                                           "more pairings; the results entered are kept.",
                                           "Drop out"), drop)

    def action_result(self) -> None:
        from horizon_builder.tui.dialogs.event_result import ResultDialog

        loaded = self.loaded
        if loaded is None or not loaded.event.rounds:
            self.notify("Pair a round first (p).", timeout=3)
            return

        def entered(entry: ResultEntry | None) -> None:
            if entry is None:
                return
            old = self._entered(loaded, entry.commander)
            if old is not None and old != Result(victory_points=entry.victory_points,
                                                 tie_break=entry.tie_break,
                                                 destroyed=entry.destroyed):
                self._confirm_correction(loaded, entry, old)
                return
            try:
                event = with_result(loaded, entry.commander, entry.victory_points,
                                    entry.tie_break, entry.destroyed)
            except PairingError as exc:
                self.notify(f"{self.path.name}: {exc}", severity="error", timeout=6)
                return
            self._save(f"{shown(entry.commander)}: {entry.victory_points} VP entered.", event)

        self.app.push_screen(ResultDialog(loaded), entered)

    @staticmethod
    def _entered(loaded: LoadedEvent, name: str) -> Result | None:
        return next((r for b in loaded.event.rounds[-1].battles
                     if (r := b.result_of(name)) is not None), None)

    def _confirm_correction(self, loaded: LoadedEvent, entry: ResultEntry, old: Result) -> None:
        """A result entered already is replaced only when the organiser confirms."""
        from horizon_builder.event.edits import describe
        from horizon_builder.tui.dialogs import ConfirmDialog

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return
            try:
                event = with_result(loaded, entry.commander, entry.victory_points,
                                    entry.tie_break, entry.destroyed, correct=True)
            except PairingError as exc:
                self.notify(str(exc), severity="error", timeout=6)
                return
            self._save(f"{shown(entry.commander)}'s result corrected (the old one is kept).", event)

        self.app.push_screen(ConfirmDialog(
            "Correct a result?", f"{shown(entry.commander)} already has {describe(old)} in round "
            f"{len(loaded.event.rounds)}.\nReplace it with {entry.victory_points} VP, tie-break "
            f"{entry.tie_break}? The event file keeps the old result.", "Correct"), confirmed)

    def action_join(self) -> None:
        from horizon_builder.event.edits import with_entrant
        from horizon_builder.event.register import register
        from horizon_builder.tui.dialogs import PathPrompt

        loaded = self.loaded
        if loaded is None:
            return

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            event = loaded.event
            try:
                (commander,) = register([path], loaded.path, loaded.preset,
                                        event.pairing == "campaign", taken=event.commanders)
                joined = with_entrant(event, commander, loaded.last_round)
            except LoadError as exc:
                self.notify(str(exc.problems[0]), severity="error", timeout=10)
                return
            except PairingError as exc:
                self.notify(str(exc), severity="warning", timeout=6)
                return
            self._save(f"{shown(commander.name)} joined: paired from round "
                       f"{len(event.rounds) + 1}.", joined)

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
