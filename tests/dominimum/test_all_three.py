"""Issue 14, question 2: one Dominomega layout where all three symbols score 3^12.

The stored layout (docs/results/dominomega-all-three.json) is re-checked by the plain flood
fill of tests/dominimum/verify.py, which shares no code with the model that found it; the slow
test re-runs the search (``solver dominomega maximum --symbols 1,2,4 --frame comb:14``).
"""

import json
from pathlib import Path

import pytest

from puzzles.dominimum.tiles import TILES
from solver.cli import main
from solver.dominimum.frame import comb_frame, dominomega_on_frame
from tests.dominimum.verify import check_layout, dominomega_score, raw_of, sizes

RESULT = Path(__file__).parents[2] / "docs" / "results" / "dominomega-all-three.json"


def _check_all_three(doc: dict) -> None:  # type: ignore[type-arg]
    raw = raw_of(doc)
    check_layout(raw)
    assert sorted(tuple(sorted(t[:2])) for t in raw) == sorted(TILES)
    for symbol in (1, 2, 4):
        assert sizes(raw, lambda v, s=symbol: v & s != 0) == [3] * 12
        assert dominomega_score(raw, symbol) == 3**12 == 531441


def test_stored_layout_scores_3_to_the_12_for_every_symbol():
    _check_all_three(json.loads(RESULT.read_text()))


def test_stored_layout_fits_the_comb_frame():
    required, optional = comb_frame(14)
    allowed = {frozenset(s) for s in required + optional}
    tiles = json.loads(RESULT.read_text())["tiles"]
    assert all(frozenset(map(tuple, t["cells"])) in allowed for t in tiles)
    assert {frozenset(s) for s in required} <= {frozenset(map(tuple, t["cells"])) for t in tiles}


def _call(capsys, argv):  # type: ignore[no-untyped-def]
    code = 0
    try:
        main(argv)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_stored_layout_scores_the_same_through_the_cli(capsys):
    code, out, _ = _call(capsys, ["dominomega", "score", str(RESULT), "--json"])
    assert code == 0
    assert json.loads(out)["scores"] == {"1": 531441, "2": 531441, "4": 531441}


def test_bad_frame_is_one_line_and_exit_2(capsys):
    code, _, err = _call(capsys, ["dominomega", "maximum", "--symbols", "1,2,4",
                                  "--frame", "ring:3"])
    assert code == 2
    assert "comb:M" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_comb_frame_search_finds_all_three():
    required, optional = comb_frame(14)
    r = dominomega_on_frame((1, 2, 4), required, optional, time_limit=600, seed=1,
                            name="comb:14")
    assert r.status == "OPTIMAL" and r.value == 531441
    _check_all_three(r.layout.to_json())
