"""Plain-text and JSON renderings of a validation report (`check`, the organiser's table)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from horizon_builder.engine.findings import Finding
from horizon_builder.engine.tournament import benched, remaining_value, round_minutes, round_ready
from horizon_builder.engine.validator import Report
from horizon_builder.text.safetext import printable


def finding_line(finding: Finding) -> str:
    mark = " [provisional]" if finding.provisional else ""
    return f"  {finding.severity.upper():7} {finding.message}  ({finding.rule}){mark}"


def text_report(path: str | Path, report: Report) -> str:
    t = report.totals
    roster = report.analysis.roster
    lines = [f"{path}: {roster.name} ({roster.kind.replace('_', ' ')})"]
    if roster.kind == "task_force":
        lines.append(f"  tournament FC {roster.force_cost}   Task Force FP {t.force_presence}"
                     f"/{t.force_presence_limit}   elements {t.element_count}   "
                     f"round length {round_minutes(report.analysis.ruleset, roster.force_cost)} min")
        gone = benched(roster)
        if gone:
            names = [report.analysis.by_id[i].element.name for i in gone if i in report.analysis.by_id]
            lines.append(f"  benched: {', '.join(names)}   value remaining "
                         f"{remaining_value(report.analysis)}")
        for sub in report.round_reports:
            rt = sub.totals
            lines.append(f"  {sub.analysis.round_name}: FC {rt.force_cost}/{rt.force_cost_limit}"
                         f"   FP {rt.force_presence}   CR {rt.command_resources_spent}"
                         f"/{rt.command_resources}   IR {_ir(rt.intelligence_rating)}"
                         f" {rt.intelligence_quality or ''}".rstrip())
    else:
        lines += [
            f"  FC {t.force_cost}/{t.force_cost_limit}   FP {t.force_presence}   "
            f"CR {t.command_resources_spent}/{t.command_resources}   "
            f"IR {_ir(t.intelligence_rating)} {t.intelligence_quality or ''}".rstrip(),
            f"  momentum {t.starting_momentum}   deployment spaces {t.deployment_spaces}   "
            f"elements {t.element_count}",
        ]
    lines.append(f"  verdict: {report.verdict}")
    if report.provisional_values:
        lines.append(f"  provisional values used: {'; '.join(report.provisional_values)}")
    lines.extend(rules_layer_lines(report))
    lines.extend(finding_line(f) for f in report.all_findings)
    # One line each: a control character or a line break in a name is shown escaped.
    return "\n".join(printable(line) for line in lines)


def rules_layer_lines(report: Report) -> list[str]:
    """Every ruleset file beyond the shipped book data the verdict rests on, with the values
    it changed that this list used."""
    lines = [f"  {layer.said}: {layer.path}" for layer in report.rules_layers]
    if report.changed_values:
        lines.append(f"  values they changed used here: {'; '.join(report.changed_values)}")
    if report.entered_values:
        lines.append(f"  values entered from your rulebook used here: "
                     f"{'; '.join(report.entered_values)}")
    return lines


def _ir(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}"


def json_report(path: str | Path, report: Report) -> dict[str, Any]:
    t = report.totals
    roster = report.analysis.roster
    return {
        "path": str(path),
        "name": roster.name,
        "kind": roster.kind,
        "legal": report.legal,
        "provisional": report.provisional,
        "provisional_values": report.provisional_values,
        "rules_layers": [layer.model_dump() for layer in report.rules_layers],
        "changed_values": report.changed_values,
        "entered_values": report.entered_values,
        # The totals model's keys (docs/player.md: force_cost, force_presence, ...); "provisional"
        # above is the whole verdict's, which covers the totals' own.
        **t.model_dump(exclude={"provisional"}),
        **(_task_force_json(report) if roster.kind == "task_force" else {}),
        "findings": [
            {
                "severity": f.severity,
                "code": f.code,
                "element": f.element_name,
                "element_id": f.element,
                "message": f.message,
                "rule": f.rule,
                "field": f.field,
                "provisional": f.provisional,
                "round": f.round,
            }
            for f in report.all_findings
        ],
    }


def _task_force_json(report: Report) -> dict[str, Any]:
    """A Task Force list is judged by its FP against the limit (OtH p.46); its FC against
    the tournament FC and its Intelligence Rating mean something only per round."""
    roster = report.analysis.roster
    return {
        "tournament_force_cost": roster.force_cost,
        "force_cost_limit": None,
        "intelligence_rating": None,
        "intelligence_quality": None,
        "intelligence_effect": None,
        "round_length_minutes": round_minutes(report.analysis.ruleset, roster.force_cost),
        "benched": benched(roster),
        "value_remaining": remaining_value(report.analysis),
        "rounds": [
            {"name": sub.analysis.round_name, "legal": round_ready(report, index)[0],
             **sub.totals.model_dump(exclude={"provisional"})}
            for index, sub in enumerate(report.round_reports)
        ],
    }
