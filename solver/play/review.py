"""Game review for every game: the loss of each move of a record, measured at one budget.

For move ``k`` played by seat ``m``, from ``m``'s information only (the search draws its
determinizations for ``m``):

1. the review's player (:class:`solver.play.mcts.MCTSPlayer` with the game's knowledge) searches the
   position before the move with the budget and names its *best move* (the most visited);
2. the best move and the move played are each *evaluated* by a search of the same budget whose
   root holds only that move (``MCTSPlayer.search(root_moves=[move])``), both with the same
   random source (common random numbers, so the difference is not seed noise);
3. ``loss = max(0, value(best) - value(played))`` in win-probability units (0..1). When the
   move played is the best move it is not evaluated twice: its loss is 0 by construction, and
   it is judged ``best``, never a mistake.

A loss is judged by the game's thresholds (``Knowledge.review_thresholds``: inaccuracy,
mistake, blunder), which each game chose from the measured noise of its evaluation (the spread
of the value of one position over seeds, ``python3 -m benchmarks.review_noise``); below the
first the move is ``good``. Per seat (every seat of a game of three or four) the review counts
the judgements and the mean loss.

The record is read by its game (:meth:`puzzles.game.GameDef.read_record`); which game wrote a
record is found at the edge (``solver.games.record_game``). :meth:`Review.to_json` is the
document ``solver review --json`` prints and the browser's review page reads (its shape is in
``docs/players.md``; ``format`` names its version).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.game import GameDef, GameState, PlayerOptions
from reports.plot_labels import box_of, place_labels
from solver.play.mcts import Knowledge, MCTSPlayer

#: The version of the review document (:meth:`Review.to_json`).
FORMAT = "solver-review/1"
#: The judgements, from the review player's own move to the worst.
JUDGEMENTS = ("best", "good", "inaccuracy", "mistake", "blunder")
TOP = 5
#: The colour of the mistakes' marks and labels in the review plot.
MISTAKE_COLOUR = "#b00020"
#: Offset of the seed of the two move evaluations from that of the search that picks the best.
EVAL_SEED = 1 << 20


@dataclass(frozen=True)
class Thresholds:
    """The losses from which a move is an inaccuracy, a mistake and a blunder."""

    inaccuracy: float
    mistake: float
    blunder: float

    @classmethod
    def of(cls, knowledge: Knowledge) -> Thresholds:
        """The game's thresholds (``Knowledge.review_thresholds``)."""
        return cls(*knowledge.review_thresholds)

    def judge(self, loss: float, best: bool) -> str:
        """The judgement of a move with ``loss``; the review player's ``best`` move is ``best``."""
        if best:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def to_json(self) -> dict[str, float]:
        """``{"inaccuracy", "mistake", "blunder"}``."""
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake,
                "blunder": self.blunder}


@dataclass
class MoveReview:
    """One move: who played it, the review's best move, both values, the loss, the verdict."""

    number: int
    seat: int
    move: str
    best: str
    best_value: float
    played_value: float
    loss: float
    judgement: str

    def to_json(self) -> dict[str, Any]:
        """``{"number", "seat", "move", "best", "best_value", "played_value", "loss",
        "judgement"}``."""
        return {"number": self.number, "seat": self.seat, "move": self.move,
                "best": self.best, "best_value": round(self.best_value, 4),
                "played_value": round(self.played_value, 4), "loss": round(self.loss, 4),
                "judgement": self.judgement}


@dataclass
class Review:
    """The review of a record (``interrupted`` when Ctrl-C stopped it early)."""

    game: GameDef
    seats: int
    thresholds: Thresholds
    max_nodes: int | None = None
    move_time: float | None = None
    seed: int = 1
    moves: list[MoveReview] = field(default_factory=list)
    interrupted: bool = False
    total: int = 0

    def mistakes(self, top: int = TOP) -> list[MoveReview]:
        """The mistakes and blunders with the largest losses, biggest first."""
        bad = [m for m in self.moves if m.judgement in ("mistake", "blunder")]
        return sorted(bad, key=lambda m: (-m.loss, m.number))[:top]

    def by_seat(self) -> list[dict[str, Any]]:
        """Per seat: ``{"seat", "moves", "best", "good", "inaccuracy", "mistake", "blunder",
        "mean_loss"}`` (counts of each judgement)."""
        out = []
        for seat in range(self.seats):
            mine = [m for m in self.moves if m.seat == seat]
            row: dict[str, Any] = {"seat": seat, "moves": len(mine)}
            for j in JUDGEMENTS:
                row[j] = sum(1 for m in mine if m.judgement == j)
            row["mean_loss"] = round(sum(m.loss for m in mine) / len(mine), 4) if mine else 0.0
            out.append(row)
        return out

    def to_json(self) -> dict[str, Any]:
        """The review document (``docs/players.md``, "The review document")."""
        return {"format": FORMAT, "game": self.game.name, "seats": self.seats,
                "seed": self.seed,
                "budget": {"max_nodes": self.max_nodes, "move_time": self.move_time},
                "thresholds": self.thresholds.to_json(),
                "moves": [m.to_json() for m in self.moves],
                "by_seat": self.by_seat(),
                "mistakes": [m.number for m in self.mistakes()],
                "interrupted": self.interrupted, "reviewed": len(self.moves),
                "total": self.total}


