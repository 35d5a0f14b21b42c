"""docs/rules/: the rules of every game in our own words, with pictures the toolkit draws."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
GAMES = ("beam-sets", "starmap", "backslide", "dominions", "dominimum", "dominomega",
         "numbridge-domains")


def test_the_stored_pictures_are_what_the_script_draws() -> None:
    """``python3 -m reports.rules docs/rules/pictures`` rewrites them."""
    from reports.rules import draw_all

    drawn = draw_all()
    stored = {p.name: p.read_text(encoding="utf-8") for p in (RULES / "pictures").glob("*.svg")}
    assert sorted(stored) == sorted(drawn)
    for name, svg in drawn.items():
        assert stored[name] == svg, f"{name} is stale: python3 -m reports.rules docs/rules/pictures"


def test_every_game_has_a_page_and_every_picture_is_shown() -> None:
    index = (RULES / "README.md").read_text()
    assert "python3 -m reports.rules docs/rules/pictures" in index
    shown: set[str] = set()
    for game in GAMES:
        page = (RULES / f"{game}.md").read_text()
        assert f"]({game}.md)" in index
        for picture in re.findall(r"\(pictures/([\w-]+\.svg)\)", page):
            assert (RULES / "pictures" / picture).is_file(), (game, picture)
            shown.add(picture)
        for link in re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]+)?\)", page):
            assert (RULES / link).resolve().is_file(), (game, link)
    assert shown == {p.name for p in (RULES / "pictures").glob("*.svg")}
