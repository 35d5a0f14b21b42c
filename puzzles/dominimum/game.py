"""The games: Dominimum (2-4 players, lowest score wins) and Dominomega (2-3, highest wins).

One small game interface (OpenSpiel style): ``to_move``, ``legal_moves()``, ``play(move)``,
``undo()``, ``is_terminal()``, ``scores()``, ``result()``. Seats are numbered in turn order:
seat 0 places first, then seat 1, ... (seat order goes anticlockwise round the table).

Dominimum: each player secretly holds a *mission tile* (doubles are put back and redrawn, then
the supply is reshuffled) and one *playing tile*; a player places her playing tile touching the
layout and draws a new one while the supply lasts. The game ends when the last tile is placed
(36 - N tiles, (36 - N) / N each). Score = largest group of mission value a times largest
group of value b; lowest wins; ties go to the tied player who placed her final tile first.

Dominomega: seat 0 owns the pip (1), seat 1 the small circle (2), seat 2 the large circle (4);
the 2-player variant drops the small circle (seats own 1 and 4). No mission tiles: all 36 tiles
are placed. Score = product of the sizes of every group containing the player's symbol; highest
wins. Project rule: ties go to the tied player who placed her final tile first (as Dominimum).

Examples
--------
>>> g = Game.deal("dominimum", 3, seed=1)
>>> g.to_move, len(g.supply), g.total_tiles
(0, 30, 33)
>>> while not g.is_terminal():
...     g.play(next(g.legal_moves()))
>>> [sum(1 for m in g.history if m.player == p) for p in range(3)]
[11, 11, 11]
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzles.dominimum.groups import mission_score, symbol_score
from puzzles.dominimum.layout import Layout, Placement
from puzzles.dominimum.tiles import TILES, Tile, is_double, tile_name
from puzzles.errors import IllegalMoveError, InvalidInputError

GAMES = ("dominimum", "dominomega")
PLAYER_RANGE = {"dominimum": (2, 4), "dominomega": (2, 3)}


@dataclass(frozen=True)
class Rules:
    """Settings where the reference leaves a choice (project rules).

    within_tile : the two halves of one tile are adjacent for grouping (default True; with it a
        double is a group of two, which gives Dominimum's bounds 4 <= score <= 64).
    """

    within_tile: bool = True

    def to_json(self) -> dict[str, Any]:
        """``{"within_tile": true}``."""
        return {"within_tile": self.within_tile}

    @classmethod
    def from_json(cls, doc: Any) -> Rules:
        """Read the settings written by ``to_json`` (missing keys take their defaults)."""
        if doc is None:
            return cls()
        if not isinstance(doc, dict):
            raise InvalidInputError("rules must be an object like {\"within_tile\": true}")
        unknown = set(doc) - {"within_tile"}
        if unknown:
            raise InvalidInputError(f"unknown rule setting(s): {', '.join(sorted(unknown))}")
        return cls(within_tile=bool(doc.get("within_tile", True)))


def omega_symbols(players: int) -> tuple[int, ...]:
    """The symbol owned by each seat in Dominomega: (1, 2, 4) or, for two players, (1, 4)."""
    return (1, 2, 4) if players == 3 else (1, 4)


@dataclass
class Move:
    """One turn: who placed what, and the tile she drew afterwards (None when none)."""

    player: int
    placement: Placement
    drew: Tile | None = None


@dataclass
class Game:
    """A game in progress. Build it with ``Game.deal`` (seeded) or ``Game.open`` (deal unknown)."""

    kind: str
    players: int
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    missions: list[Tile] = field(default_factory=list)
    hands: list[Tile | None] = field(default_factory=list)
    supply: list[Tile] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)
    history: list[Move] = field(default_factory=list)
    hands_known: bool = True

    # -- construction -------------------------------------------------------------------------
    @staticmethod
    def check_players(kind: str, players: int) -> None:
        """Raise ``InvalidInputError`` for an unknown game or player count."""
        if kind not in PLAYER_RANGE:
            raise InvalidInputError(f"unknown game {kind!r}: expected one of {', '.join(GAMES)}")
        lo, hi = PLAYER_RANGE[kind]
        if not lo <= players <= hi:
            raise InvalidInputError(f"{kind} is for {lo}-{hi} players, not {players}")

    @classmethod
    def deal(cls, kind: str, players: int, seed: int, rules: Rules | None = None) -> Game:
        """A new game dealt with ``random.Random(seed)``: the same seed gives the same deal."""
        cls.check_players(kind, players)
        rng = random.Random(seed)
        pool = list(TILES)
        rng.shuffle(pool)
        missions: list[Tile] = []
        if kind == "dominimum":
            for _ in range(players):
                while True:
                    t = pool.pop()
                    if not is_double(t):
                        break
                    pool.insert(rng.randrange(len(pool) + 1), t)  # back into the supply
                missions.append(t)
            rng.shuffle(pool)  # "then reshuffle the supply"
        hands: list[Tile | None] = [pool.pop() for _ in range(players)]
        return cls(kind, players, rules or Rules(), seed, missions, hands, pool)

    @classmethod
    def open(cls, kind: str, players: int, missions: list[Tile] | None = None,
             rules: Rules | None = None) -> Game:
        """A game whose hands and supply are unknown (a record without a seed): any unplaced
        tile other than a mission may be played."""
        cls.check_players(kind, players)
        missions = list(missions or [])
        if kind == "dominimum":
            if len(missions) != players:
                raise InvalidInputError(f"expected {players} mission tiles, got {len(missions)}")
            for m in missions:
                if is_double(m):
                    raise InvalidInputError(f"mission tile {tile_name(m)} is a double")
            if len(set(missions)) != len(missions):
                raise InvalidInputError("two players hold the same mission tile")
        return cls(kind, players, rules or Rules(), None, missions, [None] * players, [],
                   hands_known=False)

    def clone(self) -> Game:
        """An independent copy (layout, hands, supply and history)."""
        return Game(self.kind, self.players, self.rules, self.seed, list(self.missions),
                    list(self.hands), list(self.supply), self.layout.copy(),
                    list(self.history), self.hands_known)

    # -- state -------------------------------------------------------------------------------
    @property
    def total_tiles(self) -> int:
        """How many tiles the game places: 36 - N (Dominimum) or 36 (Dominomega)."""
        return 36 - len(self.missions)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return len(self.history) % self.players

    @property
    def symbols(self) -> tuple[int, ...]:
        """Dominomega: the symbol of each seat."""
        return omega_symbols(self.players)

    def is_terminal(self) -> bool:
        """True when the last tile has been placed."""
        return len(self.history) >= self.total_tiles

    def unseen(self, player: int) -> list[Tile]:
        """Tiles ``player`` cannot see: not placed, not her mission, not in her hand."""
        own = {self.hands[player]} | ({self.missions[player]} if self.missions else set())
        return [t for t in TILES if t not in self.layout.used and t not in own]

    def legal_moves(self) -> Iterator[Placement]:
        """Every legal placement of the tile in the hand of the player to move."""
        if self.is_terminal():
            return
        hand = self.hands[self.to_move]
        if hand is None:
            raise InvalidInputError("the tile in hand is unknown (a game without a deal)")
        yield from self.layout.legal_placements(hand)

    # -- moves -------------------------------------------------------------------------------
    def play(self, placement: Placement) -> None:
        """Place the hand tile of the player to move, then draw.

        Raises
        ------
        IllegalMoveError
            When the game is over, the tile is not in the player's hand (or is a mission tile),
            or the placement breaks a layout rule.
        """
        player = self.to_move
        t = placement.tile
        if self.is_terminal():
            raise IllegalMoveError("the game is over", rule="game over",
                                   where=f"tile {tile_name(placement.values)}")
        if self.hands_known and self.hands[player] != t:
            held = self.hands[player]
            raise IllegalMoveError(
                f"seat {player + 1} holds {tile_name(held) if held else 'no tile'}, "
                f"not {tile_name(t)}", rule="tile not in hand", where=f"tile {tile_name(t)}")
        if t in self.missions:
            raise IllegalMoveError(f"{tile_name(t)} is a mission tile", rule="mission tile",
                                   where=f"tile {tile_name(t)}")
        self.layout.place(placement)
        drew = self.supply.pop() if self.supply else None
        if self.hands_known:
            self.hands[player] = drew
        self.history.append(Move(player, placement, drew))

    def undo(self) -> Move:
        """Take back the last move (the drawn tile goes back on the supply)."""
        move = self.history.pop()
        self.layout.undo()
        if move.drew is not None:
            self.supply.append(move.drew)
        if self.hands_known:
            self.hands[move.player] = move.placement.tile
        return move

    # -- results -----------------------------------------------------------------------------
    def score(self, player: int) -> int:
        """The player's score on the current layout."""
        if self.kind == "dominimum":
            return mission_score(self.layout, self.missions[player], self.rules.within_tile)
        return symbol_score(self.layout, self.symbols[player], self.rules.within_tile)

    def scores(self) -> list[int]:
        """Every seat's score on the current layout."""
        return [self.score(p) for p in range(self.players)]

    def last_turns(self) -> list[int]:
        """For each seat, the turn index of her final placement so far (-1 if none)."""
        last = [-1] * self.players
        for i, m in enumerate(self.history):
            last[m.player] = i
        return last

    def ranking(self, scores: list[int] | None = None) -> list[int]:
        """Seats from winner to last: by score (lowest first in Dominimum, highest first in
        Dominomega), ties to the player who placed her final tile first."""
        scores = scores if scores is not None else self.scores()
        last = self.last_turns()
        sign = 1 if self.kind == "dominimum" else -1
        return sorted(range(self.players), key=lambda p: (sign * scores[p], last[p]))

    def result(self) -> dict[str, Any]:
        """``{"scores": [...], "ranking": [...], "winner": seat}`` of the current layout."""
        scores = self.scores()
        ranking = self.ranking(scores)
        return {"scores": scores, "ranking": ranking, "winner": ranking[0]}

    def determinize(self, player: int, rng: random.Random) -> Game:
        """A copy in which everything ``player`` cannot see is redrawn at random.

        Other players' missions (non-doubles), their hands and the supply order are sampled
        from ``unseen(player)``; her own mission and hand and the layout are kept.
        """
        if not self.hands_known:
            raise InvalidInputError("cannot sample a game without a deal")
        g = self.clone()
        pool = self.unseen(player)
        rng.shuffle(pool)
        if self.missions:
            for q in range(self.players):
                if q != player:
                    k = next(i for i, t in enumerate(pool) if not is_double(t))
                    g.missions[q] = pool.pop(k)
        for q in range(self.players):
            if q != player and g.hands[q] is not None:
                g.hands[q] = pool.pop()
        g.supply = pool
        return g
