"""Game review for every game: the engine's view of each move of a record.

For move ``k`` played by seat ``m`` the engine (:class:`solver.play.mcts.MCTSPlayer`, from
``m``'s information only) searches the position before the move: its best move and the value
of that move for ``m`` are the evaluation *before*; the evaluation *after* is the engine's mean
value for ``m`` of the position after the move (the search of the next position; the game's
returns once it is over). ``loss = max(0, before - after)`` in win-probability units (0..1).
The biggest mistakes are the moves with the largest losses (at least ``MISTAKE``).

The game is detected from the record: a JSON document with ``"game": "dominimum"`` or
``"dominomega"``; a Numbridge record (``[Givens "..."]`` tags); otherwise a Dominions record
(``W[P63i9];B[...]``).

Examples
--------
>>> r = review_text("W[P63i9];B[P55h8];W[P48i8]", max_nodes=20)
>>> r.game, len(r.moves), r.moves[0].move
('dominions', 3, 'P63i9')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.errors import InvalidInputError, ParseError
from puzzles.game import GameState
from solver.play.base import PlayerOptions
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

    game: str
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
        return {"game": self.game, "seats": self.seats,
                "moves": [m.to_json() for m in self.moves],
                "mistakes": [m.to_json() for m in self.mistakes()],
                "interrupted": self.interrupted, "reviewed": len(self.moves),
                "total": self.total}


def load_record(text: str) -> tuple[GameState[Any], list[Any]]:
    """The starting state of a record of any game and the moves it plays.

    Raises
    ------
    ParseError, IllegalMoveError
        For a record that cannot be read or replayed.
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        from puzzles.documents import load_json

        doc = load_json(text, "record")
        kind = doc.get("game") if isinstance(doc, dict) else None
        if kind not in ("dominimum", "dominomega"):
            raise ParseError("record: a JSON record must name its game dominimum or dominomega")
        from puzzles.dominimum.records import replay
        from puzzles.dominimum.state import DominimumState, DominomegaState

        full = replay(doc)
        if not full.hands_known:
            raise InvalidInputError("record: a review needs the seed of the deal")
        moves = [m.placement for m in full.history]
        while full.history:
            full.undo()
        cls = DominimumState if kind == "dominimum" else DominomegaState
        return cls(full), moves
    if "[Givens" in text:
        from puzzles.numbridge.record import read_record, start_game
        from puzzles.numbridge.record import replay as replay_numbridge
        from puzzles.numbridge.state import NumbridgeState

        rec = read_record(text)
        replay_numbridge(rec)  # every move and the [Result] tag, as `numbridge analyse` does
        turn = [m for m in rec.moves if m.kind not in ("offer", "accept", "resign", "clock")]
        return NumbridgeState(start_game(rec)), turn
    from puzzles.dominions.records import parse_record, replay_record
    from puzzles.dominions.state import DominionsState

    drec = parse_record(text)
    played = replay_record(drec)  # checks every move, naming the first illegal one
    return DominionsState(drec.base), list(played.moves)


def review_state(start: GameState[Any], moves: list[Any], max_nodes: int | None = 200,
                 move_time: float | None = None, seed: int = 1,
                 step: Callable[[MoveReview], None] | None = None) -> Review:
    """Review ``moves`` played from ``start``; Ctrl-C keeps the moves reviewed so far."""
    state = start.clone()
    review = Review(start.game, start.num_seats, total=len(moves))
    engine = MCTSPlayer(PlayerOptions(seed, move_time, max_nodes))
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


def review_text(text: str, max_nodes: int | None = 200, move_time: float | None = None,
                seed: int = 1, step: Callable[[MoveReview], None] | None = None) -> Review:
    """Review a record given as text (see :func:`load_record`)."""
    start, moves = load_record(text)
    return review_state(start, moves, max_nodes, move_time, seed, step)


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


def board_svg(state: GameState[Any], title: str, moves: tuple[str, ...] = ()) -> str:
    """A picture of ``state`` with the game's own drawing code (Dominions: the cells of
    ``moves``, e.g. the move played and the best one, highlighted)."""
    if state.game == "dominions":
        from puzzles.dominions.state import DominionsState
        from reports.dominions import Marks, position_svg

        assert isinstance(state, DominionsState)
        cells = [m.cell for m in (state.parse_move(t) for t in moves) if not m.is_pass]
        return position_svg(state.position, Marks(highlight=cells), title=title)
    if state.game == "numbridge":
        from puzzles.numbridge.state import NumbridgeState
        from solver.numbridge.pictures import position_svg as nb_svg

        assert isinstance(state, NumbridgeState)
        return nb_svg(state.g, title=title)
    from puzzles.dominimum.state import DominimumState
    from reports.dominimum import layout_svg

    assert isinstance(state, DominimumState)
    return layout_svg(state.g.layout, title=title)


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
    ax.set_title(f"{review.game} review")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    plt.close(fig)
