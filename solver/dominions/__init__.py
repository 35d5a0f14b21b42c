"""Dominions analysis (networkx reference), incremental tracker, players, search, puzzles."""
