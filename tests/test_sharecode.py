"""Share codes (issue "Lists leave the terminal" items 1, 2 and 4): one URL-safe line that
holds a whole roster, versioned, checked (a mistyped code is refused, never misread) and
carrying the list's pin."""

from __future__ import annotations

import base64
import re
import string
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.files.problems import LoadError
from horizon_builder.files.resources import example_rosters
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.models import Roster
from horizon_builder.roster.pin import SHOWN_RE, canonical_bytes, pin, short_pin
from horizon_builder.roster.sharecode import decode, encode, find_code, looks_like_code

GOLDEN_ROSTER = {
    "name": "Golden Lancers", "force_cost": 15, "command": {"kind": "chq", "element": "chq"},
    "elements": [
        {"id": "chq", "name": "Lancer Command", "type": "hvy_cav", "presence": 3,
         "stats": {"M": 4, "F": 5, "A": 5, "D": 1}},
        {"id": "i1", "name": "Grenadiers", "type": "hvy_inf", "presence": 2,
         "stats": {"M": 3, "F": 4, "A": 3, "D": 3}, "upgrades": ["engineer"]},
    ],
}
#: Made once by version 1 and kept: the format (prefix, dictionary, checksum) never changes
#: under the same version, so a code posted last year still reads.
GOLDEN_CODE = ("hb1.bb02995aa60d.wxF0kLKcUOhBVEFN8kkEeqNIwRlqnA4FXgOlcbjvMg0RdrgXpeYlpmRCqjISUpw"
               "xqvmgvIWSqBD1SCyBsIQ5JD8nJTVPAeJnYEMFAA")
#: The same list by version 2 (issue 36 item 3: the pin people read, 140 bits), kept likewise.
GOLDEN_CODE_V2 = ("hb2.qc19-jpn6-1qgk-1c5n-ja35-df08-217x.wxF0kLKcUOhBVEFN8kkEeqNIwRlqnA4FXgOlcbjvMg0Rdrg"
                  "XpeYlpmRCqjISUpwxqvmgvIWSqBD1SCyBsIQ5JD8nJTVPAeJnYEMFAA")
URL_SAFE = set(string.ascii_letters + string.digits + "-_.")


def _examples() -> list[Roster]:
    return [read_roster(p) for p in example_rosters()]


def test_a_code_made_by_version_1_reads_back_forever():
    roster = Roster.model_validate(GOLDEN_ROSTER)
    assert decode(GOLDEN_CODE) == roster


def test_a_code_made_by_version_2_reads_back_forever_and_shows_the_lists_pin():
    roster = Roster.model_validate(GOLDEN_ROSTER)
    assert encode(roster) == GOLDEN_CODE_V2
    assert decode(GOLDEN_CODE_V2) == roster
    assert GOLDEN_CODE_V2.split(".")[1] == short_pin(pin(roster))


def test_every_example_round_trips_and_its_code_is_one_url_safe_line_with_its_pin():
    for roster in _examples():
        code = encode(roster)
        assert set(code) <= URL_SAFE, code
        assert code.startswith(f"hb2.{short_pin(pin(roster))}.")
        assert decode(code) == roster


def test_an_ordinary_battlegroup_code_is_short():
    """The core battlegroup of eight elements, without its notes, is under 300 characters;
    no shipped example is over 650 (sizes in the issue's report)."""
    core = next(r for r in _examples() if r.name == "3rd Lancers Battlegroup")
    assert len(encode(core.model_copy(update={"notes": ""}))) < 300
    assert max(len(encode(r)) for r in _examples()) < 650


def _refusal(code: str) -> str:
    with pytest.raises(LoadError) as caught:
        decode(code)
    (problem,) = caught.value.problems
    assert problem.path == "share code"
    return problem.message


@pytest.mark.parametrize("golden_code", [GOLDEN_CODE, GOLDEN_CODE_V2])
def test_every_single_character_typo_is_refused_never_misread(golden_code):
    """Almost every typo is refused; the few the data's spare bits absorb (the deflate
    stream ends inside its last byte) read the very same roster, as the pin proves."""
    golden = Roster.model_validate(GOLDEN_ROSTER)
    refused = 0
    for index in range(len(golden_code)):
        for other in "aZ0-_":
            if golden_code[index] == other:
                continue
            typo = golden_code[:index] + other + golden_code[index + 1:]
            try:
                roster = decode(typo)
            except LoadError:
                refused += 1
                continue
            assert roster == golden, f"typo at {index} misread"
            assert index >= len(golden_code) - 2 or typo.lower() == golden_code.lower(), \
                f"typo at {index} read"
    assert refused >= 5 * len(golden_code) - 20


