"""Opening the organiser's screens: judge a folder of lists, run an event (OtH p.45-48),
each from the palette, from the command line, or from a dialog asking for the folder or file.

The screens' common base, :class:`~horizon_builder.tui.event.organiser_view.OrganiserView`,
is a module of the screens: they never import this module, which opens them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

#: The roster's keys: an organiser's screen shows no roster, so they are not offered there.
ROSTER_ACTIONS = frozenset({"undo", "redo", "save", "save_as"})


def ask_organiser(app: App[Any]) -> None:
    """Ask for a folder of lists and a preset, then judge them."""
    from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog

    app.push_screen(FolderAndPresetDialog("Judge a folder of lists",
                                          "Folder of lists (searched for .toml)"),
                    lambda chosen: open_organiser(app, chosen))


def open_organiser(app: App[Any], chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
    from horizon_builder.tui.event.organiser_screen import OrganiserScreen

    if chosen is not None:
        screen = OrganiserScreen(*chosen)
        screen.alone = alone  # opened from the command line: Esc quits
        app.push_screen(screen)


def ask_event(app: App[Any]) -> None:
    """Ask for an event file, then run it."""
    from horizon_builder.tui.event.organiser_dialogs import FolderAndPresetDialog

    app.push_screen(FolderAndPresetDialog("Run an event", "Event file (horizon-builder "
                                          "event new)", need_preset=False),
                    lambda chosen: open_event(app, chosen))


def open_event(app: App[Any], chosen: tuple[Path, Path] | None, alone: bool = False) -> None:
    from horizon_builder.tui.event.event_screen import EventScreen

    if chosen is not None:
        screen = EventScreen(chosen[0])
        screen.alone = alone
        app.push_screen(screen)
