"""How a game ended and the one line that says so, with the seats' names and numbers 1..N.

An outcome is ``{"reason", "seat", "winners"}``: ``reason`` is ``rules`` (the game's rules
ended it; the winners are the seats with the best returns), ``resign``, ``time`` (a seat ran
out of the club's clock), ``draw`` (agreed), ``abort`` (before both sides had moved: no
result) or ``abandoned`` (no action for the abandonment time: no result); ``seat`` is the seat
that resigned, ran out of time or aborted. In a game of three or four seats a seat that
resigns or runs out of time loses and the others share the win.
"""

from __future__ import annotations

from typing import Any

from puzzles.game import GameState


def seat_label(names: list[str], seat: int) -> str:
    """``"Ann (seat 1)"``: a seat's name and its number counted from 1."""
    return f"{names[seat]} (seat {seat + 1})"


def _together(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def rules_outcome(state: GameState[Any]) -> dict[str, Any]:
    """The outcome of a game its rules ended: the winners are the seats of the best return."""
    returns = state.returns()
    best = max(returns)
    winners = [i for i, v in enumerate(returns) if v == best]
    return {"reason": "rules", "seat": None, "winners": winners,
            "rules": state.result_text()}


def server_outcome(reason: str, seat: int | None, seats: int) -> dict[str, Any]:
    """An end the server decides (resign, time, draw, abort, abandoned)."""
    if reason in ("resign", "time"):
        winners = [i for i in range(seats) if i != seat]
    elif reason == "draw":
        winners = list(range(seats))
    else:
        winners = []
    return {"reason": reason, "seat": seat, "winners": winners, "rules": ""}


def result_line(outcome: dict[str, Any], names: list[str]) -> str:
    """The game-over line: who won and why."""
    reason, seat = outcome["reason"], outcome.get("seat")
    winners = [seat_label(names, w) for w in outcome.get("winners", [])]
    win = f"{_together(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else ""
    rules = outcome.get("rules") or ""
    if reason == "rules":
        if len(winners) == len(names):
            return f"draw ({rules})" if rules else "draw"
        return f"{win} · {rules}" if rules else win
    who = seat_label(names, seat) if seat is not None else "a seat"
    if reason == "resign":
        return f"{who} resigned: {win}"
    if reason == "time":
        return f"{who} ran out of time: {win}"
    if reason == "draw":
        return "draw by agreement"
    if reason == "abort":
        return f"aborted by {who} before both sides had moved (no result)"
    return "abandoned: nobody moved for too long (no result)"