def test_a_code_cut_short_or_swapped_is_refused_with_a_clear_message():
    assert "copy it again" in _refusal(GOLDEN_CODE[:-5])
    swapped = GOLDEN_CODE[:30] + GOLDEN_CODE[31] + GOLDEN_CODE[30] + GOLDEN_CODE[32:]
    assert "copy it again" in _refusal(swapped)
    wrong_pin = GOLDEN_CODE.replace("bb02995aa60d", "bb02995aa60e")
    assert "checksum" in _refusal(wrong_pin)
    assert "checksum" in _refusal(GOLDEN_CODE_V2.replace("qc19-", "qc18-"))


def test_a_foreign_or_later_code_is_refused_by_name():
    assert "not a horizon-builder share code" in _refusal("https://newrecruit.eu/app/list/abc")
    assert "not a horizon-builder share code" in _refusal("")
    assert "version 3" in _refusal("hb3.0123456789ab.AAAA")
    assert "damaged" in _refusal("hb2.0123456789ab.AAAA")  # a version 1 pin in a version 2 code


def test_a_code_survives_the_line_breaks_and_quotes_a_chat_adds():
    wrapped = f"`{GOLDEN_CODE[:40]}\n  {GOLDEN_CODE[40:]}`"
    assert decode(wrapped).name == "Golden Lancers"


def test_a_code_is_found_inside_text_and_told_from_a_file_name():
    assert find_code(f"My list for Saturday: {GOLDEN_CODE} see you!") == GOLDEN_CODE
    assert find_code(f"My list for Saturday: {GOLDEN_CODE_V2} see you!") == GOLDEN_CODE_V2
    assert find_code("no code here, hb1.nothex") is None
    assert looks_like_code(GOLDEN_CODE)
    assert not looks_like_code("hb1.toml") and not looks_like_code("lancers.toml")


# --- the round trip, by property --------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)
IDS = st.text(string.ascii_lowercase + string.digits + "_-", min_size=1, max_size=8)
STATS = st.dictionaries(st.sampled_from(["M", "F", "A", "D", "Mb", "X"]), st.integers(0, 40),
                        max_size=5)
UPGRADES = st.lists(st.one_of(
    IDS,
    st.fixed_dictionaries({"id": IDS}, optional={
        "count": st.integers(1, 20), "option": TEXT,
        "paid": st.sampled_from(["points", "cr", "free"])})), max_size=3)


@st.composite
def rosters(draw: st.DrawFn) -> Roster:
    """Any roster the models accept (not only legal ones: a code carries illegal lists too)."""
    ids = draw(st.lists(IDS, unique=True, max_size=6))
    elements = []
    for element_id in ids:
        element = {"id": element_id, "name": draw(TEXT), "type": draw(IDS),
                   "presence": draw(st.integers(0, 30)), "stats": draw(STATS),
                   "upgrades": draw(UPGRADES), "notes": draw(st.one_of(st.just(""), TEXT))}
        if draw(st.booleans()):
            element["forms"] = draw(st.lists(st.fixed_dictionaries(
                {"type": IDS, "presence": st.integers(0, 30), "stats": STATS, "upgrades": UPGRADES},
                optional={"name": TEXT}), max_size=2))
        if ids and draw(st.booleans()):
            element["carried_by"] = draw(st.sampled_from(ids))
        elements.append(element)
    some_id = st.sampled_from(ids) if ids else st.none()
    command = {"kind": draw(st.sampled_from(["none", "chq", "alpha", "aic"])),
               "element": draw(some_id),
               "weird": draw(st.lists(st.fixed_dictionaries({"id": IDS, "replaces": st.sampled_from(
                   ["command_resources", "chain_of_command", "guide_fire"])}), max_size=2))}
    purchases = st.lists(st.fixed_dictionaries({"type": IDS, "upgrade": IDS},
                                               optional={"option": TEXT, "form_type": st.booleans()}),
                         max_size=2)
    data = {
        "name": draw(TEXT), "force_cost": draw(st.integers(1, 1000)),
        "kind": draw(st.sampled_from(["battlegroup", "task_force"])),
        "supplements": draw(st.lists(IDS, unique=True, max_size=3)),
        "command": command, "cr_purchases": draw(purchases), "elements": elements,
        "notes": draw(st.one_of(st.just(""), TEXT)),
    }
    for key, value in (("era", IDS), ("event", TEXT), ("commander", TEXT), ("overrides", TEXT),
                       ("solitaire", st.sampled_from(["solo", "hot_exfiltration"]))):
        if draw(st.booleans()):
            data[key] = draw(value)
    if ids and draw(st.booleans()):
        data["rounds"] = draw(st.lists(st.fixed_dictionaries({
            "name": TEXT, "elements": st.lists(st.sampled_from(ids), max_size=3),
            "destroyed": st.lists(st.sampled_from(ids), max_size=2),
            "command": st.just(command), "cr_purchases": purchases}), max_size=2))
    return Roster.model_validate(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roster=rosters())
