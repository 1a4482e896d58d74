"""Page citations in the rulesets agree with the index at the back of Over the Horizon.

Each row names a rule, the page the book's index gives for it, and where the
ruleset cites it. A wrong page sends a player with the book open to the wrong
place, so these are pinned.
"""

from __future__ import annotations

import pytest

from horizon_builder.rules.loader import load_ruleset

RULES = load_ruleset()

# (upgrade id, page the book's index gives)
UPGRADE_PAGES = [
    ("apocalypse_weapon", "p.64"), ("artificial_intelligence", "p.64"), ("bracing_mass", "p.64"),
    ("crusher", "p.64"), ("gunnery_controller", "p.64"), ("landing_pad", "p.64"),
    ("launch_bays", "p.65"), ("panopticon", "p.65"), ("self_repair", "p.65"),
    ("supergun", "p.65"), ("transport_bays", "p.65"),
    ("rapid_mutation", "p.67"), ("regenerate", "p.67"), ("hard_to_kill", "p.67"),
    ("camouflage", "p.67"), ("biogun", "p.67"), ("mind_searing", "p.67"), ("tunneller", "p.67"),
    ("mechakaiju", "p.67"), ("grabby", "p.67"), ("massive_teeth", "p.68"), ("bad_breath", "p.68"),
    ("mad_scientist", "p.69"), ("big_game_hunter", "p.69"), ("dark_priest", "p.69"),
    ("tesla_gun", "p.69"), ("short_range_teleporter", "p.70"), ("sonic_cannon", "p.70"),
    ("flammenwerfer", "p.70"), ("skinwalkers", "p.70"), ("mechatentacles", "p.70"),
    ("support_weapons", "p.71"), ("burrower", "p.71"),
    ("combat_hacker", "p.26"), ("disruption_node", "p.27"), ("rebro_node", "p.27"),
    ("strategic_net", "p.27"), ("drone_mk1", "p.24"), ("robot", "p.25"),
    ("agile_frame", "p.59"), ("stealth_suite", "p.60"), ("metaform", "p.19"),
    ("flying", "p.31"), ("aircraft_carrier", "p.39"), ("marines", "p.39"),
    ("gunnery_priority", "p.39"),
]


@pytest.mark.parametrize(("upgrade", "page"), UPGRADE_PAGES)
def test_upgrade_cites_the_page_the_book_indexes(upgrade: str, page: str) -> None:
    """Every upgrade's `source` cites the page the book's index gives for it (OtH index)."""
    source = RULES.upgrades[upgrade].source
    assert page in source, f"{upgrade}: {source!r} should cite {page}"


def test_tesla_gun_is_on_page_69() -> None:
    """Tesla gun opens the Weird Warriors table on p.69, not p.70 (OtH index: tesla gun 69)."""
    assert RULES.upgrades["tesla_gun"].source == "OtH p.69"


def test_stealth_suite_errata_is_on_page_60() -> None:
    """The stealth suite erratum is on p.60 (OtH index: stealth suite 60; agile frame 59)."""
    assert "p.60" in RULES.upgrades["stealth_suite"].source


def test_massive_teeth_places_damage_not_adds_it() -> None:
    """Massive teeth: on a natural-12 charge win the kaiju's commander places two points of the
    damage; it deals no extra damage (OtH p.68)."""
    summary = RULES.upgrades["massive_teeth"].summary
    assert "places 2" in summary and "deals" not in summary


def test_special_operations_cite_page_38() -> None:
    """Special operations are on p.38 (OtH index: special operations 38)."""
    assert RULES.upgrades["special_operation"].source.startswith("OtH p.38")
    assert RULES.special_rules["special_operation"].source == "OtH p.38"


def test_intelligence_bands_pairing_is_marked_inferred() -> None:
    """The IR table labels every other row (OtH p.50): the bands that include an unlabelled row
    (-5, -3, -1, 1) are our reading, so provisional; -6 or less and 2 or more are printed."""
    bands = RULES.intelligence.bands
    for band in bands[:4]:
        assert band.provisional and band.source.startswith("inferred: OtH p.50")
    assert [b.max for b in bands] == [-5, -3, -1, 1, None]
    assert not bands[4].provisional


def test_tournament_final_tie_break_cites_winners_page() -> None:
    """The Task Force value remaining breaks final ties under Winners (OtH index: winners 48)."""
    from horizon_builder.engine import tournament

    assert "p.48" in (tournament.remaining_value.__doc__ or "")


def test_core_special_rules_cite_where_the_book_names_them() -> None:
    """Infantry occupy buildings: FAQ on charges (OtH p.60-61, index: charge 60-61); chain of
    command and guide fire pass to a superheavy on p.17 (index: I'll take the big one 17); deep
    deployment comes with tunneller (p.67) and burrower (p.71)."""
    sr = RULES.special_rules
    assert sr["infantry"].source.startswith("OtH p.60-61")
    assert "p.17" in sr["chain_of_command"].source and "p.17" in sr["guide_fire"].source
    assert sr["deep_deployment"].source.startswith("OtH p.67")


def test_victory_band_edge_at_25_percent_is_marked_ours() -> None:
    """Margin of victory (OtH p.49): the book's 10-25% and 25-50% bands share 25%; counting
    exactly 25% as decisive is our reading, so the band says so and is provisional."""
    decisive = next(b for b in RULES.adventures.victory_bands if b.name == "Decisive")
    assert decisive.provisional and decisive.source.startswith("inferred: OtH p.49")


def test_conventional_chq_types_cite_the_errata_table_and_are_firm() -> None:
    """The errata's CHQ table (OtH p.59; index: errata 59-60) has a column for each type that
    may lead a conventional CHQ: given by the supplement itself, so not provisional, and the
    catalogue says where."""
    from horizon_builder.checks import CODES

    rule = RULES.commands["chq"].cited["element"]
    assert rule.source.startswith("OtH p.59") and not rule.is_provisional
    leaders = {k for k, et in RULES.element_types.items()
               if et.chq == "conventional" and et.supplement is None}
    assert leaders == {"lt_inf", "mob_inf", "hvy_inf", "ab_inf", "sf", "lt_cav", "hvy_cav"}
    assert "OtH p.59" in CODES["command-element-ineligible"][1]


def test_parts_the_supplement_gives_cite_it_and_are_firm() -> None:
    """The third reading's audit (README, Readings): the weird command slots (OtH p.42, index:
    weird horizons 41-43), the errata's mech upgrades (agile frame 59, stealth suite 60) and
    Lt Cav P2 (OtH p.45, index: miniatures 45) are the supplement's own: cited, not provisional.
    The superflyer's upgrade limit is our reading of OtH p.61: provisional."""
    for command, slots in (("chq", 3), ("mech_chq", 2)):
        option = RULES.commands[command]
        cited = option.cited["weird_slots"]
        assert option.weird_slots == slots and cited.source.startswith("OtH p.42")
        assert not cited.is_provisional
    assert RULES.commands["chq"].cited["special_rules"].source.startswith("OtH p.42")
    for upgrade, page in (("agile_frame", "OtH p.59"), ("stealth_suite", "OtH p.60")):
        rule = RULES.upgrades[upgrade].eligible_rule
        assert rule is not None and rule.source.startswith(page) and not rule.is_provisional
    lt_cav = RULES.element_types["lt_cav"].presence
    assert lt_cav.source.startswith("OtH p.45") and not lt_cav.is_provisional
    limit = RULES.element_types["superflyer"].max_upgrades_rule
    assert limit is not None and limit.source.startswith("inferred: OtH p.61") and limit.is_provisional
