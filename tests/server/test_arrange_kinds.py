"""The arrangements page beyond compact arrangements: transcendental and StarMap puzzles, fixed
pieces placed by hand (how many completions they have), and named regions only."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from puzzles.arrangements import Arrangement, verify
from puzzles.regions import parse_region
from solver.server.arrange import OFFERED


@pytest.mark.parametrize("set_name, kind, region", [
    ("square", "transcendental", "5x5"), ("triangle", "transcendental", "6x4"),
    ("square", "starmap", "8x8")])
def test_a_generated_puzzle_of_each_kind_completes_to_a_verified_solution(
        client: TestClient, set_name: str, kind: str, region: str) -> None:
    p = client.post("/api/arrange/puzzle", json={"set": set_name, "kind": kind,
                                                 "region": region, "seed": 2}).json()
    assert p["kind"] == kind and 0 < len(p["fixed"]) < 16
    body = {"set": set_name, "kind": kind, "region": region, "fixed": p["fixed"]}
    assert client.post("/api/arrange/completions", json=body).json()["completions"] == 1
    sol = client.post("/api/arrange/solution", json=body).json()["placements"]
    placed = {tuple(q["cell"]): q["piece"] for q in sol}
    fixed = {tuple(q["cell"]): q["piece"] for q in p["fixed"]}
    verify(Arrangement(set_name, kind, placed, parse_region(region, set_name)), fixed)
    mine = [q for q in sol if tuple(q["cell"]) not in fixed]
    done = client.post("/api/arrange/board", json={**body, "placements": mine}).json()
    assert done["complete"] and done["mismatches"] == [] and done["left"] == []


def test_unfinished_is_not_a_mismatch_but_a_beam_against_a_blank_is(client: TestClient) -> None:
    body = {"set": "square", "kind": "transcendental", "region": "5x5",
            "placements": [{"cell": [2, 2], "piece": 5}]}  # E and W beams meet empty cells
    b = client.post("/api/arrange/board", json=body).json()
    assert b["mismatches"] == [] and len(b["open"]) == 2 and not b["complete"]
    body["placements"].append({"cell": [3, 2], "piece": 1})  # piece 1 has no W beam
    b = client.post("/api/arrange/board", json=body).json()
    assert any("[2, 2]" in f and "piece 1" in f for f in b["mismatches"]), b["mismatches"]


def test_fixed_pieces_placed_by_hand_count_their_completions(client: TestClient) -> None:
    base = {"set": "square", "kind": "compact", "region": "4x4"}
    none = client.post("/api/arrange/completions", json={**base, "fixed": [
        {"cell": [0, 0], "piece": 1}, {"cell": [1, 0], "piece": 2}]}).json()
    assert none["completions"] == 0 and "no arrangement" in none["message"]
    many = client.post("/api/arrange/completions", json={**base, "fixed": []}).json()
    assert many["completions"] == 2 and many["at_least"] and len(many["differ"]) == 1
    sol = client.post("/api/arrange/solution", json=base).json()["placements"]
    one = client.post("/api/arrange/completions", json={**base, "fixed": sol}).json()
    assert one["completions"] == 1 and "16 fixed pieces make a puzzle" in one["message"]
    r = client.get("/arrange?set=square&kind=compact&region=4x4&fixed=0,0:1;1,0:2")
    assert r.status_code == 200 and 'data-fixed="0,0:1;1,0:2"' in r.text


@pytest.mark.parametrize("body, words", [
    ({"set": "square", "region": "file:/etc/passwd"}, "(offered: 4x4, "),
    ({"set": "square", "region": "/etc/passwd"}, "is not offered"),
    ({"set": "square", "region": "regions.json"}, "is not offered"),
    ({"set": "hexagon2", "region": "rhombus:64x64"}, "unknown set 'hexagon2'"),
    ({"set": "hexagon", "region": "rhombus:64x64"}, "(offered: rhombus:8x8, "),
    ({"set": "hexagon", "kind": "starmap", "region": "hexagon:16/17"},
     "unknown set 'hexagon' for starmap arrangements (the page offers square)"),
    ({"set": "square", "kind": "starmap", "region": "9x9"},
     "not offered for starmap square arrangements (offered: 8x8)"),
])
def test_only_named_regions_the_page_offers(client: TestClient, body: dict[str, str],
                                           words: str) -> None:
    for path in ("board", "hint", "solution", "puzzle", "completions"):
        doc = {k: v for k, v in body.items()}
        r = client.post(f"/api/arrange/{path}", json=doc)
        assert r.status_code == 400, (path, r.text)
        assert words in r.json()["detail"] and "root:" not in r.text
    page = client.get("/arrange", params={"set": body["set"], "kind": body.get("kind", "compact"),
                                          "region": body["region"]})
    assert page.status_code == 400 and "root:" not in page.text
    assert page.headers["content-type"].startswith("text/html")


def test_the_offered_table_is_the_pages(client: TestClient) -> None:
    doc = client.get("/api/arrange/offer").json()["kinds"]
    assert doc == {k: {s: list(r) for s, r in v.items()} for k, v in OFFERED.items()}
    assert "starmap" in doc and "transcendental" in doc
