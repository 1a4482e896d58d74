"""Editing helpers: what may be added, sensible defaults, pure edits, and agreement with the validator."""

from __future__ import annotations

from pathlib import Path

import pytest

from horizon_builder import editing as ed
from horizon_builder.checks import validate
from horizon_builder.roster.models import Command, Element, Roster, Round
from horizon_builder.rules.loader import load_ruleset
from horizon_builder.rules.models import Ruleset

FIXTURES = Path(__file__).parent / "fixtures_editors"
RULES = str(FIXTURES / "editors.toml")


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_ruleset([RULES])


def _roster(*elements: Element, supplements: list[str] | None = None, **extra) -> Roster:
    return Roster(name="Test", force_cost=20, supplements=supplements or [],
                  elements=list(elements), **extra)


def _add(rules: Ruleset, roster: Roster, type_id: str, p: int) -> Roster:
    element = ed.default_element(rules, roster, type_id, p)
    return roster.model_copy(update={"elements": [*roster.elements, element]})


def _errors(roster: Roster, rules: Ruleset) -> list[str]:
    return [f.code for f in validate(roster, rules).all_findings if f.severity == "error"]


def _options(rules: Ruleset, roster: Roster, element_id: str, form: int | None = None):
    analysis = validate(roster, rules).analysis
    return {o.id: o for o in ed.upgrade_options(rules, analysis, element_id, form)}


# --- addable types ---------------------------------------------------------------------------
def test_addable_types_grouped_by_category_with_p_ranges(ruleset):
    groups = ed.addable_types(ruleset, _roster())
    assert list(groups)[:3] == ["mech", "aircraft", "conventional"]
    mech = groups["mech"][0]
    assert (mech.id, mech.p_range, mech.presences) == ("mech", "P1-3", [1, 2, 3])
    assert {t.id for t in groups["conventional"]} >= {"hvy_cav", "lt_inf", "lt_cav"}


def test_addable_types_leave_out_disabled_supplements(rules):
    """Content of a supplement the roster does not enable is not offered (brief: supplements)."""
    roster = _roster()
    rules2 = rules.model_copy(deep=True)
    beast = rules2.element_types["test_beast"]
    rules2.element_types["test_beast"] = beast.model_copy(update={"supplement": "biowar"})
    assert "bio" not in ed.addable_types(rules2, roster)
    assert "bio" in ed.addable_types(rules2, _roster(supplements=["biowar"]))


def test_addable_types_per_force_limit_gives_reason(rules):
    rules2 = rules.model_copy(deep=True)
    beast = rules2.element_types["test_beast"]
    rules2.element_types["test_beast"] = beast.model_copy(update={"max_per_force": 1})
    roster = _add(rules2, _roster(), "test_beast", 2)
    kaiju = ed.addable_types(rules2, roster)["bio"][0]
    assert not kaiju.allowed and kaiju.reason == "at most 1 per force"


# --- defaults ----------------------------------------------------------------------------------
@pytest.mark.parametrize("p", [1, 2, 3])
def test_default_mech_is_valid_and_spends_its_pool(ruleset, p):
    """A new mech spends its whole pool evenly (core pools, inferred from OtH p.9) and is legal."""
    roster = _add(ruleset, _roster(), "mech", p)
    element = roster.elements[0]
    assert element.name == "Mech 1" and element.id
    assert sum(element.stats.values()) == {1: 14, 2: 16, 3: 18}[p]
    assert max(element.stats.values()) - min(element.stats.values()) <= 1
    assert _errors(roster, ruleset) == []


def test_default_known_statline_is_the_published_one(ruleset):
    """Hvy Cav P3 takes the published M4 F5 A5 D1 (OtH p.21)."""
    element = ed.default_element(ruleset, _roster(), "hvy_cav", 3)
    assert element.stats == {"M": 4, "F": 5, "A": 5, "D": 1}
    assert element.name == "Hvy Cav 1"


def test_default_unknown_statline_is_left_for_the_player(ruleset):
    """No statline is invented for a type whose core statline we do not hold; it is "not
    entered", a warning: the list's legality does not rest on it (RULES.md §0)."""
    roster = _add(ruleset, _roster(), "lt_inf", 1)
    assert roster.elements[0].stats == {}
    assert "stat-missing" not in _errors(roster, ruleset)
    from horizon_builder.checks import validate

    warnings = {f.code for f in validate(roster, ruleset).warnings}
    assert "stat-not-entered" in warnings


