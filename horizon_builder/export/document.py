"""The export document: everything a printed roster shows, as pydantic models.

One :class:`ExportDocument` is built from a validation :class:`Report`; every
format (text, markdown, html, json) renders that same document, so they can
never disagree. The JSON export *is* the document, and ``horizon-builder
schema --export`` prints its JSON Schema. The models are made without validating
(:meth:`~horizon_builder.export.models.ExportModel.make`): the values come typed from the
analysis, and a large roster's export makes some 14 of them per element.

Book rules the document follows:

* a metaformer is one element carrying every form's statline together
  (OtH p.19), with one damage track for all its forms (OtH p.19);
* stats run P M F A D (errata to the core roster appendix, OtH p.60); an
  aircraft's boost Mb is shown with its M, as in "M3(+5)" (OtH p.21).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from horizon_builder.engine import tournament
from horizon_builder.engine.analysis import (
    Analysis,
    ElementInfo,
    StatlineInfo,
    UpgradeCost,
    granted_upgrades,
)
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.validator import Report
from horizon_builder.export.glossary import glossary
from horizon_builder.export.models import (
    EXPORT_VERSION,
    FOLDED_STATS,
    GENERATOR,
    PROVISIONAL_NOTE,
    STAT_ORDER,
    CommandExport,
    CrPurchaseExport,
    ElementCrExport,
    ElementExport,
    ExportDocument,
    FindingExport,
    LayerExport,
    RoundExport,
    RuleLine,
    RulesetExport,
    SpendingExport,
    StatCell,
    StatlineExport,
    TournamentExport,
    UpgradeLine,
    VerdictExport,
)
from horizon_builder.roster.io import roster_to_data
from horizon_builder.roster.models import CrPurchase
from horizon_builder.roster.pin import data_bytes, pin_of
from horizon_builder.roster.sharecode import encode_canonical
from horizon_builder.rules.models import ElementType, Ruleset

# --- building -----------------------------------------------------------------


def _type_name(ruleset: Ruleset, type_id: str) -> tuple[str, str]:
    et = ruleset.element_types.get(type_id)
    if et is None:
        return type_id, type_id
    return et.name, et.short or et.name


def stat_columns(et: ElementType | None, stats: dict[str, int]) -> list[str]:
    """Column order for a statline: M F A D first (OtH p.60), then the type's other stats."""
    declared = list(et.stats) + list(et.optional_stats) if et else []
    names = [s for s in STAT_ORDER if s in declared or s in stats]
    names += [s for s in [*declared, *stats] if s not in names]
    return [s for s in dict.fromkeys(names) if s not in FOLDED_STATS]


@lru_cache(maxsize=1024)
def _cell(stat: str, value: int | None, text: str) -> StatCell:
    """One object for each cell that reads alike (there are few: a stat and its value)."""
    return StatCell.make(stat=stat, value=value, text=text)


def stat_cells(et: ElementType | None, presence: int, stats: dict[str, int]) -> list[StatCell]:
    cells = [_cell("P", presence, str(presence))]
    for name in stat_columns(et, stats):
        value = stats.get(name)
        text = "–" if value is None else str(value)
        for folded, into in FOLDED_STATS.items():
            if into == name and folded in stats:
                text += f"(+{stats[folded]})"
        cells.append(_cell(name, value, text))
    return cells


def statline_text(cells: list[StatCell]) -> str:
    return " ".join(f"{c.stat}{c.text}" for c in cells)


def _upgrade_text(name: str, count: int, option: str | None, currency: str, cost: int | None) -> str:
    text = name + (f" ×{count}" if count > 1 else "") + (f": {option}" if option else "")
    if currency == "free":
        return f"{text} (free)"
    unit = {"points": "pts", "cr": "CR"}.get(currency, "")
    amount = "?" if cost is None else str(cost)
    if currency == "points" and cost == 1:
        unit = "pt"
    return f"{text} ({amount} {unit})".replace(" )", ")") if unit else f"{text} (cost unknown)"


def _upgrade_line(cost: UpgradeCost) -> UpgradeLine:
    up = cost.upgrade
    currency = cost.currency if cost.currency in ("points", "cr", "free") else "unknown"
    return _bought(cost.choice.id, up.name if up else cost.choice.id, up.kind if up else "unknown",
                   cost.choice.count, cost.choice.option, currency, cost.amount,
                   bool(up and up.is_provisional and cost.amount is not None and currency != "free"))


