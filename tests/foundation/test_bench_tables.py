"""Every speed figure table in the docs was written by ``python3 -m benchmarks.report``.

A table between ``<!-- bench:NAME -->`` markers carries a stamp (the SHA-256 of its text) that
only the report script writes; a hand edit, a lost stamp or an unknown name fails here.

Every other speed figure (``12 ms``, ``0.3 s``, ``5.9x``) stands under a marker::

    <!-- measured: COMMAND | DATE | load X -->   (COMMAND: a script, test file or solver command
                                                  of this repository; checked here)
    <!-- limits: WHAT -->                         (the times below are settings or goals)

covering the paragraphs below it up to the next heading, marker or ``<!-- /measured -->``. A goal
or target is called met only inside a report table or a measured block, and a table cell
``>= 0.92: met`` must be shown by the figure in the cell before it.
"""

from __future__ import annotations

import re
from pathlib import Path

from benchmarks.report import BLOCK, TABLES, Row, Table, block_text, check_blocks, render

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_bench_block_was_written_by_the_report() -> None:
    for doc in DOCUMENTS:
        assert check_blocks(doc.read_text()) == [], doc.name


def test_every_report_table_has_its_block() -> None:
    for table in TABLES.values():
        text = (ROOT / "docs" / table.doc).read_text()
        assert f"<!-- bench:{table.name} -->" in text, (table.doc, table.name)


def test_a_hand_edit_is_caught() -> None:
    good = block_text("arrange-enumerate", "| a | 1 ms |\n")
    assert check_blocks(good) == []
    assert check_blocks(good.replace("1 ms", "0.5 ms"))  # edited figure
    assert check_blocks("<!-- bench:arrange-enumerate -->\n| a |\n"
                        "<!-- /bench:arrange-enumerate -->")  # no stamp
    assert check_blocks(block_text("made-up", "x\n"))  # not a table of the report


def test_render_reports_ratios_and_targets_honestly() -> None:
    table = Table("t", "x.md", "b.py", (Row("job", "ours", "peer", target=5.0),
                                        Row("alone", "ours", limit=0.5)))
    runs = [{"ours": 1.0, "peer": 4.0}, {"ours": 1.0, "peer": 6.0}, {"ours": 2.0, "peer": 9.0}]
    text = " ".join(render(table, runs, [(1.0, 2.0, 3.0), (4.0, 5.0, 6.0)],
                           "2026-12-01 09:00 UTC").split())
    # per-run ratios 4, 6, 4.5: median 4.5 (range 4-6), below the 5x target
    assert "4.5x (4x-6x)" in text and ">= 5x: not shown" in text  # runs on both sides
    assert "< 500 ms: NOT met" in text  # no run is under 0.5 s
    assert "1.0 / 2.0 / 3.0 before" in text and "3 runs" in text
    runs = [{"ours": 1.0, "peer": 6.0}, {"ours": 0.1, "peer": 0.55}]
    text = " ".join(render(table, runs, [(1.0, 2.0, 3.0)] * 2, "d").split())
    assert ">= 5x: met in every run" in text and "< 500 ms: not shown" in text


# --- every other speed figure: a ``measured:`` marker naming its command, date and load ---

#: ``<!-- measured: COMMAND | DATE | load X -->``: the paragraphs below it (up to the next heading,
#: marker or ``<!-- /measured -->``) are figures its author measured with COMMAND.
#: ``<!-- limits: WHAT -->``: the times below it are settings, limits or goals, not measurements.
MARKER = re.compile(r"<!-- (?P<kind>measured|limits): (?P<text>.*?) -->\n", re.S)
END = re.compile(r"<!-- /measured -->\n?")
#: a time (``12 ms``, ``0.3 s``, ``5 minutes``) or a ratio (``5.9x``, ``3 ×``, ``7.8x faster``);
#: ``4x4`` and ``200 × 200`` are sizes, not ratios
SPEED = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?:-\d+(?:\.\d+)?)?\s*"
                   r"(?:(?:ms|µs|s|sec|seconds|minutes?|hours?)(?![\w/])"
                   r"|(?<=\d)x(?!\s?\d)(?![\w])|(?<=\d)\s?×(?!\s?\d))")
