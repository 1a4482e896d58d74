"""Every use of Textual's (and Rich's) private names, in one place (issue 28 item 1).

Textual (pinned ``>=8,<9`` in pyproject.toml) may change its insides in any release;
``.ci/run`` runs the smoke tests on the newest version the bound allows, so an upgrade
breaks CI, not a user. Each name below says why it is used and what public API would
replace it. The rest of the app calls these functions and classes, never a private name
of Textual (tests/test_architecture.py guards this).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import rich.control
import textual.content
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.geometry import Region, Size
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import DataTable

# Why: the footer updates its keys in place (enabled or not) instead of being rebuilt on
# every edit's keystroke, and measures them to leave out those that do not fit.
# Public replacement: ``textual.widgets.FooterKey`` if it is ever exported.
from textual.widgets._footer import FooterKey

# Why: the toast rack never takes a key, so the type-ahead does not wait on it.
# Public replacement: ``textual.widgets.ToastRack`` if it is ever exported.
from textual.widgets._toast import ToastRack
from textual.widgets.data_table import RowKey

if TYPE_CHECKING:  # (annotations only: nothing more imported at start-up)
    from textual.widgets import Footer, OptionList
    from textual.widgets.option_list import Option

__all__ = ["CompositorHookScreen", "DataTableHooks", "FooterKey", "SegmentLines", "ToastRack",
           "app_messages_waiting", "footer_bindings_ready", "install_control_filter", "option_is_divider",
           "option_list_lines", "parse_action", "screen_callbacks_waiting",
           "widget_busy_queue"]

#: A cell's rendered lines (Textual's ``textual._types.SegmentLines``, spelt out here).
SegmentLines = list[list[Segment]]


# --- the type-ahead's reads of the message queues (tui/typeahead.py) ----------------------
# Why: a key is held while the screen still has work queued that may move the focus.
# Public replacement: none in Textual 8 (an ``is_idle``/"settled" query per node would do).

def widget_busy_queue(node: Widget) -> tuple[bool, list[Message | None]]:
    """Whether callbacks are due after the node's current message, and the messages
    waiting for it (the one being handled first, ``None`` when there is none)."""
    return (bool(node._next_callbacks),
            [node._pending_message, *node._message_queue.values])


def app_messages_waiting(app: App[Any]) -> Sequence[Message]:
    """The messages waiting in the app's own queue (``call_later`` callbacks among them)."""
    waiting: Any = app._message_queue.values
    return list(waiting)


def screen_callbacks_waiting(screen: Screen[Any]) -> bool:
    """After-refresh callbacks pending on the screen (its first focus is set in one)."""
    return bool(screen._callbacks)


# --- the screens' frame hook (tui/roster/home.py, element_editor.py) ---------------------
# Why: a screen acts just after its frame is written (the element editor shows the upgrade
# picker a frame after the edit), or skips a frame that is repainted at once anyway.
# Public replacement: a "frame written" event or ``call_after_refresh`` that runs after the
# compositor's write (today it runs before).

class CompositorHookScreen(Screen[Any]):
    """A screen told each time the compositor is about to write its frame."""

    def _compositor_refresh(self) -> None:
        self.write_frame()

    def write_frame(self) -> None:
        """Write the screen's frame (Textual's own); override to act around it."""
        Screen._compositor_refresh(self)

    @property
    def repaint_pending(self) -> bool:
        """The whole screen is to be repainted in the coming update."""
        return bool(self._repaint_required)


# --- the element table's caches (tui/roster/element_table.py) ----------------------------
# Why: DataTable drops its cell and line caches on every change, so an edit re-rendered
# every visible line; the element table keeps its own, keyed by row content, and holds back
# the screen's relayout when a row count change leaves its size as it was.
# Public replacement: a DataTable whose caches are keyed by content (not position) and
# whose virtual-size change does not lay out the whole screen.

