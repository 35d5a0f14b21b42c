"""The boards the browser draws from the view JSON match the reports/ pictures of the same
positions: the same cell names in the same places, the same fills, beams (end points and
colours), hubs, tints, marks, labels and coordinates (Dominions, BackSlide, Numbridge,
Dominimum), and the pieces, beams and marks counted in the DOM agree with the state. Both
pictures are read by the same reader (``svg_signature``).

Run only these: ``python3 -m pytest tests/server/ui/test_board_drawing.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_helpers import PHONE, open_page
from server_helpers import call
from svg_signature import beam_board, crosses, field, layout

from puzzles.dominimum.layout import Layout, Placement
from reports.dominimum import Highlight, layout_svg
from reports.dominions import BLACK_BEAM, WHITE_BEAM, position_svg
from reports.numbridge import OWNER_STROKE, BlockOutline, field_svg
from solver.games import get_game
from solver.server.room_dominions import LAYERS, marks_for

pytestmark = pytest.mark.browser
SERIALISE = "new XMLSerializer().serializeToString(document.querySelector('#board svg'))"


def capture_record(min_moves: int = 16) -> str:
    """A random Dominions game that ends on a move reversing at least two pieces."""
    g = get_game("dominions")
    for seed in range(1, 200):
        s = g.new_state(g.settings({}), seed, 2)
        rng = random.Random(seed)
        for k in range(90):
            if s.is_over():
                break
            moves = s.legal_move_list()
            s.apply(moves[rng.randrange(len(moves))])
            last = s.view(None)["last"]
            if k >= min_moves and last and len(last["flipped"]) >= 2:
                return g.write_record(s)
    raise AssertionError("no capture found")


def same_beam_boards(client_svg: str, server_svg: str) -> dict[str, Any]:
    colours = {WHITE_BEAM, BLACK_BEAM, "#1f3b73"}
    a, b = beam_board(client_svg, colours), beam_board(server_svg, colours)
    for part in ("cells", "beams", "hubs", "tints", "outlines", "markers", "labels", "notes"):
        assert a[part] == b[part], part
    return a


def test_dominions_board_matches_the_report_picture(server: str, browser: Any) -> None:
    record = capture_record()
    game = get_game("dominions")
    state = game.state_from_record(record)
    pos = state.position  # type: ignore[attr-defined]
    g = call(server, "/api/import", {"game": "dominions", "record": record, "seats": [{}, {}]})
    errors: list[str] = []
    for viewport in (None, PHONE):
        pg = open_page(browser, g["watch"], errors, viewport)
        pg.wait_for_selector("#board svg [data-cell]")
        drawn = same_beam_boards(pg.evaluate(SERIALISE),
                                 position_svg(pos, marks_for(pos, set())[0], cell_names=True))
        view = state.view(None)
        assert len(drawn["cells"]) == 217
        # pieces and beams counted against the state
        assert drawn["fills"]["#ffffff"] + drawn["fills"]["#262626"] == len(view["position"])
        assert sum(drawn["hubs"].values()) == len(view["position"])
        beams = sum(bin(int(t[1:])).count("1") for t in view["position"].values())
        assert sum(drawn["beams"].values()) == beams
        flipped = view["last"]["flipped"]
        assert sorted(t for t, *_ in drawn["labels"].elements()) == ["x"] * len(flipped)
        assert sum(drawn["tints"].values()) == 1  # the last move
        # every capture and last-move mark is at least 12 px on the screen
        sizes = pg.eval_on_selector_all(
            "#board svg .capture-mark, #board svg .last-move",
            "ns => ns.map(n => Math.min(n.getBoundingClientRect().width,"
            " n.getBoundingClientRect().height))")
        assert len(sizes) == len(flipped) + 1 and min(sizes) >= 12, sizes
        pg.context.close()
    assert errors == []


def test_dominions_analysis_layers_match_the_report_picture(server: str, browser: Any) -> None:
    record = capture_record(30)
    game = get_game("dominions")
    state = game.state_from_record(record)
    ply = len(state.history()) - 3
    copy = state.clone()
    for _ in range(3):
        copy.undo()
    pos = copy.position  # type: ignore[attr-defined]
    g = call(server, "/api/import", {"game": "dominions", "record": record, "seats": [{}, {}]})
    errors: list[str] = []
    pg = open_page(browser, f"{server}/review/{g['id']}", errors)
    pg.wait_for_selector("#board svg [data-cell]")
    # every layer but the status letters, which the report draws in its own legend style
    # (tests/server/test_browser.py checks the browser's letters against the marks)
    layers = [x for x in LAYERS if x != "status"]
    for layer in layers:
        pg.check(f"#layers input[value={layer}]")
    pg.evaluate(f"window.reviewGo({ply})")
    pg.wait_for_function(f"document.body.dataset.ply === '{ply}' && "
                         "document.body.dataset.layers === '" + ",".join(layers) + "'")
    client = pg.evaluate(SERIALISE)
    marks = marks_for(pos, set(layers))[0]
    server_svg = position_svg(pos, marks, cell_names=True)
    drawn = same_beam_boards(client, server_svg)
    assert crosses(client, "#9467bd") == crosses(server_svg, "#9467bd")
    assert sum(drawn["outlines"].values()) > 0 and sum(drawn["markers"].values()) > 0
    assert errors == []


def test_backslide_board_matches_the_report_picture(server: str, browser: Any) -> None:
    from reports.backslide import position_svg as backslide_svg

    errors: list[str] = []
    pg = open_page(browser, f"{server}/backslide?seed=3&slides=30", errors)
    pg.wait_for_selector("#board svg [data-cell]")
    position = pg.evaluate("fetch('/api/backslide/deal', {method: 'POST', headers: "
                           "{'content-type': 'application/json'}, body: JSON.stringify("
                           "{seed: 3, slides: 30})}).then(r => r.json()).then(d => d.position)")
    pg.uncheck("#show-open")
    pg.wait_for_function("!document.querySelector('#board svg .open-beam')")
    colours = {"#1f3b73"}
    a = beam_board(pg.evaluate(SERIALISE), colours, label_colour="#222222")
    b = beam_board(backslide_svg(position), colours, label_colour="#222222")
    assert set(a["cells"]) == {f"{i % 4},{i // 4}" for i in range(16)} and not b["cells"]
    for part in ("beams", "hubs", "labels"):
        assert a[part] == b[part], part
    assert sorted(t for t, *_ in a["labels"].elements()) == sorted(
        str(v) for v in position if v)
    assert errors == []


def test_numbridge_field_matches_the_report_picture(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "numbridge", "seed": 5, "settings": {
        "move_limit": 0, "game_limit": 0}, "seats": [
        {"kind": "computer", "player": "greedy", "move_time": 0.05},
        {"kind": "computer", "player": "random", "move_time": 0.05}]})
    errors: list[str] = []
    pg = open_page(browser, g["watch"], errors)
    pg.wait_for_function("document.getElementById('status').textContent.includes('game over')",
                         timeout=120000)
    pg.wait_for_selector("#board svg [data-cell]")
    st = pg.evaluate(f"fetch('/api/games/{g['id']}/state').then(r => r.json())")
    view, info = st["view"], st["info"]
    outlines = {o["block"]: BlockOutline(OWNER_STROKE[o["owner"]], 8.0 if o["decisive"] else 3.5)
                for o in info["outlines"]}
    owners = [o + 1 for o in view["owners"]]
    server_svg = field_svg(view["blocks"], view["digits"], view["givens"], owners=owners,
                           outlines=outlines, cell_names=True)
    a, b = field(pg.evaluate(SERIALISE)), field(server_svg)
    for part in ("squares", "borders", "outlines", "digits", "names"):
        assert a[part] == b[part], part
    assert len(a["names"]) == 81 and sum(a["outlines"].values()) > 0
    assert sum(1 for f in a["squares"].values() if f != "#fbfaf6") == sum(
        1 for o in owners if o)
    if info["candidates_allowed"]:
        pg.check("#candidates")
        cand = field_svg(view["blocks"], view["digits"], view["givens"], owners=owners,
                         outlines=outlines, candidates=[
                             sum(1 << (d - 1) for d in view.get("candidates", {}).get(
                                 "abcdefghi"[i % 9] + str(i // 9 + 1), [])) for i in range(81)])
        assert field(pg.evaluate(SERIALISE))["candidates"] == field(cand)["candidates"]
    assert errors == []


@pytest.mark.parametrize("game", ["dominimum", "dominomega"])
def test_layout_matches_the_report_picture(server: str, browser: Any, game: str) -> None:
    g = call(server, "/api/games", {"game": game, "seed": 4, "seats": [
        {"kind": "computer", "player": "random", "move_time": 0.05},
        {"kind": "computer", "player": "random", "move_time": 0.05}]})
    errors: list[str] = []
    pg = open_page(browser, g["watch"], errors)
    pg.wait_for_function("document.getElementById('status').textContent.includes('game over')",
                         timeout=120000)
    pg.wait_for_selector("#board svg .tile")
    st = pg.evaluate(f"fetch('/api/games/{g['id']}/state').then(r => r.json())")
    tiles = st["view"]["layout"]["tiles"]
    lay = Layout([Placement(t["tile"][0], t["tile"][1], (tuple(t["cells"][0]),
                                                          tuple(t["cells"][1])))
                  for t in tiles])
    lights = [Highlight(frozenset(tuple(c) for c in h["cells"]), h["colour"], h["label"])
              for h in st["highlights"]]
    a, b = layout(pg.evaluate(SERIALISE)), layout(layout_svg(lay, lights, legend=False))
    for part in ("tiles", "symbols", "tints"):
        assert a[part] == b[part], part
    assert sum(a["tiles"].values()) == len(tiles) and st["highlights"]
    # the final table is a table
    assert pg.locator("#final-scores tr").count() == 3
    assert errors == []
