"""Hostile files and codes cost milliseconds (issue 36 items 1, 2 and 4): each shape is read
(or refused) in a fresh process, its time and peak memory measured and ASSERTED.

    python scripts/bench_hostile.py [--seconds 1.0] [--megabytes 64]

Each shape is written to a file (or made into a share code) up to the 5 MB cap, then read
the way the app reads it (``read_toml``, the key-line map, a roster's JSON, ``decode``) in
a process of its own. The bound is on the reading alone: the time from before the read to
after it, and the peak resident memory above what the process held before the read.
Shapes that are refused say so; either way, none may take more than the bounds (the
issue's figures before: a 41 KB dotted key 3.5 s and 2.4 GB; a header 10,000 levels deep
12 s and 1.2 GB; a 291 KB code of 40,000 elements 24 s and 733 MB). Exit status 1 when a
bound is missed.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAP = 5 * 1024 * 1024

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
kind, path = sys.argv[1], sys.argv[2]
from horizon_builder.files.problems import LoadError
from horizon_builder.files.tomlfile import read_toml
from horizon_builder.files.tomlpos import KeyLines
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.sharecode import decode
from horizon_builder.rules.loader import load_ruleset
def status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
try:  # Linux: the peak (VmHWM) starts again from what is held now
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    before = status("VmRSS")
except OSError:
    before = None
start = time.perf_counter()
outcome = "read"
try:
    if kind == "toml":
        data, text = read_toml(path)
        KeyLines(text).line_for(("x",))
    elif kind == "roster":
        read_roster(path)
    elif kind == "rules":
        load_ruleset([path])
    elif kind == "code":
        decode(Path(path).read_text())
except LoadError as exc:
    outcome = "refused: " + str(exc.problems[0])[:90]
took = time.perf_counter() - start
if before is not None:
    grew = status("VmHWM") - before
else:  # elsewhere: the peak over the process's life (imports too), an upper bound
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": took, "bytes": max(0, grew),
                  "outcome": outcome}))
"""


def _code(data: bytes) -> str:
    """A share code of any bytes, its checksum right (as ``encode`` makes one)."""
    sys.path.insert(0, str(ROOT))
    from horizon_builder.roster import sharecode
    from horizon_builder.roster.pin import pin_of, short_pin

    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              sharecode._DICTIONARY_V1)
    packed = packer.compress(data) + packer.flush()
    return (f"hb2.{short_pin(pin_of(data))}."
            f"{base64.urlsafe_b64encode(packed).rstrip(b'=').decode()}")


def shapes() -> list[tuple[str, str, str]]:
    """(name, how it is read, content)."""
    dotted_31 = ".".join(["a"] * 31)
    elements = ",".join(f'{{"id":"e{i}","name":"","presence":2,"type":"mech"}}'
                        for i in range(40_000))
    out = [
        ("dotted key a.a.a... 41 KB", "roster", "x = 1\n" + ".".join(["a"] * 20_500) + " = 1\n"),
        ("header 10,000 levels + keys", "roster",
         "[" + ".".join(["a"] * 10_000) + "]\n" + "".join(f"k{i} = 1\n" for i in range(12_000))),
        ("dotted key to the 5 MB cap", "toml", "x = " + "a." * (CAP // 2 - 10) + "a = 1\n"),
        ("30,000 keys (the most read)", "toml", "".join(f"k{i} = {i}\n" for i in range(29_990))),
        ("keys of 31 parts, as many as read", "toml",
         "".join(f"{dotted_31}.k{i} = {i}\n" for i in range(900))),
        ("keys of 31 parts, many", "toml",
         "".join(f"{dotted_31}.k{i} = {i}\n" for i in range(45_000))),
        ("tables of 31 parts, many", "toml",
         "".join(f"[{dotted_31}.t{i}]\nk = 1\n" for i in range(16_000))),
        ("array items to the cap", "toml", "x = [" + "1," * (CAP // 2 - 10) + "]\n"),
        ("tables to the cap", "toml", "".join(f"[t{i}]\n" for i in range(CAP // 10))),
        ("one 5 MB string", "toml", 'x = "' + "y" * (CAP - 10) + '"\n'),
        ("5 MB of comments", "toml", "# a.a.a.a [[[[ {{{{ ,,,, ====\n" * (CAP // 32) + "x = 1\n"),
        ("nested arrays 3,000 deep", "toml", "x = " + "[" * 3000 + "]" * 3000 + "\n"),
        ("inline tables 31 deep of 31-part keys", "toml",
         "x = " + f"{{ {dotted_31} = " * 31 + "1" + " }" * 31 + "\n"),
        ("unclosed strings, escaped quotes", "toml", 'x = """' + '\\"""' * (CAP // 5)),
        ("rules layer nested 600 levels", "rules",
         "[upgrades.agile_frame" + ".a" * 600 + "]\ncost = 1\n"),
        ("JSON roster of 40,000 elements", "roster",
         json.dumps({"name": "n", "force_cost": 15, "elements": json.loads(f"[{elements}]")})),
        ("share code 11 KB -> 8 MB", "code",
         _code(('{"elements":[],"force_cost":15,"name":"n","notes":"' + "x" * 8_000_000
                + '"}').encode())),
        ("share code of 40,000 elements", "code",
         _code(f'{{"elements":[{elements}],"force_cost":15,"name":"n"}}'.encode())),
    ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="bound on each read's time")
    parser.add_argument("--megabytes", type=float, default=64, help="bound on each read's memory")
    args = parser.parse_args()
    env = {**os.environ, "HORIZON_BUILDER_CACHE_DIR": "", "PYTHONPATH": str(ROOT)}
    missed = 0
    print(f"{'shape':40} {'size':>9} {'seconds':>8} {'MB':>6}  outcome")
    with tempfile.TemporaryDirectory() as folder:
        for name, kind, content in shapes():
            suffix = ".json" if content.startswith("{") and kind == "roster" else ".toml"
            path = Path(folder) / f"shape{suffix}"
            path.write_text(content, encoding="utf-8")
            out = subprocess.run([sys.executable, "-c", CHILD, kind, str(path)], env=env,
                                 capture_output=True, text=True, check=False, cwd=folder)
            if out.returncode != 0:
                print(f"{name:40} FAILED\n{out.stderr[-2000:]}")
                missed += 1
                continue
            got = json.loads(out.stdout.strip().splitlines()[-1])
            seconds, megabytes = got["seconds"], got["bytes"] / 1e6
            ok = seconds <= args.seconds and megabytes <= args.megabytes
            missed += not ok
            print(f"{name:40} {len(content) / 1024:8.0f}K {seconds:8.3f} {megabytes:6.1f}  "
                  f"{'' if ok else 'MISSED '}{got['outcome']}")
    print(f"bounds: {args.seconds:g} s and {args.megabytes:g} MB a read: "
          f"{'all met' if not missed else f'{missed} MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
