"""Fish over any units, with or without fins: finned and sashimi fish, Franken and mutant fish.

A fish of size ``n`` on digit ``d``: ``n`` **base** units whose candidate cells for ``d`` are
pairwise disjoint (so ``d`` is true in ``n`` distinct base cells) and ``n`` **cover** units. A
cover unit holds ``d`` at most once; if every base cell lies in a cover, the ``n`` true base
cells fill the ``n`` covers one each, so ``d`` goes from every other cell of the covers (and
from a base cell lying in two covers: "cannibalism"). Base cells in no cover are **fins**:
either a fin is true or the fish holds, so only cells that also see every fin lose ``d``.

Families (HoDoKu's names), by the units bases and covers are drawn from:

- **basic**: rows against columns (or columns against rows); with fins a *finned* fish, or a
  *sashimi* one when a base keeps at most one candidate without its fins;
- **Franken**: rows and blocks against columns and blocks (or the transpose), a block among
  them; on irregular blocks these are the fish the block shapes make;
- **mutant**: any units against any units.

The finders return the first fish (smallest digit, then bases in unit order) that removes
something. Units are indexes 0-26 (rows, columns, blocks), so everything works on irregular
blocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from solver.numbridge.techniques.grid import Grid, Step

NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
ROWS, COLS, BLOCKS = tuple(range(9)), tuple(range(9, 18)), tuple(range(18, 27))
ALL_UNITS = ROWS + COLS + BLOCKS
#: (bases, covers) unit pools of each family.
FAMILIES: dict[str, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {
    "basic": ((ROWS, COLS), (COLS, ROWS)),
    "franken": ((ROWS + BLOCKS, COLS + BLOCKS), (COLS + BLOCKS, ROWS + BLOCKS)),
    "mutant": ((ALL_UNITS, ALL_UNITS),),
}
MAX_FINS = 3


def _mask(cells: Sequence[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def family_of(bases: Sequence[int], covers: Sequence[int]) -> str:
    """``basic``, ``franken`` or ``mutant``: the simplest family holding these units."""
    used = set(bases) | set(covers)
    b_rows, b_cols = any(u in ROWS for u in bases), any(u in COLS for u in bases)
    c_rows, c_cols = any(u in ROWS for u in covers), any(u in COLS for u in covers)
    if (b_rows and b_cols) or (c_rows and c_cols) or (b_rows and c_rows) or (b_cols and c_cols):
        return "mutant"
    return "franken" if used & set(BLOCKS) else "basic"


def fish_name(n: int, family: str, fins: int, sashimi: bool) -> str:
    """``finned Franken swordfish`` style names."""
    words = []
    if fins:
        words.append("sashimi" if sashimi else "finned")
    if family != "basic":
        words.append({"franken": "Franken", "mutant": "mutant"}[family])
    words.append(NAMES[n])
    return " ".join(words)


def find_fish(g: Grid, n: int, family: str = "basic", finned: bool = True,
              max_fins: int = MAX_FINS) -> Step | None:
    """The first fish of size ``n`` of ``family`` (``basic``, ``franken``, ``mutant``) that
    removes a candidate; with ``finned`` only fish with fins (one to ``max_fins``), else only
    fish without. A fish of a simpler family is not reported under ``franken`` or ``mutant``.

    Examples
    --------
    >>> from puzzles.numbridge.field import Field
    >>> g = Grid(Field.make("0" * 81))
    >>> find_fish(g, 2) is None
    True
    """
    peers_mask = _peer_masks(g)
    for d in range(9):
        bit = 1 << d
        unit_mask = [_mask([c for c in g.units[u] if not g.value[c] and g.cand[c] & bit])
                     for u in range(27)]
        for bases_pool, covers_pool in FAMILIES[family]:
            step = _fish_for_digit(g, d, n, family, finned, max_fins, unit_mask, peers_mask,
                                   bases_pool, covers_pool)
            if step is not None:
                return step
    return None


def _peer_masks(g: Grid) -> list[int]:
    cached = getattr(g, "_peer_masks", None)
    if cached is None:
        cached = [_mask(sorted(g.peers[c])) for c in range(81)]
        g._peer_masks = cached  # type: ignore[attr-defined]
    return cached


def _fish_for_digit(g: Grid, d: int, n: int, family: str, finned: bool, max_fins: int,
                    unit_mask: list[int], peers_mask: list[int],
                    bases_pool: tuple[int, ...], covers_pool: tuple[int, ...]) -> Step | None:
    extra = max_fins if finned else 0
    pool = [u for u in bases_pool if 2 <= unit_mask[u].bit_count() <= n + extra + 2]
    for combo in combinations(pool, n):
        base = 0
        disjoint = True
        for u in combo:
            if base & unit_mask[u]:
                disjoint = False
                break
            base |= unit_mask[u]
        if not disjoint:
            continue
        touching = [v for v in covers_pool if v not in combo and unit_mask[v] & base]
        if len(touching) < n or len(touching) > 2 * n + 3:
            continue
        # n covers must hold all but at most ``extra`` base cells
        sizes = sorted(((unit_mask[v] & base).bit_count() for v in touching), reverse=True)
        if sum(sizes[:n]) < base.bit_count() - extra:
            continue
        base_has_block = any(u >= 18 for u in combo)
        for covers in combinations(touching, n):
            cover = 0
            for v in covers:
                cover |= unit_mask[v]
            fins = base & ~cover
            nfins = fins.bit_count()
            if (nfins > 0) != finned or nfins > max_fins:
                continue
            if family == "franken" and not base_has_block and all(v < 18 for v in covers):
                continue  # a basic fish
            if family == "mutant" and family_of(combo, covers) != "mutant":
                continue
            see_fins = (1 << 81) - 1
            for f in _cells(fins):
                see_fins &= peers_mask[f]
            targets = cover & ~base & see_fins
            # a base cell in two covers cannot be true (cannibalism)
            twice = 0
            seen = 0
            for v in covers:
                twice |= seen & unit_mask[v]
                seen |= unit_mask[v]
            targets |= twice & base & see_fins
            if not targets:
                continue
            cells = _cells(base)
            sashimi = bool(nfins) and any((unit_mask[u] & ~fins).bit_count() <= 1
                                          for u in combo)
            return Step(fish_name(n, family, nfins, sashimi),
                        eliminations=[(c, d + 1) for c in _cells(targets)],
                        cells=cells, candidates=[(c, d + 1) for c in cells],
                        units=[*combo, *covers], size=nfins)
    return None
