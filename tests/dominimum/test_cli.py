import json

from solver.cli import main
from tests.dominimum.verify import dominimum_score, raw_of

LAYOUT = {"tiles": [
    {"tile": [3, 3], "cells": [[0, 0], [1, 0]]},
    {"tile": [3, 5], "cells": [[2, 0], [3, 0]]},
    {"tile": [5, 5], "cells": [[0, 1], [1, 1]]},
    {"tile": [0, 3], "cells": [[2, 1], [3, 1]]},
]}


def call(capsys, argv):
    try:
        main(argv)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_json(tmp_path, capsys):
    f = tmp_path / "l.json"
    f.write_text(json.dumps(LAYOUT))
    code, out, _ = call(capsys, ["dominimum", "score", str(f), "--mission", "3", "5", "--json"])
    assert code == 0
    assert json.loads(out) == {"groups": {"3": 3, "5": 2}, "score": 6}
    code, out, _ = call(capsys, ["dominomega", "score", str(f), "--json"])
    doc = json.loads(out)
    assert doc["scores"] == {"1": 7, "2": 3, "4": 2}  # pip: one group of 7; 2: 3 and 1
    svg, html = tmp_path / "a.svg", tmp_path / "a.html"
    code, _, _ = call(capsys, ["dominimum", "score", str(f), "--mission", "3", "5", "--svg",
                               str(svg), "--html", str(html)])
    assert code == 0 and svg.read_text().count("<circle") > 4
    assert "largest group of 3: 3" in html.read_text()


def test_bad_input_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"tiles": [{"tile": [1, 2], "cells": [[0, 0], [1, 0]]},
                                         {"tile": [3, 4], "cells": [[1, 0], [1, 1]]}]}))
    code, out, err = call(capsys, ["dominimum", "score", str(bad), "--mission", "1", "2"])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "tile 3-4" in err and "already covered" in err
    code, _, err = call(capsys, ["dominimum", "score", str(bad), "--mission", "1", "1"])
    assert code == 2
    (tmp_path / "x.json").write_text("{nope")
    code, _, err = call(capsys, ["dominimum", "score", str(tmp_path / "x.json"),
                                 "--mission", "1", "2"])
    assert code == 2 and "bad JSON" in err
    code, _, err = call(capsys, ["dominimum", "tournament", "--players", "clever",
                                 "--games", "1"])
    assert code == 2 and "unknown player 'clever'" in err


def test_best_play_replay_tournament(tmp_path, capsys):
    f = tmp_path / "l.json"
    f.write_text(json.dumps(LAYOUT))
    code, out, _ = call(capsys, ["dominimum", "best", str(f), "--tile", "3-4", "--mission",
                                 "3", "6", "--json", "--top", "3"])
    doc = json.loads(out)
    assert code == 0 and doc["candidates"] > 10 and len(doc["alternatives"]) == 2
    best = doc["best"]
    raw = [*raw_of(LAYOUT), (best["tile"][0], best["tile"][1], tuple(best["cells"][0]),
                             tuple(best["cells"][1]))]
    assert best["own"] == dominimum_score(raw, 3, 6)
    rec = tmp_path / "r.json"
    code, out, _ = call(capsys, ["dominimum", "play", "--players", "greedy,random", "--seed",
                                 "3", "--record", str(rec)])
    assert code == 0
    code, out, _ = call(capsys, ["dominimum", "replay", str(rec), "--json"])
    assert json.loads(out)["scores"] == json.loads(rec.read_text())["result"]["scores"]
    code, _, err = call(capsys, ["dominomega", "replay", str(rec)])
    assert code == 2 and "dominimum record" in err
    plot, html = tmp_path / "p.png", tmp_path / "t.html"
    recs = tmp_path / "recs"
    code, out, _ = call(capsys, ["dominimum", "tournament", "--seats", "2", "--games", "4",
                                 "--players", "random,greedy", "--plot", str(plot),
                                 "--html", str(html), "--records", str(recs), "--json",
                                 "--quiet"])
    doc = json.loads(out)
    assert code == 0 and doc["games"] == 4
    assert {k: v["seats"] for k, v in doc["by_player"].items()} == {"random": 4, "greedy": 4}
    assert sum(s["wins"] for s in doc["by_seat"]) == 4
    for r in doc["results"]:
        again = json.loads((recs / f"game-{r['game']:04d}.txt").read_text())
        assert again["result"]["scores"] == r["scores"]
    assert plot.read_bytes()[:4] == b"\x89PNG" and "<svg" in html.read_text()
    # the old spellings still work, with a warning each
    code, again, err = call(capsys, ["dominimum", "play", "--players", "2", "--seed", "3",
                                     "--strategies", "greedy,random", "--json"])
    assert code == 0 and json.loads(again) == json.loads(rec.read_text())
    assert "--players N is deprecated" in err and "--strategies is deprecated" in err
    code, old, err = call(capsys, ["dominimum", "tournament", "--players", "2", "--games", "4",
                                   "--strategies", "random,greedy", "--json", "--quiet"])
    assert code == 0 and json.loads(old)["results"] == doc["results"]
    assert "--players N is deprecated; use --seats N" in err


