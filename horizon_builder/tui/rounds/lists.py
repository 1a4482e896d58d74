"""The lists of the rounds screen: the rounds, and the Task Force elements a round fields."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.engine.totals import Totals
from horizon_builder.engine.tournament import benched, remaining_value, round_minutes
from horizon_builder.engine.validator import Report
from horizon_builder.roster.models import Roster


class RoundList(OptionList):
    """The rounds in play order, each with its FC and verdict."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e,f2", "screen.rename_round", "Rename"),
        Binding("delete,backspace", "screen.delete_round", "Delete", key_display="del"),
        Binding("left_square_bracket,shift+up", "screen.move_round(-1)", "Earlier",
                key_display="["),
        Binding("right_square_bracket,shift+down", "screen.move_round(1)", "Later",
                key_display="]"),
    ]


class RoundElementList(OptionList):
    """The Task Force elements: ticked when the round fields them; benched ones disabled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "screen.toggle_element", "Field", tooltip="Field it in this round, "
                "or take it out (Enter too)"),
        Binding("x", "screen.toggle_destroyed", "Destroyed",
                tooltip="Destroyed in this round: benched for the rounds after it (OtH p.46)"),
        Binding("h", "screen.lead", "CHQ", tooltip="Make it the round's CHQ"),
    ]

    def show(self, rows: list[ed.RoundElementRow]) -> None:
        """One line per Task Force element as the round fields it (OtH p.46)."""
        box = self
        current = box.highlighted_option.id if box.highlighted_option else None
        width = min(28, max((len(r.name) for r in rows), default=8))
        type_width = max((len(f"{r.type_name} P{r.presence}") for r in rows), default=6)
        options = []
        for row in rows:
            kind = f"{row.type_name} P{row.presence}".ljust(type_width)
            name = row.name if len(row.name) <= width else row.name[: width - 1] + "…"
            if row.benched and not row.fielded:
                options.append(Option(Content.assemble(
                    ("–    ", "dim"), (name.ljust(width), "dim"), "  ", (kind, "dim"), " ",
                    (f"benched: lost in {row.benched_in}", "$text-muted")),
                    id=row.element_id, disabled=True))
                continue
            box_mark = ("☑", "bold $success") if row.fielded else ("☐", "")
            lead = ("★", "bold $accent") if row.leads else " "
            lost = ("†", "bold $error") if row.destroyed else " "
            notes: list[tuple[str, str]] = []
            if row.benched:
                notes.append((f"✗ benched: lost in {row.benched_in}; untick it ",
                              "bold $error"))
            if row.destroyed:
                notes.append(("destroyed ", "$error"))
            if row.leads:
                notes.append(("CHQ ", "$accent"))
            fc = f"FC {row.fc}".ljust(5)
            options.append(Option(Content.assemble(
                box_mark, " ", lead, lost, " ", (name.ljust(width), "bold" if row.fielded else ""),
                "  ", (kind, "dim"), " ", (fc, "" if row.fielded else "dim"), " ", *notes),
                id=row.element_id))
        if not options:
            options.append(Option(Content.styled(
                "The Task Force has no elements yet: add them on the home screen (a)", "dim"),
                disabled=True))
        box.set_options(options)
        fielded = sum(1 for r in rows if r.fielded)
        box.border_title = f"Battlegroup: {fielded} of {len(rows)} Task Force elements fielded"
        box.border_subtitle = "space field · x destroyed · h CHQ"
        ids = [o.id for o in box.options]
        if current is not None and current in ids and not box.get_option(current).disabled:
            box.highlighted = ids.index(current)
        elif box.highlighted is None or box.highlighted >= len(ids):
            box.highlighted = next((i for i, o in enumerate(box.options) if not o.disabled), None)


def summary_text(roster: Roster, report: Report) -> Content:
    """The Task Force line: tournament FC, FP against its limit (OtH p.46), round length
    (OtH p.45), the benched and the value remaining (OtH p.48)."""
    fp = sum(info.fp for info in report.analysis.elements)
    limit = report.totals.force_presence_limit or 2 * roster.force_cost  # the preset's, else twice
    gone = [report.analysis.by_id[i].element.name for i in benched(roster)
            if i in report.analysis.by_id]
    parts: list[tuple[str, str] | str] = [
        ("Tournament FC ", "bold"), str(roster.force_cost), "   ",
        ("Task Force FP ", "bold"),
        (f"{fp}/{limit}", "bold $error" if fp > limit else "bold $success"),
        (" (over the limit)" if fp > limit else "", "$error"), "   ",
        ("Round length ", "bold"),
        f"{round_minutes(report.analysis.ruleset, roster.force_cost)} min", "   ",
        ("Benched ", "bold"), ", ".join(gone) if gone else ("none", "dim"), "   ",
        ("Value remaining ", "bold"), str(remaining_value(report.analysis))]
    if roster.kind != "task_force":
        parts = [("This roster is a battlegroup: its rounds are used only when its kind is "
                  "Task Force (Settings)", "$warning")]
    return Content.assemble(*parts)


def round_totals_text(name: str, t: Totals) -> Content:
    """One round's battlegroup figures: FC against the tournament FC, FP, CR, IR, momentum."""
    quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
    ir = "–" if t.intelligence_rating is None else f"{t.intelligence_rating:+d}"
    return Content.assemble(
        (name, "bold"), "  ",
        ("FC ", "bold"), (f"{t.force_cost}/{t.force_cost_limit}",
                          "bold $error" if t.over_budget else "bold $success"),
        (" over" if t.over_budget else "", "$error"),
        "   ", ("FP ", "bold"), str(t.force_presence),
        "   ", ("CR ", "bold"), (f"{t.command_resources_spent}/{t.command_resources}",
                                 "$error" if t.command_resources_spent > t.command_resources
                                 else ""),
        "   ", ("IR ", "bold"), f"{ir}{quality}",
        "   ", ("Momentum ", "bold"), str(t.starting_momentum))