@lru_cache(maxsize=4096)
def _bought(upgrade_id: str, name: str, kind: str, count: int, option: str | None, currency: str,
            cost: int | None, provisional: bool) -> UpgradeLine:
    """One object for each upgrade line that reads alike: elements of a type buy the same."""
    return UpgradeLine.make(id=upgrade_id, name=name, kind=kind, count=count, option=option,
                            currency=currency, cost=cost, provisional=provisional,
                            text=_upgrade_text(name, count, option, currency, cost))


@lru_cache(maxsize=1024)
def _rule_line(rule_id: str, name: str, summary: str | None, derived: bool) -> RuleLine:
    """One object for each rule line that reads alike: every element of a type has its rules."""
    return RuleLine.make(id=rule_id, name=name, summary=summary, derived=derived)


def _rule_lines(ruleset: Ruleset, rules: list[str], own: list[str]) -> list[RuleLine]:
    out = []
    for rule_id in rules:
        rule = ruleset.special_rules.get(rule_id)
        out.append(_rule_line(rule_id, ruleset.rule_name(rule_id), rule.summary if rule else None,
                              rule_id not in own))
    return out


def _statline(ruleset: Ruleset, line: StatlineInfo, label: str) -> StatlineExport:
    et = line.type
    name = et.name if et else line.type_id
    cells = stat_cells(et, line.presence, line.stats)
    order = [c.stat for c in cells[1:]]
    ordered = {s: line.stats[s] for s in order if s in line.stats}
    ordered.update({s: v for s, v in line.stats.items() if s not in ordered})
    own = list(et.special_rules) if et else []
    return StatlineExport.make(
        label=label, type=line.type_id, type_name=name, presence=line.presence, stats=ordered,
        cells=cells, statline=statline_text(cells),
        upgrades=[_upgrade_line(c) for c in line.upgrades] + _granted_lines(ruleset, line),
        special_rules=_rule_lines(ruleset, line.special_rules, own),
        pool=line.pool, points_spent=line.points_spent if line.pool is not None else None,
        pool_left=line.pool_left, unknown_costs=list(line.unknown_costs),
    )


def _granted_lines(ruleset: Ruleset, line: StatlineInfo) -> list[UpgradeLine]:
    """The upgrades another upgrade gives (OtH p.64: artificial intelligence), printed as the
    element has them: free, and saying what gave them."""
    return [UpgradeLine.make(id=granted_id, name=granted.name, kind=granted.kind, count=1,
                             option=None, currency="free", cost=0, provisional=False,
                             text=f"{granted.name} (with {by.name})")
            for granted_id, granted, by in granted_upgrades(ruleset, line)]


def _purchase_cost(ruleset: Ruleset, purchase: CrPurchase) -> int | None:
    upgrade = ruleset.upgrades.get(purchase.upgrade)
    if upgrade is None:
        return None
    if upgrade.cost_cr is not None:
        return upgrade.cost_cr
    return upgrade.cost


def _type_upgrade_line(ruleset: Ruleset, purchase: CrPurchase) -> UpgradeLine:
    upgrade = ruleset.upgrades.get(purchase.upgrade)
    name = upgrade.name if upgrade else purchase.upgrade
    cost = _purchase_cost(ruleset, purchase)
    text = _upgrade_text(name, 1, purchase.option, "cr", cost)
    return UpgradeLine.make(id=purchase.upgrade, name=name, kind=upgrade.kind if upgrade else "unknown",
                            count=1, option=purchase.option, currency="cr", cost=cost,
                            provisional=bool(upgrade and upgrade.is_provisional),
                            text=text[:-1] + ", whole type)")


def _element(analysis: Analysis, info: ElementInfo, benched: bool) -> ElementExport:
    ruleset = analysis.ruleset
    et = info.type
    name, short = _type_name(ruleset, info.element.type)
    forms = []
    for form, line in zip(info.element.forms, info.forms, strict=True):
        label = form.name or f"{line.type.name if line.type else form.type} form"
        forms.append(_statline(ruleset, line, label))
    command_label = None
    command_rules: list[RuleLine] = []
    if info.is_command and analysis.command_option is not None:
        option = analysis.command_option
        command_label = option.leader  # "CHQ", or "Alpha" (OtH p.32)
        command_rules = _command_rules(analysis)
    return ElementExport.make(
        id=info.id, name=info.element.name, type=info.element.type, type_name=name,
        type_short=short, category=et.category if et else "unknown",
        asset=bool(et and et.category == "asset"), is_command=info.is_command,
        command_label=command_label, command_rules=command_rules, metaformer=info.is_metaformer,
        base=_statline(ruleset, info.base, "Baseform"), forms=forms,
        type_upgrades=[_type_upgrade_line(ruleset, p) for p in info.type_upgrades
                       if not p.form_type],
        fc=info.fc, fp=info.fp, momentum=info.momentum, fc_notes=list(info.fc_notes),
        fc_provisional=info.fc_provisional, cr_spent=info.cr_spent,
        carried_by=info.element.carried_by, notes=info.element.notes, benched=benched, service=None,
    )


