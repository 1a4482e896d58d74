"""The Rules screen: every value in force, where it comes from, and your rulebook (R).

Grouped as a player thinks of them (element types, upgrades, the CHQ cost table,
Command Resources, Intelligence Rating bands). Each row says its value, whether it is
from a book we hold, provisional, unknown or entered by you, its source and the layer
that set it. f shows only what is unknown or provisional. Enter on a value enters it
into your rulebook (checked first; the open roster re-validates at once); ctrl+z undoes
the last entry.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from horizon_builder.rules.personal import ENTERED_FROM, personal_rules_path
from horizon_builder.rules.values import RuleValue, rule_values
from horizon_builder.text.words import plural
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.views import MORE_CSS, SessionView
from horizon_builder.tui.rules.rulebook import EnterRuleValue, UndoRuleEntry

STATUS_TEXT = {"book": ("book", "$success"), "provisional": ("≈ provisional", "$warning"),
               "unknown": ("? unknown", "$error"), "entered": ("entered by you", "$accent")}
COLUMNS = ("Item", "Value of", "Value", "Status", "Source", "Set by", "Group")
WIDTHS = (20, 18, 12, 14, 40, 22, 16)


def _set_by(value: RuleValue) -> str:
    return value.layer.removeprefix(f"{ENTERED_FROM} ")  # (the status says it is yours)


class RulesScreen(SessionView, Screen[None]):
    """Every value in force; Enter enters one into your rulebook."""

    CSS_PATH = MORE_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("f", "filter", "Unknown only"),
        Binding("ctrl+z", "undo_entry", "Undo entry"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.only_gaps = False
        self.values: list[RuleValue] = []

    def compose(self) -> ComposeResult:
        yield Static(id="rules-title")
        yield DataTable(id="rules-table", cursor_type="row", zebra_stripes=True)
        # the highlighted value whole, every column: the table is wider than 80 columns
        yield Static(id="rules-detail")
        yield Static(id="rules-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for heading, width in zip(COLUMNS, WIDTHS, strict=True):
            table.add_column(heading, key=heading, width=width)
        self.refresh_view()
        table.focus()

    def refresh_view(self) -> None:
        every = rule_values(self.session.ruleset)
        self.values = [v for v in every if not self.only_gaps or v.needs_entry]
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for index, v in enumerate(self.values):
            text, style = STATUS_TEXT[v.status]
            table.add_row(plain(v.item), plain(v.label),
                          plain(v.value or "?").stylize("bold" if v.value else "$error"),
                          Content.styled(text, style), plain(v.source or "-"),
                          plain(_set_by(v)), v.group, key=str(index))
        if self.values:
            table.move_cursor(row=min(row, len(self.values) - 1))
        self._show_detail()
        gaps = sum(v.status == "unknown" for v in every)
        entered = sum(v.status == "entered" for v in every)
        self.query_one("#rules-title", Static).update(Content.assemble(
            ("Rules in force", "bold"), f" · {plural(len(every), 'value')} · ", (f"{gaps} unknown", "$error"),
            " · ", (f"{entered} entered by you", "$accent"),
            (" · showing unknown or provisional only" if self.only_gaps else "", "$warning")))
        problems = self.session.personal_problems
        note = (Content.assemble(("Your rulebook is left out until fixed: ", "$error"),
                                 plain(str(problems[0])))
                if problems else Content.styled(
                    "Enter on a value enters it once from your rulebook (my-rules.toml in your "
                    "config folder) · f unknown only · ctrl+z undo", "dim"))
        note_widget = self.query_one("#rules-note", Static)
        note_widget.update(note)
        note_widget.tooltip = str(personal_rules_path())

    @on(DataTable.RowHighlighted)
    def _show_detail(self) -> None:
        row = self.query_one(DataTable).cursor_row
        detail = self.query_one("#rules-detail", Static)
        if not 0 <= row < len(self.values):
            detail.update("")
            return
        v = self.values[row]
        text, style = STATUS_TEXT[v.status]
        detail.update(Content.assemble(
            (v.item, "bold"), f" · {v.label}: ", (v.value or "?", "bold" if v.value else "$error"),
            " · ", (text, style), " · source ", v.source or "-", " · set by ", _set_by(v),
            " · ", (v.group, "dim")))

    @on(DataTable.RowSelected)
    def _enter(self, event: DataTable.RowSelected) -> None:
        value = self.values[int(str(event.row_key.value))]
        if not value.editable:
            self.notify(f"{value.item}: {value.label} is shown here, not entered (edit a rules "
                        "file for it).", timeout=4)
            return
        if self.session.personal_problems:
            self.notify("Your rulebook has a problem: fix the file first (it is never "
                        "overwritten without you).", severity="error", timeout=5)
            return
        self.post_message(EnterRuleValue(value))

    def action_filter(self) -> None:
        self.only_gaps = not self.only_gaps
        self.refresh_view()

    def action_undo_entry(self) -> None:
        self.post_message(UndoRuleEntry())  # (the rulebook says when there is nothing to undo)

    def action_close(self) -> None:
        self.dismiss(None)
