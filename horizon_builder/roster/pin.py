"""A list's pin: the SHA-256 of its content, so a registered, printed and posted list can
be compared at a glance.

The pin is taken over the roster's content in a canonical form (the saved data as JSON
with sorted keys, no spaces), not over the file's bytes: comments, key order, layout and a
value written another way that means the same do not change it, while any change a game
would see (an element, a stat, an upgrade, a round, the FC) does. The same list read from
a TOML file, a JSON export or a share code has the same pin.

The event file keeps the whole pin (64 hex digits). People read its first 140 bits as 28
letters and digits in seven groups of four (``4fq2-k9xa-...``, :func:`short_pin`): too many
for anyone to make two lists that print the same pin (48 bits, as printed before, took 32 s
of one core to collide), few enough to compare by eye. The letters are Crockford's base32
(no i, l, o or u, so none is mistaken for a digit).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from horizon_builder.roster.io import roster_to_data
from horizon_builder.roster.models import Roster

#: What people read of a pin (printouts, slips, screens, share codes): groups of letters.
GROUPS, GROUP_SIZE = 7, 4
#: Bits of the SHA-256 shown: 5 to a letter (at least 128, so no pair can be made to match).
SHOWN_BITS = GROUPS * GROUP_SIZE * 5
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
#: A printed pin, as text may hold it.
SHOWN_RE = rf"[{_ALPHABET}]{{{GROUP_SIZE}}}(?:-[{_ALPHABET}]{{{GROUP_SIZE}}}){{{GROUPS - 1}}}"


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
    """A pin as people read it: its first :data:`SHOWN_BITS` bits in base32, in groups."""
    letters = GROUPS * GROUP_SIZE
    number = int(value[:SHOWN_BITS // 4], 16)
    text = "".join(_ALPHABET[(number >> (5 * (letters - 1 - i))) & 31] for i in range(letters))
    return "-".join(text[i:i + GROUP_SIZE] for i in range(0, letters, GROUP_SIZE))
