"""Real-browser tests of ``solver serve`` (Playwright for Python driving Debian's Chromium, found
by ``system.find_chromium``; no browser download). Screenshots go to
``$SOLVER_TEST_ARTIFACTS/server/`` (a temporary folder when unset).

Run only these: ``python3 -m pytest -m browser tests/server``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import shot, state
from server_helpers import call, start, stop

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``solver serve`` on a free port and a fresh database."""
    proc, url = start(tmp_path_factory.mktemp("serve") / "games.sqlite3")
    yield url
    stop(proc)



def page(browser: Any, url: str, errors: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": 1150, "height": 820})
    pg = ctx.new_page()
    pg.set_default_timeout(20000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(url)
    return pg


def wait_ply(pg: Any, ply: int) -> None:
    pg.wait_for_function(f"Number(document.body.dataset.ply) >= {ply}")


def empty_cells(st: dict[str, Any]) -> list[str]:
    d = st["view"]["digits"]
    return ["abcdefghi"[i % 9] + str(i // 9 + 1) for i, ch in enumerate(d) if ch == "0"]


def test_numbridge_two_people_pair_order_clock_and_draw(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "numbridge", "settings": {
        "move_limit": 6, "game_limit": 300}, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    errors: list[str] = []
    a = page(browser, g["seats"][0]["link"], errors)
    b = page(browser, g["seats"][1]["link"], errors)
    a.wait_for_selector("#board svg [data-cell]")
    b.wait_for_selector("#board svg [data-cell]")
    a.wait_for_function("!document.getElementById('status').textContent.includes('waiting')")
    st = state(a)
    assert "A to move" in a.inner_text("#status")
    a.click(".hand .tile >> nth=1")
    a.click(f'[data-cell="{empty_cells(st)[0]}"]')  # move 1: A's single move
    wait_ply(b, 1)
    assert "B to move" in b.inner_text("#status")
    assert b.locator("#pair-note").count() == 0
    b.click(f'[data-cell="{empty_cells(state(b))[0]}"]')  # move 2: B's first of the pair
    wait_ply(b, 2)
    assert b.inner_text("#pair-note") == "One more move in this pair"
    assert b.locator(".seat.to-move .clock").inner_text().startswith("move 0:0")
    shot(b, "numbridge-one-more-move")
    # B lets the 6-second move limit pass: the server takes the rest of the pair
    wait_ply(a, 3)
    assert "A to move" in a.inner_text("#status")
    assert "missed the move limit" in a.inner_text("#moves")
    shot(a, "numbridge-missed-limit")
    a.click("#btn-offer")
    b.wait_for_selector("#draw-offer")
    assert b.inner_text("#draw-offer") == "A offers a draw"
    b.click("#btn-accept")
    for pg in (a, b):
        pg.wait_for_function("document.getElementById('status').textContent"
                             ".includes('draw by agreement')")
    assert a.locator("#scoreboard").inner_text().split() == ["A", "1", "B", "0", "?", "8"] or \
        "A" in a.inner_text("#scoreboard")
    shot(a, "numbridge-draw")
    rv = page(browser, f"{server}/review/{g['id']}", errors)
    rv.wait_for_selector("#board svg")
    rv.click("#first")
    rv.wait_for_function("document.body.dataset.ply === '0'")
    rv.click("#next")
    rv.wait_for_function("document.body.dataset.ply === '1'")
    assert "after move 1 of 5" in rv.inner_text("#ply-label")
    shot(rv, "numbridge-review")
    assert errors == []


def test_dominions_against_the_computer_refused_click_and_reload(server: str, browser: Any
                                                              ) -> None:
    errors: list[str] = []
    pg = page(browser, f"{server}/new/dominions", errors)
    pg.fill("[name=time1]", "0.2")
    pg.click("#create")
    pg.click("#take-seat")
    pg.wait_for_selector("#board svg [data-cell]")
    pg.click('[data-cell="i9"]')
    pg.click('.choices .piece[data-piece="63"]')
    wait_ply(pg, 2)  # my move and the computer's answer
    pg.click('[data-cell="a1"]')  # far from every piece: each fitting piece is refused
    pg.wait_for_selector(".choices .piece.refused")
    assert pg.locator(".choices .piece").count() == pg.locator(".choices .refused").count()
    assert pg.locator(".choices .piece >> nth=0").get_attribute("data-status") == "no-contact"
    pg.click(".choices .piece.refused >> nth=0")
    pg.wait_for_function("document.getElementById('message').textContent.includes('refused')")
    assert "refused (no-contact)" in pg.inner_text("#message")
    assert "touches no B piece" in pg.inner_text("#message")
    shot(pg, "dominions-refused")
    pg.check("[data-layer=groups]")
    pg.check("[data-layer=liberties]")
    pg.wait_for_function("document.getElementById('overlay-facts').textContent"
                         ".includes('liberties')")
    shot(pg, "dominions-analysis")
    moves = pg.inner_text("#moves")
    pg.reload()
    wait_ply(pg, 2)
    assert pg.inner_text("#moves") == moves and pg.evaluate("document.body.dataset.ply") == "2"
    assert pg.locator("#board svg [data-cell]").count() == 217
    pg.click("#btn-undo")
    pg.wait_for_function("document.body.dataset.ply === '0'")
    assert pg.inner_text("#moves") == ""
    assert errors == []


def test_dominimum_each_person_sees_only_their_mission(server: str, browser: Any) -> None:
    g = call(server, "/api/games", {"game": "dominimum", "seats": [
        {"name": "Ann"}, {"name": "Bob"}, {"kind": "computer", "player": "greedy",
                                           "move_time": 0.2}]})
    errors: list[str] = []
    a = page(browser, g["seats"][0]["link"], errors)
    b = page(browser, g["seats"][1]["link"], errors)
    sa, sb = state(a), state(b)
    a.wait_for_selector("#mission")
    b.wait_for_selector("#mission")
    ma, mb = sa["info"]["mission"]["name"], sb["info"]["mission"]["name"]
    assert ma != mb
    assert ma in a.inner_text("#mission") and mb not in a.inner_text("#panel, aside")
    assert mb in b.inner_text("#mission") and ma not in b.inner_text("aside")
    watch = page(browser, g["watch"], errors)
    watch.wait_for_selector("#board svg")
    assert watch.locator("#mission").count() == 0
    a.wait_for_selector("#board svg [data-cell]")
    a.keyboard.press("r")  # turn the tile: the second half goes below
    a.click('[data-cell="0,0"]')
    wait_ply(b, 1)
    b.wait_for_selector("#board svg [data-cell]")
    legal = state(b)["legal"][0]
    x, y = legal["cells"][0]
    (dx, dy) = (legal["cells"][1][0] - x, legal["cells"][1][1] - y)
    turns = [(1, 0), (0, 1), (-1, 0), (0, -1)].index((dx, dy))
    for _ in range(turns):
        b.click("#hand-tile")
    b.click(f'[data-cell="{x},{y}"]')
    wait_ply(a, 3)  # Bob's tile and the computer's
    shot(a, "dominimum-seat1")
    shot(b, "dominimum-seat2")
    assert len(state(a)["moves"]) == 3
    assert errors == []


def test_arrangements_by_click_hint_and_solution(server: str, browser: Any) -> None:
    errors: list[str] = []
    pg = page(browser, f"{server}/arrange", errors)
    pg.wait_for_selector("#board svg [data-cell]")
    pg.click('[data-cell="0,0"]')
    pg.click('#palette .piece[data-piece="1"]')
    pg.wait_for_function("document.body.dataset.placed === '1'")
    pg.click('[data-cell="1,0"]')
    pg.click('#palette .piece[data-piece="2"]')
    pg.wait_for_function("document.body.dataset.placed === '2'")
    assert "does not match piece 2" in pg.inner_text("#faults")
    shot(pg, "arrange-mismatch")
    pg.click("#clear")
    pg.wait_for_function("document.body.dataset.placed === '0'")
    pg.drag_and_drop('#palette .piece[data-piece="5"]', '[data-cell="2,2"]')  # drag works too
    pg.wait_for_function("document.body.dataset.placed === '1'")
    pg.click("#clear")
    pg.wait_for_function("document.body.dataset.placed === '0'")
    pg.click("#hint")
    pg.wait_for_function("document.body.dataset.placed === '1'")
    assert "fits on" in pg.inner_text("#message")
    pg.click("#solution")
    pg.wait_for_function("document.getElementById('status').textContent.includes('Complete')")
    pg.click("#check")
    assert pg.inner_text("#message") == "the verifier accepts this arrangement"
    shot(pg, "arrange-solved")
    assert errors == []


def test_arrangements_generated_puzzle_keeps_its_pieces(server: str, browser: Any) -> None:
    errors: list[str] = []
    pg = page(browser, f"{server}/arrange?set=triangle&puzzle=2", errors)
    pg.wait_for_function("Number(document.body.dataset.fixed) > 0")
    assert "fixed pieces" in pg.inner_text("#message")
    locked = pg.get_attribute("#board svg [data-cell].locked", "data-cell")
    assert locked is not None
    pg.click(f'[data-cell="{locked}"]')
    assert "is locked" in pg.inner_text("#message")
    free = pg.eval_on_selector_all("#board svg [data-cell]:not(.locked)",
                                   "ns => ns.map(n => n.dataset.cell)")
    pg.click(f'[data-cell="{free[0]}"]')  # the palette dims the pieces pointing the other way
    assert pg.locator("#palette .piece.wrong-turn").count() > 0
    shot(pg, "arrange-puzzle")
    pg.click("#solution")
    pg.wait_for_function("document.getElementById('status').textContent.includes('Complete')")
    assert pg.locator("#board svg [data-cell].locked").count() == int(
        pg.evaluate("document.body.dataset.fixed"))
    assert "puzzle=2" in pg.url
    assert errors == []


def test_dominions_review_of_an_imported_game_shows_each_groups_status(
        server: str, browser: Any) -> None:
    """An imported record's review steps to its last move (the slider follows the game's
    moves) and the status layer lists each group's proved status, one line a group."""
    import re
    from pathlib import Path

    record = (Path(__file__).parents[1] / "data" / "hardening" / "dominions-record.txt")
    moves = ";".join(re.findall(r"[WB]\[[^\]]*\]", record.read_text())[:60])
    g = call(server, "/api/import", {"game": "dominions", "record": moves, "seats": [{}, {}]})
    errors: list[str] = []
    pg = page(browser, f"{server}/review/{g['id']}", errors)
    pg.set_default_timeout(120000)  # the prover's budgets are deterministic, the machine not
    pg.wait_for_selector("#board svg")
    pg.check("#layers input[value=status]")
    pg.click("#last")
    pg.wait_for_function("document.body.dataset.ply === '60'")
    assert "after move 60 of 60" in pg.inner_text("#ply-label")
    pg.wait_for_selector("#info ul.facts li")
    step = call(server, f"/api/games/{g['id']}/review/60?layers=status")
    lines = pg.locator("#info ul.facts li").all_inner_texts()
    assert lines == [f"{k}: {v}" for k, v in step["info"]["status"].items()]
    assert any(": killable: " in x for x in lines) and any("pass-alive" in x for x in lines)
    # each group's letter drawn on the board by the browser, the letters explained in the legend
    drawn = pg.locator("#board svg text.status-mark").all_text_contents()
    assert sorted(drawn) == sorted(step["marks"]["status"].values())
    assert "P: group pass-alive" in pg.inner_text("#legend")
    shot(pg, "dominions-review-status")
    assert errors == []
