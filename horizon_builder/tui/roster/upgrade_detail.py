"""The row under the element editor's upgrade picker: the highlighted upgrade's cost and what
it does (or why not), its choice (robot program ...), how it is paid, and − / + buttons."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Select, Static

from horizon_builder.editing.upgrades import UpgradeOption
from horizon_builder.tui.common.quiet import update_static
from horizon_builder.tui.roster.statline_text import payment_label, upgrade_detail_text


class UpgradeDetail(Horizontal):
    """Shows one picker row; the screen handles the controls' messages by their ids."""

    def compose(self) -> ComposeResult:
        yield Static(id="ed-detail")
        yield Select[str]([], id="ed-option", compact=True, allow_blank=True, prompt="Choice")
        # never blank: an upgrade taken is always paid some way (options set in show())
        yield Select[str]([(payment_label("points"), "points")], id="ed-paid", compact=True,
                          allow_blank=False,
                          tooltip="How this upgrade is paid: the ways the rules allow here")
        yield Button("−", id="ed-up-minus", compact=True, tooltip="Drop one (−)")
        yield Button("+", id="ed-up-plus", compact=True, tooltip="Take one more (+)")

    def show(self, row: UpgradeOption | None) -> None:
        detail = self.query_one("#ed-detail", Static)
        option = self.query_one("#ed-option", Select)
        paid = self.query_one("#ed-paid", Select)
        minus = self.query_one("#ed-up-minus", Button)
        plus = self.query_one("#ed-up-plus", Button)
        if row is None:
            update_static(detail, Content.styled("↓ or a name picks an upgrade: Enter takes or "
                                                 "drops it, + and − change the count", "dim"))
            option.display = paid.display = minus.display = plus.display = False
            return
        update_static(detail, upgrade_detail_text(row))
        minus.display = row.taken
        plus.display = row.allowed
        option.display = bool(row.options) and row.taken
        if option.display:
            with option.prevent(Select.Changed):
                option.set_options([(o, o) for o in row.options])
                if row.option in row.options:
                    option.value = row.option
        # Where the rules offer more than one way to pay (the mad scientist's free weird
        # upgrade, OtH p.69), choose it here; only the ways they allow are listed.
        paid.display = row.payment_choice
        if paid.display:
            with paid.prevent(Select.Changed):
                paid.set_options([(payment_label(p), p) for p in row.payments])
                paid.value = row.paid or row.payments[0]