def _command_rules(analysis: Analysis) -> list[RuleLine]:
    """The command's rules after weird command replaced some (OtH p.42)."""
    from horizon_builder.checks.weird import command_rules

    option = analysis.command_option
    if option is None:
        return []
    rules = command_rules(analysis)
    return _rule_lines(analysis.ruleset, rules, [r for r in option.special_rules if r in rules])


def _command(analysis: Analysis) -> CommandExport:
    cmd = analysis.command
    option = analysis.command_option
    ruleset = analysis.ruleset
    weird = []
    for choice in cmd.weird:
        upgrade = ruleset.upgrades.get(choice.id)
        weird.append(f"{upgrade.name if upgrade else choice.id} (replaces "
                     f"{ruleset.rule_name(choice.replaces)})")
    element = analysis.command_element
    return CommandExport.make(
        kind=cmd.kind, name=option.name if option else ("none chosen" if cmd.kind == "none" else cmd.kind),
        element=element.id if element else cmd.element,
        element_name=element.element.name if element else None,
        special_rules=_command_rules(analysis), weird=weird,
    )


def _spending(analysis: Analysis) -> SpendingExport:
    ruleset = analysis.ruleset
    type_wide = []
    for purchase in analysis.cr_purchases:
        upgrade = ruleset.upgrades.get(purchase.upgrade)
        name, _short = _type_name(ruleset, purchase.type)
        if purchase.form_type:
            holders = sum(1 for i in analysis.elements for f in i.element.forms if f.type == purchase.type)
        else:
            holders = sum(1 for i in analysis.elements if i.element.type == purchase.type)
        each = _purchase_cost(ruleset, purchase)
        total = None if each is None else each * holders
        up_name = upgrade.name if upgrade else purchase.upgrade
        if purchase.option:
            up_name += f": {purchase.option}"
        target = f"{name} metaforms" if purchase.form_type else name
        cost = "? CR" if total is None else f"{total} CR"
        type_wide.append(CrPurchaseExport.make(
            type=purchase.type, type_name=name, upgrade=purchase.upgrade,
            upgrade_name=upgrade.name if upgrade else purchase.upgrade, option=purchase.option,
            form_type=purchase.form_type, holders=holders, cost_each=each, cost_total=total,
            text=f"{up_name} for every {target} ({holders} × {'?' if each is None else each}"
                 f" = {cost})",
        ))
    per_element = []
    for info in analysis.elements:
        if info.cr_spent:
            names = [u.choice.id if u.upgrade is None else u.upgrade.name
                     for line in (info.base, *info.forms) for u in line.upgrades if u.currency == "cr"]
            per_element.append(ElementCrExport.make(element=info.id, element_name=info.element.name,
                                                    cost=info.cr_spent, upgrades=names))
    return SpendingExport.make(available=analysis.cr_available, spent=analysis.cr_spent,
                               counted_elements=analysis.cr_counted_elements, type_wide=type_wide,
                               per_element=per_element)


def _finding(f: Finding) -> FindingExport:
    return FindingExport.make(severity=f.severity, code=f.code, message=f.message, rule=f.rule,
                              element=f.element, element_name=f.element_name, field=f.field,
                              provisional=f.provisional, round=f.round)


