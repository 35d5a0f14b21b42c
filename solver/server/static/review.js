// The review page, after lichess's analysis board and KataGo/Lizzie: the board at each move
// (drawn here from the position's view and the chosen analysis layers), the move list (click
// a move to go there), the evaluation graph over the game (one line per seat), each move's
// loss marked inaccuracy / mistake / blunder by the review's thresholds, and the computer's
// best move drawn on the board. The numbers are those of `solver review`
// (GET /api/games/{id}/analysis: computed once in the background, with progress, and stored).
import { el } from "/static/util.js";
import { attachKeyboard } from "/static/board/keyboard.js";
import { drawDominions } from "/static/board/dominions.js";
import { drawNumbridge } from "/static/board/numbridge.js";
import { PALETTE, drawLayout } from "/static/board/dominimum.js";
import { lastCell } from "/static/games/numbridge.js";
import { finalTable } from "/static/games/dominimum.js";
import { factRows } from "/static/games/dominions.js";
import { showRules } from "/static/rules.js";
import { evalGraph, judge, MARKS, valueAfter, valueBest } from "/static/review/graph.js";

const $ = (id) => document.getElementById(id);
const root = $("review");
const id = root.dataset.id;
const game = root.dataset.game;
const seatNames = root.dataset.seats.split("|");
const slider = $("ply");
let total = 0;
let ply = 0;
let busy = 0;
let analysis = null;  // the answer of /analysis
// The stored review's answer ({status, done, total, params, review, thresholds}) with the
// reviewed moves and the budget at hand.
const normal = (doc) => ({ ...doc, reviewed: doc.done, max_nodes: doc.params ? doc.params.nodes : "?",
  moves: doc.review && doc.review.moves ? doc.review.moves : doc.moves || [],  // (the rows so far while it runs)
  error: doc.review && doc.review.error ? doc.review.error : "the review stopped" });
const reviewBusy = (a) => a.status === "running" || a.status === "queued";

let finalView = null;
const cache = new Map();

// Per game: how a position is drawn and what a seat is called.
const GAMES = {
  dominions: {
    draw: (doc, best, seat) => drawDominions(doc.view, doc.marks, { best, bestColour: seat }),
    seat: (s) => ["White", "Black"][s], colour: (s) => ["#1f77b4", "#262626"][s],
  },
  numbridge: {
    draw: (doc, best) => drawNumbridge(doc.view, { outlines: doc.marks.outlines || [], candidates: doc.view.candidates || null, last: lastCell(doc.view), best }),
    seat: (s) => ["A", "B"][s], colour: (s) => ["#1f5fd1", "#d62728"][s],
  },
  dominimum: {
    draw: (doc, best) => drawLayout(doc.view.layout.tiles, { highlights: doc.marks.highlights || [], best }),
    seat: (s) => `seat ${s + 1}`, colour: (s) => PALETTE[s % PALETTE.length],
  },
};
GAMES.dominomega = GAMES.dominimum;
const G = GAMES[game];
const seatLabel = (s) => `${G.seat(s)}${seatNames[s] ? ` (${seatNames[s]})` : ""}`;

const keys = attachKeyboard($("board"), { activate: () => {}, describe: (n) => n });

function layers() {
  return [...document.querySelectorAll("#layers input:checked")].map((x) => x.value).join(",");
}

async function step(n, chosen) {
  const k = `${n}|${chosen}`;
  if (!cache.has(k)) {
    const r = await fetch(`/api/games/${id}/review/${n}?layers=${encodeURIComponent(chosen)}`);
    const doc = await r.json();
    if (!r.ok) throw new Error(typeof doc.detail === "string" ? doc.detail : r.statusText);
    if (cache.size > 300) cache.clear();
    cache.set(k, doc);
  }
  return cache.get(k);
}

const reviewed = (number) => (analysis && analysis.moves ? analysis.moves.find((m) => m.number === number) : null);

