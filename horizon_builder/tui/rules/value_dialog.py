"""Enter one value from your rulebook (the core book's statlines and costs, RULES.md §0).

Used by the Rules screen (Enter on a value) and asked once at the moment it matters:
adding an element whose statline nobody has entered, or taking an upgrade whose cost
is unknown. The value is checked by the same models before it is written; a refused
value stays in the box with the reason. Dismisses with True when written.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from horizon_builder.files.problems import LoadError
from horizon_builder.rules.entry import enter_value
from horizon_builder.rules.personal import ENTERED
from horizon_builder.rules.values import RuleValue
from horizon_builder.tui.common.dialog import Dialog, DialogButton
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.views import MORE_CSS


class EnterValueDialog(Dialog[bool]):
    """Type a value (empty: back to the book data's), and where it comes from."""

    CSS_PATH = MORE_CSS
    ESCAPE = ("escape", "Skip")
    DEFAULT = "ok"
    FOCUS = "#enter-value"

    def __init__(self, value: RuleValue, note: str = "", ask_once: bool = False) -> None:
        super().__init__(("Enter once from your rulebook: " if ask_once else "")
                         + f"{value.item}, {value.label}", False, box_id="enter-box")
        self.value, self.note, self.ask_once = value, note, ask_once

    def compose_body(self) -> ComposeResult:
        v = self.value
        if self.note:
            yield Label(plain(self.note), classes="dialog-hint")
        hint = (f"Stats in order {' '.join(v.stats)}, e.g. "
                f"{' '.join(f'{s}3' for s in v.stats)}" if v.kind == "statline"
                else "A whole number")
        yield Label(plain(f"{hint}. Now: {v.value or 'unknown'} ({v.status}; "
                          f"{v.source or 'no source'}). Empty: back to the book data."),
                    classes="dialog-hint")
        yield Input(v.value if v.status == "entered" else "", id="enter-value",
                    placeholder=" ".join(f"{s}?" for s in v.stats) or "?")
        with Horizontal(id="enter-source-row"):
            yield Label("Source")
            yield Input(v.source if v.status == "entered" else ENTERED, id="enter-source",
                        placeholder=ENTERED)
        yield Label("", id="enter-problem", classes="field-error")

    def buttons(self) -> Sequence[DialogButton[bool]]:
        return self.submit_buttons("Enter" if not self.ask_once else "Enter for every one",
                                   "Skip" if self.ask_once else "Cancel")

    def submit(self) -> None:
        text = self.query_one("#enter-value", Input).value
        source = self.query_one("#enter-source", Input).value.strip() or ENTERED
        try:
            enter_value(self.value, text, source)
        except (ValueError, LoadError) as exc:
            problems = getattr(exc, "problems", None)
            self.say(f"Not entered: {problems[0] if problems else exc}")
            return
        self.dismiss(True)
