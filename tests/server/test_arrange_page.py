"""The arrangements page's API: the verifier's mismatches at once, hints and a solution from
the engines (checked by verify()), a generated puzzle whose fixed pieces stay."""

from __future__ import annotations

from fastapi.testclient import TestClient

from puzzles.arrangements import Arrangement, verify
from puzzles.regions import parse_region


def test_mismatches_hint_solution_and_puzzle(client: TestClient) -> None:
    assert "Arrangements" in client.get("/arrange").text
    pieces = client.get("/api/arrange/pieces/square").json()
    assert pieces["region"] == "4x4" and len(pieces["pieces"]) == 16
    body = {"set": "square", "region": "4x4", "placements": [
        {"cell": [0, 0], "piece": 1}, {"cell": [1, 0], "piece": 2}]}
    b = client.post("/api/arrange/board", json=body).json()
    assert b["svg"].count("data-cell=") == 16
    assert any("does not match piece 2" in f for f in b["mismatches"])
    assert sorted(b["left"]) == [n for n in range(16) if n not in (1, 2)]
    assert not b["complete"]
    h = client.post("/api/arrange/hint", json=body).json()  # 1 next to 2 cannot be completed
    assert h["hint"] is None and "no arrangement completes" in h["message"]
    sol = client.post("/api/arrange/solution", json={"set": "square", "region": "4x4"}).json()
    placed = {tuple(p["cell"]): p["piece"] for p in sol["placements"]}
    verify(Arrangement("square", "compact", placed, parse_region("4x4", "square")))
    done = client.post("/api/arrange/board", json={"set": "square", "region": "4x4",
                                                   "placements": sol["placements"]}).json()
    assert done["complete"] and done["faults"] == [] and done["left"] == []
    # a hint extends a correct start
    start = {"set": "square", "region": "4x4", "placements": sol["placements"][:3]}
    h = client.post("/api/arrange/hint", json=start).json()
    assert h["hint"] is not None and tuple(h["hint"]["cell"]) not in {
        tuple(p["cell"]) for p in sol["placements"][:3]}
    puzzle = client.post("/api/arrange/puzzle", json={"set": "square", "region": "4x4",
                                                      "seed": 3}).json()
    fixed = {tuple(p["cell"]): p["piece"] for p in puzzle["fixed"]}
    assert 0 < len(fixed) < 16
    sol = client.post("/api/arrange/solution", json={"set": "square", "region": "4x4",
                                                     "fixed": puzzle["fixed"]}).json()
    placed = {tuple(p["cell"]): p["piece"] for p in sol["placements"]}
    verify(Arrangement("square", "compact", placed, parse_region("4x4", "square")), fixed)
    bad = client.post("/api/arrange/board", json={"set": "square", "region": "4x4",
                                                  "placements": [{"cell": [9, 9], "piece": 1}]})
    assert bad.status_code == 400 and "outside the region" in bad.json()["detail"]
    assert client.post("/api/arrange/board", json={"set": "nope"}).status_code == 400


def test_triangle_set_pieces_orientation_and_solution(client: TestClient) -> None:
    page = client.get("/arrange?set=triangle").text
    assert '<option value="triangle" selected>' in page
    pieces = client.get("/api/arrange/pieces/triangle").json()
    assert pieces["region"] == "4x4" and len(pieces["pieces"]) == 16
    assert [pieces["orientation"][str(n)] for n in range(16)] == ["up"] * 8 + ["down"] * 8
    b = client.post("/api/arrange/board", json={"set": "triangle", "region": "4x4",
                                                "placements": [{"cell": [0, 0], "piece": 8}]})
    doc = b.json()
    assert doc["svg"].count("data-cell=") == 16
    assert doc["orientation"]["0,0"] == "up" and doc["orientation"]["1,0"] == "down"
    assert doc["mismatches"] == ["cell [0, 0]: piece 8 points down but the cell points up"]
    sol = client.post("/api/arrange/solution", json={"set": "triangle", "region": "4x4"}).json()
    placed = {tuple(p["cell"]): p["piece"] for p in sol["placements"]}
    verify(Arrangement("triangle", "compact", placed, parse_region("4x4", "triangle")))
    done = client.post("/api/arrange/board", json={"set": "triangle", "region": "4x4",
                                                   "placements": sol["placements"]}).json()
    assert done["complete"] and done["left"] == []


def test_generated_puzzle_locks_its_fixed_pieces(client: TestClient) -> None:
    page = client.get("/arrange?set=square&puzzle=7").text
    assert 'data-puzzle="7"' in page and 'id="seed" value="7"' in page
    assert client.get("/arrange?set=nope").status_code == 400
    req = {"set": "square", "region": "4x4", "seed": 7}
    puzzle = client.post("/api/arrange/puzzle", json=req).json()
    assert puzzle["seed"] == 7 and client.post("/api/arrange/puzzle", json=req).json() == puzzle
    fixed = {tuple(p["cell"]): p["piece"] for p in puzzle["fixed"]}
    assert 0 < len(fixed) < 16
    base = {"set": "square", "region": "4x4", "fixed": puzzle["fixed"]}
    b = client.post("/api/arrange/board", json=base).json()
    assert sorted(map(tuple, b["fixed"])) == sorted(fixed)
    assert sorted(b["left"]) == sorted(set(range(16)) - set(fixed.values()))
    cell, piece = next(iter(fixed.items()))
    on_fixed = {**base, "placements": [{"cell": list(cell), "piece": (piece + 1) % 16}]}
    for path in ("board", "hint"):
        r = client.post(f"/api/arrange/{path}", json=on_fixed)
        assert r.status_code == 400 and "locked" in r.json()["detail"], path
    # hints, one by one, complete the puzzle; the verifier accepts it with the fixed pieces
    mine: list[dict[str, object]] = []
    for _ in range(16 - len(fixed)):
        h = client.post("/api/arrange/hint", json={**base, "placements": mine}).json()
        assert h["hint"] is not None and tuple(h["hint"]["cell"]) not in fixed
        mine.append(h["hint"])
    done = client.post("/api/arrange/board", json={**base, "placements": mine}).json()
    assert done["complete"]
    placed = {**{tuple(p["cell"]): p["piece"] for p in mine}, **fixed}  # type: ignore[misc]
    verify(Arrangement("square", "compact", placed, parse_region("4x4", "square")), fixed)
    # the completion is unique, so the shown solution is the one the hints built
    sol = client.post("/api/arrange/solution", json=base).json()
    assert {tuple(p["cell"]): p["piece"] for p in sol["placements"]} == placed
    # a triangle puzzle too
    tri = client.post("/api/arrange/puzzle", json={"set": "triangle", "region": "4x4",
                                                   "seed": 2}).json()
    tfixed = {tuple(p["cell"]): p["piece"] for p in tri["fixed"]}
    tsol = client.post("/api/arrange/solution", json={"set": "triangle", "region": "4x4",
                                                      "fixed": tri["fixed"]}).json()
    tplaced = {tuple(p["cell"]): p["piece"] for p in tsol["placements"]}
    verify(Arrangement("triangle", "compact", tplaced, parse_region("4x4", "triangle")), tfixed)
