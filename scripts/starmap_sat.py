"""Thin wrapper: ``python3 -m scripts.starmap_sat ...`` is ``solver research starmap ...``
(``--region R`` is ``--board R``; solver.research.starmap)."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["research", "starmap", *["--board" if a == "--region" else a for a in sys.argv[1:]]])
