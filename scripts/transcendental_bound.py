"""Thin wrapper: ``python3 scripts/transcendental_bound.py --set S [--store]`` is ``solver
arrange bound transcendental --set S [--store docs/results]``."""

import sys

from solver.cli import main

if __name__ == "__main__":
    args = ["--store=docs/results" if a == "--store" else a for a in sys.argv[1:]]
    main(["arrange", "bound", "transcendental", *args])