def test_default_names_and_ids_are_unique(ruleset):
    roster = _add(ruleset, _add(ruleset, _roster(), "mech", 2), "mech", 2)
    assert [e.name for e in roster.elements] == ["Mech 1", "Mech 2"]
    assert len({e.id for e in roster.elements}) == 2


def test_default_respects_stat_limits(rules):
    """Limits bend the balanced spend: a Lifter's F ≤ 3 (fixture), a Kaiju's M ≥ 2."""
    lifter = ed.default_element(rules, _roster(), "lifter", 3)
    assert lifter.stats["F"] <= 3
    assert ed.stat_bounds(rules, "lifter", 3)["F"] == (0, 3)
    assert ed.stat_bounds(rules, "test_beast", 1)["M"] == (2, None)


def test_default_takes_required_upgrade_cheapest_first(rules):
    """A type that must have one of several upgrades from some P gets the cheapest one, paid for."""
    roster = _add(rules, _roster(), "lifter", 2)
    element = roster.elements[0]
    assert [u.id for u in element.upgrades] == ["light_transport"]
    assert sum(element.stats.values()) == 12 - 1
    assert _errors(roster, rules) == []
    assert list(ed.default_element(rules, _roster(), "lifter", 1).upgrades) == []


# --- upgrade options -----------------------------------------------------------------------------
def test_upgrade_cost_text_and_unknown_cost(rules):
    """Unknown core costs stay visible as unknown (RULES.md §0), never as 0."""
    rules2 = rules.model_copy(deep=True)
    rules2.upgrades["engineer"] = rules2.upgrades["engineer"].model_copy(
        update={"cost": None, "provisional": True})
    roster = _add(rules2, _roster(), "mech", 2)
    opts = _options(rules2, roster, roster.elements[0].id)
    assert opts["agile_frame"].cost_text == "2 pts"
    assert opts["engineer"].cost_text == "cost unknown (provisional)"
    assert opts["engineer"].provisional and opts["engineer"].unit_cost is None
    assert opts["test_robot"].cost_text == "1 pt"


def test_upgrade_not_for_this_type(rules):
    roster = _add(rules, _roster(), "mech", 2)
    vtol = _options(rules, roster, roster.elements[0].id)["vtol"]
    assert not vtol.eligible_type and vtol.reason == "not for a Mech"


def test_upgrade_pool_points_left(rules):
    """A full pool leaves no room: the reason says how many points are needed and left."""
    roster = _add(rules, _roster(), "mech", 2)
    agile = _options(rules, roster, roster.elements[0].id)["agile_frame"]
    assert agile.reason == "needs 2 pts, 0 left"


def test_upgrade_requires_and_excludes(rules):
    roster = _add(rules, _roster(), "mech", 3)
    element = ed.set_stat(roster.elements[0], "M", 0)
    roster = roster.model_copy(update={"elements": [element]})
    opts = _options(rules, roster, element.id)
    assert opts["heavy_plating"].reason == "needs Agile frame"
    assert opts["bulky_armour"].allowed
    element = ed.add_upgrade(rules, element, "agile_frame")
    roster = roster.model_copy(update={"elements": [element]})
    opts = _options(rules, roster, element.id)
    assert opts["heavy_plating"].allowed
    assert opts["bulky_armour"].reason == "not with Agile frame"


def test_upgrade_cap_and_repeatable_count(rules):
    roster = _add(rules, _roster(), "mech", 3)
    element = roster.elements[0].model_copy(update={"stats": {"M": 2, "F": 2, "A": 1, "D": 1}})
    for _ in range(5):
        element = ed.add_upgrade(rules, element, "test_gunner")
    roster = roster.model_copy(update={"elements": [element]})
    gc = _options(rules, roster, element.id)["test_gunner"]
    assert (gc.copies, gc.cap, gc.repeatable) == (5, 5, True)
    assert gc.reason == "at most 5"
    assert _options(rules, roster, element.id)["stealth_suite"].reason == "needs 3 pts, 2 left"


def test_upgrade_supplement_disabled_reason(rules):
    roster = _add(rules, _roster(), "mech", 2)
    hacker = _options(rules, roster, roster.elements[0].id)["combat_hacker"]
    assert hacker.reason == "needs the DataWar supplement (off)"


def test_upgrade_era_bars_it(rules):
    """No metaformers in battles of Operation Plantagenet (OtH p.19): the picker says so."""
    roster = _add(rules, _roster(era="era1_plantagenet", supplements=["metaformers"]), "mech", 2)
    reason = _options(rules, roster, roster.elements[0].id)["metaform"].reason
    assert reason.startswith("not available in ")


