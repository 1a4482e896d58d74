"""The totals strip's figures as plain values: what the home screen's header strip says.

No Textual here: the figures are worked out the same way for the strip
(:mod:`horizon_builder.tui.roster.totals_strip`, which draws them) and for the view
of a first start worked out in a second process (:mod:`horizon_builder.tui.roster.firstview`).
Every number comes from the session's :class:`~horizon_builder.engine.validator.Report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from horizon_builder.tui.roster.format import plural, signed, verdict

if TYPE_CHECKING:
    from horizon_builder.campaign.intelligence import Playing
    from horizon_builder.engine.validator import Report

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


#: on the totals' second line when the campaign file cannot be read now
UNREAD = "campaign as last read"


def report_figures(report: Report, playing: Playing | None = None) -> tuple[Figures, str]:
    """The strip's figures of a report, and its tooltip (how each figure is worked out,
    the provisional values used and the rules beyond the book); ``playing``: the list as a
    campaign plays it, its IR with the campaign's adjustment (OtH p.50)."""
    task_force = report.analysis.roster.kind == "task_force"
    figures = _task_force(report) if task_force else _battlegroup(report, playing)
    beyond_book = [la.label for la in report.rules_layers if la.beyond_book]
    if beyond_book:  # the verdict rests on them: name them on screen
        figures.line2.append("rules + " + ", ".join(beyond_book))
    entered = sum(len(la.entered) for la in report.rules_layers if not la.beyond_book)
    if entered:
        figures.line2.append(f"rulebook: {entered} entered")  # (fits 80 columns)
    effect = f"\nIR effect: {figures.effect}" if figures.effect else ""
    if playing is not None and not task_force:
        ir = playing.ir(report.analysis.ruleset.intelligence, report.totals)
        effect = (f"\n\nCampaign: {playing.said()}"
                  + (f"\nIR {ir.sum_text()}: the base IR, the adjustment and the IR played "
                     "with, whose band sets the effect and the deployment spaces" if ir else "")
                  + "\nRecord: each element's battles fought / times destroyed in the "
                  "campaign" + effect)
        if playing.unread:
            effect = ("\n\nThe campaign file was changed and cannot be read now: the campaign's "
                      "figures are as it was last read.\n" + "\n".join(playing.unread) + effect)
    used = report.provisional_values
    provisional = f"\n\nProvisional values used: {'; '.join(used)}" if used else ""
    beyond = "".join(f"\n\n{layer.said[:1].upper()}{layer.said[1:]}: {layer.path}"
                     for layer in report.rules_layers)
    if report.changed_values:
        beyond += f"\nValues they changed used here: {'; '.join(report.changed_values)}"
    if report.entered_values:
        beyond += f"\nValues entered from your rulebook used here: {'; '.join(report.entered_values)}"
    return figures, TOOLTIP + effect + provisional + beyond


def _battlegroup(report: Report, playing: Playing | None = None) -> Figures:
    t = report.totals
    left = t.force_cost_limit - t.force_cost
    state = f"({left} left)" if left > 0 else ("(on budget)" if left == 0 else f"({-left} over)")
    prov = " ≈" if t.provisional else ""
    quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
    ir_text, effect, spaces = (f"IR {signed(t.intelligence_rating)}{quality}",
                               t.intelligence_effect or "", t.deployment_spaces)
    ir = playing.ir(report.analysis.ruleset.intelligence, t) if playing is not None else None
    narrow = None
    if ir is not None:  # a campaign's list: the base IR, the adjustment, the IR played with
        ir_text, effect, spaces = (f"IR {ir.sum_text()}", ir.effect or effect,
                                   ir.spaces(t.deployment_spaces))
        narrow = [f"FP {t.force_presence}", f"CR {t.command_resources_spent}/"
                  f"{t.command_resources}", f"IR {ir.rating:+d}"
                  + (f" {ir.quality}" if ir.quality else "") + f" ({ir.adjustment:+d})"]
    figures = Figures(
        "FC", t.force_cost, t.force_cost_limit, f"{t.force_cost}/{t.force_cost_limit} {state}{prov}",
        [f"FP {t.force_presence}", f"CR {t.command_resources_spent}/{t.command_resources}",
         ir_text],
        over=left < 0, effect=effect, narrow=narrow,
    )
    _line2(report, figures, spaces)
    if playing is not None and playing.unread:  # first: the line gives way from its end
        figures.line2.insert(0, UNREAD)
    return figures


def _task_force(report: Report) -> Figures:
    t = report.totals
    roster = report.analysis.roster
    limit = t.force_presence_limit or 2 * roster.force_cost  # the preset's, else twice
    from horizon_builder.engine.tournament import round_ready

    rounds, marks = [], []
    for index, sub in enumerate(report.round_reports):
        ready, word = round_ready(report, index)
        marks.append("✓" if ready else "✗")
        rounds.append(f"{sub.analysis.round_name} "
                      f"{word or f'{sub.totals.force_cost}/{sub.totals.force_cost_limit}'}"
                      f"{marks[-1]}")
    figures = Figures(
        "FP", t.force_presence, limit, f"{t.force_presence}/{limit} Task Force FP",
        [f"event FC {roster.force_cost}", " · ".join(rounds) if rounds else "no rounds yet"],
        over=t.force_presence > limit,
        narrow=[f"event FC {roster.force_cost}",
                "rounds " + " ".join(marks) if rounds else "no rounds yet"],
    )
    _line2(report, figures)
    from horizon_builder.engine.tournament import benched, remaining_value, round_minutes

    minutes = round_minutes(report.analysis.ruleset, roster.force_cost)
    figures.line2 = [elements_text(report), f"round length {minutes} min"]
    gone = [report.analysis.by_id[i].element.name for i in benched(roster)
            if i in report.analysis.by_id]
    if gone:
        figures.line2.append(f"benched: {', '.join(gone)} (value remaining "
                             f"{remaining_value(report.analysis)})")
    return figures


def _line2(report: Report, figures: Figures, spaces: int | None = None) -> None:
    t = report.totals
    spaces = t.deployment_spaces if spaces is None else spaces
    figures.line2 = [f"Deploy {plural(spaces, 'space')}",
                     f"Momentum {t.starting_momentum}",
                     elements_text(report)]
    v = verdict(report)
    figures.legal, figures.warnings = v.legal, v.warnings > 0
    if not report.analysis.roster.elements and v.legal and not v.warnings:
        figures.verdict = "no elements yet"  # nothing wrong, but nothing to play either
        figures.warnings = True
        return
    figures.verdict = f"{'✓' if v.legal else '✗'} {v.text}{' ≈' if v.provisional else ''}"


def elements_text(report: Report) -> str:
    """"7 elements", and the strategic assets apart ("7 elements + 2 assets"): an asset is off
    the table, not an element there (OtH p.36)."""
    from horizon_builder.engine.totals import elements_said

    return elements_said(info.type for info in report.analysis.by_id.values())
