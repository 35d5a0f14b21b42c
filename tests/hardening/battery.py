"""A hostile user's battery: malformed files (mutations of documents the tool itself writes),
bad option values and unwritable targets, each run through the ``solver`` command line
in-process, checked for: no traceback, a documented exit code, one error line, no output
file touched on error, no temporary file left, no hang.

``build_cases(per_seed)`` makes the cases (deterministic); ``run_case`` runs one and returns
the list of its faults (empty when it behaved). The fast sample runs by default
(``tests/hardening/test_battery.py``); the whole battery is ``pytest -m slow
tests/hardening``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

#: Exit codes the README documents (70 is documented too, but it is an internal fault: the
#: battery counts it as a failure).
DOCUMENTED = {0, 1, 2, 3, 130, 143}
#: Seconds before a run counts as a hang.
HANG_SECONDS = 30.0


# ---------------------------------------------------------------- seed documents -----------
@dataclass(frozen=True)
class Seed:
    """A valid document the tool writes, how to store it and the commands that read it.

    ``commands`` hold ``{F}`` where the file's path goes and ``{OUT}`` for an output file.
    """

    name: str
    data: bytes
    kind: str  # "json" or "text"
    commands: tuple[tuple[str, ...], ...]
    suffix: str = ".json"


#: Where ``write_seeds`` stores the seeds for the fast sample.
STORED = Path(__file__).resolve().parent.parent / "data" / "hardening"


@cache
def seeds(fresh: bool = True) -> tuple[Seed, ...]:
    """The valid documents: made now by the project's own writers (``fresh``), or read back
    from ``STORED`` (written earlier by ``write_seeds``: the fast sample saves the ~15 s the
    games take). Each seed's own runs must succeed, so a stale stored seed shows up."""
    if not fresh and (STORED / "seeds.json").exists():
        index = json.loads((STORED / "seeds.json").read_text())
        return tuple(Seed(e["name"], (STORED / e["file"]).read_bytes(), e["kind"],
                          tuple(tuple(c) for c in e["commands"]), e["suffix"])
                     for e in index)
    return _make_seeds()


def write_seeds(folder: Path = STORED) -> None:
    """Store freshly made seeds (``python3 tests/hardening/battery.py``)."""
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    for s in _make_seeds():
        name = f"{s.name}{s.suffix}"
        (folder / name).write_bytes(s.data)
        index.append({"name": s.name, "file": name, "kind": s.kind, "suffix": s.suffix,
                      "commands": [list(c) for c in s.commands]})
    (folder / "seeds.json").write_text(json.dumps(index, indent=1) + "\n")


