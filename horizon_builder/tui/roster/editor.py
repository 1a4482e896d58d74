"""Small widgets shared by the editor screens: a number stepper, the upgrade picker, findings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from horizon_builder.editing import UpgradeOption, kind_label
from horizon_builder.engine.findings import Finding
from horizon_builder.tui.common.fuzzy import Finder
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.quiet import replace_options

SEVERITY_MARK = {"error": ("✗", "$error"), "warning": ("!", "$warning"), "info": ("i", "$text-muted")}


def refill(box: OptionList, options: list[Option], empty: str, keep: str | None) -> None:
    """Replace a list's options (one dim line saying ``empty`` when there are none) and
    highlight option ``keep`` again where it still is and may be chosen, else the first
    that may."""
    box.set_options(options or [Option(Content.styled(empty, "dim"), disabled=True)])
    ids = [o.id for o in box.options]
    index = ids.index(keep) if keep is not None and keep in ids else None
    if index is None or box.options[index].disabled:
        index = next((i for i, o in enumerate(box.options) if not o.disabled), None)
    box.highlighted = index


def bounds_text(low: int, high: int | None) -> str:
    """'4-10', '≥4', '≤10' or '' for the limits shown beside a stat."""
    if high is not None and low > 0:
        return f"{low}-{high}"
    if high is not None:
        return f"≤{high}"
    if low > 0:
        return f"≥{low}"
    return ""


class NumberStepper(Guarded, Widget, can_focus=True):
    """A labelled whole number changed with −/+ (keys or clicks) or by typing digits.

    Typed digits are collected for a moment (shown underlined) and then set as
    one change, so typing "12" makes one undo step, not two. Enter sets them at
    once (and, with ``submit_typed``, submits too, unless they were out of bounds:
    the Add element dialog adds at once); Escape forgets them. Posts :class:`NumberStepper.Changed` only when
    the player changes the value, never when the screen sets it.

    A ``controlled`` stepper shows the value its screen sets (:meth:`set_state`) and
    nothing else: a change the player asks for is posted and painted once the screen
    has taken it, in the same frame as everything else the edit changed (painting the
    new number first would hold the edit's frame back by one or two frame periods), and
    a change the screen refuses is never shown.
    """

    DEFAULT_CSS = """
    NumberStepper {
        width: auto;
        height: 1;
        padding: 0 1;
    }
    NumberStepper:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    NumberStepper.-bad .stepper--hint { color: $error; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "step(1)", "+1"),
        Binding("minus", "step(-1)", "−1"),
        Binding("right", "app.focus_next", "Next", show=False),
        Binding("left", "app.focus_previous", "Previous", show=False),
    ]

    # a new value repaints; the screen is laid out again only when the width changes
    # (the value is right-aligned in ``width_digits``: see watch_value)
    value: reactive[int | None] = reactive(None)
    buffer: reactive[str] = reactive("", layout=True)

    class Changed(Message):
        def __init__(self, stepper: NumberStepper, value: int | None) -> None:
            super().__init__()
            self.stepper = stepper
            self.value = value

        @property
        def control(self) -> NumberStepper:
            return self.stepper

    class Submitted(Message):
        def __init__(self, stepper: NumberStepper) -> None:
            super().__init__()
            self.stepper = stepper

        @property
        def control(self) -> NumberStepper:
            return self.stepper

    def __init__(self, label: str, value: int | None = None, low: int = 0,
                 high: int | None = None, hint: str = "", *, optional: bool = False,
                 width_digits: int = 2, id: str | None = None, classes: str | None = None,
                 tooltip: str | None = None, controlled: bool = False,
                 submit_typed: bool = False) -> None:
        super().__init__(id=id, classes=classes)
        self.controlled = controlled
        self.submit_typed = submit_typed
        #: a change was posted and the screen has not shown a value since (controlled)
        self._asked = False
        self.label = label
        self.low, self.high, self.hint = low, high, hint
        self.optional = optional
        self.width_digits = width_digits
        self.bad = False
        self._timer: Timer | None = None
        self.set_reactive(NumberStepper.value, value)
        if tooltip:
            self.tooltip = tooltip

    # --- display ------------------------------------------------------------------
    def set_state(self, value: int | None, low: int, high: int | None, hint: str,
                  bad: bool = False) -> None:
        """Show a value from the session (posts nothing)."""
        if not self._asked and (value, low, high, hint, bad) == (
                self.value, self.low, self.high, self.hint, self.bad):
            return
        self._asked = False
        width = self._width()
        self.low, self.high, self.hint, self.bad = low, high, hint, bad
        self.value = value
        self.set_class(bad, "-bad")
        self.refresh(layout=self._width() != width)

    def _width(self) -> int:
        return sum(len(text) for text, _ in self._parts())

    def watch_value(self, old: int | None, new: int | None) -> None:
        def shown(value: int | None) -> int:
            return max(self.width_digits, len("–" if value is None else str(value)))

        if shown(old) != shown(new):
            self.refresh(layout=True)

    def _parts(self) -> list[tuple[str, str]]:
        shown = self.buffer or ("–" if self.value is None else str(self.value))
        value_style = "underline" if self.buffer else "bold"
        parts = [(f"{self.label} ", ""), ("−", "$accent"), (" ", ""),
                 (shown.rjust(self.width_digits), value_style), (" ", ""), ("+", "$accent")]
        if self.hint:
            parts.append((f" {self.hint}", "$error" if self.bad else "$text-muted"))
        return parts

    def render(self) -> Content:
        return Content.assemble(*self._parts())

    def get_content_width(self, container, viewport) -> int:
        return self._width()

    # --- changes ------------------------------------------------------------------
    def _clamp(self, value: int) -> int:
        value = max(self.low, value)
        return value if self.high is None else min(self.high, value)

    def _post(self, value: int | None) -> None:
        if value != self.value:
            if self.controlled:  # shown when the screen sets it (set_state)
                self._asked = True
            else:
                self.value = value
            self.post_message(self.Changed(self, value))

    def action_step(self, delta: int) -> None:
        self._commit_buffer()
        if self.value is None:
            self._post(self._clamp(self.low))
            return
        target = self._clamp(self.value + delta)
        if target == self.value:
            limit = "lowest" if delta < 0 else "highest"
            self.app.bell()
            self.notify(f"{self.label} {self.value} is the {limit} allowed here", timeout=2)
            return
        self._post(target)

    def _commit_buffer(self) -> bool:
        """Set the digits typed; False when they were out of bounds (set to the nearest)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.buffer:
            return True
        typed = int(self.buffer)
        value = self._clamp(typed)
        if self.controlled and value != self.value:
            # the digits typed stay on screen until the screen shows the value it took
            self.set_reactive(NumberStepper.buffer, "")
        else:
            self.buffer = ""
        if value != typed:
            self.notify(f"{self.label} must be {bounds_text(self.low, self.high)}: set to {value}",
                        severity="warning", timeout=3)
        self._post(value)
        return value == typed

    async def _on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            event.stop()
            self.buffer = (self.buffer + event.character)[-2:]
            if self._timer is not None:
                self._timer.stop()
            self._timer = self.set_timer(1.0, self._commit_buffer)
        elif event.key == "enter":
            event.stop()
            typed = bool(self.buffer)
            kept = self._commit_buffer()  # a value set to the nearest allowed: said, not submitted
            if not typed or (self.submit_typed and kept):
                self.post_message(self.Submitted(self))
        elif event.key == "escape" and self.buffer:
            event.stop()
            self.buffer = ""
        elif event.key in ("backspace", "delete"):
            event.stop()
            if self.buffer:
                self.buffer = self.buffer[:-1]
            elif self.optional:
                self._post(None)

    def _on_blur(self, event: events.Blur) -> None:
        self._commit_buffer()

    async def _on_click(self, event: events.Click) -> None:
        label = len(self.label) + 1
        minus = label
        plus = label + 2 + self.width_digits + 1
        x = event.x - 1  # padding
        if x in (minus - 1, minus):
            self.action_step(-1)
        elif x in (plus, plus + 1):
            self.action_step(1)


class UpgradePicker(Guarded, OptionList):
    """Upgrades grouped by kind: Enter/click takes (or drops) one, + and − change the count.

    Typing letters searches: only the upgrades whose names hold every word typed are
    listed (the search is shown in the border); Backspace takes a letter back, Esc clears.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Take/drop"),  # OptionList's own, shown in the footer
        Binding("plus,equals_sign", "step(1)", "More", tooltip="Take one more"),
        Binding("minus", "step(-1)", "Less", tooltip="Drop one"),
        Binding("delete", "step(0)", "Drop all", show=False),
        Binding("escape", "clear_search", "Clear search"),  # only while searching
    ]

    SEARCH_HINT = "type to search"

    class Step(Message):
        """The player asks for one more (+1), one fewer (−1) or none (0) of an upgrade."""

        def __init__(self, picker: UpgradePicker, upgrade_id: str, delta: int) -> None:
            super().__init__()
            self.picker = picker
            self.upgrade_id = upgrade_id
            self.delta = delta

        @property
        def control(self) -> UpgradePicker:
            return self.picker

    class Searched(Message):
        """The search changed the rows listed (the highlighted one may be another, or none)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: dict[str, UpgradeOption] = {}
        self._room = 0  #: the columns a line has (a reason that does not fit takes a 2nd line)
        self.search = ""  #: what the player typed to find an upgrade
        self._source: tuple[list[UpgradeOption], bool] = ([], False)
        self._shown: list[UpgradeOption] | None = None
        self._offsets: dict[str, Sequence[int]] = {}  #: each row's name's matched letters
        self._shown_for = ""  #: the search the rows shown were found by

    def on_mount(self) -> None:
        self.border_subtitle = self.SEARCH_HINT

    def on_resize(self) -> None:
        if self._shown is not None and self.scrollable_content_region.width != self._room:
            self._shown = None  # rebuilt: a reason may fit on its line now, or no longer
            self.show_rows(*self._source)

    def show_rows(self, rows: Iterable[UpgradeOption], show_all: bool = False) -> None:
        """Replace the rows (those the search finds), keeping the highlighted one highlighted."""
        self._source = (list(rows), show_all)
        finder = Finder(self.search)
        found = [(r, *finder.match(r.name, r.id.replace("_", " "))) for r in self._source[0]
                 if r.eligible_type or r.taken or show_all]
        if finder:  # the best match first within its kind (the kinds stay in their order)
            kinds = list(dict.fromkeys(r.kind for r, _score, _offsets in found))
            found = sorted((m for m in found if m[1]), key=lambda m: (kinds.index(m[0].kind), -m[1]))
        self._offsets = {r.id: offsets for r, _score, offsets in found}
        rows = [r for r, _score, _offsets in found]
        if self._shown == rows and self._shown_for == finder.query and self.option_count:
            return  # the same rows: no rebuild (a rebuild re-renders every line)
        self._shown, self._shown_for = rows, finder.query
        current = self.highlighted_option.id if self.highlighted_option is not None else None
        # Nothing highlighted until the player moves (↓) or searches: the editor opens on this
        # list, and an Enter pressed twice never takes an upgrade nobody chose (issue 24).
        untouched = current is None and not self.search
        self.rows = {r.id: r for r in rows}
        width = max((len(r.name) for r in rows), default=10)
        self._room = self.scrollable_content_region.width
        options: list[Option] = []
        kind = None
        for row in rows:
            if row.kind != kind:
                kind = row.kind
                options.append(Option(Content.styled(f"── {kind_label(kind)} ──", "bold $secondary"),
                                      id=f"kind:{kind}", disabled=True))
            options.append(Option(upgrade_prompt(row, width, self._room, finder,
                                                 self._offsets.get(row.id, ())), id=row.id,
                                  disabled=not row.allowed and not row.taken))
        empty = (f"No upgrade's name holds the letters {self.search!r}: Backspace or Esc" if self.search
                 else "No upgrades for this kind of element")
        refill(self, options, empty, current)
        if untouched:
            self.highlighted = None

    @property
    def current(self) -> UpgradeOption | None:
        option = self.highlighted_option
        return self.rows.get(option.id) if option is not None and option.id else None

    def action_step(self, delta: int) -> None:
        row = self.current
        if row is not None:
            self.post_message(self.Step(self, row.id, delta))

    # --- type to search -------------------------------------------------------------
    def _search_for(self, text: str) -> None:
        self.search = text
        self.border_title = f"Search: {text}▏" if text else None
        self.border_subtitle = "Backspace · Esc clears" if text else self.SEARCH_HINT
        self.show_rows(*self._source)
        self.refresh_bindings()
        self.post_message(self.Searched())

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is not None and (character.isalnum() or (character == " " and self.search)):
            event.stop()
            event.prevent_default()
            self._search_for(self.search + character)
        elif event.key == "backspace" and self.search:
            event.stop()
            event.prevent_default()
            self._search_for(self.search[:-1])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear_search":
            return bool(self.search)  # else Esc is the screen's (Back)
        return True

    def action_clear_search(self) -> None:
        self._search_for("")


def upgrade_prompt(row: UpgradeOption, width: int, room: int = 0, finder: Finder | None = None,
                   offsets: Sequence[int] = ()) -> Content:
    """One picker line: taken mark and count, name, cost, then the reason or the summary.

    An upgrade that cannot be taken cannot be highlighted either (so its detail never
    shows): when its reason would be cut at ``room`` columns it goes on a line of its own."""
    if row.taken:
        mark = (f"{row.copies}×" if row.repeatable else "✓").rjust(3)
        mark_style = "bold $success"
    else:
        mark, mark_style = "   ", ""
    cap = f"/{row.cap}" if row.repeatable and row.cap is not None and row.taken else ""
    cost = row.cost_text.replace("cost unknown (provisional)", "cost ?")
    if row.reason and not (row.taken and row.reason.startswith(("at most", "taken"))):
        note, note_style = f"✗ {row.reason}", "$error" if row.taken else "$text-muted"
    else:
        note, note_style = row.summary, "$text-muted"
    if row.option:
        note = f"[{row.option}] {note}"
    head = Content.assemble(
        (mark, mark_style), (cap.ljust(3), "dim"), " ",
        (finder or Finder("")).label(row.name.ljust(width), offsets, "bold" if row.taken else ""),
        "  ", (cost.ljust(9), "$warning" if row.unit_cost is None else ""), "  ")
    if room and not row.allowed and not row.taken and head.cell_length + len(note) > room:
        return Content.assemble(head.rstrip(), "\n" + " " * 7, (note, note_style))
    return Content.assemble(head, (note, note_style))


def show_findings(box: OptionList, findings: list[Finding], strip: str, empty: str) -> None:
    """An editor's findings list: one line each (``strip``, the element's name, left off the
    front), or ``empty``; the highlight stays. One line for another is no relayout."""
    highlighted = box.highlighted
    replace_options(box, [Option(finding_prompt(f, strip), id=f"f{i}")
                          for i, f in enumerate(findings)]
                    or [Option(Content.styled(empty, "$success"), id="f0", disabled=True)])
    if highlighted is not None and highlighted < box.option_count:
        box.highlighted = highlighted
    box.border_title = f"Findings ({len(findings)})"


def finding_prompt(finding: Finding, strip: str | None = None) -> Content:
    mark, style = SEVERITY_MARK.get(finding.severity, ("?", ""))
    message = finding.message
    if strip and message.startswith(f"{strip}: "):
        message = message[len(strip) + 2:]
    extra = " (provisional)" if finding.provisional else ""
    return Content.assemble((f"{mark} ", f"bold {style}"),
                            (message, style if finding.severity != "info" else ""),
                            (f"  {finding.rule}{extra}", "dim"))
