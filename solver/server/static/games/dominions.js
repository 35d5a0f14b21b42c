// Dominions: click a cell -> the pieces of the hand that fit there, legal or refused with the
// rule's name; click a piece to play it. Analysis overlay drawn by the server (reports/).
import { fill, el, setSvg } from "/static/util.js";

let cellAsked = null;
let pieces = null;  // the 63 pieces drawn by the server once, {W: {n: svg}, B: {...}}
fetch("/api/dominions/pieces").then((r) => r.json()).then((doc) => { pieces = doc; });
const layers = new Set();

export function render(ctx, m, changed) {
  if (layers.size && ctx.seat !== undefined) {
    overlay(ctx);
  } else {
    ctx.drawBoard(m.board);
  }
  if (changed) { ctx.els.choices.replaceChildren(); cellAsked = null; }
  const info = ctx.els.info;
  const s = m.info.score;
  fill(info, 
    el("div", { class: "score", id: "score" }, `Score: White ${s.W} · Black ${s.B}`),
    m.info.last ? el("div", { class: "last-move" }, m.info.last) : null,
    el("div", { class: "layers" }, "Analysis: ", ...["groups", "liberties", "sections", "eyes", "oscillation", "atari"].map((name) =>
      el("label", {}, el("input", { type: "checkbox", value: name, "data-layer": name, checked: layers.has(name) ? true : null,
        onchange: (ev) => { if (ev.target.checked) layers.add(name); else layers.delete(name); overlay(ctx); } }), ` ${name} `))),
    el("div", { id: "overlay-facts", class: "muted" }),
  );
  document.getElementById("hand-title").textContent = m.hand_title;
  drawHand(ctx, m);
}

function drawHand(ctx, m) {
  if (!pieces) { setTimeout(() => drawHand(ctx, m), 200); return; }
  const colour = "WB"[m.mover_colour];
  ctx.els.hand.replaceChildren(...m.hand.map((n) => {
    const item = el("span", { class: "hand-piece", title: `P${n}`, "data-piece": n });
    setSvg(item, pieces[colour][n]);
    item.append(el("span", {}, String(n)));
    return item;
  }));
}

async function overlay(ctx) {
  const m = ctx.state;
  if (!layers.size) { ctx.drawBoard(m.board); document.getElementById("overlay-facts").textContent = ""; return; }
  const r = await fetch(`/api/games/${ctx.id}/review/${m.moves.length}?layers=${[...layers].join(",")}`);
  if (!r.ok) return;
  const doc = await r.json();
  if (ctx.state !== m) return;
  ctx.drawBoard(doc.board);
  const facts = { ...doc.info };
  delete facts["to move"]; delete facts.score;
  document.getElementById("overlay-facts").textContent = Object.entries(facts).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(" · ");
}

export function onCell(ctx, cell, node) {
  if (!ctx.myTurn()) { ctx.say(ctx.seat === null ? "spectators watch only" : "wait for your turn"); return; }
  for (const n of ctx.els.board.querySelectorAll(".selected-cell")) n.classList.remove("selected-cell");
  node.classList.add("selected-cell");
  cellAsked = cell;
  ctx.send({ type: "cell", cell });
}

export function onCellReply(ctx, reply) {
  if (reply.cell !== cellAsked) return;
  const box = ctx.els.choices;
  box.replaceChildren(el("div", { style: "width:100%" }, el("b", {}, `${reply.cell}: `), reply.note || `${reply.pieces.filter((p) => p.status === "legal").length} legal of ${reply.pieces.length} fitting pieces`));
  for (const p of reply.pieces) {
    const legal = p.status === "legal";
    const item = el("button", { class: `piece${legal ? "" : " refused"}`, "data-piece": p.piece, "data-status": p.status,
      title: p.note || "", onclick: () => ctx.move(p.text) });
    const pic = el("span");
    setSvg(pic, p.svg);
    item.append(pic, el("span", {}, `P${p.piece}`), el("span", { class: "why" }, legal ? (p.note || "legal") : `${p.status}`));
    box.append(item);
  }
}
