"""The app's side of your rulebook: enter a value (from the Rules screen, or asked once when
it matters), undo the last entry, and re-validate the open roster at once.

A screen asks by message (:class:`EnterRuleValue`, :class:`AskRuleValue`,
:class:`UndoRuleEntry`); the app hands each to its :class:`Rulebook`, which keeps this run's
entries (for undo) and the values already asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:  # imported when first used: the app starts without them
    from textual.app import App

    from horizon_builder.rules.values import RuleValue
    from horizon_builder.session.core import Session


class EnterRuleValue(Message):
    """A screen asks to enter ``value`` in your rulebook."""

    def __init__(self, value: RuleValue) -> None:
        super().__init__()
        self.value = value


class AskRuleValue(Message):
    """A value matters now and nobody entered it: offer to, once (``item``, ``label``: the
    value's; ``note``: why it matters)."""

    def __init__(self, item: str, label: str, note: str) -> None:
        super().__init__()
        self.item, self.label, self.note = item, label, note


class UndoRuleEntry(Message):
    """A screen asks to take back the last entry in your rulebook."""


class Rulebook:
    """Entries to your rulebook, each one an undo step of its own (a plain part of the app:
    it shows the dialog on the app and reads the app's current session)."""

    def __init__(self, app: App[Any], session: Callable[[], Session]) -> None:
        self.app = app
        self._session = session
        #: the rulebook's text before each entry (None: there was none), newest last
        self.history: list[str | None] = []
        #: values already offered this run (never asked twice)
        self.asked: set[tuple[str, str]] = set()

    @property
    def session(self) -> Session:
        return self._session()

    def rule_value(self, item: str, label: str) -> RuleValue | None:
        from horizon_builder.rules.values import rule_values

        return next((v for v in rule_values(self.session.ruleset)
                     if v.item == item and v.label == label), None)

    def enter(self, value: RuleValue, note: str = "", ask_once: bool = False,
              then: Callable[[bool], None] | None = None) -> None:
        from horizon_builder.rules.personal import snapshot
        from horizon_builder.tui.rules.value_dialog import EnterValueDialog

        before = snapshot()

        def done(written: bool | None) -> None:
            if written:
                self.history.append(before)
                self.changed(f"Entered in your rulebook: {value.item}, {value.label}.")
            if then is not None:
                then(bool(written))

        self.app.push_screen(EnterValueDialog(value, note, ask_once), done)

    def ask_once(self, item: str, label: str, note: str,
                 then: Callable[[bool], None] | None = None) -> bool:
        """At the moment a value matters (a statline or a cost nobody entered), offer to enter
        it for every future use, or to skip; asked once per value in a run of the app.
        True when the question is asked (a dialog is on top)."""
        value = self.rule_value(item, label)
        key = (item, label)
        if value is None or value.status != "unknown" or key in self.asked:
            return False
        self.asked.add(key)
        self.enter(value, note + " Enter it once from your rulebook, for every future one, "
                   "or skip.", ask_once=True, then=then)
        return True

    def ask_statline(self, element_id: str) -> bool:
        """An element just added whose fixed statline nobody entered: ask once, then fill it in.
        True when the question is asked."""
        element = self.session.roster.element(element_id)
        et = self.session.ruleset.element_types.get(element.type) if element else None
        if element is None or et is None or et.pool is not None or not et.has_statline \
                or element.stats or element.presence in et.statlines:
            return False

        def fill(written: bool) -> None:  # the new statline, on the element just added
            from horizon_builder import editing as ed

            line = self.session.ruleset.element_types[element.type].statlines.get(element.presence)
            if written and line is not None:
                stats = dict(line.stats)
                roster = ed.change_element(self.session.roster, element_id,
                                           lambda e: e.model_copy(update={"stats": stats}))
                self.session.commit(roster, f"{element.name}: statline from your rulebook")

        return self.ask_once(et.name, f"P{element.presence} statline",
                             f"The {et.name} P{element.presence} statline is not known (the core "
                             "book's table is not available to us).", then=fill)

    def undo(self) -> bool:
        from horizon_builder.rules.personal import restore

        if not self.history:
            self.app.notify("Nothing entered to undo.", timeout=2)
            return False
        restore(self.history.pop())
        self.changed("Undone: the last entry in your rulebook.")
        return True

    def changed(self, message: str) -> None:
        self.session.reload_rules()  # (announced: every screen shows the new rules)
        self.app.notify(message, timeout=3)
