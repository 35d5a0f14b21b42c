"""BackSlide's API: seeded deals, the verifier's verdict, the fewest slides left within the
search's limits (answered, or refused naming the limit), bad positions refused."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from puzzles.backslide import parity_class, slidable, slide
from solver.backslide import scramble, solved_positions
from solver.server.routes import backslide


def test_a_deal_is_seeded_and_a_scramble_of_its_seed(client: TestClient) -> None:
    a = client.post("/api/backslide/deal", json={"seed": 7, "slides": 12}).json()
    b = client.post("/api/backslide/deal", json={"seed": 7, "slides": 12}).json()
    assert a == b and sorted(a["position"]) == list(range(16))
    starts = {scramble(p, 12, 7) for p in solved_positions()}
    assert tuple(a["position"]) in starts
    assert a["parity_class"] == parity_class(tuple(a["position"]))
    assert len(a["slidable"]) in (2, 3, 4) and a["solved"] is (a["fault_count"] == 0)


def test_a_solved_position_is_judged_solved(client: TestClient) -> None:
    goal = solved_positions()[0]
    doc = client.post("/api/backslide/check", json={"position": list(goal)}).json()
    assert doc["solved"] is True and doc["faults"] == [] and doc["fault_count"] == 0
    hole = goal.index(0)
    moved = slide(goal, next(v for v in doc["slidable"]))
    bad = client.post("/api/backslide/check", json={"position": list(moved)}).json()
    assert bad["solved"] is False and bad["fault_count"] >= 1 and moved[hole] != 0
    # the faults are the verifier's sentences (the page lists them as text)
    assert bad["faults"] and all(isinstance(f, str) and "cell [" in f for f in bad["faults"])


def test_the_fewest_slides_are_replayed_to_a_solved_position(client: TestClient) -> None:
    deal = client.post("/api/backslide/deal", json={"seed": 3, "slides": 10}).json()
    start = tuple(deal["position"])
    doc = client.post("/api/backslide/optimal", json={"position": list(start)}).json()
    assert doc["answered"] is True and 0 < doc["remaining"] <= 10
    board = start
    for piece in doc["slides"]:
        board = slide(board, piece)
    assert client.post("/api/backslide/check", json={"position": list(board)}).json()["solved"]
    # the fewest: no solved position lies fewer slides away (breadth-first from the start)
    goals = set(solved_positions())
    frontier, seen = {start}, {start}
    for _ in range(doc["remaining"] - 1):
        frontier = {slide(p, v) for p in frontier for v in slidable(p)} - seen
        seen |= frontier
    assert not seen & goals


def test_a_search_over_its_limit_says_so_within_the_limit(client: TestClient,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(backslide, "MAX_NODES", 2000)
    deal = client.post("/api/backslide/deal", json={"seed": 9, "slides": 120}).json()
    t = time.monotonic()
    doc = client.post("/api/backslide/optimal", json={"position": deal["position"]}).json()
    assert time.monotonic() - t < backslide.MAX_SECONDS + 2
    assert doc["answered"] is False and "node budget of 2000" in doc["message"]
    assert doc["limits"]["max_nodes"] == 2000


def test_bad_positions_and_deals_are_refused(client: TestClient) -> None:
    two_holes = [0, 0, *range(2, 16)]
    r = client.post("/api/backslide/check", json={"position": two_holes})
    assert r.status_code == 400 and "one hole" in r.json()["detail"]
    for body in ({"position": list(range(15))}, {"position": [*range(15), 16]},
                 {"position": [True, *range(1, 16)]}):
        assert client.post("/api/backslide/check", json=body).status_code == 422
    assert client.post("/api/backslide/deal", json={"seed": 1, "slides": 10**6}
                       ).status_code == 422
