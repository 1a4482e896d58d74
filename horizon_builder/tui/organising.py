"""The app's organiser actions: judge a folder of lists, run an event (OtH p.45-48)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App


class OrganiserActions(App[int]):
    """Mixed into the app: the organiser's screen and the event screen, each opened from the
    palette, from the command line, or from a dialog asking for the folder or file."""

    def action_organiser(self) -> None:
        from horizon_builder.tui.dialogs.organiser import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Judge a folder of lists",
                                               "Folder of lists (searched for .toml)"),
                         self.open_organiser)

    def open_organiser(self, chosen: tuple[Path, Path] | None) -> None:
        from horizon_builder.tui.screens.organiser import OrganiserScreen

        if chosen is not None:
            self.push_screen(OrganiserScreen(*chosen))

    def action_event(self) -> None:
        from horizon_builder.tui.dialogs.organiser import FolderAndPresetDialog

        self.push_screen(FolderAndPresetDialog("Run an event", "Event file (horizon-builder "
                                               "event new)", need_preset=False), self.open_event)

    def open_event(self, chosen: tuple[Path, Path] | None) -> None:
        from horizon_builder.tui.screens.event import EventScreen

        if chosen is not None:
            self.push_screen(EventScreen(chosen[0]))

