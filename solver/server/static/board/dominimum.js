// The Dominimum / Dominomega layout drawn from the view JSON (the layout's tiles): the
// browser's copy of reports/dominimum.py layout_svg: tiles with their halves' binary symbols
// (pip 1, small circle 2, large circle 4), tinted groups, column and row numbers as in
// 4@(-2,-4), the dashed cells where a half may go, the newest tile marked.
import { FONT, svgEl } from "/static/board/svg.js";

export const SYMBOL_COLOUR = "#1f3b73";
export const PALETTE = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];
export const CELL = 36;
export const LAST_COLOUR = "#b00020";

function bounds(tiles, targets) {
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  const add = ([x, y]) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  for (const t of tiles) t.cells.forEach(add);
  for (const c of targets) add(c);
  if (x0 === Infinity) return [0, 0, 0, 0];
  return [x0, y0, x1, y1];
}

// Symbols of one half (value 0-7) centred at (cx, cy).
export function halfSymbols(value, cx, cy, cell) {
  const out = [];
  if (value & 4) out.push(svgEl("circle", { cx, cy, r: cell * 0.36, fill: "none", stroke: SYMBOL_COLOUR, "stroke-width": 2, class: "sym4" }));
  if (value & 2) out.push(svgEl("circle", { cx, cy, r: cell * 0.2, fill: "none", stroke: SYMBOL_COLOUR, "stroke-width": 2, class: "sym2" }));
  if (value & 1) out.push(svgEl("circle", { cx, cy, r: cell * 0.075, fill: SYMBOL_COLOUR, class: "sym1" }));
  return out;
}

// tiles: [{tile: [a, b], cells: [[x, y], [x, y]]}] in the order placed; highlights:
// [{cells: [[x, y]...], colour, label}]; targets: [[x, y]...] (clickable dashed cells);
// last: whether to mark the newest tile.
// best: the computer's best move ("3@(0,0) 5@(1,0)") drawn as a green dashed ghost tile.
export function parseTileMove(text) {
  const mm = text && /^(\d)@\((-?\d+),(-?\d+)\) (\d)@\((-?\d+),(-?\d+)\)$/.exec(text.trim());
  if (!mm) return null;
  return { tile: [parseInt(mm[1], 10), parseInt(mm[4], 10)], cells: [[parseInt(mm[2], 10), parseInt(mm[3], 10)], [parseInt(mm[5], 10), parseInt(mm[6], 10)]] };
}