def test_upgrade_chq_only(rules):
    roster = _add(rules, _roster(), "mech", 2)
    assert _options(rules, roster, roster.elements[0].id)["command_net"].reason == "CHQ only"


def test_cr_type_upgrade_goes_through_command(rules):
    """A whole-type CR upgrade is not bought on one conventional element (reported core rule)."""
    roster = _add(rules, _roster(), "lt_cav", 2)
    radio = _options(rules, roster, roster.elements[0].id)["field_radio"]
    assert radio.reason == "bought with CR for every Lt Cav: see Command"


def test_aircraft_upgrade_count_limit(rules):
    """An aircraft may have at most P upgrades (OtH p.61)."""
    roster = _add(rules, _roster(), "aircraft", 1)
    element = roster.elements[0].model_copy(update={"stats": {"M": 1, "F": 1, "A": 1, "D": 1}})
    element = ed.add_upgrade(rules, element, "vtol")
    roster = roster.model_copy(update={"elements": [element]})
    assert _options(rules, roster, element.id)["rotary"].reason == (
        "a P1 Aircraft may have at most 1 upgrade")  # issue 33 item 6: not "1 upgrades"


def test_mutations_are_grouped_for_kaiju(rules):
    roster = _add(rules, _roster(), "test_beast", 2)
    opts = ed.upgrade_options(rules, validate(roster, rules).analysis, roster.elements[0].id)
    kinds = [o.kind for o in opts if o.eligible_type]
    assert "mutation" in kinds
    groups = [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k]
    assert len(groups) == len(set(groups))  # each kind is one group


@pytest.mark.parametrize("type_id", ["mech", "aircraft", "test_beast", "lifter", "lt_cav", "hvy_cav"])
@pytest.mark.parametrize("spare", [0, 4])
def test_picker_agrees_with_validator(rules, type_id, spare):
    """Every upgrade the picker allows adds no error; every one it bars adds one (never disagree)."""
    roster = _add(rules, _roster(supplements=[]), type_id, 2 if type_id != "hvy_cav" else 3)
    element = roster.elements[0]
    if spare and element.stats:
        element = ed.set_stat(element, "A", max(0, element.stats["A"] - spare))
        roster = roster.model_copy(update={"elements": [element]})
    before = validate(roster, rules)
    for option in ed.upgrade_options(rules, before.analysis, element.id):
        after = ed.replace_element(roster, ed.add_upgrade(rules, element, option.id))
        fresh = ed.new_errors(roster, after, rules)
        assert option.allowed == (not fresh), (option.id, option.reason, fresh)


# --- pure edits ------------------------------------------------------------------------------------
def test_edits_return_copies(rules):
    element = ed.default_element(rules, _roster(), "mech", 2)
    changed = ed.set_stat(element, "M", 9)
    assert element.stats["M"] == 4 and changed.stats["M"] == 9
    added = ed.add_upgrade(rules, element, "test_robot")
    assert list(element.upgrades) == [] and added.upgrades[0].option == "destroy"
    twice = ed.add_upgrade(rules, ed.add_upgrade(rules, element, "test_gunner"),
                           "test_gunner")
    assert twice.upgrades[0].count == 2
    assert ed.remove_upgrade(twice, "test_gunner").upgrades[0].count == 1
    assert list(ed.remove_upgrade(twice, "test_gunner", every=True).upgrades) == []
    assert ed.set_upgrade_option(added, "test_robot", "hold").upgrades[0].option == "hold"


def test_set_presence_follows_published_statline(ruleset):
    element = ed.default_element(ruleset, _roster(), "mech", 2)
    assert ed.set_presence(ruleset, element, 3).presence == 3
    assert ed.set_presence(ruleset, element, 3).stats == element.stats


def test_forms_add_change_remove(rules):
    """Metaforms: each its own type and P ≤ baseform P, not the baseform's type (OtH p.18-19)."""
    roster = _roster()
    element = ed.add_upgrade(rules, ed.default_element(rules, roster, "mech", 3), "metaform")
    assert ed.can_have_forms(rules, element)
    assert not ed.can_have_forms(rules, ed.default_element(rules, roster, "mech", 3))
    with_form = ed.add_form(rules, roster, element)
    form = with_form.forms[0]
    assert form.type != "mech" and form.presence <= 3
    tank = ed.set_form_type(rules, roster, with_form, 0, "hvy_cav")
    assert tank.forms[0].stats == {"M": 4, "F": 5, "A": 5, "D": 1}
    assert list(ed.remove_form(tank, 0).forms) == []
    opts = _options(rules, roster.model_copy(update={"elements": [tank]}), tank.id, 0)
    assert opts["field_radio"].reason == "bought with CR for every Hvy Cav: see Command"


