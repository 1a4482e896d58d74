"""Share codes: a whole roster on one line that can be pasted into a chat, and read back.

A code is ``hb2.<pin>.<data>``:

- ``hb2``: who made it (horizon-builder) and the code's version; a later version gets a
  new number, and a code of an unknown version is refused with a clear message;
- ``<pin>``: the list's pin as people read it (:mod:`horizon_builder.roster.pin`, seven
  groups of four letters and digits, 140 bits), so a code says at a glance which list it
  is; it is also the code's checksum: the data read back must have that pin and be the
  canonical form of the list it holds (sorted keys, no spaces, no key twice, nothing the
  list does not keep), so the pin a code shows is always its list's pin, and a mistyped
  code is refused, never misread;
- ``<data>``: the roster's canonical JSON (the pin's own bytes), deflated by zlib
  with a preset dictionary of the words rosters use, in base64url without padding.

Version 1 codes (``hb1.<12 hex digits>.<data>``, the same data under a 48-bit pin) were
promised to read forever: they still do, their data held to canonical JSON (a key written
twice is refused). They are no longer made: 48 bits are too few to prove which list it is.

Before anything is built, the data is bounded as a file is: at most :data:`MAX_DATA_BYTES`
once inflated, and the counts and nesting of a file (:mod:`horizon_builder.files.tomlscan`).

Every character is URL-safe (letters, digits, ``-``, ``_``, ``.``). Nothing here touches a
file or the network.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlscan import MAX_ITEMS, json_shape_problem
from horizon_builder.roster.io import parse_roster
from horizon_builder.roster.models import Roster
from horizon_builder.roster.pin import SHOWN_RE, canonical_bytes, data_bytes, pin_of, short_pin

PREFIX = "hb"
VERSION = 2
#: The versions read (1: a 48-bit pin of 12 hex digits; 2: the pin people read).
READS = (1, 2)
#: How the messages name a code (the ``path`` of its problems).
WHERE = "share code"
#: No roster's canonical JSON comes near this (a roster of many elements with long notes is
#: a few tens of kB), and its roster file stays far under the files' 5 MB.
MAX_DATA_BYTES = 1024 * 1024
#: Longer text is not a code we made (and is not decoded).
MAX_CODE_CHARS = 2 * MAX_DATA_BYTES
#: Keys and items in a code's data: half a file's, so the roster file ``import`` writes
#: from it (a TOML table writes more brackets than JSON) is read back by ``check``.
MAX_CODE_ITEMS = MAX_ITEMS // 2
_V1_PIN = r"[0-9a-f]{12}"
_PINS = {1: _V1_PIN, 2: SHOWN_RE}

#: Any code of ours, whatever its version: ``hb<version>.<...>``.
_ANY_VERSION = re.compile(r"hb(\d{1,4})\.", re.IGNORECASE)
#: A code of a version we read, as found inside text (a markdown export, a chat message).
#: A code broken over lines (the text export's width) goes on in lines indented by two spaces
#: that hold nothing else.
CODE_RE = re.compile(rf"(?<![A-Za-z0-9_.-])(?:hb2\.{SHOWN_RE}|hb1\.{_V1_PIN})\.[A-Za-z0-9_-]+"
                     r"(?:(?<=[A-Za-z0-9_-])\r?\n  [A-Za-z0-9_-]+(?=\r?\n|\Z))*")

# The preset dictionary of version 1: keys and names rosters use, the commonest last. It is
# part of the format: changing one byte breaks every hb1 code (tests/test_sharecode.py
# reads a code made once and kept). A better dictionary is a new version.
_TYPES = ("mech", "aircraft", "lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf", "recon", "lt_cav",
          "hvy_cav", "lt_art", "armd_art", "supermech", "supertank", "superflyer", "kaiju",
          "gun_beast_", "gribbly_", "ballistic_strike", "naval_support", "field_hospital",
          "airship")
_UPGRADES = ("agile_frame", "stealth_suite", "extended_range", "assault_rig", "drop_harness",
             "engineer", "vertical_thrusters", "vtol", "rotary", "antigrav", "light_transport",
             "heavy_transport", "apocalypse_weapon", "artificial_intelligence", "bracing_mass",
             "crusher", "gunnery_controller", "landing_pad", "launch_bays", "panopticon",
             "self_repair", "supergun", "transport_bays", "metaform", "drone_mk1", "drone_mk2",
             "drone_mk3", "robot", "combat_hacker", "disruption_node", "rebro_node",
             "strategic_net", "flying", "rapid_mutation", "regenerate", "hard_to_kill",
             "camouflage", "biogun", "mind_searing", "tunneller", "mechakaiju", "grabby",
             "massive_teeth", "bad_breath", "aircraft_carrier", "marines", "gunnery_priority",
             "hospital_cr", "special_operation", "mad_scientist", "big_game_hunter", "dark_priest",
             "tesla_gun", "short_range_teleporter", "sonic_cannon", "flammenwerfer", "skinwalkers",
             "mechatentacles", "support_weapons", "burrower")
_DICTIONARY_V1 = "".join((
    '"solitaire":true,"commander":"","weird":[{"id":"","replaces":"command_resources"},'
    '{"replaces":"chain_of_command"},"guide_fire"'
    '"era":"era1_plantagenet","era2","era3","era4","event":"","overrides":"","paid":"cr",'
    '"points","free","option":"","form_type":true,'
    '"cr_purchases":[{"type":"","upgrade":""}],"rounds":[{"destroyed":[],"elements":[],'
    '"name":"Round 1"},"Round 2","Round 3"'
    '"supplements":["superweapons","metaformers","datawar","biowar","strategic_assets","weird"],'
    '"kind":"task_force","'
    '"command":{"kind":"mech_chq","aic","alpha","hivemind","element":""},"chq",',
    '"'.join(_UPGRADES), '"', '"'.join(_TYPES), '"',
    '"forms":[{"name":"","presence":2,"stats":{"A":3,"D":3,"F":4,"M":5,"Mb":5},"type":""}],'
    '"carried_by":"","notes":"","upgrades":[{"count":2,"id":""}]',
    '{"command":{"element":"","kind":"chq"},"elements":[{"id":"","name":"","presence":3,'
    '"stats":{"A":"D":"F":"M":},"type":"',
    '"},{"id":"','"presence":2,"stats":{"A":2,"D":2,"F":3,"M":6},"type":"lt_',
    '"presence":3,"stats":{"A":5,"D":1,"F":5,"M":4},"type":"hvy_"},{"id":"',
    '"}],"force_cost":15,"format":1,"kind":"battlegroup","name":"',
)).encode("utf-8")


def encode(roster: Roster) -> str:
    """The roster's share code (one line, URL-safe)."""
    return encode_canonical(canonical_bytes(roster))


