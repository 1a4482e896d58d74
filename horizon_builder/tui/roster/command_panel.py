"""The command pickers shared by the command screen and the rounds screen.

Each picker edits one :class:`~horizon_builder.editing.command.CommandScope`: the
force, or round N of a Task Force (OtH p.46). It shows rows from the editing
helpers (``cr_groups``, ``weird_command_rows``) and makes every change through its
screen's :meth:`~horizon_builder.tui.common.views.SessionView.commit`, so the two
screens cannot drift apart: the same rows, the same reasons, the same undo labels.

- :class:`CrPicker`: Command Resources bought for a whole element type (OtH p.24);
  Enter buys or gives back the highlighted upgrade. ``compact`` rows (the rounds
  screen) name the type on each row; full rows (the command screen) group them.
- :class:`WeirdPicker`: weird command (OtH p.42), one row per weird command with a
  choice of the command ability it replaces; ``two_line`` rows add what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import on
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.plain import plain

if TYPE_CHECKING:
    from horizon_builder.engine.analysis import Analysis
    from horizon_builder.rules.models import Ruleset
    from horizon_builder.tui.common.views import SessionView


def _owner(widget: OptionList | Vertical) -> SessionView:
    return cast("SessionView", widget.screen)


def cr_key(row: ed.CrRow) -> str:
    return f"{row.type_id}:{row.form_type}:{row.upgrade_id}"


class CrPicker(Guarded, OptionList):
    """CR upgrades for whole types in one scope; Enter buys or gives one back (OtH p.24)."""

    def __init__(self, *, compact: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.compact = compact
        self.scope = ed.CommandScope()
        self.rows: dict[str, ed.CrRow] = {}

    def show(self, rs: Ruleset, analysis: Analysis) -> int:
        """Fill from ``analysis`` (of the scope's view); returns how many rows there are."""
        current = self.highlighted_option.id if self.highlighted_option else None
        options: list[Option] = []
        self.rows = {}
        groups = ed.cr_groups(rs, analysis)
        for group in groups:
            if not self.compact:
                options.append(Option(Content.assemble(
                    (group.label, "bold $secondary"), (f" × {group.holders}", "dim")),
                    id=f"group:{group.type_id}:{group.form_type}", disabled=True))
                if not group.rows:
                    options.append(Option(Content.styled("  no CR upgrades for this type", "dim"),
                                          disabled=True))
            for row in group.rows:
                self.rows[cr_key(row)] = row
                options.append(self._row(group, row))
        if not groups and not self.compact:
            options.append(Option(Content.styled(
                "No element types that buy upgrades with CR (conventional elements) yet", "dim"),
                disabled=True))
        if not self.rows and self.compact:
            return 0
        self.set_options(options)
        ids = [o.id for o in self.options]
        if current in ids:
            self.highlighted = ids.index(current)
        elif self.compact and self.highlighted is None:  # so Enter acts as soon as focused
            self.highlighted = next((i for i, o in enumerate(self.options) if not o.disabled), None)
        return len(self.rows)

    def _row(self, group: ed.CrGroup, row: ed.CrRow) -> Option:
        mark = "☑" if row.bought else "☐"
        choice = f" [{row.option}]" if row.option else ""
        if self.compact:
            note = (f"  ✗ {row.reason}", "$text-muted") if row.reason else ("", "")
            return Option(Content.assemble(
                (f"{mark} ", "bold $accent"), (group.label, "dim"), ": ",
                (row.name, "bold" if row.bought else ""), choice, "  ",
                (row.cost_text, "$warning" if row.unit_cost is None else "dim"), note),
                id=cr_key(row), disabled=not row.allowed and not row.bought)
        note = (f"✗ {row.reason}", "$text-muted") if row.reason else ("", "")
        name_style = "bold" if row.bought else "" if row.allowed else "dim"
        return Option(Content.assemble(
            (f"  {mark} ", "bold $accent"), (row.name, name_style),
            choice, "  ", (row.cost_text, "$warning" if row.unit_cost is None else ""),
            "  ", note), id=cr_key(row))  # reachable even when not allowed: Enter says why

    @property
    def highlighted_row(self) -> ed.CrRow | None:
        option = self.highlighted_option
        return self.rows.get(option.id or "") if option is not None else None

    @on(OptionList.OptionSelected)
    def _toggled(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self.rows.get(event.option_id or "")
        if row is None:
            return
        if not row.bought and not row.allowed:
            self.app.bell()
            self.notify(f"{row.name}: {row.reason}", severity="warning", markup=False)
            return
        owner = _owner(self)
        rs, roster = owner.session.ruleset, owner.session.roster
        et = rs.element_types.get(row.type_id)
        who = (et.short or et.name) if et else row.type_id
        verb = "give back" if row.bought else "buy"
        owner.commit(self.scope.apply(roster, lambda r: ed.toggle_cr_purchase(
            rs, r, row.type_id, row.upgrade_id, row.form_type)),
            self.scope.label(roster, f"CR: {verb} {row.name} for {who}"))

    def choose_option(self, value: object) -> None:
        """The bought, highlighted upgrade's choice (a robot's program) was set to ``value``."""
        row = self.highlighted_row
        if row is None or value == Select.NULL or value == row.option:
            return
        owner = _owner(self)
        roster, choice = owner.session.roster, str(value)
        owner.commit(self.scope.apply(roster, lambda r: ed.set_cr_option(
            r, row.type_id, row.upgrade_id, row.form_type, choice)),
            self.scope.label(roster, f"CR: {row.name} {choice}"))


class WeirdPicker(Guarded, Vertical):
    """Weird command of one scope: which CHQ ability each weird command replaces (OtH p.42)."""

    DEFAULT_CSS = "WeirdPicker { height: auto; }"

    def __init__(self, *, prefix: str, two_line: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.prefix = prefix  #: ids of the rows: PREFIX-ID (select), PREFIX-label-ID ...
        self.two_line = two_line
        self.scope = ed.CommandScope()
        self._ids: list[str] = []
        self._pending = False  #: rows being mounted: filled once they are

    def show(self, rs: Ruleset, rows: list[ed.WeirdRow]) -> None:
        ids = [r.id for r in rows]
        if ids != self._ids:
            self.remove_children()
            self.mount_all([self._row(r) for r in rows])
            self._ids = ids
            self._pending = True
            self.call_after_refresh(self._fill_mounted)
        elif not self._pending:
            self._fill(rs, rows)

    def _row(self, row: ed.WeirdRow) -> Vertical | Horizontal:
        p = self.prefix
        select = Select[str]([], id=f"{p}-{row.id}", classes=f"{p}-select", compact=True,
                             prompt="not taken", allow_blank=True)
        label = Label(plain(row.name), id=f"{p}-label-{row.id}", classes=f"{p}-label")
        if not self.two_line:
            return Horizontal(label, select, classes=f"{p}-row")
        return Vertical(Horizontal(label, select, classes=f"{p}-line"),
                        Label("", id=f"{p}-note-{row.id}", classes=f"{p}-note"),
                        classes=f"{p}-row")

    def _fill_mounted(self) -> None:
        """The rows are mounted now: fill them from the session as it is now."""
        self._pending = False
        owner = _owner(self)
        rs = owner.session.ruleset
        rows = ed.weird_command_rows(rs, self.scope.view(owner.session.roster))
        if [r.id for r in rows] == self._ids:
            self._fill(rs, rows)

    def _fill(self, rs: Ruleset, rows: list[ed.WeirdRow]) -> None:
        p = self.prefix
        for row in rows:
            select = self.query_one(f"#{p}-{row.id}", Select)
            label = self.query_one(f"#{p}-label-{row.id}", Label)
            blocked = row.reason is not None and row.replaces is None
            note = f"✗ {row.reason}" if blocked else row.summary
            if self.two_line:
                label.update(Content.styled(row.name, "bold" if not blocked else "dim"))
                self.query_one(f"#{p}-note-{row.id}", Label).update(
                    Content.styled(note, "$text-muted" if blocked else "dim"))
            else:
                label.update(Content.assemble(("Weird: ", "dim"), (row.name, "bold"), "  ",
                                              (note, "dim")))
            choices = [(f"replaces {rs.rule_name(a)}", a) for a in row.free_abilities]
            with select.prevent(Select.Changed):
                select.set_options(choices)
                select.value = row.replaces if row.replaces in row.free_abilities else Select.NULL
            select.disabled = not choices or blocked

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        upgrade_id = (event.select.id or "").removeprefix(f"{self.prefix}-")
        owner = _owner(self)
        roster = owner.session.roster
        command = self.scope.view(roster).command
        current = next((w.replaces for w in command.weird if w.id == upgrade_id), None)
        value = None if event.value == Select.NULL else str(event.value)
        if value == current:
            return
        up = owner.session.ruleset.upgrades.get(upgrade_id)
        name = up.name if up else upgrade_id
        what = f" for {value.replace('_', ' ')}" if value else " dropped"
        owner.commit(self.scope.apply(roster, lambda r: ed.set_weird(r, upgrade_id, value)),
                     self.scope.label(roster, f"weird command {name}{what}"))