def _make_seeds() -> tuple[Seed, ...]:
    """The valid documents, made by the project's own writers."""
    from puzzles.backslide import format_position
    from puzzles.dominimum.game import Game, Rules
    from puzzles.dominimum.records import record_of
    from puzzles.numbridge.field import Field
    from puzzles.regions import parse_region
    from solver.arrange.api import first
    from solver.arrange.problem import ArrangementProblem
    from solver.arrange.split import prefix_to_json, prefixes
    from solver.backslide import scramble, solved_positions
    from solver.games import get_game
    from solver.numbridge.engine import solve as nb_solve
    from solver.play.match import play, run_match

    out: list[Seed] = []

    def js(doc: object) -> bytes:
        return (json.dumps(doc, indent=1) + "\n").encode()

    problem = ArrangementProblem.create("square", "compact", "4x4")
    arr = first(problem, "kernel")
    out.append(Seed("arrangement", js(arr.to_json()), "json", (
        ("arrange", "verify", "{F}", "--out", "{OUT}"),
        ("arrange", "export", "compact", "--region", "4x4", "--fixed", "{F}", "--out", "{OUT}"),
    )))
    sub = prefixes(problem, 2)[3]
    out.append(Seed("fixed", js({"index": 3, "of": 40, "fixed": prefix_to_json(sub)}), "json", (
        ("arrange", "count", "compact", "--region", "4x4", "--fixed", "{F}", "--out", "{OUT}"),
        ("arrange", "export", "compact", "--region", "4x4", "--fixed", "{F}", "--out", "{OUT}"),
    )))
    out.append(Seed("fixed-list", js(prefix_to_json(sub)), "json", (
        ("arrange", "count", "compact", "--region", "4x4", "--fixed", "{F}", "--out", "{OUT}"),
    )))
    region_cmds = (
        ("arrange", "count", "compact", "--set", "square", "--region", "file:{F}",
         "--engine", "kernel", "--out", "{OUT}"),
        ("arrange", "export", "compact", "--set", "square", "--region", "file:{F}",
         "--out", "{OUT}"),
    )
    region = parse_region("4x4", "square")
    out.append(Seed("region-json", js(region.to_json()), "json", region_cmds))
    text = "# a 4x4 square\n" + "".join(f"{q} {r}\n" for q, r in region.ordered_cells)
    out.append(Seed("region-text", text.encode(), "text", region_cmds, ".txt"))

    for kind, players in (("dominimum", 3), ("dominomega", 3)):
        game = Game.deal(kind, players, 5, Rules(True))
        lineup = ["greedy", "random", "greedy"]
        play(get_game(kind).state_class(game), [get_game(kind).make_player(n, seed=40 + i)
                                                for i, n in enumerate(lineup)],
             [random.Random(40 + i) for i in range(len(lineup))])
        record = record_of(game, lineup)
        out.append(Seed(f"{kind}-record", js(record), "json", (
            (kind, "replay", "{F}", "--out", "{OUT}"),
            ("dominimum" if kind == "dominimum" else "dominomega", "score", "{F}",
             *(("--mission", "1", "2") if kind == "dominimum" else ()), "--out", "{OUT}"),
        )))
        if kind == "dominimum":
            layout = game.layout.to_json()
            layout["tiles"] = layout["tiles"][:20]
            placed = {tuple(sorted(t["tile"])) for t in layout["tiles"]}
            hand = next(t for t in ((a, b) for a in range(8) for b in range(a, 8))
                        if t not in placed and t != (1, 2))
            out.append(Seed("dominimum-layout", js(layout), "json", (
                ("dominimum", "score", "{F}", "--out", "{OUT}"),
                ("dominimum", "best", "{F}", "--tile", f"{hand[0]}-{hand[1]}", "--mission",
                 "1", "2",
                 "--samples", "2", "--out", "{OUT}"),
                ("dominomega", "score", "{F}", "--out", "{OUT}"),
            )))

    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    f = Field.from_text(hard)
    field_cmds = (("numbridge", "solve", "{F}", "--out", "{OUT}"),
                  ("numbridge", "rate", "{F}", "--out", "{OUT}"))
    out.append(Seed("numbridge-field-text", f.to_text().encode(), "text", field_cmds, ".txt"))
    out.append(Seed("numbridge-field-json", js({**f.to_json(), "solution": nb_solve(f).solution}),
                    "json", field_cmds))
    played = run_match(get_game("numbridge"), ["greedy", "random"], 1, 3).games[0]
    rec = played.record + "\n"
    out.append(Seed("numbridge-record", rec.encode(), "text", (
        ("numbridge", "analyse", "{F}", "--out", "{OUT}"),
        ("numbridge", "endgame", "{F}", "--max-nodes", "20000", "--out", "{OUT}"),
    ), ".txt"))
    match = run_match(get_game("dominions"), ["greedy", "random"], 1, 2).games[0]
    out.append(Seed("dominions-record", (match.record + "\n").encode(), "text", (
        ("dominions", "replay", "{F}", "--out", "{OUT}"),
        ("dominions", "analyse", "{F}", "--out", "{OUT}"),
        ("review", "{F}", "--max-nodes", "1", "--out", "{OUT}"),
    ), ".txt"))
    pos = scramble(solved_positions()[0], 12, 4)
    out.append(Seed("backslide-position", (format_position(pos) + "\n").encode(), "text", (
        ("backslide", "solve", "@{F}", "--max-nodes", "20000", "--out", "{OUT}"),
    ), ".txt"))
    return tuple(out)


