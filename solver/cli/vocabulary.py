"""One name per concept on the command line, and the old spellings as hidden aliases.

The names (README, "Command-line vocabulary"): ``--seed N`` (default 1), ``--players
NAME,...`` (one per seat), ``--seats N``, ``--swap/--no-swap``, ``--games N``, ``--move-time``,
``--time-limit``, ``--max-nodes``, ``--move N``, ``--records DIR``, ``--record FILE``, ``--out
FILE``, ``--json``, ``--svg/--html/--plot FILE``, ``--count N``, ``--difficulty``, "opponents",
subcommand ``puzzles``.

An old spelling keeps working for a while: it is a hidden option (or command) that prints
``solver: warning: --at is deprecated; use --move`` on stderr and then behaves like the new one.

Examples
--------
>>> import click
>>> from click.testing import CliRunner
>>> @click.command()
... @click.option("--move", type=int, default=None, help="A move number.")
... @alias("--at", "move")
... def show(move):
...     click.echo(f"move={move}")
>>> result = CliRunner().invoke(show, ["--at", "3"])
>>> result.output.splitlines()[-1]
'move=3'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def warn_deprecated(old: str, new: str) -> None:
    """The one deprecation line on stderr."""
    click.echo(f"solver: warning: {old} is deprecated; use {new}", err=True)


def _param(ctx: click.Context, name: str) -> click.Parameter | None:
    return next((p for p in ctx.command.params if p.name == name), None)


def alias(old: str, target: str, *, flag: bool = False,
          apply: Callable[[dict[str, Any], Any], None] | None = None,
          new: str | None = None) -> Callable[[F], F]:
    """Add the hidden deprecated option ``old`` that sets parameter ``target``.

    Parameters
    ----------
    old : str
        The old spelling, e.g. ``"--at"``.
    target : str
        The parameter name of the new option (``"move"``); its type converts the value.
    flag : bool
        ``old`` is a flag (``--alternate``): giving it sets ``target`` to True.
    apply : callable, optional
        ``apply(kwargs, value)`` for translations that are not a plain rename (``--white X``
        becomes the first name of ``--players``).
    new : str, optional
        The new spelling shown in the warning (default: ``--`` + target with dashes).
    """
    dest = "alias_" + old.lstrip("-").replace("-", "_")
    shown = new or "--" + target.replace("_", "-")

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            value = kwargs.pop(dest, None)
            if value is not None and value is not False:
                warn_deprecated(old, shown)
                if apply is not None:
                    apply(kwargs, value)
                elif flag:
                    kwargs[target] = True
                else:
                    ctx = click.get_current_context()
                    param = _param(ctx, target)
                    kwargs[target] = (param.type_cast_value(ctx, value) if param is not None
                                      else value)
            return func(*args, **kwargs)

        option = (click.option(old, dest, is_flag=True, default=False, hidden=True)
                  if flag else click.option(old, dest, default=None, hidden=True))
        return option(wrapper)  # type: ignore[return-value]

    return decorate


def seat_alias(old: str, seat: int, target: str = "players_text") -> Callable[[F], F]:
    """The hidden old option ``old`` naming the player of one ``seat`` (``--white X`` is the
    first name of ``--players``)."""

    def apply(kwargs: dict[str, Any], value: Any) -> None:
        names = [n.strip() for n in str(kwargs[target]).split(",")]
        while len(names) <= seat:
            names.append(names[-1])
        names[seat] = str(value)
        kwargs[target] = ",".join(names)

    return alias(old, target, apply=apply, new=f"--players (name {seat + 1})")


def hidden_alias(command: click.Command, old: str, group_name: str) -> click.Command:
    """A hidden command ``old`` that warns, then runs ``command`` (the same options)."""
    new = command.name or old

    def callback(*args: Any, **kwargs: Any) -> Any:
        warn_deprecated(f"'{group_name} {old}'", f"'{group_name} {new}'")
        assert command.callback is not None
        return click.get_current_context().invoke(command.callback, *args, **kwargs)

    return click.Command(old, callback=callback, params=command.params, help=command.help,
                         hidden=True, context_settings=command.context_settings)


def alias_command(group: click.Group, old: str, new: str) -> None:
    """Register the hidden deprecated subcommand ``old`` of ``group`` for ``new``."""
    group.add_command(hidden_alias(group.commands[new], old, group.name or ""), old)
