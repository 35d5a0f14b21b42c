"""The rules panel's API and the pages a person gets for a bad link (never raw JSON)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from solver.server.routes.rules import games_with_panels, render_markdown

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game", games_with_panels())
def test_rules_of_each_game_come_from_docs_rules(client: TestClient, game: str) -> None:
    doc = client.get(f"/api/rules/{game}").json()
    path = RULES / f"{game}.md"
    if not path.exists():  # numbridge: numbridge-domains.md
        path = next(RULES.glob(f"{game}-*.md"))
    assert doc["written"] and doc["source"] == f"docs/rules/{path.name}"
    first = next(line for line in path.read_text().splitlines() if line.strip())
    assert first.lstrip("# ").strip()[:20] in doc["html"]
    assert 'src="pictures/' not in doc["html"] and 'href="beam-sets.md"' not in doc["html"]


def test_rules_pictures_and_linked_pages_are_served(client: TestClient) -> None:
    html = client.get("/api/rules/dominions").json()["html"]
    assert 'src="/rules/pictures/dominions-position.svg"' in html
    assert 'href="/rules/beam-sets"' in html
    picture = client.get("/rules/pictures/dominions-position.svg")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
    assert picture.content == (RULES / "pictures" / "dominions-position.svg").read_bytes()
    page = client.get("/rules/beam-sets", headers={"accept": "text/html"})
    assert page.status_code == 200 and 'id="rules-page"' in page.text
    assert "<title>Rules: Beam sets" in page.text
    for bad in ("/rules/pictures/..%2Fdominions.md", "/rules/pictures/x.png",
                "/rules/pictures/nothing.svg", "/rules/NOPE", "/rules/nothing"):
        assert client.get(bad).status_code == 404, bad


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


def test_rules_links_read_as_titles_and_none_is_dead() -> None:
    from solver.server.routes.rules import links

    html = links(render_markdown("See [beam-sets.md](beam-sets.md), [Dominimum](dominimum.md) "
                                 "and [results.md](../results.md).\n"))
    assert '<a href="/rules/beam-sets">Beam sets</a>' in html
    assert '<a href="/rules/dominimum">Dominimum</a>' in html
    assert "results.md (docs/results.md in the repository)" in html and "../" not in html
    for game in games_with_panels():  # every link of every panel opens a page of the server
        from solver.server.routes.rules import rules_html

        _, page = rules_html(game)
        for href in re.findall(r'href="([^"]*)"', page):
            assert href.startswith(("/rules/", "http://", "https://", "#")), (game, href)
        assert not re.search(r">[a-z0-9-]+\.md</a>", page), game
