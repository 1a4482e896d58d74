"""The footer of every screen: its keys, never shown cut (issue 15 item 10).

Textual's footer runs its keys off the right edge in a narrow terminal ("^s Sav").
:class:`KeysFooter` leaves out keys until the rest fit whole: first the app's undo and save
(ctrl+z and ctrl+s, the keys every player already knows), then the screen's keys from the
last, but never Help. The command palette's key shows at the right as ``^p Menu`` (every
command and key, searchable), so a key left out is always one keystroke away; F1 lists
them all too.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.textual_internals import FooterKey, footer_bindings_ready

#: the app's keys (the palette's key named "More": it lists every command)
APP_BINDINGS: list[BindingType] = [
    Binding("ctrl+z", "undo", "Undo", id="app.undo"),
    Binding("ctrl+y", "redo", "Redo", id="app.redo", show=False),
    Binding("ctrl+s", "save", "Save", id="app.save"),
    Binding("ctrl+o", "open", "Open", id="app.open", show=False),
    Binding("ctrl+n", "new", "New roster", id="app.new", show=False),
    Binding("f1,question_mark", "help", "Help", id="app.help"),
    Binding("f9", "toggle_theme", "Theme", id="app.theme", show=False),
    Binding("R", "rules", "Rules", id="app.rules", show=False),
    Binding("ctrl+k", "copy_list", "Copy list", id="app.copy_list", show=False,
            tooltip="Copy the list to the clipboard: as text, or as a share code"),
    Binding("ctrl+p", "command_palette", "Menu", id="app.palette", show=False, priority=True,
            tooltip="Every command and key, searchable"),
]


class KeysFooter(Guarded, Footer):
    """A compact footer that shows only keys that fit, with ``^p Menu`` at the right."""

    #: left out first when the keys do not fit (then the others from the last; Help never)
    DROP_FIRST: ClassVar[tuple[str, ...]] = ("app.undo", "undo", "app.save", "save")
    KEEP: ClassVar[tuple[str, ...]] = ("app.help", "help", "confirm_delete", "keep")

    def __init__(self, more: bool = True) -> None:
        super().__init__(compact=True, show_command_palette=more)
        self._shown: tuple[tuple[object, ...], ...] | None = None  #: the keys composed

    def _keys(self) -> tuple[tuple[object, ...], ...]:
        """What the footer shows: each shown binding's key, action, label, state and tip."""
        return tuple((binding.key, binding.action, binding.description, enabled, tooltip)
                     for _, binding, enabled, tooltip in self.screen.active_bindings.values()
                     if binding.show)

    def compose(self) -> ComposeResult:
        self._shown = self._keys() if footer_bindings_ready(self) else None
        yield from super().compose()
        self.call_after_refresh(self._fit, 10)

    def bindings_changed(self, screen: Screen) -> None:
        # Textual rebuilds the footer whenever any binding may have changed (an undo makes
        # the hidden redo key usable, the focus moves): about ten new widgets, restyled and
        # laid out, on an edit's keystroke. Rebuilt only when what it shows changed; a key
        # that only became usable or not (undo after the first edit) is updated in place.
        if self._shown is not None and self.is_attached and screen is self.screen:
            keys = self._keys()
            if [k[:3] + k[4:] for k in keys] == [k[:3] + k[4:] for k in self._shown]:
                enabled = {(k[0], k[1]): k[3] for k in keys}
                for widget in self.query(FooterKey):
                    state = enabled.get((widget.key, widget.action))
                    if state is not None and widget.disabled == state:
                        widget.disabled = not state
                self._shown = keys
                return
        super().bindings_changed(screen)

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)  # keys left out may fit now, or others not

    def _fit(self, tries: int = 0) -> None:
        keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        if not keys:
            return
        more = self.query(".-command-palette")
        if not keys[0].region.width or (more and not more.first().region.width):
            if tries:  # not laid out yet
                self.call_after_refresh(self._fit, tries - 1)
            return
        room = (more.first().region.x if more else self.region.right) - keys[0].region.x
        shown = {key: key.region.width + 1 for key in keys}  # each with the space after it
        order = sorted((key for key in keys if key.action in self.DROP_FIRST),
                       key=lambda k: self.DROP_FIRST.index(k.action))
        order += [key for key in reversed(keys) if key not in order and key.action not in self.KEEP]
        for key in order:
            if sum(shown.values()) - 1 <= room:
                break
            del shown[key]
            key.display = False
