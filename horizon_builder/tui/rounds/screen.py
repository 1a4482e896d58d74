"""Tournament rounds of a Task Force (OtH p.45-48): each round's battlegroup, command, CR and losses.

A Task Force lists its elements once (total FP at most twice the tournament FC,
OtH p.46). Each round the player fields some of them as a battlegroup of up to
the tournament FC, chooses its CHQ and spends its CR afresh (OtH p.46); an
element destroyed in a round is benched for the rounds after it (OtH p.46). The
Task Force elements never destroyed are the final tie-break (OtH p.48).

The screen shows the session's report and nothing of its own: every change is
one undo step (``session.commit``), which the session announces; the app's message
then calls :meth:`RoundsScreen.refresh_view`. The command and CR pickers are the
editing helpers of the command screen, run on :func:`editing.round_view`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.tournament import round_ready
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.roster.command_panel import CrPicker, WeirdPicker
from horizon_builder.tui.roster.editor import finding_prompt
from horizon_builder.tui.rounds.actions import RoundListActions
from horizon_builder.tui.rounds.lists import (
    RoundElementList,
    RoundList,
    round_totals_text,
    summary_text,
)

if TYPE_CHECKING:
    from textual.app import App

    from horizon_builder.engine.validator import Report
    from horizon_builder.session.core import Session

#: Select value meaning "no command chosen" (the roster's ``kind = "none"``).
NO_COMMAND = "none"


def open_rounds(app: App[Any], session: Session, round_name: str | None = None) -> None:
    """Show the rounds screen (on round ``round_name`` when given); a battlegroup has none."""
    if session.roster.kind != "task_force":
        app.notify("Rounds belong to a tournament Task Force: set the roster's kind to "
                   "Task Force in Settings (s) first.", title="Rounds", timeout=6)
        return
    screen = app.screen
    if isinstance(screen, RoundsScreen):
        screen.show_round(round_name)
        return
    app.push_screen(RoundsScreen(round_name))


class RoundsScreen(RoundListActions):
    """The Task Force's rounds: pick each round's battlegroup, command, CR and losses."""

    CSS_PATH = "rounds.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("a", "add_round", "Add round"),
        Binding("d", "repeat_round", "Repeat", tooltip="Add a round fielding this round's "
                "battlegroup again, less the elements benched by then"),
        Binding("g", "suggest", "Suggest", tooltip="Suggest the best legal battlegroups for "
                "this round: most FP, least FP for the FC, or an Intelligence Rating"),
        Binding("ctrl+l", "focus_findings", "Findings", show=False),
    ]

    def __init__(self, round_name: str | None = None) -> None:
        super().__init__()
        self.index = 0  #: the round shown on the right
        self._wanted = round_name
        self._findings: list[Finding] = []
        self._ready = False  # children exist (is_mounted is only set after on_mount)

    def compose(self) -> ComposeResult:
        yield Static(id="rounds-title")
        yield Static(id="rounds-summary")
        with Horizontal(id="rounds-body"):
            with Vertical(id="rounds-left"):
                yield RoundList(id="rounds-list")
                yield Static(Content.assemble(
                    ("a", "bold"), " add  ", ("d", "bold"), " repeat\n", ("e", "bold"), " rename  ",
                    ("del", "bold"), " delete\n", ("[ ]", "bold"), " move  ", ("g", "bold"), " suggest"),
                    id="rounds-hint")
            with Vertical(id="rounds-right"):
                yield Static(id="round-totals")
                yield RoundElementList(id="round-elements")
                # the round's command under its elements, scrolled when the screen is short
                # (80x24): the elements keep their rows (not a stop of its own: Tab goes to
                # each list and dropdown in it, scrolled into view)
                with VerticalScroll(id="round-command-box", can_focus=False):
                    with Horizontal(id="round-command-row"):
                        yield Label("Command")
                        yield Select[str]([], id="round-command", compact=True,
                                          allow_blank=True, prompt="not chosen")
                        yield Label("Leads", id="round-chq-label")
                        yield Select[str]([], id="round-chq", compact=True, allow_blank=True,
                                          prompt="choose the CHQ")
                    yield WeirdPicker(prefix="round-weird", two_line=False, id="round-weird")
                    yield CrPicker(compact=True, id="round-cr")
                    with Horizontal(id="round-cr-option-row"):
                        yield Label("", id="round-cr-option-label")
                        yield Select[str]([], id="round-cr-option", compact=True,
                                          allow_blank=True)
                    yield Static(id="round-cr-note")
                yield Static(id="round-empty")
        yield OptionList(id="round-findings")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#rounds-list", RoundList).border_title = "Rounds"
        self._ready = True
        if self._wanted is not None:
            self.index = self._round_index(self._wanted)
        self.refresh_view()
        rounds = self.session.roster.rounds
        target = "#round-elements" if rounds and self._wanted is not None else "#rounds-list"
        self.query_one(target).focus()

    def on_resize(self) -> None:
        self.set_class(self.size.width < 90, "-narrow")

    def _round_index(self, name: str | None) -> int:
        names = [r.name for r in self.session.roster.rounds]
        return names.index(name) if name in names else self.index

    def show_round(self, round_name: str | None) -> None:
        """Show round ``round_name`` (as when opened from one of its findings)."""
        self.index = self._round_index(round_name)
        self.refresh_view()
        if self.round_count:
            self.query_one("#round-elements").focus()

    # --- showing ------------------------------------------------------------------------
    def refresh_view(self) -> None:
        if not self._ready:
            return
        session = self.session
        roster, report = session.roster, session.report
        self.index = max(0, min(self.index, len(roster.rounds) - 1))
        self.query_one("#rounds-title", Static).update(Content.assemble(
            ("Tournament rounds", "bold"), f" · {roster.name}",
            (f" · {roster.event}" if roster.event else "", "dim")))
        self._show_summary(roster, report)
        self._show_round_list(roster, report)
        has_round = bool(roster.rounds)
        for widget_id in ("#round-totals", "#round-elements", "#round-command-row"):
            self.query_one(widget_id).display = has_round
        if not has_round:
            self.query_one("#round-cr-option-row").display = False
            self.query_one("#round-weird").display = False
            self.query_one("#round-cr").display = False
            self.query_one("#round-cr-note").display = False
        empty = self.query_one("#round-empty", Static)
        empty.display = not has_round
        if not has_round:
            empty.update(Content.assemble(
                "No rounds yet. Press ", ("a", "bold reverse"), " to add Round 1, then tick the "
                "elements it fields."))
            self._show_findings([])
            return
        self._show_round(roster, report)

    def _show_summary(self, roster: Roster, report: Report) -> None:
        self.query_one("#rounds-summary", Static).update(summary_text(roster, report))

    def _show_round_list(self, roster: Roster, report: Report) -> None:
        box = self.query_one("#rounds-list", RoundList)
        options = []
        for i, round_ in enumerate(roster.rounds):
            sub = report.round_reports[i] if i < len(report.round_reports) else None
            if sub is None:
                options.append(Option(plain(round_.name), id=f"round:{i}"))
                continue
            t = sub.totals
            ready, word = round_ready(report, i)
            mark = ("✓", "bold $success") if ready else ("✗", "bold $error")
            lost = f" †{len(round_.destroyed)}" if round_.destroyed else ""
            options.append(Option(Content.assemble(
                mark, " ", (round_.name, "bold"), "\n  ",
                (word, "$error") if word else (f"FC {t.force_cost}/{t.force_cost_limit}",
                                               "$error" if t.over_budget else "dim"),
                (lost, "$error")), id=f"round:{i}"))
        if not options:
            options.append(Option(Content.styled("no rounds yet", "dim"), disabled=True))
        with box.prevent(OptionList.OptionHighlighted):
            box.set_options(options)
            if roster.rounds:
                box.highlighted = self.index
        box.border_subtitle = f"{len(roster.rounds)}" if roster.rounds else ""

    def _show_round(self, roster: Roster, report: Report) -> None:
        rs = self.session.ruleset
        round_ = roster.rounds[self.index]
        sub = report.round_reports[self.index]
        self.query_one("#round-totals", Static).update(round_totals_text(round_.name, sub.totals))
        self._show_elements(rs, roster)
        view = ed.round_view(roster, self.index)
        self._show_command(rs, view)
        self._show_weird(rs, view)
        self._show_cr(rs, view)
        self._show_findings(report.round_findings(self.index))

    def _show_elements(self, rs: Ruleset, roster: Roster) -> None:
        self.query_one("#round-elements", RoundElementList).show(
            ed.round_element_rows(rs, roster, self.index))

    def _show_command(self, rs, view: Roster) -> None:
        command = view.command
        kinds = self.query_one("#round-command", Select)
        choices = [(c.name, c.id) for c in ed.command_options(rs, view)
                   if c.allowed or c.id == command.kind]
        with kinds.prevent(Select.Changed):
            kinds.set_options(choices)
            kinds.value = command.kind if command.kind in rs.commands else Select.NULL
        option = rs.commands.get(command.kind)
        needs = option is not None and option.needs_element
        chq = self.query_one("#round-chq", Select)
        label = self.query_one("#round-chq-label", Label)
        chq.display = label.display = needs
        if not needs:
            return
        candidates = ed.command_candidates(rs, view, command.kind)
        leads = [(c.name, c.element_id) for c in candidates
                 if c.allowed or c.element_id == command.element]
        with chq.prevent(Select.Changed):
            chq.set_options(leads)
            chq.value = command.element if command.element in {v for _, v in leads} \
                else Select.NULL
        chq.prompt = "choose the CHQ" if leads else "none fielded may lead"
        barred = [c for c in candidates if not c.allowed]
        chq.tooltip = Content("\n".join(plain(f"{c.name}: {c.reason}").plain for c in barred)) or None

    def _show_weird(self, rs: Ruleset, view: Roster) -> None:
        """Weird command of the round (OtH p.42): one row per weird command of an enabled
        supplement, each choosing the command ability it replaces."""
        rows = [r for r in ed.weird_command_rows(rs, view)
                if rs.upgrades[r.id].supplement in (None, *view.supplements)]
        box = self.query_one("#round-weird", WeirdPicker)
        option = rs.commands.get(view.command.kind)
        box.display = bool(rows) and option is not None and option.weird_slots > 0
        box.scope = ed.CommandScope(self.index)
        if box.display:
            box.show(rs, rows)

    def _show_cr(self, rs: Ruleset, view: Roster) -> None:
        box = self.query_one("#round-cr", CrPicker)
        box.scope = ed.CommandScope(self.index)
        analysis = analyse(view, rs)
        left = ed.cr_left(analysis)
        count = box.show(rs, analysis)
        figures = Content.assemble(
            "Command Resources: ", (f"{left} left of {analysis.cr_available}",
                                    "bold $error" if left < 0 else "bold"))
        cr_note = self.query_one("#round-cr-note", Static)
        box.display = bool(count)
        cr_note.display = not count
        if not count:  # one line is enough to say so
            self.query_one("#round-cr-option-row").display = False
            reason = ("no command bringing CR" if analysis.cr_available == 0
                      else "no CR upgrades for the fielded types")
            cr_note.update(Content.assemble(figures, (f" · nothing to buy: {reason}", "dim")))
            return
        box.border_title = figures
        self._show_cr_option()

    def _show_cr_option(self) -> None:
        """A bought CR upgrade that needs a choice (a robot's program) shows it, to change."""
        box = self.query_one("#round-cr", CrPicker)
        row = box.highlighted_row
        line = self.query_one("#round-cr-option-row")
        line.display = box.display and row is not None and row.bought and bool(row.options)
        if not line.display or row is None:
            return
        self.query_one("#round-cr-option-label", Label).update(plain(f"{row.name}:"))
        select = self.query_one("#round-cr-option", Select)
        with select.prevent(Select.Changed):
            select.set_options([(o, o) for o in row.options])
            if row.option in row.options:
                select.value = row.option

    def _show_findings(self, findings: list[Finding]) -> None:
        self._findings = findings
        box = self.query_one("#round-findings", OptionList)
        keep = box.highlighted
        strip = self.session.roster.rounds[self.index].name if self.round_count else None
        box.set_options([Option(finding_prompt(f, strip)) for f in findings] or [
            Option(Content.styled("✓ Nothing to fix in this round", "$success"), disabled=True)])
        if findings:
            box.highlighted = 0 if keep is None else min(keep, len(findings) - 1)
        box.border_title = plain(f"{strip} findings ({len(findings)})" if strip else "Findings")
        box.border_subtitle = "Enter: fix" if findings else ""

    # --- editing --------------------------------------------------------------------------
    def _apply(self, change: Callable[[Roster], Roster], label: str) -> bool:
        """One undo step; False (with a notice) when the change is refused."""
        try:
            roster = change(self.session.roster)
        except (ValueError, IndexError, KeyError) as exc:
            self.app.bell()
            self.notify(f"Not changed: {exc}", severity="error", markup=False)
            return False
        return self.commit(roster, label)

    @property
    def _highlighted_element(self) -> str | None:
        box = self.query_one("#round-elements", RoundElementList)
        option = box.highlighted_option
        if not self.round_count or option is None or option.disabled:
            return None
        return option.id

    def _element_name(self, element_id: str) -> str:
        element = self.session.roster.element(element_id)
        return element.name if element else element_id

    def _refuse(self, message: str) -> None:
        self.app.bell()
        self.notify(message, severity="warning", markup=False)

    def action_toggle_element(self) -> None:
        element_id = self._highlighted_element
        if element_id is None:
            return
        index, round_name = self.index, self._round_name
        round_ = self.session.roster.rounds[index]
        fielded = element_id in round_.elements
        name = self._element_name(element_id)
        if not fielded and element_id in ed.benched_before(self.session.roster, index):
            self._refuse(f"{name} is benched: destroyed in an earlier round (OtH p.46).")
            return
        leads = fielded and round_.command.element == element_id
        verb = "take out" if fielded else "field"
        if self._apply(lambda r: ed.toggle_round_element(r, index, element_id),
                       f"{round_name}: {verb} {name}") and leads:
            self.notify(f"{name} led {round_name}: choose another CHQ.", severity="warning")

    def action_toggle_destroyed(self) -> None:
        element_id = self._highlighted_element
        if element_id is None:
            return
        index, round_name = self.index, self._round_name
        round_ = self.session.roster.rounds[index]
        name = self._element_name(element_id)
        if element_id not in round_.elements and element_id not in round_.destroyed:
            self._refuse(f"{name} is not fielded in {round_name}: field it first (space).")
            return
        undo = element_id in round_.destroyed
        label = f"{round_name}: {name} {'not destroyed' if undo else 'destroyed'}"
        if not self._apply(lambda r: ed.toggle_round_destroyed(r, index, element_id), label) \
                or undo or index == self.round_count - 1:
            return
        later = [r.name for r in self.session.roster.rounds[index + 1:] if element_id in r.elements]
        if later:
            self.notify(f"{name} is benched from the next round on, but {', '.join(later)} "
                        "fields it: take it out there.", severity="warning", timeout=6)
        else:
            self.notify(f"{name} is benched from the next round on.", timeout=3)

    def action_lead(self) -> None:
        """Make the highlighted element the round's CHQ, under the round's command option or,
        when that option cannot take it, under another that can (a mech: Mech CHQ)."""
        element_id = self._highlighted_element
        if element_id is None:
            return
        rs, roster = self.session.ruleset, self.session.roster
        index, round_name = self.index, self._round_name
        name = self._element_name(element_id)
        if element_id not in roster.rounds[index].elements:
            self._refuse(f"{name} is not fielded in {round_name}: field it first (space).")
            return
        view = ed.round_view(roster, index)
        try:
            led, option_name = ed.lead(rs, view, element_id)
        except ValueError as exc:
            self._refuse(f"{name} cannot lead: {exc}")
            return
        if led.command != view.command:
            self._apply(lambda r: ed.from_round_view(r, index, ed.lead(rs, ed.round_view(r, index),
                                                                         element_id)[0]),
                        f"{round_name}: {name} leads ({option_name})")

    @on(OptionList.OptionHighlighted, "#rounds-list")
    def _round_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        if index != self.index and 0 <= index < self.round_count:
            self.index = index
            self.refresh_view()

    @on(OptionList.OptionSelected, "#rounds-list")
    def _round_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.round_count:
            self.query_one("#round-elements").focus()

    @on(OptionList.OptionSelected, "#round-elements")
    def _element_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_toggle_element()

    @on(Select.Changed, "#round-command")
    def _command_changed(self, event: Select.Changed) -> None:
        if not self.round_count:
            return
        rs, roster = self.session.ruleset, self.session.roster
        index, round_name = self.index, self._round_name
        kind = NO_COMMAND if event.value == Select.NULL else str(event.value)
        view = ed.round_view(roster, index)
        if kind == view.command.kind:
            return
        option = rs.commands.get(kind)
        self._apply(lambda r: ed.CommandScope(index).apply(
            r, lambda v: ed.choose_command(rs, v, kind)),
            f"{round_name}: command {option.name if option else 'not chosen'}")

    @on(Select.Changed, "#round-chq")
    def _chq_changed(self, event: Select.Changed) -> None:
        if not self.round_count or event.value == Select.NULL:
            return
        rs, roster = self.session.ruleset, self.session.roster
        index, round_name = self.index, self._round_name
        element_id = str(event.value)
        command = roster.rounds[index].command
        if element_id == command.element:
            return
        self._apply(lambda r: ed.from_round_view(
            r, index, ed.set_command(rs, ed.round_view(r, index), command.kind, element_id)),
            f"{round_name}: {self._element_name(element_id)} leads")

    @on(OptionList.OptionHighlighted, "#round-cr")
    def _cr_highlighted(self) -> None:
        self._show_cr_option()

    @on(Select.Changed, "#round-cr-option")
    def _cr_option_changed(self, event: Select.Changed) -> None:
        if self.round_count:
            self.query_one("#round-cr", CrPicker).choose_option(event.value)

    @on(OptionList.OptionSelected, "#round-findings")
    def _finding_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if not 0 <= index < len(self._findings):
            return
        finding = self._findings[index]
        head = (finding.field or "").split(".")[0].split("[")[0]
        if head == "command":
            self.query_one("#round-command" if finding.element is None
                           or not self.query_one("#round-chq").display
                           else "#round-chq").focus()
        elif head == "cr_purchases":
            self.query_one("#round-cr").focus()
        elif finding.element and (finding.code.startswith("tf-") or head == "rounds"):
            self._focus_element(finding.element)
        elif finding.element and self.session.roster.element(finding.element):
            from horizon_builder.tui.roster.element_editor import ElementEditorScreen

            self.app.push_screen(ElementEditorScreen(finding.element, focus_field=finding.field))
        else:
            self.query_one("#round-elements").focus()
            self.notify(finding.message, title=self._round_name, timeout=6)

    def _focus_element(self, element_id: str) -> None:
        box = self.query_one("#round-elements", RoundElementList)
        ids = [o.id for o in box.options]
        if element_id in ids and not box.get_option(element_id).disabled:
            box.highlighted = ids.index(element_id)
        box.focus()

    def action_focus_findings(self) -> None:
        self.query_one("#round-findings").focus()

    def action_close(self) -> None:
        self.dismiss()
