"""Walking a ruleset by a value's key (below the layers, the values and the entries, which all
walk it, so none of them imports another for it)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from horizon_builder.rules.base import RuleModel
from horizon_builder.rules.models import Ruleset

Loc = tuple[str | int, ...]


def table_at(ruleset: Ruleset, loc: Loc) -> RuleModel | None:
    """The innermost rule table on the path ``loc`` (what holds a value's provenance)."""
    node: Any = ruleset
    last: RuleModel | None = None
    for part in loc:
        if isinstance(node, RuleModel) and node is not ruleset:
            last = node
        if isinstance(node, BaseModel):
            node = getattr(node, str(part), None)
        elif isinstance(node, dict):
            node = node.get(part, node.get(as_int(part)))
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            node = None
        if node is None:
            break
    if isinstance(node, RuleModel) and node is not ruleset:
        last = node
    return last


def as_int(part: str | int) -> int | None:
    try:
        return int(part)
    except (TypeError, ValueError):
        return None
