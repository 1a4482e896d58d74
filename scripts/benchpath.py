"""Which ``horizon_builder`` a benchmark times: the installed package when the Python
running it has one (what a user runs: ``pip install .``, its bytecode compiled once),
else this checkout's source. Benchmarks print :func:`timed_package` first, so a figure
always says which code it is of."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed_package() -> str:
    """Make ``horizon_builder`` importable (the installed one first) and say which it is."""
    try:
        import horizon_builder
    except ImportError:
        sys.path.insert(0, str(ROOT))
        import horizon_builder
    where = Path(horizon_builder.__file__).resolve().parent
    kind = "this checkout" if where.parent == ROOT else "installed"
    return f"timing horizon_builder {horizon_builder.__version__} ({kind}: {where})"


TIMED = timed_package()
