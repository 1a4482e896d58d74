"""Property tests (issue 25): generated files beside a roster (preferences, your rulebook,
autosaves, event files, the recent list) are read without a crash, a hang or a read past
the cap; each bad one is named. A small count here; ``scripts/fuzz.py --side N`` runs the
full count of the very same cases (tests/fuzzing_side.py says what is generated)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from fuzzing_side import KINDS, run_side_case
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("kind", KINDS)
def test_generated_files_beside_a_roster_are_read_or_named(kind: str) -> None:
    @SETTINGS
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def case(seed: int) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            run_side_case(Path(tmp), random.Random(seed), kind)

    case()
