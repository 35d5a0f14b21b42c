"""Regression files: positions with expected answers, run by one runner (GNU Go's ``.tst``).

A file holds blocks of ``key: value`` lines separated by blank lines (``#`` starts a comment).
An indented line continues the value of the key above it (joined with a new line, ``#`` kept),
so a record of several lines (tags and numbered moves) fits in one block:

``game``
    the game's name (found in the registry of ``solver.games`` by the caller);
``record``
    the moves that reach the position, in the game's record format (one line);
``player``, ``nodes``, ``seed``
    who answers, with its node budget and seed (defaults ``mcts``, 200, 1);
``expect``
    the accepted answers, separated by ``|`` (move texts of the game, e.g. ``P40f10``);
``reject``
    optional: answers that must not be played, separated by ``|``;
``name``
    a label for the report;
``status``
    ``pass`` (default) or ``fail``: a known failure, as GNU Go marks them; the runner reports
    an unexpected pass as well as an unexpected failure.

Examples
--------
>>> cases = parse_cases("game: nim\\nrecord: 7\\nexpect: 3|1\\nnodes: 20")
>>> [c.expect for c in cases]
[('3', '1')]
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from puzzles.documents import read_text
from puzzles.errors import ParseError
from puzzles.game import GameDef


@dataclass(frozen=True)
class Case:
    """One position with its expected answers."""

    name: str
    game: str
    record: str
    expect: tuple[str, ...]
    reject: tuple[str, ...] = ()
    player: str = "mcts"
    nodes: int = 200
    seed: int = 1
    line: int = 0
    known_failure: bool = False


@dataclass(frozen=True)
class Outcome:
    """What the player answered and whether it passed."""

    case: Case
    answer: str
    passed: bool

    @property
    def as_expected(self) -> bool:
        """True when the result matches the case's status (pass, or a known failure)."""
        return self.passed != self.case.known_failure


def parse_cases(text: str, source: str = "regression file") -> list[Case]:
    """Read the blocks of a regression file; ParseError names the line of a bad block."""
    out: list[Case] = []
    fields: dict[str, str] = {}
    start = 0
    last = ""
    for number, raw in enumerate([*text.splitlines(), ""], start=1):
        if raw[:1] in (" ", "\t") and raw.strip() and fields:
            fields[last] += "\n" + raw.strip()  # a continuation line
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            if fields:
                out.append(_case(fields, source, start, len(out) + 1))
                fields = {}
            continue
        if ":" not in line:
            raise ParseError(f"{source} line {number}: {line!r} is not 'key: value'")
        if not fields:
            start = number
        key, value = (part.strip() for part in line.split(":", 1))
        fields[key] = value
        last = key
    return out


def _case(fields: dict[str, str], source: str, line: int, k: int) -> Case:
    for key in ("game", "record", "expect"):
        if key not in fields:
            raise ParseError(f"{source} line {line}: the block has no {key!r}")
    try:
        nodes, seed = int(fields.get("nodes", 200)), int(fields.get("seed", 1))
    except ValueError:
        raise ParseError(f"{source} line {line}: nodes and seed must be integers") from None

    def alts(v: str) -> tuple[str, ...]:
        return tuple(a.strip() for a in v.split("|") if a.strip())

    return Case(fields.get("name", f"case {k}"), fields["game"], fields["record"],
                alts(fields["expect"]), alts(fields.get("reject", "")),
                fields.get("player", "mcts"), nodes, seed, line,
                fields.get("status", "pass") == "fail")


def run_case(case: Case, game: GameDef) -> Outcome:
    """Replay the record, ask the player, compare with the expected answers."""
    if game.name != case.game:
        raise ParseError(f"line {case.line}: the case is a {case.game} case, not {game.name}")
    state = game.state_from_record(case.record)
    player = game.make_player(case.player, seed=case.seed, max_nodes=case.nodes)
    answer = state.move_text(player.choose(state, random.Random(case.seed)))
    passed = answer in case.expect and answer not in case.reject
    return Outcome(case, answer, passed)


def run_file(path: Path, find_game: Callable[[str], GameDef]) -> list[Outcome]:
    """Run every case of a regression file; ``find_game`` gives the game of a name (the
    registry's ``solver.games.get_game``)."""
    return [run_case(c, find_game(c.game))
            for c in parse_cases(read_text(path, "regression file"), str(path))]


@dataclass(frozen=True)
class MadeCase:
    """A case to write: its name, game, record, expected answers and a note on the proof."""

    name: str
    game: str
    record: str
    expect: tuple[str, ...]
    note: str
    nodes: int = 200

    def block(self) -> str:
        """The case as a block of ``key: value`` lines (the record indented when multi-line)."""
        lines = [f"# {self.note}", f"name: {self.name}", f"game: {self.game}"]
        rec = self.record.splitlines()
        lines.append(f"record: {rec[0]}")
        lines.extend(f"  {line}" for line in rec[1:] if line.strip())
        lines += ["player: mcts", f"nodes: {self.nodes}", f"expect: {'|'.join(self.expect)}"]
        return "\n".join(lines) + "\n"


def write_cases(path: str, header: str, cases: Iterator[MadeCase], count: int) -> None:
    """Write the first ``count`` of ``cases`` to a regression file under a header comment
    (each case is printed as it is found)."""
    blocks = []
    for case in cases:
        blocks.append(case.block())
        print(case.name, "|", case.note, "|", len(case.expect), "answers")
        if len(blocks) >= count:
            break
    head = "# Regression positions with expected answers (run by solver/play/regress.py).\n"
    head += "".join(f"# {line}\n" for line in textwrap.wrap(header, 94))
    with open(path, "w") as fh:
        fh.write(head + "\n" + "\n".join(blocks))
