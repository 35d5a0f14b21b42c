// The BackSlide board drawn from a position (16 cells, row by row, 0 the hole): the
// browser's copy of reports/backslide.py position_svg (square set, readable style, each
// piece's number in its beam-free corner), with the pieces that may slide outlined, the
// beams that meet no beam marked, and a suggested slide outlined in green.
import { grid } from "/static/board/geometry.js";
import { boardElements, key, pathOf, svgDocument, svgEl } from "/static/board/svg.js";

export const STYLE = { cellSize: 46, labelScale: 0.3 };  // reports.svg.readable_style (square)
const OPPOSITE = { 1: 4, 2: 8, 4: 1, 8: 2 };

// The beams of the position that meet no beam: [[cell, direction]...].
export function openBeams(position) {
  const g = grid("square");
  const out = [];
  for (let i = 0; i < 16; i++) {
    const v = position[i];
    if (!v) continue;
    const cell = [i % 4, Math.floor(i / 4)];
    for (const d of g.directions(cell)) {
      if (!(v & d)) continue;
      const [x, y] = g.neighbour(cell, d);
      const other = x >= 0 && x < 4 && y >= 0 && y < 4 ? position[y * 4 + x] : 0;
      if (!(other & OPPOSITE[d])) out.push([cell, d]);
    }
  }
  return out;
}

export function drawBackSlide(position, { open = true, movable = [], next = null } = {}) {
  const g = grid("square");
  const cells = [];
  const pieces = new Map();
  const names = new Map();
  for (let i = 0; i < 16; i++) {
    const c = [i % 4, Math.floor(i / 4)];
    cells.push(c);
    names.set(key(c), key(c));
    if (position[i]) pieces.set(key(c), { beams: position[i], label: String(position[i]) });
  }
  const at = (piece) => { const i = position.indexOf(piece); return [i % 4, Math.floor(i / 4)]; };
  const { elements, bounds } = boardElements({ kind: "square", cells, pieces, style: STYLE, names });
  const size = STYLE.cellSize;
  for (const piece of movable) {  // each outlined on its own
    for (const d of g.sideDirections(at(piece))) {
      const [[ax, ay], [bx, by]] = g.sideEdge(at(piece), d, size);
      elements.push(svgEl("path", { d: pathOf([[ax, ay], [bx, by]]), stroke: "#ff7f0e", "stroke-width": 2.5, "stroke-linecap": "round", class: "movable", "data-piece": piece }));
    }
  }
  if (next) {
    for (const d of g.sideDirections(at(next))) {
      const [[ax, ay], [bx, by]] = g.sideEdge(at(next), d, size);
      elements.push(svgEl("path", { d: pathOf([[ax, ay], [bx, by]]), stroke: "#2ca02c", "stroke-width": 5, "stroke-linecap": "round", class: "next-slide", "data-piece": next }));
    }
  }
  if (open) {
    for (const [cell, d] of openBeams(position)) {
      const [x, y] = g.centre(cell, size);
      const [ex, ey] = g.beamEnd(cell, d, size);
      // the outer half of the beam in red: this line meets nothing
      elements.push(svgEl("path", { d: pathOf([[(x + ex) / 2, (y + ey) / 2], [ex, ey]]), stroke: "#d62728", "stroke-width": 6, "stroke-linecap": "round", class: "open-beam" }));
    }
  }
  const svg = svgDocument(elements, bounds, 8, { class: "board-svg backslide" });
  // the clickable cells on top, so a click on a beam still reaches its cell
  for (const node of [...svg.querySelectorAll("[data-cell]")]) {
    const hit = node.cloneNode(false);
    node.removeAttribute("data-cell");
    node.removeAttribute("class");
    hit.setAttribute("fill", "#ffffff");
    hit.setAttribute("fill-opacity", "0");
    hit.setAttribute("stroke", "none");
    const [x, y] = hit.dataset.cell.split(",").map(Number);
    hit.setAttribute("data-piece", String(position[y * 4 + x]));
    svg.append(hit);
  }
  return svg;
}
