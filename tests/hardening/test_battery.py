"""The hostile-input battery (``tests/hardening/battery.py``) through the command line.

Default: a fast sample over the stored seeds (``tests/data/hardening``). The whole battery
(fresh seeds, 120 mutations of each, every bad option value and target; about 3,600 runs,
3-6 minutes on 2 loaded cores): ``python3 -m pytest -m slow tests/hardening/test_battery.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hardening.battery import (
    document_cases,
    option_cases,
    run_battery,
    stdin_cases,
    target_cases,
)
from solver.cli import main


def _check(report_text: str, failures: list[tuple[str, list[str]]]) -> None:
    shown = "\n".join(f"{label}: {faults}" for label, faults in failures[:20])
    assert not failures, f"{report_text}\n{shown}"


def test_fast_sample_behaves(tmp_path: Path) -> None:
    cases = (document_cases(4, fresh=False) + stdin_cases(2, fresh=False)
             + option_cases(fresh=False)[::3] + target_cases(tmp_path, fresh=False)[::2])
    assert len(cases) > 250
    report = run_battery(cases, tmp_path, main)
    _check(report.summary(), report.failures)
    assert report.inputs == len(cases)


@pytest.mark.slow
def test_full_battery_behaves(tmp_path: Path) -> None:
    cases = (document_cases(120) + stdin_cases(30) + option_cases() + target_cases(tmp_path))
    assert len(cases) >= 3113
    report = run_battery(cases, tmp_path, main)
    print(report.summary())
    _check(report.summary(), report.failures)
