"""Packaging: licence, version, typed packages, only our three top-level names, API reference."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_helpers import run as run_cli

import solver

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_licence_and_metadata() -> None:
    meta = PROJECT["project"]
    assert meta["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert meta["authors"] and meta["dynamic"] == ["version"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "solver.__version__"}


def test_version_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["--version"], capsys)
    assert code == 0 and out.strip() == f"solver, version {solver.__version__}"
    assert solver.__version__.count(".") == 2


def test_typed_packages_and_top_level_names() -> None:
    find = PROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert sorted(find) == ["puzzles*", "reports*", "solver*"]
    assert "py.typed" in PROJECT["tool"]["setuptools"]["package-data"]["*"]
    for package in ("puzzles", "reports", "solver"):
        assert (ROOT / package / "py.typed").is_file()


@pytest.mark.slow
def test_api_reference_builds(tmp_path: Path) -> None:
    """The pdoc reference of every package (about 30 s; .ci/run builds it too)."""
    subprocess.run([sys.executable, "-m", "pdoc", "--docformat", "numpy", "-o", str(tmp_path),
                    "puzzles", "reports", "solver"], check=True, cwd=ROOT, timeout=600)
    page = (tmp_path / "reports" / "svg.html").read_text(encoding="utf-8")
    assert "board_svg" in page and "label_point" in page
    assert (tmp_path / "solver" / "cli.html").is_file() and (tmp_path / "index.html").is_file()
