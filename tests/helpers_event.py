"""An event's lists for tests: copies of the example Task Force (OtH p.45-48), one per
commander, each naming its commander, and a club preset."""

from __future__ import annotations

from pathlib import Path

from horizon_builder.cli.main import main

TASK_FORCE = (Path(__file__).parent.parent / "examples" / "tournament-task-force.toml").read_text()


def write_lists(folder: Path, names: str) -> list[Path]:
    """One Task Force per commander (a one-letter name each), written into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for n in names:
        path = folder / f"{n}.toml"
        path.write_text(TASK_FORCE.replace('name = "Red Meridian Task Force"',
                                           f'name = "TF {n}"\ncommander = "{n}"'))
        out.append(path)
    return out


def write_preset(path: Path, rounds: int | None = 3) -> Path:
    """A club's preset at the example's FC 12 (``rounds``: the event's number of rounds)."""
    path.write_text('[event]\nname = "Club night"\nforce_cost = 12\n'
                    + (f"rounds = {rounds}\n" if rounds else ""))
    return path


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """``horizon-builder event ARGS``: its exit status, stdout and stderr."""
    status = main(["event", *args])
    out, err = capsys.readouterr()
    return status, out, err
