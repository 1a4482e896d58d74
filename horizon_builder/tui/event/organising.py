"""The app's organiser actions: judge a folder of lists, run an event (OtH p.45-48).

The screens' common base, :class:`~horizon_builder.tui.event.organiser_view.OrganiserView`,
is a module of the screens: they never import this module, which opens them."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

#: The roster's keys: an organiser's screen shows no roster, so they are not offered there.
ROSTER_ACTIONS = frozenset({"undo", "redo", "save", "save_as"})


class OrganiserActions(App[int]):
    """Mixed into the app: the organiser's screen and the event screen, each opened from the
    palette, from the command line, or from a dialog asking for the folder or file."""

    def action_organiser(self) -> None:
        from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Judge a folder of lists",
                                               "Folder of lists (searched for .toml)"),
                         self.open_organiser)

    def open_organiser(self, chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
        from horizon_builder.tui.event.organiser_screen import OrganiserScreen

        if chosen is not None:
            screen = OrganiserScreen(*chosen)
            screen.alone = alone  # opened from the command line: Esc quits
            self.push_screen(screen)

    def action_event(self) -> None:
        from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Run an event", "Event file (horizon-builder "
                                               "event new)", need_preset=False), self.open_event)

    def open_event(self, chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
        from horizon_builder.tui.event.event_screen import EventScreen

        if chosen is not None:
            screen = EventScreen(chosen[0])
            screen.alone = alone
            self.push_screen(screen)

