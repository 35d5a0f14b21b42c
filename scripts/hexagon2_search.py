"""Thin wrapper: ``python3 -m scripts.hexagon2_search MODE ...`` is ``solver research hexagon2
MODE ...`` (solver.research.hexagon2)."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["research", "hexagon2", *sys.argv[1:]])
