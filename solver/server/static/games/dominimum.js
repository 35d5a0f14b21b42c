// Dominimum / Dominomega: your mission (Dominimum) and your tile; turn the tile by clicking it
// or with the R key, then click a dashed cell: the tile's first half goes there.
import { el, setSvg } from "/static/util.js";

const DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1]];  // right, down, left, up
let turn = 0;

export function render(ctx, m) {
  ctx.drawBoard(m.board);
  const i = m.info;
  const box = ctx.els.info;
  const parts = [];
  if (i.mission) {
    const pic = el("span", { id: "mission-tile" });
    setSvg(pic, i.mission.svg);
    parts.push(el("div", { id: "mission" }, el("b", {}, "Your mission: "), i.mission.name, pic));
  }
  if (i.symbol) parts.push(el("div", { id: "symbol" }, el("b", {}, "Your symbol: "), i.symbol));
  parts.push(el("div", { class: "muted" }, `${i.placed} of ${i.tiles} tiles placed`));
  if (i.final) {
    parts.push(el("table", { class: "final-scores", id: "final-scores" },
      el("tr", {}, el("th", {}, "rank"), el("th", {}, "seat"), el("th", {}, i.final[0].mission !== undefined ? "mission" : "symbol"), el("th", {}, "groups"), el("th", {}, "score")),
      ...[...i.final].sort((a, b) => a.rank - b.rank).map((r) => el("tr", { class: r.rank === 1 ? "winner" : "" },
        el("td", {}, r.rank), el("td", {}, `${r.seat + 1} ${m.seats[r.seat].name}`), el("td", {}, r.mission ?? r.symbol),
        el("td", {}, JSON.stringify(r.groups)), el("td", {}, r.score)))));
  }
  box.replaceChildren(...parts);
  drawHand(ctx, m);
}

function drawHand(ctx, m) {
  document.getElementById("hand-title").textContent = m.hand_title;
  const hand = ctx.els.hand;
  hand.replaceChildren();
  for (const t of m.hand) {
    const pic = el("button", { class: "tile", id: "hand-tile", title: "turn (R)", "data-turn": turn, onclick: () => { turn = (turn + 1) % 4; drawHand(ctx, m); } });
    setSvg(pic, t.turns[turn]);
    hand.append(pic, el("div", { class: "muted" }, "click the tile or press R to turn it; the dotted half goes on the cell you click"));
  }
}

export function onKey(ctx, ev) {
  if (ev.key === "r" || ev.key === "R") { turn = (turn + 1) % 4; drawHand(ctx, ctx.state); }
}

export function onCell(ctx, cell) {
  const m = ctx.state;
  if (!ctx.myTurn() || !m.hand.length) { ctx.say("wait for your turn"); return; }
  const [x, y] = cell.split(",").map(Number);
  const [dx, dy] = DIRS[turn];
  const [a, b] = m.hand[0].values;
  const want = [[x, y], [x + dx, y + dy]];
  const same = (p) => p.values[0] === a && p.values[1] === b && p.cells[0][0] === want[0][0] && p.cells[0][1] === want[0][1] && p.cells[1][0] === want[1][0] && p.cells[1][1] === want[1][1];
  const swapped = (p) => p.values[0] === b && p.values[1] === a && p.cells[1][0] === want[0][0] && p.cells[1][1] === want[0][1] && p.cells[0][0] === want[1][0] && p.cells[0][1] === want[1][1];
  const hit = (m.legal || []).find((p) => same(p) || swapped(p));
  if (hit) { ctx.move(hit.text); return; }
  ctx.move(m.move_template.replace("{a}", a).replace("{b}", b).replace("{x1}", want[0][0]).replace("{y1}", want[0][1]).replace("{x2}", want[1][0]).replace("{y2}", want[1][1]));
}
