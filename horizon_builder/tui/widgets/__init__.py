"""Widgets of the app shell: the totals strip, the element list and the findings panel.

The package's names are imported when first asked for, so its Textual-free modules
(``rows``, ``figures``, ``format``) can be imported without Textual (see
:mod:`horizon_builder.tui.firstview`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from horizon_builder.tui.widgets.element_table import ElementTable
    from horizon_builder.tui.widgets.findings_panel import FindingsPanel
    from horizon_builder.tui.widgets.totals_strip import TotalsStrip

_WHERE = {"ElementTable": "element_table", "FindingsPanel": "findings_panel",
          "TotalsStrip": "totals_strip"}

__all__ = ["ElementTable", "FindingsPanel", "TotalsStrip"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
