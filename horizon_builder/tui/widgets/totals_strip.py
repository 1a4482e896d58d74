"""The header strip of the home screen: what the force costs and whether it is legal.

Every number comes from the session's :class:`~horizon_builder.engine.validator.Report`,
the same one ``horizon-builder check`` prints, so the app and the command line
never disagree. The tooltip says how each figure is worked out.

One widget draws both lines (the FC bar included): the strip is on screen at
start-up, and one widget is much cheaper to mount than a dozen labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.widget import Widget

from horizon_builder.tui.widgets.format import plural, signed, verdict

if TYPE_CHECKING:
    from horizon_builder.engine.validator import Report

BAR_WIDTH = 16

TOOLTIP = """\
FC: Force Cost spent / budget: each element's FC added up (normally its P; a conventional \
CHQ is free and changes some other types' FC). Select an element to see its FC explained.
FP: Force Presence, the elements' P added up (a metaformer: its P plus one per form).
CR: Command Resources spent / available (a conventional CHQ brings one per two \
conventional elements).
IR: Intelligence Rating = 10 × (1 − FP/FC), rounded, and its quality (OtH p.50).
Deploy: deployment spaces (one per full 10 elements, at least one; OtH p.53).
Momentum: starting momentum (the force's FP, with exceptions; OtH p.51).
≈: rests on a provisional value (a core rule we could not read in a book we hold)."""


@dataclass
class Figures:
    """What the strip shows, as plain values (kept for tests and the tooltip)."""

    bar_label: str = "FC"
    spent: int = 0
    budget: int = 1
    budget_text: str = ""
    figures: list[str] = field(default_factory=list)
    line2: list[str] = field(default_factory=list)
    verdict: str = ""
    legal: bool = True
    warnings: bool = False
    over: bool = False
    effect: str = ""
    narrow: list[str] | None = None  #: the figures said shorter, where they do not fit


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
        self.tooltip = TOOLTIP

    def show(self, report: Report) -> None:
        """Show the figures of a report."""
        if report.analysis.roster.kind == "task_force":
            figures = self._task_force(report)
        else:
            figures = self._battlegroup(report)
        if report.rules_layers:  # the verdict rests on them: name them on screen
            figures.line2.append("rules + " + ", ".join(la.label for la in report.rules_layers))
        effect = f"\nIR effect: {figures.effect}" if figures.effect else ""
        used = report.provisional_values
        provisional = f"\n\nProvisional values used: {'; '.join(used)}" if used else ""
        beyond = "".join(f"\n\nRules beyond the book: {layer.label}, {layer.role}: {layer.path}"
                         for layer in report.rules_layers)
        if report.changed_values:
            beyond += f"\nValues they changed used here: {'; '.join(report.changed_values)}"
        self.show_figures(figures, TOOLTIP + effect + provisional + beyond)

    def show_figures(self, figures: Figures, tooltip: str) -> None:
        """Show figures worked out before (by :meth:`show`, or kept from the last run)."""
        self.figures = figures
        self.set_class(figures.over, "-over")
        self.set_class(figures.spent == figures.budget, "-full")
        self.tooltip = tooltip
        self.refresh()

    # --- the figures ----------------------------------------------------------------
    @staticmethod
    def _battlegroup(report: Report) -> Figures:
        t = report.totals
        left = t.force_cost_limit - t.force_cost
        state = f"({left} left)" if left > 0 else ("(on budget)" if left == 0 else f"({-left} over)")
        prov = " ≈" if t.provisional else ""
        quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
        figures = Figures(
            "FC", t.force_cost, t.force_cost_limit, f"{t.force_cost}/{t.force_cost_limit} {state}{prov}",
            [f"FP {t.force_presence}", f"CR {t.command_resources_spent}/{t.command_resources}",
             f"IR {signed(t.intelligence_rating)}{quality}"],
            over=left < 0, effect=t.intelligence_effect or "",
        )
        TotalsStrip._line2(report, figures)
        return figures

    @staticmethod
    def _task_force(report: Report) -> Figures:
        t = report.totals
        roster = report.analysis.roster
        limit = t.force_presence_limit or 2 * roster.force_cost  # the preset's, else twice
        rounds = [
            f"{sub.analysis.round_name} {sub.totals.force_cost}/{sub.totals.force_cost_limit}"
            f"{'✓' if sub.legal else '✗'}"
            for sub in report.round_reports
        ]
        figures = Figures(
            "FP", t.force_presence, limit, f"{t.force_presence}/{limit} Task Force FP",
            [f"event FC {roster.force_cost}", " · ".join(rounds) if rounds else "no rounds yet"],
            over=t.force_presence > limit,
            narrow=[f"event FC {roster.force_cost}", "rounds " + " ".join(
                f"{'✓' if sub.legal else '✗'}" for sub in report.round_reports) if rounds
                else "no rounds yet"],
        )
        TotalsStrip._line2(report, figures)
        from horizon_builder.engine.tournament import benched, remaining_value, round_minutes

        minutes = round_minutes(report.analysis.ruleset, roster.force_cost)
        figures.line2 = [plural(len(roster.elements), "element"), f"round length {minutes} min"]
        gone = [report.analysis.by_id[i].element.name for i in benched(roster)
                if i in report.analysis.by_id]
        if gone:
            figures.line2.append(f"benched: {', '.join(gone)} (value remaining "
                                 f"{remaining_value(report.analysis)})")
        return figures

    @staticmethod
    def _line2(report: Report, figures: Figures) -> None:
        t = report.totals
        figures.line2 = [f"Deploy {plural(t.deployment_spaces, 'space')}",
                         f"Momentum {t.starting_momentum}",
                         plural(len(report.analysis.roster.elements), "element")]
        v = verdict(report)
        figures.legal, figures.warnings = v.legal, v.warnings > 0
        if not report.analysis.roster.elements and v.legal and not v.warnings:
            figures.verdict = "no elements yet"  # nothing wrong, but nothing to play either
            figures.warnings = True
            return
        figures.verdict = f"{'✓' if v.legal else '✗'} {v.text}{' ≈' if v.provisional else ''}"

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

