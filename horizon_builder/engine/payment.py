"""How an element may pay for an upgrade: derived from the rules, never taken from the roster.

The ruleset says it as data: an upgrade's ``currency`` (what it may be bought
with) and an element type's ``pool`` and ``upgrade_currency`` (what the element
has to pay with). A roster's ``paid`` only chooses among what both allow:

- **stat points**: only an element with a stat pool (mechs, aircraft and every
  superheavy: the pool pays for stats *and* upgrades, OtH p.9-10);
- **Command Resources**: only a conventional element, or one that stands in for
  one (a supertank gets none because it is not conventional, OtH p.10, and the
  same reason holds for every element that is not; EW upgrades are "1 stat
  point for mechs or 1 CR for conventional forces", OtH p.24-26);
- **free**: only an upgrade whose currency is ``free`` (the metaform upgrade,
  OtH p.19; options of a strategic asset), and the one weird upgrade a mad
  scientist gives the CHQ (``grants_free`` of the weird command, OtH p.69).

:func:`payment_options` is the one predicate: the analysis prices each upgrade
with it, the ``upgrade_payment`` statline rule judges a roster's claim with it,
and the element editor offers its options.
"""

from __future__ import annotations

from typing import Literal

from horizon_builder.rules.models import ElementType, Upgrade
from horizon_builder.text.words import with_article

Payment = Literal["points", "cr", "free"]

#: What each upgrade currency may be paid with, in the order a default is picked.
ACCEPTS: dict[str, tuple[Payment, ...]] = {
    "points": ("points",),
    "cr": ("cr",),
    "points_or_cr": ("points", "cr"),
    "free": ("free",),
}

#: The rule behind each way of paying, for findings.
PAYMENT_RULES: dict[Payment, str] = {
    "points": "OtH p.9-10",
    "cr": "OtH p.10, p.24",
    "free": "OtH p.19, p.69",
}

PAYMENT_WORDS: dict[Payment, str] = {
    "points": "stat points",
    "cr": "Command Resources",
    "free": "free",
}

#: The kind of upgrade a weird command's ``grants_free`` gives (OtH p.69).
FREE_KIND = "weird_upgrade"


def element_pays(et: ElementType | None) -> tuple[Payment, ...]:
    """What an element of this type has to pay for upgrades with."""
    if et is None:
        return ("points", "cr")  # an unknown type is reported on its own
    pays: list[Payment] = []
    if et.pool is not None and et.upgrade_currency in ("points", "points_or_cr"):
        pays.append("points")
    if et.upgrade_currency in ("cr", "points_or_cr"):
        pays.append("cr")
    return tuple(pays)


def payment_options(et: ElementType | None, upgrade: Upgrade, *,
                    free_granted: bool = False) -> tuple[Payment, ...]:
    """Every way this element may pay for ``upgrade``, the default first.

    ``free_granted``: the element is a CHQ whose weird command gives a free weird
    upgrade (mad scientist, OtH p.69). How many such free upgrades a force may
    have is a force-level rule of its own.
    """
    accepts = ACCEPTS[upgrade.currency]
    if accepts == ("free",):
        return accepts
    pays = element_pays(et)
    options = tuple([p for p in accepts if p in pays])
    if free_granted and upgrade.kind == FREE_KIND:
        options += ("free",)
    return options


def why_not(et: ElementType | None, upgrade: Upgrade, claimed: Payment) -> str:
    """A short reason a claimed payment is not among the options."""
    name = et.name if et is not None else "this element"
    if claimed == "free":
        if upgrade.kind == FREE_KIND:
            return "only the mad scientist's one weird upgrade on the CHQ is free"
        return f"{upgrade.name} is never free"
    if claimed not in element_pays(et):  # the element's own reason comes first
        if claimed == "cr":
            return (f"{with_article(name)} is not a conventional element, so no Command Resources "
                    "are spent on it")
        return f"{with_article(name)} has no stat pool"
    return f"{upgrade.name} is not bought with {PAYMENT_WORDS[claimed]}"


def rule_for(claimed: Payment) -> str:
    return PAYMENT_RULES[claimed]
