"""Every speed figure table in the docs was written by ``python3 -m benchmarks.report``.

A table between ``<!-- bench:NAME -->`` markers carries a stamp (the SHA-256 of its text) that
only the report script writes; a hand edit, a lost stamp or an unknown name fails here. No
paragraph outside those tables may call a target met.
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


def test_no_target_is_called_met_outside_a_report_table() -> None:
    for doc in DOCUMENTS:
        text = BLOCK.sub("", doc.read_text())
        for para in re.split(r"\n\s*\n", text):
            if re.search(r"\btargets?\b", para, re.I):
                assert not re.search(r"\bmet\b", para), (doc.name, para[:200])


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
