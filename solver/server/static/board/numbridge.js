// The Numbridge field drawn from the view JSON (NumbridgeState.view): the browser's copy of
// reports/numbridge.py field_svg: owners' fills, thick block borders, resolved blocks
// outlined in the owner's colour (decisive ones stronger), givens bold, candidates small,
// column letters above and row numbers left, a clickable square per cell (a1 .. i9).
import { FONT, svgEl } from "/static/board/svg.js";

export const OWNER_FILL = { 1: "#cfe0ff", 2: "#ffd3d3" };  // A blue, B red (reports/numbridge.py)
export const OWNER_STROKE = { 1: "#1f5fd1", 2: "#d62728" };
export const CELL = 40;
export const cellName = (i) => "abcdefghi"[i % 9] + String(Math.floor(i / 9) + 1);

// outlines: [{block, owner: 1|2, decisive}] (the room's facts); candidates: {a1: [3, 4]}.
// best: the computer's best move ("place e5 3", "claim c3 7") drawn as a green ring and a ghost digit.
export function drawNumbridge(view, { outlines = [], candidates = null, last = null, best = null } = {}) {
  const cell = CELL;
  const blocks = view.blocks;
  const digits = view.digits;
  const givens = view.givens;
  const owners = view.owners.map((o) => o + 1);  // view: -1 nobody, 0 A, 1 B
  const m = 10;
  const axis = 16;
  const size = 9 * cell;
  const svg = svgEl("svg", { viewBox: `${-m - axis} ${-m - axis} ${size + axis + 2 * m} ${size + axis + 2 * m}`, class: "board-svg numbridge", "data-game": "numbridge", role: "grid" });
  svg.append(svgEl("rect", { x: -m - axis, y: -m - axis, width: size + axis + 2 * m, height: size + axis + 2 * m, fill: "#ffffff" }));
  for (let k = 0; k < 9; k++) {
    svg.append(svgEl("text", { x: (k + 0.5) * cell, y: -6, "font-size": 11, "text-anchor": "middle", "font-family": FONT, fill: "#6b6455", class: "note" }, "abcdefghi"[k]));
    svg.append(svgEl("text", { x: -7, y: (k + 0.5) * cell + 4, "font-size": 11, "text-anchor": "end", "font-family": FONT, fill: "#6b6455", class: "note" }, String(k + 1)));
  }
  const fills = [];
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    const fill = OWNER_FILL[owners[i]] || "#fbfaf6";
    fills.push(fill);
    svg.append(svgEl("rect", { x: c * cell, y: r * cell, width: cell, height: cell, fill, stroke: "#bbbbbb", "stroke-width": 1, class: "square", "data-square": cellName(i) }));
  }
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    if (c < 8 && blocks[i] !== blocks[i + 1]) svg.append(line((c + 1) * cell, r * cell, (c + 1) * cell, (r + 1) * cell, "#222222", 3, "block-border"));
    if (r < 8 && blocks[i] !== blocks[i + 9]) svg.append(line(c * cell, (r + 1) * cell, (c + 1) * cell, (r + 1) * cell, "#222222", 3, "block-border"));
  }
  svg.append(svgEl("rect", { x: 0, y: 0, width: size, height: size, fill: "none", stroke: "#222222", "stroke-width": 3 }));
  if (last !== null && last !== undefined) {
    const r = Math.floor(last / 9);
    const c = last % 9;
    svg.append(svgEl("rect", { x: c * cell + 2.5, y: r * cell + 2.5, width: cell - 5, height: cell - 5, fill: "none", stroke: "#ffbf00", "stroke-width": 4, class: "last-move", "data-mark-cell": cellName(last) }));
  }
  for (const o of outlines) outline(svg, blocks, String(o.block), OWNER_STROKE[o.owner], o.decisive ? 8 : 3.5, cell);
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    const x = c * cell + cell / 2;
    const y = r * cell + cell / 2;
    const ch = digits[i];
    const name = cellName(i);
    if (ch !== "0") {
      const given = givens[i] !== "0";
      const colour = given ? "#111111" : (OWNER_STROKE[owners[i]] || "#444444");
      svg.append(svgEl("text", { x, y, "font-size": cell * 0.55, "text-anchor": "middle", "dominant-baseline": "central", "font-family": FONT, fill: colour, "font-weight": given ? "bold" : "normal", class: given ? "digit given" : "digit" }, ch));
    } else if (candidates && candidates[name] && candidates[name].length) {
      for (const d of candidates[name]) {
        const k = d - 1;
        const cx = c * cell + (0.24 + 0.26 * (k % 3)) * cell;
        const cy = r * cell + (0.24 + 0.26 * Math.floor(k / 3)) * cell;
        svg.append(svgEl("text", { x: cx, y: cy, "font-size": cell * 0.26, "text-anchor": "middle", "dominant-baseline": "central", "font-family": FONT, fill: "#4a4a4a", stroke: fills[i], "stroke-width": 2.5, "paint-order": "stroke", class: "candidate" }, String(d)));
      }
    }
  }
  const mm = best && /^(place|claim) ([a-i])([1-9])(?: (\d))?/.exec(best);
  if (mm) {
    const c = "abcdefghi".indexOf(mm[2]);
    const r = parseInt(mm[3], 10) - 1;
    svg.append(svgEl("rect", { x: c * cell + 3, y: r * cell + 3, width: cell - 6, height: cell - 6, rx: 6, fill: "#2ca02c", "fill-opacity": 0.25, stroke: "#2ca02c", "stroke-width": 3, class: "best-move" }));
    if (mm[1] === "place" && mm[4]) svg.append(svgEl("text", { x: c * cell + cell / 2, y: r * cell + cell / 2, "font-size": cell * 0.5, "text-anchor": "middle", "dominant-baseline": "central", "font-family": FONT, fill: "#1f7a3a", "font-style": "italic", class: "best-digit" }, mm[4]));
  }
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    svg.append(svgEl("rect", { x: c * cell, y: r * cell, width: cell, height: cell, fill: "#ffffff", "fill-opacity": 0, "data-cell": cellName(i), class: "cell" }));
  }
  return svg;
}

