"""Property tests (issue 12): generated hostile rosters and ruleset files never crash anything.

A small count runs here (the suite stays fast); ``scripts/fuzz.py`` runs the full
count of the very same cases (tests/fuzzing.py says what is generated and checked).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from fuzzing import check_loaded, run_case
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_rosters_load_or_give_located_errors(seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run_case(Path(tmp), random.Random(seed), "roster")


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_ruleset_layers_load_or_give_located_errors(seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run_case(Path(tmp), random.Random(seed), "ruleset")


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(text=st.text(max_size=300))
def test_any_text_as_a_roster_file(text: str) -> None:
    """Arbitrary unicode (control characters, lone brackets, quotes): never a crash."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.toml"
        try:
            path.write_text(text, encoding="utf-8")
        except UnicodeEncodeError:  # a lone surrogate cannot be written as UTF-8
            return
        check_loaded(path, [])
