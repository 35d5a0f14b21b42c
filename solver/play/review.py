"""Game review for every game: the search's view of each move of a record.

For move ``k`` played by seat ``m`` the search (:class:`solver.play.mcts.MCTSPlayer` with the
game's knowledge, from ``m``'s information only) looks at the position before the move: its
best move and the value of that move for ``m`` are the evaluation *before*; the evaluation
*after* is the search's mean value for ``m`` of the position after the move (the search of the
next position; the game's returns once it is over). ``loss = max(0, before - after)`` in
win-probability units (0..1). The biggest mistakes are the moves with the largest losses (at
least ``MISTAKE``).

The record is read by its game (:meth:`puzzles.game.GameDef.read_record`); which game wrote a
record is found at the edge (``solver.games.record_game``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.game import GameDef, GameState, PlayerOptions
from solver.play.mcts import MCTSPlayer

MISTAKE = 0.05
TOP = 5


@dataclass
class MoveReview:
    """One move: who played it, the engine's best move, evaluations and the loss."""

    number: int
    seat: int
    move: str
    best: str
    before: float
    after: float
    loss: float

    def to_json(self) -> dict[str, Any]:
        """``{"number", "seat", "move", "best", "before", "after", "loss"}``."""
        return {"number": self.number, "seat": self.seat, "move": self.move,
                "best": self.best, "before": round(self.before, 4),
                "after": round(self.after, 4), "loss": round(self.loss, 4)}


@dataclass
class Review:
    """The review of a record (``interrupted`` when Ctrl-C stopped it early)."""

    game: GameDef
    seats: int
    moves: list[MoveReview] = field(default_factory=list)
    interrupted: bool = False
    total: int = 0

    def mistakes(self, top: int = TOP) -> list[MoveReview]:
        """The moves with the largest losses (at least ``MISTAKE``), biggest first."""
        bad = [m for m in self.moves if m.loss >= MISTAKE]
        return sorted(bad, key=lambda m: (-m.loss, m.number))[:top]

    def to_json(self) -> dict[str, Any]:
        """``{"game", "seats", "moves": [...], "mistakes": [...], "interrupted",
        "reviewed", "total"}``."""
        return {"game": self.game.name, "seats": self.seats,
                "moves": [m.to_json() for m in self.moves],
                "mistakes": [m.to_json() for m in self.mistakes()],
                "interrupted": self.interrupted, "reviewed": len(self.moves),
                "total": self.total}


def review_state(game: GameDef, start: GameState[Any], moves: list[Any],
                 max_nodes: int | None = 200, move_time: float | None = None, seed: int = 1,
                 step: Callable[[MoveReview], None] | None = None) -> Review:
    """Review ``moves`` played from ``start``; Ctrl-C keeps the moves reviewed so far."""
    state = start.clone()
    review = Review(game, start.num_seats, total=len(moves))
    engine = MCTSPlayer(PlayerOptions(seed, move_time, max_nodes), game.knowledge())
    try:
        pending: tuple[int, int, str, str, float] | None = None
        for k, move in enumerate([*moves, None]):
            if state.is_over() or move is None:
                values = state.returns() if state.is_over() else None
            else:
                values = None
            if values is None and not state.is_over():
                stats, best = engine.search(state, random.Random(seed * 1_000_003 + k))
                values = stats.values
            else:
                stats, best = None, None
            assert values is not None
            if pending is not None:
                number, seat, text, best_text, before = pending
                after = values[seat]
                r = MoveReview(number, seat, text, best_text, before, after,
                               max(0.0, before - after))
                review.moves.append(r)
                if step is not None:
                    step(r)
            if move is None or state.is_over():
                break
            seat = state.to_move()
            text = state.move_text(move)
            assert stats is not None
            pending = (k + 1, seat, text, state.move_text(best), stats.best_value)
            state.apply(move)
    except KeyboardInterrupt:
        review.interrupted = True
    return review


def review_text(game: GameDef, text: str, max_nodes: int | None = 200,
                move_time: float | None = None, seed: int = 1,
                step: Callable[[MoveReview], None] | None = None) -> Review:
    """Review a record of ``game`` given as text."""
    start, moves = game.read_record(text)
    return review_state(game, start, moves, max_nodes, move_time, seed, step)


def states_at(start: GameState[Any], moves: list[Any], numbers: list[int]
              ) -> dict[int, GameState[Any]]:
    """The states before the moves ``numbers`` (1-based) of a record."""
    out: dict[int, GameState[Any]] = {}
    state = start.clone()
    wanted = set(numbers)
    for k, move in enumerate(moves, start=1):
        if k in wanted:
            out[k] = state.clone()
        if len(out) == len(wanted):
            break
        state.apply(move)
    return out


def plot_review(review: Review, path: str) -> None:
    """The evaluation over the game for each seat (after each move), SVG or PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "review"
    fig, ax = plt.subplots(figsize=(7.0, 3.2))
    xs = [m.number for m in review.moves]
    for seat in range(review.seats):
        ys = [m.after if m.seat == seat else None for m in review.moves]
        pts = [(x, y) for x, y in zip(xs, ys, strict=True) if y is not None]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", lw=1,
                    label=f"seat {seat} after its move")
    for k, m in enumerate(review.mistakes()):  # staggered above the curve, boxed, so
        # neighbouring mistakes and the line do not cover each other
        ax.annotate(m.move, (m.number, m.after), xytext=(0, 12 + 11 * (k % 3)),
                    textcoords="offset points", ha="center", fontsize=7, color="#b00020",
                    bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none",
                          "alpha": 0.85},
                    arrowprops={"arrowstyle": "-", "lw": 0.5, "color": "#b00020"})
    ax.set_ylim(-0.02, 1.15)  # room above 1 for the labels of late mistakes
    ax.set_xlabel("move")
    ax.set_ylabel("engine value for the mover")
    ax.set_title(f"{review.game.name} review")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    plt.close(fig)
