"""Edit one element: name, P, statline against its pool and limits, upgrades, metaforms, findings.

Every change is one step in the session's history; the screen re-reads the
session after each one (and after undo/redo), so what it shows is always the
current snapshot. Form indexes are 0-based here; findings name them 1-based.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static

from horizon_builder import editing as ed
from horizon_builder.engine.analysis import StatlineInfo
from horizon_builder.engine.findings import Finding
from horizon_builder.roster.models import Element
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.quiet import update_static
from horizon_builder.tui.common.views import EditorView, arrow_keys
from horizon_builder.tui.roster.editor import NumberStepper, UpgradePicker, show_findings
from horizon_builder.tui.roster.editor_focus import EditorFocus
from horizon_builder.tui.roster.format import editor_title
from horizon_builder.tui.roster.statline_text import (
    lines_text,
    payment_label,
    pool_text,
    stat_states,
    type_name,
)
from horizon_builder.tui.roster.upgrade_detail import UpgradeDetail


class ElementEditorScreen(EditorFocus, EditorView, Screen[None]):
    """The element editor (pushed by the roster screen; Escape goes back)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("left_square_bracket", "line(-1)", "Prev form", show=False),
        Binding("right_square_bracket", "line(1)", "Next form", show=False),
        Binding("ctrl+o", "add_form", "Add form", show=False),
        Binding("ctrl+t", "toggle_all", "All upgrades"),
        Binding("ctrl+l", "focus_findings", "Findings"),
        *arrow_keys("focus_row"),
    ]

    def __init__(self, element_id: str, focus_field: str | None = None) -> None:
        super().__init__()
        self.element_id = element_id
        self.focus_field = focus_field
        #: statline shown: None for the baseform, else a 0-based form index
        self.line: int | None = None
        self.show_all = False
        self._stats: tuple[str, ...] = ()
        self._form_types: list[str] = []
        self._gone = False
        self._findings: list[Finding] = []
        self._findings_shown: tuple[object, ...] = ()
        self._picker_wait = False  #: a stepper's edit: the next redraw's upgrade list waits for its frame
        self._picker_due = False  #: the upgrade list is to be shown after the next frame

    # --- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="ed-title")
        with Horizontal(id="ed-identity"):
            yield Label("Name", classes="ed-label")
            yield Input(id="ed-name", compact=True, max_length=120)
            yield Button("+ Form", id="ed-add-form", compact=True,
                         tooltip="Add a metaform (ctrl+o)")
        yield Static(id="ed-lines")
        with Horizontal(id="ed-line-row"):
            yield Select[str]([], id="ed-form-type", compact=True, allow_blank=True,
                              prompt="Form type")
            yield NumberStepper("P", id="ed-presence", tooltip="Presence: −/+ or type a number",
                                controlled=True)
            yield Static(id="ed-facts")
            yield Button("Remove form", id="ed-remove-form", compact=True, variant="error")
        yield Horizontal(id="ed-stats")
        yield Static(id="ed-pool")
        yield UpgradePicker(id="ed-upgrades")
        yield UpgradeDetail(id="ed-detail-row")
        yield OptionList(id="ed-findings")
        yield KeysFooter()

    def focus_at_start(self) -> None:
        self.call_after_refresh(self.focus_on_field, self.focus_field)

    # --- reading the session -------------------------------------------------------------
    def _element(self) -> Element | None:
        return self.session.roster.element(self.element_id)

    def refresh_view(self) -> None:
        """Show the session's current snapshot (called after every edit, undo and redo)."""
        element = self._element()
        if element is None:
            self._close_gone()
            return
        session = self.session
        ruleset = session.ruleset
        report = session.report
        analysis = report.analysis
        info = analysis.by_id[self.element_id]
        if self.line is not None and self.line >= len(element.forms):
            self.line = len(element.forms) - 1 if element.forms else None
        line = info.base if self.line is None else info.forms[self.line]
        errors = [f for f in report.all_findings if f.element == self.element_id]
        title = editor_title(element, info, report, errors, self.size.width - 2)
        update_static(self.query_one("#ed-title", Static), title, fixed_size=True)
        name_input = self.query_one("#ed-name", Input)
        if not name_input.has_focus and name_input.value != element.name:
            name_input.value = element.name
        self.query_one("#ed-add-form", Button).display = ed.can_have_forms(ruleset, element)
        self._show_lines(element, info.forms)
        self._show_line_row(element, line)
        self._show_stats(line)
        self._show_pool(line)
        if self._picker_wait:  # a stat typed: the list follows the edit's own frame
            self._picker_wait = False
            if not self._picker_due:  # (keys typed in a row: the list once, after their frame)
                self._picker_due = True
                self.call_after_refresh(self._picker_after_frame)
        else:
            self._show_picker()
        findings = self.query_one("#ed-findings", OptionList)
        shown = (tuple(errors), element.name)
        if shown == self._findings_shown and findings.option_count:
            return  # the same list: no rebuild, no relayout
        self._findings_shown = shown
        self._findings = errors
        show_findings(findings, errors, element.name, "✓ Nothing to fix on this element")

    def _show_picker(self) -> None:
        """The upgrade list, each upgrade tried against every rule: after a stat change it
        comes a frame later, once for keys typed in a row (issue 13)."""
        self._picker_due = False
        if self.is_attached and self._element() is not None:
            self.query_one(UpgradePicker).show_rows(ed.upgrade_options(
                self.session.ruleset, self.session.report.analysis, self.element_id, self.line),
                self.show_all)
            self._show_detail()

    def _show_lines(self, element: Element, forms: list[StatlineInfo]) -> None:
        lines = self.query_one("#ed-lines", Static)
        lines.display = bool(element.forms)
        if element.forms:
            lines.update(lines_text(self.session.ruleset, element, self.line))

    def _show_line_row(self, element: Element, line: StatlineInfo) -> None:
        ruleset = self.session.ruleset
        form_type = self.query_one("#ed-form-type", Select)
        remove = self.query_one("#ed-remove-form", Button)
        is_form = self.line is not None
        form_type.display = is_form
        remove.display = is_form
        if is_form:
            types = [element.forms[self.line].type] + [  # type: ignore[index]
                t for t in ed.form_types(ruleset, self.session.roster, element, self.line)
                if t != element.forms[self.line].type]  # type: ignore[index]
            options = [(type_name(self.session.ruleset, t), t) for t in types]
            if self._form_types != types:
                self._form_types = types
                with form_type.prevent(Select.Changed):
                    form_type.set_options(options)
            if form_type.value != line.type_id:
                with form_type.prevent(Select.Changed):
                    form_type.value = line.type_id
        et = line.type
        presence = self.query_one("#ed-presence", NumberStepper)
        if et is not None:
            low = et.presence.min
            high = et.presence.max
            if is_form:
                high = element.presence if high is None else min(high, element.presence)
            bad = line.presence < low or (high is not None and line.presence > high)
            presence.set_state(line.presence, low, high if high is not None else 30,
                               ed.p_range_text(low, high), bad)
        rules = ", ".join(self.session.ruleset.rule_name(r) for r in line.special_rules)
        update_static(self.query_one("#ed-facts", Static),
                      Content.styled(rules, "italic $text-muted") if rules else "")

    def stat_stepper(self, stat: str) -> NumberStepper | None:
        """The stepper of one stat of the statline shown."""
        return next((s for s in self.query_one("#ed-stats").query(NumberStepper)
                     if s.label == stat), None)

    def _show_stats(self, line: StatlineInfo) -> None:
        et = line.type
        row = self.query_one("#ed-stats", Horizontal)
        stats = tuple([*et.stats, *et.optional_stats]) if et is not None else ()
        if stats != self._stats:
            # reuse the steppers (ids would clash while old ones are being removed)
            steppers = list(row.query(NumberStepper))
            for extra in steppers[len(stats):]:
                extra.remove()
            if len(stats) > len(steppers):
                row.mount_all([NumberStepper("", controlled=True) for _ in stats[len(steppers):]])
            self._stats = stats
        steppers = list(row.query(NumberStepper))
        for stepper, stat in zip(steppers, stats, strict=False):
            stepper.label = stat
            stepper.optional = et is not None and stat in et.optional_stats
            stepper.tooltip = f"{stat}: −/+ or type a number"
        if et is None:
            return
        for stat, value, low, high, hint, bad in stat_states(self.session.ruleset, line, stats):
            stat_box = self.stat_stepper(stat)
            if stat_box is not None:
                stat_box.set_state(value, low, high if high is not None else ed.STAT_MAX, hint,
                                   bad)

    def _show_pool(self, line: StatlineInfo) -> None:
        pool = self.query_one("#ed-pool", Static)
        text, over = pool_text(line)
        pool.set_class(over, "-over")
        update_static(pool, text, fixed_size=True)  # one line, as wide as the screen

    def _show_detail(self) -> None:
        self.query_one(UpgradeDetail).show(self.query_one(UpgradePicker).current)

    # --- editing ----------------------------------------------------------------------
    def _edit(self, change: Callable[[Element], Element], label: str) -> None:
        before = self.session.roster
        try:
            roster = ed.change_element(before, self.element_id, change)
        except (ValueError, KeyError) as exc:
            self.notify(f"Not changed: {exc}", severity="error", markup=False)
        else:
            self.commit(roster, label)
        if self.session.roster is before:  # refused or no change: the steppers show it again
            self.refresh_view()

    def _element_name(self) -> str:
        element = self._element()
        return element.name if element else self.element_id

    def _line_name(self) -> str:
        return self._element_name() if self.line is None else f"{self._element_name()} form {self.line + 1}"

    @on(NumberStepper.Changed)
    def _stepper_changed(self, event: NumberStepper.Changed) -> None:
        event.stop()
        self._picker_wait = True  # (the redraw comes with the session's announcement)
        self._step(event)

    def _step(self, event: NumberStepper.Changed) -> None:
        rs = self.session.ruleset
        line = self.line
        if event.stepper.id == "ed-presence":
            value = event.value if event.value is not None else 0
            self._edit(lambda e: ed.set_presence(rs, e, value, line), f"{self._line_name()}: P{value}")
        elif event.stepper.parent is self.query_one("#ed-stats"):
            stat = event.stepper.label
            shown = "–" if event.value is None else event.value
            self._edit(lambda e: ed.set_stat(e, stat, event.value, line),
                       f"{self._line_name()}: {stat} {shown}")

    def _picker_after_frame(self) -> None:
        """The edit's frame is out (``call_after_refresh`` runs after the screen's update
        is written): now the upgrade list, unless a redraw since showed it."""
        if self._picker_due:
            self._show_picker()

    @on(NumberStepper.Submitted)
    def _stepper_submitted(self, event: NumberStepper.Submitted) -> None:
        """Enter on a number (nothing typed): on to the next one, as in a form."""
        event.stop()
        self.focus_next()

    @on(Input.Submitted, "#ed-name")
    @on(Input.Blurred, "#ed-name")
    def _rename(self, event: Input.Submitted | Input.Blurred) -> None:
        self._rename_to(event.input)

    def _rename_to(self, field: Input) -> None:
        element = self._element()
        name = field.value.strip()
        if element is None or not name or name == element.name:
            if element is not None and not name:
                field.value = element.name
            return
        self._edit(lambda e: ed.set_name(e, name), f"rename {element.name} to {name}")

    def _step_upgrade(self, upgrade_id: str, delta: int) -> None:
        picker = self.query_one(UpgradePicker)
        row = picker.rows.get(upgrade_id)
        if row is None:
            return
        rs, line = self.session.ruleset, self.line
        if delta > 0:
            if not row.allowed:
                self.app.bell()
                self.notify(f"{row.name}: {row.reason}", severity="warning", timeout=3)
                return
            paid = row.paid if not row.taken and row.ways else None  # the way that can pay
            self._edit(lambda e: ed.add_upgrade(rs, e, upgrade_id, line, paid=paid),  # type: ignore[arg-type]
                       f"{self._line_name()}: take {row.name}")
            if row.unit_cost is None and not row.taken:  # nobody knows its cost yet: ask once
                from horizon_builder.tui.rules.rulebook import AskRuleValue

                self.post_message(AskRuleValue(row.name, "cost", f"{row.name}'s cost is not "
                                               "known (the core book's table is not available "
                                               "to us)."))
        elif row.taken:
            self._edit(lambda e: ed.remove_upgrade(e, upgrade_id, line, every=delta == 0),
                       f"{self._line_name()}: drop {row.name}")

    @on(UpgradePicker.Step)
    def _picker_step(self, event: UpgradePicker.Step) -> None:
        event.stop()
        self._step_upgrade(event.upgrade_id, event.delta)

    @on(OptionList.OptionSelected, "#ed-upgrades")
    def _picker_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self.query_one(UpgradePicker).rows.get(event.option_id or "")
        if row is None:
            return
        if not row.taken or (row.repeatable and row.allowed):
            self._step_upgrade(row.id, 1)
        elif row.repeatable:
            self.notify(f"{row.name}: {row.reason}. Press − to drop one.", timeout=3)
        else:
            self._step_upgrade(row.id, -1)

    @on(OptionList.OptionHighlighted, "#ed-upgrades")
    @on(UpgradePicker.Searched)
    def _picker_highlighted(self, event: OptionList.OptionHighlighted | UpgradePicker.Searched) -> None:
        self._show_detail()

    @on(Button.Pressed, "#ed-up-minus")
    def _minus_pressed(self) -> None:
        row = self.query_one(UpgradePicker).current
        if row is not None:
            self._step_upgrade(row.id, -1)

    @on(Button.Pressed, "#ed-up-plus")
    def _plus_pressed(self) -> None:
        row = self.query_one(UpgradePicker).current
        if row is not None:
            self._step_upgrade(row.id, 1)

    @on(Select.Changed, "#ed-option")
    def _option_changed(self, event: Select.Changed) -> None:
        row = self.query_one(UpgradePicker).current
        if (row is None or not row.taken or event.value == Select.NULL
                or event.value == row.option or event.value not in row.options):
            return
        value, line = str(event.value), self.line
        self._edit(lambda e: ed.set_upgrade_option(e, row.id, value, line),
                   f"{self._line_name()}: {row.name} {value}")

    @on(Select.Changed, "#ed-paid")
    def _paid_changed(self, event: Select.Changed) -> None:
        row = self.query_one(UpgradePicker).current
        # Only the player's own choice is an edit: the list also says "changed" when it is
        # first set up (its first way, before any row is shown), and then there is nothing
        # to change (issue 24: no toast unless the player did something).
        if (row is None or not row.payment_choice or event.value == Select.NULL
                or event.value == row.paid or event.value not in row.payments):
            return
        value, line, rs = str(event.value), self.line, self.session.ruleset
        self._edit(lambda e: ed.set_upgrade_payment(rs, e, row.id, value, line),  # type: ignore[arg-type]
                   f"{self._line_name()}: {row.name} paid {payment_label(value)}")

    @on(Select.Changed, "#ed-form-type")
    def _form_type_changed(self, event: Select.Changed) -> None:
        element = self._element()
        if element is None or self.line is None or event.value == Select.NULL:
            return
        type_id, index = str(event.value), self.line
        if element.forms[index].type == type_id:
            return
        rs, roster = self.session.ruleset, self.session.roster
        self._edit(lambda e: ed.set_form_type(rs, roster, e, index, type_id),
                   f"{self._element_name()} form {index + 1}: {type_name(self.session.ruleset, type_id)}")

    @on(Button.Pressed, "#ed-add-form")
    def action_add_form(self) -> None:
        element = self._element()
        if element is None:
            return
        rs, roster = self.session.ruleset, self.session.roster
        if not ed.can_have_forms(rs, element):
            self.notify("Only a metaformer may have forms: take the Metaform upgrade first",
                        severity="warning")
            return
        if not ed.form_types(rs, roster, element):
            self.notify("No element type may be a form of this one", severity="warning")
            return
        self._edit(lambda e: ed.add_form(rs, roster, e), f"{self._element_name()}: add a form")
        element = self._element()
        if element is not None and element.forms:
            self.action_show_line(len(element.forms) - 1)
            # the next choice is the new form's type
            self.call_after_refresh(self.query_one("#ed-form-type", Select).focus)

    @on(Button.Pressed, "#ed-remove-form")
    def _remove_form(self) -> None:
        if self.line is None:
            return
        index = self.line
        self.line = index - 1 if index > 0 else None
        self._edit(lambda e: ed.remove_form(e, index), f"{self._element_name()}: remove form {index + 1}")

    @on(OptionList.OptionSelected, "#ed-findings")
    def _finding_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int((event.option_id or "f0")[1:])
        findings = self._findings
        if index < len(findings):
            self.focus_on_field(findings[index].field)

    # --- navigation ---------------------------------------------------------------------
    def action_show_line(self, index: int) -> None:
        self.line = None if index < 0 else index
        self.refresh_view()

    def action_line(self, delta: int) -> None:
        element = self._element()
        if element is None or not element.forms:
            return
        order: list[int | None] = [None, *range(len(element.forms))]
        position = (order.index(self.line) + delta) % len(order)
        self.action_show_line(-1 if order[position] is None else order[position])  # type: ignore[arg-type]

    def action_toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.notify("Showing every upgrade, with why not" if self.show_all
                    else "Showing the upgrades this element may take", timeout=2)
        self.refresh_view()

    def action_close(self) -> None:
        self._rename_to(self.query_one("#ed-name", Input))  # Esc keeps a name typed
        self.dismiss()

    def _close_gone(self) -> None:
        if self._gone:
            return
        self._gone = True
        self.app.call_later(self._pop_if_current)

    def _pop_if_current(self) -> object:
        # runs in the app's message pump: popping from there never waits on this screen
        if self.is_current:
            return self.app.pop_screen()
        return None

    def on_resize(self) -> None:
        self.refresh_view()  # the title shortens or grows with the width

    def on_screen_resume(self) -> None:
        self.stale = False  # redrawn here (SessionView's handler runs after this one)
        if self._gone or self._element() is None:
            self._gone = True
            self.app.call_later(self._pop_if_current)
            return
        self.refresh_view()

