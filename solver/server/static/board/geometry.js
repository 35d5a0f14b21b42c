// Grid tables and screen geometry of cells: the browser's copy of puzzles/grids.py and
// reports/geometry.py (same numbers, same formulas), so a board drawn here puts every cell,
// beam and mark where the reports/ SVG puts it. tests/server/test_board_drawing.py compares
// the two drawings element by element.

export const SQRT3 = Math.sqrt(3);

// Direction bit -> [dq, dr] (puzzles/grids.py).
const HEX = { 1: [1, -1], 2: [0, -1], 4: [-1, 0], 8: [-1, 1], 16: [0, 1], 32: [1, 0] };
const HEX2 = { ...HEX, 64: [1, -2], 128: [-1, -1], 256: [-2, 1], 512: [-1, 2], 1024: [1, 1], 2048: [2, -1] };
const SQUARE = { 1: [1, 0], 2: [0, -1], 4: [-1, 0], 8: [0, 1] };
const SQUARE2 = { 1: [1, 0], 2: [1, -1], 4: [0, -1], 8: [-1, -1], 16: [-1, 0], 32: [-1, 1], 64: [0, 1], 128: [1, 1] };
const TRI = { up: { 1: [1, 0], 2: [-1, 0], 4: [0, 1] }, down: { 1: [1, 0], 2: [0, -1], 4: [-1, 0] } };
const TRI2 = {
  up: { ...TRI.up, 8: [0, -1], 16: [-2, 1], 32: [2, 1] },
  down: { ...TRI.down, 8: [2, -1], 16: [-2, -1], 32: [0, 1] },
};

// A grid kind: square, hexagon, triangle and their second-order kinds (square2...).
export class Grid {
  constructor(kind) {
    if (!["square", "hexagon", "triangle", "square2", "hexagon2", "triangle2"].includes(kind)) {
      throw new Error(`unknown grid ${kind}`);
    }
    this.kind = kind;
    this.shape = kind.replace(/2$/, "");
    this.oriented = this.shape === "triangle";
    this._anchors = new Map();
  }

  orientation(cell) {
    if (!this.oriented) return null;
    return (((cell[0] + cell[1]) % 2) + 2) % 2 === 0 ? "up" : "down";
  }

  deltas(cell = [0, 0]) {
    const o = this.orientation(cell) || "up";
    return { hexagon: HEX, hexagon2: HEX2, square: SQUARE, square2: SQUARE2, triangle: TRI[o], triangle2: TRI2[o] }[this.kind];
  }

  directions(cell = [0, 0]) {
    return Object.keys(this.deltas(cell)).map(Number).sort((a, b) => a - b);
  }

  neighbour(cell, direction) {
    const [dq, dr] = this.deltas(cell)[direction];
    return [cell[0] + dq, cell[1] + dr];
  }

  // Screen centre of a cell; size is the hexagon radius or the square/triangle side.
  centre(cell, size) {
    const [q, r] = cell;
    if (this.shape === "hexagon") return [size * SQRT3 * (q + r / 2), size * 1.5 * r];
    if (this.shape === "square") return [q * size, r * size];
    const h = size * SQRT3 / 2;
    const up = this.orientation(cell) === "up";
    return [q * size / 2, r * h + (up ? 2 * h / 3 : h / 3)];
  }

  corners(cell, size) {
    const [cx, cy] = this.centre(cell, size);
    if (this.shape === "hexagon") {
      const out = [];
      for (let i = 0; i < 6; i++) {
        const a = (30 + 60 * i) * Math.PI / 180;
        out.push([cx + size * Math.cos(a), cy + size * Math.sin(a)]);
      }
      return out;
    }
    if (this.shape === "square") {
      const s = size / 2;
      return [[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]];
    }
    const h = size * SQRT3 / 2;
    if (this.orientation(cell) === "up") return [[cx, cy - 2 * h / 3], [cx + size / 2, cy + h / 3], [cx - size / 2, cy + h / 3]];
    return [[cx - size / 2, cy - h / 3], [cx + size / 2, cy - h / 3], [cx, cy + 2 * h / 3]];
  }

  // True when the line of `direction` crosses a corner (second-order grids), not a side.
  isCorner(cell, direction) {
    const key = `c${this.orientation(cell)}:${direction}`;
    if (!this._anchors.has(key)) {
      const base = this.orientation(cell) === "down" ? [1, 0] : [0, 0];
      const round = (p) => p.map((v) => (Math.round(v * 1e6) / 1e6 + 0).toFixed(6)).join(",");  // -0 is 0
      const mine = new Set(this.corners(base, 1).map(round));
      const theirs = this.corners(this.neighbour(base, direction), 1).map(round);
      this._anchors.set(key, theirs.filter((p) => mine.has(p)).length < 2);
    }
    return this._anchors.get(key);
  }

