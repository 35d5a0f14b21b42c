"""The game of Numbridge Domains: room settings, bag and hands, moves, the 1-2-2 order, clocks,
early end, exhaustion and the result.

Players are ``1`` (first, "A", blue) and ``2`` (second, "B", red). The rules follow
``numbridge.md``; every project rule is a field of :class:`RoomSettings`.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
>>> g = Game.new(Field.make(sol[:72] + "0" * 9), sol, bag=[3, 4, 5, 2, 8, 6, 1, 7, 9])
>>> g.hands, g.bag
({1: [3, 4, 5, 2], 2: [8, 6, 1, 7]}, [9])
>>> _ = g.play(Move.place("a9", 3))
>>> g.owner[72], g.hands[1], g.status_line()
(1, [4, 5, 2, 9], 'move 2: B to move')
>>> _ = g.play(Move.place("b9", 8))
>>> g.status_line()
'move 3: B to move (One more move in this pair)'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from dataclasses import field as dc_field

from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError
from puzzles.numbridge.field import CELLS, Field, block_cells, cell_name, parse_cell

PLAYER_LETTER = {1: "A", 2: "B"}
TURN_KINDS = ("place", "claim", "pass")
SIDE_KINDS = ("offer", "accept", "resign", "clock")
MAJORITY = 5
#: Bag rules: a tile for every cell (``field``) or for every empty cell (``empty``).
TILE_RULES = ("field", "empty")
#: Which tiles a claim spends: tiles of the given's digit, or any tiles.
CLAIM_TILE_RULES = ("digit", "any")
#: Levels a room can ask its generated field for (HoDoKu's names), or ``any``.
DIFFICULTIES = ("any", "easy", "medium", "hard", "unfair", "extreme")


@dataclass(frozen=True)
class RoomSettings:
    """The room's settings (reference defaults; project rules marked).

    Attributes
    ----------
    givens, blocks : the field (22-34 givens; ``regular`` or ``irregular``).
    claim_cost : tiles spent to claim a given (1).
    hand_size : tiles in a hand (project rule: 4).
    move_limit : seconds per move, each move of a pair its own (45; 0 = none).
    game_limit : seconds of game time per player (1200; 0 = none).
    candidates : candidate highlighting allowed (True).
    miss : project rule for a wrong tile: ``discard`` (tile lost, nothing else changes) or
        ``return`` (the tile goes back into the hand, the move is spent).
    pass_rule : project rule: ``no-move`` (pass only without a tile or a target) or ``any``.
    flag : project rule when game time runs out: ``lose`` or ``timeout`` (treated like a
        missed move limit).
    exhaustion : project rule when nobody can move and blocks are level: ``cells`` (more cells
        wins, else drawn) or ``draw``.
    tiles : project rule for the bag: ``field`` (one tile for every cell of the field, givens
        included: nine of each digit, so every cell can be taken; the default) or ``empty``
        (one tile per empty cell, the earlier reading).
    claim_tile : project rule for the tile(s) a claim spends: ``digit`` (tiles showing the
        given's digit; the default) or ``any`` (any tiles).
    difficulty : the field's level when the room generates it: ``any`` or one of HoDoKu's
        names ``easy``, ``medium``, ``hard``, ``unfair``, ``extreme``.
    """

    givens: int = 30
    blocks: str = "regular"
    claim_cost: int = 1
    hand_size: int = 4
    move_limit: float = 45.0
    game_limit: float = 1200.0
    candidates: bool = True
    miss: str = "discard"
    pass_rule: str = "no-move"
    flag: str = "lose"
    exhaustion: str = "cells"
    tiles: str = "field"
    claim_tile: str = "digit"
    difficulty: str = "any"

    def check(self) -> None:
        """Raise InvalidInputError on a setting out of range."""
        if not 22 <= self.givens <= 34:
            raise InvalidInputError(f"room setting givens={self.givens}: must be 22-34")
        if self.blocks not in ("regular", "irregular"):
            raise InvalidInputError(f"room setting blocks={self.blocks!r}: regular or irregular")
        if self.claim_cost < 0 or self.hand_size < 1:
            raise InvalidInputError("room settings: claim cost >= 0 and hand size >= 1")
        if self.move_limit < 0 or self.game_limit < 0:
            raise InvalidInputError("room settings: clock limits must be >= 0")
        for name, value, allowed in (("miss", self.miss, ("discard", "return")),
                                     ("pass_rule", self.pass_rule, ("no-move", "any")),
                                     ("flag", self.flag, ("lose", "timeout")),
                                     ("exhaustion", self.exhaustion, ("cells", "draw")),
                                     ("tiles", self.tiles, TILE_RULES),
                                     ("claim_tile", self.claim_tile, CLAIM_TILE_RULES),
                                     ("difficulty", self.difficulty, DIFFICULTIES)):
            if value not in allowed:
                raise InvalidInputError(f"room setting {name}={value!r}: one of {allowed}")


@dataclass(frozen=True)
class Move:
    """One record action: a turn move (place, claim, pass) or a side action (offer, accept,
    resign, clock). ``player`` is needed for side actions by the player not to move."""

    kind: str
    cell: int = -1
    digit: int = 0
    tiles: tuple[int, ...] = ()
    player: int = 0
    time: float | None = None

    @classmethod
    def place(cls, cell: str | int, digit: int, time: float | None = None) -> Move:
        """Place tile ``digit`` on ``cell``."""
        return cls("place", parse_cell(cell) if isinstance(cell, str) else cell, digit,
                   time=time)

    @classmethod
    def claim(cls, cell: str | int, *tiles: int, time: float | None = None) -> Move:
        """Claim the given on ``cell``, spending ``tiles``."""
        return cls("claim", parse_cell(cell) if isinstance(cell, str) else cell,
                   tiles=tuple(tiles), time=time)

    def text(self) -> str:
        """The record text of the action (without number, player and time)."""
        if self.kind == "place":
            return f"place {cell_name(self.cell)} {self.digit}"
        if self.kind == "claim":
            return " ".join(["claim", cell_name(self.cell), *map(str, self.tiles)])
        return self.kind


@dataclass(frozen=True)
class Result:
    """The end of a game: ``winner`` 0 (draw), 1 or 2; the reason; blocks and cells held."""

    winner: int
    reason: str
    blocks: tuple[int, int]
    cells: tuple[int, int]

    def score(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return {0: "1/2-1/2", 1: "1-0", 2: "0-1"}[self.winner]

    def text(self) -> str:
        """``1-0 blocks`` style (score and reason), as in the record's Result tag."""
        return f"{self.score()} {self.reason}"


@dataclass
class Event:
    """Something the rules did on their own: a timeout, a miss, a refill, the end."""

    move_number: int
    player: int
    kind: str
    text: str


def bag_tiles(field: Field, solution: str, rule: str = "field") -> Counter[int]:
    """The tiles of a full bag: the solution digit of every cell (``field``) or of every empty
    cell (``empty``)."""
    return Counter(int(solution[i]) for i in range(CELLS)
                   if rule == "field" or field.givens[i] == "0")


def deal_bag(field: Field, solution: str, seed: int, rule: str = "field") -> list[int]:
    """The bag (see :func:`bag_tiles`), shuffled by ``seed``.

    Tiles are sorted, then shuffled with ``random.Random(seed)``; draws take the front tile.
    """
    tiles = sorted(bag_tiles(field, solution, rule).elements())
    random.Random(seed).shuffle(tiles)
    return tiles


@dataclass
class Game:
    """A game in progress: field, solution, settings, bag, hands, owners, turn and clocks."""

    field: Field
    solution: str
    settings: RoomSettings
    bag: list[int]
    hands: dict[int, list[int]]
    owner: list[int]
    digits: list[int]
    mover: int = 1
    left_in_pair: int = 1
    pair_size: int = 1
    move_number: int = 1
    used: dict[int, float] = dc_field(default_factory=lambda: {1: 0.0, 2: 0.0})
    turn_start: float = 0.0
    draw_offer: int = 0
    result: Result | None = None
    events: list[Event] = dc_field(default_factory=list)
    history: list[Move] = dc_field(default_factory=list)
    misses: dict[int, int] = dc_field(default_factory=lambda: {1: 0, 2: 0})
    block_of: list[int] = dc_field(default_factory=list)
    blocks: dict[int, list[int]] = dc_field(default_factory=dict)
    initial_bag: list[int] = dc_field(default_factory=list)
    held: dict[int, list[int]] = dc_field(default_factory=lambda: {1: [0] * 10, 2: [0] * 10})
    keep_history: bool = True
    given: list[bool] = dc_field(default_factory=list)

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, f: Field, solution: str, settings: RoomSettings | None = None,
            bag_seed: int = 0, bag: list[int] | None = None) -> Game:
        """A new game: the bag (from ``bag`` or shuffled by ``bag_seed``), A then B draw hands.

        Without ``settings`` the room defaults apply; then an explicit ``bag`` of one tile per
        empty cell selects the ``empty`` tile rule (the earlier reading) instead of ``field``.

        Raises
        ------
        InvalidInputError
            When ``solution`` does not fit the field or the bag does not match the tile rule.
        """
        if settings is None:
            settings = RoomSettings(f.given_count if 22 <= f.given_count <= 34 else 30,
                                    "regular" if f.regular else "irregular")
            if bag is not None and len(bag) == f.empty_count and f.empty_count != CELLS:
                settings = replace(settings, tiles="empty", claim_tile="any")
        settings.check()
        if len(solution) != CELLS or any(ch not in "123456789" for ch in solution) or any(
                f.givens[i] not in ("0", solution[i]) for i in range(CELLS)):
            raise InvalidInputError("the solution does not match the givens")
        tiles = deal_bag(f, solution, bag_seed, settings.tiles) if bag is None else list(bag)
        if Counter(tiles) != bag_tiles(f, solution, settings.tiles):
            what = "every cell" if settings.tiles == "field" else "every empty cell"
            raise InvalidInputError(f"the bag must hold one tile for {what} (tile rule "
                                    f"{settings.tiles!r}), showing its solution digit")
        g = cls(f, solution, settings, tiles, {1: [], 2: []}, [0] * CELLS,
                [int(ch) for ch in f.givens])
        g.initial_bag = list(tiles)
        g.given = [ch != "0" for ch in f.givens]
        g.block_of = [int(b) for b in f.blocks]
        g.blocks = block_cells(f.blocks)
        g._refill(1)
        g._refill(2)
        return g

    def copy(self) -> Game:
        """An independent copy (for search)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.bag = list(self.bag)
        g.hands = {1: list(self.hands[1]), 2: list(self.hands[2])}
        g.owner = list(self.owner)
        g.digits = list(self.digits)
        g.used = dict(self.used)
        g.events = []
        g.history = list(self.history)
        g.misses = dict(self.misses)
        g.held = {1: list(self.held[1]), 2: list(self.held[2])}
        return g

    # ------------------------------------------------------------------ queries
    def is_given(self, cell: int) -> bool:
        """True for a given cell."""
        return self.given[cell]

    def empty_cells(self) -> list[int]:
        """Cells without a digit."""
        return [i for i in range(CELLS) if self.digits[i] == 0]

    def unclaimed_givens(self) -> list[int]:
        """Givens nobody has claimed yet."""
        return [i for i in range(CELLS) if self.given[i] and self.owner[i] == 0]

    def can_move(self, player: int) -> bool:
        """True when ``player`` has a place or claim move (a tile and a target)."""
        hand = self.hands[player]
        if hand and any(d == 0 for d in self.digits):
            return True
        return any(self.claim_payments(c, player) for c in self.unclaimed_givens())

    def claim_payments(self, cell: int, player: int | None = None) -> list[tuple[int, ...]]:
        """The distinct tile sets ``player`` (default: the mover) can spend to claim ``cell``."""
        hand = self.hands[self.mover if player is None else player]
        cost = self.settings.claim_cost
        if self.settings.claim_tile == "digit":
            d = self.digits[cell]
            return [(d,) * cost] if hand.count(d) >= cost else []
        if len(hand) < cost:
            return []
        return sorted({tuple(sorted(t)) for t in _combinations(hand, cost)})

    def legal_moves(self) -> Iterator[Move]:
        """The turn moves of the player to move (distinct tiles only); empty when over."""
        if self.result is not None:
            return
        hand = sorted(set(self.hands[self.mover]))
        empty = self.empty_cells()
        for d in hand:
            for c in empty:
                yield Move("place", c, d)
        for c in self.unclaimed_givens():
            for t in self.claim_payments(c):
                yield Move("claim", c, tiles=t)
        if self.settings.pass_rule == "any" or not self.can_move(self.mover):
            yield Move("pass")

    def block_counts(self) -> dict[int, tuple[int, int]]:
        """Block id -> (cells of A, cells of B)."""
        return {b: (self.held[1][b], self.held[2][b]) for b in self.blocks}

    def block_owner(self, b: int) -> int:
        """0 undecided, else the player holding five of the block's nine cells."""
        return 1 if self.held[1][b] >= MAJORITY else 2 if self.held[2][b] >= MAJORITY else 0

    def scoreboard(self) -> tuple[int, int, int]:
        """(blocks of A, blocks of B, undecided blocks)."""
        a = sum(1 for x in self.held[1] if x >= MAJORITY)
        b = sum(1 for x in self.held[2] if x >= MAJORITY)
        return a, b, len(self.blocks) - a - b

    def _take(self, cell: int, p: int) -> None:
        self.owner[cell] = p
        self.held[p][self.block_of[cell]] += 1

    def cells_held(self) -> tuple[int, int]:
        """(cells of A, cells of B), claimed givens included."""
        return self.owner.count(1), self.owner.count(2)

    def status_line(self) -> str:
        """``move 4: A to move`` or ``... (One more move in this pair)`` or the result."""
        if self.result is not None:
            return f"game over: {self.result.text()}"
        text = f"move {self.move_number}: {PLAYER_LETTER[self.mover]} to move"
        if self.one_more_in_pair:
            text += " (One more move in this pair)"
        return text

    @property
    def one_more_in_pair(self) -> bool:
        """True when the mover has made the first move of a pair and has the second one left."""
        return self.result is None and self.pair_size == 2 and self.left_in_pair == 1

    # ------------------------------------------------------------------ moves
    def play(self, move: Move) -> list[Event]:
        """Apply one record action (turn move or side action) and return the events it caused.

        Raises
        ------
        IllegalMoveError
            With the move number, the reason, and ``rule`` naming the broken rule.
        """
        start = len(self.events)
        if self.result is not None:
            self._illegal("the game is over", "game-over")
        if move.time is not None:
            if move.time < self.turn_start:
                self._illegal(f"time {move.time:g} s is before the previous move "
                              f"({self.turn_start:g} s)", "clock-order")
            self._advance_clock(move.time)
            if self.result is not None:
                if move.kind == "clock":
                    self.history.append(move)
                    return self.events[start:]
                self._illegal(f"the game ended on time before this move ({self.result.text()})",
                              "game-over")
        actor = move.player or self.mover
        if move.kind in SIDE_KINDS:
            self._side(move)
        elif move.kind in TURN_KINDS:
            if move.player and move.player != self.mover:
                why = "its time ran out" if self._timed_out_recently(move.player) else "wait"
                self._illegal(f"not {PLAYER_LETTER[move.player]}'s turn, "
                              f"{PLAYER_LETTER[self.mover]} is to move ({why})", "turn-order")
            self._turn(move, move.time)
        else:
            raise InvalidMoveError(f"move {self.move_number}: unknown action {move.kind!r}")
        if self.keep_history:
            self.history.append(replace(move, player=actor if move.kind != "clock" else 0))
        return self.events[start:]

    def _illegal(self, reason: str, rule: str) -> None:
        raise IllegalMoveError(f"move {self.move_number}: {reason}", rule=rule)

    def _timed_out_recently(self, player: int) -> bool:
        return any(e.kind == "timeout" and e.player == player for e in self.events[-2:])

    def _side(self, move: Move) -> None:
        p = move.player or self.mover
        if move.kind == "resign":
            self._end(3 - p, "resign")
        elif move.kind == "offer":
            if p != self.mover:
                self._illegal("a draw may be offered only by the player to move", "draw-offer")
            if self.draw_offer == 3 - p:
                self._illegal(f"{PLAYER_LETTER[3 - p]}'s draw offer stands: accept it",
                              "draw-offer")
            self.draw_offer = p
            self.events.append(Event(self.move_number, p, "offer",
                                     f"{PLAYER_LETTER[p]} offers a draw"))
        elif move.kind == "accept":
            if self.draw_offer != 3 - p:
                self._illegal(f"no draw offer by {PLAYER_LETTER[3 - p]} stands", "draw-accept")
            self._end(0, "agreement")
        # "clock" only advances the clock, done above

    def _turn(self, move: Move, time: float | None) -> None:
        p = self.mover
        hand = self.hands[p]
        if move.kind == "place":
            if not 0 <= move.cell < CELLS:
                self._illegal("no such cell", "cell")
            name = cell_name(move.cell)
            if move.digit not in hand:
                self._illegal(f"{PLAYER_LETTER[p]} has no tile {move.digit} (hand "
                              f"{''.join(map(str, sorted(hand))) or 'empty'})", "tile-in-hand")
            if self.is_given(move.cell):
                self._illegal(f"{name} is a given: claim it instead", "place-empty")
            if self.digits[move.cell]:
                self._illegal(f"{name} is already closed", "place-empty")
            hand.remove(move.digit)
            if int(self.solution[move.cell]) == move.digit:
                self.digits[move.cell] = move.digit
                self._take(move.cell, p)
            else:
                self.misses[p] += 1
                text = f"{PLAYER_LETTER[p]} misses: {move.digit} does not belong on {name}"
                if self.settings.miss == "return":
                    hand.append(move.digit)
                    text += " (tile returned)"
                else:
                    text += " (tile discarded)"
                self.events.append(Event(self.move_number, p, "miss", text))
        elif move.kind == "claim":
            if not 0 <= move.cell < CELLS:
                self._illegal("no such cell", "cell")
            name = cell_name(move.cell)
            if not self.is_given(move.cell):
                self._illegal(f"{name} is not a given", "claim-given")
            if self.owner[move.cell]:
                self._illegal(f"{name} is already claimed by "
                              f"{PLAYER_LETTER[self.owner[move.cell]]}", "claim-given")
            if len(move.tiles) != self.settings.claim_cost:
                self._illegal(f"a claim costs {self.settings.claim_cost} tile(s), "
                              f"{len(move.tiles)} named", "claim-cost")
            if Counter(move.tiles) - Counter(hand):
                self._illegal(f"{PLAYER_LETTER[p]} does not hold tiles "
                              f"{''.join(map(str, move.tiles))}", "tile-in-hand")
            if self.settings.claim_tile == "digit" and any(
                    t != self.digits[move.cell] for t in move.tiles):
                self._illegal(f"claiming {name} takes a tile {self.digits[move.cell]} (the "
                              "given's digit)", "claim-tile")
            for t in move.tiles:
                hand.remove(t)
            self._take(move.cell, p)
        else:  # pass
            if self.settings.pass_rule == "no-move" and self.can_move(p):
                self._illegal(f"{PLAYER_LETTER[p]} has a move: pass only without one",
                              "pass")
        self._refill(p)
        if time is not None:
            self.used[p] += time - self.turn_start
            self.turn_start = time
        if self.draw_offer == 3 - p:
            self.draw_offer = 0  # a move declines the opponent's offer
        self._check_end()
        if self.result is None:
            self._next_move()

    def _next_move(self) -> None:
        self.move_number += 1
        self.left_in_pair -= 1
        if self.left_in_pair == 0:
            self.mover = 3 - self.mover
            self.left_in_pair = self.pair_size = 2

    def _refill(self, p: int) -> None:
        while len(self.hands[p]) < self.settings.hand_size and self.bag:
            self.hands[p].append(self.bag.pop(0))

    # ------------------------------------------------------------------ clock
    def _advance_clock(self, now: float) -> None:
        """Apply every timeout and flag fall up to time ``now``."""
        s = self.settings
        while self.result is None:
            deadlines = []
            if s.move_limit:
                deadlines.append((self.turn_start + s.move_limit, "timeout"))
            if s.game_limit:
                deadlines.append((self.turn_start + s.game_limit - self.used[self.mover], "flag"))
            if not deadlines:
                return
            when, kind = min(deadlines, key=lambda x: (x[0], x[1] == "timeout"))
            if now <= when:
                return
            p = self.mover
            self.used[p] += when - self.turn_start
            self.turn_start = when
            if kind == "flag" and s.flag == "lose":
                self.events.append(Event(self.move_number, p, "flag",
                                         f"{PLAYER_LETTER[p]}'s game time ran out at {when:g} s"))
                self._end(3 - p, "time")
                return
            if kind == "flag" and self.used[3 - p] >= s.game_limit:
                # both players are out of game time under the "timeout" rule: count
                self._end_by_count("time")
                return
            self.events.append(Event(self.move_number, p, "timeout",
                                     f"{PLAYER_LETTER[p]} missed the move limit at {when:g} s: "
                                     f"the rest of the pair goes, {PLAYER_LETTER[3 - p]} to move"))
            # the lost moves keep their numbers, so the 1-2-2 table stays true
            self.move_number += self.left_in_pair
            self.mover = 3 - p
            self.left_in_pair = self.pair_size = 2

    # ------------------------------------------------------------------ end
    def settled_winner(self) -> int:
        """The player whose block lead no longer can be caught (0 if none)."""
        a, b, u = self.scoreboard()
        if a > b + u:
            return 1
        if b > a + u:
            return 2
        return 0

    def _check_end(self) -> None:
        w = self.settled_winner()
        if w:
            self._end(w, "blocks")
            return
        if not self.can_move(1) and not self.can_move(2):
            self._end_by_count("exhaustion")

    def _end_by_count(self, reason: str) -> None:
        """End on the counts: more blocks, then (setting) more cells, else drawn."""
        a, b, _ = self.scoreboard()
        if a != b:
            self._end(1 if a > b else 2, f"{reason}: more blocks")
            return
        ca, cb = self.cells_held()
        if self.settings.exhaustion == "cells" and ca != cb:
            self._end(1 if ca > cb else 2, f"{reason}: more cells")
            return
        self._end(0, reason)

    def _end(self, winner: int, reason: str) -> None:
        a, b, _ = self.scoreboard()
        self.result = Result(winner, reason, (a, b), self.cells_held())
        self.events.append(Event(self.move_number, winner, "end", f"game over: "
                                 f"{self.result.text()}"))


def _combinations(hand: list[int], k: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    yield from combinations(hand, k)
