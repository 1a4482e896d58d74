"""Lists leave the terminal (issue "Lists leave the terminal" items 1-5) from the command
line: ``share``, ``import``, ``diff``, and the JSON export read back as a roster."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horizon_builder.cli.main import main
from horizon_builder.files.resources import examples_dir
from horizon_builder.roster.io import read_roster
from horizon_builder.roster.pin import pin, short_pin
from horizon_builder.roster.sharecode import encode

LEGAL = examples_dir() / "hvy-cav-battlegroup.toml"
TASK_FORCE = examples_dir() / "tournament-task-force.toml"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _export(capsys, tmp_path: Path, source: Path, fmt: str) -> Path:
    out = tmp_path / f"{source.stem}.{fmt}"
    assert run(capsys, "export", str(source), "--format", fmt, "-o", str(out))[0] == 0
    return out


# --- share and import ---------------------------------------------------------------------

def test_share_prints_one_line_that_import_writes_back_as_the_same_roster(capsys, tmp_path):
    status, out, _ = run(capsys, "share", str(LEGAL))
    assert status == 0 and out.count("\n") == 1
    code = out.strip()
    target = tmp_path / "back.toml"
    status, out, _ = run(capsys, "import", code, "-o", str(target))
    assert status == 0
    assert read_roster(target) == read_roster(LEGAL)
    assert short_pin(pin(read_roster(LEGAL))) in out and "from the share code" in out


def test_import_writes_stats_in_the_books_order_and_counts_assets_apart(capsys, tmp_path):
    """Issue 33 item 10: a share code holds stats sorted by name (A D F M); the file import
    writes says them as the book and every example does (M F A D, an aircraft's Mb beside its
    M), and its summary counts a strategic asset apart from the elements (OtH p.36)."""
    import re

    for example, counted in (("oth-strategic-assets.toml", "9 elements + 3 assets"),
                             ("oth-weird.toml", None)):
        source = examples_dir() / example
        target = tmp_path / example
        status, out, _ = run(capsys, "import", encode(read_roster(source)), "-o", str(target))
        assert status == 0
        if counted:
            assert f"(battlegroup, {counted})" in out, out
        written = target.read_text(encoding="utf-8")
        statlines = re.findall(r"^stats = \{ (.*) \}$", written, re.M)
        assert statlines
        for line in statlines:
            names = [part.split(" = ")[0] for part in line.split(", ")]
            assert names == [n for n in ("M", "Mb", "F", "A", "D") if n in names], line
        assert "Mb = " in written or example != "oth-weird.toml"
        assert read_roster(target) == read_roster(source)


def test_import_names_the_file_after_the_list_and_never_overwrites_without_force(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = encode(read_roster(LEGAL))
    assert run(capsys, "import", code)[0] == 0
    written = tmp_path / "3rd-lancers-battlegroup.toml"
    assert read_roster(written).name == "3rd Lancers Battlegroup"
    written.write_text("# mine\n", encoding="utf-8")
    status, _, err = run(capsys, "import", code)
    assert status == 2 and "already exists" in err and "--force" in err
    assert written.read_text(encoding="utf-8") == "# mine\n"
    assert run(capsys, "import", code, "--force")[0] == 0
    assert read_roster(written) == read_roster(LEGAL)
    assert (tmp_path / "3rd-lancers-battlegroup.toml.bak").read_text(encoding="utf-8") == "# mine\n"


def test_a_list_named_like_a_windows_device_is_written_to_a_name_windows_can_open(
        capsys, tmp_path, monkeypatch):
    """A list called "CON" (or NUL, COM1...) is imported to ``con-list.toml``: Windows
    cannot open a file named ``con.toml``."""
    monkeypatch.chdir(tmp_path)
    code = encode(read_roster(LEGAL).model_copy(update={"name": "CON"}))
    assert run(capsys, "import", code)[0] == 0
    assert read_roster(tmp_path / "con-list.toml").name == "CON"
    assert not (tmp_path / "con.toml").exists()


def test_a_mistyped_or_foreign_code_exits_2_with_a_message_and_writes_nothing(capsys, tmp_path,
                                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = encode(read_roster(LEGAL))
    typo = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    for bad, says in ((typo, "copy it again"), (code[:-9], "copy it again"),
                      ("hb7.0123456789ab.AAAA", "version 7"),
                      ("hb1." + "x" * 5000, "damaged")):
        status, _, err = run(capsys, "import", bad, "-o", "out.toml")
        assert status == 2, bad
        assert err.startswith("error: share code: ") and says in err and "Traceback" not in err
    status, _, err = run(capsys, "import", "nothing-here.toml")
    assert status == 2 and "not found" in err
    assert list(tmp_path.iterdir()) == []


def test_import_reads_the_json_export_the_markdown_export_and_a_roster(capsys, tmp_path):
    """Done when: a share code posted as markdown (the export) reads back by import."""
    for fmt in ("json", "markdown", "text", "html"):
        exported = _export(capsys, tmp_path, TASK_FORCE, fmt)
        target = tmp_path / f"from-{fmt}.toml"
        status, _, err = run(capsys, "import", str(exported), "-o", str(target))
        assert status == 0, err
        assert read_roster(target) == read_roster(TASK_FORCE), fmt
    target = tmp_path / "copy.toml"
    assert run(capsys, "import", str(TASK_FORCE), "-o", str(target))[0] == 0
    assert read_roster(target) == read_roster(TASK_FORCE)


def test_a_chat_message_holding_a_code_reads_back(capsys, tmp_path):
    chat = tmp_path / "chat.txt"
    chat.write_text(f"Here's my list for Saturday:\n{encode(read_roster(LEGAL))}\nsee you!\n",
                    encoding="utf-8")
    assert run(capsys, "import", str(chat), "-o", str(tmp_path / "r.toml"))[0] == 0
    (tmp_path / "plain.md").write_text("# no code here\n", encoding="utf-8")
    status, _, err = run(capsys, "import", str(tmp_path / "plain.md"), "-o", str(tmp_path / "x.toml"))
    assert status == 2 and "holds no share code" in err
    assert not (tmp_path / "x.toml").exists()


def test_import_to_stdout(capsys):
    status, out, _ = run(capsys, "import", encode(read_roster(LEGAL)), "-o", "-")
    assert status == 0 and 'name = "3rd Lancers Battlegroup"' in out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode),
                     st.text("hb1.0123456789abcdef-_ABCxyz{}\"[]:", max_size=300).map(str.encode)))
def test_import_of_any_file_writes_a_roster_or_exits_2_never_a_traceback(capsys, tmp_path, raw):
    source = tmp_path / "in.md"
    source.write_bytes(raw)
    target = tmp_path / "out.toml"
    target.unlink(missing_ok=True)
    status, _, err = run(capsys, "import", str(source), "-o", str(target))
    assert status in (0, 2), err
    assert (status == 0) == target.exists()
    assert "internal error" not in err


# --- the JSON export is a roster ----------------------------------------------------------

def test_check_and_export_read_the_json_export(capsys, tmp_path):
    exported = _export(capsys, tmp_path, LEGAL, "json")
    status, out, _ = run(capsys, "check", str(exported))
    assert status == 0 and "verdict: LEGAL" in out and "FC 13/15" in out
    status, out, _ = run(capsys, "export", str(exported), "--format", "json")
    assert status == 0
    assert json.loads(out)["roster"] == json.loads(exported.read_text(encoding="utf-8"))["roster"]


def test_a_broken_json_export_is_refused_by_file_line_and_key(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "export_version": 1,\n  "roster": \n', encoding="utf-8")
    status, _, err = run(capsys, "check", str(broken))
    assert status == 2 and f"{broken}:4: not valid JSON" in err
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"export_version": 1, "roster": {"name": "x", "force_cost": "ten"}}',
                     encoding="utf-8")
    status, _, err = run(capsys, "check", str(wrong))
    assert status == 2 and "roster.force_cost" in err
    no_roster = tmp_path / "no-roster.json"
    no_roster.write_text('{"export_version": 1}', encoding="utf-8")
    status, _, err = run(capsys, "export", str(no_roster))
    assert status == 2 and '"roster" key' in err


# --- diff ---------------------------------------------------------------------------------

def test_diff_tells_what_changed_in_game_terms(capsys, tmp_path):
    before = read_roster(LEGAL)
    elements = list(before.elements)
    sprite = next(i for i, e in enumerate(elements) if e.name == "Sprite")
    elements[sprite] = elements[sprite].model_copy(update={"name": "Sprite II", "presence": 3})
    del elements[-1]  # the Kestrel
    after = before.model_copy(update={"elements": tuple(elements), "force_cost": 20})
    status, out, _ = run(capsys, "diff", str(LEGAL), encode(after))
    assert status == 1
    assert "− Kestrel: Aircraft P2" in out
    assert "~ Sprite II (Mech): renamed from 'Sprite'; P 2 → 3; FC 2 → 3" in out
    assert "FC budget: 15 → 20" in out
    assert "FC 13/15 → 12/20" in out
    assert f"pin {short_pin(pin(before))} ({LEGAL})" in out
    assert f"pin {short_pin(pin(after))} (share code)" in out
    assert "verdict: LEGAL" in out


def test_diff_of_a_task_force_says_its_fc_is_no_budget(capsys):
    """Issue 33 item 10: a Task Force's FC is its elements' total, not a budget held against
    the event FC ("FC 17/12"): its FP is bounded (twice the FC, OtH p.46) and each round's
    battlegroup is built to the event FC."""
    after = read_roster(TASK_FORCE).model_copy(update={"force_cost": 16})
    status, out, _ = run(capsys, "diff", str(TASK_FORCE), encode(after))
    assert status == 1
    assert "17/12" not in out and "17/16" not in out
    assert "Task Force FC 17 → 17, each round FC 12 → 16   FP 17/24 → 17/32   elements 7 → 7" in out
    status, out, _ = run(capsys, "diff", str(TASK_FORCE), str(LEGAL))
    assert "Task Force FC 17, each round FC 12, FP 17/24 → FC 13/15, FP 19" in out, out


def test_diff_of_the_same_list_exits_0_and_of_a_bad_code_2(capsys, tmp_path):
    exported = _export(capsys, tmp_path, TASK_FORCE, "json")
    status, out, _ = run(capsys, "diff", str(TASK_FORCE), str(exported))
    assert status == 0 and "the same list" in out
    status, _, err = run(capsys, "diff", str(TASK_FORCE), "hb1.0123456789ab.AAAA")
    assert status == 2 and "share code" in err


# --- every export carries the pin -------------------------------------------------------

def test_every_export_carries_the_lists_pin_and_share_code(capsys, tmp_path):
    roster = read_roster(LEGAL)
    whole, short, code = pin(roster), short_pin(pin(roster)), encode(roster)
    for fmt in ("text", "markdown", "html", "json"):
        text = _export(capsys, tmp_path, LEGAL, fmt).read_text(encoding="utf-8")
        assert f"Pin {short}" in text or f'"pin": "{whole}"' in text, fmt
        assert code in "".join(text.split()), fmt
    doc = json.loads((tmp_path / f"{LEGAL.stem}.json").read_text(encoding="utf-8"))
    assert doc["pin"] == whole and doc["share_code"] == code


def test_a_list_too_large_for_a_chat_has_no_code_but_still_its_pin():
    from horizon_builder.checks import validate
    from horizon_builder.export import build_document, render_document
    from horizon_builder.rules.loader import load_ruleset

    roster = read_roster(LEGAL)
    many = tuple(e.model_copy(update={"id": f"x{i}", "name": f"Trooper {i} of the long column"})
                 for i, e in enumerate(roster.elements * 30))
    big = roster.model_copy(update={"elements": many, "command": roster.command.model_copy(
        update={"element": "x0"})})
    doc = build_document(validate(big, load_ruleset([])))
    assert doc.share_code is None and doc.pin == pin(big)
    assert "too large for a chat" in render_document(doc, "markdown")
    assert f"Pin {short_pin(pin(big))}" in render_document(doc, "text")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                        lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.sampled_from(["roster", "export_version", "name",
                                                           "force_cost", "elements", "type"]),
                                          inner, max_size=4), max_leaves=20))
def test_check_of_any_json_reads_a_roster_or_exits_2_never_a_traceback(capsys, tmp_path, doc):
    source = tmp_path / "any.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    status, _, err = run(capsys, "check", str(source))
    assert status in (0, 1, 2), err
    assert "internal error" not in err and (status != 2 or err.startswith("error: "))


def test_a_code_inside_a_link_or_a_pasted_message_imports(capsys, tmp_path):
    code = encode(read_roster(LEGAL))
    target = tmp_path / "r.toml"
    status, _, err = run(capsys, "import", f"https://example.org/lists#{code}", "-o", str(target))
    assert status == 0, err
    assert read_roster(target) == read_roster(LEGAL)


def test_a_code_ending_a_sentence_imports_and_diffs(capsys, tmp_path):
    """A code pasted with the full stop of its sentence (``hb1....``.) is the code: the
    stop is no part of it (data is letters, digits, - and _)."""
    code = encode(read_roster(LEGAL))
    status, out, err = run(capsys, "import", f"{code}.", "-o", "-")
    assert status == 0, err
    assert out.startswith("format = 1")
    assert run(capsys, "diff", str(LEGAL), f"{code}.")[0] == 0


def test_a_message_that_starts_with_the_code_imports(capsys):
    """Words after a code ("CODE thanks", "CODE (my list)") are no part of it: the code
    that decodes is taken, whichever way the text is read (the pin says it is the list)."""
    code = encode(read_roster(LEGAL))
    for message in (f"{code} thanks", f"{code} thanks!", f"{code} (my list)", f"{code}\nciao"):
        status, out, err = run(capsys, "import", message, "-o", "-")
        assert status == 0, (message, err)
        assert out.startswith("format = 1")
    status, _out, err = run(capsys, "import", f"{code[:-3]} thanks", "-o", "-")
    assert status == 2 and "share code" in err  # still refused when cut


def test_the_largest_code_read_imports_to_a_file_check_reads(capsys, tmp_path):
    """An 11 KB code decoded to an 8 MB roster that import wrote and check then refused
    (issue 36 item 4): a code is held to half a file's limits, so whatever it holds
    imports to a file check reads back."""
    from horizon_builder.roster.models import Roster
    from horizon_builder.roster.pin import canonical_bytes
    from horizon_builder.roster.sharecode import MAX_CODE_ITEMS, MAX_DATA_BYTES

    def roster(count: int) -> Roster:
        return Roster.model_validate({"name": "Big", "force_cost": 15, "elements": [
            {"id": f"e{i}", "name": f"Element {i}", "notes": "n" * 600, "type": "mech", "presence": 2,
             "stats": {"M": 5, "F": 4, "A": 3, "D": 3}, "upgrades": ["engineer"]}
            for i in range(count)]})

    count = 1
    while True:  # the most elements a code holds
        data = canonical_bytes(roster(count * 2))
        items = sum(data.count(c) for c in b",:[{")
        if items > MAX_CODE_ITEMS or len(data) > MAX_DATA_BYTES:
            break
        count *= 2
    big = roster(count)
    status, _, err = run(capsys, "import", encode(big), "-o", str(tmp_path / "big.toml"))
    assert status == 0, err
    assert read_roster(tmp_path / "big.toml") == big
    status, _, err = run(capsys, "check", str(tmp_path / "big.toml"))
    assert status in (0, 1) and "not read" not in err, err