def _ruleset(report: Report) -> RulesetExport:
    ruleset, roster = report.analysis.ruleset, report.analysis.roster
    beyond = {layer.path: layer for layer in ruleset.rules_layers}
    layers = []
    for path in ruleset.layers:
        extra = beyond.get(path)
        if extra is None:
            layers.append(LayerExport.make(path=path, name=Path(path).name, origin="shipped",
                                           sha256=None, role=None, changed=[], entered=[],
                                           beyond_book=False, event_choices=False))
        else:
            layers.append(LayerExport.make(path=path, name=extra.label, origin="override",
                                           sha256=extra.sha256, role=extra.role,
                                           changed=list(extra.changed),
                                           entered=list(extra.entered),
                                           beyond_book=extra.beyond_book,
                                           event_choices=extra.event_choices))
    supplements = [ruleset.supplements[s].name if s in ruleset.supplements else s
                   for s in roster.supplements]
    return RulesetExport.make(id=ruleset.ruleset.id, name=ruleset.ruleset.name, layers=layers,
                              overrides=[la.path for la in layers if la.origin == "override"],
                              changed_values=list(report.changed_values),
                              entered_values=list(report.entered_values), supplements=supplements)


def _rounds(report: Report) -> list[RoundExport]:
    roster = report.analysis.roster
    names = {e.id: e.name for e in roster.elements}
    out = []
    for index, (round_, sub) in enumerate(zip(roster.rounds, report.round_reports, strict=False)):
        benched = tournament.benched(roster, index)
        out.append(RoundExport.make(
            name=round_.name, elements=list(round_.elements),
            element_names=[names.get(i, i) for i in round_.elements],
            benched=list(benched), benched_names=[names.get(i, i) for i in benched],
            destroyed=list(round_.destroyed), destroyed_names=[names.get(i, i) for i in round_.destroyed],
            command=_command(sub.analysis), totals=sub.totals,
            command_resources=_spending(sub.analysis),
            findings=[_finding(f) for f in sub.findings],
        ))
    return out


def _tournament(report: Report) -> TournamentExport:
    roster = report.analysis.roster
    names = {e.id: e.name for e in roster.elements}
    gone = tournament.benched(roster)
    return TournamentExport.make(
        round_length_minutes=tournament.round_minutes(report.analysis.ruleset, roster.force_cost),
        benched=gone,
        benched_names=[names.get(i, i) for i in gone],
        value_remaining=tournament.remaining_value(report.analysis),
    )


def build_document(report: Report) -> ExportDocument:
    """Everything a printed roster shows, derived from one validation report."""
    analysis = report.analysis
    roster = analysis.roster
    ruleset = analysis.ruleset
    task_force = roster.kind == "task_force"
    gone = set(tournament.benched(roster)) if task_force else set()
    elements = [_element(analysis, info, info.id in gone) for info in analysis.elements]
    era = ruleset.eras.get(roster.era) if roster.era else None
    data = roster_to_data(roster)
    canonical = data_bytes(data)
    command = _command(analysis)
    return ExportDocument.make(
        export_version=EXPORT_VERSION, generator=GENERATOR, roster=data,
        pin=pin_of(canonical), share_code=_share_code(canonical),
        name=roster.name, kind=roster.kind,
        kind_label="Task Force" if task_force else "Battlegroup", event=roster.event,
        era=roster.era, era_name=era.name if era else roster.era,
        totals=report.totals, command=command,
        command_resources=_spending(analysis),
        elements=[e for e in elements if not e.asset], assets=[e for e in elements if e.asset],
        rounds=_rounds(report) if task_force else [],
        tournament=_tournament(report) if task_force else None,
        verdict=VerdictExport.make(legal=report.legal, provisional=report.provisional,
                                   errors=len(report.errors), warnings=len(report.warnings),
                                   text=report.verdict),
        findings=[_finding(f) for f in report.all_findings],
        glossary=glossary(ruleset, elements, command),
        ruleset=_ruleset(report),
        provisional_note=PROVISIONAL_NOTE if report.provisional else None,
        notes=roster.notes,
    )


#: A share code longer than a chat message takes (Discord's 2,000 characters) is left out.
SHARE_CODE_LIMIT = 2000


def _share_code(canonical: bytes) -> str | None:
    """The list's share code, if it fits in a chat message (deflate does not shrink roster
    JSON tenfold, so a larger one is not even tried: a 10,000-element export stays quick)."""
    if len(canonical) > 10 * SHARE_CODE_LIMIT:
        return None
    code = encode_canonical(canonical)
    return code if len(code) <= SHARE_CODE_LIMIT else None


def export_schema() -> dict[str, Any]:
    """JSON Schema of the export document (``horizon-builder schema --export``)."""
    from horizon_builder.checks import CODES

    schema = ExportDocument.model_json_schema(mode="serialization")
    schema["$defs"]["FindingExport"]["properties"]["code"]["enum"] = sorted(CODES)
    schema["title"] = "horizon-builder roster export"
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
