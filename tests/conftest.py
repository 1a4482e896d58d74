"""Shared fixtures: the shipped ruleset."""

from __future__ import annotations

import pytest

from horizon_builder.ruleset import Ruleset
from horizon_builder.ruleset_loader import load_ruleset


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return load_ruleset()
