"""The whole command tree speaks one vocabulary (README, "Command-line vocabulary").

Walks every group and command of ``solver``: every command and option has help text, every
group's help lists each of its visible subcommands, ``--seed`` defaults to 1, and no concept
below has two visible spellings anywhere in the tree. The old spellings still work as hidden
aliases that print a deprecation warning.
"""

from __future__ import annotations

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


def test_out_is_never_a_page() -> None:
    """``--out`` is the result document; pages are ``--html``."""
    for path, p in visible_options():
        if "--out" in p.opts:
            assert "html" not in (p.help or "").lower(), " ".join(path)


@pytest.mark.parametrize(("argv", "warning"), [
    (["dominions", "replay", "RECORD", "--at", "4"], "--at is deprecated; use --move"),
    (["dominions", "best", "RECORD", "--budget", "50"], "--budget is deprecated; use "
                                                        "--max-nodes"),
])
def test_old_spellings_warn_and_work(argv: list[str], warning: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.txt"
    code, _, _ = run(["dominions", "selfplay", "--games", "1", "--players", "random,random",
                      "--records", str(tmp_path / "games"), "--quiet"], capsys)
    assert code == 0
    record = next((tmp_path / "games").iterdir())
    argv = [str(record) if a == "RECORD" else a for a in argv]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert warning in err and out
