"""The Dominions room: the 217-cell board, the hand, what fits a clicked cell, the overlay."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from puzzles.dominions import COLOUR_LETTERS, Move, Position
from puzzles.errors import InvalidInputError
from puzzles.game import GameState
from puzzles.grids import grid
from reports.dominions import BLACK_BEAM, BLACK_FILL, WHITE_BEAM, WHITE_FILL, Marks
from reports.svg import PieceDrawing, Style, board_svg
from solver.server.rooms import Room

LAYERS = ("groups", "status", "liberties", "sections", "eyes", "oscillation", "atari")
PROVED = frozenset({"status", "oscillation", "atari"})  # layers that need the prover
PIECE_STYLE = Style(cell_size=14.0, beam_width=2.4, margin=3.0)


def position_of(state: GameState[Any]) -> Position:
    """The rules' position inside the game state."""
    pos = getattr(state, "position", None)
    if not isinstance(pos, Position):
        raise InvalidInputError("not a Dominions state")
    return pos


@functools.lru_cache(maxsize=256)
def piece_svg(piece: int, colour: int) -> str:
    """A small picture of one piece in ``colour`` (drawn by ``reports``)."""
    black = colour == 1
    pd = PieceDrawing(piece, fill=BLACK_FILL if black else WHITE_FILL,
                      beam_colour=BLACK_BEAM if black else WHITE_BEAM)
    return board_svg(grid("hexagon"), [(0, 0)], {(0, 0): pd}, style=PIECE_STYLE)


def group_name(pos: Position, colour: int, cells: Iterable[int]) -> str:
    """A group as shown beside the board: its colour and first three cells (``W e5, e6…``)."""
    first = sorted(cells)
    return (f"{COLOUR_LETTERS[colour]} " + ", ".join(pos.board.name(c) for c in first[:3])
            + ("…" if len(first) > 3 else ""))


def marks_for(pos: Position, layers: set[str]) -> tuple[Marks, dict[str, Any]]:
    """The marks of the last move (amber, reversed cells labelled) and the chosen analysis
    layers, with the analysis facts shown beside the board."""
    last: list[int] = []
    labels: dict[int, str] = {}
    facts: dict[str, Any] = {}
    lo = pos.last_outcome()
    if lo is not None:
        move, flipped, colour = lo
        if not move.is_pass:
            last = [move.cell]
            suicide = bool(flipped) and move.cell in flipped
            for c in flipped:
                labels[c] = "s" if suicide else "x"
            if flipped:
                facts["last"] = (f"{COLOUR_LETTERS[colour]} {pos.move_text(move)}: "
                                 f"{'suicide' if suicide else 'captured'} {len(flipped)}")
    marks = Marks(last=last, labels=labels)
    if layers & set(LAYERS):
        from solver.dominions.analysis import analyse, status_marks  # local: start-up

        proved = layers & PROVED  # prove only what the asked layers show
        a = analyse(pos, life=bool(proved), every_group="status" in proved,
                    oscillation="oscillation" in proved)
        if "groups" in layers:
            marks.groups = [(g.view.colour, sorted(g.view.cells)) for g in a.groups]
        if "status" in layers:
            marks.groups = [(g.view.colour, sorted(g.view.cells)) for g in a.groups]
            marks.status, marks.status_legend = status_marks(a)
            facts["status"] = {group_name(pos, g.view.colour, g.view.cells): g.status_text(pos)
                               for g in a.groups}
        if "liberties" in layers:
            marks.highlight = sorted({c for g in a.groups for c in g.view.liberties})
            facts["liberties"] = {group_name(pos, g.view.colour, g.view.cells):
                                  len(g.view.beams) for g in a.groups}  # seed: beams
        if "sections" in layers:
            for k, sec in enumerate(a.sections):
                for c in sec:
                    labels.setdefault(c, str(k + 1))
            facts["sections"] = len(a.sections)
        if "eyes" in layers:
            marks.eyes = {COLOUR_LETTERS.index(k): v for k, v in a.eyes.items()}
            facts["eyes"] = {k: [pos.board.name(c) for c in v] for k, v in a.eyes.items()}
        if "oscillation" in layers:
            marks.oscillation = a.oscillation_cells
            facts["eyes by oscillation"] = {k: [pos.board.name(c) for c in v]
                                            for k, v in a.oscillation_eyes.items()}
        if "atari" in layers:
            atari = [g for g in a.groups if g.atari]
            marks.groups = list(marks.groups) + [(g.view.colour, sorted(g.view.cells))
                                                 for g in atari]
            for g in atari:
                for c in g.view.liberties:
                    labels[c] = "A"
            facts["atari"] = len(atari)
    return marks, facts