class DataTableHooks(DataTable[Any]):
    """DataTable's private render and size steps under public names: a subclass overrides
    ``render_table_cell``, ``render_table_line``, ``update_table_dimensions`` and
    ``clear_table_caches`` and calls ``super()`` for Textual's own."""

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False) -> SegmentLines:
        return self.render_table_cell(row_index, column_index, base_style, width, cursor,
                                      hover)

    def render_table_cell(self, row_index: int, column_index: int, base_style: Style,
                          width: int, cursor: bool = False,
                          hover: bool = False) -> SegmentLines:
        return DataTable._render_cell(self, row_index, column_index, base_style, width,
                                      cursor, hover)

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        return self.render_table_line(y, x1, x2, base_style)

    def render_table_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        return DataTable._render_line(self, y, x1, x2, base_style)

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        self.update_table_dimensions(new_rows)

    def update_table_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        DataTable._update_dimensions(self, new_rows)

    def _clear_caches(self) -> None:
        self.clear_table_caches()

    def clear_table_caches(self) -> None:
        DataTable._clear_caches(self)

    # DataTable's private state the element table reads or nudges (same "why" as above).
    @property
    def row_locations(self) -> Any:
        """Row key -> row index (a two-way dict: ``.get(key)``)."""
        return self._row_locations

    @property
    def header_row_key(self) -> RowKey:
        return self._header_row_key

    @property
    def table_data(self) -> Any:
        """Row key -> column key -> cell: the cells DataTable renders."""
        return self._data

    @property
    def hover_cursor_shown(self) -> bool:
        return self._show_hover_cursor

    @property
    def pseudo_class_state(self) -> Any:
        """The widget's pseudo-class state (focus, hover ...): part of every cache key."""
        return self._pseudo_class_state

    def row_and_line_at(self, y: int) -> tuple[RowKey, int]:
        """The row at virtual line ``y`` and the line within it (LookupError past the end)."""
        return self._get_offsets(y)

    def cell_styles(self, *args: Any) -> Any:
        """DataTable's ``_get_styles_to_render_cell``: (component style, post style)."""
        return self._get_styles_to_render_cell(*args)

    def refresh_table_region(self, region: Region) -> None:
        """Repaint a region of the table, in its own (virtual) lines."""
        self._refresh_region(region)

    def scrollbars_to(self, virtual_size: Size) -> None:
        """Give the scrollbars a new virtual size without a layout of the screen."""
        self._scroll_update(virtual_size)

    def cells_changed(self) -> None:
        """Tell DataTable its cells changed (its render caches are keyed by this count)."""
        self._update_count += 1

    def dimensions_due(self) -> None:
        """Have DataTable work out its virtual size again when it is next idle."""
        self._require_update_dimensions = True


# --- the rest: one read each ---------------------------------------------------------------

def option_is_divider(option: Option) -> bool:
    """Whether an OptionList option is a divider (quiet.py: options replaced in place).
    Public replacement: an ``Option.divider`` property."""
    return bool(option._divider)


def option_list_lines(box: OptionList) -> int:
    """How many lines the OptionList's options take (quiet.py: a relayout only when this
    changes). Public replacement: a public line count on OptionList."""
    return len(box._lines)


def footer_bindings_ready(footer: Footer) -> bool:
    """Whether the footer has had its first bindings (keys_footer.py composes only then).
    Public replacement: none in Textual 8."""
    return bool(footer._bindings_ready)


def parse_action(app: App[Any], action: Any, default_namespace: Any,
                 namespaces: Any) -> tuple[Any, str, tuple[object, ...]]:
    """Textual's own reading of an action string: (target, name, parameters) (homeview.py:
    a key pressed on the kept first view is checked before the session is in).
    Public replacement: ``textual.actions.parse`` with the namespace lookup."""
    result: tuple[Any, str, tuple[object, ...]] = app._parse_action(
        action, default_namespace, namespaces)
    return result


# --- the control-character safety net (tui/app.py, at start) -----------------------------
# Why: Rich and Textual strip a few controls (BEL, BS, VT, FF, CR) from every ``Text`` and
# ``Content`` through one private translation table each; extending those tables escapes every
# control character that reaches the screen some way other than tui/common/plain.py.
# Rich has no upper bound in pyproject.toml (Textual's own requirement decides it): the test
# tests/test_tui_app.py::test_the_control_filter_reaches_rich_and_textual runs in .ci/run's
# newest-versions environment, so a Rich release without the table breaks CI, not a user
# (whose names stay escaped by plain() regardless).
# Public replacement: none (a control-character policy hook in Rich's Text would do).

def install_control_filter() -> list[str]:
    """Make Rich and Textual show control characters as escapes instead of writing them raw.

    Extends both tables to every C0 (but tab and line feed), DEL, C1 and bidi control, shown
    as ``\\x1b``-style escapes. Returns the tables it could not find (none, today).
    """
    from horizon_builder.text.safetext import UNSAFE_CHARS, printable

    pattern = re.compile(f"[{UNSAFE_CHARS}]")
    table = {code: printable(chr(code)) for code in range(0x3000) if pattern.match(chr(code))}
    missing = []
    for where, existing in (("rich.control", getattr(rich.control, "_CONTROL_STRIP_TRANSLATE", None)),
                            ("textual.content",
                             getattr(textual.content, "_CONTROL_STRIP_TRANSLATE", None))):
        if isinstance(existing, dict):
            existing.update(table)
        else:
            missing.append(where)
    return missing