# ---------------------------------------------------------------- mutations ----------------
ODD_VALUES: tuple[object, ...] = (
    0, -1, 1, 7, 2**63, 10**100, -(10**30), 1.5, 1e308, "x", "", "²", "٣", "１", "Infinity",
    [], {}, [[]], [0], [0, 0, 0], True, False, None, {"a": 1}, [1, 2, 3], "9" * 40,
)
ODD_TOKENS = ("²", "٣", "１", "-1", "99999999999999999999", "", "x", "1.5", "nan", "inf",
              "1e999", "0", "10", "16", "z9", "[", "]", "\"", "#", "@", "\t", "0x10")


def _json_paths(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _json_paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _json_paths(v, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return doc


def _delete(doc: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return {}
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    del parent[path[-1]]
    return doc


def _dump(doc: Any) -> bytes:
    return json.dumps(doc, allow_nan=True).encode()


def json_mutation(data: bytes, rng: random.Random) -> bytes:
    """A structural mutation of a JSON document: a value replaced, a key removed or added,
    a value wrapped in a list, or a document of another type."""
    doc = json.loads(data)
    paths = list(_json_paths(doc))
    path = rng.choice(paths)
    op = rng.randrange(6)
    if op <= 1:
        doc = _set(doc, path, json.loads(json.dumps(rng.choice(ODD_VALUES))))
    elif op == 2 and path:
        doc = _delete(doc, path)
    elif op == 3:
        target = doc
        for p in path:
            target = target[p]
        if isinstance(target, dict):
            target[rng.choice(["extra", "cells", "wrap", "moves", "tiles", "fixed"])] = \
                rng.choice(ODD_VALUES)
        else:
            doc = _set(doc, path, [target])
    elif op == 4:
        doc = _set(doc, path, float(rng.choice(["nan", "inf", "-inf"])))
    else:
        doc = rng.choice([5, "text", [doc], None, True, [[[]]]])
    return _dump(doc)


def text_mutation(data: bytes, rng: random.Random) -> bytes:
    """A token of a text document replaced by an odd token, or a line doubled or removed."""
    text = data.decode()
    lines = text.splitlines(keepends=True) or [""]
    i = rng.randrange(len(lines))
    op = rng.randrange(4)
    if op == 0:
        lines.insert(i, lines[i])
    elif op == 1:
        del lines[i]
    else:
        words = lines[i].split(" ")
        j = rng.randrange(len(words))
        words[j] = rng.choice(ODD_TOKENS) + ("\n" if words[j].endswith("\n") else "")
        lines[i] = " ".join(words)
    return "".join(lines).encode()


def byte_mutation(data: bytes, rng: random.Random) -> bytes:
    """An encoding or byte-level fault."""
    op = rng.randrange(14)
    at = rng.randrange(len(data) + 1)
    if op == 0:
        return b"\xef\xbb\xbf" + data
    if op == 1:
        return data.decode().encode("utf-16")
    if op == 2:
        return data.decode().encode("utf-16-le")
    if op == 3:
        return data[:at] + bytes([rng.choice([0xff, 0xfe, 0xc3, 0x80, 0xed])]) + data[at:]
    if op == 4:
        return data[:at]
    if op == 5:
        return b""
    if op == 6:
        return data[:at] + b"\x00" + data[at:]
    if op == 7:
        digits = [k for k, b in enumerate(data) if 48 <= b <= 57]
        if not digits:
            return data + "²".encode()
        k = rng.choice(digits)
        odd = rng.choice(["²", "٣", "１", "⁵", "½"]).encode()
        return data[:k] + odd + data[k + 1:]
    if op == 8:
        digits = [k for k, b in enumerate(data) if 48 <= b <= 57]
        k = rng.choice(digits) if digits else at
        big = rng.choice([b"9" * 5000, b"1" + b"0" * 100, b"1e999", b"NaN", b"Infinity",
                          b"-" + b"9" * 30, b"1" * 10_000_000 if rng.random() < 0.02
                          else b"7" * 400])
        return data[:k] + big + data[k + 1:]
    if op == 9:
        return b"[" * 100_000 + b"]" * 100_000 if rng.random() < 0.5 else b"{\"a\":" * 5000
    if op == 10:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if op == 11 and len(data) > 2:
        k = rng.randrange(len(data) - 1)
        return data[:k] + data[k + 1:k + 2] + data[k:k + 1] + data[k + 2:]
    if op == 12:
        return data + data
    return data[:at] + b"\r\n\t \x1b[2J" + data[at:]


def mutations(seed: Seed, count: int) -> list[tuple[str, bytes]]:
    """``count`` mutated versions of a seed (deterministic), with a short label each."""
    rng = random.Random(f"{seed.name}-{count}")
    out = []
    for i in range(count):
        choice = rng.random()
        if seed.kind == "json" and choice < 0.55:
            label, data = "json", json_mutation(seed.data, rng)
            if rng.random() < 0.3:  # a second fault on top
                label, data = "json2", json_mutation(data, rng) if data.strip().startswith(
                    (b"{", b"[")) and _is_json(data) else data
        elif seed.kind == "text" and choice < 0.55:
            label, data = "text", text_mutation(seed.data, rng)
        else:
            label, data = "bytes", byte_mutation(seed.data, rng)
        out.append((f"{seed.name}#{i}:{label}", data))
    return out


def _is_json(data: bytes) -> bool:
    try:
        json.loads(data)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- cases --------------------
@dataclass(frozen=True)
class Case:
    """One command-line run: argv (with ``{F}``/``{OUT}``), the file content, what is
    expected (a set of exit codes), and, for target tests, the special path to protect."""

    label: str
    argv: tuple[str, ...]
    data: bytes | None = None
    suffix: str = ".json"
    expect: frozenset[int] = frozenset({0, 1, 2, 3})
    stdin: bytes | None = None
    protect: str | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)


def document_cases(per_seed: int, fresh: bool = True) -> list[Case]:
    """Every seed's commands over ``per_seed`` mutations of the seed (and the seed itself)."""
    cases = []
    for seed in seeds(fresh):
        for label, data in [(f"{seed.name}:valid", seed.data), *mutations(seed, per_seed)]:
            for argv in seed.commands:
                expect = frozenset({0, 1}) if label.endswith(":valid") else frozenset(
                    {0, 1, 2, 3})
                cases.append(Case(f"{label} {argv[0]} {argv[1]}", argv, data, seed.suffix,
                                  expect))
    return cases


def stdin_cases(per_seed: int, fresh: bool = True) -> list[Case]:
    """Standard input (``-``) fed with the field seeds' mutations."""
    cases = []
    for seed in seeds(fresh):
        if not seed.name.startswith("numbridge-field"):
            continue
        for label, data in mutations(seed, per_seed):
            cases.append(Case(f"stdin {label}", ("numbridge", "solve", "-", "--out", "{OUT}"),
                              stdin=data))
    return cases


HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BAD_NUMBERS = ("nan", "NaN", "inf", "-inf", "Infinity", "1e999", "²", "٣", "１", "",
               "abc", "99999999999999999999999999", "0x10", "1_0")


def option_cases(fresh: bool = True) -> list[Case]:
    """Bad option values, unknown options and missing arguments: all exit 2."""
    two = frozenset({2})
    cases = []
    numeric = [
        (("numbridge", "solve", HARD), "--cap"),
        (("numbridge", "generate"), "--givens"),
        (("numbridge", "generate"), "--seed"),
        (("numbridge", "endgame", "{F}"), "--max-nodes"),
        (("numbridge", "selfplay"), "--games"),
        (("dominimum", "extremes", "--mission", "1", "2"), "--time-limit"),
        (("dominomega", "maximum"), "--time-limit"),
        (("dominimum", "play"), "--seed"),
        (("dominimum", "tournament"), "--games"),
        (("dominimum", "puzzles"), "--count"),
        (("dominimum", "score", "{F}"), "--mission"),
        (("dominions", "best", "{F}"), "--time-limit"),
        (("dominions", "best", "{F}"), "--max-nodes"),
        (("dominions", "replay", "{F}"), "--move"),
        (("dominions", "selfplay"), "--games"),
        (("backslide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ."), "--max-nodes"),
        (("backslide", "scramble"), "--slides"),
        (("backslide", "scramble"), "--seed"),
        (("backslide", "scramble"), "--solution"),
        (("arrange", "count", "compact", "--region", "4x4"), "--jobs"),
        (("arrange", "count", "compact", "--region", "4x4"), "--depth"),
        (("arrange", "enumerate", "compact", "--region", "4x4"), "--limit"),
        (("arrange", "estimate", "compact", "--region", "4x4"), "--probes"),
        (("arrange", "estimate", "compact", "--region", "4x4"), "--seed"),
    ]
    for base, option in numeric:
        for value in BAD_NUMBERS:
            argv = (*base, option, value)
            if option == "--mission":
                argv = (*base, option, value, "2")
            cases.append(Case(f"option {' '.join(base[:2])} {option} {value!r}", argv,
                              _option_file(base, fresh), _suffix(base), two))
    for base, option in numeric[:12]:
        cases.append(Case(f"missing value {option}", (*base, option),
                          _option_file(base, fresh), _suffix(base), two))
    words = [
        ("sets", "show", "octagon"), ("sets", "show", "square", "--colour", "red"),
        ("frobnicate",), ("arrange", "find", "compact", "--set", "octagon"),
        ("arrange", "find", "pretty"), ("arrange", "find", "compact", "--region", "nowhere"),
        ("arrange", "find", "compact", "--region", "0x4"),
        ("arrange", "find", "compact", "--region", "²x4"),
        ("arrange", "find", "compact", "--region", "hexagon:²"),
        ("arrange", "find", "compact", "--set", "hexagon", "--region", "hexagon:99999999999"),
        ("arrange", "find", "compact", "--region", "4x4", "--fix", "0,0=²"),
        ("arrange", "find", "compact", "--region", "4x4", "--fix", "0,0"),
        ("arrange", "find", "compact", "--region", "4x4", "--fix", "1" * 5000 + ",0=1"),
        ("arrange", "find", "compact", "--region", "4x4", "--border", "odd"),
        ("arrange", "find", "compact", "--region", "file:/nonexistent"),
        ("arrange", "find", "compact", "--region", "file:/dev/null"),
        ("arrange", "find", "compact", "--region", "file:/tmp"),
        ("arrange", "verify", "/dev/zero"), ("arrange", "verify", "/nonexistent.json"),
        ("arrange", "verify", "/tmp"), ("arrange", "count", "compact", "--fixed", "/tmp"),
        ("dominimum", "best", "{F}", "--tile", "²-3", "--mission", "1", "2"),
        ("dominimum", "best", "{F}", "--tile", "9-9", "--mission", "1", "2"),
        ("dominimum", "extremes", "--mission", "1", "2", "--region", "²x9"),
        ("dominimum", "extremes", "--mission", "1", "2", "--others", "²"),
        ("dominomega", "maximum", "--symbols", "²"),
        ("dominomega", "maximum", "--symbols", "8"),
        ("numbridge", "solve", "²" * 81), ("numbridge", "solve", "-x"),
        ("numbridge", "solve", HARD, "--engine", "magic"),
        ("backslide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ²"),
        ("backslide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 " + "9" * 400),
        ("backslide", "solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 " + "1" + "0" * 100),
        ("backslide", "solve", "@/nonexistent"), ("backslide", "solve", "@/dev/zero"),
        ("dominions", "replay", "/nonexistent"), ("dominions", "best", "{F}", "--seed", "²"),
        ("dominimum", "play", "--players", ","), ("dominimum", "play", "--players", "9"),
        ("dominimum", "play", "--players", "²"), ("dominimum", "play", "--players", "9" * 5000),
        ("numbridge", "selfplay", "--players", "genius,random"),
    ]
    for argv in words:
        cases.append(Case(f"words {' '.join(argv)[:60]}", argv, _option_file(argv, fresh),
                          _suffix(argv), two))
    return cases


def _suffix(argv: tuple[str, ...]) -> str:
    return ".txt" if "dominions" in argv or "numbridge" in argv else ".json"


def _option_file(argv: tuple[str, ...], fresh: bool) -> bytes | None:
    if "{F}" not in argv:
        return None
    by_name = {s.name: s for s in seeds(fresh)}
    if "dominions" in argv:
        return by_name["dominions-record"].data
    if "numbridge" in argv:
        return by_name["numbridge-record"].data
    return by_name["dominimum-layout"].data


def target_cases(scratch: Path, fresh: bool = True) -> list[Case]:
    """Output options aimed at places that must not (or cannot) be written: exit 2, the
    place untouched."""
    loop = scratch / "loop-a"
    if not loop.is_symlink():
        os.symlink(scratch / "loop-b", loop)
        os.symlink(loop, scratch / "loop-b")
    plain = scratch / "plain.txt"
    plain.write_text("keep me\n")
    targets = ["/dev/full", "/dev/null", str(scratch), str(scratch / "missing" / "x.json"),
               str(loop), str(plain / "inside.json"), ""]
    by_name = {s.name: s for s in seeds(fresh)}
    layout = by_name["dominimum-layout"].data
    commands: list[tuple[tuple[str, ...], bytes | None, str]] = [
        (("sets", "show", "square", "--json", "--out"), None, ".json"),
        (("sets", "show", "square", "--svg"), None, ".json"),
        (("arrange", "find", "compact", "--region", "4x4", "--out"), None, ".json"),
        (("arrange", "find", "compact", "--region", "4x4", "--svg"), None, ".json"),
        (("arrange", "find", "compact", "--region", "4x4", "--html"), None, ".json"),
        (("arrange", "enumerate", "compact", "--region", "2x2", "--set", "square",
          "--border", "free", "--out"), None, ".json"),
        (("arrange", "split", "compact", "--region", "4x4", "--depth", "1", "--out"), None,
         ".json"),
        (("dominimum", "score", "{F}", "--mission", "1", "2", "--svg"), layout, ".json"),
        (("dominimum", "score", "{F}", "--mission", "1", "2", "--html"), layout, ".json"),
        (("dominimum", "play", "--record"), None, ".json"),
        (("dominimum", "tournament", "--games", "2", "--plot"), None, ".json"),
        (("dominimum", "tournament", "--games", "2", "--records"), None, ".json"),
        (("numbridge", "solve", HARD, "--svg"), None, ".json"),
        (("numbridge", "solve", HARD, "--out"), None, ".json"),
        (("backslide", "classes", "--out"), None, ".json"),
    ]
    cases = []
    for argv, data, suffix in commands:
        for t in targets:
            if argv[-1] == "--records" and t in ("", str(scratch)):
                continue  # a folder option: an existing folder (or ".") is a fine target
            tail = t
            if "--plot" in argv and t and not t.startswith("/dev") and "." not in Path(t).name:
                tail = t  # a folder or a loop: refused before the suffix check matters
            cases.append(Case(f"target {' '.join(argv[:2])} {argv[-1]} {t!r}", (*argv, tail),
                              data, suffix, frozenset({2}), protect=t or None))
    return cases


def build_cases(per_seed: int, scratch: Path, fresh: bool = True) -> list[Case]:
    """The whole battery: documents, stdin, options and targets."""
    return (document_cases(per_seed, fresh) + stdin_cases(max(1, per_seed // 4), fresh)
            + option_cases(fresh) + target_cases(scratch, fresh))


# ---------------------------------------------------------------- running ------------------
class HangError(BaseException):
    """A run that took longer than HANG_SECONDS."""


def _alarm(signum: int, frame: object) -> None:
    raise HangError()


def _snapshot(path: str) -> tuple[int, int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_mode, info.st_size, info.st_ino)


def run_case(case: Case, scratch: Path, main: Callable[[list[str]], None]
             ) -> tuple[int | None, list[str]]:
    """Run one case in-process: its exit code (None when it escaped or hung) and the faults
    found (empty: it behaved as documented)."""
    work = scratch / "run"
    work.mkdir(exist_ok=True)
    for leftover in work.iterdir():
        leftover.unlink()
    doc = work / f"input{case.suffix}"
    out = work / "result.out"
    if case.data is not None:
        doc.write_bytes(case.data)
    argv = [a.replace("{F}", str(doc)).replace("{OUT}", str(out)) for a in case.argv]
    before = _snapshot(case.protect) if case.protect else None
    stdout, stderr = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin or b""), encoding="utf-8")
    old_stdin = sys.stdin
    old_handler = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    code: object = None
    faults: list[str] = []
    try:
        sys.stdin = stdin
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            main(argv)
    except SystemExit as exc:
        code = exc.code if exc.code is not None else 0
    except HangError:
        faults.append(f"hang (> {HANG_SECONDS:g} s)")
    except BaseException as exc:  # anything escaping main is a traceback for the user
        faults.append(f"escaped {type(exc).__name__}: {exc}"[:200])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.stdin = old_stdin
    err = stderr.getvalue()
    if "Traceback" in err:
        faults.append("traceback on stderr")
    if code is not None:
        if not isinstance(code, int) or code not in DOCUMENTED:
            faults.append(f"undocumented exit code {code!r}: {err.strip()[:160]}")
        elif code not in case.expect:
            faults.append(f"exit code {code}, expected {sorted(case.expect)}: "
                          f"{err.strip()[:160]}")
        if code not in (0, None):
            lines = [line for line in err.splitlines()
                     if line.strip() and not line.startswith("solver: warning: ")]
            if code != 1 and (len(lines) != 1 or not lines[0].startswith("solver: error: ")):
                faults.append(f"not one error line: {err[:200]!r}")
            if code == 2 and out.exists():
                faults.append("output file written although the input was refused")
    parts = [p.name for p in work.iterdir() if p.name.endswith(".part")]
    parts += [p.name for p in scratch.iterdir() if p.name.endswith(".part")]
    if parts:
        faults.append(f"temporary file left: {parts}")
    if case.protect:
        after = _snapshot(case.protect)
        if after != before:
            faults.append(f"{case.protect} was changed")
        if case.protect.startswith("/dev/") and after is not None and stat.S_ISREG(after[0]):
            faults.append(f"{case.protect} was replaced by a regular file")
    return (code if isinstance(code, int) else None), faults


@dataclass
class Report:
    """Totals of a battery run."""

    inputs: int = 0
    tracebacks: int = 0
    wrong_codes: int = 0
    hangs: int = 0
    other: int = 0
    codes: dict[int, int] = field(default_factory=dict)
    failures: list[tuple[str, list[str]]] = field(default_factory=list)

    def add(self, case: Case, faults: list[str], code: int | None = None) -> None:
        self.inputs += 1
        if code is not None:
            self.codes[code] = self.codes.get(code, 0) + 1
        if faults:
            self.failures.append((case.label, faults))
        for f in faults:
            if "traceback" in f or "escaped" in f:
                self.tracebacks += 1
            elif "exit code" in f:
                self.wrong_codes += 1
            elif "hang" in f:
                self.hangs += 1
            else:
                self.other += 1

    def summary(self) -> str:
        codes = ", ".join(f"{k}: {v}" for k, v in sorted(self.codes.items()))
        return (f"{self.inputs} inputs: {self.tracebacks} tracebacks, {self.wrong_codes} wrong "
                f"exit codes, {self.hangs} hangs, {self.other} other faults (exit codes "
                f"{codes})")


def run_battery(cases: list[Case], scratch: Path,
                main: Callable[[list[str]], None]) -> Report:
    """Run every case; the report of the faults."""
    report = Report()
    for case in cases:
        code, faults = run_case(case, scratch, main)
        report.add(case, faults, code)
    return report


if __name__ == "__main__":  # pragma: no cover
    write_seeds()
    print(f"wrote the seeds into {STORED}")
