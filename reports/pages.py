"""The HTML pages of the command line, composed in one place from domain objects and results.

A command parses its options, runs the search and hands what it found to one function here,
which lays out the sections (``reports.html``) and returns the page. Results made by the search
floor are read through the small protocols below (the attributes a page needs), so this module
knows nothing of search. Pictures whose drawing needs the search's own knowledge (a game's
board at a move, a plot) arrive drawn, as SVG text.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from puzzles.arrangements import Arrangement
from puzzles.dominions import COLOUR_LETTERS, Position
from puzzles.grids import Cell
from reports.beams import arrangement_svg, arrangement_text
from reports.html import Figure, Section, Table, render_page

# -- arrangements --------------------------------------------------------------------------


def arrangement_page(arr: Arrangement, description: str, fixed: Collection[Cell],
                     picture: str) -> str:
    """``solver arrange find --html``: the arrangement found (its ``picture``), checked."""
    section = Section(description.capitalize(), paragraphs=[
        f"{len(arr.placements)} pieces placed; checked by the independent verifier."
        + (" Fixed pieces are outlined in red." if fixed else "")],
        figures=[Figure(picture, "piece numbers are sums of their beam directions")],
        pre=[arrangement_text(arr)])
    return render_page("Arrangement", [section])


def arrangement_puzzle_page(description: str, picture: str, answer: Arrangement,
                            clues: Collection[Cell]) -> str:
    """``solver arrange puzzles --html``: the puzzle (``picture``: its clues) and its answer
    behind a click."""
    return render_page("Arrangement puzzle", [Section(
        description,
        [f"Place the remaining {len(answer.placements) - len(clues)} pieces. "
         "Exactly one completion exists (proven by counting to 2)."],
        [Figure(picture, "the puzzle"),
         Figure(arrangement_svg(answer, highlight=frozenset(clues)),
                "the answer (clues outlined)", reveal="Show the answer")])])


# -- game reviews ----------------------------------------------------------------------------


class ReviewedMove(Protocol):
    """One reviewed move (``solver.play.review.MoveReview``)."""

    @property
    def number(self) -> int: ...

    @property
    def seat(self) -> int: ...

    @property
    def move(self) -> str: ...

    @property
    def best(self) -> str: ...

    @property
    def best_value(self) -> float: ...

    @property
    def played_value(self) -> float: ...

    @property
    def loss(self) -> float: ...

    @property
    def judgement(self) -> str: ...


class ReviewThresholds(Protocol):
    """The losses from which a move is an inaccuracy, a mistake, a blunder."""

    @property
    def inaccuracy(self) -> float: ...

    @property
    def mistake(self) -> float: ...

    @property
    def blunder(self) -> float: ...


class GameReview(Protocol):
    """A reviewed game (``solver.play.review.Review``)."""

    @property
    def total(self) -> int: ...

    @property
    def moves(self) -> Sequence[ReviewedMove]: ...

    @property
    def thresholds(self) -> ReviewThresholds: ...

    def by_seat(self) -> list[dict[str, Any]]: ...


REVIEW_HEADER = ["move", "seat", "played", "best", "best value", "played value", "loss",
                 "judgement"]
SEAT_HEADER = ["seat", "moves", "best", "good", "inaccuracies", "mistakes", "blunders",
               "mean loss"]


def mistake_title(m: ReviewedMove) -> str:
    """The title of the board before a mistake (its picture's and its section's)."""
    return f"before move {m.number}: seat {m.seat + 1} played {m.move}, best {m.best}"


def review_rows(review: GameReview) -> list[list[object]]:
    """The table of every move (also the text output's)."""
    return [[m.number, m.seat + 1, m.move, m.best, f"{m.best_value:.3f}", f"{m.played_value:.3f}",
             f"{m.loss:.3f}", m.judgement] for m in review.moves]


def seat_rows(review: GameReview) -> list[list[object]]:
    """The counts of each judgement per seat (also the text output's)."""
    return [[r["seat"] + 1, r["moves"], r["best"], r["good"], r["inaccuracy"], r["mistake"],
             r["blunder"], f"{r['mean_loss']:.3f}"] for r in review.by_seat()]


def review_page(game: str, review: GameReview, mistakes: Sequence[ReviewedMove],
                plot: str | None, boards: Mapping[int, str], board_note: str = "") -> str:
    """``solver review --html`` of a game called ``game``: the evaluation ``plot``, the board
    before each of the ``mistakes`` (``boards[move number]``, captioned with ``board_note``
    added), the judgements per seat and every move."""
    figures = []
    if plot is not None:
        figures.append(Figure(plot, "the reviewing player's value of each move played for its "
                                    "seat; the biggest mistakes are labelled"))
    limits = review.thresholds
    summary = Section(f"{game} review", [
        f"{len(review.moves)} of {review.total} moves reviewed; values are the reviewing player's "
        "win estimates (0..1) for the mover, from the mover's information only; the loss "
        "of a move is the value of the best move minus that of the move played, each "
        "searched with the same budget.",
        f"Thresholds: inaccuracy {limits.inaccuracy:g}, mistake {limits.mistake:g}, "
        f"blunder {limits.blunder:g}.",
        "Biggest mistakes: " + (", ".join(
            f"move {m.number} {m.move} ({m.judgement}, loss {m.loss:.3f}, best {m.best})"
            for m in mistakes) or "none") + "."], figures,
        [Table(SEAT_HEADER, seat_rows(review))])
    sections = [summary]
    for m in mistakes:
        title = mistake_title(m)
        sections.append(Section(f"{m.judgement.capitalize()} at move {m.number} "
                                f"(loss {m.loss:.3f})", [title],
                                [Figure(boards[m.number], title + board_note)]))
    sections.append(Section("Every move", [], [], [Table(REVIEW_HEADER, review_rows(review))]))
    return render_page(f"{game} review", sections)


# -- Dominions -------------------------------------------------------------------------------


class DominionsGroup(Protocol):
    """A group of an analysis (``solver.dominions.analysis.GroupReport``)."""

    @property
    def atari(self) -> bool: ...

    @property
    def view(self) -> DominionsGroupView: ...

    @property
    def liberties(self) -> int: ...

    def status_text(self, pos: Position) -> str: ...


class DominionsGroupView(Protocol):
    """The stones of a group (``solver.dominions.graphs.GroupView``)."""

    @property
    def colour(self) -> int: ...

    @property
    def cells(self) -> Collection[int]: ...

    @property
    def liberties(self) -> Collection[int]: ...


class DominionsAnalysis(Protocol):
    """An analysed position (``solver.dominions.analysis.Analysis``)."""

    @property
    def position(self) -> Position: ...

    @property
    def score(self) -> Mapping[str, int]: ...

    @property
    def legal_counts(self) -> Mapping[str, int]: ...

    @property
    def eyes(self) -> Mapping[str, Sequence[int]]: ...

    @property
    def groups(self) -> Sequence[DominionsGroup]: ...

    @property
    def sections(self) -> Sequence[Collection[int]]: ...

    @property
    def oscillation_cells(self) -> list[int]: ...


def dominions_analysis_page(a: DominionsAnalysis, picture: str) -> str:
    """``solver dominions analyse --html``: the position (``picture``), its groups with their
    proved status, and the eyes."""
    pos = a.position
    name = pos.board.name
    rows: list[list[object]] = [
        [COLOUR_LETTERS[g.view.colour], len(g.view.cells),
         " ".join(name(c) for c in sorted(g.view.cells)),
         f"{g.liberties}: " + " ".join(name(c) for c in sorted(g.view.liberties)),
         g.status_text(pos), "yes" if g.atari else ""]
        for g in a.groups]
    return render_page("Dominions analysis", [Section("Dominions position", [
        f"{len(pos.moves)} moves played; score W {a.score['W']}, B {a.score['B']}; "
        f"legal placements W {a.legal_counts['W']}, B {a.legal_counts['B']}; "
        f"{len(a.sections)} sections.",
        "W eyes: " + (" ".join(name(c) for c in a.eyes["W"]) or "none") + ". B eyes: "
        + (" ".join(name(c) for c in a.eyes["B"]) or "none") + ". Eyes by oscillation "
        "(proved): " + (" ".join(name(c) for c in a.oscillation_cells) or "none") + ".",
    ], [Figure(picture, "groups outlined with their status letter, eyes dotted, "
               "last move in amber")],
        [Table(["colour", "size", "cells", "liberties", "status", "atari"], rows)])])


class GamePuzzle(Protocol):
    """A puzzle with one right first move (``solver.dominions.puzzles.Puzzle``)."""

    @property
    def goal(self) -> str: ...

    @property
    def answer(self) -> str: ...


    def question(self) -> str: ...


def dominions_puzzles_page(puzzles: Sequence[tuple[GamePuzzle, str, str]]) -> str:
    """``solver dominions puzzles --html``: each ``(puzzle, picture, answer picture)``, the
    answer behind a click."""
    return render_page("Dominions puzzles", [
        Section(f"Puzzle {k + 1}: {p.goal}", [p.question()],
                [Figure(question, p.question()),
                 Figure(answer, f"answer: {p.answer}", reveal="Show the answer")])
        for k, (p, question, answer) in enumerate(puzzles)])


# -- Numbridge -------------------------------------------------------------------------------


class NumbridgeBlock(Protocol):
    """One block of an analysis (``solver.numbridge.analysis.BlockInfo``)."""

    @property
    def block(self) -> int: ...

    @property
    def a(self) -> int: ...

    @property
    def b(self) -> int: ...

    @property
    def empty(self) -> int: ...

    @property
    def open(self) -> int: ...

    @property
    def owner(self) -> int: ...

    @property
    def contested(self) -> bool: ...

    @property
    def decisive(self) -> bool: ...



class NumbridgeAnalysis(Protocol):
    """A block analysis (``solver.numbridge.analysis.Analysis``)."""

    @property
    def status(self) -> str: ...

    @property
    def scoreboard(self) -> tuple[int, int, int]: ...

    @property
    def can_win(self) -> Mapping[int, bool]: ...

    @property
    def blocks(self) -> Sequence[NumbridgeBlock]: ...

    @property
    def block_map(self) -> Sequence[str]: ...


NUMBRIDGE_BLOCK_HEADER = ["block", "A", "B", "empty", "open", "owner", "contested", "decisive"]


def numbridge_block_rows(a: NumbridgeAnalysis) -> list[list[object]]:
    """The table of blocks (also the text output's)."""
    return [[bi.block, bi.a, bi.b, bi.empty, bi.open, {1: "A", 2: "B"}.get(bi.owner, "-"),
             "yes" if bi.contested else "", "yes" if bi.decisive else ""] for bi in a.blocks]


def numbridge_can_win(a: NumbridgeAnalysis) -> str:
    """``A: yes, B: no``: who can still win."""
    return ", ".join(f"{p}: {'yes' if a.can_win[k] else 'no'}" for k, p in ((1, "A"), (2, "B")))


def numbridge_analysis_page(title: str, a: NumbridgeAnalysis, picture: str,
                            notes: Sequence[str], legend: str) -> str:
    """``solver numbridge analyse --html``: the position (``picture``), the scoreboard,
    ``notes`` (how the game ended), the block map (its ``legend``) and the blocks."""
    sa, sb, su = a.scoreboard
    return render_page(title, [
        Section("Position", [a.status, f"Blocks: A {sa}, B {sb}, undecided {su}. "
                f"Can still win: {numbridge_can_win(a)}.", *notes,
                f"Block map: {legend}."], [Figure(picture, "cells in owner colours; "
                "resolved blocks outlined, decisive blocks outlined more strongly")],
                [Table(NUMBRIDGE_BLOCK_HEADER, numbridge_block_rows(a), "blocks")],
                pre=["\n".join(a.block_map)]),
    ])


# -- Dominimum and Dominomega ------------------------------------------------------------------


def picture_page(title: str, picture: str, paragraphs: Sequence[str] = (),
                 tables: Sequence[Table] = ()) -> str:
    """A page of one picture under ``title``, with text and tables (scores, placements,
    games, models)."""
    return render_page(title, [Section(title, list(paragraphs), [Figure(picture, title)],
                                       list(tables))])


def pictures_page(title: str, heading: str, paragraphs: Sequence[str],
                  pictures: Sequence[str], tables: Sequence[Table] = ()) -> str:
    """A page of several uncaptioned pictures (every symbol's groups, extreme layouts)."""
    return render_page(title, [Section(heading, list(paragraphs),
                                       [Figure(p, "") for p in pictures], list(tables))])


def tournament_page(game: str, games: int, seats: int, seed: int, plot: str,
                    by_player: Table, by_seat: Table) -> str:
    """``solver dominimum|dominomega tournament --html``: the score ``plot`` and the tables."""
    return render_page(f"{game} tournament", [Section(
        f"{game} tournament", [
            f"{games} games, {seats} seats, seed {seed}; players rotate over the seats game "
            "by game."],
        [Figure(plot, "score distribution by player")], [by_player, by_seat])])


class EndgamePuzzle(Protocol):
    """A last-tile puzzle (``solver.dominimum.endgames.EndgamePuzzle``)."""

    @property
    def seed(self) -> int: ...

    @property
    def placements(self) -> int: ...

    @property
    def best(self) -> tuple[int, int]: ...

    @property
    def runner_up(self) -> object: ...

    @property
    def answer(self) -> object: ...


def endgame_puzzles_page(kind: str, puzzles: Sequence[tuple[EndgamePuzzle, str, str, str]],
                         ) -> str:
    """``solver dominimum|dominomega puzzles --html``: each ``(puzzle, question text,
    position picture, answer picture)``, the answer behind a click."""
    return render_page(f"{kind} endgame puzzles", [
        Section(f"Puzzle (seed {p.seed})", [question],
                [Figure(position, "the position"),
                 Figure(answer, f"answer {p.answer}: score {p.best[0]} against "
                        f"{p.best[1]}; the next best placement gives {p.runner_up}",
                        reveal="Show the answer")])
        for p, question, position, answer in puzzles])
