"""Thin wrapper: ``python3 scripts/count_upper_bound.py ...`` is ``solver research bounds ...``
(solver.research.counts; one problem: ``solver arrange bound compact``)."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["research", "bounds", *sys.argv[1:]])
