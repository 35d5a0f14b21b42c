"""Difficulty of a field: the human-technique order, a Sudoku Explainer style scale and HoDoKu's
level names.

The solver applies the easiest technique of :data:`TECHNIQUE_ORDER` that makes progress, then starts
again from the easiest (singles; locked candidates; on irregular blocks the law of leftovers;
naked and hidden pairs, triples, quads;
X-wing, swordfish, jellyfish over rows, columns and blocks; turbot fish; W-, XY-, XYZ-wing;
unique rectangles; finned fish; simple colouring; X-chains, XY-chains, AICs, grouped AICs;
ALS-XZ; Franken fish; forcing chains; forcing nets; mutant fish; trial).
Every technique works on irregular blocks. Every step is checked against the solution: a
wrong placement or elimination raises :class:`RatingError` (a bug, never an answer).

- ``score``: the hardest step decides, on a numeric scale in the manner of Sudoku Explainer
  (1.0 full house ... 2.3 naked single ... 9.5 trial); chains add 0.1 per two nodes past four.
- ``effort``: the sum of HoDoKu's per-step points (HoDoKu's own score); a single counts as
  HoDoKu would see it (full house or naked single 4 points, hidden single 14).
- ``level``: HoDoKu's rule: the highest level of a technique used, raised while ``effort``
  passes the level's maximum (800 easy, 1000 medium, 1600 hard, 1800 unfair).
- ``work``: the effort with a single's points divided by the number of singles available at
  that moment (a single is as hard as it is to find: one of twenty is easy to see, the only
  one is not); every other step counts its HoDoKu points. It ranks fields that singles solve,
  where HoDoKu's points barely differ, and follows HoDoKu's score on the others.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> g = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> r = rate(Field.make(g))
>>> r.solved, r.hardest, r.level
(True, 'hidden single', 'easy')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from puzzles.errors import InvalidInputError
from puzzles.numbridge.field import CELLS, REGULAR_BLOCKS, Field, cell_name, units
from solver.numbridge.engine import search
from solver.numbridge.techniques import (
    als,
    chains,
    colouring,
    finned_fish,
    fish,
    forcing,
    grouped,
    intersections,
    leftovers,
    singles,
    subsets,
    uniqueness,
    wings,
)
from solver.numbridge.techniques.grid import Grid, Step

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
#: HoDoKu's maximum effort per level (DIFFICULTY_MAX_SCORE).
LEVEL_MAX_EFFORT = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}


class RatingError(RuntimeError):
    """A technique produced a step that contradicts the solution (an internal bug)."""


@dataclass(frozen=True)
class Technique:
    """A rung of the technique order: finder, scale value, HoDoKu level and per-step points."""

    name: str
    find: Callable[[Grid], Step | None]
    score: float
    level: str
    effort: int
    needs_unique: bool = False


TECHNIQUE_ORDER: list[Technique] = [
    Technique("full house", singles.full_house, 1.0, "easy", 4),
    Technique("hidden single (block)", partial(singles.hidden_single, block_only=True), 1.2,
              "easy", 14),
    Technique("hidden single", singles.hidden_single, 1.5, "easy", 14),
    Technique("naked single", singles.naked_single, 2.3, "easy", 4),
    Technique("locked candidates", intersections.locked_candidates, 2.6, "medium", 50),
    Technique("law of leftovers", leftovers.law_of_leftovers, 2.8, "medium", 50),
    Technique("naked pair", partial(subsets.naked_subset, n=2), 3.0, "medium", 60),
    Technique("naked triple", partial(subsets.naked_subset, n=3), 3.6, "medium", 80),
    Technique("hidden pair", partial(subsets.hidden_subset, n=2), 3.4, "medium", 70),
    Technique("hidden triple", partial(subsets.hidden_subset, n=3), 4.0, "medium", 100),
    Technique("naked quad", partial(subsets.naked_subset, n=4), 5.0, "hard", 120),
    Technique("hidden quad", partial(subsets.hidden_subset, n=4), 5.4, "hard", 150),
    Technique("X-wing", partial(fish.fish, n=2), 3.2, "hard", 140),
    Technique("swordfish", partial(fish.fish, n=3), 3.8, "hard", 150),
    Technique("jellyfish", partial(fish.fish, n=4), 5.2, "hard", 160),
    Technique("turbot fish", partial(chains.chain, kind="x", max_nodes=4), 4.2, "hard", 130),
    Technique("W-wing", wings.w_wing, 4.4, "hard", 150),
    Technique("XY-wing", wings.xy_wing, 4.2, "hard", 160),
    Technique("XYZ-wing", wings.xyz_wing, 4.4, "hard", 180),
    Technique("unique rectangle", uniqueness.unique_rectangle, 4.5, "hard", 100, True),
    Technique("finned X-wing", partial(finned_fish.find_fish, n=2), 3.4, "hard", 130),
    Technique("simple colouring", colouring.simple_colouring, 5.6, "hard", 150),
    Technique("finned swordfish", partial(finned_fish.find_fish, n=3), 4.0, "unfair", 200),
    Technique("finned jellyfish", partial(finned_fish.find_fish, n=4), 5.4, "unfair", 250),
    Technique("X-chain", partial(chains.chain, kind="x", max_nodes=12, min_nodes=6), 6.5,
              "unfair", 260),
    Technique("XY-chain", partial(chains.chain, kind="xy", max_nodes=12), 6.6, "unfair", 260),
    Technique("AIC", partial(chains.chain, kind="aic", max_nodes=10), 7.0, "unfair", 280),
    Technique("grouped AIC", partial(grouped.grouped_aic, max_nodes=10), 7.2, "unfair", 300),
    Technique("ALS-XZ", als.als_xz, 7.5, "unfair", 300),
    *(Technique(f"{'finned ' if fins else ''}Franken {fish.NAMES[n]}",
                partial(finned_fish.find_fish, n=n, family="franken", finned=fins, max_fins=2),
                score, "unfair", points)
      for n, fins, score, points in ((2, False, 6.0, 300), (3, False, 6.3, 350),
                                     (2, True, 6.4, 390), (3, True, 6.7, 410))),
    Technique("forcing chain", forcing.forcing_chain, 8.3, "extreme", 500),
    Technique("forcing net", forcing.forcing_net, 8.6, "extreme", 700),
    # mutant fish (off in HoDoKu's default rating) only where forcing steps fail, for speed
    *(Technique(f"mutant {fish.NAMES[n]}",
                partial(finned_fish.find_fish, n=n, family="mutant", finned=False),
                score, "extreme", points)
      for n, score, points in ((2, 7.7, 450), (3, 7.8, 450))),
]
TRIAL = Technique("trial", lambda g: None, 9.5, "extreme", 10000)
TECHNIQUES = [t.name for t in TECHNIQUE_ORDER] + [TRIAL.name]
#: The scale value of every technique (hardest step decides).
SCALE = {t.name: t.score for t in [*TECHNIQUE_ORDER, TRIAL]}


@dataclass
class RatedStep:
    """A step of the solving path with its technique's rung."""

    step: Step
    technique: Technique
    effort: int = 0  # HoDoKu points (singles are counted per run, see _hodoku_singles)
    digits: str = ""  # the 81 digits known before the step
    candidates: tuple[int, ...] = ()  # the candidate masks before the step

    @property
    def score(self) -> float:
        """The step's scale value (chains: +0.1 per two nodes past four)."""
        bonus = max(0, self.step.size - 4) // 2 * 0.1 if "chain" in self.technique.name \
            or self.technique.name.endswith("AIC") else 0.0
        return round(self.technique.score + bonus, 1)


