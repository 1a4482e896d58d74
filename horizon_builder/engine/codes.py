"""Every finding code the validator can report, with its chapter and what it means.

A code is stable: exports, ``check --format json`` and organisers' tools key on it.
The catalogue is checked against the source (every code a check can produce is
listed here, and nothing else), and the test suite fails a full run in which some
code was never produced by any test (``tests/conftest.py``).
"""

from __future__ import annotations

#: code → (chapter, what it means in a player's words)
CODES: dict[str, tuple[str, str]] = {
    # --- Mustering (core rulebook; values provisional, RULES.md §0) ---
    "presence-out-of-range": ("Mustering (core)", "P outside the range its type allows"),
    "presence-beyond-table": ("Mustering (core)", "P beyond the published pool table"),
    "stat-missing": ("Mustering (core)", "a stat of the type is not set"),
    "stat-not-entered": ("Mustering (core)", "a fixed statline nobody has entered yet"),
    "stat-below-minimum": ("Mustering (core)", "a stat under its type's minimum"),
    "stat-above-maximum": ("Mustering (core)", "a stat over its type's maximum"),
    "pool-overspent": ("Mustering (core)", "stats and point-paid upgrades over the pool"),
    "pool-unspent": ("Mustering (core)", "stat points left in the pool"),
    "pool-unknown": ("Mustering (core)", "no pool known for this P"),
    "upgrade-cost-unknown": ("Mustering (core)", "an upgrade's cost is not known, left out of the pool"),
    "statline-differs": ("Mustering (core)", "a fixed statline differs from the published one"),
    "statline-unchecked": ("Mustering (core)", "fixed statlines that cannot be checked (no table)"),
    "upgrade-unknown": ("Mustering (core)", "an upgrade id the rules do not know"),
    "upgrade-not-eligible": ("Mustering (core)", "this type may not take the upgrade"),
    "upgrade-chq-only": ("Mustering (core)", "a CHQ-only upgrade on another element"),
    "upgrade-min-presence": ("Mustering (core)", "the upgrade needs a higher P"),
    "upgrade-requires": ("Mustering (core)", "the upgrade needs another one first"),
    "upgrade-excludes": ("Mustering (core)", "two upgrades that cannot be taken together"),
    "upgrade-option-missing": ("Mustering (core)", "an upgrade's choice (a program ...) not made"),
    "upgrade-currency": ("Mustering (core)", "an upgrade the element has nothing to pay with"),
    "upgrade-paid-not-allowed": ("Mustering (core)",
                                 "a payment (paid =) the rules do not allow for that element"),
    "upgrade-over-cap": ("Mustering (core)", "more copies of an upgrade than allowed"),
    "too-many-upgrades": ("Mustering (core)", "more upgrades than the type may have"),
    "type-requires-upgrade": ("Mustering (core)", "the type must have an upgrade at this P"),
    "type-forbids-upgrade": ("Mustering (core)", "the type may not have an upgrade at this P"),
    "cr-upgrade-whole-type": ("Mustering (core)", "a CR upgrade bought for one element, not its type"),
    "type-over-limit": ("Mustering (core)", "more elements of a type than a force may have"),
    "fc-over-budget": ("Mustering (core)", "Force Cost over the agreed budget"),
    "chq-cost-unknown": ("Mustering (core)", "how the CHQ changes a type's FC is not known"),
    "command-missing": ("Mustering (core)", "no command chosen"),
    "command-element-ignored": ("Mustering (core)", "an element named for a command that has none"),
    "command-element-missing": ("Mustering (core)", "the command's element not chosen or not there"),
    # which conventional types may lead is firm: the errata's CHQ table (OtH p.59)
    "command-element-ineligible": ("Mustering (core)",
                                   "this element may not be the command element (CHQ types: OtH p.59)"),
    "cr-overspent": ("Mustering (core)", "more CR spent than the command gives"),
    "cr-purchase-unused": ("Mustering (core)", "CR bought for a type the force does not field"),
    # --- Supplements and eras ---
    "supplement-disabled": ("Supplements and eras", "content of a supplement the roster has off"),
    "era-forbids": ("Supplements and eras", "barred in the roster's era"),
    "era-no-antigrav-aircraft": ("Supplements and eras", "an aircraft too big for an era without antigrav"),
    # --- Superweapons (OtH p.9-17, p.64-65) ---
    # --- Metaformers (OtH p.18-22) ---
    "metaform-cr-whole-type": ("Metaformers", "a CR upgrade on one metaform, not its type"),
    # --- DataWar (OtH p.23-28) ---
    "drone-one-mark": ("DataWar", "drones of two marks on one element"),
    "cr-purchase-not-type-wide": ("DataWar", "a per-element upgrade bought for a whole type"),
    "cr-purchase-points-type": ("DataWar", "CR bought for a type that pays in stat points"),
    "upgrade-option-unknown": ("DataWar", "a choice the upgrade does not offer"),
    "rebro-node-on-chq": ("DataWar", "a rebro node on the CHQ (any form) or on an element of its type"),
    "rebro-node-no-chain-of-command": ("DataWar", "a rebro node with no chain of command to relay"),
    # --- BioWar (OtH p.29-33, p.66-67) ---
    # --- Strategic assets (OtH p.34-40) ---
    # --- Weird Horizons (OtH p.41-43, p.69-71) ---
    "weird-free-without-mad-scientist": ("Weird Horizons", "a free weird upgrade with no mad scientist"),
    "weird-free-not-chq": ("Weird Horizons", "the free weird upgrade on an element not the CHQ"),
    # --- Tournament rules (OtH p.45-48) ---
    "tf-presence-over-limit": ("Tournament rules", "Task Force FP over its limit"),
    "event-force-cost": ("Tournament rules", "a list not built to the event's FC"),
    "event-battlegroup": ("Tournament rules", "a battlegroup entered in a tournament, not a Task Force"),
    "event-supplement": ("Tournament rules", "a supplement the event does not allow"),
    "event-era": ("Tournament rules", "a list not set in the event's era"),
    "event-house-rules": ("Tournament rules", "a list that brings its own rules file"),
    "tf-command-per-round": ("Tournament rules", "a Task Force list choosing command or CR"),
    "tf-round-empty": ("Tournament rules", "a round fielding nothing"),
    "tf-round-duplicate": ("Tournament rules", "an element fielded twice in a round"),
    "tf-destroyed-not-fielded": ("Tournament rules", "destroyed in a round it was not fielded in"),
    # --- the validator itself ---
}
