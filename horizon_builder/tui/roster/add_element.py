"""Add an element: pick a kind from a filterable list grouped by category, then its P.

Type to filter (fuzzy, as the command palette: "mch" finds Mech; the best match first,
its matched letters highlighted), ↑/↓ to move, Enter to choose the kind; then −/+ (or a digit)
for P and Enter to add (the same keys for a kind of fixed P). Dismisses with the new
element's id, or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from horizon_builder import editing as ed
from horizon_builder.tui.common.fuzzy import Finder
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.views import EditorView, arrow_keys
from horizon_builder.tui.roster.editor import NumberStepper, refill


class AddElementScreen(EditorView, ModalScreen[str | None]):
    """Choose a kind of element and its Presence; the new element is added to the session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *arrow_keys("move"),
        Binding("plus,equals_sign", "presence(1)", "P +1", priority=True),
        Binding("minus", "presence(-1)", "P −1", priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.presence: int | None = None
        self.types: dict[str, ed.AddableType] = {}
        self.designs: dict[str, Any] = {}  #: option id → a published design (Template)

    def compose(self) -> ComposeResult:
        with Vertical(id="add-dialog"):
            yield Static(Content.assemble(("Add an element", "bold"),
                                          ("   type to filter · ↑↓ choose · Enter · −/+ P · Esc",
                                           "dim")), id="add-title")
            yield Input(placeholder="Filter: mech, cav, inf, kaiju…", id="add-filter", compact=True)
            yield OptionList(id="add-types")
            yield Static(id="add-detail")  # the highlighted kind's whole note (the list cuts it)
            with Horizontal(id="add-p-row"):
                yield NumberStepper("Presence", id="add-presence", submit_typed=True,
                                    tooltip="−/+ or type a number; Enter adds")
                yield Static(id="add-preview")
            with Horizontal(id="add-buttons"):
                yield Button("Add", id="add-ok", variant="primary", compact=True)
                yield Button("Cancel", id="add-cancel", compact=True)
        yield KeysFooter()  # this dialog's keys, over the home screen's

    def focus_at_start(self) -> None:
        self.query_one("#add-filter", Input).focus()

    # --- list ----------------------------------------------------------------------------
    def refresh_view(self) -> None:
        session = self.session
        groups = ed.addable_types(session.ruleset, session.roster)
        self.types = {t.id: t for types in groups.values() for t in types}
        typed = self.query_one("#add-filter", Input).value
        finder = Finder(typed)
        type_list = self.query_one("#add-types", OptionList)
        current = type_list.highlighted_option.id if type_list.highlighted_option else None
        width = max((len(t.name) for t in self.types.values()), default=10)
        found: list[tuple[float, str, list[tuple[ed.AddableType, Sequence[int]]]]] = []
        for category, types in groups.items():
            matched = [(t, *_match(finder, t)) for t in types]
            shown = [(t, offsets) for t, score, offsets in sorted(
                (m for m in matched if m[1]), key=lambda m: -m[1])]  # the best first (stable)
            if shown:
                found.append((max(m[1] for m in matched), category, shown))
        options: list[Option] = []
        for _best, category, shown in sorted(found, key=lambda f: -f[0]) if finder else found:
            options.append(Option(Content.styled(ed.CATEGORY_LABELS.get(category, category),
                                                 "bold $secondary"),
                                  id=f"cat:{category}", disabled=True))
            for t, offsets in shown:
                note = (f"✗ {t.reason}", "$error") if t.reason else (
                    t.summary or _fallback_summary(self, t.id), "$text-muted")
                name = finder.label(t.name.ljust(width), offsets, "bold" if t.allowed else "dim")
                options.append(Option(Content.assemble(
                    "  ", name, "  ",
                    (t.p_range.ljust(6), "$accent"), "  ", note),
                    id=t.id, disabled=not t.allowed))
        options += self._design_options(finder)
        hidden = [et for tid, et in session.ruleset.element_types.items()
                  if tid not in self.types and finder
                  and finder.score(et.name, et.short or "", tid.replace("_", " "))]
        if hidden:
            names = ", ".join(
                f"{et.name} ({session.ruleset.supplements[et.supplement].name})"
                if et.supplement in session.ruleset.supplements else et.name for et in hidden)
            # what to do first (a long list of names is cut at the right edge)
            options.append(Option(Content.assemble(
                ("Off in this roster's supplements: enable them in Settings (Esc, then s)",
                 "$warning"), "\n  ", (names, "$text-muted")), id="hidden", disabled=True))
        refill(type_list, options, "Nothing matches the filter", current)
        self._show_presence()

    def _design_options(self, finder: Finder) -> list[Option]:
        """The book's published designs (OtH p.12-15, p.21-22): Enter adds one as it is."""
        from horizon_builder.roster.templates import book_designs

        roster, rs = self.session.roster, self.session.ruleset
        self.designs = {f"tpl:{i}": t for i, t in enumerate(book_designs())}
        matched = [(key, t, finder.match(t.name, t.type.replace("_", " "), t.source, "design book"))
                   for key, t in self.designs.items()]
        shown = sorted(((key, t, offsets) for key, t, (score, offsets) in matched if score),
                       key=lambda m: -finder.score(m[1].name, m[1].type.replace("_", " "),
                                                   m[1].source, "design book"))
        if not shown:
            return []
        options = [Option(Content.styled("Book designs (Over the Horizon)", "bold $secondary"),
                          id="cat:designs", disabled=True)]
        for key, t, offsets in shown:
            off = t.supplement is not None and t.supplement not in roster.supplements
            et = rs.element_types.get(t.type)
            note = ((f"✗ needs the {rs.supplements[t.supplement].name} supplement"
                     if t.supplement in rs.supplements else "✗ not in these rules", "$error")
                    if off or et is None else
                    (f"{et.short or et.name} P{t.presence}"
                     + (f" + {len(t.forms)} form{'s' if len(t.forms) > 1 else ''}" if t.forms else "")
                     + f" · {t.source}", "$text-muted"))
            options.append(Option(Content.assemble("  ", finder.label(t.name, offsets,
                                                                      "bold" if not off else "dim"),
                                                   "  ", note), id=key, disabled=off or et is None))
        return options

    def _design(self) -> Any:
        option = self.query_one("#add-types", OptionList).highlighted_option
        return self.designs.get(option.id) if option is not None and option.id else None

    def _chosen(self) -> ed.AddableType | None:
        option = self.query_one("#add-types", OptionList).highlighted_option
        return self.types.get(option.id) if option is not None and option.id else None

    def _show_detail(self) -> None:
        chosen = self._chosen()
        note: Content | str = ""  # (a published design: its preview says it all)
        if chosen is not None:
            note = Content.assemble((chosen.name, "bold"), " · ",
                                    (f"✗ {chosen.reason}", "$error") if chosen.reason else
                                    (chosen.summary or _fallback_summary(self, chosen.id)))
        self.query_one("#add-detail", Static).update(note)

    def _show_presence(self) -> None:
        self._show_detail()
        chosen = self._chosen()
        stepper = self.query_one("#add-presence", NumberStepper)
        preview = self.query_one("#add-preview", Static)
        ok = self.query_one("#add-ok", Button)
        design = self._design()
        if design is not None:  # a published design: added as it is
            stepper.display = False
            ok.disabled = False
            preview.update(_design_preview(self, design))
            return
        if chosen is None:
            stepper.display = False
            preview.update(Content.styled("Choose a kind of element", "dim"))
            ok.disabled = True
            return
        stepper.display = True
        ok.disabled = not chosen.allowed
        p = chosen.clamp(self.presence if self.presence is not None else chosen.p_min)
        hint = chosen.p_range + (" (fixed)" if chosen.p_min == chosen.p_top else "")
        stepper.set_state(p, chosen.p_min, chosen.p_top, hint)
        preview.update(_preview(self, chosen, p))

    @on(Input.Changed, "#add-filter")
    def _filter(self) -> None:
        self.refresh_view()

    @on(OptionList.OptionHighlighted, "#add-types")
    def _highlighted(self) -> None:
        self._show_presence()

    @on(Input.Submitted, "#add-filter")
    @on(OptionList.OptionSelected, "#add-types")
    def _kind_chosen(self) -> None:
        if self._design() is not None:
            self.action_add()
            return
        chosen = self._chosen()
        if chosen is None:
            return
        if not chosen.allowed:
            self.notify(f"{chosen.name}: {chosen.reason}", severity="warning")
            return
        # then Enter adds, a fixed-P kind too (its P shown fixed): the same keys for every kind
        self.query_one("#add-presence", NumberStepper).focus()

    @on(NumberStepper.Changed, "#add-presence")
    def _presence_changed(self, event: NumberStepper.Changed) -> None:
        event.stop()
        self.presence = event.value
        self._show_presence()

    def action_move(self, delta: int) -> None:
        type_list = self.query_one("#add-types", OptionList)
        if delta > 0:
            type_list.action_cursor_down()
        else:
            type_list.action_cursor_up()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # what is typed goes to the filter, hyphens too ("gun-beast"): −/+ change P once a
        # kind is chosen (Enter), and the footer offers them only then (issue 24)
        return not (action == "presence" and isinstance(self.focused, Input))

    def action_presence(self, delta: int) -> None:
        stepper = self.query_one("#add-presence", NumberStepper)
        if stepper.display:
            stepper.action_step(delta)

    # --- adding ----------------------------------------------------------------------------
    @on(NumberStepper.Submitted, "#add-presence")
    @on(Button.Pressed, "#add-ok")
    def action_add(self) -> None:
        design = self._design()
        if design is not None:
            from horizon_builder.roster.templates import element_from

            element = element_from(design, self.session.roster)
            if self.commit(ed.add_element(self.session.roster, element),
                           f"add {element.name} ({design.source})"):
                self.dismiss(element.id)
            return
        chosen = self._chosen()
        if chosen is None or not chosen.allowed:
            return
        stepper = self.query_one("#add-presence", NumberStepper)
        presence = chosen.clamp(stepper.value if stepper.value is not None else chosen.p_min)
        session = self.session
        element = ed.default_element(session.ruleset, session.roster, chosen.id, presence)
        if self.commit(ed.add_element(session.roster, element), f"add {element.name}"):
            self.dismiss(element.id)

    @on(Button.Pressed, "#add-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _haystack(t: ed.AddableType) -> str:
    return " ".join([t.id, t.name, t.short or "", t.category, t.summary,
                     ed.CATEGORY_LABELS.get(t.category, "")]).lower().replace("_", " ")


def _match(finder: Finder, t: ed.AddableType) -> tuple[float, Sequence[int]]:
    """The kind's score and the offsets of its name's matched letters: fuzzy over its name,
    short name, id and category (as the palette matches); else every typed word in its
    summary, as before."""
    return finder.match(t.name, t.short or "", t.id.replace("_", " "),
                        ed.CATEGORY_LABELS.get(t.category, t.category), words=_haystack(t))


def _preview(screen: AddElementScreen, chosen: ed.AddableType, presence: int) -> Content:
    rs = screen.session.ruleset
    et = rs.element_types[chosen.id]
    parts: list[tuple[str, str] | str] = [(f"{chosen.name} P{presence}", "bold")]
    if et.pool is not None:
        pool, beyond = et.pool.points_for(presence)
        parts.append(f" · pool {pool if pool is not None else '?'}"
                     + (" (beyond table)" if beyond else ""))
    elif presence in et.statlines:
        stats = et.statlines[presence].stats
        parts.append(" · " + " ".join(f"{k}{v}" for k, v in stats.items()))
    elif not et.has_statline:
        parts.append(" · no statline (off the table)")
    else:
        parts.append((" · statline from your rulebook", "$warning"))
    session = screen.session
    element = ed.default_element(rs, session.roster, chosen.id, presence)
    fc = ed.fc_if_added(rs, session.roster, element)  # under the force's CHQ (OtH p.62)
    base = et.force_cost if et.force_cost is not None else presence
    parts.append(f" · FC {fc}" + (f" ({fc - base:+d} under this CHQ)" if fc != base else ""))
    if chosen.provisional:
        parts.append((" · provisional core values", "$warning"))
    return Content.assemble(*parts)


def _fallback_summary(screen: AddElementScreen, type_id: str) -> str:
    """Published statline and special rules, for types the data gives no summary."""
    rs = screen.session.ruleset
    et = rs.element_types[type_id]
    parts = []
    if et.statlines:
        p, line = next(iter(et.statlines.items()))
        parts.append(" ".join(f"{k}{v}" for k, v in line.stats.items()) + f" at P{p}")
    elif not et.has_statline:
        parts.append("no statline (off the table)")
    else:
        parts.append("statline from your rulebook")
    if et.special_rules:
        parts.append(", ".join(rs.rule_name(r) for r in et.special_rules))
    return " · ".join(parts)


def _design_preview(screen: AddElementScreen, design: Any) -> Content:
    """A published design's statline, forms and upgrades, and its FC in this force."""
    from horizon_builder.roster.templates import element_from

    rs, roster = screen.session.ruleset, screen.session.roster
    element = element_from(design, roster)
    stats = " ".join(f"{k}{v}" for k, v in design.stats.items())
    extra = ", ".join(u.id.replace("_", " ") for u in design.upgrades)
    forms = " / ".join(f"{f.type.replace('_', ' ')} P{f.presence}" for f in design.forms)
    fc = ed.fc_if_added(rs, roster, element) if design.type in rs.element_types else "?"
    return Content.assemble((f"{design.name} P{design.presence}", "bold"), f" · {stats}",
                            (f" · {extra}" if extra else ""), (f" · forms: {forms}" if forms else ""),
                            f" · FC {fc} · ", (design.source, "$text-muted"))
