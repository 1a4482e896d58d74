"""The screen as plain text, from Textual's public screenshot (issue 44 item 2).

``App.export_screenshot()`` renders the whole screen afresh as SVG, each run of text at its
column and on its line: read back, that is what the player sees, line by line (the tests
once read Textual's private compositor for it)."""

from __future__ import annotations

import html
import re

from rich.cells import cell_len
from textual.app import App

_TEXT = re.compile(r'<text [^>]*?x="([\d.]+)"[^>]*?textLength="([\d.]+)"[^>]*?'
                   r'clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>')


def screen_text(app: App[object]) -> list[str]:
    """Every line of the screen, as many as the terminal has, each as wide."""
    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for x, length, line, escaped in _TEXT.findall(app.export_screenshot()):
        text = html.unescape(escaped).replace("\xa0", " ")  # (the SVG's spaces)
        column = round(float(x) / (float(length) / cell_len(text)))
        for char in text:
            if int(line) < height and column < width:
                cells[int(line)][column] = char
                for extra in range(1, cell_len(char)):  # a wide character's second cell
                    if column + extra < width:
                        cells[int(line)][column + extra] = ""
            column += cell_len(char)
    return ["".join(line) for line in cells]
