// Boards of beam pieces drawn in the browser: the port of reports/svg.py's board_elements
// (cells, fills, beams, outlines, markers, crosses, labels, notes) on the geometry of
// geometry.js. The elements are the ones reports/ writes (a <path> per cell with its
// data-cell name, a <path> per beam, a <circle> hub), so both pictures can be compared.
import { grid as gridOf } from "/static/board/geometry.js";

const NS = "http://www.w3.org/2000/svg";
export const FONT = "DejaVu Sans, Arial, sans-serif";

// The default style of reports/svg.py (Style()).
export const DEFAULT_STYLE = {
  cellSize: 28, emptyFill: "#f4f1ea", cellStroke: "#b9b2a3", pieceFill: "#fffdf7",
  beamColour: "#1f3b73", beamWidth: 4, labelColour: "#222222", margin: 8, labelScale: 0.3,
  labelHalo: "#ffffff",
};

export function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export const key = (cell) => `${cell[0]},${cell[1]}`;
const num = (v) => String(v);
export function pathOf(points, close) {
  return points.map((p, i) => `${i ? "L" : "M"}${num(p[0])},${num(p[1])}`).join(" ") + (close ? " Z" : "");
}

function marker(shape, x, y, r, colour) {
  if (shape === "circle") return [svgEl("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 2.6 })];
  if (shape === "ring") return [svgEl("circle", { cx: x, cy: y, r, fill: "#ffffff", stroke: colour, "stroke-width": r * 0.55 })];
  if (shape === "square") return [svgEl("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour, stroke: "#ffffff", "stroke-width": 1 })];
  if (shape === "diamond") {
    const k = r * 1.3;
    return [svgEl("path", { d: pathOf([[x, y - k], [x + k, y], [x, y + k], [x - k, y]], true), fill: colour, stroke: "#ffffff", "stroke-width": 1 })];
  }
  return [svgEl("circle", { cx: x, cy: y, r, fill: colour, stroke: "none" })];
}

// The elements of a board and their bounding box [x0, y0, x1, y1].
//   kind: grid kind; cells: [[q, r], ...]; pieces: Map "q,r" -> {beams, fill, beamColour,
//   stroke, label, labelColour}; overlays: [{kind: fill|outline|marker|cross|label, cells:
//   [[q, r]...], colour, width, opacity, labels: {"q,r": text}, shape, offset: [dx, dy],
//   cls}]; notes: [{text, x, y, size, colour}]; names: Map "q,r" -> data-cell name.
export function boardElements({ kind, cells, pieces = new Map(), overlays = [], style = {}, notes = [], names = null }) {
  const g = gridOf(kind);
  const st = { ...DEFAULT_STYLE, ...style };
  const size = st.cellSize;
  const all = new Map();
  for (const c of cells) all.set(key(c), c);
  for (const k of pieces.keys()) if (!all.has(k)) all.set(k, k.split(",").map(Number));
  for (const ov of overlays) for (const c of ov.cells) if (!all.has(key(c))) all.set(key(c), c);
  let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
  for (const c of all.values()) {
    for (const [x, y] of g.corners(c, size)) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  }
  if (x0 === Infinity) { x0 = 0; y0 = 0; x1 = size; y1 = size; }
  const labelSize = size * st.labelScale;
  const labelAt = new Map();
  for (const [k, pd] of pieces) {
    if (!pd.label) continue;
    const p = g.labelPoint(all.get(k), size);
    labelAt.set(k, p);
    const w = String(pd.label).length * 0.62 * labelSize / 2;
    x0 = Math.min(x0, p[0] - w); x1 = Math.max(x1, p[0] + w);
    y0 = Math.min(y0, p[1] - labelSize * 0.6); y1 = Math.max(y1, p[1] + labelSize * 0.6);
  }
  for (const n of notes) {
    const w = n.text.length * 0.62 * (n.size || 10);
    x0 = Math.min(x0, n.x - w / 2); x1 = Math.max(x1, n.x + w / 2);
    y0 = Math.min(y0, n.y - (n.size || 10) * 0.6); y1 = Math.max(y1, n.y + (n.size || 10) * 0.6);
  }
  const out = [];
  for (const [k, c] of all) {
    const pd = pieces.get(k);
    const fill = pd ? (pd.fill || st.pieceFill) : st.emptyFill;
    const stroke = pd ? (pd.stroke || st.cellStroke) : st.cellStroke;
    const name = names && names.get(k);
    out.push(svgEl("path", { d: pathOf(g.corners(c, size), true), fill, stroke, "stroke-width": pd && pd.stroke ? 1.4 : 1, "data-cell": name, class: name ? "cell" : null }));
  }
  for (const ov of overlays) {
    if (ov.kind !== "fill") continue;
    for (const c of ov.cells) {
      out.push(svgEl("path", { d: pathOf(g.corners(c, size), true), fill: ov.colour, "fill-opacity": ov.opacity ?? 0.35, stroke: "none", class: ov.cls, "data-mark-cell": key(c) }));
    }
  }
  for (const [k, pd] of pieces) out.push(...beams(g, all.get(k), pd, st));
  for (const ov of overlays) {
    const cls = ov.cls;
    if (ov.kind === "outline") {
      const inSet = new Set(ov.cells.map(key));
      for (const c of ov.cells) {
        for (const d of g.sideDirections(c)) {
          if (inSet.has(key(g.neighbour(c, d)))) continue;
          const [[ax, ay], [bx, by]] = g.sideEdge(c, d, size);
          out.push(svgEl("path", { d: pathOf([[ax, ay], [bx, by]]), stroke: ov.colour, "stroke-width": ov.width ?? 3, "stroke-linecap": "round", class: cls }));
        }
      }
    } else if (ov.kind === "marker") {
      const [ox, oy] = ov.offset || [0, 0];
      for (const c of ov.cells) {
        const [x, y] = g.centre(c, size);
        for (const m of marker(ov.shape || "dot", x + ox * size, y + oy * size, size * (ov.radius ?? 0.18), ov.colour)) {
          if (cls) m.setAttribute("class", cls);
          m.setAttribute("data-mark-cell", key(c));
          out.push(m);
        }
      }
    } else if (ov.kind === "cross") {
      for (const c of ov.cells) {
        const [x, y] = g.centre(c, size);
        const k = size * (ov.reach ?? 0.22);
        for (const sx of [-1, 1]) {
          out.push(svgEl("path", { d: pathOf([[x - k, y - sx * k], [x + k, y + sx * k]]), stroke: ov.colour, "stroke-width": ov.width ?? 3, class: cls, "data-mark-cell": key(c) }));
        }
      }
    } else if (ov.kind === "label") {
      for (const c of ov.cells) {
        const text = (ov.labels || {})[key(c)];
        if (!text) continue;
        const [x, y] = g.centre(c, size);
        out.push(svgEl("text", { x, y, "font-size": size * (ov.scale ?? 0.42), "text-anchor": "middle", "dominant-baseline": "central", fill: ov.colour, "font-family": FONT, "font-weight": ov.bold ? "bold" : null, stroke: ov.halo || null, "stroke-width": ov.halo ? 3 : null, "paint-order": ov.halo ? "stroke" : null, class: cls, "data-mark-cell": key(c) }, text));
      }
    }
  }
  for (const [k, [lx, ly]] of labelAt) {
    const pd = pieces.get(k);
    out.push(svgEl("text", { x: lx, y: ly, "font-size": labelSize, "text-anchor": "middle", "dominant-baseline": "central", stroke: pd.fill || st.labelHalo, "stroke-width": 2.5, "paint-order": "stroke", fill: pd.labelColour || st.labelColour, "font-family": FONT, class: "piece-label" }, pd.label));
  }
  for (const n of notes) {
    out.push(svgEl("text", { x: n.x, y: n.y, "font-size": n.size || 10, "text-anchor": "middle", "dominant-baseline": "central", fill: n.colour || "#6b6455", "font-family": FONT, class: "note" }, n.text));
  }
  return { elements: out, bounds: [x0, y0, x1, y1], grid: g, size };
}

function beams(g, cell, pd, st) {
  const size = st.cellSize;
  const [x, y] = g.centre(cell, size);
  const colour = pd.beamColour || st.beamColour;
  const out = [];
  for (const d of g.directions(cell)) {
    if (!(pd.beams & d)) continue;
    const [ex, ey] = g.beamEnd(cell, d, size);
    out.push(svgEl("path", { d: pathOf([[x, y], [ex, ey]]), stroke: colour, "stroke-width": st.beamWidth, "stroke-linecap": "round", class: "beam" }));
  }
  if (pd.beams) out.push(svgEl("circle", { cx: x, cy: y, r: st.beamWidth * 0.9, fill: colour, class: "hub" }));
  return out;
}

// An <svg> holding `elements` with a margin around `bounds`; it scales to its container.
export function svgDocument(elements, bounds, margin = 8, attrs = {}) {
  const [x0, y0, x1, y1] = bounds;
  const w = x1 - x0 + 2 * margin;
  const h = y1 - y0 + 2 * margin;
  const svg = svgEl("svg", { xmlns: NS, viewBox: `${x0 - margin} ${y0 - margin} ${w} ${h}`, "data-width": w, role: "grid", ...attrs });
  svg.append(svgEl("rect", { x: x0 - margin, y: y0 - margin, width: w, height: h, fill: "#ffffff" }));
  for (const e of elements) svg.append(e);
  return svg;
}

// A single piece drawn alone (hands, choices, palettes).
export function pieceSvg(kind, beamsMask, { fill, beamColour, stroke, label, size = 14, beamWidth = 2.4, margin = 3, orientation = null } = {}) {
  const cell = orientation === "down" ? [1, 0] : [0, 0];
  const pieces = new Map([[key(cell), { beams: beamsMask, fill, beamColour, stroke, label }]]);
  const { elements, bounds } = boardElements({ kind, cells: [cell], pieces, style: { cellSize: size, beamWidth, margin } });
  const svg = svgDocument(elements, bounds, margin, { class: "piece-svg", role: "img" });
  svg.setAttribute("width", String(bounds[2] - bounds[0] + 2 * margin));
  return svg;
}
