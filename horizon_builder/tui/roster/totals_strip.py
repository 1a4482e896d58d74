"""The header strip of the home screen: what the force costs and whether it is legal.

Every number comes from the session's :class:`~horizon_builder.engine.validator.Report`,
the same one ``horizon-builder check`` prints, so the app and the command line
never disagree. The tooltip says how each figure is worked out.

One widget draws both lines (the FC bar included): the strip is on screen at
start-up, and one widget is much cheaper to mount than a dozen labels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.content import Content
from textual.widget import Widget

from horizon_builder.tui.roster.figures import TOOLTIP, Figures, report_figures

if TYPE_CHECKING:
    from horizon_builder.campaign.intelligence import Playing
    from horizon_builder.engine.validator import Report

BAR_WIDTH = 16


class TotalsStrip(Widget):
    """FC spent / budget (with a bar that turns red when over), FP, CR, IR,
    deployment spaces, momentum and the verdict."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "totals--label", "totals--bar-filled", "totals--bar-full", "totals--bar-empty",
        "totals--over", "totals--budget", "totals--legal", "totals--warnings", "totals--illegal",
    }

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.figures = Figures()
        self._tooltip_text = TOOLTIP
        self.tooltip = Content(TOOLTIP)  # plain text: names and paths from files are no markup

    def show(self, report: Report, playing: Playing | None = None) -> None:
        """Show the figures of a report (``playing``: as a campaign plays the list)."""
        self.show_figures(*report_figures(report, playing))

    def show_figures(self, figures: Figures, tooltip: str) -> None:
        """Show figures worked out before (by :meth:`show`, or kept from the last run)."""
        if figures == self.figures and tooltip == self._tooltip_text:
            return  # (an edit that moves no total: nothing to draw again)
        self.figures = figures
        self.set_class(figures.over, "-over")
        self.set_class(figures.spent == figures.budget, "-full")
        self._tooltip_text = tooltip
        self.tooltip = Content(tooltip)
        self.refresh()

    # --- drawing --------------------------------------------------------------------
    def _bar(self) -> Text:
        f = self.figures
        over = self.get_component_rich_style("totals--over")
        if f.spent > f.budget:
            inside = max(1, round(BAR_WIDTH * f.budget / f.spent))
            return Text.assemble(("━" * inside, over), ("╸" + "━" * (BAR_WIDTH - inside - 1), over))
        filled = min(BAR_WIDTH, round(BAR_WIDTH * f.spent / max(1, f.budget)))
        fill_style = self.get_component_rich_style(
            "totals--bar-full" if f.spent == f.budget else "totals--bar-filled")
        return Text.assemble(("━" * filled, fill_style),
                             ("━" * (BAR_WIDTH - filled), self.get_component_rich_style("totals--bar-empty")))

    def render(self) -> Text:
        f = self.figures
        if not f.budget_text:
            return Text("")
        gap = "   "
        budget_style = self.get_component_rich_style("totals--over" if f.over else "totals--budget")
        line1 = Text.assemble((f.bar_label, self.get_component_rich_style("totals--label")), " ",
                              self._bar(), " ", (f.budget_text, budget_style))
        head = line1.cell_len
        for figure in f.figures:
            line1.append(gap + figure)
        if f.narrow and line1.cell_len > self.content_size.width > 0:
            line1 = line1[:head]
            for figure in f.narrow:
                line1.append(gap + figure)
        line2 = Text(gap.join(f.line2))
        verdict_key = "totals--illegal" if not f.legal else (
            "totals--warnings" if f.warnings else "totals--legal")
        badge = Text(f" {f.verdict} ", style=self.get_component_rich_style(verdict_key))
        fits = self.content_size.width - badge.cell_len - 2
        if line2.cell_len > fits > 0:  # the verdict is never pushed off: the figures give way
            line2.truncate(fits, overflow="ellipsis")
        room = self.content_size.width - line2.cell_len - badge.cell_len
        line2.append(" " * max(2, room))
        line2.append_text(badge)
        both = Text("\n").join([line1, line2])
        both.no_wrap, both.overflow = True, "ellipsis"  # many rounds: never wrap into line 2
        return both

    def plain(self) -> str:
        """All the figures as one line of plain text (for tests and screen readers)."""
        f = self.figures
        return "  ".join([f"{f.bar_label} {f.budget_text}", *f.figures, *f.line2, f.verdict])

