"""Eyes, eyes by oscillation, eye quality, atari and unconditional life on small positions."""

from __future__ import annotations

from puzzles.dominions import Position, replay
from solver.dominions.analysis import analyse

NO_SW = [p for p in range(1, 64) if not p & 8]  # pieces that cannot fill j10 next to i9's beam


def test_eye_when_the_opponent_has_no_matching_piece() -> None:
    pos = Position.setup({"i9": "W1"}, to_move="B",
                         hands={"W": list(range(2, 64)), "B": NO_SW})
    a = analyse(pos)
    doc = a.to_json()
    assert doc["eyes"] == {"W": ["j10"], "B": []}
    (g,) = doc["groups"]
    assert g == {"colour": "W", "cells": ["i9"], "liberties": ["j10"], "alive": True,
                 "atari": True, "eyes": ["j10"]}
    assert doc["cells"]["j10"]["held"]["B"] == []
    # the eye is not Black's eye: White still holds matching pieces there
    assert doc["cells"]["j10"]["held"]["W"] == [p for p in range(2, 64) if p & 8]


def test_eye_by_oscillation() -> None:
    """Seed: the only matching pieces are the 'ones' that would oscillate, for both players."""
    pos = Position.setup({"i9": "W1"}, to_move="B", hands={"W": [8, 2], "B": [8, 4]})
    doc = analyse(pos).to_json()
    assert doc["oscillation_eyes"] == ["j10"]
    assert doc["cells"]["j10"]["oscillating"] == {"W": [8], "B": [8]}
    assert doc["groups"][0]["alive"] is True
    # give Black another matching piece and the eye is gone
    pos2 = Position.setup({"i9": "W1"}, to_move="B", hands={"W": [8], "B": [8, 9]})
    doc2 = analyse(pos2).to_json()
    assert doc2["oscillation_eyes"] == [] and doc2["groups"][0]["alive"] is False


def test_eye_quality() -> None:
    """Both can fill j10; Black's capture leaves the new group one liberty only."""
    pos = Position.setup({"i9": "W1"}, to_move="B", hands={"W": [9], "B": [9]})
    doc = analyse(pos).to_json()
    assert doc["cells"]["j10"]["legal"] == {"W": [9], "B": [9]}
    assert doc["cells"]["j10"]["capture_liberties"] == {"W": [], "B": [1]}
    assert doc["eye_quality"] == ["j10"]


def test_counts_sections_and_atari_after_a_few_moves() -> None:
    pos = replay("W[P63i9];B[P8j10];W[P1h8]")  # Black's suicide, then White extends
    a = analyse(pos)
    doc = a.to_json()
    assert doc["groups"] == [{"colour": "W", "cells": ["h8", "i9", "j10"],
                              "liberties": ["h9", "i8", "i10", "j9"], "alive": False,
                              "atari": False, "eyes": []}]
    assert len(doc["sections"]) == 1 and doc["atari"] == []
    # Black has no piece on the board: every legal Black move touches White
    assert doc["legal_moves"]["B"] == sum(len(c["legal"]["B"]) for c in doc["cells"].values())
