"""What every ruleset table shares: strict keys, provenance, frozen values."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

#: Sources that are read straight from a book we hold; anything else is provisional.
TRUSTED_SOURCE_PREFIXES = ("OtH",)

Currency = Literal["points", "cr", "points_or_cr", "free"]
#: How an exact half is rounded to a whole number (the book says "nearest", OtH p.50-51).
Rounding = Literal["half_away_from_zero", "half_up", "half_even"]
UpgradeKind = Literal[
    "upgrade", "mutation", "weird_upgrade", "drone", "program_upgrade", "electronic_warfare",
    "superweapon", "asset_option", "weird_command",
]


class RuleModel(BaseModel):
    """Base of every ruleset table: strict keys, optional provenance."""

    # Frozen: one loaded ruleset may be shared (the loader caches it), so nobody may
    # change it in place; build a changed copy with ``model_copy(update=...)``.
    # Built on first validation: a process that reads its ruleset from the disk cache
    # (rules/diskcache.py) never validates one, and skips building ~40 validators.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    source: str | None = Field(default=None, description="Where the value comes from, e.g. 'OtH p.9'.")
    provisional: bool | None = Field(
        default=None,
        description="True when the value is not read from a book we hold. "
        "Defaults from the source: anything not 'OtH ...' is provisional.",
    )

    changed_by: str | None = Field(
        default=None,
        description="Filled in by the loader, never written in a file: the layer beyond the "
        "shipped book data (a roster's house rules, --ruleset, an event preset) that set a "
        "value here, as 'file.toml #1a2b3c4d'.",
    )

    @property
    def is_provisional(self) -> bool:
        if self.provisional is not None:
            return self.provisional
        if self.source is None:
            return False
        return not self.source.startswith(TRUSTED_SOURCE_PREFIXES)