#: a goal or target called reached ("not met", "never met", "met a solution" are not claims)
MET = re.compile(r"(?<!not )(?<!NOT )(?<!never )\bmet\b(?! (?:a|on)\b)")
GOALS = re.compile(r"\b(?:goals?|targets?)\b", re.I)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def sections(text: str) -> list[tuple[str | None, str]]:
    """Split a document (bench blocks removed) into paragraphs with the marker above them.

    Returns (marker, paragraph) pairs; the marker is ``"measured: ..."``/``"limits: ..."``
    or None. A marker covers the paragraphs below it until the next heading, marker or
    ``<!-- /measured -->``.
    """
    out: list[tuple[str | None, str]] = []
    marker: str | None = None
    text = BLOCK.sub("\n\n", text)
    for para in re.split(r"\n\s*\n", text):
        while para.strip():
            found = MARKER.search(para + "\n")
            end = END.search(para)
            if end and (not found or end.start() < found.start()):
                head, para = para[:end.start()], para[end.end():]
                if head.strip():
                    out.append((marker, head))
                marker = None
                continue
            if found:
                head, para = para[:found.start()], (para + "\n")[found.end():]
                if head.lstrip().startswith("#"):
                    marker = None
                if head.strip():
                    out.append((marker, head))
                marker = f"{found['kind']}: {' '.join(found['text'].split())}"
                continue
            if para.lstrip().startswith("#"):
                marker = None
            out.append((marker, para))
            break
    return out


def command_exists(command: str) -> bool:
    """Whether COMMAND names a script or test file of this repository, or is a ``solver``
    command line that click parses (subcommand, options and arguments all valid)."""
    import importlib

    import click

    from solver.cli import SUBCOMMANDS

    words = command.split()
    while words and (words[0] in ("timeout", "-s", "INT") or words[0].isdigit()):
        words = words[1:]  # ``timeout -s INT 290 solver ...``
    if words[:1] == ["solver"]:
        if len(words) < 2 or words[1] not in SUBCOMMANDS:
            return False
        module, attr = SUBCOMMANDS[words[1]][0].split(":")
        command = getattr(importlib.import_module(module), attr)
        name, args = words[1], words[2:]
        while isinstance(command, click.Group) and args and not args[0].startswith("-"):
            if args[0] not in command.commands:
                return False
            command, name, args = command.commands[args[0]], args[0], args[1:]
        try:  # click parses the arguments as the command line would (nothing is run)
            command.make_context(name, list(args))
        except click.ClickException:
            return False
        return True
    if words[:2] in (["python3", "-m"], ["python", "-m"]) and len(words) > 2:
        if words[2] == "pytest":
            paths = [w.split("::")[0] for w in words[3:] if "/" in w]
            return bool(paths) and all((ROOT / p).exists() for p in paths)
        return (ROOT / (words[2].replace(".", "/") + ".py")).exists()
    if words[:1] in (["python3"], ["python"]) and len(words) > 1:
        return (ROOT / words[1]).exists()
    return False


def test_every_speed_figure_names_the_command_that_measured_it() -> None:
    for doc in DOCUMENTS:
        for marker, para in sections(doc.read_text()):
            if marker is None and SPEED.search(CODE.sub("", para)):
                raise AssertionError(f"{doc.name}: a speed figure with no measured/limits "
                                     f"marker above it: {para.strip()[:300]}")


def test_every_measured_marker_names_a_command_a_date_and_the_load() -> None:
    seen = 0
    for doc in DOCUMENTS:
        for found in MARKER.finditer(doc.read_text()):
            text = " ".join(found["text"].split())
            if found["kind"] == "limits":
                assert text, doc.name
                continue
            seen += 1
            command, date, load, *checks = (part.strip() for part in text.split(" | "))
            for one in command.split(" ; "):
                assert command_exists(one), (doc.name, one)
            assert all(c.startswith(("runs:", "prints:", "by hand:")) for c in checks), \
                (doc.name, checks)
            assert re.fullmatch(r"\d{4}-\d\d-\d\d(?: \d\d:\d\d(?:-\d\d:\d\d)? UTC)?", date), \
                (doc.name, date)
            assert load.startswith("load "), (doc.name, load)
    assert seen