# --- command and CR ----------------------------------------------------------------------------------
def test_command_candidates_with_reasons(rules):
    roster = _add(rules, _add(rules, _roster(), "hvy_cav", 3), "mech", 2)
    cands = {c.name: c for c in ed.command_candidates(rules, roster, "chq")}
    assert cands["Hvy Cav 1"].allowed
    assert "cannot be the Conventional CHQ" in cands["Mech 1"].reason
    mech = {c.name: c for c in ed.command_candidates(rules, roster, "mech_chq")}
    assert mech["Mech 1"].allowed and not mech["Hvy Cav 1"].allowed


def test_command_options_supplement(rules):
    opts = {o.id: o for o in ed.command_options(rules, _roster())}
    assert opts["chq"].allowed and opts["aic"].reason == "needs the DataWar supplement (off)"
    assert ed.command_candidates(rules, _roster(), "aic") == []


def test_cr_groups_buy_for_a_whole_type(rules):
    """CR upgrades are bought per type and paid per element of it (reported core rule, OtH p.24)."""
    roster = _roster()
    for type_id, p in [("hvy_cav", 3), ("lt_cav", 2), ("lt_cav", 2), ("hvy_inf", 2)]:
        roster = _add(rules, roster, type_id, p)
    chq = roster.elements[0].id
    roster = ed.set_command(rules, roster, "chq", chq)
    analysis = validate(roster, rules).analysis
    assert ed.cr_left(analysis) == 2
    groups = {g.type_id: g for g in ed.cr_groups(rules, analysis)}
    radio = next(r for r in groups["lt_cav"].rows if r.upgrade_id == "field_radio")
    assert radio.cost_text == "1 CR × 2 = 2 CR" and radio.allowed
    roster = ed.toggle_cr_purchase(rules, roster, "lt_cav", "field_radio")
    analysis = validate(roster, rules).analysis
    assert ed.cr_left(analysis) == 0
    groups = {g.type_id: g for g in ed.cr_groups(rules, analysis)}
    assert next(r for r in groups["hvy_inf"].rows if r.upgrade_id == "field_radio").reason == (
        "needs 1 CR, 0 left")
    assert list(ed.toggle_cr_purchase(rules, roster, "lt_cav", "field_radio").cr_purchases) == []


def test_weird_command_slots_and_abilities(rules):
    """Weird command replaces one CHQ ability each; a mech CHQ has no CR to replace (OtH p.42)."""
    assert ed.command_abilities(rules, "chq") == [
        "command_resources", "chain_of_command", "guide_fire"]
    assert ed.command_abilities(rules, "mech_chq") == ["chain_of_command", "guide_fire"]
    roster = _roster(command={"kind": "chq", "weird": [
        {"id": "x", "replaces": "command_resources"}, {"id": "y", "replaces": "guide_fire"}]})
    moved = ed.set_command(rules, roster, "mech_chq", None)
    assert [w.replaces for w in moved.command.weird] == ["guide_fire"]
    swapped = ed.set_weird(roster, "z", "guide_fire")
    assert [(w.id, w.replaces) for w in swapped.command.weird] == [
        ("x", "command_resources"), ("z", "guide_fire")]


def test_metaform_types_are_those_the_validator_accepts(ruleset):
    """A mech's metaforms: aircraft, Hvy Cav, Armd Art, Lt Cav, Hvy Inf, Lt Art, Recon, Mob Inf,
    never its own type (OtH p.19-20); the picker offers exactly what the checks accept."""
    element = ed.add_upgrade(ruleset, ed.default_element(ruleset, _roster(), "mech", 3), "metaform")
    roster = _roster(element, supplements=["metaformers"])
    offered = ed.form_types(ruleset, roster, element)
    assert {"aircraft", "hvy_cav", "armd_art", "lt_cav", "hvy_inf", "lt_art", "recon",
            "mob_inf"} <= set(offered)
    assert not {"mech", "lt_inf", "sf", "ab_inf"} & set(offered)
    with_form = ed.add_form(ruleset, roster, element)
    assert not [f for f in validate(ed.replace_element(roster, with_form), ruleset).all_findings
                if f.severity == "error"]


