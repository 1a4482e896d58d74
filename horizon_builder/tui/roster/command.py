"""Command: how the force is led, which element leads, CR spent by type, weird command.

Options a roster may not take are shown with the reason; "CR left" is always
on screen and turns red when overspent. Every change is one undo step.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.engine.analysis import Analysis
from horizon_builder.engine.findings import Finding
from horizon_builder.roster.models import Roster
from horizon_builder.rules.models import Ruleset
from horizon_builder.text.words import plural
from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.plain import plain
from horizon_builder.tui.common.views import EditorView
from horizon_builder.tui.roster.command_panel import CrPicker, WeirdPicker
from horizon_builder.tui.roster.editor import finding_prompt
from horizon_builder.tui.roster.format import hang

#: Findings shown here: those about the command, CR and weird command.
_FIELDS = ("command", "cr_purchases")


class LeadList(Guarded, OptionList):
    """Who leads: the highlighted element stays in view when the list is resized (the
    findings below grow as the command changes)."""

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_to_highlight)


class CommandScreen(EditorView, Screen[None]):
    """Choose the command option and its element, allocate CR by type, pick weird command."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("tab", "app.focus_next", "Next list"),  # the default, shown: four lists here
        Binding("ctrl+l", "focus_findings", "Findings"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._findings: list[Finding] = []
        self._elements_kind: str | None = None  #: the command the "Who leads" list is for

    def compose(self) -> ComposeResult:
        yield Static(id="cmd-title")
        with Horizontal(id="cmd-body"):
            with Vertical(id="cmd-left"):
                # each list's heading is its box's title: at 80x24 the rows go to the lists
                options = OptionList(id="cmd-options")
                options.border_title = "How the force is led"
                yield options
                yield LeadList(id="cmd-elements")
            with Vertical(id="cmd-right"):
                yield Static(id="cmd-cr")
                yield CrPicker(id="cmd-cr-list")
                yield Static(id="cmd-cr-detail")
                with Horizontal(id="cmd-cr-option-row"):
                    yield Label("Choice", classes="ed-label")
                    yield Select[str]([], id="cmd-cr-option", compact=True, allow_blank=True)
                yield Static(id="cmd-weird-heading", classes="cmd-heading")
                # (not a stop of its own: Tab goes to its lists, each scrolled into view)
                with VerticalScroll(id="cmd-weird", can_focus=False):
                    yield WeirdPicker(prefix="weird", two_line=True, id="cmd-weird-rows")
                yield Static(id="cmd-assets")
        yield OptionList(id="cmd-findings")
        yield KeysFooter()

    def focus_at_start(self) -> None:
        command = self.session.roster.command
        option = self.session.ruleset.commands.get(command.kind)
        # who leads is still to choose: straight to that list (Enter takes the highlighted)
        first = "#cmd-elements" if option and option.needs_element and not command.element \
            else "#cmd-options"
        self.query_one(first, OptionList).focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)  # long notes are wrapped to the lists' width

    # --- showing ----------------------------------------------------------------------
    def refresh_view(self) -> None:
        session = self.session
        rs, roster = session.ruleset, session.roster
        report = session.report
        analysis = report.analysis
        left = ed.cr_left(analysis)
        over = left < 0
        title = self.query_one("#cmd-title", Static)
        title.update(Content.assemble(("Command", "bold"), f" · {roster.name}"))
        cr = self.query_one("#cmd-cr", Static)
        cr.set_class(over, "-over")
        cr.update(Content.assemble(
            ("CR left: ", "bold"),
            (f"{left} of {analysis.cr_available}", "bold $error" if over else "bold $success"),
            (f"  {plural(analysis.cr_counted_elements, 'element')} ÷ "
             f"{rs.command_resources.per_elements}", "dim"),
            ("  provisional" if rs.command_resources.is_provisional else "", "$warning")))
        self._show_options(rs, roster)
        self._show_elements(rs, roster)
        self._show_cr(rs, analysis)
        self._show_weird(rs, roster)
        self._show_assets(rs, roster)
        findings = [f for f in report.all_findings if f.field in _FIELDS]
        self._findings = findings
        box = self.query_one("#cmd-findings", OptionList)
        box.set_options([Option(finding_prompt(f)) for f in findings]
                        or [Option(Content.styled("✓ Command and CR are in order", "$success"),
                                   disabled=True)])
        box.border_title = f"Findings ({len(findings)})"

    def _show_options(self, rs, roster: Roster) -> None:
        box = self.query_one("#cmd-options", OptionList)
        keep = box.highlighted
        options = []
        room = box.scrollable_content_region.width
        for choice in ed.command_options(rs, roster):
            mark = "●" if roster.command.kind == choice.id else "○"
            note = ((hang(f"✗ {choice.reason}", room), "$error") if choice.reason
                    else (hang(choice.summary, room), "dim"))
            # not-allowed options stay reachable by the arrows (Enter says why), so a list
            # taller than its box can be read to the end with the keyboard
            options.append(Option(Content.assemble(
                (f"{mark} ", "bold $accent"), (choice.name, "bold" if choice.allowed else "dim"),
                "\n   ", note), id=choice.id))
        box.set_options(options)
        # the list may be taller than its box: say how many options there are to scroll to
        box.border_subtitle = f"{plural(len(options), 'option')} ↑↓"
        if keep is not None and keep < len(options):
            box.highlighted = keep
        else:
            ids = [o.id for o in options]
            box.highlighted = ids.index(roster.command.kind) if roster.command.kind in ids else 0

    def _show_elements(self, rs, roster: Roster) -> None:
        box = self.query_one("#cmd-elements", OptionList)
        option = rs.commands.get(roster.command.kind)
        needs = option is not None and option.needs_element
        box.display = needs
        if not needs:
            return
        box.border_title = plain(f"Who is the {option.name}")
        # the same element stays highlighted; else the one chosen, else the first that may lead
        keep = box.highlighted_option.id if box.highlighted_option is not None else None
        if self._elements_kind != roster.command.kind:
            self._elements_kind, keep = roster.command.kind, None
        options = []
        room = box.scrollable_content_region.width
        candidates = ed.command_candidates(rs, roster, roster.command.kind)
        for cand in candidates:
            mark = "●" if roster.command.element == cand.element_id else "○"
            text = Content.assemble((f"{mark} ", "bold $accent"),
                                    (cand.name, "bold" if cand.allowed else "dim"),
                                    (f"  {cand.type_name} P{cand.presence}", "dim"))
            if cand.reason:
                text = Content.assemble(text, ("\n   " + hang("✗ " + cand.reason, room), "$text-muted"))
            elif cand.note:
                text = Content.assemble(text, ("\n   " + hang("! then " + cand.note, room), "$warning"))
            options.append(Option(text, id=cand.element_id))
        box.set_options(options or [Option(Content.styled("No elements yet: add some first",
                                                          "dim"), disabled=True)])
        ids = [o.id for o in options]
        allowed = [c.element_id for c in candidates if c.allowed]
        target = next((i for i in (keep, roster.command.element, *allowed[:1]) if i in ids), None)
        box.highlighted = ids.index(target) if target is not None else (0 if options else None)

    def _show_cr(self, rs: Ruleset, analysis: Analysis) -> None:
        self.query_one("#cmd-cr-list", CrPicker).show(rs, analysis)
        self._show_cr_option()

    def _show_cr_option(self) -> None:
        row = self.query_one("#cmd-cr-list", CrPicker).highlighted_row
        detail = self.query_one("#cmd-cr-detail", Static)
        if row is None:
            detail.update(Content.styled("Enter buys or gives back the highlighted upgrade "
                                         "for every element of the type", "dim"))
        else:
            if row.reason and not row.bought:  # why not first: the summary may wrap
                detail.update(Content.assemble((row.name, "bold"), (f"  ✗ {row.reason}", "$error"),
                                               "\n", (row.summary, "dim")))
            else:
                detail.update(Content.assemble((row.name, "bold"), ": ", (row.summary, "dim")))
        row_widget = self.query_one("#cmd-cr-option-row")
        select = self.query_one("#cmd-cr-option", Select)
        row_widget.display = row is not None and row.bought and bool(row.options)
        if row is not None and row_widget.display:
            with select.prevent(Select.Changed):
                select.set_options([(o, o) for o in row.options])
                if row.option in row.options:
                    select.value = row.option

    def _show_weird(self, rs: Ruleset, roster: Roster) -> None:
        rows = ed.weird_command_rows(rs, roster)
        heading = self.query_one("#cmd-weird-heading", Static)
        box = self.query_one("#cmd-weird", VerticalScroll)
        option = rs.commands.get(roster.command.kind)
        slots = option.weird_slots if option else 0
        heading.display = box.display = bool(rows)
        if not rows:
            return
        reasons = {r.reason for r in rows if r.replaces is None}
        if not roster.command.weird and len(reasons) == 1 and None not in reasons:
            # one reason for all (the supplement is off): one line, not a row of ✗ each
            box.display = False
            heading.update(Content.assemble(("Weird command", "bold"),
                                            (f"  ✗ {next(iter(reasons))}", "$text-muted")))
        else:
            heading.update(Content.assemble(("Weird command", "bold"),
                                            f"  {len(roster.command.weird)} of {slots}",
                                            ("  each replaces an ability", "dim")))
        self.query_one("#cmd-weird-rows", WeirdPicker).show(rs, rows)

    def _show_assets(self, rs, roster: Roster) -> None:
        assets = [e for e in roster.elements
                  if (et := rs.element_types.get(e.type)) is not None and et.category == "asset"]
        box = self.query_one("#cmd-assets", Static)
        box.display = bool(assets)
        if assets:
            box.update(Content.assemble(("Strategic assets: ", "bold"), ", ".join(
                f"{e.name} ({rs.element_types[e.type].name} P{e.presence})" for e in assets),
                ("  (add or edit them from the roster)", "dim")))

    # --- editing ----------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#cmd-options")
    def _option_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        rs, roster = self.session.ruleset, self.session.roster
        kind = event.option_id or "none"
        if kind == roster.command.kind:  # chosen already: Enter goes on to who leads
            if rs.commands[kind].needs_element:
                self.query_one("#cmd-elements", OptionList).focus()
            return
        option = rs.commands[kind]
        choice = next((c for c in ed.command_options(rs, roster) if c.id == kind), None)
        if choice is not None and not choice.allowed:
            self.app.bell()
            self.notify(f"{option.name}: {choice.reason}", severity="warning", timeout=4)
            return
        chosen = ed.choose_command(rs, roster, kind)
        dropped = len(roster.command.weird) - len(chosen.command.weird)
        self.commit(chosen, f"command: {option.name}")
        if dropped:
            self.notify(f"{dropped} weird command(s) dropped: {option.name} cannot hold them",
                        severity="warning")
        if option.needs_element:
            self.query_one("#cmd-elements", OptionList).focus()

    @on(OptionList.OptionSelected, "#cmd-elements")
    def _element_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        rs, roster = self.session.ruleset, self.session.roster
        element_id = event.option_id
        element = roster.element(element_id)
        if element is None or roster.command.element == element_id:
            return
        kind = roster.command.kind
        cand = next((c for c in ed.command_candidates(rs, roster, kind)
                     if c.element_id == element_id), None)
        if cand is not None and not cand.allowed:
            self.app.bell()
            self.notify(f"{element.name}: {cand.reason}", severity="warning", timeout=4)
            return
        self.commit(ed.set_command(rs, roster, kind, element_id), f"command: {element.name} leads")

    @on(OptionList.OptionHighlighted, "#cmd-cr-list")
    def _cr_highlighted(self) -> None:
        self._show_cr_option()

    @on(Select.Changed, "#cmd-cr-option")
    def _cr_option(self, event: Select.Changed) -> None:
        self.query_one("#cmd-cr-list", CrPicker).choose_option(event.value)

    def action_focus_findings(self) -> None:
        self.query_one("#cmd-findings", OptionList).focus()

    def action_close(self) -> None:
        self.dismiss()

