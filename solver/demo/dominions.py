"""Demo sections for Dominions: an analysed self-play position, a puzzle, a short match."""

from __future__ import annotations

from pathlib import Path

from puzzles.dominions import Position
from reports.dominions import Marks, position_svg
from reports.html import Figure, Section, Table
from solver.dominions.analysis import analyse
from solver.dominions.gamedef import DOMINIONS
from solver.dominions.players import GreedyPlayer, RandomPlayer
from solver.dominions.puzzles import Puzzle, answer_move, parse_collection, solutions
from solver.dominions.search import search
from solver.dominions.tracker import Tracker
from solver.play.match import run_match

COLLECTION = Path(__file__).parents[2] / "puzzles" / "dominions" / "data" / "puzzles.txt"


def _position(seed: int, plies: int = 44) -> Position:
    pos = Position()
    t = Tracker(pos)
    players = (GreedyPlayer(seed), RandomPlayer(seed + 1))
    while len(pos.moves) < plies and not pos.is_over():
        t.push(players[pos.to_move].choose(t))
    return pos


def puzzle_section(p: Puzzle) -> Section:
    """A puzzle of the collection, its answer and the proof of uniqueness, made here: every
    legal placement of the player to move is tried (``solver.dominions.puzzles.solutions``)."""
    ppos = p.position()
    target = [ppos.board.cell_index(n) for n in p.target]
    ans = answer_move(p, ppos)
    groups = [(ppos.to_move, target)] if target else []
    fig = position_svg(ppos, Marks(groups=groups), title=f"puzzle: {p.goal}")
    answer = position_svg(ppos, Marks(groups=groups, highlight=[ans.cell],
                                      highlight_label="the answer"),
                          title=f"answer: {p.answer}")
    legal = sum(1 for _ in ppos.legal_placements())
    found = solutions(Tracker(ppos.copy()), p.goal, frozenset(target))
    if found == [ans]:
        proof = (f"proven unique when this page was made: of the {legal} legal placements "
                 f"only this one meets the goal (exhaustive search to depth {p.depth})")
    else:
        proof = (f"NOT proven: {len(found)} of the {legal} legal placements meet the goal, "
                 f"{'including' if ans in found else 'not including'} the stored answer")
    return Section("Dominions: a puzzle from the collection", [
        p.question(), "The answer is hidden below the puzzle.",
    ], [Figure(fig, p.question()),
        Figure(answer, f"answer: {p.answer} (green cell); {proof}", reveal="Show the answer")])


def sections(seed: int) -> list[Section]:
    """Dominions: analysis picture, best move, a puzzle and a two-game match (a few seconds)."""
    pos = _position(seed)
    a = analyse(pos)
    last = pos.last_outcome()
    marks = Marks(groups=[(g.view.colour, sorted(g.view.cells)) for g in a.groups],
                  eyes={0: a.eyes["W"], 1: a.eyes["B"]}, oscillation=a.oscillation_cells,
                  last=[last[0].cell] if last and not last[0].is_pass else [])
    best = search(Tracker(pos.copy()), budget=120)
    name = pos.board.name
    alive = sum(1 for g in a.groups if g.alive)
    atari = sum(1 for g in a.groups if g.atari)
    out = [Section("Dominions: analysis of a self-play position", [
        f"Greedy (White) against random (Black), seed {seed}, after {len(pos.moves)} moves. "
        f"Score (pieces on the board minus pieces still in hand, so negative early on) "
        f"W {a.score['W']}, B {a.score['B']}; legal placements W {a.legal_counts['W']}, "
        f"B {a.legal_counts['B']}; {len(a.groups)} groups in {len(a.sections)} sections, "
        f"{atari} in atari, {alive} living unconditionally.",
        "W eyes: " + (" ".join(name(c) for c in a.eyes["W"]) or "none") + "; B eyes: "
        + (" ".join(name(c) for c in a.eyes["B"]) or "none") + ".",
        f"Search ({best.nodes} nodes, depth {best.depth}) suggests "
        f"{pos.move_text(best.move)} for {'WB'[pos.to_move]} (read: piece {best.move.piece} "
        f"on cell {name(best.move.cell)}, row letter then line number), value "
        f"{best.value:+.1f} (its evaluation from the mover's side: the score difference "
        "with corrections for weak and living groups).",
    ], [Figure(position_svg(pos, marks, title=f"after {len(pos.moves)} moves"),
               "the legend under the board names every colour and marker")])]
    puzzles = parse_collection(COLLECTION.read_text())
    if puzzles:
        out.append(puzzle_section(puzzles[seed % len(puzzles)]))
    match = run_match(DOMINIONS, ["greedy", "random"], 2, seed)
    rows: list[list[object]] = [[g.number, g.lineup[0], g.lineup[1], g.result]
                                for g in match.games]
    t = match.tally()
    out.append(Section("Dominions: self-play", [
        "Two seeded games, colours alternating (the one runner of `solver ladder`). Over 50 "
        "games greedy beats random and the search player beats greedy (see docs/players.md "
        "for the ladder tables).",
        f"Greedy: {int(t['greedy']['wins'])} wins in {int(t['greedy']['games'])} games.",
    ], tables=[Table(["game", "white", "black", "result"], rows)]))
    return out
