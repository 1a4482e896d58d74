"""The event screen: standings and rounds of an event file; pair, enter results, export
(OtH p.45-48). Every change is written to the event file at once (as the CLI does)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from horizon_builder.event.edits import with_next_round, with_result
from horizon_builder.event.io import LoadedEvent, load_event, save_event
from horizon_builder.event.models import Event
from horizon_builder.event.pairing import PairingError
from horizon_builder.event.report import COLUMNS, battle_text, render, standing_tables
from horizon_builder.problems import LoadError
from horizon_builder.tui.plain import plain
from horizon_builder.tui.screens.base import MORE_CSS
from horizon_builder.tui.widgets.keys_footer import KeysFooter
from horizon_builder.words import plural

#: export formats by file suffix
SUFFIX_FORMATS = {".md": "markdown", ".html": "html", ".htm": "html", ".csv": "csv"}


class EventScreen(Screen[None]):
    """Standings, then each round's battles; p pairs, r enters a result, x exports."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("p", "pair", "Pair next round"),
        Binding("r", "result", "Enter result"),
        Binding("x", "export", "Export standings"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.loaded: LoadedEvent | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="event-title")
        yield DataTable(id="event-standings", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="event-rounds-box"):
            yield Static(id="event-rounds")
        yield Static(id="event-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for heading in COLUMNS:
            table.add_column(heading, key=heading)
        self.reload()
        table.focus()

    def reload(self) -> None:
        problem = self.query_one("#event-problem", Static)
        try:
            self.loaded = load_event(self.path)
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
                f"{loaded.preset.name} · {plural(len(event.rounds), 'round')} paired")))
        table = self.query_one(DataTable)
        table.clear()
        for title, rows in standing_tables(loaded):
            if title != "Overall":
                table.add_row(Content.styled(title, "bold"), *[""] * (len(COLUMNS) - 1))
            for row in rows:
                rank = f"{row.rank}=" if row.drawn else str(row.rank)
                table.add_row(rank, plain(row.name), row.side or "", str(row.victory_points),
                              str(row.tie_break), "?" if row.remaining is None else
                              str(row.remaining))
        lines: list[Content] = []
        for number, round_ in enumerate(event.rounds, start=1):
            state = "" if round_.done else "  (results to come: r)"
            lines.append(Content.assemble((f"Round {number}", "bold"), (state, "$warning")))
            lines += [plain("  " + battle_text(b)) for b in round_.battles]
        if not event.rounds:
            lines.append(Content.styled("No round yet: p pairs round 1 (random, from the seed).",
                                        "dim"))
        self.query_one("#event-rounds", Static).update(Content("\n").join(lines))

    def _save(self, change: str, event: Event) -> None:
        save_event(self.path, event)
        self.notify(change, timeout=3)
        self.reload()

    def action_pair(self) -> None:
        if self.loaded is None:
            return
        try:
            event = with_next_round(self.loaded.event)
        except PairingError as exc:
            self.notify(str(exc), severity="warning", timeout=5)
            return
        self._save(f"Round {len(event.rounds)} paired.", event)

    def action_result(self) -> None:
        from horizon_builder.tui.dialogs.event_result import ResultDialog, ResultEntry

        loaded = self.loaded
        if loaded is None or not loaded.event.rounds:
            self.notify("Pair a round first (p).", timeout=3)
            return

        def entered(entry: ResultEntry | None) -> None:
            if entry is None:
                return
            try:
                event = with_result(loaded, entry.commander, entry.victory_points,
                                    entry.tie_break, entry.destroyed)
            except PairingError as exc:
                self.notify(str(exc), severity="error", timeout=6)
                return
            self._save(f"{entry.commander}: {entry.victory_points} VP entered.", event)

        self.app.push_screen(ResultDialog(loaded), entered)

    def action_export(self) -> None:
        from horizon_builder.tomlfile import write_text_atomic
        from horizon_builder.tui.dialogs.organiser import WriteFileDialog

        def chosen(path: Path | None) -> None:
            if path is None or self.loaded is None:
                return
            write_text_atomic(path, render(self.loaded, SUFFIX_FORMATS.get(path.suffix.lower(),
                                                                           "text")))
            self.notify(f"Wrote the standings to {path}", timeout=3)

        self.app.push_screen(WriteFileDialog("Export the standings",
                                             ".md, .html, .csv, or anything else for text",
                                             f"{self.path.stem}-standings.html"), chosen)

    def action_close(self) -> None:
        self.dismiss(None)
