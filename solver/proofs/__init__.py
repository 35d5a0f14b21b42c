"""Proofs that a formula has no model: a SAT solver that writes a clausal proof, and a checker.

- ``solver.proofs.dimacs``: DIMACS CNF text, read and written (the checker's own reader).
- ``solver.proofs.lrat``: an LRAT proof checker (linear in the proof's size, numba). It imports
  nothing else of the project: it trusts neither the encoders nor the solver.
- ``solver.proofs.cadical``: CaDiCaL 1.9.5 (python-sat's build) run in a child process with
  a CPU limit, writing an LRAT proof when it finds the formula unsatisfiable.
- ``solver.proofs.certificate``: a stored certificate (the CNF and the proof, compressed, and
  a JSON record of the run) and its re-check.

An answer "none exists" is reported only with a certificate the checker accepted.
"""
