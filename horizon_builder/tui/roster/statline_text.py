"""Texts of the element editor: its statlines, a statline's pool, and an upgrade's detail."""

from __future__ import annotations

from textual.content import Content

from horizon_builder.editing.elements import stat_bounds
from horizon_builder.editing.upgrades import UpgradeOption
from horizon_builder.engine.analysis import StatlineInfo
from horizon_builder.roster.models import Element
from horizon_builder.rules.models import Ruleset
from horizon_builder.rules.personal import ENTERED
from horizon_builder.tui.roster.editor import bounds_text


def pool_text(line: StatlineInfo) -> tuple[Content, bool]:
    """The pool line of a statline: points spent of its pool (OtH p.9-10), and whether over."""
    et = line.type
    if et is None:
        return Content.styled(f"Unknown element type {line.type_id!r}", "$error"), False
    currency = "CR" if et.upgrade_currency == "cr" else et.upgrade_currency
    if not et.has_statline:  # a strategic asset (OtH p.36-40): nothing to enter
        return Content.assemble(("No statline: off the table", "$text-muted"),
                                (f" · options paid in {currency}", "$text-muted")), False
    if et.pool is None:
        missing = [s for s in et.stats if s not in line.stats]
        known = et.statlines.get(line.presence)
        text = "Fixed statline" + (
            " (entered by you)" if known is not None and (known.source or "").startswith(ENTERED)
            else " (published)" if known is not None
            else ": not entered (R: enter it once from your rulebook)")
        if missing:
            text += f" · {', '.join(missing)} not set"
        return Content.assemble((text, "$text-muted"),
                                (f" · upgrades paid in {currency}", "$text-muted")), False
    if line.pool is None:
        return Content.styled(f"Pool unknown for P{line.presence}", "$warning"), False
    spent, total = line.points_spent, line.pool
    over = spent > total
    style = "bold $error" if over else ("bold $success" if spent == total else "bold")
    note = (f"{spent - total} over!" if over else
            "all spent" if spent == total else f"{total - spent} left")
    extra = ""
    if line.unknown_costs:
        extra = f" · {len(line.unknown_costs)} upgrade cost(s) unknown, not counted"
    if line.pool_beyond_table:
        extra += " · beyond the published table"
    # a new element spends its whole pool on stats: say how to afford an upgrade
    hint = " · lower a stat to make room for upgrades" if spent == total and not extra else ""
    return Content.assemble("Pool ", (f"{spent} / {total}", style), " spent ",
                            (f"({note})", style), (extra, "$warning"), (hint, "dim")), over


PAYMENT_LABELS = {"points": "Paid: stat points", "cr": "Paid: CR", "free": "Free"}


def payment_label(paid: str) -> str:
    return PAYMENT_LABELS.get(paid, paid)


def upgrade_detail_text(row: UpgradeOption) -> Content:
    """What the highlighted upgrade costs, how many are taken, and what it does or why not."""
    count = f"taken {row.copies}" + (f" of {row.cap}" if row.cap is not None else "")
    head = Content.assemble((row.name, "bold"), f" · {row.cost_text} · {count}",
                            (" · provisional" if row.provisional and row.unit_cost is not None
                             else "", "$warning"))
    if row.taken and (not row.reason or row.reason.startswith(("taken", "at most"))):
        # taken as often as it may be: that is no problem, say what it does and how to drop
        drop = "Enter drops it" if not row.repeatable else "− drops one"
        tail = Content.assemble((row.summary or "", "$text-muted"), (f"  ({drop})", "dim"))
    elif row.reason:
        tail = Content.styled(("Can't add more: " if row.taken else "Not allowed: ")
                              + row.reason, "$error" if not row.taken else "$warning")
    else:
        tail = Content.styled(row.summary or "", "$text-muted")
    if row.ways and not row.taken:  # every way the rules allow it paid, before it is taken
        ways = " · ".join(payment_label(w) + (f" ({why})" if why else "") for w, why in row.ways)
        tail = Content.assemble(tail, "\n", Content.styled(f"Pay with: {ways}", "dim"))
    return Content.assemble(head, "\n", tail)


def type_name(ruleset: Ruleset, type_id: str) -> str:
    et = ruleset.element_types.get(type_id)
    return (et.short or et.name) if et is not None else type_id


def lines_text(ruleset: Ruleset, element: Element, shown: int | None) -> Content:
    """The baseform and each metaform (OtH p.19) as clickable tabs, ``shown`` highlighted."""
    parts: list[Content | str] = []
    labels: list[tuple[int | None, str]] = [
        (None, f"Base: {type_name(ruleset, element.type)} P{element.presence}")]
    labels += [(i, f"Form {i + 1}: {f.name or type_name(ruleset, f.type)} P{f.presence}")
               for i, f in enumerate(element.forms)]
    for index, label in labels:
        style = "reverse bold" if index == shown else "underline"
        arg = -1 if index is None else index
        parts.append(Content.styled(f" {label} ", f"{style} @click=screen.show_line({arg})"))
        parts.append(" ")
    parts.append(Content.styled("  [ ] switch", "dim"))
    return Content.assemble(*parts)


def stat_states(ruleset: Ruleset, line: StatlineInfo, stats: tuple[str, ...]
                ) -> list[tuple[str, int | None, int, int | None, str, bool]]:
    """Per stat: value, lowest, highest, the hint under it, and whether it breaks a limit or
    differs from a published statline."""
    et = line.type
    if et is None:
        return []
    bounds = stat_bounds(ruleset, line.type_id, line.presence)
    known = et.statlines.get(line.presence)
    out = []
    for stat in stats:
        low, high = bounds[stat]
        value = line.stats.get(stat)
        hint = bounds_text(low, high)
        if known is not None and stat in known.stats:
            hint = f"book {known.stats[stat]}"
        if stat in et.unpaid_stats:
            hint = (hint + " free").strip()
        bad = value is not None and (value < low or (high is not None and value > high))
        bad = bad or (known is not None and value is not None
                      and known.stats.get(stat, value) != value)
        out.append((stat, value, low, high, hint, bad))
    return out
