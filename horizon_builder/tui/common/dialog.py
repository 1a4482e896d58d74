"""The one base of the app's dialogs: a titled box holding the dialog's own body, a row of
buttons declared as data, Esc to cancel, Enter for the default button, and the footer.

A dialog fills :meth:`Dialog.compose_body` and :meth:`Dialog.buttons`, and names its keys
(:attr:`Dialog.KEYS`, :attr:`Dialog.ESCAPE`, :attr:`Dialog.DEFAULT`): the base makes the
bindings from them, in the footer's order, Esc last. A button closes the dialog with its
answer, with the dialog's cancel value (:data:`CANCEL`), or calls :meth:`Dialog.submit`
(:data:`SUBMIT`), which checks what was typed first. Use a dialog with
``push_screen(dialog, callback)`` or, inside a worker, ``await app.push_screen_wait(dialog)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label
from textual.widgets.button import ButtonVariant

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.common.plain import plain

T = TypeVar("T")


class Press(Enum):
    """What a button does other than closing the dialog with an answer of its own."""

    SUBMIT = "submit"  #: call the dialog's submit(): check what was typed, then close
    CANCEL = "cancel"  #: close with the dialog's cancel value (as Esc does)


SUBMIT = Press.SUBMIT
CANCEL = Press.CANCEL


@dataclass(frozen=True)
class DialogButton(Generic[T]):
    """One button of a dialog's row: pressing it (or a key naming its id) closes the dialog
    with ``answer``, or does what :class:`Press` says."""

    label: str
    id: str
    answer: T | Press
    variant: ButtonVariant = "default"
    disabled: bool = False

    def widget(self) -> Button:
        return Button(self.label, id=self.id, variant=self.variant, disabled=self.disabled)


class Dialog(Guarded, ModalScreen[T]):
    """A modal dialog: title, body, buttons, Esc and Enter, the footer with its keys."""

    DEFAULT_CSS = """
    .dialog { align: center middle; background: $background 60%; }
    .dialog-box {
        width: 72; max-width: 95%; height: auto; max-height: 90%; padding: 1 2;
        border: thick $primary; border-title-style: bold; background: $surface;
    }
    /* a dialog's text wraps inside it, never cut at its edge (issue 24) */
    .dialog-message { width: 100%; margin-bottom: 1; }
    .dialog-hint { width: 100%; color: $text-muted; margin-bottom: 1; }
    .dialog-box .field-error { width: 100%; }
    /* four answers fit the box whole (never "Cance") */
    .four-buttons .dialog-buttons Button { min-width: 12; }
    """
    SCOPED_CSS = False  # .dialog is the screen itself

    #: keys that press a button, in the footer's order: (keys, button id, footer text)
    KEYS: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: the keys that cancel (shown as "esc", after the others) and the footer's word for it
    ESCAPE: ClassVar[tuple[str, str]] = ("escape", "Cancel")
    #: the id of the button Enter presses: Enter in a field, or on a widget that takes no Enter
    DEFAULT: ClassVar[str | None] = None
    #: what is focused when the dialog opens (a selector; empty: the first widget that takes
    #: focus, or what the dialog's own :meth:`ready` focuses). Textual does it (it becomes the
    #: screen's AUTO_FOCUS): looked for once the dialog's widgets are mounted, and again when
    #: the dialog is back on top with nothing focused; nothing there, nothing focused.
    FOCUS: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "BINDINGS" not in cls.__dict__:  # a dialog's own BINDINGS add to its base's
            escape_keys, escape_text = cls.ESCAPE
            bindings: list[BindingType] = [Binding(keys, f"answer('{button}')", text)
                                           for keys, button, text in cls.KEYS]
            bindings.append(Binding(escape_keys, "cancel", escape_text, key_display="esc"))
            if cls.DEFAULT is not None:
                bindings.append(Binding("enter", f"answer('{cls.DEFAULT}')", show=False))
            cls.BINDINGS = bindings
        if cls.FOCUS:
            cls.AUTO_FOCUS = cls.FOCUS
        super().__init_subclass__(**kwargs)

    def __init__(self, title: str, cancel: T, *, box: str = "", box_id: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.heading = title  #: the box's title
        self.cancel_answer = cancel  #: what Esc (and a CANCEL button) closes the dialog with
        self._box_classes = f"dialog-box {box}".strip()
        self._box_id = box_id
        self._row: dict[str, DialogButton[T]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(classes=self._box_classes, id=self._box_id) as box:
            box.border_title = plain(self.heading)
            yield from self.compose_body()
            self._row = {button.id: button for button in self.buttons()}
            if self._row:
                with Horizontal(classes="dialog-buttons"):
                    yield from (button.widget() for button in self._row.values())
        yield KeysFooter(more=False)

    def compose_body(self) -> ComposeResult:
        """What the box holds above its buttons: the dialog's own widgets."""
        yield from ()

    def buttons(self) -> Sequence[DialogButton[T]]:
        """The row of buttons, left to right."""
        return ()

    def submit_buttons(self, label: str = "OK", cancel: str = "Cancel") -> Sequence[DialogButton[T]]:
        """The row of a dialog that asks for something: ``label`` (id ``ok``, the usual
        :attr:`DEFAULT`) checks the answer and closes, ``cancel`` closes with the cancel value."""
        return DialogButton(label, "ok", SUBMIT, "primary"), DialogButton(cancel, "cancel", CANCEL)

    def on_mount(self) -> None:
        """A dialog acts on its widgets only while they are there: one taken down while it
        was being mounted (the app leaving: the screens and their widgets are pruned before
        the dialog's mount comes) does nothing, where a query would find no widget."""
        if self.is_attached:
            self.ready()

    def ready(self) -> None:
        """What the dialog does once its widgets are mounted (fill a list, focus one by a
        rule of its own): a dialog's own start, in place of ``on_mount``."""

    def submit(self) -> None:
        """A SUBMIT button pressed (or Enter in a field): check what was typed, then close."""
        raise NotImplementedError(f"{type(self).__name__} has a SUBMIT button: it checks the answer")

    def say(self, problem: str | None) -> None:
        """Show what is wrong on the dialog's problem line (``.field-error``), or hide it."""
        label = self.query_one(".dialog-box .field-error", Label)
        label.update(plain(problem or ""))
        label.display = problem is not None

    def action_answer(self, button_id: str) -> None:
        """What pressing the button ``button_id`` does (a disabled one does nothing)."""
        button = self._row.get(button_id)
        if button is None or button.disabled:
            return
        answer = button.answer
        if answer is SUBMIT:
            self.submit()
        elif answer is CANCEL:
            self.action_cancel()
        elif not isinstance(answer, Press):
            self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(self.cancel_answer)

    @on(Button.Pressed)
    def _dialog_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in self._row:
            event.stop()
            self.action_answer(event.button.id)

    @on(Input.Submitted)
    def _dialog_field_entered(self) -> None:
        if self.DEFAULT is not None:
            self.action_answer(self.DEFAULT)
