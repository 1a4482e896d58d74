"""Drive the editor screens by hand.

    python tests/fixtures_editors/run_editors.py add|edit|command [roster.toml]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers_editors import RULES, EditorTestApp, new_session
from textual.binding import Binding, BindingType

from horizon_builder.session.core import Session
from horizon_builder.tui.roster.add_element import AddElementScreen
from horizon_builder.tui.roster.command import CommandScreen
from horizon_builder.tui.roster.element_editor import ElementEditorScreen


class Runner(EditorTestApp):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo"), Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+a", "add", "Add"), Binding("ctrl+e", "edit", "Edit last"),
        Binding("ctrl+k", "command", "Command"),
    ]

    def action_undo(self) -> None:
        self.undo()

    def action_redo(self) -> None:
        self.redo()

    def action_add(self) -> None:
        self.push_screen(AddElementScreen())

    def action_edit(self) -> None:
        if self.session.roster.elements:
            self.push_screen(ElementEditorScreen(self.session.roster.elements[-1].id))

    def action_command(self) -> None:
        self.push_screen(CommandScreen())


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "add"
    args = sys.argv[2:]
    session = Session.open(args[0], extra_overrides=(RULES,)) if args else new_session(RULES)
    if not args:  # a new roster by hand: every supplement on
        session.commit(session.roster.model_copy(
            update={"supplements": list(session.ruleset.supplements)}), "all supplements")
    factories = {
        "add": AddElementScreen,
        "edit": lambda: ElementEditorScreen(session.roster.elements[-1].id),
        "command": CommandScreen,
    }
    Runner(session, factories[what]).run()


if __name__ == "__main__":
    main()
