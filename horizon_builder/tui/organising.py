"""The app's organiser actions: judge a folder of lists, run an event (OtH p.45-48)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

#: The roster's keys: an organiser's screen shows no roster, so they are not offered there.
ROSTER_ACTIONS = frozenset({"undo", "redo", "save", "save_as"})


class OrganiserView(Screen[None]):
    """A screen of the organiser's (a folder judged, a list read, an event): it edits no
    roster, so ctrl+s / ctrl+z are not its keys; opened from the command line (``alone``)
    there is no roster under it, and Esc quits instead of showing an empty one."""

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


class OrganiserActions(App[int]):
    """Mixed into the app: the organiser's screen and the event screen, each opened from the
    palette, from the command line, or from a dialog asking for the folder or file."""

    def action_organiser(self) -> None:
        from horizon_builder.tui.dialogs.organiser import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Judge a folder of lists",
                                               "Folder of lists (searched for .toml)"),
                         self.open_organiser)

    def open_organiser(self, chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
        from horizon_builder.tui.screens.organiser import OrganiserScreen

        if chosen is not None:
            screen = OrganiserScreen(*chosen)
            screen.alone = alone  # opened from the command line: Esc quits
            self.push_screen(screen)

    def action_event(self) -> None:
        from horizon_builder.tui.dialogs.organiser import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Run an event", "Event file (horizon-builder "
                                               "event new)", need_preset=False), self.open_event)

    def open_event(self, chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
        from horizon_builder.tui.screens.event import EventScreen

        if chosen is not None:
            screen = EventScreen(chosen[0])
            screen.alone = alone
            self.push_screen(screen)

