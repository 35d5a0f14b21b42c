"""The Dominimum (2-4 seats) and Dominomega (3 or 2 seats) rooms: each seat sees only its own
mission and hand; the layout with the places a tile may go; final scores with the largest
groups highlighted."""

from __future__ import annotations

from typing import Any

from puzzles.dominimum.game import Game
from puzzles.dominimum.layout import Cell, Layout, neighbours
from puzzles.dominimum.tiles import SYMBOL_NAMES, tile_name
from puzzles.errors import InvalidInputError
from puzzles.game import GameState
from reports.dominimum import PALETTE, Highlight
from solver.server.rooms import Room


def core_of(state: GameState[Any]) -> Game:
    """The rules' game object inside the state."""
    for value in vars(state).values():
        if isinstance(value, Game):
            return value
    raise InvalidInputError("not a Dominimum/Dominomega state")


def targets(layout: Layout) -> dict[Cell, str]:
    """Empty cells within two steps of the layout (where either half of a tile may go)."""
    if not layout.placements:
        return {(0, 0): "0,0"}
    first = layout.frontier()
    out = set(first)
    for c in first:
        out.update(n for n in neighbours(c) if n not in layout.value_at)
    return {c: f"{c[0]},{c[1]}" for c in sorted(out)}


class _DominimumBase(Room):
    """Shared by both games: the deal, the layout, the hidden mission and hand."""

    layers = ("groups",)

    def seat_names(self, g: Game) -> list[str]:
        if g.kind == "dominomega":
            return [f"{SYMBOL_NAMES[s]}" for s in g.symbols]
        return [f"seat {i + 1}" for i in range(g.players)]

    def final(self, g: Game) -> tuple[list[Highlight], list[dict[str, Any]]]:
        """The largest groups of each seat's values/symbol, and the score table."""
        from solver.dominimum.analysis import mission_report, omega_report  # local: start-up

        lights: list[Highlight] = []
        table: list[dict[str, Any]] = []
        res = g.result()
        if g.kind == "dominimum":
            for p in range(g.players):
                rep = mission_report(g.layout, g.missions[p], g.rules.within_tile)
                colour = PALETTE[p % len(PALETTE)]
                for v, cells in rep.largest.items():
                    lights.append(Highlight(frozenset(cells), colour,
                                            f"seat {p + 1}: value {v} ({len(cells)})"))
                table.append({"seat": p, "mission": tile_name(g.missions[p]),
                              "groups": rep.sizes, "score": rep.score})
        else:
            orep = omega_report(g.layout, g.symbols, g.rules.within_tile)
            lights = self.symbol_groups(g.layout, g)
            for p, s in enumerate(g.symbols):
                groups = orep.groups[s]
                table.append({"seat": p, "symbol": SYMBOL_NAMES[s],
                              "groups": sorted((len(x) for x in groups), reverse=True),
                              "score": orep.scores[s]})
        for row in table:
            row["rank"] = res["ranking"].index(row["seat"]) + 1
        return lights, table

    def render(self, state: GameState[Any], seat: int | None,
               shared: dict[str, Any]) -> dict[str, Any]:
        """The view and the panel; the browser draws the layout from ``view["layout"]``."""
        g = core_of(state)
        view = state.view(seat)
        over = g.is_terminal()
        mine = seat is not None and not over and g.to_move == seat
        out: dict[str, Any] = {"view": view, "seat_labels": self.seat_names(g),
                               "seat_colours": [""] * g.players, "actions": [],
                               "move_template": "{a}@({x1},{y1}) {b}@({x2},{y2})",
                               "hand_title": "Your tile" if seat is not None else "",
                               "hand": [], "info": {"placed": len(g.layout.placements),
                                                    "tiles": g.total_tiles}}
        if over:
            if "final" not in shared:
                lights, shared["final"] = self.final(g)
                shared["highlights"] = highlights_json(lights)
            out["highlights"] = shared["highlights"]
            out["info"]["final"] = shared["final"]
            out["status_line"] = f"game over: {state.result_text()}"
        else:
            out["status_line"] = (f"tile {len(g.layout.placements) + 1} of {g.total_tiles}: "
                                  f"seat {g.to_move + 1} to move")
        if seat is not None:
            hand = g.hands[seat]
            if hand is not None and not over:
                out["hand"] = [{"values": list(hand)}]
            if g.kind == "dominimum":
                m = g.missions[seat]
                out["info"]["mission"] = {"values": list(m), "name": tile_name(m)}
            else:
                out["info"]["symbol"] = SYMBOL_NAMES[g.symbols[seat]]
        if mine:
            out["targets"] = [list(c) for c in targets(g.layout)]
            out["legal"] = [{"cells": [list(p.cells[0]), list(p.cells[1])],
                             "values": [p.first, p.second], "text": state.move_text(p)}
                            for p in g.legal_moves()]
        return out

    @staticmethod
    def symbol_groups(lay: Layout, g: Game) -> list[Highlight]:
        """Dominomega: each seat's largest group of halves holding its symbol (the rules
        group by symbol, not by a half's whole value)."""
        from solver.dominimum.analysis import omega_report  # local: start-up

        orep = omega_report(lay, g.symbols, g.rules.within_tile)
        lights = []
        for p, sym in enumerate(g.symbols):
            groups = orep.groups[sym]
            if groups:
                big = max(groups, key=len)
                lights.append(Highlight(frozenset(big), PALETTE[p % len(PALETTE)],
                                        f"seat {p + 1}: {SYMBOL_NAMES[sym]} ({len(big)})"))
        return lights

    def layered_view(self, state: GameState[Any], ply: int, layers: set[str]) -> dict[str, Any]:
        """The layout after ``ply`` tiles; the largest groups (of each value in Dominimum,
        of each symbol in Dominomega) with ``groups`` and at the end."""
        g = core_of(state)
        total = len(g.history)
        if ply > total:
            raise InvalidInputError(f"the game has {total} moves")
        lay = Layout(g.layout.placements[:ply])
        lights: list[Highlight] = []
        info: dict[str, Any] = {"placed": ply}
        if "groups" in layers or ply == total:
            lights = largest_groups(g, lay)
        if ply == total and g.is_terminal():
            info["final"] = self.final(g)[1]
        return {"ply": ply, "moves": total,
                "view": {"layout": {"tiles": [{"tile": [p.first, p.second],
                                               "cells": [list(c) for c in p.cells]}
                                              for p in lay.placements]},
                         "moves": [state.move_text(p) for p in g.layout.placements],
                         "over": g.is_terminal(), "players": g.players},
                "marks": {"highlights": highlights_json(lights)}, "info": info}


