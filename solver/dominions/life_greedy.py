"""A quick search for a killing sequence played by the rules: the attacker fills the target
group's liberty cells, the placements that keep the most liberties first, a few branches per
step, within a node budget. What it finds is a witness like any other (the prover replays
it); when it finds nothing it proves nothing.

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [9, 8]})
>>> [pos.move_text(m) for m in greedy_kill(pos, pos.board.cell_index("c3"))]
['P9d4']
"""

from __future__ import annotations

from puzzles.dominions import PASS, Move, Position


def greedy_kill(pos: Position, cell: int, nodes: int = 200, width: int = 3) -> list[Move] | None:
    """A killing sequence for the group on ``cell`` (its owner passing), or None."""
    attacker = 1 - pos.owner[cell]
    p = pos.copy()
    p.passes = 0
    p.to_move = attacker
    line: list[Move] = []
    spent = [0]

    def dfs() -> bool:
        gid, table = p.groups()
        libs = sorted(table[gid[cell]].liberties)
        options = sorted(p.iter_placements(attacker, cells=libs),
                         key=lambda o: (-(o[3] > 0), -o[2], o[1].bit_count(), o[0], o[1]))
        for tried, (c, piece, _, _) in enumerate(options):
            if spent[0] >= nodes or tried >= width:
                return False
            spent[0] += 1
            move = Move(c, piece)
            p.push(move)
            line.append(move)
            if p.owner[cell] == attacker:
                return True
            p.push(PASS)
            if dfs():
                return True
            p.pop()
            p.pop()
            line.pop()
        return False

    return list(line) if dfs() else None
