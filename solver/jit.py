"""numba's ``njit`` for the project's compiled kernels, loaded without scipy.linalg and cffi.

The first time a process calls a compiled function (compiled now or loaded from numba's disk
cache), numba's target and typing contexts import all of numba's implementations. Two of those
modules import optional libraries the kernels never use:

- ``numba.np.arraymath`` asks whether BLAS is there by importing ``scipy.linalg.cython_blas``
  (its ``_HAVE_BLAS``: a BLAS inner product for ``np.correlate`` and ``np.convolve`` instead of
  a plain loop), which loads all of ``scipy.linalg``;
- ``numba.core.typing.cffi_utils`` imports ``cffi`` (and its C parser) to type cffi functions.

Together about a tenth of a second of CPU in every process that runs a kernel. So the kernels
import ``njit`` from this module, which imports those two numba modules once with the library
hidden, unless it is loaded already (``import numba`` itself imports the small ``scipy``
package, for a version check). ``np.dot`` and ``np.linalg`` in compiled code still work: numba
imports scipy when it compiles them; cffi functions are not typed in such a process.

>>> from solver.jit import njit
>>> @njit
... def twice(x: int) -> int:
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import importlib
import sys

from numba import njit


def _import_without(module: str, hidden: str) -> None:
    """Import ``module`` while ``import hidden`` fails (an optional library there)."""
    if hidden in sys.modules or module in sys.modules:
        return
    sys.modules[hidden] = None  # type: ignore[assignment]  # ImportError for this import
    try:
        importlib.import_module(module)
    finally:
        del sys.modules[hidden]


_import_without("numba.np.arraymath", "scipy.linalg")
_import_without("numba.core.typing.cffi_utils", "cffi")

__all__ = ["njit"]
