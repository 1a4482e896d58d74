"""``horizon-builder adventure FILE --situation N [--action N] [--purpose N]``: a New
Adventures battle (OtH p.49-54) for a roster; the tables' arithmetic is
:mod:`horizon_builder.engine.adventures`'s."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from horizon_builder.engine.adventures import AdventureError, adventure_text, lost_from
from horizon_builder.engine.totals import intelligence_band
from horizon_builder.rules.models import Intelligence, IntelligenceBand
from horizon_builder.text.words import plural

#: A campaign's IR for a commander (see horizon_builder.campaign.intelligence.adjuster):
#: (the ruleset's intelligence, the list's IR, the list's commander) -> (what to say, the
#: IR adjusted, its band, deployment spaces to add), or what is wrong.
Adjust = Callable[[Intelligence | None, int, str],
                  "tuple[str, int, IntelligenceBand | None, int] | str"]


def adventure_main(args: argparse.Namespace, adjust: Adjust | None = None) -> int:
    """``horizon-builder adventure FILE --situation N [--action N] [--purpose N]``."""
    from horizon_builder.checks import validate
    from horizon_builder.files.problems import LoadError
    from horizon_builder.roster.io import load
    from horizon_builder.text.safetext import printable

    path = printable(args.file)
    try:
        loaded = load(args.file, extra_overrides=args.ruleset)
    except LoadError as exc:
        for problem in exc.problems:  # one line each: a line break in a key must not forge another
            print(f"error: {printable(str(problem))}", file=sys.stderr)
        return 2
    tables = loaded.ruleset.adventures
    if tables is None:
        print("error: the ruleset has no New Adventures tables", file=sys.stderr)
        return 2
    if args.opponent_momentum_left is not None and args.momentum_left is None:
        print("error: --opponent-momentum-left needs --momentum-left (your own momentum left)",
              file=sys.stderr)
        return 2
    report = validate(loaded.roster, loaded.ruleset)
    t = report.totals
    intel = loaded.ruleset.intelligence
    band = (intelligence_band(intel, t.intelligence_rating)
            if intel is not None and intel.bands and t.intelligence_rating is not None else None)
    rating, quality, effect, spaces = (t.intelligence_rating, t.intelligence_quality,
                                       t.intelligence_effect, t.deployment_spaces)
    if adjust is not None and rating is not None:  # a campaign's IR (OtH p.50)
        found = adjust(intel, rating, loaded.roster.commander or Path(args.file).stem)
        if isinstance(found, str):
            print(f"error: {printable(found)}", file=sys.stderr)
            return 2
        said, rating, band, more_spaces = found
        print(printable(said))
        spaces += more_spaces
        quality, effect = (band.quality, band.effect) if band is not None else (quality, effect)
    try:
        text = adventure_text(
            tables, name=printable(loaded.roster.name), force_presence=t.force_presence,
            force_cost=t.force_cost, starting_momentum=t.starting_momentum,
            deployment_spaces=spaces, intelligence_rating=rating,
            intelligence_quality=quality, intelligence_effect=effect,
            situation_roll=args.situation, action_roll=args.action,
            purpose_roll=args.purpose, momentum_left=args.momentum_left,
            opponent_momentum_left=args.opponent_momentum_left, band=band,
            element_count=t.element_count,
            lost=lost_from(args.lost, report.analysis.elements) if args.lost else None,
        )
    except AdventureError as exc:
        print(f"error: {printable(str(exc))}", file=sys.stderr)
        return 2
    print(printable(text, multiline=True))  # names from the roster and the rulesets
    if not report.legal:
        print(f"note: {path} is not legal ({plural(len(report.errors), 'error')}): "
              "run `horizon-builder check`")
    return 0
