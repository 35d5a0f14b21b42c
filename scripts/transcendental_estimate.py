"""Thin wrapper: ``python3 scripts/transcendental_estimate.py --set S --probes N --tail T
--batches B --seed K [--single-group] [--out F]`` is ``solver arrange estimate transcendental
... --json``."""

import sys

from solver.cli import main

if __name__ == "__main__":
    main(["arrange", "estimate", "transcendental", "--json", *sys.argv[1:]])
