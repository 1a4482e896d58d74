"""Command palette (ctrl+p): every action of the app, by name."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from horizon_builder.tui.roster.home import RosterScreen

if TYPE_CHECKING:
    from horizon_builder.tui.app import HorizonApp

#: (title, action on the app, help)
APP_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Add element", "add_element", "Add an element to the force  (a)"),
    ("Save", "save", "Save the roster to its file  (ctrl+s)"),
    ("Save as…", "save_as", "Save the roster to a new file  (S)"),
    ("Open roster…", "open", "Open another roster file  (ctrl+o)"),
    ("New roster", "new", "Start a new, empty roster  (ctrl+n)"),
    ("Undo", "undo", "Undo the last edit  (ctrl+z)"),
    ("Redo", "redo", "Redo the edit just undone  (ctrl+y)"),
    ("Roster settings", "settings", "Name, FC budget, kind, era, supplements, overrides, notes  (s)"),
    ("Command: CHQ, CR, weird command", "command", "Choose who commands and spend Command Resources  (c)"),
    ("Tournament rounds", "rounds", "Task Force rounds: battlegroup, CHQ, CR, losses  (r)"),
    ("Rules: your rulebook", "rules",
     "Every value in force with its source; enter the core book's values once  (R)"),
    ("Export / print", "export", "Export the roster as text, markdown, html or json  (x)"),
    ("Copy list / share code", "copy_list",
     "Copy the list as text, or as a share code to paste in a chat  (ctrl+k)"),
    ("Organiser: judge a folder of lists…", "organiser",
     "Every list in a folder against an event preset, live (OtH p.45-48)"),
    ("Run an event…", "event", "Pairings, results and standings of an event file (OtH p.45-48)"),
    ("Play a campaign…", "campaign", "Linked battles: the ladder, games, IR handicaps and "
     "bonuses of a campaign file (OtH p.50)"),
    ("Help", "help", "Keys and a short guide  (F1)"),
    ("Toggle light / dark theme", "toggle_theme", "Switch between the light and dark theme  (F9)"),
    ("Quit", "quit", "Leave the app (asks to save changes)  (ctrl+q)"),
)

#: Commands about the selected element, offered on the home screen.
ELEMENT_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Edit selected element", "edit", "Open the element editor  (Enter)"),
    ("Duplicate selected element", "duplicate", "Add a copy just below it  (d)"),
    ("Copies of selected element…", "duplicate_many", "Add several copies at once  (D)"),
    ("Delete selected element", "delete", "Remove it from the force (asks first)  (Delete)"),
    ("Move selected element up", "move(-1)", "( [ or shift+up )"),
    ("Move selected element down", "move(1)", "( ] or shift+down )"),
)


class HorizonCommands(Provider):
    """The app's own actions, plus those about the selected element on the home screen."""

    def _commands(self) -> Iterator[tuple[str, Callable[[], Any], str]]:
        app = cast("HorizonApp", self.app)
        if not app.loaded:
            return
        for title, action, help_text in APP_COMMANDS:
            if action == "rounds" and app.session.roster.kind != "task_force":
                continue
            if action == "undo" and app.session.undo_label:
                title = f"Undo: {app.session.undo_label}"
            elif action == "redo" and app.session.redo_label:
                title = f"Redo: {app.session.redo_label}"
            yield title, partial(app.run_action, action), help_text
        screen = self.screen
        if isinstance(screen, RosterScreen) and app.session.roster.elements:
            for title, action, help_text in ELEMENT_COMMANDS:
                yield title, partial(screen.run_action, action), help_text

    async def discover(self) -> Hits:
        for title, callback, help_text in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, help_text in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