// Go to the position after `n` moves.
export async function go(n) {
  n = Math.max(0, Math.min(total, n));
  const token = ++busy;
  const chosen = layers();
  let doc;
  try {
    doc = await step(n, chosen);
  } catch (e) { $("info").textContent = e.message; return; }
  if (token !== busy) return;
  ply = n;
  slider.value = String(n);
  const next = reviewed(n + 1);  // the move played from this position, and the computer's best
  const best = $("show-best").checked && next && next.best !== next.move ? next.best : null;
  $("board").replaceChildren(G.draw(doc, best, next ? next.seat : null));
  keys.refresh();
  $("ply-label").textContent = n === 0 ? `start of ${total} moves` : `after move ${n} of ${total}`;
  document.body.dataset.ply = String(n);
  document.body.dataset.layers = chosen;
  drawLegend(doc, best);
  drawMoveInfo(n);
  drawInfo(doc);
  markMoveList(n);
  drawGraph();
}
window.reviewGo = go;  // the browser tests step with it

function drawLegend(doc, best) {
  const items = [];
  if (game === "dominions") items.push(["last", "last move"]);
  if (best) items.push(["best", "the computer's best move"]);
  for (const h of (doc.marks.highlights || [])) items.push([null, h.label, h.colour]);
  const shownLetters = new Set(Object.values(doc.marks.status || {}));  // only the statuses on the board
  for (const [letter, text] of Object.entries(doc.marks.status_legend || {})) if (shownLetters.has(letter)) items.push(["status", `${letter}: ${text}`]);
  $("legend").replaceChildren(...items.map(([cls, text, colour]) => el("span", {},
    el("i", { class: cls ? `swatch ${cls}` : "swatch", style: colour ? `background:${colour}` : null }), text)));
}

function drawMoveInfo(n) {
  const box = $("move-info");
  const played = reviewed(n);
  const next = reviewed(n + 1);
  const parts = [];
  if (played) {
    const j = judge(played, analysis);
    parts.push(el("div", { id: "played", class: `judged ${j || ""}` }, el("b", {}, `Move ${played.number}`), ` · ${seatLabel(played.seat)} played ${played.move}`,
      j ? el("span", { class: `judgement ${j}` }, ` ${MARKS[j]} ${j}`) : null));
    parts.push(el("div", { class: "numbers" }, `value for the mover of the computer's choice ${valueBest(played).toFixed(3)} · of the move played ${valueAfter(played).toFixed(3)} · loss ${played.loss.toFixed(3)}`
      + (played.best !== played.move ? ` · the computer chose ${played.best}` : " · the move played was the computer's choice")));
  }
  if (next && next.best !== next.move) parts.push(el("div", { class: "muted" }, `Next, move ${next.number}: ${seatLabel(next.seat)} played ${next.move}; the computer prefers ${next.best} (green on the board).`));
  box.replaceChildren(...parts);
}

function drawInfo(doc) {
  const info = { ...doc.info };
  const parts = [];
  if (info.final) {
    parts.push(finalTable(info.final, seatNames.map((name) => ({ name }))));
    delete info.final;
  }
  parts.unshift(...factRows(info));
  if (game === "numbridge" && doc.view.result && ply === total) {
    const r = doc.view.result;
    parts.push(el("table", { class: "final-scores", id: "final-scores" }, el("caption", {}, r.text),
      el("tr", {}, el("th", {}, "side"), el("th", {}, "name"), el("th", {}, "blocks"), el("th", {}, "cells")),
      ...[0, 1].map((s) => el("tr", { class: r.winner === s ? "winner" : "" }, el("td", {}, G.seat(s)), el("td", {}, seatNames[s] || ""), el("td", {}, r.blocks[s]), el("td", {}, r.cells[s])))));
  }
  $("info").replaceChildren(...parts);
}

function moveTexts() {
  if (analysis && analysis.moves && analysis.moves.length === total) return analysis.moves.map((m) => m.move);
  return finalView ? finalView.moves : [];
}

function drawMoveList() {
  const body = $("move-list").querySelector("tbody");
  const texts = moveTexts();
  body.replaceChildren(...texts.map((text, k) => {
    const r = reviewed(k + 1);
    const j = r ? judge(r, analysis) : null;
    return el("tr", { "data-move": k + 1, class: j || "", tabindex: "0", onclick: () => go(k + 1),
      onkeydown: (ev) => { if (ev.key === "Enter") go(k + 1); } },
    el("td", {}, k + 1), el("td", {}, r ? G.seat(r.seat) : ""), el("td", {}, text, j ? el("span", { class: `judgement ${j}`, title: j }, ` ${MARKS[j]}`) : null),
    el("td", {}, r ? r.loss.toFixed(3) : ""), el("td", { class: "muted" }, r && r.best !== r.move ? r.best : ""));
  }));
  markMoveList(ply);
}