@dataclass
class Rating:
    """The rating of a field: the path, the hardest step, the scale, the effort and the level."""

    steps: list[RatedStep] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)
    solved: bool = False
    hardest: str = ""
    score: float = 0.0
    effort: int = 0  # HoDoKu points (singles are counted per run, see _hodoku_singles)
    level: str = "easy"
    hardest_level: str = "easy"  # the highest level of a technique used
    nodes: int = 0
    empty_left: int = 0
    filled: str = ""
    blocks: str = ""

    @property
    def work(self) -> float:
        """The effort with every single's points divided by the singles available then (see
        the module docstring), from the pencil marks stored with each step."""
        layout = units(self.blocks or REGULAR_BLOCKS)
        total = 0.0
        for s in self.steps:
            if s.technique.level == "easy":
                points = SINGLE_POINTS[s.technique.name]
                total += points / singles_available(layout, s.digits, s.candidates)
            else:
                total += s.technique.effort
        return round(total, 1)

    def to_json(self, with_steps: bool = False) -> dict[str, object]:
        """``{"hardest", "score", "effort", "work", "level", "solved_by_logic", "techniques":
        {name: n}, "search_nodes", "empty_left"}`` (and ``"steps"`` when asked)."""
        doc: dict[str, object] = {
            "hardest": self.hardest, "score": self.score, "effort": self.effort,
            "work": self.work,
            "level": self.level, "solved_by_logic": self.solved, "techniques": self.used,
            "search_nodes": self.nodes, "empty_left": self.empty_left}
        if with_steps:
            doc["steps"] = [{**s.step.to_json(), "score": s.score,
                             "text": s.step.text(self.blocks)} for s in self.steps]
        return doc


#: HoDoKu's points of a single, by rung.
SINGLE_POINTS = {"full house": 4, "hidden single (block)": 14, "hidden single": 14,
                 "naked single": 4}


def singles_available(layout: list[list[int]], digits: str, cands: tuple[int, ...]) -> int:
    """How many distinct placements singles offer in a grid (``digits``: 81 characters, ``0``
    empty; ``cands``: candidate masks): naked singles, and digits with one place in a unit."""
    found: set[tuple[int, int]] = set()
    for c in range(CELLS):
        if digits[c] == "0":
            m = cands[c]
            if m and not m & (m - 1):
                found.add((c, m))
    for cells in layout:
        once = twice = 0
        for c in cells:
            if digits[c] == "0":
                m = cands[c]
                twice |= once & m
                once |= m
        hidden = once & ~twice
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            c = next(x for x in cells if digits[x] == "0" and cands[x] & bit)
            found.add((c, bit))
    return max(1, len(found))