function line(x1, y1, x2, y2, stroke, width, cls) {
  return svgEl("path", { d: `M${x1},${y1} L${x2},${y2}`, stroke, "stroke-width": width, "stroke-linecap": "square", class: cls });
}

// The border of block `b`, inset by half the stroke so it stays inside the block.
function outline(svg, blocks, b, colour, width, cell) {
  const k = width / 2 + 1.5;
  for (let i = 0; i < 81; i++) {
    if (blocks[i] !== b) continue;
    const r = Math.floor(i / 9);
    const c = i % 9;
    const [x0, y0, x1, y1] = [c * cell, r * cell, (c + 1) * cell, (r + 1) * cell];
    const up = r > 0 && blocks[i - 9] === b;
    const down = r < 8 && blocks[i + 9] === b;
    const left = c > 0 && blocks[i - 1] === b;
    const right = c < 8 && blocks[i + 1] === b;
    const ax0 = left ? x0 : x0 + k;
    const ax1 = right ? x1 : x1 - k;
    const ay0 = up ? y0 : y0 + k;
    const ay1 = down ? y1 : y1 - k;
    const cls = width > 5 ? "outline decisive" : "outline";
    if (!up) svg.append(line(ax0, y0 + k, ax1, y0 + k, colour, width, cls));
    if (!down) svg.append(line(ax0, y1 - k, ax1, y1 - k, colour, width, cls));
    if (!left) svg.append(line(x0 + k, ay0, x0 + k, ay1, colour, width, cls));
    if (!right) svg.append(line(x1 - k, ay0, x1 - k, ay1, colour, width, cls));
  }
}

export function describeCell(view, name) {
  const i = (parseInt(name.slice(1), 10) - 1) * 9 + "abcdefghi".indexOf(name[0]);
  const d = view.digits[i];
  if (d === "0") return `${name}: empty`;
  const who = { 0: "A", 1: "B" }[view.owners[i]];
  return `${name}: ${d}${view.givens[i] !== "0" ? (who ? `, given claimed by ${who}` : ", given, unclaimed") : ` placed by ${who}`}`;
}
