"""numba's ``njit`` for the project's compiled kernels, loaded without scipy.

The first time a process calls a compiled function (compiled now or loaded from numba's disk
cache), numba's target context imports ``numba.np.arraymath``, and that module asks at import
whether BLAS is there by importing ``scipy.linalg.cython_blas`` (its ``_HAVE_BLAS``: a BLAS inner
product for ``np.correlate`` and ``np.convolve`` instead of a plain loop). That import costs about
0.1 s of CPU in every process that runs a kernel, and no kernel here does linear algebra. So the
kernels import ``njit`` from this module, which imports ``numba.np.arraymath`` once with
``scipy.linalg`` hidden, unless it is loaded already (``import numba`` itself imports the small
``scipy`` package, for a version check). ``np.dot`` and ``np.linalg`` in compiled code still work:
numba imports scipy when it compiles them.

>>> from solver.jit import njit
>>> @njit
... def twice(x: int) -> int:
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import sys

from numba import njit


def _arraymath_without_scipy() -> None:
    """Import ``numba.np.arraymath`` while ``import scipy.linalg`` fails (optional there)."""
    if "scipy.linalg" in sys.modules or "numba.np.arraymath" in sys.modules:
        return
    sys.modules["scipy.linalg"] = None  # type: ignore[assignment]  # ImportError for this import
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules["scipy.linalg"]


_arraymath_without_scipy()

__all__ = ["njit"]
