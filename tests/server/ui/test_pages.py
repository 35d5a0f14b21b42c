"""The pages drawn in the browser, used as people use them: BackSlide played to the end by
clicks and by the keyboard, a move made with the keyboard in every game, the boards at a
desktop and a phone viewport, and the review page of a finished game of each kind.

Screenshots go to ``artifacts("server")`` (``tests/system.py``). Run only these:
``python3 -m pytest tests/server/ui/test_pages.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import DESKTOP, PHONE, no_horizontal_scroll, open_page, shot
from server_helpers import call

pytestmark = pytest.mark.browser


def state(pg: Any) -> dict[str, Any]:
    return pg.evaluate("fetch(location.pathname.replace(/^\\/(play|watch)\\//, '/api/games/')"
                       " + '/state' + location.search).then(r => r.json())")


def wait_ply(pg: Any, ply: int) -> None:
    pg.wait_for_function(f"Number(document.body.dataset.ply) >= {ply}")


def press_to(pg: Any, cell: str, keys: int = 40) -> None:
    """Move the board's keyboard cursor to ``cell`` with the arrow keys (greedy on screen)."""
    for _ in range(keys):
        here = pg.evaluate("document.getElementById('board').dataset.cursor")
        if here == cell:
            return
        key = pg.evaluate(f"""(() => {{
            const c = (n) => {{
                const b = document.querySelector(`#board svg [data-cell="${{n}}"]`).getBBox();
                return [b.x + b.width / 2, b.y + b.height / 2]; }};
            const [x, y] = c({here!r}); const [tx, ty] = c({cell!r});
            const dx = tx - x, dy = ty - y;
            return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft')
                                               : (dy > 0 ? 'ArrowDown' : 'ArrowUp'); }})()""")
        pg.keyboard.press(key)
    raise AssertionError(f"the cursor did not reach {cell}")


def test_backslide_played_to_the_end_by_click_and_keyboard(server: str, browser: Any) -> None:
    errors: list[str] = []
    pg = open_page(browser, f"{server}/backslide?seed=11&slides=6", errors)
    pg.wait_for_selector("#board svg [data-cell]")
    assert pg.inner_text("#status").startswith("0 slides")
    pg.click("#optimal")
    pg.wait_for_function("document.getElementById('remaining').dataset.remaining !== undefined")
    fewest = int(pg.get_attribute("#remaining", "data-remaining") or "-1")
    assert 1 <= fewest <= 6
    shot(pg, "backslide-start")
    for k in range(fewest):
        pg.click("#next-slide")
        pg.wait_for_selector("#board svg .next-slide", state="attached")
        piece = pg.get_attribute("#board svg .next-slide", "data-piece")
        assert pg.locator(f'#board svg .movable[data-piece="{piece}"]').count() > 0
        cell = pg.get_attribute(f'#board svg [data-cell][data-piece="{piece}"]', "data-cell")
        if k % 2 == 0:  # by a click on the piece
            pg.click(f'#board svg [data-cell="{cell}"]')
        else:  # by the keyboard: focus the board, arrows to the piece, Enter
            pg.focus("#board")
            press_to(pg, str(cell))
            pg.keyboard.press("Enter")
        pg.wait_for_function(f"document.body.dataset.slides === '{k + 1}'")
    pg.wait_for_function("document.body.dataset.solved === 'true'")
    assert pg.inner_text("#status") == f"Solved in {fewest} slides: every beam meets a beam."
    assert pg.locator("#board svg .open-beam").count() == 0
    shot(pg, "backslide-solved")
    pg.click("#restart")
    pg.wait_for_function("document.body.dataset.slides === '0' && "
                         "document.body.dataset.solved === 'false'")
    assert pg.locator("#board svg .open-beam").count() > 0
    pg.set_viewport_size(PHONE)
    assert no_horizontal_scroll(pg)
    shot(pg, "backslide-phone")
    assert errors == []


def test_a_dominions_move_with_the_keyboard(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "dominions", "seed": 2, "seats": [
        {"name": "Ann"}, {"kind": "computer", "player": "greedy", "move_time": 0.1}]})
    errors: list[str] = []
    pg = open_page(browser, g["seats"][0]["link"], errors)
    pg.wait_for_selector("#board svg [data-cell]")
    assert "Your move" in pg.inner_text("#hint")
    pg.focus("#board")
    assert pg.evaluate("document.getElementById('board').dataset.cursor") == "i9"
    press_to(pg, "h9")
    press_to(pg, "i9")
    pg.keyboard.press("Enter")  # the pieces that fit i9 appear, the first legal one focused
    pg.wait_for_selector(".choices .piece")
    assert pg.evaluate("document.activeElement.classList.contains('piece')")
    first = pg.evaluate("document.activeElement.dataset.piece")
    pg.keyboard.press("Enter")
    wait_ply(pg, 2)
    st = state(pg)
    assert st["moves"][0] == f"W[P{first}i9]"
    assert errors == []


