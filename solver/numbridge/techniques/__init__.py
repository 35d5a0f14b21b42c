"""Human solving techniques for Numbridge fields on any block layout, one module per family.

Every finder takes a :class:`~solver.numbridge.techniques.grid.Grid` and returns the first
:class:`~solver.numbridge.techniques.grid.Step` it finds (or None); the rater
(:mod:`solver.numbridge.difficulty`) applies the easiest technique that progresses.
"""
