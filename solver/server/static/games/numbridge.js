// Numbridge Domains: pick a tile of the hand (click or its digit key), then click an empty
// cell (or arrows + Enter) to place it, or an unclaimed given to claim it; scoreboard, block
// map, pair note, draw offer, clocks (server-enforced). The field is drawn from the view.
import { fill, el } from "/static/util.js";
import { describeCell, drawNumbridge } from "/static/board/numbridge.js";

let selected = null;  // the digit chosen
let selectedIndex = 0;  // which of equal tiles is highlighted
let showCandidates = false;

// The cell of the newest place/claim ("A place g6 1" -> g6), for the last-move mark.
export function lastCell(view) {
  for (let k = view.moves.length - 1; k >= 0; k--) {
    const mm = /\b(place|claim) ([a-i][1-9])\b/.exec(view.moves[k]);
    if (mm) return (parseInt(mm[2][1], 10) - 1) * 9 + "abcdefghi".indexOf(mm[2][0]);
  }
  return null;
}

export function render(ctx, m) {
  const useCand = showCandidates && m.info.candidates_allowed;
  ctx.showBoard(drawNumbridge(m.view, { outlines: m.info.outlines, candidates: useCand ? m.view.candidates : null, last: lastCell(m.view) }));
  if (selected !== null && !m.hand.includes(selected)) selected = null;
  if (selected === null && m.hand.length) selected = m.hand[0];
  drawHand(ctx, m);
  const i = m.info;
  const sb = i.scoreboard;
  const box = ctx.els.info;
  fill(box,
    el("div", { class: "scoreboard", id: "scoreboard" },
      el("div", { class: "blue", title: "blocks of A" }, `A ${sb.A}`),
      el("div", { class: "red", title: "blocks of B" }, `B ${sb.B}`),
      el("div", { class: "undecided", title: "undecided blocks" }, `? ${sb.undecided}`)),
    el("div", { class: "blockmap", id: "blockmap", title: "block map: s = A (blue), r = B (red), ? undecided" }, i.block_map.join("\n")),
    i.one_more && m.status === "live" ? el("div", { class: "pair-note", id: "pair-note" }, "One more move in this pair") : null,
    i.draw_offer && m.status === "live" ? el("div", { class: "draw-offer", id: "draw-offer" }, `${i.draw_offer} offers a draw`) : null,
    el("div", { class: "muted" }, `cells A ${i.cells.A} · B ${i.cells.B} · bag ${i.bag} · hands A ${i.hand_sizes.A}, B ${i.hand_sizes.B} · misses A ${i.misses.A}, B ${i.misses.B}`),
    i.candidates_allowed ? el("label", {}, el("input", { type: "checkbox", id: "candidates", checked: showCandidates ? true : null,
      onchange: (ev) => { showCandidates = ev.target.checked; render(ctx, ctx.state, false); } }), " candidates") : null,
    ...i.events.map((t) => el("div", { class: "event" }, t)),
    m.status !== "live" && m.view.result ? finalTable(m) : null,
  );
}

// The result as a table: blocks and cells of each side.
function finalTable(m) {
  const r = m.view.result;
  const rows = [0, 1].map((s) => el("tr", { class: r.winner === s ? "winner" : "" },
    el("td", {}, ["A", "B"][s]), el("td", {}, m.seats[s].name), el("td", {}, r.blocks[s]), el("td", {}, r.cells[s])));
  return el("table", { class: "final-scores", id: "final-scores" },
    el("caption", {}, r.text),
    el("tr", {}, el("th", {}, "side"), el("th", {}, "name"), el("th", {}, "blocks"), el("th", {}, "cells")), ...rows);
}

function drawHand(ctx, m) {
  document.getElementById("hand-title").textContent = m.hand_title;
  const hand = ctx.els.hand;
  if (m.hand[selectedIndex] !== selected) selectedIndex = m.hand.indexOf(selected);
  hand.replaceChildren(...m.hand.map((d, k) => el("button", {
    class: `tile${k === selectedIndex ? " selected" : ""}`, "data-tile": d, "data-index": k, "aria-pressed": k === selectedIndex ? "true" : "false",
    title: `tile ${d} (key ${d})`, onclick: () => { selected = d; selectedIndex = k; drawHand(ctx, m); ctx.hint(); } }, String(d))));
}

export function describe(ctx, name) { return describeCell(ctx.state.view, name); }
export function startCell() { return "e5"; }

export function hint(ctx, m) {
  const unclaimed = m.info.unclaimed.length;
  const pair = m.info.one_more ? "One more move in this pair: " : "";
  if (selected === null) return `${pair}your hand is empty: claim a given${unclaimed ? "" : " or pass"}.`;
  return `${pair}place your ${selected} on an empty cell (arrows + Enter, or click)${unclaimed ? `, or claim one of ${unclaimed} unclaimed givens` : ""}; digit keys pick a tile.`;
}

export function onCell(ctx, cell) {
  const m = ctx.state;
  if (!ctx.myTurn()) { ctx.say(ctx.seat === null ? "spectators watch only" : "wait for your turn"); return; }
  if (m.info.unclaimed.includes(cell)) {
    const cost = m.info.claim_cost;
    const tiles = [];
    if (cost > 0) {
      const rest = [...m.hand];
      if (selected !== null) { rest.splice(rest.indexOf(selected), 1); tiles.push(selected); }
      while (tiles.length < cost && rest.length) tiles.push(rest.shift());
    }
    ctx.move(["claim", cell, ...tiles].join(" "));
    return;
  }
  if (selected === null) { ctx.say("choose a tile of your hand first", true); return; }
  ctx.move(`place ${cell} ${selected}`);
}

export function onKey(ctx, ev) {
  const m = ctx.state;
  if (!m || ev.target.tagName === "INPUT") return;
  const k = parseInt(ev.key, 10);
  if (k >= 1 && k <= 9 && m.hand.includes(k)) { selected = k; selectedIndex = m.hand.indexOf(k); drawHand(ctx, m); ctx.hint(); }
}
