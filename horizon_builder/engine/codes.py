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
    # which conventional types may lead is firm: the errata's CHQ table (OtH p.59)
    # --- Supplements and eras ---
    # --- Superweapons (OtH p.9-17, p.64-65) ---
    "superheavy-rapid": ("Superweapons", "a supermech or supertank made rapid"),
    "superheavy-free-chq": ("Superweapons", "a superheavy as the free conventional CHQ"),
    "superheavy-takes-command": ("Superweapons", "a superheavy takes over guide fire and chain of command"),
    "carried-by-itself": ("Superweapons", "an element aboard itself"),
    "carrier-missing": ("Superweapons", "aboard an element that is not in the force"),
    "carried-by-cycle": ("Superweapons", "elements aboard each other in a loop"),
    "carrier-no-bays": ("Superweapons", "aboard an element without bays"),
    "carrier-over-capacity": ("Superweapons", "more aboard than the bays hold"),
    "carrier-capacity-unknown": ("Superweapons", "a carrier whose capacity is not known"),
    "event-superheavies-barred": ("Superweapons", "superheavies barred by the event"),
    "event-superheavy-presence": ("Superweapons", "a superheavy over the event's P cap"),
    "event-supertank-min-stat": ("Superweapons", "a supertank stat under the event's minimum"),
    # --- Metaformers (OtH p.18-22) ---
    "metaform-upgrade-missing": ("Metaformers", "metaforms without the metaform upgrade"),
    "metaform-no-forms": ("Metaformers", "the metaform upgrade without any metaform"),
    "metaform-nested": ("Metaformers", "a metaform that is itself a metaformer"),
    "metaform-too-many": ("Metaformers", "more metaforms than the baseform's P"),
    "metaform-presence-too-high": ("Metaformers", "a metaform bigger than its baseform"),
    "metaform-same-type": ("Metaformers", "a metaform of the baseform's own type"),
    "metaform-type-not-allowed": ("Metaformers", "a type a metaform may not be"),
    "metaform-type-unknown": ("Metaformers", "a metaform of a type the rules do not know"),
    "metaformer-aircraft-chq": ("Metaformers", "an aircraft-baseform metaformer as the CHQ"),
    "metaform-cr-not-conventional": ("Metaformers", "CR bought for non-conventional metaforms"),
    "metaform-cr-separate-type": ("Metaformers", "CR bought for a type does not reach its metaforms"),
    # --- DataWar (OtH p.23-28) ---
    "drone-one-mark": ("DataWar", "drones of two marks on one element"),
    "cr-purchase-not-type-wide": ("DataWar", "a per-element upgrade bought for a whole type"),
    "upgrade-option-unknown": ("DataWar", "a choice the upgrade does not offer"),
    "rebro-node-on-chq": ("DataWar", "a rebro node on the CHQ (any form) or on an element of its type"),
    "rebro-node-no-chain-of-command": ("DataWar", "a rebro node with no chain of command to relay"),
    # --- BioWar (OtH p.29-33, p.66-67) ---
    "gun-beast-rapid-vanguard": ("BioWar", "a gun-beast made rapid or vanguard"),
    "gribbly-rapid-vanguard": ("BioWar", "a gribbly that lost rapid or vanguard"),
    "kaiju-mutations-only": ("BioWar", "an upgrade on a kaiju without mechakaiju"),
    "mutation-needs-kaiju": ("BioWar", "a mutation on a superheavy without Kaiju!"),
    "bio-force-command": ("BioWar", "an all-bio force without an alpha or hivemind"),
    "bio-command-mixed-force": ("BioWar", "an alpha or hivemind over a force that is not all bio"),
    "alpha-not-kaiju": ("BioWar", "an alpha that is not a kaiju or gun-beast"),
    # --- Strategic assets (OtH p.34-40) ---
    "air-war-presence": ("Strategic assets", "the dice each side rolls for the air war"),
    "ballistic-strike-costs": ("Strategic assets", "what a ballistic strike counts as"),
    "ballistic-strike-no-guide-fire": ("Strategic assets", "guide fire on a ballistic strike"),
    "naval-support-too-many-abilities": ("Strategic assets", "more naval abilities than its P"),
    "naval-support-unused-points": ("Strategic assets", "naval support points not spent"),
    "carrier-without-aircraft": ("Strategic assets", "a carrier ability with no aircraft to use it"),
    "gunnery-priority-without-strike": ("Strategic assets", "gunnery priority with nothing to strike"),
    "marines-without-lt-inf": ("Strategic assets", "marines with no light infantry"),
    "field-hospital-needs-chq": ("Strategic assets", "a field hospital with no CHQ to pay it"),
    "field-hospital-needs-cr": ("Strategic assets", "a field hospital with no CR spent on it"),
    "field-hospital-dice": ("Strategic assets", "the dice a field hospital rolls"),
    "field-hospital-empty": ("Strategic assets", "a field hospital with nothing to heal"),
    "special-operation-too-many": ("Strategic assets", "more than one special operation"),
    "special-operation-chq": ("Strategic assets", "the CHQ sent on a special operation"),
    "special-operation-sent": ("Strategic assets", "the element sent on a special operation"),
    # --- Weird Horizons (OtH p.41-43, p.69-71) ---
    "weird-command-unknown": ("Weird Horizons", "a weird command the rules do not know"),
    "weird-command-not-command": ("Weird Horizons", "an upgrade that is not weird command"),
    "weird-command-not-allowed": ("Weird Horizons", "weird command under a command that has none"),
    "weird-command-no-chq": ("Weird Horizons", "weird command with no CHQ"),
    "weird-command-too-many": ("Weird Horizons", "more weird commands than the command allows"),
    "weird-command-repeated": ("Weird Horizons", "the same weird command twice"),
    "weird-command-same-ability": ("Weird Horizons", "two weird commands replacing one ability"),
    "weird-command-nothing-to-replace": ("Weird Horizons", "an ability the command does not have"),
    "weird-command-replaces": ("Weird Horizons", "what each weird command replaced"),
    "weird-command-on-element": ("Weird Horizons", "weird command taken as an element's upgrade"),
    "dark-priest-no-reserve": ("Weird Horizons", "a dark priest's CHQ deploys on the table"),
    "dark-priest-in-reserve": ("Weird Horizons", "a dark priest's CHQ starts aboard a carrier (reserve)"),
    "weird-free-too-many": ("Weird Horizons", "more than one free weird upgrade"),
    "weird-free-unused": ("Weird Horizons", "the mad scientist's free weird upgrade not taken"),
    "weird-upgrades": ("Weird Horizons", "how each weird upgrade is paid"),
    "airship-rules": ("Weird Horizons", "what an airship is and may not do"),
    # --- Solitaire (OtH p.55-58) ---
    "solo-force-cost": ("Solitaire", "a solo force not built to the solo FC"),
    "solo-no-aircraft": ("Solitaire", "an aircraft in a solo force"),
    "solo-aircraft-form": ("Solitaire", "an aircraft metaform, which cannot be used in a solo game"),
    "exfil-small-elements": ("Solitaire", "Hot Exfiltration without enough small elements"),
    # --- Tournament rules (OtH p.45-48) ---
    # --- the validator itself ---
}
