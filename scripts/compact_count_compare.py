"""Thin wrapper: ``python3 scripts/compact_count_compare.py ...`` is ``solver research compare
...`` (solver.research.counts)."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["research", "compare", *sys.argv[1:]])
