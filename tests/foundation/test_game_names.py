"""The generic game code names no game: a grep for the registry's game names in ``solver/play``,
the server core (``solver/server``, its rooms ``room_<game>.py`` excepted), ``solver ladder``,
``solver review`` and the game interface finds nothing but the lines allowed below, each with
its reason. The names live in one place: the registry's list (``solver/games.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.games import game_names

ROOT = Path(__file__).resolve().parents[2]

#: The games the project ships; the registry lists them all (it may list more).
SHIPPED = {"dominions", "dominimum", "dominomega", "numbridge"}

#: (file, the line's text, stripped) -> why the line may name a game. Each is a comment or
#: docstring in a file another engineer owns, left for them to reword.
ALLOWED: dict[tuple[str, str], str] = {
    ("solver/server/clock.py",
     '"""The club\'s clock for games whose rules have none (every game but Numbridge, whose rules'):
        "docstring: compares with the one game whose rules keep a clock",
    ("solver/server/clock.py",
     "keep their own): a limit per move and a limit per game and seat, as Numbridge's "
     "settings."): "docstring: the same comparison, continued",
    ("solver/server/clock.py",
     "#: The club's time control when a new game names none (Numbridge's club defaults)."):
        "comment: where the default time control comes from",
    ("solver/server/clock.py",
     '"""The clock display (the shape of Numbridge\'s): ``mover``, ``seats`` (``used``,'):
        "docstring: the shape of the display it copies",
    ("solver/server/livegame.py",
     "offers and every other seat accepts; any move, or a \"decline\", withdraws it. Numbridge's"):
        "docstring: the game whose rules end on their own",
}


def generic_files() -> list[Path]:
    """Every Python file of the generic game code."""
    files = sorted((ROOT / "solver" / "play").rglob("*.py"))
    files += sorted(p for p in (ROOT / "solver" / "server").rglob("*.py")
                    if not p.name.startswith("room_"))
    files += [ROOT / "solver" / "cli" / "play.py", ROOT / "solver" / "cli" / "review.py",
              ROOT / "puzzles" / "game.py"]
    return files


def name_pattern() -> re.Pattern[str]:
    """Any game name, in any case."""
    return re.compile("|".join(sorted(SHIPPED | set(game_names()))), re.IGNORECASE)


def game_name_lines() -> dict[tuple[str, str], int]:
    """(file, stripped line) -> line number of every line of the generic code naming a game."""
    names = name_pattern()
    found: dict[tuple[str, str], int] = {}
    for path in generic_files():
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if names.search(line):
                found[(rel, line.strip())] = number
    return found


def test_the_registry_lists_every_shipped_game_once() -> None:
    assert set(game_names()) >= SHIPPED
    registry = (ROOT / "solver" / "games.py").read_text(encoding="utf-8")
    for name in SHIPPED:
        assert len(re.findall(rf'^\s*"{name}": "solver\.', registry, re.MULTILINE)) == 1, name


def test_the_grep_covers_the_generic_code() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in generic_files()}
    assert {"solver/play/match.py", "solver/server/app.py", "solver/server/routes/games.py",
            "solver/cli/play.py", "solver/cli/review.py"} <= files
    assert not any(f.startswith("solver/server/room_") for f in files)


def test_only_the_registry_names_the_games() -> None:
    offences = [f"{f}:{n}: {text}" for (f, text), n in game_name_lines().items()
                if (f, text) not in ALLOWED]
    assert offences == []


def test_every_allowed_line_still_exists() -> None:
    """An allowance whose line was reworded or removed is stale: drop it."""
    stale = sorted(set(ALLOWED) - set(game_name_lines()))
    assert stale == []


@pytest.mark.parametrize("line", ["    if game == 'Dominions':", "# a numbridge room"])
def test_the_grep_finds_a_game_name(line: str) -> None:
    """The pattern catches a name in any case."""
    assert name_pattern().search(line)
