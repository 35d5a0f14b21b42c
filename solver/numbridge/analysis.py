"""The block analysis players see: scoreboard, block map, contested blocks, cells left per
block, who can still win, the blocks that decided the outcome, candidates per empty cell.

Project rules (documented in docs/numbridge.md):

- A cell is *open* for a player when it is empty and a tile of its solution digit is still in
  the bag or a hand, or when it is an unclaimed given and a tile is left to pay for it (one of
  the given's digit under the ``digit`` claim rule, any tile under ``any``).
- A player *can still win* when the blocks he holds plus the undecided blocks he can still reach
  (his cells + open cells >= 5) exceed the blocks his opponent holds (blocks are never lost), or
  equal them when the exhaustion rule counts cells.
- The *decisive blocks* of a result on blocks are the winner's blocks with the narrowest margin,
  as many as a swing needs: ``ceil((W - L - U) / 2)`` of them, where W, L are the blocks held by
  winner and loser and U the undecided ones -- had those gone to the loser, the outcome would not
  have been settled. A game played out to the end and won on cells (blocks level): the blocks
  where the winner holds more cells than the loser, widest margin first, as many as make up his
  cell lead. No blocks are decisive after a resignation, a flag or an agreed draw.
- Candidates appear only when the room allows candidate highlighting: otherwise the analysis
  holds none and its JSON has no ``candidates`` key.
- Block map: regular blocks in their 3x3 places; irregular blocks in rows of three by id.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> from puzzles.numbridge.game import Game
>>> sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
>>> a = analyse(Game.new(Field.make(sol[:72] + "0" * 9), sol, bag=list(range(1, 10))))
>>> a.scoreboard, a.block_map
((0, 0, 9), ['?   ?   ?', '?   ?   ?', '?   ?   ?'])
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from puzzles.numbridge.field import CELLS, cell_name, units
from puzzles.numbridge.game import MAJORITY, PLAYER_LETTER, Game

MAP_LETTER = {0: "?", 1: "s", 2: "r"}
#: What the block map's letters mean (the seed's letters: s first player, r second player).
MAP_LEGEND = "s = block of A, the first player (blue); r = block of B (red); ? = undecided"

_REASONS = {
    "blocks": "decided on blocks: the winner holds more blocks than the loser could still "
              "reach",
    "resign": "a player resigned",
    "agreement": "drawn by agreement",
    "time": "a player ran out of game time",
    "exhaustion": "exhaustion (neither player can move any more) with blocks and cells level: "
                  "drawn",
    "exhaustion: more blocks": "exhaustion: neither player can move any more, and the "
                               "player holding more blocks wins",
    "exhaustion: more cells": "exhaustion: neither player can move any more and the blocks "
                              "are level, so (room rule exhaustion=cells) the player holding "
                              "more cells wins; no block is decisive in a win on cells",
}


@dataclass
class BlockInfo:
    """One block: cells held by A and B, empty cells, unclaimed givens, open cells, owner."""

    block: int
    a: int
    b: int
    empty: int
    unclaimed: int
    open: int
    owner: int
    contested: bool
    decisive: bool = False

    def to_json(self) -> dict[str, object]:
        """``{"block", "A", "B", "empty", "unclaimed_givens", "open", "owner", "contested",
        "decisive"}``."""
        return {"block": self.block, "A": self.a, "B": self.b, "empty": self.empty,
                "unclaimed_givens": self.unclaimed, "open": self.open,
                "owner": PLAYER_LETTER.get(self.owner), "contested": self.contested,
                "decisive": self.decisive}


@dataclass
class Analysis:
    """Everything :func:`analyse` finds about a position."""

    scoreboard: tuple[int, int, int]
    block_map: list[str]
    blocks: list[BlockInfo]
    can_win: dict[int, bool]
    decisive: list[int]
    candidates: dict[int, int]
    status: str
    cells: tuple[int, int]
    extra: dict[str, object] = field(default_factory=dict)
    candidates_allowed: bool = True

    @property
    def contested(self) -> list[int]:
        """Undecided blocks where both players hold cells (4-4, 3-3 and the like)."""
        return [b.block for b in self.blocks if b.contested]

    def to_json(self) -> dict[str, object]:
        """The stable JSON document of the analysis."""
        a, b, u = self.scoreboard
        doc: dict[str, object] = {
            "status": self.status,
            "scoreboard": {"A": a, "B": b, "undecided": u},
            "cells": {"A": self.cells[0], "B": self.cells[1]},
            "block_map": self.block_map,
            "contested": self.contested,
            "can_win": {"A": self.can_win[1], "B": self.can_win[2]},
            "decisive": self.decisive,
            "blocks": [bi.to_json() for bi in self.blocks],
            **self.extra,
        }
        if self.candidates_allowed:
            doc["candidates"] = {cell_name(c): "".join(str(d + 1) for d in range(9) if m >> d & 1)
                                 for c, m in sorted(self.candidates.items())}
        return doc


def candidates(g: Game) -> dict[int, int]:
    """Empty cell -> bitmask of digits (bit d-1) not yet in its row, column or block."""
    us = units(g.field.blocks)
    seen = [0] * 27
    for u, cells in enumerate(us):
        for c in cells:
            if g.digits[c]:
                seen[u] |= 1 << (g.digits[c] - 1)
    of_cell: list[list[int]] = [[] for _ in range(CELLS)]
    for u, cells in enumerate(us):
        for c in cells:
            of_cell[c].append(u)
    out = {}
    for c in range(CELLS):
        if not g.digits[c]:
            m = 511
            for u in of_cell[c]:
                m &= ~seen[u]
            out[c] = m
    return out


def open_cells(g: Game) -> set[int]:
    """Cells a player can still take (see the module's project rules)."""
    tiles = Counter(g.bag) + Counter(g.hands[1]) + Counter(g.hands[2])
    cost = g.settings.claim_cost
    any_tile = sum(tiles.values()) >= cost
    by_digit = g.settings.claim_tile == "digit"
    out = set()
    for c in range(CELLS):
        if g.is_given(c):
            if g.owner[c] == 0 and (tiles[g.digits[c]] >= cost if by_digit else any_tile):
                out.add(c)
        elif g.digits[c] == 0 and tiles[int(g.solution[c])] > 0:
            out.add(c)
    return out


def block_infos(g: Game) -> list[BlockInfo]:
    """Per-block counts, owner and whether the block is contested."""
    opened = open_cells(g)
    out = []
    for b, cells in g.blocks.items():
        a = sum(1 for c in cells if g.owner[c] == 1)
        r = sum(1 for c in cells if g.owner[c] == 2)
        owner = 1 if a >= MAJORITY else 2 if r >= MAJORITY else 0
        out.append(BlockInfo(
            b, a, r, sum(1 for c in cells if g.digits[c] == 0),
            sum(1 for c in cells if g.is_given(c) and g.owner[c] == 0),
            sum(1 for c in cells if c in opened), owner, owner == 0 and a > 0 and r > 0))
    return out


def can_still_win(g: Game, infos: list[BlockInfo]) -> dict[int, bool]:
    """Player -> whether he can still win (module rule)."""
    if g.result is not None:
        return {1: g.result.winner == 1, 2: g.result.winner == 2}
    out = {}
    for p in (1, 2):
        held = sum(1 for bi in infos if bi.owner == p)
        opp = sum(1 for bi in infos if bi.owner == 3 - p)
        reach = sum(1 for bi in infos if bi.owner == 0 and
                    (bi.a if p == 1 else bi.b) + bi.open >= MAJORITY)
        best = held + reach
        out[p] = best > opp or (best == opp and g.settings.exhaustion == "cells")
    return out


def decisive_blocks(g: Game, infos: list[BlockInfo]) -> list[int]:
    """The blocks that decided a finished game (module rule); [] while it goes on."""
    r = g.result
    if r is None or r.winner == 0:
        return []
    w = r.winner
    if r.reason.endswith("more cells"):
        margins = sorted(((bi.a - bi.b if w == 1 else bi.b - bi.a), -bi.block) for bi in infos)
        lead = abs(r.cells[0] - r.cells[1])
        chosen: list[int] = []
        for margin, neg in reversed(margins):
            if margin <= 0 or lead <= 0:
                break
            chosen.append(-neg)
            lead -= margin
        return sorted(chosen)
    if not (r.reason == "blocks" or r.reason.startswith("exhaustion: more blocks")):
        return []
    won = [bi for bi in infos if bi.owner == w]
    lost = sum(1 for bi in infos if bi.owner == 3 - w)
    undecided = sum(1 for bi in infos if bi.owner == 0)
    k = max(1, math.ceil((len(won) - lost - undecided) / 2))
    won.sort(key=lambda bi: ((bi.a - bi.b) if w == 1 else (bi.b - bi.a), bi.block))
    return sorted(bi.block for bi in won[:k])


def block_map(g: Game, infos: list[BlockInfo]) -> list[str]:
    """Three lines of ``s`` / ``r`` / ``?``: blocks by their place (regular) or by id."""
    letters = {bi.block: MAP_LETTER[bi.owner] for bi in infos}
    return ["   ".join(letters[b] for b in range(row * 3 + 1, row * 3 + 4)) for row in range(3)]


def explain_result(g: Game) -> str:
    """One sentence saying how the game ended and what its result reason means ('' while it
    goes on)."""
    r = g.result
    if r is None:
        return ""
    who = {0: "Drawn", 1: "A wins", 2: "B wins"}[r.winner]
    a, b = r.blocks
    ca, cb = r.cells
    meaning = _REASONS.get(r.reason, r.reason)
    return (f"{who} ({r.text()}): {meaning}. Blocks A {a}, B {b}; cells A {ca}, B {cb}.")


def analyse(g: Game) -> Analysis:
    """The full block analysis of a position.

    Complexity: O(81 * units); microseconds to a millisecond.
    """
    infos = block_infos(g)
    decisive = decisive_blocks(g, infos)
    for bi in infos:
        bi.decisive = bi.block in decisive
    a = sum(1 for bi in infos if bi.owner == 1)
    b = sum(1 for bi in infos if bi.owner == 2)
    return Analysis(
        scoreboard=(a, b, 9 - a - b), block_map=block_map(g, infos), blocks=infos,
        can_win=can_still_win(g, infos), decisive=decisive,
        candidates=candidates(g) if g.settings.candidates else {},
        candidates_allowed=g.settings.candidates,
        status=g.status_line(), cells=g.cells_held(),
        extra={"move_number": g.move_number, "to_move": PLAYER_LETTER[g.mover],
               "one_more_in_pair": g.one_more_in_pair,
               "result": g.result.text() if g.result else None,
               "hands": {"A": sorted(g.hands[1]), "B": sorted(g.hands[2])}, "bag": len(g.bag),
               "misses": {"A": g.misses[1], "B": g.misses[2]},
               "clock_used": {"A": round(g.used[1], 3), "B": round(g.used[2], 3)}})