def encode_canonical(data: bytes) -> str:
    """The share code of a roster's canonical bytes (:func:`~horizon_builder.roster.pin.canonical_bytes`)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _DICTIONARY_V1)
    packed = packer.compress(data) + packer.flush()
    text = base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    return f"{PREFIX}{VERSION}.{short_pin(pin_of(data))}.{text}"


def code_pin(code: str) -> str | None:
    """The pin a code shows (of either version), as it shows it; None if it shows none."""
    parts = "".join(code.split()).split(".")
    return parts[1] if len(parts) == 3 else None


def looks_like_code(text: str) -> bool:
    """Is this text meant as a share code of ours (of any version), not a file name?"""
    return _ANY_VERSION.match(text.strip()) is not None and not text.strip().lower().endswith(
        (".toml", ".json", ".md", ".txt", ".html"))


def find_code(text: str) -> str | None:
    """The first share code (of a version we read) inside a text (a markdown or text export, a chat
    message), its lines joined."""
    match = CODE_RE.search(text)
    return "".join(match.group(0).split()) if match else None


def pasted_code(text: str) -> str | None:
    """The share code a pasted or typed text means: the text itself when it is meant as a
    code (a chat may have broken it over lines), or the first code inside it (in
    backticks, a link, a message before or after it), whichever decodes (the pin proves
    it is the list); if none does, the first of them (:func:`decode` says what is wrong
    with it); None when it holds none. What ``import``, ``diff`` and the app's Open
    dialog all ask (after making sure the text names no file)."""
    candidates = [c for c in (text if looks_like_code(text) else None, find_code(text)) if c]
    for candidate in candidates:
        try:
            decode(candidate)
        except LoadError:
            continue
        return candidate
    return candidates[0] if candidates else None


def decode(code: str, where: str = WHERE) -> Roster:
    """The roster a share code holds; raises :class:`LoadError` (a clear message naming
    ``where``) for a code that is mistyped, cut short, foreign or of a later version."""
    # a line break a chat put in, quotes around it, the full stop of a sentence after it
    text = "".join(code.split()).strip("`<>\"'").rstrip(".,;:!?")
    if len(text) > MAX_CODE_CHARS:
        raise _refused(where, "is far too long to be a share code")
    version = _ANY_VERSION.match(text)
    if version is None:
        raise _refused(where, f"is not a horizon-builder share code (those start with "
                              f"{PREFIX}{VERSION}.)")
    number = int(version.group(1))
    if number not in READS:
        raise _refused(where, f"is a version {number} code: this horizon-builder "
                              f"reads version {VERSION} codes; a newer one may read it")
    parts = text.split(".")
    if len(parts) != 3 or not re.fullmatch(_PINS[number], parts[1].lower() if number == 2
                                           else parts[1]) \
            or not re.fullmatch(r"[A-Za-z0-9_-]+", parts[2]):
        shape = "<7 groups of 4 letters and digits>" if number == 2 else "<12 hex digits>"
        raise _refused(where, f"is damaged: a code is hb{number}.{shape}.<letters, digits, - and _>; "
                              "copy it again, whole")
    data = _inflate(parts[2], where)
    whole = pin_of(data)
    if (short_pin(whole) if number == 2 else whole[:12]) != parts[1].lower():
        raise _refused(where, "is mistyped or cut short: its checksum does not match; "
                              "copy it again, whole")
    content = _content(data, where)
    roster = parse_roster(content, where)
    if number == 2 and canonical_bytes(roster) != data:  # the pin shown is the list's own
        raise _refused(where, "is not as horizon-builder writes a list (its pin would not be "
                              "its list's pin): make the code again from the list")
    return roster


def _content(data: bytes, where: str) -> dict[str, Any]:
    """The data's JSON, bounded before it is built, and written as a code writes it:
    canonical (so a key written twice, which JSON reads as its last value, is refused)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(where, "holds no roster (not the data of a list)") from None
    too_much = json_shape_problem(text, MAX_CODE_ITEMS)
    if too_much is not None:
        raise _refused(where, f"holds more than any roster: {too_much}")
    try:
        content = json.loads(text)
    except (ValueError, RecursionError):
        raise _refused(where, "holds no roster (not the data of a list)") from None
    if not isinstance(content, dict):
        raise _refused(where, "holds no roster (not the data of a list)")
    if data_bytes(content) != data:
        raise _refused(where, "is not as horizon-builder writes a list (a key twice, or out "
                              "of order): make the code again from the list")
    return content


def _inflate(text: str, where: str) -> bytes:
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        if base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii") != text:
            raise ValueError("not as we write it")  # the last character's spare bits differ
        unpacker = zlib.decompressobj(-15, zdict=_DICTIONARY_V1)
        data = unpacker.decompress(packed, MAX_DATA_BYTES)
        if unpacker.unconsumed_tail:
            raise _refused(where, "holds more data than any roster")
        data += unpacker.flush()
    except (binascii.Error, ValueError, zlib.error):
        raise _refused(where, "is mistyped or cut short: it does not decode; copy it again, "
                              "whole") from None
    if not unpacker.eof:
        raise _refused(where, "is cut short: copy it again, whole")
    if unpacker.unused_data:
        raise _refused(where, "is mistyped: it has more after its end; copy it again, whole")
    return data


def _refused(where: str, message: str) -> LoadError:
    return LoadError.single(where, message)
