"""Rename a tournament round: a name another round has is refused."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label

from horizon_builder.tui.plain import plain


class RoundNameDialog(ModalScreen[str | None]):
    """Ask for a round's name; a name another round has is refused."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, current: str, taken: set[str]) -> None:
        super().__init__(classes="dialog")
        self._current = current
        self._taken = taken

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = plain(f"Rename {self._current}")
            yield Input(self._current, id="round-name", max_length=80,
                        placeholder="e.g. Round 2: Hold the ridge")
            yield Label("", id="round-name-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Rename", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        field = self.query_one("#round-name", Input)
        field.focus()
        field.action_select_all()

    def problem(self, value: str) -> str | None:
        name = value.strip()
        if not name:
            return "Type a name."
        if name != self._current and name in self._taken:
            return f"Another round is already called {name}."
        return None

    @on(Input.Changed, "#round-name")
    def _changed(self, event: Input.Changed) -> None:
        problem = self.problem(event.value)
        label = self.query_one("#round-name-problem", Label)
        label.update(plain(problem or ""))
        label.display = problem is not None

    @on(Input.Submitted, "#round-name")
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        value = self.query_one("#round-name", Input).value
        if self.problem(value) is None:
            self.dismiss(value.strip())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
