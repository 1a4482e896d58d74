"""A statline against the published statline of its type and Presence (core mustering):
the per-element part of :func:`horizon_builder.checks.mustering.fixed_statline`."""

from __future__ import annotations

from horizon_builder.checks.common import about, cite, statlines
from horizon_builder.engine.analysis import Analysis, ElementInfo
from horizon_builder.engine.findings import Finding


def statline_published(a: Analysis, info: ElementInfo) -> tuple[list[Finding], list[str]] | None:
    """An element's statlines against the published ones: what differs, and the types
    with no published statline to compare with (None: neither)."""
    found: list[Finding] = []
    unchecked: list[str] = []
    for ask in statlines(a, info):
        line, label, prefix = ask.line, ask.label, ask.prefix
        et = line.type
        if et is None or et.pool is not None or not et.stats:
            continue
        known = et.statlines.get(line.presence)
        if known is None:
            unchecked.append(line.type_id)
            continue
        differs = [s for s, v in known.stats.items() if line.stats.get(s, v) != v]
        if differs:
            expected = " ".join(f"{s}{v}" for s, v in known.stats.items())
            found.append(about(info, "warning", "statline-differs",
                               f"{label}{et.name} P{line.presence} is published as {expected}",
                               cite(known, "core"), f"{prefix}stats.{differs[0]}",
                               known.is_provisional))
    return (found, unchecked) if found or unchecked else None


def statline_unchecked(a: Analysis, info: ElementInfo) -> tuple[str, ...]:
    said = statline_published(a, info)
    return tuple(said[1]) if said is not None else ()


def statline_differs(a: Analysis, info: ElementInfo) -> list[Finding]:
    said = statline_published(a, info)
    return said[0] if said is not None else []
