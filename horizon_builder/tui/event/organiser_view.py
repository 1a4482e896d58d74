"""The base of the organiser's screens (a folder judged, a list read, an event; OtH p.45-48),
below them and below the app's actions that open them (:mod:`horizon_builder.tui.event.organising`),
so neither imports the other back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from horizon_builder.files.guarded import stat_stamp as file_stamp
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.views import MORE_CSS

#: How often a watched screen looks whether its files changed on disk (seconds).
POLL_SECONDS = 1.5

__all__ = ["POLL_SECONDS", "OrganiserView", "WatchedTableView", "file_stamp"]


class OrganiserView(Guarded, Screen[None]):
    """A screen of the organiser's (a folder judged, a list read, an event): it edits no
    roster, so ctrl+s / ctrl+z are not its keys; opened from the command line (``alone``)
    there is no roster under it, and Esc quits instead of showing an empty one."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("escape", "leave", "Quit"),  # opened from the command line: nothing to go back to
    ]
    ROSTER_KEYS: ClassVar[bool] = False
    alone = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("close", "leave"):
            return (action == "leave") == self.alone  # the footer says which Esc does
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    async def action_leave(self) -> None:
        await self.app.run_action("app.quit")  # asks about unsaved work first, as q does

    def write_file(self, what: str, title: str, hint: str, initial: str,
                   make: Callable[[Path], str | None]) -> None:
        """Ask for a file and write ``make(path)`` to it whole (never half-written; None:
        nothing to write); a file that cannot be written is said."""
        from horizon_builder.tui.common.paths import write_and_say
        from horizon_builder.tui.event.organiser_dialogs import WriteFileDialog

        def chosen(path: Path | None) -> None:
            text = None if path is None else make(path)
            if path is not None and text is not None:
                write_and_say(self.app, path, text, what)

        self.app.push_screen(WriteFileDialog(title, hint, initial), chosen)


class WatchedTableView(OrganiserView):
    """An organiser's screen of files on disk (an event, a folder of lists): a title, a table
    with the cursor in it, what :meth:`compose_below` adds, the keys. Read on mount
    (:meth:`reload`), and again whenever what :meth:`stamps` sees of the files changes."""

    #: the ids of the title and of the table
    TITLE_ID: ClassVar[str]
    TABLE_ID: ClassVar[str]

    #: the files' stamps when last read
    _stamp: tuple[object, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id=self.TITLE_ID)
        yield DataTable(id=self.TABLE_ID, cursor_type="row", zebra_stripes=True)
        yield from self.compose_below()
        yield KeysFooter()

    def compose_below(self) -> ComposeResult:
        """The widgets under the table."""
        raise NotImplementedError

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self.set_up(table)
        self._stamp = self.stamps()
        self.reload()
        self.set_interval(POLL_SECONDS, self._poll)
        table.focus()

    def set_up(self, table: DataTable[object]) -> None:
        """The table's columns (and what else is shown before the first read)."""
        raise NotImplementedError

    def stamps(self) -> tuple[object, ...]:
        """What the files read are on disk now (:func:`file_stamp`)."""
        raise NotImplementedError

    def reload(self) -> None:
        """Read the files (again) and show them."""
        raise NotImplementedError

    def _poll(self) -> None:
        stamp = self.stamps()
        if stamp != self._stamp:
            self._stamp = stamp
            self.reload()
