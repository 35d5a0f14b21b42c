// Dominimum / Dominomega: your mission (Dominimum) and your tile; turn the tile by clicking it
// or with the R key, then click a dashed cell (or arrows + Enter): the tile's first half (the
// dotted one) goes there. The layout is drawn from the view.
import { el } from "/static/util.js";
import { TURNS, drawLayout, tileSvg } from "/static/board/dominimum.js";

let turn = 0;

export function render(ctx, m) {
  ctx.showBoard(drawLayout(m.view.layout.tiles, { highlights: m.highlights || [], targets: m.targets || [] }));
  const i = m.info;
  const parts = [];
  if (i.mission) {
    const pic = el("span", { id: "mission-tile" });
    pic.append(tileSvg(i.mission.values, 0, false, 24));
    parts.push(el("div", { id: "mission" }, el("b", {}, "Your mission: "), i.mission.name, " ", pic));
  }
  if (i.symbol) parts.push(el("div", { id: "symbol" }, el("b", {}, "Your symbol: "), i.symbol));
  parts.push(el("div", { class: "muted" }, `${i.placed} of ${i.tiles} tiles placed`));
  if (i.final) parts.push(finalTable(i.final, m.seats));
  if (m.highlights && m.highlights.length) {
    parts.push(el("div", { class: "legend" }, ...m.highlights.map((h) => el("span", {}, el("i", { class: "swatch", style: `background:${h.colour}` }), h.label))));
  }
  ctx.els.info.replaceChildren(...parts);
  drawHand(ctx, m);
}

// The final scores as a table: rank, seat, mission or symbol, group sizes, score.
export function finalTable(rows, seats) {
  const what = rows[0].mission !== undefined ? "mission" : "symbol";
  return el("div", { class: "table-box" }, el("table", { class: "final-scores", id: "final-scores" },
    el("tr", {}, el("th", {}, "rank"), el("th", {}, "seat"), el("th", {}, what), el("th", {}, "largest groups"), el("th", {}, "score")),
    ...[...rows].sort((a, b) => a.rank - b.rank).map((r) => el("tr", { class: r.rank === 1 ? "winner" : "" },
      el("td", {}, r.rank), el("td", {}, `${r.seat + 1} ${seats[r.seat] ? seats[r.seat].name : ""}`), el("td", {}, r.mission ?? r.symbol),
      el("td", {}, groupsText(r.groups)), el("td", {}, r.score)))));
}

function groupsText(groups) {
  if (Array.isArray(groups)) return groups.join(", ") || "none";
  return Object.entries(groups).map(([v, n]) => `value ${v}: ${n}`).join(", ");
}

function drawHand(ctx, m) {
  document.getElementById("hand-title").textContent = m.hand_title;
  const hand = ctx.els.hand;
  hand.replaceChildren();
  for (const t of m.hand) {
    const pic = el("button", { class: "tile", id: "hand-tile", title: "turn (R)", "data-turn": turn, "aria-label": `your tile ${t.values.join("-")}, turned ${["right", "down", "left", "up"][turn]}; press R to turn`,
      onclick: () => { turn = (turn + 1) % 4; drawHand(ctx, m); } });
    pic.append(tileSvg(t.values, turn, true));
    hand.append(pic, el("div", { class: "muted" }, "click the tile or press R to turn it; the dotted half goes on the cell you click"));
  }
}

export function describe(ctx, name) { return `cell ${name}`; }
export function startCell(ctx) {
  const legal = ctx.state && ctx.state.legal;
  return legal && legal.length ? legal[0].cells[0].join(",") : null;
}

export function hint(ctx, m) {
  if (!m.hand.length) return "Your move.";
  return `Place your tile ${m.hand[0].values.join("-")}: R turns it, then click a dashed cell (or arrows + Enter) for its dotted half.`;
}

export function onKey(ctx, ev) {
  if (ev.target.tagName === "INPUT") return;
  if ((ev.key === "r" || ev.key === "R") && ctx.state) { turn = (turn + 1) % 4; drawHand(ctx, ctx.state); }
}

export function onCell(ctx, cell) {
  const m = ctx.state;
  if (!ctx.myTurn() || !m.hand.length) { ctx.say("wait for your turn"); return; }
  const [x, y] = cell.split(",").map(Number);
  const [dx, dy] = TURNS[turn];
  const [a, b] = m.hand[0].values;
  const want = [[x, y], [x + dx, y + dy]];
  const same = (p) => p.values[0] === a && p.values[1] === b && p.cells[0][0] === want[0][0] && p.cells[0][1] === want[0][1] && p.cells[1][0] === want[1][0] && p.cells[1][1] === want[1][1];
  const swapped = (p) => p.values[0] === b && p.values[1] === a && p.cells[1][0] === want[0][0] && p.cells[1][1] === want[0][1] && p.cells[0][0] === want[1][0] && p.cells[0][1] === want[1][1];
  const hit = (m.legal || []).find((p) => same(p) || swapped(p));
  if (hit) { ctx.move(hit.text); return; }
  ctx.move(m.move_template.replace("{a}", a).replace("{b}", b).replace("{x1}", want[0][0]).replace("{y1}", want[0][1]).replace("{x2}", want[1][0]).replace("{y2}", want[1][1]));
}