def test_any_roster_to_code_to_roster_is_the_same_roster(roster):
    code = encode(roster)
    assert set(code) <= URL_SAFE
    back = decode(code)
    assert back == roster
    assert pin(back) == pin(roster)
    assert re.fullmatch(rf"hb2\.{SHOWN_RE}\.[A-Za-z0-9_-]+", code)


# --- issue 36 items 3 and 4: the checksum covers the canonical list; limits as files ----

def _made(data: bytes, version: int = 2) -> str:
    """A code of any bytes, made as :func:`encode` makes one (its checksum right)."""
    from horizon_builder.roster import sharecode
    from horizon_builder.roster.pin import pin_of

    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              sharecode._DICTIONARY_V1)
    packed = packer.compress(data) + packer.flush()
    whole = pin_of(data)
    shown = short_pin(whole) if version == 2 else whole[:12]
    return f"hb{version}.{shown}.{base64.urlsafe_b64encode(packed).rstrip(b'=').decode()}"


def test_a_key_written_twice_is_refused_so_a_codes_pin_is_its_lists():
    """A duplicate JSON key was read as its last value: the code's pin was not its list's."""
    text = canonical_bytes(Roster.model_validate(GOLDEN_ROSTER)).decode()
    twice = text.replace('"force_cost":15', '"force_cost":15,"force_cost":99').encode()
    for version in (1, 2):
        assert "a key twice" in _refusal(_made(twice, version))


def test_a_version_2_code_holds_the_canonical_list_only():
    """Data the list would not keep (a default written out) changes no list but the pin."""
    text = canonical_bytes(Roster.model_validate(GOLDEN_ROSTER)).decode()
    padded = text.replace('"force_cost":15', '"force_cost":15,"kind":"battlegroup"', 1)
    assert padded != text
    assert "make the code again" in _refusal(_made(padded.encode()))


def test_the_pin_people_read_has_at_least_128_bits_in_groups():
    value = pin(Roster.model_validate(GOLDEN_ROSTER))
    shown = short_pin(value)
    assert re.fullmatch(SHOWN_RE, shown) and len(shown.replace("-", "")) * 5 >= 128


def test_a_code_inflating_past_the_limit_is_refused_before_it_is_built():
    """An 11 KB code decoded to an 8 MB roster that import wrote and check refused."""
    from horizon_builder.roster.sharecode import MAX_DATA_BYTES

    notes = "x" * (MAX_DATA_BYTES + 10)
    data = ('{"elements":[],"force_cost":15,"name":"n","notes":"' + notes + '"}').encode()
    code = _made(data)
    assert len(code) < 20_000
    assert "more data than any roster" in _refusal(code)


def test_a_code_of_many_elements_is_refused_before_it_is_built():
    """A 291 KB code held 40,000 elements (24 s, 733 MB)."""
    from horizon_builder.roster.sharecode import MAX_DATA_BYTES

    elements = ",".join(f'{{"id":"e{i}","type":"m"}}' for i in range(8_000))
    data = f'{{"elements":[{elements}],"force_cost":15,"name":"n"}}'.encode()
    assert len(data) < MAX_DATA_BYTES
    assert "too many values" in _refusal(_made(data))
