// The Dominions board drawn from the view JSON (DominionsState.view): the browser's copy of
// reports/dominions.py position_svg (same cells, names, beams and colours), with the last
// move and its reversed cells marked, the analysis layers the server computed, and row
// letters and line numbers.
import { dominionsCells, dominionsName, grid, parseDominionsName } from "/static/board/geometry.js";
import { boardElements, key, pieceSvg, svgDocument } from "/static/board/svg.js";

// reports/dominions.py
export const COLOURS = {
  blackFill: "#262626", blackBeam: "#f2efe6", blackStroke: "#111111",
  whiteFill: "#ffffff", whiteBeam: "#2b2b2b", whiteStroke: "#5a5a5a",
  emptyFill: "#e9e5db", emptyStroke: "#d2cbbb", last: "#ffbf00", highlight: "#2ca02c",
  oscillation: "#9467bd", label: "#d62728", status: "#8c564b", groups: { 0: "#1f77b4", 1: "#d62728" },
  eyes: { 0: ["ring", "#1f3b73", "White's eye"], 1: ["diamond", "#111111", "Black's eye"] },
};
export const STYLE = { cellSize: 19, beamWidth: 3, margin: 10, emptyFill: COLOURS.emptyFill, cellStroke: COLOURS.emptyStroke, labelScale: 0.42 };

export function pieceDrawing(colour, piece) {
  const black = colour === "B" || colour === 1;
  return {
    beams: piece,
    fill: black ? COLOURS.blackFill : COLOURS.whiteFill,
    beamColour: black ? COLOURS.blackBeam : COLOURS.whiteBeam,
    stroke: black ? COLOURS.blackStroke : COLOURS.whiteStroke,
  };
}

// A small picture of one piece in a colour (hands and the pieces offered for a cell).
export function dominionsPiece(piece, colour) {
  const d = pieceDrawing(colour, piece);
  return pieceSvg("hexagon", piece, { ...d, stroke: null, size: 14, beamWidth: 2.4, margin: 3 });
}

// Row letters left of each row, line numbers beyond the lower (SE) end of each line.
function coordinateNotes(base, cells, names) {
  const g = grid("hexagon");
  const size = STYLE.cellSize;
  const firstInRow = new Map();
  const lastInLine = new Map();
  cells.forEach((c, i) => {
    const n = names[i];
    if (!firstInRow.has(n[0])) firstInRow.set(n[0], i);
    if (!lastInLine.has(n.slice(1))) lastInLine.set(n.slice(1), i);
  });
  const notes = [];
  for (const [items, dir] of [[firstInRow, 4], [lastInLine, 16]]) {
    for (const [text, i] of items) {
      const [x0, y0] = g.centre(cells[i], size);
      const [x1, y1] = g.centre(g.neighbour(cells[i], dir), size);
      notes.push({ text, x: x0 + 0.88 * (x1 - x0), y: y0 + 0.88 * (y1 - y0), size: 10 });
    }
  }
  return notes;
}

// What a position's marks are: the last move (from the view) and the analysis layers
// (`marks` of the review answer: names of cells).
export function marksOf(view, marks = null) {
  const out = { last: [], labels: {}, groups: [], highlight: [], eyes: {}, oscillation: [], status: {} };
  const last = view.last;
  if (last && last.cell) {
    out.last = [last.cell];
    for (const c of last.flipped) out.labels[c] = last.suicide ? "s" : "x";
  }
  if (marks) {
    out.groups = marks.groups || [];
    out.highlight = marks.highlight || [];
    out.eyes = marks.eyes || {};
    out.oscillation = marks.oscillation || [];
    out.status = marks.status || {};
    Object.assign(out.labels, marks.labels || {});
    if (marks.last) out.last = marks.last;
  }
  return out;
}

