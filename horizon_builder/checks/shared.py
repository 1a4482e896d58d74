"""Rules that two chapters report: declared here, once, with no predicate attached.

Mustering's generic upgrade checks and DataWar's checks of CR bought for a whole type both
say "upgrade-excludes" and "upgrade-over-cap". Each module attaches its own predicate to
the one rule; the rule is declared here because a predicate's place among the findings is
the place its module attaches it (import order), and importing the rule from mustering
would attach all of mustering's predicates ahead of DataWar's and BioWar's.
"""

from __future__ import annotations

from horizon_builder.engine.rule import Rule

#: the chapter these rules are catalogued under (the core rules they come from)
MUSTERING = "Mustering (core)"

UPGRADE_EXCLUDES = Rule("upgrade-excludes", "error", MUSTERING, "core",
                        "two upgrades that cannot be taken together")

UPGRADE_OVER_CAP = Rule("upgrade-over-cap", "error", MUSTERING, "core",
                        "more copies of an upgrade than allowed")