def test_a_numbridge_move_with_the_keyboard(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "numbridge", "seed": 21, "settings": {
        "move_limit": 0, "game_limit": 0}, "seats": [
        {"name": "Ann"}, {"kind": "computer", "player": "greedy", "move_time": 0.1}]})
    errors: list[str] = []
    pg = open_page(browser, g["seats"][0]["link"], errors)
    pg.wait_for_selector("#board svg [data-cell]")
    st = state(pg)
    digit = st["hand"][-1]
    empty = next("abcdefghi"[i % 9] + str(i // 9 + 1) for i, ch in enumerate(st["view"]["digits"])
                 if ch == "0")
    pg.keyboard.press(str(digit))  # a digit key picks that tile
    assert pg.get_attribute(".hand .tile.selected", "data-tile") == str(digit)
    pg.focus("#board")
    press_to(pg, empty)
    pg.keyboard.press("Enter")
    wait_ply(pg, 1)
    assert state(pg)["moves"][0].startswith(f"A place {empty} {digit}")
    assert errors == []


def test_a_dominimum_move_with_the_keyboard(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "dominimum", "seed": 8, "seats": [
        {"name": "Ann"}, {"kind": "computer", "player": "greedy", "move_time": 0.1}]})
    errors: list[str] = []
    pg = open_page(browser, g["seats"][0]["link"], errors)
    pg.wait_for_selector("#board svg [data-cell]")
    pg.focus("#board")
    pg.keyboard.press("r")  # turned once: the second half goes below the first
    pg.keyboard.press("Enter")  # the cursor starts on the dashed cell (0, 0)
    wait_ply(pg, 1)
    tile = state(pg)["view"]["layout"]["tiles"][0]
    assert tile["cells"] == [[0, 0], [0, 1]]
    assert errors == []


@pytest.mark.parametrize("game, seats, settings", [
    ("dominions", 2, {}),
    ("numbridge", 2, {"move_limit": 0, "game_limit": 0}),
    ("dominimum", 3, {}),
    ("dominomega", 3, {}),
])
def test_boards_at_desktop_and_phone_sizes(server: str, browser: Any, game: str, seats: int,
                                           settings: dict[str, Any]) -> None:
    g = call(server, "/api/games", {"game": game, "seed": 3, "settings": settings, "seats": [
        {"name": "Ann"}, *[{"kind": "computer", "player": "greedy", "move_time": 0.1}
                           for _ in range(seats - 1)]]})
    errors: list[str] = []
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        pg = open_page(browser, g["seats"][0]["link"], errors, viewport)
        pg.wait_for_selector("#board svg [data-cell]")
        box = pg.locator("#board svg").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert no_horizontal_scroll(pg), f"{game} scrolls sideways at {viewport}"
        # every clickable cell is big enough to hit on a phone
        smallest = pg.eval_on_selector_all(
            "#board svg [data-cell]", "ns => Math.min(...ns.map(n => Math.min("
            "n.getBoundingClientRect().width, n.getBoundingClientRect().height)))")
        assert smallest >= 18, (game, name, smallest)
        assert pg.inner_text("#hint")
        shot(pg, f"{game}-{name}")
        pg.context.close()
    assert errors == []


def finished(server: str, game: str, seats: int, settings: dict[str, Any]) -> dict[str, Any]:
    """A game of computers played to its end."""
    players = {"dominions": "greedy", "numbridge": "greedy"}.get(game, "random")
    return call(server, "/api/games", {"game": game, "seed": 6, "settings": settings, "seats": [
        {"kind": "computer", "player": players if k == 0 else "random", "move_time": 0.05}
        for k in range(seats)]})


def review_page(browser: Any, server: str, g: dict[str, Any], errors: list[str]) -> Any:
    """The review page of game ``g`` once its watch page says the game is over."""
    pg = open_page(browser, g["watch"], errors)
    pg.wait_for_function("document.getElementById('status').textContent.includes('game over')",
                         timeout=180000)
    pg.goto(f"{server}/review/{g['id']}")
    pg.wait_for_selector("#board svg")
    return pg


