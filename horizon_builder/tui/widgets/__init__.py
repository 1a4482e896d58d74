"""Widgets of the app shell: the totals strip, the element list and the findings panel."""

from horizon_builder.tui.widgets.element_table import ElementTable
from horizon_builder.tui.widgets.findings_panel import FindingsPanel
from horizon_builder.tui.widgets.totals_strip import TotalsStrip

__all__ = ["ElementTable", "FindingsPanel", "TotalsStrip"]
