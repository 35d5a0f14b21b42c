"""Liberties as beams, eyes of both kinds, eye quality, atari and life on small positions.

The positions follow the seed's examples: a white piece with one beam at ``i9`` (its liberty is
``j10``), and for the two-sided cases a black piece at ``k11`` whose one beam also points at
``j10``.
"""

from __future__ import annotations

from puzzles.dominions import Position, replay
from solver.dominions.analysis import analyse

NO_SW = [p for p in range(1, 64) if not p & 8]  # pieces that cannot fill j10 next to i9's beam


def test_two_beams_into_one_cell_are_two_liberties() -> None:
    """i9 (NE, E) and i10 (W, NW) form a group whose two free beams both point at j10."""
    pos = Position.setup({"i9": "W33", "i10": "W6"}, to_move="B",
                         hands={"W": [1, 2], "B": [24, 25]})
    doc = analyse(pos).to_json()
    (g,) = doc["groups"]
    assert g["liberties"] == 2 and g["liberty_cells"] == ["j10"]
    assert g["liberty_beams"] == [{"cell": "i9", "direction": 1, "to": "j10"},
                                  {"cell": "i10", "direction": 2, "to": "j10"}]
    assert g["atari"] is False and doc["atari"] == []
    # Black's 24 captures with no liberty left (oscillation); 25 captures keeping one beam
    assert doc["cells"]["j10"]["legal"]["B"] == [25]
    assert doc["cells"]["j10"]["oscillating"]["B"] == [24]
    assert doc["cells"]["j10"]["capture_liberties"]["B"] == [1]
    # legality is unchanged: filling the one cell still captures the whole group
    out = pos.outcome(pos.parse_move("P25j10"))
    assert out.status == "legal" and sorted(out.flipped) == sorted(
        pos.board.cell_index(n) for n in ("i9", "i10"))


def test_permanent_eye_and_its_group_is_alive_not_in_atari() -> None:
    pos = Position.setup({"i9": "W1"}, to_move="B",
                         hands={"W": list(range(2, 64)), "B": NO_SW})
    doc = analyse(pos).to_json()
    assert doc["eyes"] == {"W": ["j10"], "B": []}
    (g,) = doc["groups"]
    assert g["liberties"] == 1 and g["eyes"] == ["j10"]
    assert g["alive"] is True and g["status"] == "pass-alive" and g["atari"] is False
    assert g["life"]["pass"]["reason"] == "eye" and g["life"]["pass"]["cells"] == ["j10"]
    assert doc["cells"]["j10"]["held"]["B"] == []
    # the eye is not Black's eye: White still holds matching pieces there
    assert doc["cells"]["j10"]["held"]["W"] == [p for p in range(2, 64) if p & 8]
    assert doc["scope"]["eyes"].startswith("all future play")


def test_one_sided_eye_by_oscillation() -> None:
    """Black's only matching piece (the one) would oscillate; White could fill plainly."""
    pos = Position.setup({"i9": "W1"}, to_move="B", hands={"W": [9], "B": [8]})
    doc = analyse(pos).to_json()
    assert doc["oscillation_eyes"] == {"W": ["j10"], "B": []}  # proved: Black never fills it
    assert doc["oscillation_now"]["W"]["j10"]["status"] == "unfillable"
    assert doc["eyes"] == {"W": [], "B": []}
    (g,) = doc["groups"]
    assert g["oscillation_eyes"] == ["j10"]
    assert (g["alive"], g["status"], g["atari"]) == (True, "pass-alive", False)
    assert g["life"]["pass"]["reason"] == "no-exit"
    assert doc["scope"]["oscillation_now"] == "now"
    # give Black a second matching piece that captures legally and the eye is gone
    doc2 = analyse(Position.setup({"i9": "W1"}, to_move="B",
                                  hands={"W": [9], "B": [8, 9]})).to_json()
    assert doc2["oscillation_eyes"] == {"W": [], "B": []}
    (g2,) = doc2["groups"]
    assert g2["atari"] is True and g2["status"] == "killable"
    assert g2["life"]["pass"]["sequence"] == ["P9j10"]


def test_two_sided_eye_by_oscillation() -> None:
    """The seed's case: both players hold only pieces that would oscillate at j10."""
    pos = Position.setup({"i9": "W1", "k11": "B8"}, to_move="W", hands={"W": [9], "B": [9]})
    doc = analyse(pos).to_json()
    assert doc["oscillation_eyes"] == {"W": ["j10"], "B": ["j10"]}
    assert doc["cells"]["j10"]["oscillating"] == {"W": [9], "B": [9]}
    assert all(g["status"] == "pass-alive" and not g["atari"] for g in doc["groups"])
    assert doc["cells"]["j10"]["legal"] == {"W": [], "B": []}