def largest_groups(g: Game, lay: Layout) -> list[Highlight]:
    """The largest group of each value with more than one cell (Dominimum), or each seat's
    largest group of its symbol (Dominomega: a half belongs to every symbol it shows)."""
    from solver.dominimum.analysis import value_groups  # local: start-up

    if g.kind == "dominomega":
        return _DominimumBase.symbol_groups(lay, g)
    lights: list[Highlight] = []
    for v in range(8):
        groups = value_groups(lay, v, g.rules.within_tile)
        if groups and len(groups[0]) > 1:
            lights.append(Highlight(frozenset(groups[0]), PALETTE[v % len(PALETTE)],
                                    f"value {v}: {len(groups[0])}"))
    return lights


def highlights_json(lights: list[Highlight]) -> list[dict[str, Any]]:
    """Highlights as the browser draws them."""
    return [{"cells": sorted([list(c) for c in h.cells]), "colour": h.colour, "label": h.label}
            for h in lights]


class DominimumRoom(_DominimumBase):
    """Dominimum: 2-4 seats, secret missions, lowest score wins."""

    game_name = "dominimum"


class DominomegaRoom(_DominimumBase):
    """Dominomega: 3 seats (or 2), one symbol each, highest score wins."""

    game_name = "dominomega"


ROOMS = (DominimumRoom, DominomegaRoom)
