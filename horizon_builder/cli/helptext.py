"""Help texts more than one subcommand module uses, below them all (so no subcommand module
imports :mod:`horizon_builder.cli.main`, which imports them)."""

from __future__ import annotations

RULESET_HELP = "a ruleset overrides layer (house rules, an event preset); repeatable"
