"""Game records: a plain-text format read and written line by line.

Format (``#`` starts a comment; tags first, then one action per line)::

    [Givens "81 digits, 0 empty"]
    [Blocks "81 block ids 1-9"]
    [Solution "81 digits"]
    [Bag "the bag's tiles in drawing order"]        (or [BagSeed "7"]: shuffled as deal_bag)
    [HandSize "4"] [ClaimCost "1"] [MoveLimit "45"] [GameLimit "1200"]
    [Miss "discard"] [Pass "no-move"] [Flag "lose"] [Exhaustion "cells"] [Candidates "yes"]
    [Tiles "field"] [ClaimTile "digit"] [Difficulty "any"]
                                 (without Tiles: "empty" when the Bag tag holds one tile per
                                 empty cell, and then the earlier claim rule "any" too)
    [First "name"] [Second "name"]
    [Result "1-0 blocks"]                           (written; checked when read)
    1. A place e5 3 @4.2
    2. B claim c3 7 @9
    3. B place a1 2 @15.5
    4. A offer @20
    5. B resign

An action line is ``N. P ACTION [ARGS] [@SECONDS]``: ``N`` counts every action line from 1,
``P`` is ``A`` (first player) or ``B``; ``@SECONDS`` is the time since the start of the game
(optional: an action without time does not move the clocks). Actions: ``place CELL DIGIT``,
``claim CELL TILE...``, ``pass``, ``offer``, ``accept``, ``resign``, and ``clock`` (no player
needed: it only lets the clocks run to its time, to record a flag fall).

Every error names the line and column (from 1, in characters) of the offending token:
``line 7 column 12: place needs a cell and a digit 1-9``.

Examples
--------
>>> sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
>>> text = f'[Givens "{sol[:72]}000000000"]\\n[Solution "{sol}"]\\n[Bag "345261879"]\\n'
>>> rec = read_record(text + "1. A place a9 3 @2\\n2. B place f9 6 @5\\n")
>>> g = replay(rec)
>>> g.owner[72], g.owner[77], g.status_line()
(1, 2, 'move 3: B to move (One more move in this pair)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from puzzles.documents import parse_decimal, parse_int
from puzzles.errors import IllegalMoveError, InvalidInputError, InvalidMoveError, ParseError
from puzzles.numbridge.field import CELLS, REGULAR_BLOCKS, Field, parse_cell
from puzzles.numbridge.game import PLAYER_LETTER, Game, Move, RoomSettings

TAG = re.compile(r'^\[([A-Za-z]+)\s+"([^"]*)"\]$')
ACTION = re.compile(r"^([0-9]{1,6})\.\s+(?:([AB])\s+)?([a-z]+)((?:\s+[^\s@]+)*)(?:\s+@(\S+))?$")
#: the longest clock a record may carry (seconds): a day
MAX_SECONDS = 86_400.0
DIGITS = frozenset("123456789")


@dataclass
class Record:
    """A parsed record: tags and actions (with their line numbers and the columns where they
    start), and where each tag's value starts (``(line, column)``)."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    columns: list[int] = field(default_factory=list)
    tag_places: dict[str, tuple[int, int]] = field(default_factory=dict)

    def tag_place(self, name: str) -> str:
        """``record: line 3 column 13``: where a tag's value starts, for messages."""
        if name in self.tag_places:
            line, col = self.tag_places[name]
            return f"record: line {line} column {col}"
        return "record"

    def tag_where(self, name: str) -> str:
        """``record: line 3 column 13: [ClaimCost]``, the place and name of a tag's value."""
        return f"{self.tag_place(name)}: [{name}]"

    def field(self) -> Field:
        """The field of the record."""
        if "Givens" not in self.tags:
            raise ParseError("record: the [Givens \"...\"] tag is missing")
        for name, allowed, what in (("Givens", "0123456789.", "a digit 0-9 or '.'"),
                                    ("Blocks", "123456789", "a block id 1-9")):
            value = self.tags.get(name, "")
            bad = next((i for i, ch in enumerate(value) if ch not in allowed), None)
            if bad is not None and name in self.tag_places:
                line, col = self.tag_places[name]
                raise ParseError(f"record: line {line} column {col + bad}: [{name}]: "
                                 f"{value[bad]!r} is not {what}")
        return Field.make(self.tags["Givens"], self.tags.get("Blocks", REGULAR_BLOCKS))

    def settings(self, f: Field) -> RoomSettings:
        """The room settings named by the tags (defaults for the missing ones)."""
        t = self.tags
        bag = [ch for ch in t.get("Bag", "") if ch in DIGITS]
        old = "Tiles" not in t and bool(bag) and len(bag) == f.empty_count != CELLS
        tiles = t.get("Tiles", "empty" if old else "field")
        claim_tile = t.get("ClaimTile", "any" if old else "digit")
        s = RoomSettings(
            givens=f.given_count if 22 <= f.given_count <= 34 else 30,
            blocks="regular" if f.regular else "irregular",
            claim_cost=parse_int(t.get("ClaimCost", "1"), 0, 81, self.tag_where("ClaimCost")),
            hand_size=parse_int(t.get("HandSize", "4"), 1, 81, self.tag_where("HandSize")),
            move_limit=parse_decimal(t.get("MoveLimit", "45"), 0, MAX_SECONDS,
                                     self.tag_where("MoveLimit")),
            game_limit=parse_decimal(t.get("GameLimit", "1200"), 0, MAX_SECONDS,
                                     self.tag_where("GameLimit")),
            candidates=t.get("Candidates", "yes") == "yes", miss=t.get("Miss", "discard"),
            pass_rule=t.get("Pass", "no-move"), flag=t.get("Flag", "lose"),
            exhaustion=t.get("Exhaustion", "cells"), tiles=tiles, claim_tile=claim_tile,
            difficulty=t.get("Difficulty", "any"))
        s.check()
        return s


