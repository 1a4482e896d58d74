"""A list's pin: the SHA-256 of its content, so a registered, printed and posted list can
be compared at a glance.

The pin is taken over the roster's content in a canonical form (the saved data as JSON
with sorted keys, no spaces), not over the file's bytes: comments, key order, layout and a
value written another way that means the same do not change it, while any change a game
would see (an element, a stat, an upgrade, a round, the FC) does. The same list read from
a TOML file, a JSON export or a share code has the same pin.

The event file keeps the whole pin; people read its first :data:`SHORT` hex digits.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from horizon_builder.roster.io import roster_to_data
from horizon_builder.roster.models import Roster

#: Hex digits shown to people (printouts, slips, screens): 48 bits, enough to tell lists apart.
SHORT = 12


def canonical_bytes(roster: Roster) -> bytes:
    """The roster's content as canonical JSON (UTF-8, sorted keys, no spaces)."""
    return data_bytes(roster_to_data(roster))


def data_bytes(data: dict[str, Any]) -> bytes:
    """Canonical JSON of a roster's saved data (:func:`~horizon_builder.roster.io.roster_to_data`)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def pin(roster: Roster) -> str:
    """The whole SHA-256 (64 hex digits) of the roster's canonical content."""
    return pin_of(canonical_bytes(roster))


def pin_of(canonical: bytes) -> str:
    """The pin of content already in canonical form (:func:`canonical_bytes`, :func:`data_bytes`)."""
    return hashlib.sha256(canonical).hexdigest()


def short_pin(value: str) -> str:
    """A pin as people read it: its first :data:`SHORT` hex digits."""
    return value[:SHORT]
