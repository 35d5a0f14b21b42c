"""Pictures of positions: the field with owners, block outlines and candidates."""

from __future__ import annotations

from puzzles.numbridge.game import Game
from reports.numbridge import OWNER_STROKE, BlockOutline, field_svg


def position_svg(g: Game, candidates: bool = False, title: str | None = None) -> str:
    """The picture of a position: owner colours, resolved blocks outlined, decisive stronger."""
    from solver.numbridge.analysis import analyse  # local: start-up

    a = analyse(g)
    outlines = {bi.block: BlockOutline(OWNER_STROKE[bi.owner], 7.0 if bi.decisive else 3.5,
                                       f"{'decisive' if bi.decisive else 'won'} block of "
                                       f"{'AB'[bi.owner - 1]}")
                for bi in a.blocks if bi.owner}
    if g.result is not None and g.result.winner:
        # a game won on cells: its decisive blocks are undecided, outlined in the winner's colour
        w = g.result.winner
        outlines.update({bi.block: BlockOutline(OWNER_STROKE[w], 7.0,
                                                f"decisive block of {'AB'[w - 1]} (cells)")
                         for bi in a.blocks if bi.decisive and not bi.owner})
    cand = None
    if candidates and g.settings.candidates:
        cand = [a.candidates.get(i, 0) for i in range(81)]
    return field_svg(g.field.blocks, "".join(map(str, g.digits)), g.field.givens,
                     owners=g.owner, candidates=cand, outlines=outlines, title=title)