def test_eye_quality_as_in_the_seed() -> None:
    """Both can fill j10 only by capturing, and each capture leaves one liberty beam."""
    pos = Position.setup({"i9": "W1", "k11": "B8"}, to_move="W",
                         hands={"W": [9, 11], "B": [11]})
    doc = analyse(pos).to_json()
    cell = doc["cells"]["j10"]
    assert cell["legal"] == {"W": [11], "B": [11]}
    assert cell["capture_liberties"] == {"W": [1], "B": [1]}
    assert cell["oscillating"] == {"W": [9], "B": []}
    assert doc["eye_quality"] == ["j10"]
    assert doc["eye_quality_by_player"] == {"W": ["j10"], "B": ["j10"]}
    assert doc["eye_quality_reasons"]["W"]["j10"] == (
        "every legal filling (P11) captures and leaves the new group one liberty beam")
    assert {g["colour"]: g["atari"] for g in doc["groups"]} == {"W": True, "B": True}


def test_a_plain_filling_spoils_eye_quality() -> None:
    """White fills j10 plainly (extends its own group); Black's filling is a poor capture."""
    pos = Position.setup({"i9": "W1"}, to_move="B", hands={"W": [9], "B": [9]})
    doc = analyse(pos).to_json()
    assert doc["cells"]["j10"]["plain"] == {"W": [9], "B": []}
    assert doc["cells"]["j10"]["capture_liberties"] == {"W": [], "B": [1]}
    assert doc["eye_quality"] == []
    assert doc["eye_quality_by_player"] == {"W": [], "B": ["j10"]}
    from solver.dominions.analysis import quality_reason

    a = analyse(pos)
    assert quality_reason(a.cells[pos.board.cell_index("j10")], "W") == "spoiled: plain filling P9"


def test_counts_sections_and_atari_after_a_few_moves() -> None:
    pos = replay("W[P63i9];B[P8j10];W[P1h8]")  # Black's suicide, then White extends
    a = analyse(pos)
    doc = a.to_json()
    (g,) = doc["groups"]
    assert g["cells"] == ["h8", "i9", "j10"]
    assert g["liberty_cells"] == ["h9", "i8", "i10", "j9"] and g["liberties"] == 4
    assert (g["alive"], g["atari"], g["eyes"], g["status"]) == (False, False, [], "killable")
    assert len(doc["sections"]) == 1 and doc["atari"] == []
    # Black has no piece on the board: every legal Black move touches White
    assert doc["legal_moves"]["B"] == sum(len(c["legal"]["B"]) for c in doc["cells"].values())


def _random_position(seed: int, moves: int) -> Position:
    import random

    from solver.games import get_game

    game = get_game("dominions")
    state = game.new_state(game.settings({}), seed, 2)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_move_list()
        state.apply(legal[rng.randrange(len(legal))])
    return state.position  # type: ignore[attr-defined,no-any-return]


def test_a_narrow_analysis_marks_the_same_atari_and_oscillation_eyes() -> None:
    """What the server's atari and oscillation layers ask for (only one-beam groups proved,
    eyes by oscillation skipped or proved) marks exactly what the full analysis marks."""
    # seed 15 after 24 moves: five one-beam groups, one of them pass-alive (not in atari)
    positions = [_random_position(15, 24),
                 Position.setup({"i9": "W1"}, to_move="B", hands={"W": [9], "B": [8]}),
                 Position.setup({"i9": "W1"}, to_move="B", hands={"W": [9], "B": [8, 9]})]
    for pos in positions:
        full = analyse(pos)
        atari_only = analyse(pos, every_group=False, oscillation=False)
        oscillation_only = analyse(pos, every_group=False)
        assert [g.atari for g in atari_only.groups] == [g.atari for g in full.groups]
        assert oscillation_only.oscillation_cells == full.oscillation_cells
        proved = [g for g in atari_only.groups if g.life is not None]
        assert all(len(g.view.beams) == 1 for g in proved)
    atari = [g.atari for g in analyse(positions[0], every_group=False).groups]
    assert atari.count(True) == 4 and atari.count(False) > 4
    # the seed's one-sided eye: its group has one beam and lives, so it is not in atari
    (g,) = analyse(positions[1], every_group=False, oscillation=False).groups
    assert g.atari is False and g.status == "pass-alive"
