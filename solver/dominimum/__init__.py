"""Analysis, best placement, CP-SAT models, endgame puzzles, players and tournaments for
Dominimum and Dominomega."""
