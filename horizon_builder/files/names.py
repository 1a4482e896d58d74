"""A file name made from a list's name: lower case, words joined by ``-``, at most 60
characters, and never a name Windows keeps for a device (``con``, ``nul``, ``com1``...:
a file so named cannot be opened there, so such a stem gets ``-list`` after it)."""

from __future__ import annotations

import re

#: Stems Windows refuses as file names, whatever the suffix (CON, PRN, AUX, NUL, COM1-9, LPT1-9).
WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul"}
                            | {f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)})


def file_stem(name: str) -> str:
    """'Red Meridian TF' → 'red-meridian-tf'; nothing usable → 'roster'; 'CON' → 'con-list'."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60].rstrip("-") or "roster"
    return f"{stem}-list" if stem in WINDOWS_DEVICES else stem


def no_nul(value: str) -> str:
    """A file name as a file (an event's, a campaign's) writes it: any text but NUL, which
    no system allows in a path (ValueError, for a model's validator, otherwise)."""
    if "\x00" in value:
        raise ValueError("a file name cannot hold a NUL character")
    return value