def parse_action(text: str, line: int, column: int = 1) -> Move:
    """One action line as a Move (player 1/2 in ``player``); ``line`` and ``column`` place the
    start of ``text`` in the record for the messages (``line 4 column 13: ...``)."""
    m = ACTION.match(text)
    if not m:
        raise ParseError(f"line {line} column {column}: cannot read action {text!r} "
                         "(expected 'N. A place e5 3 @12.5')")

    def at(offset: int) -> str:
        return f"line {line} column {column + offset}"

    _, who, kind, args, when = m.groups()
    player = {"A": 1, "B": 2}.get(who or "", 0)
    spans = [(w.group(), m.start(4) + w.start()) for w in re.finditer(r"\S+", args)]
    words = [w for w, _ in spans]
    time = (parse_decimal(when, 0, MAX_SECONDS, f"{at(m.start(5) - 1)}: time @{when[:20]}")
            if when is not None else None)
    kind_at = at(m.start(3))
    if kind == "place":
        if len(words) != 2:
            raise InvalidMoveError(f"{kind_at}: place needs a cell and a digit 1-9")
        if words[1] not in DIGITS:
            raise InvalidMoveError(f"{at(spans[1][1])}: place needs a cell and a digit 1-9")
        cell = _cell(words[0], at(spans[0][1]))
        return Move("place", cell, int(words[1]), player=player, time=time)
    if kind == "claim":
        if not words:
            raise InvalidMoveError(f"{kind_at}: claim needs a cell and the tiles spent")
        bad = [c for w, c in spans[1:] if w not in DIGITS]
        if bad:
            raise InvalidMoveError(f"{at(bad[0])}: claim needs a cell and the tiles spent")
        cell = _cell(words[0], at(spans[0][1]))
        return Move("claim", cell, tiles=tuple(int(w) for w in words[1:]),
                    player=player, time=time)
    if kind in ("pass", "offer", "accept", "resign", "clock"):
        if words:
            raise InvalidMoveError(f"{at(spans[0][1])}: {kind} takes no arguments")
        if kind != "clock" and not player:
            raise InvalidMoveError(f"{kind_at}: {kind} needs the player (A or B)")
        return Move(kind, player=player, time=time)
    raise InvalidMoveError(f"{kind_at}: unknown action {kind!r}")


def _cell(name: str, place: str) -> int:
    try:
        return parse_cell(name)
    except ParseError as exc:
        raise ParseError(f"{place}: {exc.message}") from None


