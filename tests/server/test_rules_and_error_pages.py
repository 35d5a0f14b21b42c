"""The rules panel's API and the pages a person gets for a bad link (never raw JSON)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from solver.server.routes.rules import games_with_panels, render_markdown

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game", games_with_panels())
def test_rules_of_each_game_come_from_docs_rules(client: TestClient, game: str) -> None:
    doc = client.get(f"/api/rules/{game}").json()
    path = RULES / f"{game}.md"
    assert doc["written"] is path.exists() and doc["source"] == f"docs/rules/{game}.md"
    if path.exists():
        first = next(line for line in path.read_text().splitlines() if line.strip())
        assert first.lstrip("# ").strip()[:20] in doc["html"]
    else:
        assert doc["html"] == ""


def test_the_package_reads_the_rules_folder() -> None:
    from importlib import resources

    folder = resources.files("solver.server") / "rules"
    assert (folder / "README.md").read_text() == (RULES / "README.md").read_text()


def test_rules_markdown_escapes_raw_html_and_draws_tables() -> None:
    html = render_markdown("# Dominions\n\n<script>alert(1)</script>\n\n"
                           "| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<h1>Dominions</h1>" in html and "<table>" in html and "<td>1</td>" in html


def test_an_unknown_game_has_no_rules(client: TestClient) -> None:
    r = client.get("/api/rules/chess")
    assert r.status_code == 404 and "no game 'chess'" in r.json()["detail"]
    assert client.get("/api/rules/..%2F..%2Fetc%2Fpasswd").status_code == 404


@pytest.mark.parametrize("path, status, words", [
    ("/play/no-such-game", 404, "no game 'no-such-game'"),
    ("/watch/no-such-game", 404, "no game 'no-such-game'"),
    ("/review/no-such-game", 404, "no game 'no-such-game'"),
    ("/new/chess", 404, "no game 'chess'"),
    ("/arrange?set=octagon", 400, "unknown set 'octagon'"),
    ("/arrange?puzzle=many", 422, "puzzle"),
    ("/backslide?slides=-4", 422, "slides"),
    ("/no/such/page", 404, "there is no page at /no/such/page"),
])
def test_a_bad_link_gives_a_page(client: TestClient, path: str, status: int, words: str) -> None:
    r = client.get(path)
    assert r.status_code == status
    assert r.headers["content-type"].startswith("text/html")
    assert 'id="error-page"' in r.text and words in r.text.replace("&#39;", "'")
    assert '<a class="button" href="/">' in r.text


def test_the_api_still_answers_json(client: TestClient) -> None:
    r = client.get("/api/games/no-such-game")
    assert r.status_code == 404 and r.json()["detail"] == "no game 'no-such-game'"
    r = client.get("/api/no/such/route")
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/json")
