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

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from horizon_builder.tui.common.guard import Guarded

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


class KeyLabel(Guarded, Widget):
    """One key of the footer: ``^s Save``. Clicked, it presses its key (a key not usable now
    is disabled: dim, and deaf to the mouse). Drawn as Textual's own footer draws its keys,
    in the same theme colours."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    KeyLabel {
        width: auto;
        height: 1;
        text-wrap: nowrap;
        margin-right: 1;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            padding: 0 0 0 1;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &:hover {
            pointer: pointer;
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        &:disabled { text-style: dim; }
        &.-command-palette {
            dock: right;
            border-left: vkey $foreground 20%;
        }
    }
    """

    def __init__(self, key: str, key_display: str, description: str, action: str, *,
                 disabled: bool = False, tooltip: str = "", classes: str = "") -> None:
        super().__init__(classes=classes, disabled=disabled)
        self.key = key
        self.key_display = key_display
        self.description = description
        self.action = action
        self.shrink = False
        if tooltip:
            self.tooltip = tooltip

    def render(self) -> Text:
        key = (self.key_display, self.get_component_rich_style("footer-key--key"))
        if not self.description:
            text = Text.assemble(key)
        else:
            pad = self.get_component_styles("footer-key--description").padding
            text = Text.assemble(key, (" " * pad.left + self.description + " " * pad.right,
                                       self.get_component_rich_style("footer-key--description")))
        text.stylize_before(self.rich_style)
        return text

    def on_mouse_down(self) -> None:
        self.app.simulate_key(self.key)


class KeysFooter(Guarded, Footer):
    """A compact footer that shows only keys that fit, with ``^p Menu`` at the right.

    Textual's :class:`Footer` gives the bar (docked at the bottom, its colours) and tells of
    every change of the screen's bindings (``bindings_changed``); the keys are this module's
    own :class:`KeyLabel`, so they can be updated in place and measured."""

    #: left out first when the keys do not fit (then the others from the last; Help never)
    DROP_FIRST: ClassVar[tuple[str, ...]] = ("app.undo", "undo", "app.save", "save")
    KEEP: ClassVar[tuple[str, ...]] = ("app.help", "help", "confirm_delete", "keep")

    def __init__(self, more: bool = True) -> None:
        super().__init__(compact=True, show_command_palette=more)
        self.more = more
        self._told = False  #: the screen has told its bindings (none shown before)
        self._shown: tuple[tuple[object, ...], ...] | None = None  #: the keys composed

    def _keys(self) -> tuple[tuple[object, ...], ...]:
        """What the footer shows: each shown binding's key, action, label, state and tip."""
        return tuple((binding.key, binding.action, binding.description, enabled, tooltip)
                     for _, binding, enabled, tooltip in self.screen.active_bindings.values()
                     if binding.show)

    def compose(self) -> ComposeResult:
        if not self._told:  # the screen is still starting
            return
        self._shown = self._keys()
        app = self.app
        active = self.screen.active_bindings
        seen: set[str] = set()
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in seen:  # one key an action, the first
                seen.add(binding.action)
                yield KeyLabel(binding.key, app.get_key_display(binding), binding.description,
                               binding.action, disabled=not enabled, tooltip=tooltip)
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        if self.more and app.ENABLE_COMMAND_PALETTE and palette is not None:
            _, binding, enabled, _ = palette
            yield KeyLabel(binding.key, app.get_key_display(binding), binding.description,
                           binding.action, disabled=not enabled, classes="-command-palette",
                           tooltip=binding.tooltip or binding.description)
        self.call_after_refresh(self._fit, 10)

    def bindings_changed(self, screen: Screen) -> None:
        # Textual tells the footer whenever any binding may have changed (an undo makes the
        # hidden redo key usable, the focus moves); a rebuild is about ten new widgets,
        # restyled and laid out, on an edit's keystroke. Rebuilt only when what it shows
        # changed; a key that only became usable or not (undo after the first edit) is
        # updated in place.
        self._told = True
        if not self.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys = self._keys()
        if self._shown is not None and [k[:3] + k[4:] for k in keys] == [
                k[:3] + k[4:] for k in self._shown]:
            enabled = {(k[0], k[1]): k[3] for k in keys}
            for widget in self.query(KeyLabel):
                state = enabled.get((widget.key, widget.action))
                if state is not None and widget.disabled == state:
                    widget.disabled = not state
            self._shown = keys
            return
        self.call_after_refresh(self.recompose)

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)  # keys left out may fit now, or others not

    def _fit(self, tries: int = 0) -> None:
        keys = [key for key in self.query(KeyLabel) if not key.has_class("-command-palette")]
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
