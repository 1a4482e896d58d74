"""Tournament rounds of a Task Force (OtH p.45-48): each round's battlegroup, command, CR and losses.

A Task Force lists its elements once (total FP at most twice the tournament FC,
OtH p.46). Each round the player fields some of them as a battlegroup of up to
the tournament FC, chooses its CHQ and spends its CR afresh (OtH p.46); an
element destroyed in a round is benched for the rounds after it (OtH p.46). The
Task Force elements never destroyed are the final tie-break (OtH p.48).

The screen shows the session's report and nothing of its own: every change is
one undo step (``session.commit``) followed by ``app.session_changed()``, which
calls :meth:`RoundsScreen.refresh_view`. The command and CR pickers are the
editing helpers of the command screen, run on :func:`editing.round_view`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.engine.analysis import analyse
from horizon_builder.engine.findings import Finding
from horizon_builder.engine.tournament import benched, remaining_value, round_length_minutes
from horizon_builder.roster.models import Roster
from horizon_builder.tui.screens.base import SessionView
from horizon_builder.tui.widgets.editor import finding_prompt

if TYPE_CHECKING:
    from horizon_builder.engine.validator import Report
    from horizon_builder.tui.app import HorizonApp

#: Select value meaning "no command chosen" (the roster's ``kind = "none"``).
NO_COMMAND = "none"


def open_rounds(app: HorizonApp, round_name: str | None = None) -> None:
    """Show the rounds screen (on round ``round_name`` when given); a battlegroup has none."""
    if app.session.roster.kind != "task_force":
        app.notify("Rounds belong to a tournament Task Force: set the roster's kind to "
                   "Task Force in Settings (s) first.", title="Rounds", timeout=6)
        return
    screen = app.screen
    if isinstance(screen, RoundsScreen):
        screen.show_round(round_name)
        return
    app.push_screen(RoundsScreen(round_name))


def round_findings(report: Report, index: int) -> list[Finding]:
    """What the validator says about round ``index``: its own report, and the Task Force
    findings that name it (an empty round, a loss it did not field ...)."""
    roster = report.analysis.roster
    if not 0 <= index < len(roster.rounds) or index >= len(report.round_reports):
        return []
    name = roster.rounds[index].name
    own = [f for f in report.findings if f.round == name]
    return [*report.round_reports[index].findings, *own]


class RoundNameDialog(ModalScreen[str | None]):
    """Ask for a round's name; a name another round has is refused."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, current: str, taken: set[str]) -> None:
        super().__init__(classes="dialog")
        self._current = current
        self._taken = taken

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = f"Rename {self._current}"
            yield Input(self._current, id="round-name", max_length=80,
                        placeholder="e.g. Round 2: Hold the ridge")
            yield Label("", id="round-name-problem", classes="field-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Rename", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        field = self.query_one("#round-name", Input)
        field.focus()
        field.action_select_all()

    def problem(self, value: str) -> str | None:
        name = value.strip()
        if not name:
            return "Type a name."
        if name != self._current and name in self._taken:
            return f"Another round is already called {name}."
        return None

    @on(Input.Changed, "#round-name")
    def _changed(self, event: Input.Changed) -> None:
        problem = self.problem(event.value)
        label = self.query_one("#round-name-problem", Label)
        label.update(problem or "")
        label.display = problem is not None

    @on(Input.Submitted, "#round-name")
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        value = self.query_one("#round-name", Input).value
        if self.problem(value) is None:
            self.dismiss(value.strip())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class RoundList(OptionList):
    """The rounds in play order, each with its FC and verdict."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e,f2", "screen.rename_round", "Rename"),
        Binding("delete,backspace", "screen.delete_round", "Delete", key_display="del"),
        Binding("left_square_bracket,shift+up", "screen.move_round(-1)", "Earlier",
                key_display="["),
        Binding("right_square_bracket,shift+down", "screen.move_round(1)", "Later",
                key_display="]"),
    ]


class RoundElementList(OptionList):
    """The Task Force elements: ticked when the round fields them; benched ones disabled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "screen.toggle_element", "Field", tooltip="Field it in this round, "
                "or take it out (Enter too)"),
        Binding("x", "screen.toggle_destroyed", "Destroyed",
                tooltip="Destroyed in this round: benched for the rounds after it (OtH p.46)"),
        Binding("h", "screen.lead", "CHQ", tooltip="Make it the round's CHQ"),
    ]


