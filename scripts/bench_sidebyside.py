"""``check`` and the app's start-up path of two installs, interleaved: before and after a change.

Each install is a venv with the package installed (``pip install .`` of each version)::

    python scripts/bench_sidebyside.py /tmp/before/bin/python /tmp/after/bin/python [--repeats N]

Times, as fresh processes run one after the other (A, B, A, B ...: a busy machine slows
both alike), each with its own warm cache folder:

- ``check ROSTER`` (reads the ruleset from the disk cache);
- the start-up's cached parts in one process: the ruleset read from the disk cache
  (``load_ruleset`` with the in-process cache empty), median of many.

Prints medians and minimums side by side; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

IN_PROCESS = """
import time, statistics
from horizon_builder.rules import loader
loader.load_ruleset()
times = []
for _ in range(40):
    loader._load_cached.cache_clear()
    start = time.perf_counter()
    loader.load_ruleset()
    times.append((time.perf_counter() - start) * 1000)
print(statistics.median(times))
"""


def _timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=tempfile.gettempdir())
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--roster", default=str(ROOT / "examples" / "hvy-cav-battlegroup.toml"))
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    pythons = {"before": args.before, "after": args.after}
    with tempfile.TemporaryDirectory() as before_cache, tempfile.TemporaryDirectory() as after_cache:
        envs = {}
        for name, cache in (("before", before_cache), ("after", after_cache)):
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["HORIZON_BUILDER_CACHE_DIR"] = cache
            envs[name] = env
        checks: dict[str, list[float]] = {"before": [], "after": []}
        reads: dict[str, list[float]] = {"before": [], "after": []}
        for repeat in range(args.repeats + 2):
            for name, python in pythons.items():
                took = _timed([python, "-m", "horizon_builder", "check", args.roster], envs[name])
                if repeat >= 2:  # the first two warm the caches and the bytecode
                    checks[name].append(took)
        for _ in range(3):
            for name, python in pythons.items():
                out = subprocess.run([python, "-c", IN_PROCESS], env=envs[name], check=True,
                                     capture_output=True, text=True, cwd=tempfile.gettempdir())
                reads[name].append(float(out.stdout.strip()))
    print(f"side by side, interleaved (ms; median of {args.repeats}, min)")
    for name in pythons:
        c, r = checks[name], reads[name]
        print(f"    {name:6}  check ROSTER {statistics.median(c):6.0f} (min {min(c):4.0f})"
              f"    ruleset from the disk cache {statistics.median(r):6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