  // Index of the polygon side (or vertex, for corner lines) that `direction` points at.
  anchor(cell, direction, corner) {
    const key = `a${this.orientation(cell)}:${direction}:${corner}`;
    if (!this._anchors.has(key)) {
      const base = this.orientation(cell) === "down" ? [1, 0] : [0, 0];
      const poly = this.corners(base, 1);
      const [cx, cy] = this.centre(base, 1);
      const [nx, ny] = this.centre(this.neighbour(base, direction), 1);
      const [ux, uy] = unit(nx - cx, ny - cy);
      let best = 0;
      let bestDot = -2;
      for (let i = 0; i < poly.length; i++) {
        let p;
        if (corner) p = poly[i];
        else {
          const a = poly[i];
          const b = poly[(i + 1) % poly.length];
          p = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        }
        const [vx, vy] = unit(p[0] - cx, p[1] - cy);
        const dot = vx * ux + vy * uy;
        if (dot > bestDot) { best = i; bestDot = dot; }
      }
      this._anchors.set(key, best);
    }
    return this._anchors.get(key);
  }

  // Where a beam from the centre of `cell` in `direction` ends: a side midpoint or a corner.
  beamEnd(cell, direction, size) {
    const poly = this.corners(cell, size);
    const corner = this.isCorner(cell, direction);
    const i = this.anchor(cell, direction, corner);
    if (corner) return poly[i];
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  }

  // The two end points of the side of `cell` facing `direction` (sides only).
  sideEdge(cell, direction, size) {
    const poly = this.corners(cell, size);
    const i = this.anchor(cell, direction, false);
    return [poly[i], poly[(i + 1) % poly.length]];
  }

  sideDirections(cell) {
    return this.directions(cell).filter((d) => !this.isCorner(cell, d));
  }

  // A point inside `cell` no beam of the grid can cross (for a piece's number).
  labelPoint(cell, size) {
    const [x, y] = this.centre(cell, size);
    const angles = this.directions(cell).map((d) => {
      const [ex, ey] = this.beamEnd(cell, d, size);
      return Math.atan2(ey - y, ex - x);
    }).sort((a, b) => a - b);
    let bestKey = null;
    let mid = Math.PI / 2;
    for (let i = 0; i < angles.length; i++) {
      const a = angles[i];
      const b = angles[(i + 1) % angles.length] + (i === angles.length - 1 ? 2 * Math.PI : 0);
      const gap = b - a;
      const m = (a + b) / 2;
      const down = Math.abs(remainder(m - Math.PI / 2, 2 * Math.PI));
      const key = [round6(gap), -round6(down)];
      if (bestKey === null || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
        bestKey = key;
        mid = m;
      }
    }
    const reach = rayToBoundary(this.corners(cell, size), [x, y], mid);
    const k = { hexagon: 0.58, square: 0.56 }[this.shape] ?? 0.42;
    return [x + k * reach * Math.cos(mid), y + k * reach * Math.sin(mid)];
  }
}

function unit(dx, dy) {
  const n = Math.hypot(dx, dy) || 1;
  return [dx / n, dy / n];
}

const round6 = (v) => Math.round(v * 1e6) / 1e6;

function remainder(x, y) {  // Python's math.remainder: x - n*y with n the nearest integer
  return x - Math.round(x / y) * y;
}

function rayToBoundary(poly, origin, angle) {
  const [ox, oy] = origin;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[(i + 1) % poly.length];
    const ex = bx - ax;
    const ey = by - ay;
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((ax - ox) * ey - (ay - oy) * ex) / den;
    const u = ((ax - ox) * dy - (ay - oy) * dx) / den;
    if (t > 1e-9 && u >= -1e-9 && u <= 1 + 1e-9) best = Math.min(best, t);
  }
  return best < Infinity ? best : 0;
}

const grids = new Map();
export function grid(kind) {
  if (!grids.has(kind)) grids.set(kind, new Grid(kind));
  return grids.get(kind);
}

// Dominions cell names (i9) <-> axial cells (puzzles/grids.py: q = n - base, r = base - L).
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export function dominionsName(cell, base) {
  return `${LETTERS[base - cell[1] - 1]}${cell[0] + base}`;
}
export function parseDominionsName(name, base) {
  return [parseInt(name.slice(1), 10) - base, base - (LETTERS.indexOf(name[0]) + 1)];
}
// The cells of a Dominions board of `base` in name order (puzzles/dominions/board.py).
export function dominionsCells(base) {
  const m = base - 1;
  const cells = [];
  for (let q = -m; q <= m; q++) for (let r = -m; r <= m; r++) if (Math.abs(q + r) <= m) cells.push([q, r]);
  return cells.sort((a, b) => (base - a[1]) - (base - b[1]) || a[0] - b[0]);
}