def move_value(player: MCTSPlayer, state: GameState[Any], move: Any, seed: int) -> float:
    """The value of ``move`` for the seat to move: a search of the player's budget through
    that move only, from that seat's information."""
    stats, _ = player.search(state, random.Random(seed), root_moves=[move])
    return stats.children[0][2] if stats.children else 0.0


def review_move(player: MCTSPlayer, state: GameState[Any], move: Any, thresholds: Thresholds,
                number: int, seed: int) -> tuple[MoveReview, Any]:
    """The review of ``move`` in ``state`` (seed: the search's; the evaluations use
    ``seed + EVAL_SEED``), and the player's best move."""
    _, best = player.search(state, random.Random(seed))
    seat = state.to_move()
    text, best_text = state.move_text(move), state.move_text(best)
    best_value = move_value(player, state, best, seed + EVAL_SEED)
    if text == best_text:
        played_value, loss = best_value, 0.0
    else:
        played_value = move_value(player, state, move, seed + EVAL_SEED)
        loss = max(0.0, best_value - played_value)
    return (MoveReview(number, seat, text, best_text, best_value, played_value, loss,
                       thresholds.judge(loss, text == best_text)), best)


def review_player(game: GameDef, max_nodes: int | None = 200, move_time: float | None = None,
                  seed: int = 1) -> MCTSPlayer:
    """The review's player: the game's MCTS with the budget (no contempt: values are the
    game's returns)."""
    return MCTSPlayer(PlayerOptions(seed, move_time, max_nodes), game.knowledge())


def review_state(game: GameDef, start: GameState[Any], moves: list[Any],
                 max_nodes: int | None = 200, move_time: float | None = None, seed: int = 1,
                 step: Callable[[MoveReview], None] | None = None) -> Review:
    """Review ``moves`` played from ``start``; Ctrl-C keeps the moves reviewed so far."""
    state = start.clone()
    player = review_player(game, max_nodes, move_time, seed)
    thresholds = Thresholds.of(player.knowledge)
    review = Review(game, start.num_seats, thresholds, max_nodes, move_time, seed,
                    total=len(moves))
    try:
        for k, move in enumerate(moves):
            if state.is_over():
                break
            r, _ = review_move(player, state, move, thresholds, k + 1, seed * 1_000_003 + k)
            review.moves.append(r)
            if step is not None:
                step(r)
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
    """The value of each move played for its seat over the game, SVG or PNG; mistakes and
    blunders labelled (:func:`review_figure`)."""
    import matplotlib.pyplot as plt

    fig = review_figure(review)
    fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    plt.close(fig)


def review_figure(review: Review) -> Any:
    """The figure of :func:`plot_review` (a ``matplotlib.figure.Figure``; close it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "review"
    fig, ax = plt.subplots(figsize=(7.0, 3.2))
    for seat in range(review.seats):
        pts = [(m.number, m.played_value) for m in review.moves if m.seat == seat]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", lw=1,
                    label=f"seat {seat + 1}: value of its move")
    mistakes = review.mistakes()
    if mistakes:
        ax.plot([m.number for m in mistakes], [m.played_value for m in mistakes], ls="none",
                marker="o", ms=6, mfc="none", mec=MISTAKE_COLOUR, mew=0.8,
                label="mistake or blunder (the move played)")
    ax.set_ylim(-0.02, 1.15)  # room above 1 for the labels of late mistakes
    ax.set_xlabel("move")
    ax.set_ylabel("computer's value for the mover")
    ax.set_title(f"{review.game.name} review")
    legend = ax.legend(fontsize=7)
    fig.tight_layout()
    fig.canvas.draw()  # the layout is final: the legend stays where it is, labels avoid it
    legend.set_loc(tuple(legend.get_window_extent().transformed(ax.transAxes.inverted()).p0))
    data: list[Any] = [line.get_xydata() for line in ax.get_lines()]
    points = [(float(x), float(y)) for xy in data for x, y in ax.transData.transform(xy)]
    place_labels(ax, [(m.number, m.played_value, m.move) for m in mistakes],
                 obstacles=[box_of(legend.get_window_extent())], points=points,
                 color=MISTAKE_COLOUR)
    return fig
