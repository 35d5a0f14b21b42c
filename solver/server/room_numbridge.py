"""The Numbridge Domains room of the seed: field, hand, block scoreboard, outlines, block map,
the 1-2-2 order, the clock enforced by the server, draw offer and accept, resign."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from puzzles.errors import InvalidInputError
from puzzles.game import GameState
from puzzles.numbridge.field import cell_name
from puzzles.numbridge.game import PLAYER_LETTER, Game
from puzzles.numbridge.state import NumbridgeState
from solver.server.rooms import Room


def numbridge_state(state: GameState[Any]) -> NumbridgeState:
    """The state as a Numbridge state (side actions, timed moves, clock)."""
    if not isinstance(state, NumbridgeState):
        raise InvalidInputError("not a Numbridge state")
    return state


def core_of(state: GameState[Any]) -> Game:
    """The rules' game object inside the state."""
    for value in vars(state).values():
        if isinstance(value, Game):
            return value
    raise InvalidInputError("not a Numbridge state")


class NumbridgeRoom(Room):
    """Numbridge Domains: seat 1 is A (blue, moves first), seat 2 is B (red)."""

    game_name = "numbridge"
    undo = False
    layers = ("candidates",)
    own_actions = ("offer", "accept", "resign")
    own_clock = True

    # ------------------------------------------------------------------ the game
    def apply(self, state: GameState[Any], seat: int, text: str, t: float) -> list[str]:
        s = numbridge_state(state)
        move = replace(s.parse_move(text), player=seat + 1)
        if move.kind not in ("place", "claim", "pass"):
            raise InvalidInputError(f"{text!r}: use the buttons for {move.kind}")
        s.apply(s.timed(move, t))
        return [f"{PLAYER_LETTER[seat + 1]} {move.text()} @{t:.1f}s"]

    def side_action(self, state: GameState[Any], seat: int, action: str,
                    t: float) -> list[str]:
        numbridge_state(state).side(seat, action, t)
        return [f"{PLAYER_LETTER[seat + 1]} {action} @{t:.1f}s"]

    def actions(self, state: GameState[Any], seat: int | None) -> list[str]:
        g = core_of(state)
        if seat is None or g.result is not None:
            return []
        p = seat + 1
        out = []
        if g.mover == p and any(m.kind == "pass" for m in g.legal_moves()):
            out.append("pass")
        if g.draw_offer == 3 - p:
            out.append("accept")
        elif g.mover == p and g.draw_offer != p:
            out.append("offer")
        out.append("resign")
        return out

    # ------------------------------------------------------------------ clock
    def clock(self, state: GameState[Any], now: float) -> dict[str, Any] | None:
        g = core_of(state)
        s = g.settings
        if not (s.move_limit or s.game_limit):
            return None
        running = g.result is None
        seats = []
        for p in (1, 2):
            used = g.used[p] + (now - g.turn_start if running and g.mover == p else 0.0)
            seats.append({"used": used,
                          "left": (s.game_limit - used) if s.game_limit else None})
        move_left = (g.turn_start + s.move_limit - now) if (s.move_limit and running) else None
        return {"mover": g.mover - 1 if running else -1, "seats": seats,
                "move_left": move_left, "move_limit": s.move_limit, "game_limit": s.game_limit}

    def deadline(self, state: GameState[Any]) -> float | None:
        return numbridge_state(state).next_deadline()

    def advance_clock(self, state: GameState[Any], t: float) -> list[str]:
        s = numbridge_state(state)
        if s.advance_clock(t):
            events = [e.text for e in s.g.events[-2:] if e.kind in ("timeout", "flag")]
            return [f"clock @{t:.1f}s" + (f": {events[-1]}" if events else "")]
        return []

    # ------------------------------------------------------------------ what is shown
    def facts(self, g: Game) -> dict[str, Any]:
        """Scoreboard, block map, pair note, draw offer, counts (public facts only)."""
        from solver.numbridge.analysis import analyse  # local: start-up

        a = analyse(g)
        sa, sb, su = a.scoreboard
        return {
            # resolved blocks outlined in the owner's colour (1 A, 2 B), decisive ones stronger
            "outlines": [{"block": bi.block, "owner": bi.owner, "decisive": bi.decisive}
                         for bi in a.blocks if bi.owner],
            "scoreboard": {"A": sa, "B": sb, "undecided": su},
            "block_map": a.block_map,
            "decisive": a.decisive,
            "one_more": g.one_more_in_pair,
            "draw_offer": PLAYER_LETTER.get(g.draw_offer, ""),
            "cells": {"A": a.cells[0], "B": a.cells[1]},
            "bag": len(g.bag),
            "hand_sizes": {"A": len(g.hands[1]), "B": len(g.hands[2])},
            "misses": {"A": g.misses[1], "B": g.misses[2]},
            "unclaimed": [cell_name(c) for c in g.unclaimed_givens()],
            "claim_cost": g.settings.claim_cost,
            "candidates_allowed": g.settings.candidates,
            "events": [e.text for e in g.events[-4:] if e.kind in ("miss", "timeout", "flag",
                                                                  "offer", "end")],
        }

    def render(self, state: GameState[Any], seat: int | None,
               shared: dict[str, Any]) -> dict[str, Any]:
        """The view and the panel; the browser draws the field from ``view``."""
        g = core_of(state)
        if "facts" not in shared:
            shared["facts"] = self.facts(g)
        return {
            "status_line": g.status_line(),
            "seat_labels": ["A (blue)", "B (red)"],
            "seat_colours": ["blue", "red"],
            "hand_title": "Your hand" if seat is not None else "Hands",
            "hand": sorted(g.hands[seat + 1]) if seat is not None else [],
            "info": shared["facts"],
            "actions": self.actions(state, seat),
            "pass_text": "pass",
            "view": state.view(seat),
        }

    def layered_view(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
        """The public view after ``ply`` actions, its outlines, candidates when asked."""
        total = len(state.history())
        if ply > total:
            raise InvalidInputError(f"the game has {total} actions")
        copy = state.clone()
        for _ in range(total - ply):
            copy.undo()
        g = core_of(copy)
        info = self.facts(g)
        view = copy.view(None)
        if "candidates" not in layers:
            view.pop("candidates", None)
        return {"ply": ply, "moves": total, "view": view,
                "marks": {"outlines": info["outlines"]},
                "info": {"status": g.status_line(), "scoreboard": info["scoreboard"],
                         "block map": " / ".join(info["block_map"])}}


ROOMS = (NumbridgeRoom,)
