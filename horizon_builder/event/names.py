"""Commanders' names as an event shows them: never two that look alike (issue 23 item 8)."""

from __future__ import annotations

import unicodedata

from horizon_builder.text.safetext import printable


def shown(name: str) -> str:
    """A commander's name as shown: control characters escaped (safetext.printable) and so
    is every invisible one (zero-width space, joiners, bidi marks, soft hyphen...), so that
    "Ann" and "Ann\\u200b" never look alike."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cf", "Zl", "Zp")
                   or (c.isspace() and c != " ") else c for c in printable(name))
