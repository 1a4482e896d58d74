"""Plain words and numbers for the home screen, computed from a validation report.

Pure functions (no widgets) so the header, the element list and the findings
panel say exactly what ``horizon-builder check`` says, and tests can read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from horizon_builder.engine.findings import plural

if TYPE_CHECKING:
    from textual.content import Content

    from horizon_builder.engine.analysis import ElementInfo, StatlineInfo
    from horizon_builder.engine.findings import Finding
    from horizon_builder.engine.validator import Report
    from horizon_builder.roster.models import CrPurchase, Element
    from horizon_builder.rules.models import Ruleset


#: The four stats every table shows in its own column, in book order.
MAIN_STATS = ("M", "F", "A", "D")

SEVERITY_ICON = {"error": "✗", "warning": "!", "info": "i"}
SEVERITY_WORD = {"error": "ERROR", "warning": "WARN", "info": "INFO"}


def signed(value: int | None) -> str:
    return "–" if value is None else f"{value:+d}"


def type_label(ruleset: Ruleset, type_id: str) -> str:
    et = ruleset.element_types.get(type_id)
    if et is None:
        return f"{type_id}?"
    return et.short or et.name


def stats_cells(line: StatlineInfo) -> tuple[str, ...]:
    """M F A D values (blank dot when not set; blank for a strategic asset, which has none)."""
    if line.type is not None and not line.type.has_statline:
        return ("",) * len(MAIN_STATS)
    return tuple(str(line.stats[s]) if s in line.stats else "·" for s in MAIN_STATS)


def extra_stats(line: StatlineInfo) -> str:
    """Stats beyond M F A D (an aircraft's Mb ...), as 'Mb2'."""
    return " ".join(f"{k}{v}" for k, v in line.stats.items() if k not in MAIN_STATS)


@dataclass(frozen=True)
class UpgradeShown:
    """One upgrade of a line as the element list names it, with what it gives the line
    besides itself (upgrades and special rules, by name: OtH p.64)."""

    name: str
    gives: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()  #: the special rules among ``gives`` (by id)

    def text(self, compact: bool = False) -> str:
        """"Artificial intelligence (gives Gunnery controller, Supergun, Never Overkill)";
        ``compact``: how many, "Artificial intelligence (gives 3)" (the detail line names them)."""
        if not self.gives:
            return self.name
        return f"{self.name} (gives {len(self.gives) if compact else ', '.join(self.gives)})"


def upgrades_shown(ruleset: Ruleset, line: StatlineInfo,
                   bought: Iterable[CrPurchase] = ()) -> list[UpgradeShown]:
    """A line's upgrades, those bought with CR for its whole type first (``bought``: drones,
    a rebro node, OtH p.24), which it has as much as its own, each with the upgrades and
    special rules it grants (OtH p.64)."""
    from horizon_builder.engine.analysis import (  # (only the types at import)
        granted_rules,
        granted_upgrades,
    )

    purchases = [(p, ruleset.upgrades.get(p.upgrade)) for p in bought
                 if not p.form_type]  # (one bought for the metaforms of a type: not this line)
    gives: dict[int, list[str]] = {}  # (by the giving upgrade)
    rules: dict[int, list[str]] = {}
    for _, granted, by in granted_upgrades(ruleset, line):
        gives.setdefault(id(by), []).append(granted.name)
    for rule, by in granted_rules(ruleset, line, [(up, p.option) for p, up in purchases
                                                   if up is not None]):
        gives.setdefault(id(by), []).append(ruleset.rule_name(rule))
        rules.setdefault(id(by), []).append(rule)
    shown = []
    for purchase, up in purchases:
        name = up.name if up is not None else f"{purchase.upgrade}?"
        name += f" ({purchase.option})" if purchase.option else ""
        shown.append(UpgradeShown(name, tuple(gives.pop(id(up), ())),
                                  tuple(rules.pop(id(up), ()))))
    for cost in line.upgrades:
        up = cost.upgrade
        name = up.name if up is not None else f"{cost.choice.id}?"
        if cost.choice.option:
            name += f" ({cost.choice.option})"
        if cost.choice.count > 1:
            name += f" ×{cost.choice.count}"
        shown.append(UpgradeShown(name, tuple(gives.pop(id(up), ())),
                                  tuple(rules.pop(id(up), ()))))
    return shown


def upgrades_text(ruleset: Ruleset, line: StatlineInfo,
                  bought: Iterable[CrPurchase] = (), width: int | None = None) -> str:
    """A line's upgrades (:func:`upgrades_shown`), each with what it grants after it (OtH
    p.64: "Artificial intelligence (gives Gunnery controller, Supergun, Never Overkill)").
    Longer than ``width``, each says only how many ("(gives 3)"): the detail line under the
    list names them for the highlighted element (:func:`element_detail`)."""
    shown = upgrades_shown(ruleset, line, bought)
    extra = extra_stats(line)
    for compact in (False, True):
        text = ", ".join([extra] * bool(extra) + [u.text(compact) for u in shown])
        if width is None or len(text) <= width:
            break
    return text


@dataclass(frozen=True)
class Verdict:
    legal: bool
    errors: int
    warnings: int
    provisional: bool

    @property
    def text(self) -> str:
        if self.legal:
            text = "LEGAL"
            if self.warnings:
                text += f", {plural(self.warnings, 'warning')}"
        else:
            text = f"{plural(self.errors, 'error')}"
            if self.warnings:
                text += f", {plural(self.warnings, 'warning')}"
        return text


def verdict(report: Report) -> Verdict:
    return Verdict(report.legal, len(report.errors), len(report.warnings), report.provisional)


def element_marks(findings: Iterable[Finding]) -> dict[str, str]:
    """Worst severity per element id ('error' beats 'warning' beats 'info')."""
    order = {"error": 0, "warning": 1, "info": 2}
    marks: dict[str, str] = {}
    for finding in findings:
        if finding.element is None:
            continue
        current = marks.get(finding.element)
        if current is None or order[finding.severity] < order[current]:
            marks[finding.element] = finding.severity
    return marks


def element_detail(report: Report, info: ElementInfo) -> str:
    """One line explaining an element's numbers: FC and why, pool, special rules."""
    ruleset = report.analysis.ruleset
    et = info.type
    parts = [f"{info.element.name}: {type_label(ruleset, info.element.type)} P{info.element.presence}"]
    fc = f"FC {info.fc}"
    if info.fc_notes:
        fc += f" ({'; '.join(info.fc_notes)})"
    if info.fc_provisional:
        fc += " ≈"
    parts.append(fc)
    parts.append(f"FP {info.fp}")
    if info.base.pool is not None:
        pool = f"pool {info.base.points_spent}/{info.base.pool}"
        if info.base.unknown_costs:
            pool += " + unknown costs"
        parts.append(pool)
    if info.forms:
        parts.append(plural(len(info.forms), "form"))
    # what each upgrade gives (the row says only how many when its column is narrow), then
    # the other special rules
    giving = [u for u in upgrades_shown(ruleset, info.base, info.type_upgrades) if u.gives]
    parts.extend(f"{u.name} gives {', '.join(u.gives)}" for u in giving)
    given = {rule for u in giving for rule in u.rules}
    rules = [ruleset.rule_name(r) for r in info.special_rules if r not in given]
    if rules:
        parts.append(", ".join(rules))
    if et is None:
        parts.append("unknown type")
    return " · ".join(parts)


def form_detail(report: Report, info: ElementInfo, number: int) -> str:
    """One line about a metaform (numbered from 1): its type, P, pool and special rules."""
    ruleset = report.analysis.ruleset
    form = info.element.forms[number - 1]
    line = info.forms[number - 1]
    label = form.name or type_label(ruleset, form.type)
    parts = [f"{info.element.name}, {label} form: {type_label(ruleset, form.type)} P{form.presence}"]
    if line.pool is not None:
        parts.append(f"pool {line.points_spent}/{line.pool}"
                     + (" + unknown costs" if line.unknown_costs else ""))
    rules = [ruleset.rule_name(r) for r in line.special_rules]
    if rules:
        parts.append(", ".join(rules))
    parts.append(f"the element's FC {info.fc} counts every form")
    return " · ".join(parts)


def force_field_target(field: str | None) -> str | None:
    """Which screen edits a force-level field: 'command', 'settings' or None."""
    if not field:
        return None
    head = field.split(".")[0].split("[")[0]
    if head in ("command", "cr_purchases", "weird"):
        return "command"
    if head in ("force_cost", "name", "kind", "era", "supplements", "overrides", "notes", "event"):
        return "settings"
    if head == "elements":
        return "elements"
    return None


def editor_title(element: Element, info: ElementInfo, report: Report, findings: list[Finding],
                 width: int) -> Content:
    """The element editor's title line: the element, its FC and FP, the force's FC against
    its budget and the element's verdict; narrower than ``width``, the element's part is
    shortened so the force's FC and the verdict always show."""
    from textual.content import Content

    n_err = sum(1 for f in findings if f.severity == "error")
    verdict = (Content.styled(f"✗ {plural(n_err, 'error')}", "bold $error")
               if n_err else Content.styled("✓ no errors", "bold $success"))
    force = _force_figure(report)
    type_name = info.type.name if info.type else element.type
    title = Content.assemble(
        ("Edit ", "dim"), (element.name, "bold"), f" · {type_name} P{element.presence}",
        f" · FC {info.fc} · FP {info.fp}" + (" (provisional)" if info.fc_provisional else ""),
        force, verdict)
    for figure in (force, _force_figure(report, short=True)):
        if title.cell_length <= width:
            break
        title = Content.assemble((element.name, "bold"), f" · P{element.presence}",
                                 f" · FC {info.fc}{'≈' if info.fc_provisional else ''}",
                                 figure, verdict)
    return title


def _force_figure(report: Report, short: bool = False) -> Content:
    """The force's figure in the editor's title: a battlegroup's FC against its budget; a Task
    Force's FC is no budget (its FP is bounded, OtH p.46): its FP against the limit, then its
    FC with the FC each round is built to (``short``: its FP alone)."""
    from textual.content import Content

    from horizon_builder.engine.tournament import task_force_cost

    t = report.totals
    if report.analysis.roster.kind == "task_force" and t.force_presence_limit is not None:
        over = t.force_presence > t.force_presence_limit
        text = (f"   Task Force FP {t.force_presence}/{t.force_presence_limit}"
                + ("  " if short else f" · {task_force_cost(report.analysis, t.force_cost)}  "))
    else:
        over = t.force_cost > t.force_cost_limit
        text = f"   force FC {t.force_cost}/{t.force_cost_limit}  "
    return Content.styled(text, "bold $error" if over else "$text-muted")


def hang(note: str, room: int, indent: int = 3) -> str:
    """``note`` wrapped to lines of ``room`` columns, each after ``indent`` spaces (the first
    one's spaces are the caller's): a long description or reason shown whole in a list, with
    a hanging indent instead of being cut (``room`` 0, not laid out yet: one line)."""
    import textwrap

    if room <= indent + 10 or len(note) <= room - indent:
        return note
    return textwrap.fill(note, width=room - indent, subsequent_indent=" " * indent,
                         break_on_hyphens=False)
