"""Demo sections for Numbridge Domains: generated fields, a self-played game and its analysis."""

from __future__ import annotations

from puzzles.numbridge.record import read_record, replay, write_record
from puzzles.numbridge.state import NumbridgeState
from reports.html import Figure, Section, Table
from reports.numbridge import field_svg
from solver.numbridge.analysis import MAP_LEGEND, Analysis, analyse, explain_result
from solver.numbridge.difficulty import rate
from solver.numbridge.gamedef import NUMBRIDGE
from solver.numbridge.generate import generate
from solver.numbridge.models import cpsat_count
from solver.numbridge.pictures import position_svg
from solver.play.match import play_one


def sections(seed: int) -> list[Section]:
    """Two generated fields (regular and irregular), a greedy-vs-search game and its analysis."""
    figures = []
    rows: list[list[object]] = []
    for kind in ("regular", "irregular"):
        g = generate(30, kind, seed)
        r = rate(g.field)
        check = cpsat_count(g.field, cap=2)[0]
        figures.append(Figure(field_svg(g.field.blocks, g.field.givens),
                              f"{kind} blocks, 30 givens, seed {seed}"))
        rows.append([kind, g.field.given_count, "yes" if check == 1 else "NO", r.hardest,
                     r.nodes, ", ".join(f"{k} {v}" for k, v in r.used.items())])
    fields = Section("Numbridge fields", [
        "Each field has exactly one solution: our numba bitmask search removes givens while the "
        "solution stays unique, and an independent CP-SAT model confirms it below. Irregular "
        "blocks are nine connected regions of nine cells grown at random.",
    ], figures, [Table(["blocks", "givens", "unique (CP-SAT)", "hardest technique",
                        "search nodes", "techniques used"], rows)])
    state, _ = play_one(NUMBRIDGE, ["search", "greedy"], seed, {"givens": 30})
    assert isinstance(state, NumbridgeState)
    end = state.g
    rec = read_record(write_record(end, ("search", "greedy")))
    half = replay(rec, len(rec.moves) // 2)
    a_mid, a_end = analyse(half), analyse(end)
    def scoreboard(a: Analysis, when: str) -> Table:
        """The block table; the contested/decisive columns only when some block is."""
        header = ["block", "A", "B", "empty", "owner"]
        rows: list[list[object]] = [[bi.block, bi.a, bi.b, bi.empty,
                                     {1: "A", 2: "B"}.get(bi.owner, "-")] for bi in a.blocks]
        for name, flags in (("contested", [bi.contested for bi in a.blocks]),
                            ("decisive", [bi.decisive for bi in a.blocks])):
            if any(flags):
                header.append(name)
                for row, flag in zip(rows, flags, strict=True):
                    row.append("yes" if flag else "")
        contested = ", ".join(map(str, a.contested)) or "none"
        decisive = ", ".join(map(str, a.decisive)) or (
            "none (only a win on blocks has decisive blocks)" if when == "at the end" else "-")
        return Table(header, rows, f"block scoreboard {when}: contested {contested}; "
                     f"decisive {decisive}")

    end_note = explain_result(end)
    tables = [scoreboard(a_mid, "at mid-game"), scoreboard(a_end, "at the end")]
    play = Section("Numbridge Domains: a self-played game", [
        f"Search player (A, blue) against greedy (B, red) on a regular field; {end.move_number} "
        f"moves in the 1-2-2 order. {end_note} (A result reads A-B as in the records: "
        "0-1 blocks means B won on blocks.)",
        "Cells show their owner's colour; resolved blocks are outlined in the owner's colour; "
        "at the end the decisive blocks are outlined more strongly. Column letters a-i and "
        "row numbers 1-9 name the cells as the records do (e5 is the centre).",
        f"Block map: {MAP_LEGEND}.",
    ], [Figure(position_svg(half, candidates=True, title=a_mid.status), "mid-game, with "
               "candidates"), Figure(position_svg(end, title=a_end.status), "the end")],
        tables,
        pre=["mid-game block map:\n" + "\n".join(a_mid.block_map),
             "final block map:\n" + "\n".join(a_end.block_map)])
    return [fields, play]
