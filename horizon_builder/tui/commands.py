"""Command palette (ctrl+p): every action of the app, by name, with the player's keys for it
(``{binding.id}`` in a help text: their ``[keymap]``, else the default)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from horizon_builder.tui.keymap import with_keys
from horizon_builder.tui.roster.home import RosterScreen

if TYPE_CHECKING:
    from horizon_builder.tui.app import HorizonApp

#: (title, action on the app, help: ``{binding.id}`` where it names a key)
APP_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Add element", "add_element", "Add an element to the force  ({roster.add})"),
    ("Save", "save", "Save the roster to its file  ({app.save})"),
    ("Save as…", "save_as", "Save the roster to a new file  ({roster.save_as})"),
    ("Open roster…", "open", "Open another roster file  ({app.open})"),
    ("New roster", "new", "Start a new, empty roster  ({app.new})"),
    ("Undo", "undo", "Undo the last edit  ({app.undo})"),
    ("Redo", "redo", "Redo the edit just undone  ({app.redo})"),
    ("Roster settings", "settings",
     "Name, FC budget, kind, era, supplements, overrides, notes  ({roster.settings})"),
    ("Command: CHQ, CR, weird command", "command",
     "Choose who commands and spend Command Resources  ({roster.command})"),
    ("Tournament rounds", "rounds", "Task Force rounds: battlegroup, CHQ, CR, losses  ({roster.rounds})"),
    ("Rules: your rulebook", "rules",
     "Every value in force with its source; enter the core book's values once  ({app.rules})"),
    ("Export / print", "export", "Export the roster as text, markdown, html or json  ({roster.export})"),
    ("Copy list / share code", "copy_list",
     "Copy the list as text, or as a share code to paste in a chat  ({app.copy_list})"),
    ("Organiser: judge a folder of lists…", "organiser",
     "Every list in a folder against an event preset, live (OtH p.45-48)"),
    ("Run an event…", "event", "Pairings, results and standings of an event file (OtH p.45-48)"),
    ("Play a campaign…", "campaign", "Linked battles: the ladder, games, IR handicaps and "
     "bonuses of a campaign file (OtH p.50)"),
    ("Help", "help", "Keys and a short guide  ({app.help})"),
    ("Toggle light / dark theme", "toggle_theme", "Switch between the light and dark theme  ({app.theme})"),
    ("Quit", "quit", "Leave the app (asks to save changes)  (ctrl+q)"),
)

#: Commands about the selected element, offered on the home screen.
ELEMENT_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Edit selected element", "edit", "Open the element editor  (Enter or {roster.edit})"),
    ("Duplicate selected element", "duplicate", "Add a copy just below it  ({roster.duplicate})"),
    ("Copies of selected element…", "duplicate_many", "Add several copies at once  ({roster.copies})"),
    ("Delete selected element", "delete", "Remove it from the force (asks first)  ({roster.delete})"),
    ("Move selected element up", "move(-1)", "({roster.move_up})"),
    ("Move selected element down", "move(1)", "({roster.move_down})"),
)


class HorizonCommands(Provider):
    """The app's own actions, plus those about the selected element on the home screen."""

    def _commands(self) -> Iterator[tuple[str, Callable[[], Any], str]]:
        app = cast("HorizonApp", self.app)
        if not app.loaded:
            return
        keymap = app.keys.user_keymap
        for title, action, help_text in APP_COMMANDS:
            if action == "rounds" and app.session.roster.kind != "task_force":
                continue
            if action == "undo" and app.session.undo_label:
                title = f"Undo: {app.session.undo_label}"
            elif action == "redo" and app.session.redo_label:
                title = f"Redo: {app.session.redo_label}"
            yield title, partial(app.run_action, action), with_keys(help_text, keymap)
        screen = self.screen
        if isinstance(screen, RosterScreen) and app.session.roster.elements:
            for title, action, help_text in ELEMENT_COMMANDS:
                yield title, partial(screen.run_action, action), with_keys(help_text, keymap)

    async def discover(self) -> Hits:
        for title, callback, help_text in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, help_text in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
