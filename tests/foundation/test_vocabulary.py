"""The whole command tree speaks one vocabulary (README, "Command-line vocabulary").

Walks every group and command of ``solver``: every command and option has help text, every
group's help lists each of its visible subcommands, ``--seed`` defaults to 1, and no concept
below has two visible spellings anywhere in the tree. The old spellings still work as hidden
aliases that print a deprecation warning.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from cli_helpers import run

from solver.cli import cli

#: concept -> every spelling ever used; the first is the one name, the others must be hidden.
CONCEPTS: dict[str, list[str]] = {
    "a move number": ["--move", "--at"],
    "a search's node budget": ["--max-nodes", "--budget", "--node-limit"],
    "a whole run's wall-clock limit": ["--time-limit", "--seconds"],
    "a player's thinking time per move": ["--move-time"],
    "the players, one per seat": ["--players", "--white", "--black", "--first", "--second",
                                  "--strategies"],
    "how many seats": ["--seats"],
    "rotating colours/seats between games": ["--swap", "--alternate"],
    "a folder of game records": ["--records"],
    "one record file": ["--record"],
    "the seed of random choices": ["--seed"],
    "the result document": ["--out"],
    "an HTML page": ["--html"],
    "worker processes for computer seats": ["--computer-workers", "--engine-workers"],
}
#: concept -> subcommand spellings; the first is the one name.
COMMANDS: dict[str, list[str]] = {"making puzzles": ["puzzles", "puzzle"]}


def walk(command: click.Command, path: tuple[str, ...] = ("solver",),
         ctx: click.Context | None = None) -> Iterator[tuple[tuple[str, ...], click.Command,
                                                              click.Context]]:
    """Every (path, command, context) of the tree, groups included."""
    ctx = click.Context(command, info_name=path[-1], parent=ctx)
    yield path, command, ctx
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, (path, name)
            yield from walk(sub, (*path, name), ctx)


TREE = list(walk(cli))


def visible_options() -> Iterator[tuple[tuple[str, ...], click.Option]]:
    for path, command, _ in TREE:
        if command.hidden:
            continue
        for p in command.params:
            if isinstance(p, click.Option) and not p.hidden:
                yield path, p


def test_every_command_and_option_has_help() -> None:
    missing = [" ".join(path) for path, command, _ in TREE
               if not command.hidden and not (command.help or command.short_help)]
    missing += [f"{' '.join(path)} {'/'.join(p.opts)}" for path, p in visible_options()
                if not p.help]
    assert missing == []


def test_group_help_lists_every_subcommand() -> None:
    for path, command, ctx in TREE:
        if not isinstance(command, click.Group):
            continue
        text = command.get_help(ctx)
        listed = text.split("Commands:", 1)[-1]
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                assert f"  {name} " in listed or f"  {name}\n" in listed, (path, name)


def test_no_concept_has_two_visible_spellings() -> None:
    spellings = {opt for _, p in visible_options() for opt in p.opts + p.secondary_opts}
    for concept, names in CONCEPTS.items():
        old = [n for n in names[1:] if n in spellings]
        assert old == [], f"{concept}: use {names[0]}, not {old}"
    visible = {path[-1] for path, command, _ in TREE if not command.hidden}
    for concept, names in COMMANDS.items():
        assert not (set(names[1:]) & visible), f"{concept}: use {names[0]}"


def test_seed_defaults_to_one() -> None:
    wrong = [" ".join(path) for path, p in visible_options() if p.name == "seed"
             and p.default != 1]
    assert wrong == []


def test_old_spellings_warn_and_work(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    code, new, _ = run(["dominions", "selfplay", "--games", "1", "--players", "random,greedy",
                        "--swap", "--max-nodes", "20", "--records", str(games), "--json",
                        "--quiet"], capsys)
    assert code == 0
    code, old, err = run(["dominions", "selfplay", "--games", "1", "--white", "random",
                          "--black", "greedy", "--alternate", "--budget", "20", "--json",
                          "--quiet"], capsys)
    assert code == 0 and json.loads(old)["games"] == json.loads(new)["games"]
    for spelling in ("--white", "--black", "--alternate", "--budget"):
        assert f"solver: warning: {spelling} is deprecated; use --" in err
    record = games / "game-0001.txt"
    code, new, _ = run(["dominions", "best", str(record), "--move", "6", "--max-nodes", "30",
                        "--json"], capsys)
    assert code == 0
    code, out, err = run(["dominions", "best", str(record), "--move", "6", "--budget", "30",
                          "--seconds", "60", "--json"], capsys)
    assert code == 0 and out == new, err
    assert "--budget is deprecated; use --max-nodes" in err
    assert "--seconds is deprecated; use --time-limit" in err
    code, out, err = run(["dominions", "puzzle", "--help"], capsys)
    assert code == 0 and "--goal" in out


def test_json_style_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Two-space indentation; arrays of plain values (boards, coordinates) on one line."""
    code, out, _ = run(["backslide", "scramble", "--seed", "2", "--slides", "5", "--json"],
                       capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "{" and lines[1].startswith('  "position": [') and lines[1].endswith("],")
    code, out, _ = run(["sets", "show", "square", "--json"], capsys)
    assert '"directions": [1, 2]' in out and '    {\n      "number": 0,' in out
