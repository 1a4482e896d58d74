"""Shared fixtures: the shipped ruleset."""

from __future__ import annotations

import pytest

from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return load_ruleset()
