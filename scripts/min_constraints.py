"""Print a pip constraints file pinning every dependency of pyproject.toml to its floor.

``.ci/run`` installs the app with these constraints into a second environment and runs
the smoke tests there, so the floors declared in pyproject.toml are proven, not hoped for.
Usage: python scripts/min_constraints.py [pyproject.toml] > constraints.txt
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*.*?>=\s*([0-9][^,;\s]*)")


def floors(pyproject: Path) -> list[str]:
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    out = []
    for requirement in data["project"]["dependencies"]:
        match = FLOOR.match(requirement)
        if not match:
            raise SystemExit(f"min_constraints: {requirement!r} declares no floor (>=)")
        out.append(f"{match.group(1)}=={match.group(2)}")
    return out


if __name__ == "__main__":
    default = Path(__file__).resolve().parent.parent / "pyproject.toml"
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    print("\n".join(floors(path)))
