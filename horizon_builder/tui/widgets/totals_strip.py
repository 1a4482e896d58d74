"""The header strip of the home screen: what the force costs and whether it is legal.

Every number comes from the session's :class:`~horizon_builder.validator.Report`,
the same one ``horizon-builder check`` prints, so the app and the command line
never disagree. Each figure has a tooltip saying how it is worked out.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from horizon_builder.tui.widgets.format import plural, signed, verdict
from horizon_builder.validator import Report


class BudgetBar(Widget):
    """A bar of points spent against a budget; it turns red when over.

    ``-over`` is set when spent > budget, ``-full`` when exactly on budget.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"budget-bar--filled", "budget-bar--empty", "budget-bar--over"}

    spent: reactive[int] = reactive(0)
    budget: reactive[int] = reactive(1)

    def watch_spent(self) -> None:
        self._update_classes()

    def watch_budget(self) -> None:
        self._update_classes()

    def _update_classes(self) -> None:
        self.set_class(self.spent > self.budget, "-over")
        self.set_class(self.spent == self.budget, "-full")

    def render(self) -> Text:
        width = max(1, self.size.width)
        budget = max(1, self.budget)
        filled_style = self.get_component_rich_style("budget-bar--filled")
        empty_style = self.get_component_rich_style("budget-bar--empty")
        over_style = self.get_component_rich_style("budget-bar--over")
        if self.spent > budget:
            # the budget part, then a marker showing how far over it goes
            inside = max(1, round(width * budget / self.spent))
            return Text.assemble(("━" * inside, over_style), ("╸" + "━" * (width - inside - 1), over_style)
                                 if width - inside > 0 else ("", over_style))
        filled = min(width, round(width * self.spent / budget))
        return Text.assemble(("━" * filled, filled_style), ("━" * (width - filled), empty_style))


