"""Progress bars: drawn (and tqdm imported) only once a job has run for ``DELAY`` seconds."""

from __future__ import annotations

import pytest

from solver import progress


def test_a_short_job_draws_no_bar() -> None:
    bar = progress.ProgressBar("counting", total=10, enabled=True, unit="it")
    bar.update(3)
    bar.set_postfix_str("12 nodes")
    assert bar.n == 3 and not bar.shown
    bar.close()


def test_a_long_job_draws_the_bar_with_what_it_counted(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str],
                                                       ) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    with progress.ProgressBar("counting", total=10, enabled=True, unit="it") as bar:
        bar.update(4)
        bar.set_postfix(refresh=False, nodes=7)
        assert bar.shown and bar._bar is not None and bar._bar.n == 4
        bar.update(2)
        assert bar._bar.n == 6
    assert not bar.shown  # closed
    assert "counting" in capsys.readouterr().err


def test_a_quiet_bar_is_never_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    bar = progress.progress_bar("counting", total=5, quiet=True)
    bar.update(5)
    assert bar.n == 5 and not bar.shown
