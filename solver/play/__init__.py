"""Players, self-play, tournaments, the ladder and review, written once on
:class:`puzzles.game.GameState`."""
