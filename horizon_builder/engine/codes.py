"""Every finding code the validator can report, with its chapter and what it means.

A code is stable: exports, ``check --format json`` and organisers' tools key on it.
The catalogue is checked against the source (every code a check can produce is
listed here, and nothing else), and the test suite fails a full run in which some
code was never produced by any test (``tests/conftest.py``).
"""

from __future__ import annotations

#: code → (chapter, what it means in a player's words)
CODES: dict[str, tuple[str, str]] = {
    # --- Mustering (core rulebook; values provisional, RULES.md §0) ---
    # which conventional types may lead is firm: the errata's CHQ table (OtH p.59)
    # --- Supplements and eras ---
    # --- Superweapons (OtH p.9-17, p.64-65) ---
    # --- Metaformers (OtH p.18-22) ---
    # --- DataWar (OtH p.23-28) ---
    # --- BioWar (OtH p.29-33, p.66-67) ---
    # --- Strategic assets (OtH p.34-40) ---
    # --- Weird Horizons (OtH p.41-43, p.69-71) ---
    # --- Tournament rules (OtH p.45-48) ---
    # --- the validator itself ---
}