class DominionsRoom(Room):
    """Dominions: two seats, White (seat 1) moves first; perfect information."""

    game_name = "dominions"
    importable = True
    layers = LAYERS

    def pieces(self) -> dict[str, dict[str, str]]:
        """A picture of each of the 63 pieces in both colours (the hands)."""
        return {letter: {str(p): piece_svg(p, c) for p in range(1, 64)}
                for c, letter in enumerate("WB")}

    def apply(self, state: GameState[Any], seat: int, text: str, t: float) -> list[str]:
        move = state.parse_move(text)
        state.apply(move)
        return [f"{COLOUR_LETTERS[seat]}[{'' if move.is_pass else state.move_text(move)}]"]

    def actions(self, state: GameState[Any], seat: int | None) -> list[str]:
        if seat is None or state.is_over() or state.to_move() != seat:
            return []
        return ["pass"]

    def render(self, state: GameState[Any], seat: int | None,
               shared: dict[str, Any]) -> dict[str, Any]:
        """The view and the panel; the browser draws the board from ``view``."""
        pos = position_of(state)
        if "facts" not in shared:
            shared["facts"] = marks_for(pos, set())[1]
        facts = shared["facts"]
        w, b = pos.score()
        mover = pos.to_move
        over = state.is_over()
        status = (f"game over: {state.result_text()}" if over else
                  f"move {len(pos.moves) + 1}: {COLOUR_LETTERS[mover]} to move"
                  + (" (the opponent passed)" if pos.passes == 1 else ""))
        return {
            "status_line": status,
            "seat_labels": ["White", "Black"],
            "seat_colours": ["", ""],
            "hand_title": f"{COLOUR_LETTERS[mover]} to move: hand of {len(pos.hand(mover))}",
            "hand": [] if over else pos.hand(mover),
            "mover_colour": mover,
            "info": {"score": {"W": w, "B": b}, **facts,
                     "passes": pos.passes},
            "actions": self.actions(state, seat),
            "pass_text": state.move_text(self._pass(state)),
            "view": state.view(seat),
        }

    def _pass(self, state: GameState[Any]) -> Any:
        return state.parse_move("pass")

    def cell_info(self, state: GameState[Any], seat: int | None, cell: str) -> dict[str, Any]:
        pos = position_of(state)
        try:
            index = pos.board.cell_index(cell)
        except Exception as exc:
            raise InvalidInputError(f"no cell {cell!r} on this board") from exc
        if pos.piece[index] >= 0:
            return {"cell": cell, "occupied": True, "pieces": [],
                    "note": f"{cell} holds {COLOUR_LETTERS[pos.owner[index]]}{pos.piece[index]}"}
        colour = pos.to_move
        pieces = []
        for p in pos.hand(colour):
            move = Move(index, p)
            out = pos.outcome(move)
            if out.status == "mismatch":
                continue  # does not fit: not offered
            entry: dict[str, Any] = {"piece": p, "text": state.move_text(move),
                                     "status": out.status}
            if out.status == "legal":
                if out.flipped:
                    entry["note"] = (f"suicide: {len(out.flipped)} reversed" if out.suicide
                                     else f"captures {len(out.flipped)}")
            else:
                try:
                    pos.check(move)
                except InvalidInputError as exc:
                    entry["note"] = exc.message
            pieces.append(entry)
        return {"cell": cell, "occupied": False, "pieces": pieces,
                "note": "" if pieces else f"no piece of the hand fits {cell}"}

    def layered_view(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
        """The view after ``ply`` moves with the chosen layers as marks (cell names)."""
        total = len(state.history())
        if ply > total:
            raise InvalidInputError(f"the game has {total} moves")
        copy = state.clone()
        for _ in range(total - ply):
            copy.undo()
        pos = position_of(copy)
        marks, facts = marks_for(pos, layers)
        w, b = pos.score()
        turn = {} if pos.is_over() else {"to move": COLOUR_LETTERS[pos.to_move]}  # none at the end
        return {"ply": ply, "moves": total, "view": copy.view(None),
                "marks": marks_json(pos, marks),
                "info": {**turn, "score": {"W": w, "B": b}, **facts}}


def marks_json(pos: Position, marks: Marks) -> dict[str, Any]:
    """The marks as the browser draws them: cell names, colours as 0 (White) / 1 (Black)."""
    name = pos.board.name
    return {"last": [name(c) for c in marks.last],
            "labels": {name(c): t for c, t in marks.labels.items()},
            "groups": [[colour, [name(c) for c in cells]] for colour, cells in marks.groups],
            "highlight": [name(c) for c in marks.highlight],
            "eyes": {str(k): [name(c) for c in v] for k, v in marks.eyes.items()},
            "oscillation": [name(c) for c in marks.oscillation],
            "status": {name(c): letter for c, letter in marks.status.items()},
            "status_legend": dict(marks.status_legend)}


ROOMS = (DominionsRoom,)
