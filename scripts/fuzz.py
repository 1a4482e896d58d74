"""Fuzz the loaders, the validator, the exports and ``check`` with generated hostile files.

    python scripts/fuzz.py [--rosters 10000] [--rulesets 2000] [--side 2000] [--seed 1]

``--side N``: N cases of each file beside a roster (tests/fuzzing_side.py: preferences,
your rulebook, autosaves, event files, the recent list), each read as the app reads it.

Prints how many files were generated, loaded and refused (with located errors),
and every property that failed (none expected): a crash, an unlocated problem,
a control character in an export or in ``check``'s output, or a traceback.
Exits 1 when anything failed. The property tests (tests/test_fuzz.py) run a
small count of the same cases in the suite.
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import Failure, run_case  # noqa: E402
from fuzzing_side import KINDS, run_side_case  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rosters", type=int, default=10_000)
    parser.add_argument("--rulesets", type=int, default=2_000)
    parser.add_argument("--side", type=int, default=2_000,
                        help="cases of each file beside a roster (prefs, rulebook, autosave, "
                        "event, recent list)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    outcomes: collections.Counter[str] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        plan = [("roster", args.rosters), ("ruleset", args.rulesets),
                *((kind, args.side) for kind in KINDS)]
        for kind, count in plan:
            for index in range(count):
                rng = random.Random(f"{args.seed}-{kind}-{index}")
                case = Path(tmp) / f"{kind}-{index}"
                case.mkdir()
                run = run_case if kind in ("roster", "ruleset") else run_side_case
                try:
                    run(case, rng, kind, lambda outcome, k=kind: outcomes.update([f"{k} {outcome}"]))
                except Failure as exc:
                    key = f"{kind}: {str(exc)[:120]}"
                    failures[key] += 1
                    examples.setdefault(key, f"seed {args.seed}-{kind}-{index}")
                except Exception as exc:  # a crash: name it by its type and where it happened
                    where = traceback.extract_tb(exc.__traceback__)[-1]
                    key = f"{kind}: {type(exc).__name__} at {Path(where.filename).name}:{where.lineno}"
                    failures[key] += 1
                    examples.setdefault(key, f"seed {args.seed}-{kind}-{index}: {exc!r}"[:300])
                shutil.rmtree(case, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"generated {args.rosters} roster files, {args.rulesets} ruleset files and "
          f"{args.side * len(KINDS)} files beside a roster (seed {args.seed}) in {elapsed:.0f} s")
    for key in sorted(outcomes):
        print(f"  {key}: {outcomes[key]}")
    print(f"failures: {sum(failures.values())} ({len(failures)} distinct)")
    for key, count in failures.most_common():
        print(f"  {count:5} × {key}\n          first: {examples[key]}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
