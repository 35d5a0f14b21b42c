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