export function drawLayout(tiles, { highlights = [], targets = [], last = true, coordinates = true, cell = CELL, dot = null, best = null } = {}) {
  const ghost = parseTileMove(best);
  const [x0, y0, x1, y1] = bounds(tiles, ghost ? [...targets, ...ghost.cells] : targets);
  const axis = coordinates ? 16 : 0;
  const m = coordinates ? 10 : 2;
  const w = (x1 - x0 + 1) * cell;
  const h = (y1 - y0 + 1) * cell;
  const left = x0 * cell - axis - m;
  const top = y0 * cell - axis - m;
  const svg = svgEl("svg", { viewBox: `${left} ${top} ${w + axis + 2 * m} ${h + axis + 2 * m}`, class: "board-svg layout", role: coordinates ? "grid" : "img" });
  if (!coordinates) { svg.setAttribute("width", String(w + 2 * m)); svg.setAttribute("height", String(h + 2 * m)); }
  else svg.style.maxWidth = `${Math.max(260, 1.4 * (w + axis + 2 * m))}px`;
  svg.append(svgEl("rect", { x: left, y: top, width: w + axis + 2 * m, height: h + axis + 2 * m, fill: "#ffffff" }));
  const origin = ([x, y]) => [x * cell, y * cell];
  if (coordinates) {
    for (let col = x0; col <= x1; col++) svg.append(svgEl("text", { x: (col + 0.5) * cell, y: y0 * cell - 5, "font-size": 10, "text-anchor": "middle", "font-family": FONT, fill: "#6b6455", class: "note" }, String(col)));
    for (let row = y0; row <= y1; row++) svg.append(svgEl("text", { x: x0 * cell - 4, y: (row + 0.5) * cell + 3.5, "font-size": 10, "text-anchor": "end", "font-family": FONT, fill: "#6b6455", class: "note" }, String(row)));
  }
  for (const c of targets) {
    const [x, y] = origin(c);
    svg.append(svgEl("rect", { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 3, fill: "#eef3ea", stroke: "#9bb58f", "stroke-width": 1, "stroke-dasharray": "3,2", "data-cell": `${c[0]},${c[1]}`, class: "cell target" }));
  }
  tiles.forEach((t, k) => {
    const [[ax, ay], [bx, by]] = t.cells.map(origin);
    const l = Math.min(ax, bx);
    const u = Math.min(ay, by);
    const tw = cell * (ay === by ? 2 : 1);
    const th = cell * (ay === by ? 1 : 2);
    const newest = last && k === tiles.length - 1;
    svg.append(svgEl("rect", { x: l + 1.5, y: u + 1.5, width: tw - 3, height: th - 3, rx: 4, fill: "#fbf8f0", stroke: newest ? LAST_COLOUR : "#333333", "stroke-width": newest ? 3 : 1.6, class: newest ? "tile last-move" : "tile", "data-tile": `${t.tile[0]}-${t.tile[1]}` }));
  });
  for (const hl of highlights) {
    for (const c of hl.cells) {
      const [x, y] = origin(c);
      svg.append(svgEl("rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, fill: hl.colour, "fill-opacity": 0.35, stroke: "none", class: "highlight", "data-mark-cell": `${c[0]},${c[1]}` }));
    }
  }
  for (const t of tiles) {
    const [[ax, ay], [bx, by]] = t.cells.map(origin);
    if (ay === by) {
      const xm = Math.max(ax, bx);
      svg.append(svgEl("path", { d: `M${xm},${ay + 6} L${xm},${ay + cell - 6}`, stroke: "#777777", "stroke-width": 1 }));
    } else {
      const ym = Math.max(ay, by);
      svg.append(svgEl("path", { d: `M${ax + 6},${ym} L${ax + cell - 6},${ym}`, stroke: "#777777", "stroke-width": 1 }));
    }
    t.cells.forEach((c, i) => {
      const [x, y] = origin(c);
      for (const s of halfSymbols(t.tile[i], x + cell / 2, y + cell / 2, cell)) svg.append(s);
    });
  }
  if (ghost) {
    const [[ax, ay], [bx, by]] = ghost.cells.map(origin);
    svg.append(svgEl("rect", { x: Math.min(ax, bx) + 1.5, y: Math.min(ay, by) + 1.5, width: (ay === by ? 2 : 1) * cell - 3, height: (ay === by ? 1 : 2) * cell - 3, rx: 5, fill: "#e3f3e3", "fill-opacity": 0.8, stroke: "#2ca02c", "stroke-width": 3, "stroke-dasharray": "6,3", class: "best-move" }));
    ghost.cells.forEach((c, i) => {
      const [x, y] = origin(c);
      for (const s of halfSymbols(ghost.tile[i], x + cell / 2, y + cell / 2, cell)) { s.setAttribute("opacity", "0.6"); s.setAttribute("class", "best-symbol"); svg.append(s); }
    });
  }
  if (dot) {  // the half of a hand tile that goes on the clicked cell
    const [x, y] = origin(dot);
    svg.append(svgEl("text", { x: x + 4, y: y + 10, "font-size": 9, fill: LAST_COLOUR, "font-family": FONT }, "●"));
  }
  if (last && tiles.length && coordinates) {
    const [x, y] = origin(tiles[tiles.length - 1].cells[0]);
    svg.append(svgEl("text", { x: x + 3, y: y + 12, "font-size": 12, "font-weight": "bold", fill: LAST_COLOUR, "font-family": FONT, class: "last-label" }, "new"));
  }
  return svg;
}

export const TURNS = [[1, 0], [0, 1], [-1, 0], [0, -1]];  // the second half right, below, left, above

// A tile alone, its second half in direction `turn` of the first, a dot on the first half.
export function tileSvg(values, turn = 0, mark = false, cell = 32) {
  const [dx, dy] = TURNS[turn];
  const svg = drawLayout([{ tile: values, cells: [[0, 0], [dx, dy]] }], { last: false, coordinates: false, cell, dot: mark ? [0, 0] : null });
  svg.setAttribute("class", "tile-svg");
  return svg;
}