class RoundsScreen(SessionView, Screen[None]):
    """The Task Force's rounds: pick each round's battlegroup, command, CR and losses."""

    DEFAULT_CSS = """
    RoundsScreen { layout: vertical; }
    #rounds-title { height: 1; padding: 0 1; background: $panel; }
    #rounds-summary { height: auto; padding: 0 1; background: $boost; }
    #rounds-body { height: 1fr; }
    #rounds-left { width: 26; padding: 0 0 0 1; }
    #rounds-list { height: 1fr; min-height: 3; border: round $panel; }
    #rounds-hint { height: auto; color: $text-muted; padding: 0 1; }
    #rounds-right { width: 1fr; padding: 0 1; }
    #round-totals { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #round-elements { height: 1fr; min-height: 4; border: round $panel; }
    #round-command-row { height: 1; margin: 1 0 0 0; }
    #round-command-row Label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    #round-command { width: 21; margin-right: 1; }
    #round-chq { width: 1fr; max-width: 36; }
    #round-cr { height: auto; max-height: 6; min-height: 3; border: round $panel; }
    #round-weird { height: auto; }
    .round-weird-row { height: 1; }
    .round-weird-label { width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    .round-weird-select { width: 30; margin-left: 1; }
    #round-cr-option-row { height: 1; }
    #round-cr-option-row Label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    #round-cr-option { width: 24; }
    #round-cr-note { height: 1; margin: 1 0 0 0; text-wrap: nowrap; text-overflow: ellipsis; }
    #round-empty { height: 1fr; content-align: center middle; color: $text-muted; }
    #round-findings {
        height: auto; max-height: 7; border: round $panel; border-title-color: $text-muted;
    }
    #rounds-list:focus, #round-elements:focus, #round-cr:focus, #round-findings:focus {
        border: round $accent;
    }
    #rounds-list, #round-elements, #round-cr, #round-findings {
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    RoundsScreen.-narrow #rounds-left { width: 20; }
    RoundsScreen.-narrow #rounds-hint { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("a", "add_round", "Add round"),
        Binding("d", "repeat_round", "Repeat", tooltip="Add a round fielding this round's "
                "battlegroup again, less the elements benched by then"),
        Binding("ctrl+l", "focus_findings", "Findings", show=False),
    ]


    def __init__(self, round_name: str | None = None) -> None:
        super().__init__()
        self.index = 0  #: the round shown on the right
        self._wanted = round_name
        self._cr_rows: dict[str, ed.CrRow] = {}
        self._weird_ids: list[str] = []
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
                    ("del", "bold"), " delete\n", ("[ ]", "bold"), " move"), id="rounds-hint")
            with Vertical(id="rounds-right"):
                yield Static(id="round-totals")
                yield RoundElementList(id="round-elements")
                with Horizontal(id="round-command-row"):
                    yield Label("Command")
                    yield Select[str]([], id="round-command", compact=True, allow_blank=True,
                                      prompt="not chosen")
                    yield Label("Leads", id="round-chq-label")
                    yield Select[str]([], id="round-chq", compact=True, allow_blank=True,
                                      prompt="choose the CHQ")
                yield Vertical(id="round-weird")
                yield OptionList(id="round-cr")
                with Horizontal(id="round-cr-option-row"):
                    yield Label("", id="round-cr-option-label")
                    yield Select[str]([], id="round-cr-option", compact=True, allow_blank=True)
                yield Static(id="round-cr-note")
                yield Static(id="round-empty")
        yield OptionList(id="round-findings")
        yield Footer()

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

    @property
    def round_count(self) -> int:
        return len(self.session.roster.rounds)

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
        fp = sum(info.fp for info in report.analysis.elements)
        limit = 2 * roster.force_cost
        gone = [report.analysis.by_id[i].element.name for i in benched(roster)
                if i in report.analysis.by_id]
        parts: list[tuple[str, str] | str] = [
            ("Tournament FC ", "bold"), str(roster.force_cost), "   ",
            ("Task Force FP ", "bold"),
            (f"{fp}/{limit}", "bold $error" if fp > limit else "bold $success"),
            (" (over twice the FC)" if fp > limit else "", "$error"), "   ",
            ("Round length ", "bold"), f"{round_length_minutes(roster.force_cost)} min", "   ",
            ("Benched ", "bold"), ", ".join(gone) if gone else ("none", "dim"), "   ",
            ("Value remaining ", "bold"), str(remaining_value(report.analysis))]
        if roster.kind != "task_force":
            parts = [("This roster is a battlegroup: its rounds are used only when its kind is "
                      "Task Force (Settings)", "$warning")]
        self.query_one("#rounds-summary", Static).update(Content.assemble(*parts))

    def _show_round_list(self, roster: Roster, report: Report) -> None:
        box = self.query_one("#rounds-list", RoundList)
        options = []
        for i, round_ in enumerate(roster.rounds):
            sub = report.round_reports[i] if i < len(report.round_reports) else None
            if sub is None:
                options.append(Option(round_.name, id=f"round:{i}"))
                continue
            t = sub.totals
            errors = [f for f in round_findings(report, i) if f.severity == "error"]
            mark = ("✗", "bold $error") if errors else ("✓", "bold $success")
            lost = f" †{len(round_.destroyed)}" if round_.destroyed else ""
            options.append(Option(Content.assemble(
                mark, " ", (round_.name, "bold"), "\n  ",
                (f"FC {t.force_cost}/{t.force_cost_limit}",
                 "$error" if t.over_budget else "dim"), (lost, "$error")), id=f"round:{i}"))
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
        t = sub.totals
        quality = f" {t.intelligence_quality}" if t.intelligence_quality else ""
        ir = "–" if t.intelligence_rating is None else f"{t.intelligence_rating:+d}"
        self.query_one("#round-totals", Static).update(Content.assemble(
            (round_.name, "bold"), "  ",
            ("FC ", "bold"), (f"{t.force_cost}/{t.force_cost_limit}",
                              "bold $error" if t.over_budget else "bold $success"),
            (" over" if t.over_budget else "", "$error"),
            "   ", ("FP ", "bold"), str(t.force_presence),
            "   ", ("CR ", "bold"), (f"{t.command_resources_spent}/{t.command_resources}",
                                     "$error" if t.command_resources_spent > t.command_resources
                                     else ""),
            "   ", ("IR ", "bold"), f"{ir}{quality}",
            "   ", ("Momentum ", "bold"), str(t.starting_momentum)))
        self._show_elements(rs, roster)
        view = ed.round_view(roster, self.index)
        self._show_command(rs, view)
        self._show_weird(rs, view)
        self._show_cr(rs, view)
        self._show_findings(round_findings(report, self.index))

    def _show_elements(self, rs, roster: Roster) -> None:
        box = self.query_one("#round-elements", RoundElementList)
        current = box.highlighted_option.id if box.highlighted_option else None
        rows = ed.round_element_rows(rs, roster, self.index)
        width = min(28, max((len(r.name) for r in rows), default=8))
        type_width = max((len(f"{r.type_name} P{r.presence}") for r in rows), default=6)
        options = []
        for row in rows:
            kind = f"{row.type_name} P{row.presence}".ljust(type_width)
            name = row.name if len(row.name) <= width else row.name[: width - 1] + "…"
            if row.benched and not row.fielded:
                options.append(Option(Content.assemble(
                    ("–    ", "dim"), (name.ljust(width), "dim"), "  ", (kind, "dim"), " ",
                    (f"benched: lost in {row.benched_in}", "$text-muted")),
                    id=row.element_id, disabled=True))
                continue
            box_mark = ("☑", "bold $success") if row.fielded else ("☐", "")
            lead = ("★", "bold $accent") if row.leads else " "
            lost = ("†", "bold $error") if row.destroyed else " "
            notes: list[tuple[str, str]] = []
            if row.benched:
                notes.append((f"✗ benched: lost in {row.benched_in}; untick it ",
                              "bold $error"))
            if row.destroyed:
                notes.append(("destroyed ", "$error"))
            if row.leads:
                notes.append(("CHQ ", "$accent"))
            fc = f"FC {row.fc}".ljust(5)
            options.append(Option(Content.assemble(
                box_mark, " ", lead, lost, " ", (name.ljust(width), "bold" if row.fielded else ""),
                "  ", (kind, "dim"), " ", (fc, "" if row.fielded else "dim"), " ", *notes),
                id=row.element_id))
        if not options:
            options.append(Option(Content.styled(
                "The Task Force has no elements yet: add them on the home screen (a)", "dim"),
                disabled=True))
        box.set_options(options)
        fielded = sum(1 for r in rows if r.fielded)
        box.border_title = f"Battlegroup: {fielded} of {len(rows)} Task Force elements fielded"
        box.border_subtitle = "space field · x destroyed · h CHQ"
        ids = [o.id for o in box.options]
        if current is not None and current in ids and not box.get_option(current).disabled:
            box.highlighted = ids.index(current)
        elif box.highlighted is None or box.highlighted >= len(ids):
            box.highlighted = next((i for i, o in enumerate(box.options) if not o.disabled), None)

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
        chq.tooltip = "\n".join(f"{c.name}: {c.reason}" for c in barred) or None

    def _show_weird(self, rs, view: Roster) -> None:
        """Weird command of the round (OtH p.42): one row per weird command of an enabled
        supplement, each choosing the command ability it replaces."""
        rows = [r for r in ed.weird_command_rows(rs, view)
                if rs.upgrades[r.id].supplement in (None, *view.supplements)]
        box = self.query_one("#round-weird", Vertical)
        option = rs.commands.get(view.command.kind)
        box.display = bool(rows) and option is not None and option.weird_slots > 0
        if not box.display:
            return
        ids = [r.id for r in rows]
        if ids != self._weird_ids:
            self._weird_ids = ids
            box.remove_children()
            box.mount_all([Horizontal(
                Label(r.name, id=f"round-weird-label-{r.id}", classes="round-weird-label"),
                Select[str]([], id=f"round-weird-{r.id}", classes="round-weird-select",
                            compact=True, prompt="not taken", allow_blank=True),
                classes="round-weird-row") for r in rows])
            self.call_after_refresh(self._fill_weird, rs, rows)
        else:
            self._fill_weird(rs, rows)

    def _fill_weird(self, rs, rows: list[ed.WeirdRow]) -> None:
        box = self.query_one("#round-weird", Vertical)
        for row in rows:
            select = box.query_one(f"#round-weird-{row.id}", Select)
            label = box.query_one(f"#round-weird-label-{row.id}", Label)
            note = f"✗ {row.reason}" if row.reason and row.replaces is None else row.summary
            label.update(Content.assemble(("Weird: ", "dim"), (row.name, "bold"), "  ",
                                          (note, "dim")))
            choices = [(f"replaces {rs.rule_name(a)}", a) for a in row.free_abilities]
            with select.prevent(Select.Changed):
                select.set_options(choices)
                select.value = row.replaces if row.replaces in row.free_abilities else Select.NULL
            select.disabled = not choices or (row.reason is not None and row.replaces is None)

    @on(Select.Changed, ".round-weird-select")
    def _weird_changed(self, event: Select.Changed) -> None:
        if not self.round_count:
            return
        upgrade_id = (event.select.id or "").removeprefix("round-weird-")
        index, round_name = self.index, self._round_name
        command = self.session.roster.rounds[index].command
        current = next((w.replaces for w in command.weird if w.id == upgrade_id), None)
        value = None if event.value == Select.NULL else str(event.value)
        if value == current:
            return
        up = self.session.ruleset.upgrades.get(upgrade_id)
        name = up.name if up else upgrade_id
        self._apply(lambda r: ed.from_round_view(r, index, ed.set_weird(
            ed.round_view(r, index), upgrade_id, value)),
            f"{round_name}: weird command {name}" + (
                f" for {value.replace('_', ' ')}" if value else " dropped"))

    def _show_cr(self, rs, view: Roster) -> None:
        box = self.query_one("#round-cr", OptionList)
        current = box.highlighted_option.id if box.highlighted_option else None
        analysis = analyse(view, rs)
        left = ed.cr_left(analysis)
        options: list[Option] = []
        self._cr_rows = {}
        for group in ed.cr_groups(rs, analysis):
            for row in group.rows:
                key = f"{row.type_id}:{row.form_type}:{row.upgrade_id}"
                self._cr_rows[key] = row
                mark = "☑" if row.bought else "☐"
                note = (f"  ✗ {row.reason}", "$text-muted") if row.reason else ("", "")
                choice = f" [{row.option}]" if row.option else ""
                options.append(Option(Content.assemble(
                    (f"{mark} ", "bold $accent"), (group.label, "dim"), ": ",
                    (row.name, "bold" if row.bought else ""), choice, "  ",
                    (row.cost_text, "$warning" if row.unit_cost is None else "dim"), note),
                    id=key, disabled=not row.allowed and not row.bought))
        figures = Content.assemble(
            "Command Resources: ", (f"{left} left of {analysis.cr_available}",
                                    "bold $error" if left < 0 else "bold"))
        cr_note = self.query_one("#round-cr-note", Static)
        box.display = bool(options)
        cr_note.display = not options
        if not options:  # one line is enough to say so
            self.query_one("#round-cr-option-row").display = False
            reason = ("no command bringing CR" if analysis.cr_available == 0
                      else "no CR upgrades for the fielded types")
            cr_note.update(Content.assemble(figures, (f" · nothing to buy: {reason}", "dim")))
            return
        box.set_options(options)
        ids = [o.id for o in box.options]
        if current is not None and current in ids:
            box.highlighted = ids.index(current)
        elif box.highlighted is None:  # so Enter acts as soon as the list has focus
            box.highlighted = next((i for i, o in enumerate(box.options) if not o.disabled), None)
        box.border_title = figures
        self._show_cr_option()

    def _highlighted_cr(self) -> ed.CrRow | None:
        option = self.query_one("#round-cr", OptionList).highlighted_option
        return self._cr_rows.get(option.id or "") if option is not None else None

    def _show_cr_option(self) -> None:
        """A bought CR upgrade that needs a choice (a robot's program) shows it, to change."""
        row = self._highlighted_cr()
        line = self.query_one("#round-cr-option-row")
        line.display = (self.query_one("#round-cr").display and row is not None and row.bought
                        and bool(row.options))
        if not line.display or row is None:
            return
        self.query_one("#round-cr-option-label", Label).update(f"{row.name}:")
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
        box.border_title = f"{strip} findings ({len(findings)})" if strip else "Findings"
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
    def _round_name(self) -> str:
        return self.session.roster.rounds[self.index].name

    def action_add_round(self) -> None:
        name = ed.new_round_name(self.session.roster)
        if self._apply(ed.add_round, f"add {name}"):
            self.index = self.round_count - 1
            self.refresh_view()
            self.query_one("#round-elements").focus()
            self.notify(f"Added {name}: tick the elements it fields (space).", timeout=3)

    def action_repeat_round(self) -> None:
        if not self.round_count:
            self.action_add_round()
            return
        index, source = self.index, self._round_name
        name = ed.new_round_name(self.session.roster)
        if self._apply(lambda r: ed.repeat_round(r, index), f"add {name} as {source}"):
            self.index = self.round_count - 1
            self.refresh_view()
            self.query_one("#round-elements").focus()
            self.notify(f"Added {name}: {source}'s battlegroup, less the benched.", timeout=3)

    def action_rename_round(self) -> None:
        if not self.round_count:
            return
        index, old = self.index, self._round_name
        taken = {r.name for r in self.session.roster.rounds}

        def renamed(name: str | None) -> None:
            if name and name != old:
                self._apply(lambda r: ed.rename_round(r, index, name), f"rename {old} to {name}")

        self.app.push_screen(RoundNameDialog(old, taken), renamed)

    def action_delete_round(self) -> None:
        from horizon_builder.tui.dialogs import ConfirmDialog

        if not self.round_count:
            return
        index, name = self.index, self._round_name
        round_ = self.session.roster.rounds[index]
        message = f"Delete {name} ({len(round_.elements)} elements fielded)?"
        if round_.destroyed and index < self.round_count - 1:
            message += "\nIts losses will no longer be benched in the rounds after it."
        message += "\n(ctrl+z undoes this.)"

        def confirmed(yes: bool | None) -> None:
            if yes and self._apply(lambda r: ed.delete_round(r, index), f"delete {name}"):
                self.notify(f"Deleted {name}.", timeout=3)

        self.app.push_screen(ConfirmDialog("Delete round", message, "Delete", danger=True),
                             confirmed)

    def action_move_round(self, offset: int) -> None:
        if not self.round_count:
            return
        index, name = self.index, self._round_name
        if not 0 <= index + offset < self.round_count:
            self.app.bell()
            return
        if self._apply(lambda r: ed.move_round(r, index, offset),
                       f"move {name} {'earlier' if offset < 0 else 'later'}"):
            self.index = index + offset
            self.refresh_view()

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

    def action_toggle_element(self) -> None:
        element_id = self._highlighted_element
        if element_id is None:
            return
        index, round_name = self.index, self._round_name
        round_ = self.session.roster.rounds[index]
        fielded = element_id in round_.elements
        name = self._element_name(element_id)
        if not fielded and element_id in ed.benched_before(self.session.roster, index):
            self.app.bell()
            self.notify(f"{name} is benched: destroyed in an earlier round (OtH p.46).",
                        severity="warning")
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
            self.app.bell()
            self.notify(f"{name} is not fielded in {round_name}: field it first (space).",
                        severity="warning")
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
            self.app.bell()
            self.notify(f"{name} is not fielded in {round_name}: field it first (space).",
                        severity="warning")
            return
        view = ed.round_view(roster, index)
        current = view.command.kind
        kinds = [current] + [c.id for c in ed.command_options(rs, view)
                             if c.allowed and c.needs_element and c.id != current]
        reason = None
        for kind in kinds:
            option = rs.commands.get(kind)
            if option is None or not option.needs_element:
                continue
            cand = next((c for c in ed.command_candidates(rs, view, kind)
                         if c.element_id == element_id), None)
            if cand is None:
                continue
            if not cand.allowed:
                reason = reason or cand.reason
                continue
            if kind == current and view.command.element == element_id:
                return
            def lead(r: Roster, k: str = kind) -> Roster:
                return ed.from_round_view(
                    r, index, ed.set_command(rs, ed.round_view(r, index), k, element_id))

            self._apply(lead, f"{round_name}: {name} leads ({option.name})")
            return
        self.app.bell()
        self.notify(f"{name} cannot lead: {reason or 'no command option takes it'}",
                    severity="warning")

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
        element = view.command.element
        allowed = [c.element_id for c in ed.command_candidates(rs, view, kind) if c.allowed]
        if element not in allowed:
            element = allowed[0] if len(allowed) == 1 else None
        option = rs.commands.get(kind)
        self._apply(lambda r: ed.from_round_view(
            r, index, ed.set_command(rs, ed.round_view(r, index), kind, element)),
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
        row = self._highlighted_cr()
        if row is None or not self.round_count or event.value == Select.NULL \
                or event.value == row.option:
            return
        index, round_name, value = self.index, self._round_name, str(event.value)
        self._apply(lambda r: ed.from_round_view(r, index, ed.set_cr_option(
            ed.round_view(r, index), row.type_id, row.upgrade_id, row.form_type, value)),
            f"{round_name}: CR {row.name} {value}")

    @on(OptionList.OptionSelected, "#round-cr")
    def _cr_toggled(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        row = self._cr_rows.get(event.option_id or "")
        if row is None or not self.round_count:
            return
        if not row.bought and not row.allowed:
            self.app.bell()
            self.notify(f"{row.name}: {row.reason}", severity="warning")
            return
        rs = self.session.ruleset
        index, round_name = self.index, self._round_name
        et = rs.element_types.get(row.type_id)
        who = (et.short or et.name) if et else row.type_id
        verb = "give back" if row.bought else "buy"
        self._apply(lambda r: ed.from_round_view(r, index, ed.toggle_cr_purchase(
            rs, ed.round_view(r, index), row.type_id, row.upgrade_id, row.form_type)),
            f"{round_name}: CR {verb} {row.name} for {who}")

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
            self.horizon.open_element_editor(finding.element, finding.field)
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
