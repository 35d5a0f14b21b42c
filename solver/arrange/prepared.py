"""A run: one arrangement problem prepared once for the engines.

``Run(problem)`` carries what every layer reads, each built at most once and only when asked
for: the plain ``layout`` (``EdgeLayout``: cells, neighbours, facing sides), the numpy
``instance`` (``EdgeInstance``), the region's symmetry ``group`` and the kernel's cell-order
choice (``dynamic``, whose Knuth probes run once per order). Symmetry, subproblems, estimates,
puzzle generation and counts take the run and pass it down instead of rebuilding them.

``run.with_fixed(clues)`` is a subproblem (more pieces fixed) whose tables are derived from the
parent's without walking the region again. Runs pickle, so a process pool sends one to each
worker once.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> run = Run(ArrangementProblem.create("square", "compact", "4x4"))
>>> run.layout.n, run.with_fixed({(0, 0): 9}).layout.fixed[0], run.layout.fixed[0]
(16, 9, -1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Union

from puzzles.grids import Cell
from solver.arrange.layout import EdgeLayout
from solver.arrange.problem import ArrangementProblem

if TYPE_CHECKING:  # numpy is imported by the layers that need the instance (start-up)
    from solver.arrange.check import CompactJudge
    from solver.arrange.instance import EdgeInstance
    from solver.arrange.symmetry import SymmetryGroup

#: What the engines and the enumeration layer take: a problem, or a run prepared from one.
Problem = Union[ArrangementProblem, "Run"]


class Run:
    """One problem and the tables built from it (see the module docstring).

    Parameters
    ----------
    problem : ArrangementProblem
    layout : EdgeLayout, optional
        Its layout, when already built (a subproblem's, derived from the parent's).
    """

    def __init__(self, problem: ArrangementProblem, layout: EdgeLayout | None = None,
                 parent: Run | None = None) -> None:
        self.problem = problem
        self._layout = layout
        self._parent = parent
        self._instance: EdgeInstance | None = None
        self._group: SymmetryGroup | None = None
        self._judge: CompactJudge | None = None
        self._dynamic: dict[str, bool] = {}
        #: compact rows of this run that ``verify`` accepted (``solver.arrange.verified``)
        self.verified_rows: set[tuple[int, ...]] = set()

    @classmethod
    def of(cls, problem: Problem) -> Run:
        """The run itself, or a new run of a problem."""
        return problem if isinstance(problem, Run) else cls(problem)

    @property
    def bounded(self) -> bool:
        """True when the problem has a region (the engines that read the instance apply)."""
        return self.problem.region is not None

    @property
    def layout(self) -> EdgeLayout:
        """The plain tables (built on first use; InvalidInputError without a region,
        InfeasibleError when fixed pieces clash)."""
        if self._layout is None:
            self._layout = EdgeLayout.build(self.problem)
        return self._layout

    @property
    def instance(self) -> EdgeInstance:
        """The numpy tables (made from the layout on first use; a subproblem shares its
        parent's arrays but the fixed pieces)."""
        if self._instance is None:
            from solver.arrange.instance import EdgeInstance  # local: start-up

            parent = self._parent
            if parent is not None and parent._instance is not None:
                self._instance = parent._instance.with_layout(self.layout)
            else:
                self._instance = EdgeInstance.of(self.layout)
        return self._instance

    @property
    def group(self) -> SymmetryGroup:
        """The symmetries of the region that keep the fixed pieces (made on first use)."""
        if self._group is None:
            from solver.arrange.symmetry import SymmetryGroup  # local: start-up

            self._group = SymmetryGroup.of(self.instance)
        return self._group

    @property
    def judge(self) -> CompactJudge:
        """The batch judge of the problem's compact rows (``solver.arrange.check``; made on
        first use, so that many enumerations of one run build its tables once)."""
        if self._judge is None:
            from solver.arrange.check import CompactJudge  # local: start-up

            self._judge = CompactJudge(self.problem)
        return self._judge

    def dynamic(self, order: str = "auto") -> bool:
        """True when the kernel fills the most constrained cell first in cell ``order``
        (``auto`` probes once per run on the fastest backend, ``order_choice``; raises
        InvalidInputError for an unknown order)."""
        if order not in self._dynamic:
            # local: start-up
            from solver.arrange.engines.order_choice import MAX_TABLE_SIDES, prefers_dynamic
            from solver.arrange.orders import check_order  # local: start-up

            if check_order(order) != "auto":
                self._dynamic[order] = order == "mrv"
            elif self.layout.k > MAX_TABLE_SIDES:
                self._dynamic[order] = False
            else:
                from solver.arrange.engines.csearch import new_search  # local: start-up

                self._dynamic[order] = prefers_dynamic(new_search(self),
                                                       new_search(self, dynamic=True))
        return self._dynamic[order]

    def with_fixed(self, extra: Mapping[Cell, int]) -> Run:
        """The subproblem with ``extra`` pieces fixed too, its tables derived from this run's
        (InfeasibleError when the fixed pieces clash, as ``EdgeLayout.build``)."""
        problem = self.problem.with_fixed(extra)
        if not self.bounded:
            return Run(problem)
        return Run(problem, self.layout.with_fixed(problem), parent=self)

    def __getstate__(self) -> dict[str, Any]:
        """What a worker receives: the problem and its tables (not the parent)."""
        state = dict(self.__dict__)
        state["_judge"] = None  # rebuilt where it is needed
        if self._parent is not None:
            self.instance  # noqa: B018 - derive it before the parent is left behind
            state["_instance"] = self._instance
        state["_parent"] = None
        return state
