"""``check`` of one roster against ``python -c "from pydantic import BaseModel"``.

Target (issue 13): ``horizon-builder check ROSTER`` takes at most 1.5× the time of a
bare pydantic import, in the same interpreter. Both run as fresh processes,
interleaved (a busy machine slows both alike), with bytecode written and read as
an installed package has it (``PYTHONDONTWRITEBYTECODE`` is removed). Run with the
Python of the environment the package is installed in::

    /path/to/venv/bin/python scripts/bench_check.py [--repeats N] [ROSTER]

The first runs warm the file cache and the ruleset cache (rules/diskcache.py); a
first run ever (no cache yet) is printed separately.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.5


def _env(cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["HORIZON_BUILDER_CACHE_DIR"] = cache
    return env


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=tempfile.gettempdir())
    return (time.perf_counter() - start) * 1000


#: The floor under any ``check`` that validates its input with pydantic: one model class,
#: one int field with a bound, one validation. Building a first model class imports what a
#: bare ``from pydantic import BaseModel`` does not (``pydantic.types``, ``annotated_types``,
#: and the plugin loader's ``importlib.metadata``), so this alone is near the 1.5× target.
ONE_MODEL = """
from typing import Annotated
from pydantic import BaseModel, Field
class One(BaseModel):
    x: Annotated[int, Field(ge=0)] = 0
One(x=1)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roster", nargs="?", default=str(ROOT / "examples" / "hvy-cav-battlegroup.toml"))
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    pydantic = [sys.executable, "-c", "from pydantic import BaseModel"]
    check = [sys.executable, "-m", "horizon_builder", "check", str(Path(args.roster).resolve())]
    with tempfile.TemporaryDirectory() as cache:
        env = _env(cache)
        first = timed(check, env)  # no ruleset cache yet (bytecode may be new too)
        for _ in range(2):
            timed(pydantic, env)
            timed(check, env)
        base, ours, floor = [], [], []
        for _ in range(args.repeats):
            base.append(timed(pydantic, env))
            ours.append(timed(check, env))
            floor.append(timed([sys.executable, "-c", ONE_MODEL], env))
    b, c, f = statistics.median(base), statistics.median(ours), statistics.median(floor)
    print(f"check vs pydantic import, fresh processes (ms, median of {args.repeats}, interleaved)")
    print(f"    python -c 'from pydantic import BaseModel'  {b:6.0f}  (min {min(base):.0f})")
    print(f"    one pydantic model, validated once          {f:6.0f}  (min {min(floor):.0f})"
          f"  {f / b:.2f}× (the floor of any check that validates with pydantic)")
    print(f"    horizon-builder check ROSTER                {c:6.0f}  (min {min(ours):.0f})"
          f"  {c / b:.2f}× (target <= {TARGET:g}×: {'met' if c / b <= TARGET else 'MISSED'})")
    print(f"    check, first run with no ruleset cache      {first:6.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
