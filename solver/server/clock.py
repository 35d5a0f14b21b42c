"""The club's clock for games whose rules have none (every game but Numbridge, whose rules
keep their own): a limit per move and a limit per game and seat, as Numbridge's settings.

Times are seconds of game time (:meth:`solver.server.live.LiveGame.now`: the clock starts when
every person has opened the seat's link once). Only people's seats are timed; a computer seat
thinks within its own time per move. Running out of either limit loses the game on time
(:mod:`solver.server.outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The club's time control when a new game names none (Numbridge's club defaults).
DEFAULT_MOVE = 45.0
DEFAULT_GAME = 1200.0


@dataclass
class Clock:
    """Per-move and per-game limits (0: none), each seat's used time and the turn's start."""

    move_limit: float = DEFAULT_MOVE
    game_limit: float = DEFAULT_GAME
    used: list[float] = field(default_factory=list)
    turn_start: float = 0.0
    mover: int = -1  # the timed seat to move (-1: nobody: a computer, or the game is over)

    @classmethod
    def from_json(cls, doc: dict[str, Any] | None, seats: int) -> Clock:
        """The clock stored in a game's clock document (the defaults when none is)."""
        doc = doc or {}
        used = [float(x) for x in doc.get("used", [])] or [0.0] * seats
        return cls(float(doc.get("move_limit", DEFAULT_MOVE)),
                   float(doc.get("game_limit", DEFAULT_GAME)), used,
                   float(doc.get("turn_start", 0.0)), int(doc.get("mover", -1)))

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"move_limit": self.move_limit, "game_limit": self.game_limit,
                "used": self.used, "turn_start": self.turn_start, "mover": self.mover}

    @property
    def timed(self) -> bool:
        """True when either limit is set."""
        return bool(self.move_limit or self.game_limit)

    def turn(self, t: float, mover: int) -> None:
        """A change at game time ``t``: the time since the turn started goes to the seat that
        was to move; ``mover`` (-1 for none) now has the turn."""
        if self.mover >= 0:
            self.used[self.mover] += max(0.0, t - self.turn_start)
        self.turn_start = t
        self.mover = mover

    def deadline(self) -> float | None:
        """The game time at which the seat to move runs out, or None."""
        if self.mover < 0 or not self.timed:
            return None
        ends = []
        if self.move_limit:
            ends.append(self.turn_start + self.move_limit)
        if self.game_limit:
            ends.append(self.turn_start + self.game_limit - self.used[self.mover])
        return min(ends)

    def view(self, now: float, running: bool) -> dict[str, Any] | None:
        """The clock display (the shape of Numbridge's): ``mover``, ``seats`` (``used``,
        ``left``), ``move_left``, the limits and ``running`` (False until the clock starts)."""
        if not self.timed:
            return None
        seats = []
        for p, used in enumerate(self.used):
            spent = used + (now - self.turn_start if running and p == self.mover else 0.0)
            seats.append({"used": spent,
                          "left": (self.game_limit - spent) if self.game_limit else None})
        move_left = (self.turn_start + self.move_limit - now
                     if self.move_limit and self.mover >= 0 else None)
        return {"mover": self.mover, "seats": seats, "move_left": move_left,
                "move_limit": self.move_limit, "game_limit": self.game_limit,
                "running": running}
