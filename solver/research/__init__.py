"""The research behind ``docs/results.md``, reachable from the installed package.

- ``solver.research.starmap``: StarMap board searches by SAT (questions 1 and 3), with checked
  LRAT certificates for "no StarMap on this board".
- ``solver.research.hexagon2``: the search for a compact second-order hexagon arrangement
  (question 6) and its two-stage method.
- ``solver.research.bounds`` and ``solver.research.compare``: the count bounds and the
  estimator comparisons of questions 4 and 5.

The command line is ``solver research ...`` (``solver.cli.research``).
"""