@pytest.mark.parametrize("game, seats, settings", [
    ("dominions", 2, {}),
    ("numbridge", 2, {"move_limit": 0, "game_limit": 0}),
    ("dominimum", 3, {}),
    ("dominomega", 3, {}),
])
def test_the_review_of_a_finished_game(server: str, browser: Any, game: str, seats: int,
                                       settings: dict[str, Any]) -> None:
    g = finished(server, game, seats, settings)
    errors: list[str] = []
    pg = review_page(browser, server, g, errors)
    total = int(pg.get_attribute("#ply", "max") or "0")
    assert total > 0 and pg.evaluate("document.body.dataset.ply") == str(total)
    assert pg.locator("#move-list tbody tr").count() == total
    pg.click("#start-review")
    pg.wait_for_function("document.body.dataset.analysis === 'done'", timeout=240000)
    analysis = pg.evaluate(f"fetch('/api/games/{g['id']}/analysis').then(r => r.json())")
    moves = analysis["review"]["moves"]
    assert len(moves) == total == analysis["total"]
    # one line per seat in the graph; every move judged by the review's thresholds is marked
    assert pg.locator("#graph .seat-line").count() == seats
    t = analysis["thresholds"]
    marked = ("inaccuracy", "mistake", "blunder")
    judged = [m for m in moves if m["judgement"] in marked] if "judgement" in moves[0] else [
        m for m in moves if any(v is not None and m["loss"] >= v for v in t.values())]
    assert pg.locator("#graph .graph-mark").count() == len(judged)
    assert pg.locator("#move-list .judgement").count() == len(judged)
    # the summary counts each judgement, worst first, in words
    status = pg.inner_text("#review-status")
    plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
    counts = {j: sum(1 for m in judged if m.get("judgement") == j) for j in plural}
    said = [f"{n} {j if n == 1 else plural[j]}" for j, n in counts.items() if n]
    if "judgement" in moves[0]:
        assert ", ".join(said or ["no move judged an error"]) in status, status
    # a click on a move goes there; the computer's best move is drawn when it differs (the
    # last mistake or blunder when there is one: the fullest board for the screenshot)
    differs = [m for m in moves if m["best"] != m["move"]]
    other = next((m for m in reversed(differs) if m.get("judgement") in ("mistake", "blunder")),
                 differs[0] if differs else None)
    assert other is not None
    pg.click(f'#move-list tr[data-move="{other["number"] - 1}"]' if other["number"] > 1
             else "#first")
    pg.wait_for_function(f"document.body.dataset.ply === '{other['number'] - 1}'")
    assert pg.locator("#board svg .best-move").count() >= 1
    assert other["best"] in pg.inner_text("#move-info")
    shot(pg, f"review-{game}-best")
    pg.keyboard.press("ArrowRight")
    pg.wait_for_function(f"document.body.dataset.ply === '{other['number']}'")
    assert f"Move {other['number']}" in pg.inner_text("#move-info")
    pg.keyboard.press("End")
    pg.wait_for_function(f"document.body.dataset.ply === '{total}'")
    if game in ("dominimum", "dominomega", "numbridge"):  # the final table is a table
        assert pg.locator("#final-scores tr").count() == seats + 1
        assert "{" not in pg.inner_text("#final-scores")
    shot(pg, f"review-{game}")
    pg.set_viewport_size(PHONE)
    assert no_horizontal_scroll(pg)
    shot(pg, f"review-{game}-phone")
    assert errors == []


