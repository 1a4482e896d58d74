"""Rename a tournament round: a name another round has is refused."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Label

from horizon_builder.tui.common.dialog import Dialog, DialogButton


class RoundNameDialog(Dialog[str | None]):
    """Ask for a round's name; a name another round has is refused."""

    DEFAULT = "ok"
    FOCUS = "#round-name"  # the name selected whole (an input selects on focus): typing replaces it

    def __init__(self, current: str, taken: set[str]) -> None:
        super().__init__(f"Rename {current}", None)
        self._current = current
        self._taken = taken

    def compose_body(self) -> ComposeResult:
        yield Input(self._current, id="round-name", max_length=80,
                    placeholder="e.g. Round 2: Hold the ridge")
        yield Label("", id="round-name-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[str | None]]:
        return self.submit_buttons("Rename")

    def problem(self, value: str) -> str | None:
        name = value.strip()
        if not name:
            return "Type a name."
        if name != self._current and name in self._taken:
            return f"Another round is already called {name}."
        return None

    @on(Input.Changed, "#round-name")
    def _changed(self, event: Input.Changed) -> None:
        self.say(self.problem(event.value))

    def submit(self) -> None:
        value = self.query_one("#round-name", Input).value
        if self.problem(value) is None:
            self.dismiss(value.strip())
