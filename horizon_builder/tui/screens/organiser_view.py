"""The base of the organiser's screens (a folder judged, a list read, an event; OtH p.45-48),
below them and below the app's actions that open them (:mod:`horizon_builder.tui.organising`),
so neither imports the other back."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen


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