def test_arrangements_starmap_transcendental_and_a_puzzle_made_by_hand(server: str,
                                                                      browser: Any) -> None:
    errors: list[str] = []
    pg = open_page(browser, f"{server}/arrange?set=square&kind=starmap&puzzle=2", errors)
    pg.wait_for_function("Number(document.body.dataset.fixed) > 0")
    assert "StarMap" in pg.inner_text("#kind-rule")
    pg.click("#solution")
    pg.wait_for_function("document.getElementById('status').textContent.includes('Complete')")
    shot(pg, "arrange-starmap")
    pg.select_option("#kind", "transcendental")
    pg.wait_for_function("document.body.dataset.fixed === '0' && "
                         "document.querySelectorAll('#board svg [data-cell]').length === 25")
    assert "kind=transcendental" in pg.url and pg.input_value("#region") == "5x5"
    # a puzzle made by hand: fixed pieces placed in the "fixed pieces" mode
    pg.select_option("#kind", "compact")
    pg.wait_for_function("document.querySelectorAll('#board svg [data-cell]').length === 16")
    pg.check("input[name=mode][value=fix]")
    pg.click('[data-cell="0,0"]')
    pg.click('#palette .piece[data-piece="9"]')
    pg.wait_for_function("document.body.dataset.fixed === '1'")
    assert "fixed=0%2C0%3A9" in pg.url or "fixed=0,0:9" in pg.url
    pg.click("#completions")
    pg.wait_for_function("document.body.dataset.completions !== undefined")
    assert pg.evaluate("document.body.dataset.completions") == "2"
    assert "at least two completions" in pg.inner_text("#message")
    puzzle = pg.evaluate("fetch('/api/arrange/puzzle', {method: 'POST', headers: {'content-type':"
                         " 'application/json'}, body: JSON.stringify({set: 'square', region: "
                         "'4x4', seed: 5})}).then(r => r.json())")
    fixed = ";".join(f"{p['cell'][0]},{p['cell'][1]}:{p['piece']}" for p in puzzle["fixed"])
    pg.goto(f"{server}/arrange?set=square&kind=compact&region=4x4&fixed={fixed}")
    pg.wait_for_function(f"document.body.dataset.fixed === '{len(puzzle['fixed'])}'")
    pg.click("#completions")
    pg.wait_for_function("document.body.dataset.completions === '1'")
    assert "make a puzzle" in pg.inner_text("#message")
    shot(pg, "arrange-made-by-hand")
    assert errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_start_page_with_a_seek_fits_and_the_rules_show_their_pictures(
        server: str, browser: Any, viewport: dict[str, int]) -> None:
    seek = call(server, "/api/seeks", {"game": "numbridge", "seats": [
        {"kind": "human"}, {"kind": "human"}], "me": 0, "name": "Zoe"})
    errors: list[str] = []
    pg = open_page(browser, server + "/", errors, viewport)
    pg.wait_for_selector(f'#seeks tr[data-seek="{seek["id"]}"] button.accept')
    assert no_horizontal_scroll(pg), f"the start page scrolls sideways at {viewport}"
    box = pg.locator(f'#seeks tr[data-seek="{seek["id"]}"] button.accept').bounding_box()
    assert box is not None and box["x"] + box["width"] <= viewport["width"]  # Accept in view
    shot(pg, f"start-lobby-{viewport['width']}")
    pg.goto(server + "/rules/dominions")
    pg.wait_for_function("[...document.images].length >= 3 && "
                         "[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert no_horizontal_scroll(pg)
    assert pg.locator('#rules-page a[href="/rules/beam-sets"]').count() == 1
    shot(pg, f"rules-dominions-{viewport['width']}")
    pg.click('#rules-page a[href="/rules/beam-sets"]')
    pg.wait_for_selector("#rules-page h1")
    assert "beam" in pg.inner_text("#rules-page h1").lower()
    assert errors == []
    pg.context.close()


def test_a_running_review_shows_the_moves_already_analysed(server: str, browser: Any) -> None:
    """(Last in the module: its long review holds the one analysis worker.)"""
    g = finished(server, "dominomega", 2, {})
    errors: list[str] = []
    pg = review_page(browser, server, g, errors)
    total = int(pg.get_attribute("#ply", "max") or "0")
    pg.evaluate(f"fetch('/api/games/{g['id']}/analysis', {{method: 'POST', headers: "
                "{'content-type': 'application/json'}, body: JSON.stringify({nodes: 20})})")
    pg.reload()
    # part-way: rows with their loss, and the graph's lines, before the review is done
    pg.wait_for_function("document.body.dataset.analysis === 'running' && [...document."
                         "querySelectorAll('#move-list tbody tr')].filter(tr => tr.children[3]"
                         ".textContent).length >= 3", timeout=240000)
    rows = pg.eval_on_selector_all("#move-list tbody tr", "trs => trs.filter(tr => "
                                   "tr.children[3].textContent).map(tr => Number(tr.dataset.move))")
    assert rows == list(range(1, len(rows) + 1)) and len(rows) < total
    assert pg.locator("#graph .seat-line").count() >= 1
    assert pg.locator("#graph .graph-pending").count() == 1
    status = pg.inner_text("#review-status")
    assert "running" in status and f"of {total} moves analysed" in status
    pg.click('#move-list tr[data-move="1"]')
    pg.wait_for_function("document.body.dataset.ply === '1'")
    assert "Move 1" in pg.inner_text("#move-info")  # the analysed move's numbers
    shot(pg, "review-running")
    assert errors == []