def read_record(text: str) -> Record:
    """Parse a record (tags and actions; the moves are checked by :func:`replay`)."""
    rec = Record()
    expected = 1
    for n, raw in enumerate(text.split("\n"), start=1):
        code = raw.split("#", 1)[0]
        line = code.strip()
        if not line:
            continue
        col = len(code) - len(code.lstrip()) + 1
        tag = TAG.match(line)
        if tag:
            rec.tags[tag.group(1)] = tag.group(2)
            rec.tag_places[tag.group(1)] = (n, col + tag.start(2))
            continue
        mv = parse_action(line, n, col)
        number = int(line.split(".", 1)[0])
        if number != expected:
            raise ParseError(f"line {n} column {col}: action number {number}, "
                             f"expected {expected}")
        expected += 1
        rec.moves.append(mv)
        rec.lines.append(n)
        rec.columns.append(col)
    return rec


def start_game(rec: Record) -> Game:
    """The starting position of a record (field, solution, bag, settings)."""
    f = rec.field()
    sol = rec.tags.get("Solution", "")
    if not sol:
        raise ParseError("record: the [Solution \"...\"] tag is missing (solve the field first)")
    settings = rec.settings(f)
    if "Bag" in rec.tags:
        bag_text = rec.tags["Bag"].replace(" ", "")
        if not set(bag_text) <= DIGITS:
            raise ParseError(f"{rec.tag_where('Bag')} must list the tiles as digits 1-9")
        return Game.new(f, sol, settings, bag=[int(ch) for ch in bag_text])
    seed = parse_int(rec.tags.get("BagSeed", "0"), 0, 2**63 - 1, rec.tag_where("BagSeed"))
    return Game.new(f, sol, settings, bag_seed=seed)


def replay(rec: Record, upto: int | None = None) -> Game:
    """Play the record's actions (the first ``upto`` of them) and return the game.

    Raises
    ------
    IllegalMoveError
        The first illegal action, with its action number and the reason.
    InvalidInputError
        A [Result] tag that differs from the replayed result.
    """
    g = start_game(rec)
    moves = rec.moves if upto is None else rec.moves[:upto]
    for i, mv in enumerate(moves, start=1):
        try:
            g.play(mv)
        except IllegalMoveError as exc:
            place = (f"line {rec.lines[i - 1]} column {rec.columns[i - 1]}: "
                     if i <= len(rec.columns) else f"line {rec.lines[i - 1]}: ")
            raise IllegalMoveError(f"{place}action {i}, {exc.message}", rule=exc.rule) from None
    if upto is None and "Result" in rec.tags and rec.tags["Result"] not in ("*", ""):
        got = g.result.text() if g.result else "*"
        if got != rec.tags["Result"]:
            raise InvalidInputError(f"{rec.tag_place('Result')}: [Result \"{rec.tags['Result']}\"] "
                                    f"but the moves give {got}")
    return g


def write_record(g: Game, names: tuple[str, str] = ("A", "B"), bag: list[int] | None = None,
                 extra: dict[str, str] | None = None) -> str:
    """The record text of a game: tags (with the bag at the start) and every action."""
    s = g.settings
    start_bag = bag if bag is not None else _initial_bag(g)
    tags = {"Givens": g.field.givens, "Blocks": g.field.blocks, "Solution": g.solution,
            "Bag": "".join(map(str, start_bag)), "HandSize": str(s.hand_size),
            "ClaimCost": str(s.claim_cost), "MoveLimit": f"{s.move_limit:g}",
            "GameLimit": f"{s.game_limit:g}", "Miss": s.miss, "Pass": s.pass_rule,
            "Flag": s.flag, "Exhaustion": s.exhaustion,
            "Candidates": "yes" if s.candidates else "no", "Tiles": s.tiles,
            "ClaimTile": s.claim_tile, "Difficulty": s.difficulty,
            "First": names[0], "Second": names[1], **(extra or {}),
            "Result": g.result.text() if g.result else "*"}
    lines = [f'[{k} "{v}"]' for k, v in tags.items()]
    for i, mv in enumerate(g.history, start=1):
        who = PLAYER_LETTER.get(mv.player, "")
        line = f"{i}. " + (f"{who} " if who else "")
        lines.append(line + mv.text() + (f" @{mv.time:g}" if mv.time is not None else ""))
    return "\n".join(lines) + "\n"


def _initial_bag(g: Game) -> list[int]:
    if g.initial_bag:
        return list(g.initial_bag)
    raise InvalidInputError("the game does not know its starting bag")
