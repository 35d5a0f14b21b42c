"""Demo sections for Dominimum and Dominomega: a game, a best placement, a tournament and an
endgame puzzle (a few seconds, deterministic for a seed)."""

from __future__ import annotations

from puzzles.dominimum.game import Game, omega_symbols
from puzzles.dominimum.state import DominimumState
from puzzles.dominimum.tiles import SYMBOL_NAMES, tile_name
from reports.dominimum import PALETTE, Highlight, layout_svg, score_plot
from reports.html import Figure, Section, Table
from reports.text import tie_note, tied_ranks
from solver.dominimum.analysis import mission_report, omega_report
from solver.dominimum.endgames import generate
from solver.dominimum.gamedef import DOMINIMUM
from solver.dominimum.placement import rank_dominimum
from solver.play.match import play_one, run_match


def sections(seed: int) -> list[Section]:
    """The Dominimum part of the demo report."""
    out = []
    # 1. A complete Dominimum game between greedy players.
    state, _ = play_one(DOMINIMUM, ["greedy"] * 3, seed)
    assert isinstance(state, DominimumState)
    game = state.g
    res = game.result()
    w = res["winner"]
    rep = mission_report(game.layout, game.missions[w])
    hls = [Highlight(frozenset(rep.largest[v]), PALETTE[i], f"largest group of {v}: "
                     f"{len(rep.largest[v])}") for i, v in enumerate(rep.mission)]
    rows: list[list[object]] = [[p + 1, tile_name(game.missions[p]), res["scores"][p],
                                 res["ranking"].index(p) + 1] for p in range(3)]
    out.append(Section("Dominimum: a greedy game", [
        f"Three greedy players, deal seed {seed}. Each half shows its value in binary (pip 1, "
        "small circle 2, large circle 4). Score = largest group of mission value a times "
        f"largest group of value b; lowest wins. Seat {w + 1} wins with {res['scores'][w]}."],
        [Figure(layout_svg(game.layout, hls, title=f"seat {w + 1} wins"), "the final layout")],
        [Table(["seat", "mission", "score", "place"], rows)]))
    # 2. Best placement in the middle of that game.
    mid = Game.deal("dominimum", 3, seed)
    for move in game.history[:15]:
        mid.play(move.placement)
    me = mid.to_move
    hand = mid.hands[me]
    assert hand is not None
    cands = rank_dominimum(mid.layout, hand, mid.missions[me], opponents=2, samples=64,
                           seed=seed, hidden=mid.unseen(me))
    shown = mid.layout.copy()
    shown.place(cands[0].placement)
    keys = [(c.own, round(c.margin, 9)) for c in cands]
    note = tie_note(keys) or "The best placement is alone at the top."
    out.append(Section("Dominimum: best placement", [
        f"Seat {me} holds {tile_name(hand)} with mission {tile_name(mid.missions[me])}; "
        f"{len(cands)} legal placements. own = score after the move; opponents = expected "
        "best opponent score over 64 sampled missions; margin = own - opponents (lower is "
        f"better). {note}"],
        [Figure(layout_svg(shown, [Highlight(frozenset(cands[0].placement.cells), "#ffbf00",
                                             "best placement (one of the tied best)"
                                             if tie_note(keys) else "best placement")],
                           title="best placement"))],
        [Table(["rank", "placement", "own", "opponents", "margin"],
               [[rank, str(c.placement), c.own, round(c.opponents, 2), round(c.margin, 2)]
                for rank, c in zip(tied_ranks(keys[:5]), cands[:5], strict=True)],
               "= marks placements of equal value")]))
    # 3. A small tournament.
    tour = run_match(DOMINIMUM, ["random", "greedy"], 8, seed)
    names = ("random", "greedy")
    scores = {n: [int(g.scores[i]) for g in tour.games for i, s in enumerate(g.lineup)
                  if s == n and g.scores is not None] for n in names}
    tally = tour.tally()
    plot = score_plot(scores, title="Dominimum, 2 players",
                      xlabel="final score (lower wins)").decode()
    out.append(Section("Dominimum: random against greedy", [
        f"{len(tour.games)} two-player games, seats rotated (the one runner of "
        "`solver ladder`). `solver dominimum tournament` also runs the lookahead and mcts "
        "players."], [Figure(plot, "score distribution")],
        [Table(["player", "seats", "wins", "win rate", "mean score"],
               [[n, int(tally[n]["games"]), int(tally[n]["wins"]),
                 round(tally[n]["wins"] / tally[n]["games"], 4),
                 round(sum(scores[n]) / len(scores[n]), 3)] for n in names])]))
    # 4. Dominomega: an endgame puzzle with a unique best final placement.
    puzzle = next(generate("dominomega", 3, seed, tries=50))
    final = puzzle.layout.copy()
    final.place(puzzle.answer)
    sym = omega_symbols(puzzle.players)[puzzle.to_move]
    orep = omega_report(final, (sym,))
    out.append(Section("Dominomega: endgame puzzle", [
        f"Seat {puzzle.to_move + 1} ({SYMBOL_NAMES[sym]}) places the last tile "
        f"{tile_name(puzzle.tile)}. Score = product of the sizes of all groups containing "
        "the player's symbol (a 7 has all three). Exactly one of the "
        f"{puzzle.placements} legal placements is best (every one was scored); where? The "
        "answer is hidden under the puzzle."],
        [Figure(layout_svg(puzzle.layout, [], title=f"seat {puzzle.to_move + 1} places "
                           f"{tile_name(puzzle.tile)}"), "the puzzle"),
         Figure(layout_svg(final, [*(Highlight(frozenset(g), PALETTE[i % len(PALETTE)],
                                               f"{SYMBOL_NAMES[sym]} group of {len(g)}")
                                     for i, g in enumerate(orep.groups[sym])),
                                   Highlight(frozenset(puzzle.answer.cells), "#ffbf00",
                                             "the answer tile")],
                           title=f"answer: {SYMBOL_NAMES[sym]} groups",
                           marks={c: "new" for c in puzzle.answer.cells}),
                f"answer: {puzzle.answer}, score {puzzle.best[0]} against the next best "
                f"{puzzle.best[1]}", reveal="Show the answer")]))
    return out
