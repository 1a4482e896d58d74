"""A checkbox and a radio button that show on or off by shape, not by colour alone
(Textual draws the same glyph both ways): ✓ or an empty box, ● or ○."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class ShapeCheckbox(Checkbox):
    def render(self) -> Content:  # the glyph set before Textual draws the button
        self.BUTTON_INNER = "✓" if self.value else " "
        return super().render()


class ShapeRadioButton(RadioButton):
    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()