def test_score_every_mission(tmp_path, capsys):
    f = tmp_path / "l.json"
    f.write_text(json.dumps(LAYOUT))
    code, out, _ = call(capsys, ["dominimum", "score", str(f), "--json"])
    doc = json.loads(out)
    assert code == 0 and len(doc["missions"]) == 28
    assert doc["largest"] == {"0": 1, "1": 0, "2": 0, "3": 3, "4": 0, "5": 2, "6": 0, "7": 0}
    raw = raw_of(LAYOUT)
    for name, n in doc["missions"].items():
        a, b = (int(x) for x in name.split("-"))
        assert n == dominimum_score(raw, a, b)


def test_score_and_best_follow_the_records_own_rule(tmp_path, capsys):
    """A record played with --no-within-tile is scored by its rule (as replay does); an
    option overrides it with a remark (issue 25: seed 4 scored [6, 6] instead of [2, 3])."""
    record = tmp_path / "r.json"
    code, _, _ = call(capsys, ["dominimum", "play", "--players", "greedy,greedy", "--seed",
                               "4", "--no-within-tile", "--record", str(record), "-q"])
    assert code == 0
    code, out, _ = call(capsys, ["dominimum", "replay", str(record), "--json"])
    replayed = json.loads(out)["scores"]
    missions = json.loads(record.read_text())["missions"]
    scored = []
    for a, b in missions:
        code, out, err = call(capsys, ["dominimum", "score", str(record), "--mission", str(a),
                                       str(b), "--json"])
        assert code == 0 and err == ""
        scored.append(json.loads(out)["score"])
    assert scored == replayed == [2, 3]
    a, b = missions[0]
    code, out, err = call(capsys, ["dominimum", "score", str(record), "--mission", str(a),
                                   str(b), "--within-tile", "--json"])
    assert json.loads(out)["score"] == 6
    assert "scored with --within-tile; the record was played with --no-within-tile" in err


def test_dominomega_score_takes_the_records_seats_and_rule(tmp_path, capsys):
    record = tmp_path / "r.json"
    assert call(capsys, ["dominomega", "play", "--players", "greedy,greedy", "--seed", "2",
                         "--no-within-tile", "--record", str(record), "-q"])[0] == 0
    code, out, _ = call(capsys, ["dominomega", "replay", str(record), "--json"])
    replayed = json.loads(out)["scores"]
    code, out, err = call(capsys, ["dominomega", "score", str(record), "--json"])
    assert code == 0 and err == ""
    scores = json.loads(out)["scores"]
    assert set(scores) == {"1", "4"}  # two seats: no small circle
    assert [scores["1"], scores["4"]] == replayed
    code, out, err = call(capsys, ["dominomega", "score", str(record), "--seats", "3",
                                   "--json"])
    assert set(json.loads(out)["scores"]) == {"1", "2", "4"} and "--seats 3" in err
