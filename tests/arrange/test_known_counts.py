"""Known arrangement counts from one data file (tests/data/arrangement_counts.txt).

Each line is counted by the engines, and compact lines flagged ``plain`` / ``plain-slow`` also
by the independent counter of tests/arrange/plain_count.py (its own neighbours from the raw
deltas). Every line says where its count comes from (``src=published:...`` or ``src=ours``).
"""

from pathlib import Path

import pytest

from solver.arrange.problem import ArrangementProblem
from solver.arrange.run import count_arrangements
from tests.arrange.plain_count import plain_count

#: the project's reference documents (``../shared/reference`` beside the checkout), if present
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference"

DATA = Path(__file__).resolve().parents[1] / "data" / "arrangement_counts.txt"


def cases() -> list[object]:
    out: list[object] = []
    for line in DATA.read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        set_name, kind, region, border, single, count, distinct, *flags = fields
        marks = [pytest.mark.slow] if "slow" in flags else []
        out.append(pytest.param(set_name, kind, None if region == "-" else region, border,
                                single == "yes", int(count),
                                None if distinct == "-" else int(distinct),
                                id=f"{set_name}-{kind}-{region}-{border}-{single}", marks=marks))
    return out


@pytest.mark.parametrize(
    ("set_name", "kind", "region", "border", "single_group", "count", "distinct"), cases())
def test_known_count(set_name: str, kind: str, region: str | None, border: str,
                     single_group: bool, count: int, distinct: int | None) -> None:
    problem = ArrangementProblem.create(set_name, kind, region, border,
                                        single_group=single_group)
    total, orbits = count_arrangements(problem, up_to_symmetry=distinct is not None)
    assert total == count
    if distinct is not None:
        assert orbits == distinct


def lines() -> list[list[str]]:
    return [f for f in (ln.split("#", 1)[0].split() for ln in DATA.read_text().splitlines())
            if f]


def plain_cases() -> list[object]:
    out: list[object] = []
    for set_name, kind, region, border, _single, count, _distinct, *flags in lines():
        if "plain" in flags or "plain-slow" in flags:
            assert kind == "compact"
            marks = [pytest.mark.slow] if "plain-slow" in flags else []
            out.append(pytest.param(set_name, region, border, int(count),
                                    id=f"{set_name}-{region}-{border}", marks=marks))
    return out


@pytest.mark.parametrize(("set_name", "region", "border", "count"), plain_cases())
def test_plain_count_agrees(set_name: str, region: str, border: str, count: int) -> None:
    assert plain_count(set_name, region, border) == count


def test_every_count_names_its_source() -> None:
    for fields in lines():
        src = [f for f in fields[7:] if f.startswith("src=")]
        assert len(src) == 1, f"line {' '.join(fields)}: one src=published:FILE or src=ours"
        kind, _, where = src[0][4:].partition(":")
        assert kind in ("published", "ours"), fields
        if kind == "published":
            assert where, fields
            if (REFERENCE / where).is_file():  # the reference file quotes the published count
                assert f"**{fields[5]}**" in (REFERENCE / where).read_text()


#: compact counts up to this many are also counted by the peer in the default run (about 5 s)
PEER_LIMIT = 40_000


def peer_cases() -> list[object]:
    return [pytest.param(set_name, region, border, int(count),
                         id=f"{set_name}-{region}-{border}")
            for set_name, kind, region, border, _single, count, *_ in lines()
            if kind == "compact" and int(count) <= PEER_LIMIT]


@pytest.mark.parametrize(("set_name", "region", "border", "count"), peer_cases())
def test_the_peer_counts_our_dlx_export_alike(set_name: str, region: str, border: str,
                                             count: int) -> None:
    """xcover (Knuth's Algorithm C, not our code) on our DLX export: an outside check of every
    small stored count, beside the engines' agreement and the plain counter."""
    from xcover import covers  # the peer, in the test extra

    from solver.arrange.export import dlx_text
    from tests.arrange.test_symmetry_split import parse_xcc

    problem = ArrangementProblem.create(set_name, "compact", region, border)
    primary, secondary, options = parse_xcc(dlx_text(problem))
    assert sum(1 for _ in covers(options, primary=primary, secondary=secondary,
                                 colored=True)) == count