function markMoveList(n) {
  for (const tr of $("move-list").querySelectorAll("tr.current")) tr.classList.remove("current");
  const row = $("move-list").querySelector(`tr[data-move="${n}"]`);
  if (row) {
    row.classList.add("current");
    const box = row.closest(".move-list-box");
    if (box) box.scrollTop = Math.max(0, row.offsetTop - box.clientHeight / 2);
  }
}

function drawGraph() {
  const seats = analysis && analysis.review ? analysis.review.seats : Math.max(1, seatNames.length);
  $("graph").replaceChildren(evalGraph(analysis ? analysis.moves || [] : [], { total, ply, seats, analysis, seatLabel, colour: G.colour, go }));
}

function drawReviewStatus() {
  const a = analysis;
  const status = $("review-status");
  const button = $("start-review");
  const t = a ? a.thresholds : null;
  if (t) {
    const names = Object.entries(t).filter(([, v]) => v !== null).sort(([, a], [, b]) => a - b).map(([k, v]) => `${k} ≥ ${v}`);
    $("thresholds").textContent = `Loss is the drop of the mover's value (0..1) from the computer's best move; judged ${names.join(", ") || "by no threshold yet"} (solver.play.review).`;
  }
  if (!a || a.status === "none") { status.textContent = "No computer review yet."; button.hidden = false; button.disabled = false; return; }
  button.hidden = a.status === "done" || reviewBusy(a);
  if (a.status === "queued") status.textContent = "Computer review waiting for the analysis worker…";
  else if (a.status === "running") status.textContent = `Computer review running: ${a.reviewed} of ${a.total} moves analysed (${a.max_nodes} nodes a position); their rows and the graph fill in as it goes…`;
  else if (a.status === "failed") { status.textContent = `The computer review failed: ${a.error}`; button.hidden = false; }
  else {
    const counts = {};
    for (const m of a.moves) { const j = judge(m, a); if (j) counts[j] = (counts[j] || 0) + 1; }
    const plural = { blunder: "blunders", mistake: "mistakes", inaccuracy: "inaccuracies" };
    const summary = Object.keys(plural).filter((k) => counts[k]).map((k) => `${counts[k]} ${counts[k] > 1 ? plural[k] : k}`).join(", ") || "no move judged an error";
    status.textContent = `Computer review of ${a.reviewed} of ${a.total} moves (${a.max_nodes} nodes a position${a.review && a.review.interrupted ? "; stopped at its time limit" : ""}): ${summary}.`;
  }
  document.body.dataset.analysis = a.status;
}

async function poll() {
  const r = await fetch(`/api/games/${id}/analysis`);
  if (!r.ok) { $("review-status").textContent = (await r.json()).detail; $("start-review").hidden = true; return; }
  analysis = normal(await r.json());
  drawReviewStatus();
  drawMoveList();
  drawGraph();
  drawMoveInfo(ply);
  if (reviewBusy(analysis)) setTimeout(poll, 700);
  else go(ply);
}

$("start-review").onclick = async () => {
  $("start-review").disabled = true;
  const r = await fetch(`/api/games/${id}/analysis`, { method: "POST" });
  const doc = await r.json();
  if (!r.ok) { $("review-status").textContent = doc.detail; $("start-review").disabled = false; return; }
  analysis = normal(doc);
  drawReviewStatus();
  setTimeout(poll, 300);
};

const stepBy = (d) => go(ply + d);
$("first").onclick = () => go(0);
$("last").onclick = () => go(total);
$("prev").onclick = () => stepBy(-1);
$("next").onclick = () => stepBy(1);
slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
if ($("layers")) $("layers").addEventListener("change", () => go(ply));
$("show-best").addEventListener("change", () => go(ply));
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" && ev.target.type !== "range" && ev.target.type !== "checkbox") return;
  if (ev.key === "ArrowLeft") { ev.preventDefault(); stepBy(-1); }
  if (ev.key === "ArrowRight") { ev.preventDefault(); stepBy(1); }
  if (ev.key === "Home") { ev.preventDefault(); go(0); }
  if (ev.key === "End") { ev.preventDefault(); go(total); }
});

showRules(game, $("rules"));
try {
  total = (await step(0, "")).moves;
  slider.max = String(total);
  finalView = (await step(total, "")).view;
  ply = total;
  drawMoveList();
  await poll();  // then the board at the end of the game
} catch (e) {
  $("info").textContent = e.message;
}
