// Dominions: click a cell (or move the cursor with the arrows and press Enter) -> the pieces
// of the hand that fit there, legal or refused with the rule's name; click a piece (or Tab
// to it and press Enter) to play it. The board and the analysis overlay are drawn here from
// the view and the server's marks.
import { fill, el } from "/static/util.js";
import { describeCell, dominionsPiece, drawDominions } from "/static/board/dominions.js";

const LAYERS = ["groups", "status", "liberties", "sections", "eyes", "oscillation", "atari"];
let cellAsked = null;
const layers = new Set();
let overlayMarks = null;  // the server's marks of the chosen layers for the position shown
let overlayPly = -1;

export function render(ctx, m, changed) {
  if (changed) { ctx.els.choices.replaceChildren(); cellAsked = null; }
  draw(ctx);
  if (layers.size && overlayPly !== m.ply) overlay(ctx);
  const info = ctx.els.info;
  const s = m.info.score;
  fill(info,
    el("div", { class: "score", id: "score" }, `Score: White ${s.W} · Black ${s.B}`),
    m.info.last ? el("div", { class: "last-move" }, m.info.last) : null,
    el("div", { class: "layers" }, "Analysis: ", ...LAYERS.map((name) =>
      el("label", {}, el("input", { type: "checkbox", value: name, "data-layer": name, checked: layers.has(name) ? true : null,
        onchange: (ev) => { if (ev.target.checked) layers.add(name); else layers.delete(name); overlay(ctx); } }), ` ${name} `))),
    el("div", { id: "overlay-facts", class: "facts" }),
    legend(m),
  );
  document.getElementById("hand-title").textContent = m.hand_title;
  drawHand(ctx, m);
}

function legend(m) {
  const items = [["swatch last", "last move"]];
  if (m.view.last && m.view.last.flipped.length) items.push(["swatch capture", m.view.last.suicide ? "reversed by suicide (s)" : "captured (x)"]);
  return el("div", { class: "legend" }, ...items.map(([cls, text]) => el("span", {}, el("i", { class: cls }), text)));
}

function draw(ctx) {
  const m = ctx.state;
  const marks = layers.size && overlayPly === m.ply ? overlayMarks : null;
  const svg = drawDominions(m.view, marks);
  ctx.showBoard(svg);
  if (cellAsked) {
    const node = svg.querySelector(`[data-cell="${cellAsked}"]`);
    if (node) node.classList.add("selected-cell");
  }
}

function drawHand(ctx, m) {
  const colour = "WB"[m.mover_colour];
  ctx.els.hand.replaceChildren(...m.hand.map((n) => {
    const item = el("span", { class: "hand-piece", title: `P${n}`, "data-piece": n });
    item.append(dominionsPiece(n, colour), el("span", {}, String(n)));
    return item;
  }));
}

async function overlay(ctx) {
  const m = ctx.state;
  const facts = document.getElementById("overlay-facts");
  if (!layers.size) { overlayMarks = null; overlayPly = -1; draw(ctx); if (facts) facts.textContent = ""; return; }
  const r = await fetch(`/api/games/${ctx.id}/review/${m.view.moves.length}?layers=${[...layers].join(",")}`);
  if (!r.ok) return;
  const doc = await r.json();
  if (ctx.state !== m) return;
  overlayMarks = doc.marks;
  overlayPly = m.ply;
  draw(ctx);
  const rest = { ...doc.info };
  delete rest["to move"]; delete rest.score; delete rest.last;
  const box = document.getElementById("overlay-facts");
  if (box) box.replaceChildren(...factRows(rest));
}

// Facts beside the board as readable rows: "liberties: a1, b2… 3 · c4 2".
export function factRows(facts) {
  return Object.entries(facts).map(([k, v]) => el("div", { class: "fact", "data-fact": k }, el("b", {}, `${k}: `), shown(k, v)));
}
// a fact of many entries (each group's status) one line each, others inline
function shown(k, v) {
  if (v && typeof v === "object" && !Array.isArray(v) && (k === "status" || Object.keys(v).length > 3))
    return el("ul", { class: "facts" }, ...Object.entries(v).map(([n, x]) => el("li", {}, `${n}: ${readable(x)}`)));
  return readable(v);
}
function readable(v) {
  if (Array.isArray(v)) return v.map(readable).join(", ") || "none";
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${readable(x)}`).join(" · ") || "none";
  return String(v);
}

export function describe(ctx, name) { return describeCell(ctx.state.view, name); }
export function startCell(ctx) {
  const last = ctx.state && ctx.state.view.last;
  return last && last.cell ? last.cell : "i9";
}

export function hint(ctx, m) {
  if (cellAsked) return `Choose a piece below for ${cellAsked} (Tab to it, Enter plays), or pick another cell.`;
  return m.view.moves.length === 0
    ? "Your move: click a cell (or Tab to the board, arrows, Enter) to see the pieces of your hand that fit."
    : "Your move: pick a vacant cell next to the pieces to see what fits, or Pass.";
}

export function onCell(ctx, cell, node) {
  if (!ctx.myTurn()) { ctx.say(ctx.seat === null ? "spectators watch only" : "wait for your turn"); return; }
  if (ctx.state.view.position[cell]) { ctx.say(`${describeCell(ctx.state.view, cell)}: choose a vacant cell`); return; }
  for (const n of ctx.els.board.querySelectorAll(".selected-cell")) n.classList.remove("selected-cell");
  node.classList.add("selected-cell");
  cellAsked = cell;
  ctx.send({ type: "cell", cell });
  ctx.hint();
}

export function onCellReply(ctx, reply) {
  if (reply.cell !== cellAsked) return;
  const box = ctx.els.choices;
  const colour = "WB"[ctx.state.mover_colour];
  box.replaceChildren(el("div", { style: "width:100%" }, el("b", {}, `${reply.cell}: `), reply.note || `${reply.pieces.filter((p) => p.status === "legal").length} legal of ${reply.pieces.length} fitting pieces`));
  let firstLegal = null;
  for (const p of reply.pieces) {
    const legal = p.status === "legal";
    const item = el("button", { class: `piece${legal ? "" : " refused"}`, "data-piece": p.piece, "data-status": p.status,
      title: p.note || "", "aria-label": `P${p.piece} on ${reply.cell}: ${legal ? (p.note || "legal") : `refused, ${p.status}`}`,
      onclick: () => ctx.move(p.text) });
    item.append(dominionsPiece(p.piece, colour), el("span", {}, `P${p.piece}`), el("span", { class: "why" }, legal ? (p.note || "legal") : `${p.status}`));
    box.append(item);
    if (legal && !firstLegal) firstLegal = item;
  }
  // the keyboard goes on to the pieces when the cell was chosen with Enter
  if (document.activeElement === ctx.els.board && (firstLegal || box.querySelector("button"))) (firstLegal || box.querySelector("button")).focus();
}
