"""Thin wrapper: ``python3 scripts/dominomega_relaxation.py`` is ``solver research
dominomega-relaxation`` (solver.research.dominomega_relaxation)."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["research", "dominomega-relaxation", *sys.argv[1:]])
