"""The sequence model: a time-indexed CP-SAT model whose solutions are the attacker's
placement sequences (the owner passing in between) that capture a group or fill a cell,
with every rule of the seed at every step.

The attacker places on the cells of ``arena.region``; the other vacant cells stay vacant
(with the region equal to every vacant cell the model is the game itself). Steps
``t = 1..T`` place exactly one piece each until the goal is met, then nothing. Per cell:
one Boolean per fitting attacker piece (each piece once), matching between filled
neighbours, the step of its placement. Per step, on the current groups (atoms, which never
split) and the filled cells:

- *pre*: the colours of the previous step, the new piece the attacker's; a node's group has
  a liberty (``L``) exactly when some member has a beam into a vacant cell: ``L`` is equal
  along same-coloured links, 1 on a node with a liberty beam, and a 1 elsewhere needs a
  neighbour with ``L`` of a smaller rank (no unsupported cycles);
- every group had a liberty before the step, so the owner groups without one are exactly the
  captured groups; if there are none, the attacker's group without one (the new piece's) is
  the suicide; those nodes flip;
- *post*: the new piece's group has a liberty (supported the same way): no oscillation;
- contact: the new piece touches an owner piece (any side), or joins by a beam an attacker
  group that is a complete section (no beam to an owner piece; the closure is forced
  through same-coloured links, so "complete" is never claimed falsely).

Examples
--------
>>> from puzzles.dominions import Position
>>> pos = Position.setup({"c3": "W1"}, to_move="B", base=3, hands={"W": [], "B": [9, 8]})
>>> seq = SequenceModel.build(pos, pos.board.cell_index("c3"), "capture").run(5.0)
>>> seq.status, [pos.move_text(m) for m in seq.moves]
('feasible', ['P9d4'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import NotBooleanVariable

from puzzles.dominions import Move, Position
from solver.dominions.life_arena import Arena
from solver.dominions.life_solve import SolveResult, solve

# a constant or a literal (a Boolean variable or its negation)
Bit = bool | cp_model.IntVar | NotBooleanVariable


@dataclass(frozen=True)
class SequenceResult:
    """``feasible`` with the ``moves`` (the attacker's placements in order), ``infeasible``
    (no sequence inside the region) or ``unknown`` (budget)."""

    status: str
    moves: tuple[Move, ...]
    solve: SolveResult
    region: tuple[int, ...]
    horizon: int


class SequenceModel:
    """The model for one goal: ``capture`` the group on ``cell`` or ``fill`` the vacant
    ``cell``, within ``horizon`` placements (default: every region cell, at most the
    attacker's hand)."""

    def __init__(self, arena: Arena, goal: str, cell: int, horizon: int | None = None) -> None:
        self.arena, self.goal, self.cell = arena, goal, cell
        self.model = cp_model.CpModel()
        region = arena.region
        limit = len(region) if horizon is None else min(horizon, len(region))
        self.horizon = min(limit, arena.pos.hands[arena.attacker].bit_count())
        self._keep_atoms()
        self.node_cell = {self.na + i: c for i, c in enumerate(region)}
        self.cell_node = {c: n for n, c in self.node_cell.items()}
        self.n = self.na + len(region)
        self._beam_lits: dict[tuple[int, int], Bit] = {}
        self._pieces()
        if goal == "capture":  # implied: a captured group's liberty cells are all filled
            for c in arena.atoms[arena.group_atom(cell)].beam_cells:
                if c in self.f:
                    self.model.add(self.f[c] == 1)
                else:
                    self.model.add_bool_or([])  # it keeps a liberty outside the region
        self._links()
        self._steps()

    @classmethod
    def build(cls, pos: Position, cell: int, goal: str, attacker: int | None = None,
              region: Iterable[int] | None = None, horizon: int | None = None) -> SequenceModel:
        """The model for ``pos`` (attacker: the colour not on ``cell`` for ``capture``)."""
        if attacker is None:
            attacker = 1 - pos.owner[cell]
        return cls(Arena.build(pos, attacker, region), goal, cell, horizon)

    def _keep_atoms(self) -> None:
        """The atoms the model needs: those next to a region cell, and the ones linked to
        them (the latter never change: every beam of theirs into a vacant cell points
        outside the region, so they keep a liberty and their colour). Nodes ``0..na-1``
        are kept atoms (``atom_node`` maps an atom to its node)."""
        a = self.arena
        region = set(a.region)
        touching = {i for i, atom in enumerate(a.atoms) if atom.touch_cells & region}
        linked = {v for u, v in a.links if u in touching} | {u for u, v in a.links
                                                            if v in touching}
        kept = sorted(touching | linked)
        self.node_atom = kept
        self.atom_node = {i: n for n, i in enumerate(kept)}
        self.na = len(kept)
        # an attacker atom kept only as a neighbour cannot be part of a complete section if
        # its section reaches an owner piece through atoms that are not kept
        self.incomplete: set[int] = set()
        adj: dict[int, list[int]] = {}
        for u, v in a.links:
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
        for i in kept:
            if i in touching:
                continue
            seen, todo = {i}, [i]
            while todo:
                u = todo.pop()
                if a.atoms[u].colour != a.attacker:
                    self.incomplete.add(i)
                    break
                for v in adj.get(u, []):
                    if v not in seen and v not in self.atom_node:
                        seen.add(v)
                        todo.append(v)

    # ------------------------------------------------------------------ literals
    def _and(self, bits: list[Bit]) -> Bit:
        """A literal equal to the conjunction (constants folded)."""
        if any(b is False for b in bits):
            return False
        lits = [b for b in bits if b is not True]
        if not lits:
            return True
        if len(lits) == 1:
            return lits[0]
        v = self.model.new_bool_var("")
        self.model.add_bool_and(lits).only_enforce_if(v)
        self.model.add_bool_or([_neg(x) for x in lits]).only_enforce_if(_neg(v))
        return v

    def _or(self, bits: list[Bit]) -> Bit:
        """A literal equal to the disjunction (constants folded)."""
        if any(b is True for b in bits):
            return True
        lits = [b for b in bits if b is not False]
        if not lits:
            return False
        if len(lits) == 1:
            return lits[0]
        v = self.model.new_bool_var("")
        self.model.add_bool_or(lits).only_enforce_if(v)
        self.model.add_bool_and([_neg(x) for x in lits]).only_enforce_if(_neg(v))
        return v

    def _same(self, u: Bit, v: Bit) -> Bit:
        """A literal equal to ``u == v``."""
        if isinstance(u, bool) and isinstance(v, bool):
            return u == v
        if isinstance(u, bool):
            return v if u else _neg(v)
        if isinstance(v, bool):
            return u if v else _neg(u)
        b = self.model.new_bool_var("")
        self.model.add_bool_xor([u, v, b])  # odd parity: b is 1 exactly when u == v
        return b

    def _imply(self, cond: list[Bit], then: Bit) -> None:
        """``and(cond) -> then``."""
        if any(c is False for c in cond) or then is True:
            return
        lits = [c for c in cond if c is not True]
        if then is False:
            if lits:
                self.model.add_bool_or([_neg(c) for c in lits])
            else:
                self.model.add_bool_or([])  # an unconditional contradiction
            return
        self.model.add_bool_or([then]).only_enforce_if(lits)

    # ------------------------------------------------------------------ pieces and matching
    def _pieces(self) -> None:
        m, a = self.model, self.arena
        self.x: dict[tuple[int, int], cp_model.IntVar] = {}
        self.f: dict[int, cp_model.IntVar] = {}
        for c in a.region:
            for p in a.candidates[c]:
                self.x[c, p] = m.new_bool_var(f"x{c}_{p}")
            self.f[c] = m.new_bool_var(f"f{c}")
            m.add(sum(self.x[c, p] for p in a.candidates[c]) == self.f[c])
        for p in range(1, 64):
            used = [self.x[c, p] for c in a.region if (c, p) in self.x]
            if len(used) > 1:
                m.add_at_most_one(used)
        for c in a.region:
            for k in range(3):
                kind, d = a.side(c, k)
                if kind == "region":
                    bc, bd = self.beam(c, k), self.beam(d, (k + 3) % 6)
                    self._imply([self.f[c], self.f[d], bc], bd)
                    self._imply([self.f[c], self.f[d], bd], bc)

    def beam(self, c: int, k: int) -> Bit:
        """The literal "the piece chosen for ``c`` has a beam on side ``k``" (0 unfilled)."""
        key = (c, k)
        if key not in self._beam_lits:
            with_beam = [self.x[c, p] for p in self.arena.candidates[c] if p >> k & 1]
            if not with_beam:
                self._beam_lits[key] = False
            else:
                self._beam_lits[key] = self._or(list(with_beam))
        return self._beam_lits[key]

    # ------------------------------------------------------------------ links
    def _links(self) -> None:
        a = self.arena
        self.atom_atom = sorted((self.atom_node[u], self.atom_node[v]) for u, v in a.links
                                if u in self.atom_node and v in self.atom_node)
        self.atom_cell = [(self.atom_node[i], c) for i in self.node_atom
                          for c in sorted(a.atoms[i].beam_cells) if c in self.cell_node]
        self.cell_cell: list[tuple[int, int, Bit]] = []
        for c in a.region:
            for k in range(3):
                kind, d = a.side(c, k)
                if kind == "region":
                    self.cell_cell.append((c, d, self.beam(c, k)))
        self.touch_atoms: dict[int, list[int]] = {c: [] for c in a.region}
        for n, i in enumerate(self.node_atom):
            for c in a.atoms[i].touch_cells:
                if c in self.touch_atoms:
                    self.touch_atoms[c].append(n)

    def _present_links(self, t: int) -> list[tuple[int, int, Bit]]:
        """The links of the board after the placement of step ``t``: (u, v, present)."""
        out: list[tuple[int, int, Bit]] = [(u, v, True) for u, v in self.atom_atom]
        for i, c in self.atom_cell:
            out.append((i, self.cell_node[c], self.filled[c, t]))
        for c, d, beam in self.cell_cell:
            out.append((self.cell_node[c], self.cell_node[d],
                        self._and([beam, self.filled[c, t], self.filled[d, t]])))
        return [(u, v, b) for u, v, b in out if b is not False]

    # ------------------------------------------------------------------ steps
    def _steps(self) -> None:
        m, a, horizon = self.model, self.arena, self.horizon
        region = a.region
        self.place = {(c, t): m.new_bool_var(f"p{c}_{t}")
                      for c in region for t in range(1, horizon + 1)}
        self.filled: dict[tuple[int, int], Bit] = {}
        for c in region:
            m.add(sum(self.place[c, t] for t in range(1, horizon + 1)) == self.f[c])
            self.filled[c, 0] = False
            for t in range(1, horizon + 1):
                v = m.new_bool_var(f"filled{c}_{t}")
                prev = self.filled[c, t - 1]
                m.add(v == (0 if prev is False else prev) + self.place[c, t])
                self.filled[c, t] = v
        own: dict[tuple[int, int], Bit] = {}
        for n, i in enumerate(self.node_atom):
            own[n, 0] = a.atoms[i].colour != a.attacker
        for c in region:
            own[self.cell_node[c], 0] = False
        done: Bit = False
        self.done: list[Bit] = [False]
        for t in range(1, horizon + 1):
            active = [self.place[c, t] for c in region]
            if done is False:
                m.add_exactly_one(active)
            else:
                m.add(sum(active) == 1).only_enforce_if(_neg(done))
                m.add(sum(active) == 0).only_enforce_if(done)
            self._contact(t, own)
            for n, colour in self._resolve(t, own).items():
                own[n, t] = colour
            if self.goal == "capture":
                g = self.atom_node.get(a.group_atom(self.cell))
                done = False if g is None else _neg(own[g, t])
            else:
                done = self.filled[self.cell, t]
            self.done.append(done)
        if done is False:
            m.add_bool_or([])
        elif done is not True:
            m.add_bool_or([done])
        self.own = own

    def _liberty(self, n: int, t: int) -> Bit:
        """Node ``n`` has a beam into a vacant cell after the placement of step ``t``."""
        a = self.arena
        if n < self.na:
            bits: list[Bit] = []
            for c in a.atoms[self.node_atom[n]].beam_cells:
                if c not in self.cell_node:
                    return True  # a cell the model never fills
                bits.append(_neg(self.filled[c, t]))
            return self._or(bits)
        c = self.node_cell[n]
        terms: list[Bit] = []
        for k in range(6):
            kind, d = a.side(c, k)
            if kind == "outside":
                terms.append(self.beam(c, k))
            elif kind == "region":
                terms.append(self._and([self.beam(c, k), _neg(self.filled[d, t])]))
        return self._and([self.filled[c, t], self._or(terms)])

    def _occupied(self, n: int, t: int) -> Bit:
        return True if n < self.na else self.filled[self.node_cell[n], t]

    def _has_liberty(self, t: int, colours: dict[int, Bit], libs: dict[int, Bit],
                     exact: bool) -> dict[int, Bit]:
        """Per node: its group (same-coloured links after step t's placement) has a
        liberty. ``exact``: equal along links and forced by a liberty beam; always: a 1
        without a liberty beam needs a supporting neighbour of smaller rank."""
        m = self.model
        flag: dict[int, Bit] = {n: m.new_bool_var("") for n in range(self.n)}
        rank = {n: m.new_int_var(0, self.n, "") for n in range(self.n)}
        support: dict[int, list[Bit]] = {n: [] for n in range(self.n)}
        for u, v, present in self._present_links(t):
            same = self._and([present, self._same(colours[u], colours[v])])
            if same is False:
                continue
            if exact:
                self._imply([same, flag[u]], flag[v])
                self._imply([same, flag[v]], flag[u])
            for x, y in ((u, v), (v, u)):
                use = m.new_bool_var("")
                if same is not True:
                    m.add_implication(use, same)
                m.add_implication(use, flag[x])
                m.add(rank[x] < rank[y]).only_enforce_if(use)
                support[y].append(use)
        for n in range(self.n):
            lib = libs[n]
            if exact:
                self._imply([lib], flag[n])
            self._imply([flag[n]], self._occupied(n, t))
            if lib is True:
                continue
            cond = [flag[n]] if lib is False else [flag[n], _neg(lib)]
            if support[n]:
                m.add_bool_or(support[n]).only_enforce_if(cond)
            else:
                m.add_bool_or([_neg(c) for c in cond])
        return flag

    def _resolve(self, t: int, own: dict[tuple[int, int], Bit]) -> dict[int, Bit]:
        """Captures, else suicide; the colours after step ``t``; no oscillation."""
        m = self.model
        pre = {n: own[n, t - 1] for n in range(self.n)}
        libs = {n: self._liberty(n, t) for n in range(self.n)}
        live = self._has_liberty(t, pre, libs, exact=True)
        capture = self._or([self._and([pre[n], _neg(live[n])]) for n in range(self.n)])
        post: dict[int, Bit] = {}
        for n in range(self.n):
            side = self._or([self._and([pre[n], capture]),
                             self._and([_neg(pre[n]), _neg(capture)])])
            flip = self._and([self._occupied(n, t), _neg(live[n]), side])
            if flip is False:
                post[n] = pre[n]
                continue
            v = m.new_bool_var(f"own{n}_{t}")
            if flip is True:
                m.add(v == (0 if pre[n] else 1)) if isinstance(pre[n], bool) else \
                    m.add(v + pre[n] == 1)
            elif isinstance(pre[n], bool):
                m.add(v == flip) if not pre[n] else m.add(v + flip == 1)
            else:
                m.add_bool_xor([_neg(v), pre[n], flip])
            post[n] = v
        after = self._has_liberty(t, post, libs, exact=False)
        for c in self.arena.region:
            m.add_implication(self.place[c, t], after[self.cell_node[c]])
        return post

    def _contact(self, t: int, own: dict[tuple[int, int], Bit]) -> None:
        """The piece placed at step ``t`` touches an owner piece or joins by a beam an
        attacker group that is a complete section (the board after step t - 1)."""
        a = self.arena
        complete = self._complete(t - 1, own)
        for c in a.region:
            options: list[Bit] = []
            for i in self.touch_atoms[c]:
                options.append(own[i, t - 1])
                if c in a.atoms[self.node_atom[i]].beam_cells:
                    options.append(self._and([_neg(own[i, t - 1]), complete[i]]))
            for k in range(6):
                kind, d = a.side(c, k)
                if kind != "region":
                    continue
                nd = self.cell_node[d]
                was = self.filled[d, t - 1]
                options.append(self._and([was, own[nd, t - 1]]))
                options.append(self._and([was, self.beam(c, k), _neg(own[nd, t - 1]),
                                          complete[nd]]))
            self._imply([self.place[c, t]], self._or(options))

    def _complete(self, t: int, own: dict[tuple[int, int], Bit]) -> dict[int, Bit]:
        """Per node a flag that can be 1 only when its whole section (after step t) is the
        attacker's: "a complete section", never claimed falsely."""
        m = self.model
        comp: dict[int, Bit] = {n: m.new_bool_var("") for n in range(self.n)}
        for n in range(self.n):
            self._imply([comp[n]], _neg(own[n, t]))
            if n < self.na and self.node_atom[n] in self.incomplete:
                self.model.add(comp[n] == 0)
        for u, v, present in (self._present_links(t) if t > 0 else
                              [(u, v, True) for u, v in self.atom_atom]):
            self._imply([present, comp[u]], comp[v])
            self._imply([present, comp[v]], comp[u])
        return comp

    # ------------------------------------------------------------------ solving
    def run(self, seconds: float, seed: int = 1) -> SequenceResult:
        """Solve; a solution is read back as the attacker's moves in order."""
        res = solve(self.model, seconds, seed=seed)
        moves: list[Move] = []
        if res.status == "feasible" and res.solver is not None:
            s = res.solver
            for t in range(1, self.horizon + 1):
                for c in self.arena.region:
                    if s.value(self.place[c, t]):
                        piece = next(p for p in self.arena.candidates[c]
                                     if s.value(self.x[c, p]))
                        moves.append(Move(c, piece))
        return SequenceResult(res.status, tuple(moves), res, self.arena.region, self.horizon)


def _neg(b: Bit) -> Bit:
    if isinstance(b, bool):
        return not b
    return cast(Bit, ~b)