def test_cr_groups_list_metaform_types_separately(rules):
    """A conventional metaform is its own type for CR, apart from ordinary elements (OtH p.20)."""
    element = ed.add_upgrade(rules, ed.default_element(rules, _roster(), "mech", 3), "metaform")
    roster = _roster(element, supplements=["metaformers"])
    element = ed.add_form(rules, roster, element, "hvy_cav")
    roster = _add(rules, ed.replace_element(roster, element), "hvy_cav", 3)
    groups = ed.cr_groups(rules, validate(roster, rules).analysis)
    labels = {(g.type_id, g.form_type): (g.label, g.holders) for g in groups}
    assert labels[("hvy_cav", True)] == ("Heavy Cavalry (metaforms)", 1)
    assert labels[("hvy_cav", False)] == ("Heavy Cavalry", 1)
    bought = ed.toggle_cr_purchase(rules, roster, "hvy_cav", "field_radio", form_type=True)
    assert [(p.type, p.form_type) for p in bought.cr_purchases] == [("hvy_cav", True)]


# --- whole-element edits (were the home screen's) -----------------------------------
def _three(rules: Ruleset) -> Roster:
    roster = _roster()
    for type_id in ("mech", "mech", "mech"):
        roster = _add(rules, roster, type_id, 2)
    return roster


def test_duplicate_element_inserts_an_independent_copy_below(rules):
    roster = _three(rules)
    first = roster.elements[0]
    new, copy_id = ed.duplicate_element(roster, first.id)
    ids = [e.id for e in new.elements]
    assert ids[1] == copy_id and copy_id not in [e.id for e in roster.elements]
    copy = new.elements[1]
    assert copy.name == roster.next_copy_name(first.name) and copy.stats == first.stats
    assert new.elements[0] is first and len(roster.elements) == 3


@pytest.mark.parametrize(("names", "copied", "expected"), [
    (["Mech 1", "Mech 2"], "Mech 2", "Mech 3"),
    (["Mech 1", "Mech 2"], "Mech 1", "Mech 3"),  # the next free number, not "Mech 1 (copy)"
    (["Warden"], "Warden", "Warden 2"),
    (["Warden", "Warden 2"], "Warden", "Warden 3"),
    (["Mech 2 (copy) (copy)"], "Mech 2 (copy) (copy)", "Mech 3"),  # old copies tidied
    (["Lancer Troop A"], "Lancer Troop A", "Lancer Troop A 2"),
])
def test_copies_take_the_next_free_number(rules, names, copied, expected):
    roster = _roster()
    for name in names:
        roster = ed.add_element(roster, ed.default_element(rules, roster, "mech", 2).model_copy(
            update={"name": name}))
    element = next(e for e in roster.elements if e.name == copied)
    new, copy_id = ed.duplicate_element(roster, element.id)
    assert new.element(copy_id).name == expected


def test_several_copies_at_once(rules):
    roster = _add(rules, _roster(), "mech", 2)
    new, last = ed.duplicate_element(roster, roster.elements[0].id, count=3)
    assert [e.name for e in new.elements] == ["Mech 1", "Mech 2", "Mech 3", "Mech 4"]
    assert new.elements[-1].id == last and len({e.id for e in new.elements}) == 4
    with pytest.raises(ValueError):
        ed.duplicate_element(roster, roster.elements[0].id, count=0)


def test_delete_element_drops_every_reference(rules):
    roster = _three(rules)
    chq, carried = roster.elements[0].id, roster.elements[1]
    roster = ed.replace_element(roster, carried.model_copy(update={"carried_by": chq}))
    roster = roster.model_copy(update={
        "command": Command(kind="chq", element=chq),
        "rounds": (Round(name="R1", elements=(chq, carried.id), destroyed=(chq,),
                         command=Command(kind="chq", element=chq)),)})
    new = ed.delete_element(roster, chq)
    assert chq not in [e.id for e in new.elements]
    assert new.command.element is None and new.rounds[0].command.element is None
    assert list(new.rounds[0].elements) == [carried.id] and list(new.rounds[0].destroyed) == []
    assert new.element(carried.id).carried_by is None


def test_move_element_up_and_down_and_not_past_the_ends(rules):
    roster = _three(rules)
    ids = [e.id for e in roster.elements]
    assert [e.id for e in ed.move_element(roster, ids[2], -1).elements] == [ids[0], ids[2], ids[1]]
    assert [e.id for e in ed.move_element(roster, ids[0], 1).elements] == [ids[1], ids[0], ids[2]]
    with pytest.raises(IndexError):
        ed.move_element(roster, ids[0], -1)
    with pytest.raises(KeyError):
        ed.move_element(roster, "nobody", 1)
