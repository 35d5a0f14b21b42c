// The evaluation graph of the review page and the judgement of a move's loss.
//
// Each seat's line joins the computer's value for that seat (0..1, its win estimate) after
// each of its moves, as `solver review --plot` draws it; inaccuracies, mistakes and
// blunders are dots on their move, and a click on the graph goes to that move.
import { svgEl, FONT } from "/static/board/svg.js";

export const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const DOT = { inaccuracy: "#e69f00", mistake: "#d55e00", blunder: "#b00020" };

// The judgement of a reviewed move: the review's own word when it gives one ("best" and
// "good" are not marked), else its thresholds (the largest one the loss reaches); null for
// a good move.
export function judge(move, analysis) {
  if (move.judgement !== undefined) return MARKS[move.judgement] ? move.judgement : null;
  const t = analysis ? analysis.thresholds || {} : {};
  for (const name of ["blunder", "mistake", "inaccuracy"]) {
    if (t[name] !== null && t[name] !== undefined && move.loss >= t[name]) return name;
  }
  return null;
}

// The computer's value for the mover of the move played, and of its best move (the review
// document names them played_value and best_value; its first version after and before).
export const valueAfter = (m) => (m.played_value ?? m.after);
export const valueBest = (m) => (m.best_value ?? m.before);

export function evalGraph(moves, { total, ply, seats, analysis, seatLabel, colour, go }) {
  const W = 600;
  const H = 170;
  const L = 34;
  const R = 8;
  const T = 8;
  const B = 24;
  const x = (n) => L + (total ? (n / total) * (W - L - R) : 0);
  const y = (v) => T + (1 - v) * (H - T - B);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "eval-graph", role: "img", "aria-label": "evaluation over the game, one line per seat" });
  svg.append(svgEl("rect", { x: 0, y: 0, width: W, height: H, fill: "#ffffff" }));
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl("path", { d: `M${L},${y(v)} L${W - R},${y(v)}`, stroke: v === 0.5 ? "#bbbbbb" : "#e5e5e5", "stroke-width": 1, "stroke-dasharray": v === 0.5 ? "4,3" : null }));
    svg.append(svgEl("text", { x: L - 4, y: y(v) + 4, "font-size": 11, "text-anchor": "end", fill: "#6b6455", "font-family": FONT }, v.toFixed(1)));
  }
  svg.append(svgEl("text", { x: W - R, y: H - 6, "font-size": 11, "text-anchor": "end", fill: "#6b6455", "font-family": FONT }, `move ${total}`));
  svg.append(svgEl("text", { x: L, y: H - 6, "font-size": 11, fill: "#6b6455", "font-family": FONT }, "value for the mover after its move"));
  // while the review runs, the moves not analysed yet are shaded (the lines grow into them)
  const running = analysis && (analysis.status === "running" || analysis.status === "queued");
  const done = moves.reduce((n, m) => Math.max(n, m.number), 0);
  if (running && total) svg.append(svgEl("rect", { x: x(done), y: T, width: Math.max(0, x(total) - x(done)), height: H - T - B, fill: "#f1efe9", "fill-opacity": 0.85, class: "graph-pending" }));
  // the position shown
  svg.append(svgEl("path", { d: `M${x(ply)},${T} L${x(ply)},${H - B}`, stroke: "#0a58ca", "stroke-width": 2, class: "graph-cursor" }));
  for (let s = 0; s < seats; s++) {
    const pts = moves.filter((m) => m.seat === s).map((m) => [x(m.number), y(valueAfter(m)), m]);
    if (!pts.length) continue;
    svg.append(svgEl("path", { d: pts.map((p, i) => `${i ? "L" : "M"}${p[0]},${p[1]}`).join(" "), fill: "none", stroke: colour(s), "stroke-width": 2, class: "seat-line", "data-seat": s }));
    if (pts.length === 1) svg.append(svgEl("circle", { cx: pts[0][0], cy: pts[0][1], r: 2.5, fill: colour(s) }));  // a line of one point
    for (const [px, py, m] of pts) {
      const j = judge(m, analysis);
      if (!j) continue;
      const dot = svgEl("circle", { cx: px, cy: py, r: j === "blunder" ? 6 : 5, fill: DOT[j], stroke: "#ffffff", "stroke-width": 1.5, class: `graph-mark ${j}`, "data-move": m.number });
      dot.append(svgEl("title", {}, `move ${m.number}: ${seatLabel(m.seat)} ${m.move}, loss ${m.loss.toFixed(3)} (${j})`));
      svg.append(dot);
    }
  }
  // the legend of the lines
  let lx = L + 4;
  for (let s = 0; s < seats; s++) {
    const label = seatLabel(s);
    svg.append(svgEl("path", { d: `M${lx},${T + 8} L${lx + 16},${T + 8}`, stroke: colour(s), "stroke-width": 3 }));
    svg.append(svgEl("text", { x: lx + 20, y: T + 12, "font-size": 11, fill: "#333333", "font-family": FONT }, label));
    lx += 28 + label.length * 6.5;
  }
  if (running && total) {
    svg.append(svgEl("text", { x: (x(done) + x(total)) / 2, y: H / 2 + 16, "font-size": 12, "text-anchor": "middle", fill: "#6b6455", "font-family": FONT }, done ? "analysing…" : "analysing the first move…"));
  } else if (!moves.length) {
    svg.append(svgEl("text", { x: W / 2, y: H / 2, "font-size": 13, "text-anchor": "middle", fill: "#777777", "font-family": FONT }, "no computer review yet: press Computer review"));
  }
  svg.addEventListener("click", (ev) => {
    const box = svg.getBoundingClientRect();
    const vx = ((ev.clientX - box.left) / box.width) * W;
    if (total) go(Math.round(((vx - L) / (W - L - R)) * total));
  });
  return svg;
}