class TotalsStrip(Widget):
    """FC spent / budget, FP, CR, IR, deployment spaces, momentum and the verdict."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="totals-line1", classes="totals-line"):
            yield Static("FC", id="fc-label")
            yield BudgetBar(id="fc-bar")
            yield Static(id="fc-value", classes="figure", markup=False)
            yield Static(id="fp-value", classes="figure", markup=False)
            yield Static(id="cr-value", classes="figure", markup=False)
            yield Static(id="ir-value", classes="figure", markup=False)
        with Horizontal(id="totals-line2", classes="totals-line"):
            yield Static(id="deploy-value", classes="figure", markup=False)
            yield Static(id="momentum-value", classes="figure", markup=False)
            yield Static(id="count-value", classes="figure", markup=False)
            yield Static(id="verdict", classes="figure", markup=False)

    def show(self, report: Report) -> None:
        """Show the figures of a report (cheap: a handful of label updates)."""
        if report.analysis.roster.kind == "task_force":
            self._show_task_force(report)
        else:
            self._show_battlegroup(report)
        self._show_verdict(report)

    # --- pieces ------------------------------------------------------------
    def _set(self, widget_id: str, text: str | Text, tooltip: str | None = None,
             classes: dict[str, bool] | None = None) -> None:
        widget = self.query_one(f"#{widget_id}", Static)
        widget.update(text)
        if tooltip is not None:
            widget.tooltip = tooltip
        for name, on in (classes or {}).items():
            widget.set_class(on, name)

    def _show_battlegroup(self, report: Report) -> None:
        t = report.totals
        bar = self.query_one("#fc-bar", BudgetBar)
        bar.budget, bar.spent = t.force_cost_limit, t.force_cost
        self.query_one("#fc-label", Static).update("FC")
        left = t.force_cost_limit - t.force_cost
        state = f"({left} left)" if left > 0 else ("(on budget)" if left == 0 else f"({-left} over)")
        prov = " ≈" if t.provisional else ""
        self._set("fc-value", f"{t.force_cost}/{t.force_cost_limit} {state}{prov}",
                  "Force Cost: the sum of each element's FC (normally its P; a conventional CHQ is "
                  "free and changes some other types' FC). ≈ marks a cost that rests on a provisional "
                  "value. Select an element to see its FC explained below the list.",
                  {"-over": left < 0, "-ok": left >= 0})
        self._set("fp-value", f"FP {t.force_presence}",
                  "Force Presence: the sum of the elements' P (a metaformer counts its P plus one per form).")
        cr_state = t.command_resources - t.command_resources_spent
        self._set("cr-value", f"CR {t.command_resources_spent}/{t.command_resources}",
                  "Command Resources spent / available: a conventional CHQ brings one CR for each "
                  "two conventional elements (the CHQ counts).",
                  {"-over": cr_state < 0})
        quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
        self._set("ir-value", f"IR {signed(t.intelligence_rating)}{quality}",
                  f"Intelligence Rating = 10 × (1 − FP/FC), rounded (OtH p.50). "
                  f"{t.intelligence_effect or ''}".strip())
        self._show_line2(report)

    def _show_task_force(self, report: Report) -> None:
        t = report.totals
        roster = report.analysis.roster
        limit = 2 * roster.force_cost
        bar = self.query_one("#fc-bar", BudgetBar)
        bar.budget, bar.spent = limit, t.force_presence
        self.query_one("#fc-label", Static).update("FP")
        left = limit - t.force_presence
        self._set("fc-value", f"{t.force_presence}/{limit} Task Force FP",
                  "A Task Force may hold up to twice the tournament FC in Presence (OtH p.46).",
                  {"-over": left < 0, "-ok": left >= 0})
        self._set("fp-value", f"event FC {roster.force_cost}",
                  "The tournament's Force Cost: each round's battlegroup must fit in it.")
        rounds = []
        for sub in report.round_reports:
            rt = sub.totals
            mark = "✓" if sub.legal else "✗"
            rounds.append(f"{sub.analysis.round_name} {rt.force_cost}/{rt.force_cost_limit}{mark}")
        self._set("cr-value", " · ".join(rounds) if rounds else "no rounds yet",
                  "Each round's battlegroup: FC spent / budget, and whether it is legal.",
                  {"-over": any(not r.legal for r in report.round_reports)})
        self._set("ir-value", "")
        self._show_line2(report)

    def _show_line2(self, report: Report) -> None:
        t = report.totals
        self._set("deploy-value", f"Deploy {plural(t.deployment_spaces, 'space')}",
                  "Deployment spaces: one per full 10 elements on the table, at least one (OtH p.53), "
                  "plus any the Intelligence Rating gives.")
        self._set("momentum-value", f"Momentum {t.starting_momentum}",
                  "Starting momentum: the force's FP, with per-element exceptions (OtH p.51).")
        count = len(report.analysis.roster.elements)
        self._set("count-value", plural(count, "element"))

    def _show_verdict(self, report: Report) -> None:
        v = verdict(report)
        icon = "✓" if v.legal else "✗"
        text = f"{icon} {v.text}"
        tooltip = "No errors: this force can be played." if v.legal else \
            "Errors make the force illegal: see the findings below (Enter on one to fix it)."
        if v.provisional:
            text += " ≈"
            tooltip += (" ≈: the verdict rests on provisional values (core rules we could not "
                        "read in a book we hold); check them against your rulebook.")
        self._set("verdict", text, tooltip,
                  {"-legal": v.legal, "-illegal": not v.legal, "-warnings": v.legal and v.warnings > 0})

    def plain(self) -> str:
        """All the figures as one line of plain text (for tests and screen readers)."""
        parts = []
        for static in self.query(".figure").results(Static):
            text = str(static.visual) if static.visual is not None else ""
            if text:
                parts.append(text)
        bar_label = str(self.query_one("#fc-label", Static).visual)
        return f"{bar_label} " + "  ".join(parts)
