"""File names made from a list's name (files/names.py): the import's roster file and the
export screen's default name come from one function."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from horizon_builder.files.names import WINDOWS_DEVICES, file_stem
from horizon_builder.tui.sharing.export import default_filename


def test_a_name_becomes_lower_case_words_joined_by_hyphens() -> None:
    assert file_stem("Red Meridian TF") == "red-meridian-tf"
    assert file_stem("!!!") == "roster"


def test_windows_device_names_get_a_suffix() -> None:
    assert file_stem("CON") == "con-list"
    assert file_stem("com1") == "com1-list"
    assert file_stem("Lpt9 ") == "lpt9-list"
    assert file_stem("Console") == "console"
    assert default_filename("NUL", "html") == "nul-list.html"


@given(st.text())
def test_any_name_gives_a_short_portable_stem(name: str) -> None:
    stem = file_stem(name)
    assert 0 < len(stem) <= 65
    assert set(stem) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert not stem.startswith("-") and not stem.endswith("-")
    assert stem not in WINDOWS_DEVICES
