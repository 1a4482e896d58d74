"""What a screen asks of a table it shows."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable


def highlighted_key(table: DataTable[Any]) -> str | None:
    """The key of the table's highlighted row (None when the table is empty)."""
    if not table.row_count:
        return None
    key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
    return key if isinstance(key, str) else None
