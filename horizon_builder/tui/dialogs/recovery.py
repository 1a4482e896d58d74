"""The start-up question when unsaved work was autosaved: restore, discard or keep for later."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from horizon_builder.tui.plain import plain

RecoveryAnswer = Literal["restore", "discard", "later"]


class RecoveryDialog(ModalScreen[RecoveryAnswer]):
    """Unsaved changes of ``label`` were autosaved at ``when``: what to do with them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer('restore')", "Restore"),
        Binding("d", "answer('discard')", "Discard"),
        Binding("escape,l", "answer('later')", "Keep for later", key_display="esc"),
    ]

    def __init__(self, label: str, roster_name: str, when: str, others: int = 0) -> None:
        super().__init__(classes="dialog")
        self._label = label
        self._roster_name = roster_name
        self._when = when
        self._others = others

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "Unsaved work found"
            message = plain(f"Changes to {self._label} (\u201c{self._roster_name}\u201d) were not "
                            f"saved. They were autosaved at {self._when}.")
            message = message.append("\nRestore them (the file itself stays as it is until you save), "
                           "discard them, or keep them for later?")
            if self._others:
                message = message.append(f"\n{self._others} more autosaved roster"
                               f"{'s are' if self._others != 1 else ' is'} kept for later.")
            yield Static(message, classes="dialog-message", id="recovery-message")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Restore", id="restore", variant="primary")
                yield Button("Discard", id="discard", variant="error")
                yield Button("Keep for later", id="later")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#restore", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id or "later")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer if answer in ("restore", "discard") else "later")  # type: ignore[arg-type]
