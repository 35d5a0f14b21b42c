"""Players by game and name: ``make_player(game, name, seed=..., move_time=..., max_nodes=...)``.

Examples
--------
>>> from puzzles.dominions.state import DominionsState
>>> import random
>>> p = make_player("dominions", "greedy", seed=1)
>>> s = DominionsState()
>>> s.apply(p.choose(s, random.Random(1)))
>>> len(s.history()), player_names("dominimum")
(1, ['greedy', 'lookahead', 'random'])
"""

from __future__ import annotations

from collections.abc import Callable

from puzzles.errors import InvalidInputError
from puzzles.game import game_names
from solver.play import builtin
from solver.play.base import Player, PlayerOptions
from solver.play.mcts import MCTSPlayer

PlayerFactory = Callable[[PlayerOptions], Player]
_PLAYERS: dict[str, dict[str, PlayerFactory]] = {}


def register_player(game: str, name: str, factory: PlayerFactory) -> None:
    """Make ``factory`` known as player ``name`` of ``game``."""
    _PLAYERS.setdefault(game, {})[name] = factory


for _game, _name, _factory in builtin.PLAYERS:
    register_player(_game, _name, _factory)
for _game in ("dominions", "dominimum", "dominomega", "numbridge"):
    register_player(_game, "mcts", MCTSPlayer)


def player_names(game: str) -> list[str]:
    """The players known for ``game``, sorted."""
    return sorted(_PLAYERS.get(game, {}))


def make_player(game: str, name: str, *, seed: int = 1, move_time: float | None = None,
                max_nodes: int | None = None) -> Player:
    """The player ``name`` of ``game`` with its seed and budgets.

    Raises
    ------
    InvalidInputError
        For an unknown game or player name (the message lists the known ones).
    """
    if game not in game_names():
        raise InvalidInputError(f"unknown game {game!r} (known: {', '.join(game_names())})")
    table = _PLAYERS.get(game, {})
    if name not in table:
        raise InvalidInputError(f"unknown player {name!r} for {game} "
                                f"(known: {', '.join(sorted(table))})")
    return table[name](PlayerOptions(seed, move_time, max_nodes))