#: a table cell judging the figure in the cell before it: ``>= 0.92: met``, ``< 2 s: met``
GOAL_CELL = re.compile(r"(?P<op>>=|<=|<|>|under)\s*(?P<goal>\d+(?:\.\d+)?)\s*(?P<unit>%|ms|s|x)?"
                       r":\s*\**met\b")
FIGURE = re.compile(r"(?P<value>\d+(?:\.\d+)?)\s*(?P<unit>%|ms|s|x)?")


def unmet_goal_cells(para: str) -> list[str]:
    """The table rows whose ``OP GOAL: met`` cell the figure in the cell before does not show."""
    bad = []
    for row in para.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        for i, cell in enumerate(cells):
            goal = GOAL_CELL.search(cell)
            if not goal or i == 0:
                continue
            figure = FIGURE.search(cells[i - 1].replace("*", ""))
            if not figure or (figure["unit"] or "") != (goal["unit"] or ""):
                bad.append(row)
                continue
            x, t = float(figure["value"]), float(goal["goal"])
            shown = {">=": x >= t, ">": x > t, "<=": x <= t, "<": x < t, "under": x < t}
            if not shown[goal["op"]]:
                bad.append(row)
    return bad


def test_no_goal_is_called_met_outside_a_report_or_measured_block() -> None:
    for doc in DOCUMENTS:
        for marker, para in sections(doc.read_text()):
            if GOALS.search(para) and MET.search(para):
                assert marker and marker.startswith("measured:"), (doc.name, para[:200])
                assert unmet_goal_cells(para) == [], doc.name


def test_a_met_cell_must_be_shown_by_its_figure() -> None:
    assert unmet_goal_cells("| effort | **0.967** | >= 0.92: met |") == []
    assert unmet_goal_cells("| level | 85.6 % | >= 80 %: met |") == []
    assert unmet_goal_cells("| effort | 0.866 | >= 0.9: met |")  # the figure is short
    assert unmet_goal_cells("| gen | 0.7 s | < 0.5 s: met |")
    assert unmet_goal_cells("| gen | 0.3 | < 0.5 s: met |")  # no unit: not shown


def test_the_figure_scanner() -> None:
    assert SPEED.search("took 2.41 s median") and SPEED.search("ratio 5.9x by medians")
    assert SPEED.search("7.8x slower") and SPEED.search("12.9 ms") and SPEED.search("15 minutes")
    for size in ("a 4x4 board", "200 × 200 cells", "W=4, S=8", "1.0.0rc1", "3 seats"):
        assert not SPEED.search(size), size
    assert MET.search("unfair 2.8 s met") and not MET.search("is **not met** by")
    text = ("a 1 s\n\n<!-- measured: solver arrange count | 2026-12-01 | load 3 -->\n"
            "b 2 s\n\nc 3 s\n<!-- /measured -->\n\nd 4 s\n\n## H\n\ne\n")
    marks = [(m is not None, p.strip()[0]) for m, p in sections(text)]
    assert marks == [(False, "a"), (True, "b"), (True, "c"), (False, "d"), (False, "#"),
                     (False, "e")]
    text = "<!-- limits: a -->\n\nx 1 s\n\n## H\n<!-- measured: y | d | load 1 -->\nz 2 s\n"
    assert [(m, p.strip()[0]) for m, p in sections(text)] == [
        ("limits: a", "x"), (None, "#"), ("measured: y | d | load 1", "z")]
    assert command_exists("solver arrange count compact --region 4x4")
    assert command_exists("python3 -m benchmarks.report all")
    assert not command_exists("solver arrange frobnicate")
    assert not command_exists("solver arrange count compact --no-such-option 3")
    assert not command_exists("solver arrange count hexagon")  # not a problem kind
    assert not command_exists("solver dominimum extremes")  # --mission is required
    assert not command_exists("python3 benchmarks/no_such.py")