def _check(step: Step, solution: str, name: str) -> None:
    for c, d in step.placements:
        if solution[c] != str(d):
            raise RatingError(f"{name} placed {d} on {cell_name(c)}, the solution has "
                              f"{solution[c]}")
    for c, d in step.eliminations:
        if solution[c] == str(d):
            raise RatingError(f"{name} removed {d} from {cell_name(c)}, the solution digit")


def _hodoku_singles(g: Grid) -> int:
    """HoDoKu's points for a run of singles from ``g`` (a copy is changed): HoDoKu tries full
    house (4), naked single (4), then hidden single (14). Singles lead to the same grid in any
    order, so this counts the run the way HoDoKu would take it."""
    points = 0
    while True:
        for finder, value in ((singles.full_house, 4), (singles.naked_single, 4),
                              (singles.hidden_single, 14)):
            step = finder(g)
            if step is not None:
                g.apply(step)
                points += value
                break
        else:
            return points


def level_of(tech_level: str, effort: int) -> str:
    """HoDoKu's level: the technique level, raised while the effort passes its maximum."""
    i = LEVELS.index(tech_level)
    while i < len(LEVELS) - 1 and effort > LEVEL_MAX_EFFORT[LEVELS[i]]:
        i += 1
    return LEVELS[i]


def rate(f: Field, max_steps: int = 400, trial: bool = True, up_to: str = "extreme",
         solution: str | None = None) -> Rating:
    """Rate ``f`` by the technique order (see the module docstring).

    Parameters
    ----------
    f : Field
        A field with exactly one solution.
    max_steps : int
        Stop after this many steps (a safety net; fields need at most 81 placements plus
        eliminations).
    trial : bool
        Place the solution's digit when no technique applies (else stop there: ``solved`` is
        False and ``hardest`` is ``guess``).
    up_to : str
        Use only the techniques of this level and below (a quick test whether a field is
        easier than a level: ``solved`` False means it needs more); implies no trial below
        ``extreme``.
    solution : str, optional
        The field's solution when already known (saves the uniqueness search).

    Raises
    ------
    InvalidInputError
        When ``f`` has no solution or more than one.
    RatingError
        When a technique contradicts the solution (a bug).
    """
    nodes = 0
    if solution is None:
        res = search(f, cap=2)
        if res.count != 1:
            raise InvalidInputError("the field has " + ("no solution" if res.count == 0 else
                                                        "more than one solution") +
                                    "; rating needs exactly one")
        solution, nodes = res.solution, res.nodes
    if up_to not in LEVELS:
        raise InvalidInputError(f"level {up_to!r}: one of {', '.join(LEVELS)}")
    cap = LEVELS.index(up_to)
    order = [t for t in TECHNIQUE_ORDER if LEVELS.index(t.level) <= cap]
    trial = trial and up_to == "extreme"
    g = Grid(f)
    r = Rating(nodes=nodes, blocks=f.blocks)
    stuck = False
    in_singles = False
    effort = 0
    while not g.solved() and len(r.steps) < max_steps:
        for tech in order:
            step = tech.find(g)
            if step is not None:
                break
        else:
            if not trial:
                stuck = True
                break
            tech, step = TRIAL, forcing.trial(g, solution)
        _check(step, solution, tech.name)
        single = tech.level == "easy"
        if single and not in_singles:
            effort += _hodoku_singles(g.copy())
        in_singles = single
        rated = RatedStep(step, tech, 0 if single else tech.effort,
                          "".join(str(v) for v in g.value), tuple(g.cand))
        g.apply(step)
        r.steps.append(rated)
        key = tech.name if not tech.name.startswith("hidden single") else "hidden single"
        r.used[key] = r.used.get(key, 0) + 1
    r.solved = g.solved() and not any(s.technique is TRIAL for s in r.steps)
    r.filled = "".join(str(v) for v in g.value)
    r.empty_left = r.filled.count("0")
    r.effort = effort + sum(s.effort for s in r.steps)
    if r.steps:
        hardest = max(r.steps, key=lambda s: (s.score, -r.steps.index(s)))
        r.score = hardest.score
        r.hardest = "guess" if stuck else hardest.technique.name
        tech_level = max((s.technique.level for s in r.steps), key=LEVELS.index)
    else:
        r.hardest, tech_level = "none", "easy"
    if stuck:
        r.score = SCALE["trial"]
        tech_level = "extreme"
    if r.hardest.startswith("hidden single"):
        r.hardest = "hidden single"
    r.hardest_level = tech_level
    r.level = level_of(tech_level, r.effort)
    assert len(r.filled) == CELLS
    return r