// The board as an <svg>; `best` (a move text like P63i9) is drawn as a ghost piece.
export function drawDominions(view, marks = null, { best = null, bestColour = null } = {}) {
  const base = view.base;
  const cells = dominionsCells(base);
  const names = cells.map((c) => dominionsName(c, base));
  const at = (n) => parseDominionsName(n, base);
  const pieces = new Map();
  for (const [name, text] of Object.entries(view.position)) {
    pieces.set(key(at(name)), pieceDrawing(text[0], parseInt(text.slice(1), 10)));
  }
  const m = marksOf(view, marks);
  const overlays = [];
  const cellsOf = (list) => list.map(at);
  if (m.last.length) overlays.push({ kind: "fill", cells: cellsOf(m.last), colour: COLOURS.last, opacity: 0.55, cls: "last-move" });
  if (m.highlight.length) overlays.push({ kind: "fill", cells: cellsOf(m.highlight), colour: COLOURS.highlight, opacity: 0.5, cls: "liberty" });
  for (const [colour, list] of m.groups) {
    overlays.push({ kind: "outline", cells: cellsOf(list), colour: COLOURS.groups[colour === 1 || colour === "B" ? 1 : 0], width: 2.2, cls: "group" });
  }
  const e0 = new Set(m.eyes[0] || m.eyes.W || []);
  const e1 = new Set(m.eyes[1] || m.eyes.B || []);
  for (const [colour, set] of [[0, e0], [1, e1]]) {
    const [shape, fill] = COLOURS.eyes[colour];
    const other = colour ? e0 : e1;
    const alone = [...set].filter((c) => !other.has(c));
    const shared = [...set].filter((c) => other.has(c));
    if (alone.length) overlays.push({ kind: "marker", cells: cellsOf(alone), colour: fill, shape, cls: "eye" });
    if (shared.length) overlays.push({ kind: "marker", cells: cellsOf(shared), colour: fill, shape, offset: [colour ? 0.3 : -0.3, 0], cls: "eye" });
  }
  if (m.oscillation.length) overlays.push({ kind: "cross", cells: cellsOf(m.oscillation), colour: COLOURS.oscillation, width: 1.6, cls: "oscillation" });
  // reversed cells (x capture, s suicide) and the section numbers / atari liberties
  const reversed = view.last && view.last.cell ? new Set(view.last.flipped) : new Set();
  const labelCells = Object.keys(m.labels);
  if (labelCells.length) {
    const labels = {};
    for (const n of labelCells) labels[key(at(n))] = m.labels[n];
    overlays.push({ kind: "label", cells: cellsOf(labelCells), colour: COLOURS.label, labels, scale: 0.62, bold: true, halo: "#ffffff", cls: "cell-label" });
  }
  const statusCells = Object.keys(m.status);
  if (statusCells.length) {  // each group's proved status: a letter on its first cell
    const letters = {};
    for (const n of statusCells) letters[key(at(n))] = m.status[n];
    overlays.push({ kind: "label", cells: cellsOf(statusCells), colour: COLOURS.status, labels: letters, scale: 0.8, bold: true, halo: "#ffffff", cls: "status-mark" });
  }
  if (reversed.size && !marks) {
    // a ring around every reversed cell: the capture mark, readable on a phone
    overlays.push({ kind: "marker", cells: cellsOf([...reversed]), colour: COLOURS.label, shape: "circle", radius: 0.7, cls: "capture-mark" });
  }
  if (best) {
    const mm = /^P(\d+)([a-s]\d+)$/.exec(best);
    if (mm && !view.position[mm[2]]) {
      pieces.set(key(at(mm[2])), { ...pieceDrawing(bestColour ?? view.to_move, parseInt(mm[1], 10)), stroke: "#2ca02c" });
      overlays.push({ kind: "fill", cells: [at(mm[2])], colour: "#2ca02c", opacity: 0.45, cls: "best-move" });
    }
  }
  const nameMap = new Map(cells.map((c, i) => [key(c), names[i]]));
  const { elements, bounds } = boardElements({ kind: "hexagon", cells, pieces, overlays, style: STYLE, notes: coordinateNotes(base, cells, names), names: nameMap });
  return svgDocument(elements, bounds, STYLE.margin, { class: "board-svg dominions", "data-game": "dominions" });
}

// The cell's spoken description: "i9: W63" or "i9: empty".
export function describeCell(view, name) {
  const t = view.position[name];
  return t ? `${name}: ${t[0] === "W" ? "White" : "Black"} ${t.slice(1)}` : `${name}: empty`;
}
