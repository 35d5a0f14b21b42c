"""Field generation: a block layout, a seeded random filling, then givens removed while the
solution stays unique.

Every random choice comes from one ``random.Random(seed)``: the same arguments give the same field,
byte for byte.

Examples
--------
>>> g = generate(30, "regular", seed=1)
>>> g.field.given_count, len(g.solution)
(30, 81)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from puzzles.errors import BudgetExhaustedError, InfeasibleError, InvalidInputError
from puzzles.numbridge.field import (
    CELLS,
    REGULAR_BLOCKS,
    Field,
    check_blocks,
    orthogonal_neighbours,
)
from solver.numbridge.engine import search, solve_givens

MIN_GIVENS = 22
MAX_GIVENS = 34
#: Nodes allowed when looking for a filling of an empty irregular layout before rejecting it.
FILL_NODE_LIMIT = 20000


@dataclass(frozen=True)
class Generated:
    """A generated field with its solution, seed and the work it took."""

    field: Field
    solution: str
    seed: int
    layouts_tried: int
    fillings_tried: int

    def to_json(self) -> dict[str, object]:
        """``{"givens", "blocks", "solution", "seed", "given_count", "block_type", ...}``."""
        return {"givens": self.field.givens, "blocks": self.field.blocks,
                "solution": self.solution, "seed": self.seed,
                "given_count": self.field.given_count,
                "block_type": "regular" if self.field.regular else "irregular",
                "layouts_tried": self.layouts_tried, "fillings_tried": self.fillings_tried}


def _free_components_ok(owner: list[int]) -> bool:
    """True when every connected group of unassigned cells has a multiple of nine cells."""
    seen = [False] * CELLS
    for s in range(CELLS):
        if owner[s] or seen[s]:
            continue
        seen[s] = True
        todo, size = [s], 0
        while todo:
            x = todo.pop()
            size += 1
            for y in orthogonal_neighbours(x):
                if not owner[y] and not seen[y]:
                    seen[y] = True
                    todo.append(y)
        if size % 9:
            return False
    return True


def grow_layout(rng: random.Random, region_tries: int = 30) -> str | None:
    """Grow nine connected regions of nine cells one after another; None when stuck.

    Region ``b`` starts at the first free cell (row by row) and grows by random free neighbour
    cells to nine cells; it is regrown (up to ``region_tries`` times) while it leaves a group of
    free cells whose size is not a multiple of nine.
    """
    owner = [0] * CELLS
    for b in range(1, 10):
        start = owner.index(0)
        for _ in range(region_tries):
            members = [start]
            owner[start] = b
            while len(members) < 9:
                frontier = sorted({n for c in members for n in orthogonal_neighbours(c)
                                   if owner[n] == 0})
                if not frontier:
                    break
                cell = rng.choice(frontier)
                owner[cell] = b
                members.append(cell)
            if len(members) == 9 and _free_components_ok(owner):
                break
            for c in members:
                owner[c] = 0
        else:
            return None
    return "".join(str(o) for o in owner)


def random_order(rng: random.Random) -> np.ndarray:
    """A (81, 9) array: a random digit order for every cell."""
    rows = []
    for _ in range(CELLS):
        perm = list(range(9))
        rng.shuffle(perm)
        rows.append(perm)
    return np.array(rows, dtype=np.int64)


def random_filling(blocks: str, rng: random.Random, node_limit: int = 0) -> str | None:
    """A random full grid on ``blocks``; None when none was found within ``node_limit`` nodes."""
    r = search(Field("0" * CELLS, blocks), cap=1, order=random_order(rng), node_limit=node_limit)
    return r.solution if r.count == 1 else None


def reduce_givens(solution: str, blocks: str, target: int, rng: random.Random) -> str | None:
    """Remove givens in a random order while the solution stays unique, down to ``target``.

    Returns the givens, or None when a minimal field with more than ``target`` givens was
    reached.
    """
    cells = list(range(CELLS))
    rng.shuffle(cells)
    givens = list(solution)
    left = CELLS
    for c in cells:
        if left == target:
            break
        keep = givens[c]
        givens[c] = "0"
        if solve_givens("".join(givens), blocks, cap=2) == 1:
            left -= 1
        else:
            givens[c] = keep
    return "".join(givens) if left == target else None


def generate(givens: int = 30, blocks: str = "regular", seed: int = 0, max_tries: int = 2000
             ) -> Generated:
    """A field with exactly one solution and ``givens`` givens.

    Parameters
    ----------
    givens : int
        The number of givens, 22-34 (room setting).
    blocks : str
        ``"regular"``, ``"irregular"``, or an explicit layout of 81 block ids.
    seed : int
        Seed of every random choice.
    max_tries : int
        Fillings (and layouts) to try before giving up.

    Raises
    ------
    InvalidInputError
        A given count outside 22-34 or an unknown block type.
    BudgetExhaustedError
        No field was found within ``max_tries`` attempts (exit 3: not a proof).
    """
    if not MIN_GIVENS <= givens <= MAX_GIVENS:
        raise InvalidInputError(f"--givens {givens}: must be {MIN_GIVENS}-{MAX_GIVENS}")
    rng = random.Random(seed)
    layouts = 0
    fillings = 0
    fixed: str | None = None
    if blocks == "regular":
        fixed = REGULAR_BLOCKS
    elif blocks != "irregular":
        check_blocks(blocks)
        fixed = blocks
    layout = fixed
    for _ in range(max_tries):
        if fixed is None:
            layout = None
            while layout is None:
                layouts += 1
                layout = grow_layout(rng)
            solution = random_filling(layout, rng, FILL_NODE_LIMIT)
            if solution is None:
                continue
        else:
            solution = random_filling(fixed, rng)
            if solution is None:
                raise InfeasibleError("the block layout admits no filling")
        assert layout is not None
        fillings += 1
        reduced = reduce_givens(solution, layout, givens, rng)
        if reduced is not None:
            return Generated(Field(reduced, layout), solution, seed, layouts, fillings)
    raise BudgetExhaustedError(f"no field with {givens} givens found in {max_tries} tries "
                               f"(seed {seed})")  # a budget of tries, not a proof


def minimal_field(blocks: str = "regular", seed: int = 0, max_tries: int = 2000) -> Generated:
    """A minimal field: a layout and filling as :func:`generate`, then every given removed
    (in a seeded random order) whose removal keeps the solution unique.

    Raises
    ------
    InvalidInputError
        An unknown block type.
    InfeasibleError
        A fixed block layout that admits no filling.
    BudgetExhaustedError
        No filling within ``max_tries`` layouts (exit 3: not a proof).
    """
    rng = random.Random(seed)
    layouts = fillings = 0
    for _ in range(max_tries):
        if blocks == "regular":
            layout = REGULAR_BLOCKS
        elif blocks == "irregular":
            grown = None
            while grown is None:
                layouts += 1
                grown = grow_layout(rng)
            layout = grown
        else:
            check_blocks(blocks)
            layout = blocks
        solution = random_filling(layout, rng, FILL_NODE_LIMIT if blocks == "irregular" else 0)
        if solution is None:
            if blocks != "irregular":
                raise InfeasibleError("the block layout admits no filling")
            continue
        fillings += 1
        cells = list(range(CELLS))
        rng.shuffle(cells)
        givens = list(solution)
        for c in cells:
            keep = givens[c]
            givens[c] = "0"
            if solve_givens("".join(givens), layout, cap=2) != 1:
                givens[c] = keep
        return Generated(Field("".join(givens), layout), solution, seed, layouts, fillings)
    raise BudgetExhaustedError(f"no filling found in {max_tries} layouts (seed {seed})")
