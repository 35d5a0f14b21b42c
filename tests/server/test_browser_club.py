"""The club in real browsers (Playwright on Debian's Chromium): a seek accepted by a second
browser, abort and resign in every game, and what a person sees of each defect of issue 22
(no file through the arrangements page, no undo with hidden information, no seed between
people, the winner's name, a failed computer player and its seat given to another, the Numbridge
clock that waits for both players).

Run only these: ``python3 -m pytest -m browser tests/server``.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import shot, state
from server_helpers import call, command_of, descendants, start, stop

pytestmark = pytest.mark.browser
GAMES = ("dominions", "numbridge", "dominimum", "dominomega")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A real ``solver serve``: its address and process id."""
    proc, url = start(tmp_path_factory.mktemp("club") / "games.sqlite3",
                      "--max-games-per-client", "60")
    yield url, proc.pid
    stop(proc)



def page(browser: Any, url: str, errors: list[str]) -> Any:
    """A page in a browser context of its own (its own storage: another person)."""
    ctx = browser.new_context(viewport={"width": 1150, "height": 820})
    pg = ctx.new_page()
    pg.set_default_timeout(25000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("dialog", lambda d: d.accept())
    pg.goto(url)
    return pg


def status_has(pg: Any, text: str) -> None:
    pg.wait_for_function("t => document.getElementById('status').textContent.includes(t)",
                         arg=text)


def two_people(url: str, game: str) -> dict[str, Any]:
    return call(url, "/api/games", {"game": game, "seats": [{"name": "Ann"}, {"name": "Bob"}]})


def test_a_seek_accepted_by_a_second_browser(served: tuple[str, int], browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    ann = page(browser, f"{url}/new/numbridge", errors)
    ann.fill("[name=name0]", "Ann")
    ann.select_option("[name=kind1]", "open")
    ann.select_option("[name=blocks]", "irregular")
    ann.click("#create")
    ann.wait_for_selector("#seek-status:has-text('lobby')")
    bob = page(browser, f"{url}/", errors)
    bob.fill("#lobby-name", "Bob")
    row = bob.locator("#seeks tbody tr", has_text="Numbridge")
    row.first.wait_for()
    assert "Ann" in row.first.inner_text() and "irregular" in row.first.inner_text()
    shot(bob, "club-lobby")
    row.first.locator("button.accept").click()
    bob.wait_for_url("**/play/**")
    ann.wait_for_url("**/play/**")  # the seeker's page opens her seat by itself
    for pg in (ann, bob):
        pg.wait_for_selector("#board svg [data-cell]")
        pg.wait_for_selector("#seats :text('Bob')")
    assert "Ann" in ann.inner_text("#seats") and "(you)" in bob.inner_text("#seats")
    st = state(bob)
    assert st["settings"]["blocks"] == "irregular" and [s["name"] for s in st["seats"]] == [
        "Ann", "Bob"]
    shot(ann, "club-seek-accepted")
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_abort_and_resign_in_every_game(served: tuple[str, int], browser: Any,
                                        game: str) -> None:
    url, _ = served
    errors: list[str] = []
    g = two_people(url, game)
    a = page(browser, g["seats"][0]["link"], errors)
    b = page(browser, g["seats"][1]["link"], errors)
    a.wait_for_selector("#btn-abort")
    a.click("#btn-abort")
    for pg in (a, b):
        status_has(pg, "aborted by Ann (seat 1)")
    g = two_people(url, game)
    a = page(browser, g["seats"][0]["link"], errors)
    b = page(browser, g["seats"][1]["link"], errors)
    b.wait_for_selector("#btn-resign")
    a.wait_for_selector("#btn-resign")
    b.click("#btn-resign")
    for pg in (a, b):
        status_has(pg, "Bob (seat 2) resigned")
    status_has(a, "Ann (seat 1) wins")
    a.wait_for_selector("#btn-rematch")
    shot(a, f"club-resigned-{game}")
    assert errors == []


def test_no_file_through_the_arrangements_page(served: tuple[str, int], browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    pg = page(browser, f"{url}/arrange?set=square&region=file:/etc/passwd", errors)
    pg.wait_for_selector("#error-page")  # the page is refused before any work: a page, no JSON
    text = pg.inner_text("body")
    assert "root:x:0:0" not in text and "not offered" in pg.inner_text("#error-page")
    assert pg.locator("#error-page").get_attribute("data-status") == "400"


def test_no_undo_against_computers_with_hidden_information(served: tuple[str, int],
                                                         browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    g = call(url, "/api/games", {"game": "dominimum", "seats": [
        {"name": "Ann"}, {"kind": "computer", "player": "greedy", "move_time": 0.2}]})
    pg = page(browser, g["seats"][0]["link"], errors)
    pg.wait_for_selector("#board svg [data-cell]")
    legal = state(pg)["legal"][0]
    call(url, f"/api/games/{g['id']}/move", {"token": g["seats"][0]["token"],
                                             "move": legal["text"], "ply": 0})
    pg.wait_for_function("Number(document.body.dataset.ply) >= 2")
    assert pg.locator("#btn-undo").count() == 0
    assert errors == []


def test_no_seed_for_a_game_between_people(served: tuple[str, int], browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    pg = page(browser, f"{url}/new/dominimum", errors)
    pg.select_option("[name=kind1]", "human")
    pg.fill("#seed", "7")
    pg.click("#create")
    pg.wait_for_selector("#error:has-text('one person')")
    assert pg.locator("#links").is_hidden()


def test_the_winner_is_the_tables_first(served: tuple[str, int], browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    names = ["Ann", "Bob", "Cy"]
    g = call(url, "/api/games", {"game": "dominomega", "seats": [
        {"kind": "computer", "player": "random", "move_time": 0.05, "name": n} for n in names]})
    pg = page(browser, g["watch"], errors)
    status_has(pg, "game over")
    final = call(url, f"/api/games/{g['id']}/state")["info"]["final"]
    first = next(r["seat"] for r in final if r["rank"] == 1)
    status_has(pg, f"{names[first]} (seat {first + 1}) wins")
    shot(pg, "club-winner")
    assert errors == []


def test_a_failed_computer_player_is_shown_and_replaced(served: tuple[str, int], browser: Any
                                                        ) -> None:
    url, pid = served
    errors: list[str] = []
    g = call(url, "/api/games", {"game": "dominions", "seats": [
        {"name": "Ann"}, {"kind": "computer", "player": "mcts", "move_time": 8}]})
    pg = page(browser, g["seats"][0]["link"], errors)
    pg.wait_for_selector("#board svg [data-cell]")
    call(url, f"/api/games/{g['id']}/move", {"token": g["seats"][0]["token"],
                                             "move": "P63i9", "ply": 0})
    end = time.time() + 60  # while the computer thinks, kill the server's worker processes
    while time.time() < end and not call(url, f"/api/games/{g['id']}/state")["trouble"]:
        for worker in descendants(pid):
            if "spawn_main" in command_of(worker):
                os.kill(worker, signal.SIGKILL)
        time.sleep(1.0)
    pg.wait_for_selector("#trouble-1", timeout=40000)
    assert "failed" in pg.inner_text("#trouble-1")
    assert state(pg)["ply"] == 1  # no random move instead
    shot(pg, "club-computer-failed")
    pg.select_option("#trouble-1 select", "greedy")
    pg.fill("#trouble-1 input", "0.2")
    pg.click("#replace-1")
    pg.wait_for_function("Number(document.body.dataset.ply) >= 2", timeout=40000)
    assert pg.locator("#trouble-1").count() == 0
    assert errors == []


def test_the_numbridge_clock_waits_for_both(served: tuple[str, int], browser: Any) -> None:
    url, _ = served
    errors: list[str] = []
    g = call(url, "/api/games", {"game": "numbridge", "settings": {
        "move_limit": 30, "game_limit": 300}, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    a = page(browser, g["seats"][0]["link"], errors)
    a.wait_for_selector("#board svg [data-cell]")
    before = a.locator(".seat.to-move .clock").inner_text()
    time.sleep(2.5)
    assert a.locator(".seat.to-move .clock").inner_text() == before == "move 0:30 · game 5:00"
    assert "waiting for Bob" in a.inner_text("#status")
    b = page(browser, g["seats"][1]["link"], errors)
    b.wait_for_selector("#board svg [data-cell]")
    a.wait_for_function("!document.getElementById('status').textContent.includes('waiting')")
    time.sleep(2.0)
    assert a.locator(".seat.to-move .clock").inner_text() != before  # it runs now
    assert errors == []
