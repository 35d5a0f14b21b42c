// The arrangements page: compact, transcendental and StarMap arrangements of the beam sets on
// the named regions the server offers. Click a cell, then a piece of the palette (or drag a
// piece onto a cell); the server draws the board (reports/) and the verifier names every
// mismatch at once. Hints and solutions come from the engines. Fixed pieces come from a
// generated puzzle or are placed by hand ("fixed pieces" mode); "How many completions?"
// says whether they make a puzzle (exactly one completion). The address holds the puzzle.
import { el, setSvg } from "/static/util.js";
import { attachKeyboard } from "/static/board/keyboard.js";

const $ = (id) => document.getElementById(id);
const OFFERED = JSON.parse($("offered").textContent);
const RULES = {
  compact: "Compact: every piece of the set on a cell of the region, every cell filled; a beam faces a beam, a blank side a blank side.",
  transcendental: "Transcendental: every piece placed once inside the bounding region; every beam meets a beam and every blank side faces an empty cell.",
  starmap: "StarMap: every piece placed once on the board; looking along a beam you meet another piece, looking along a blank side you meet nothing.",
};
let pictures = {};
let pieceTurn = {};  // piece -> "up" / "down" (triangle set) or "any"
let puzzleSeed = null;  // the seed of the generated puzzle on the board, if any
let fixed = [];
let placements = [];
let chosen = null;  // the clicked cell "x,y"
let last = null;

const mode = () => document.querySelector("input[name=mode]:checked").value;
// the keyboard: Tab to the board, arrows, Enter chooses the cell; Tab on to the palette
const keys = attachKeyboard($("board"), {
  activate: (name, node) => { onCell(name, node); const first = $("palette").querySelector(".piece:not(.wrong-turn)"); if (chosen && first) first.focus(); },
  describe: (name) => `cell ${name}`,
});

function body() {
  return { set: $("set").value, kind: $("kind").value, region: $("region").value, border: $("border").value, fixed, placements };
}

async function post(path, doc) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(doc) });
  const out = await r.json();
  if (!r.ok) throw new Error(typeof out.detail === "string" ? out.detail : JSON.stringify(out.detail));
  return out;
}

const isFixed = (x, y) => fixed.some((p) => p.cell[0] === x && p.cell[1] === y);

function say(text, isError = false) { $("message").textContent = text; $("message").className = "message" + (isError ? " error" : ""); }

// The choices of the form follow the kind and the set: only what the server offers.
function fillChoices(keepRegion = null) {
  const kind = $("kind").value;
  const sets = Object.keys(OFFERED[kind]);
  const set = sets.includes($("set").value) ? $("set").value : sets[0];
  $("set").replaceChildren(...sets.map((s) => el("option", { value: s, selected: s === set ? true : null }, s)));
  const regions = OFFERED[kind][set];
  const region = keepRegion && regions.includes(keepRegion) ? keepRegion : regions[0];
  $("region").replaceChildren(...regions.map((r) => el("option", { value: r, selected: r === region ? true : null }, r)));
  $("border-box").hidden = kind !== "compact";
  $("kind-rule").textContent = RULES[kind];
  $("arrange").dataset.kind = kind;
}

async function redraw() {
  try {
    last = await post("/api/arrange/board", body());
  } catch (e) { say(e.message, true); return; }
  const svg = setSvg($("board"), last.svg);
  keys.refresh();
  for (const node of svg.querySelectorAll("[data-cell]")) {
    node.addEventListener("click", () => onCell(node.dataset.cell, node));
    node.addEventListener("dragover", (ev) => ev.preventDefault());
    node.addEventListener("drop", (ev) => {  // a piece dragged from the palette
      ev.preventDefault();
      const n = parseInt(ev.dataTransfer.getData("text/plain"), 10);
      if (Number.isNaN(n)) return;
      const [x, y] = node.dataset.cell.split(",").map(Number);
      if (isFixed(x, y) && mode() === "play") { say(`cell ${x},${y} is locked: a fixed piece of the puzzle`, true); return; }
      fixed = fixed.filter((p) => p.cell[0] !== x || p.cell[1] !== y);
      placements = placements.filter((p) => p.cell[0] !== x || p.cell[1] !== y);
      chosen = node.dataset.cell;
      place(n);
    });
  }
  for (const p of fixed) {  // the puzzle's pieces are locked
    const node = svg.querySelector(`[data-cell="${p.cell.join(",")}"]`);
    if (node) { node.classList.add("locked"); node.setAttribute("aria-disabled", "true"); }
  }
  document.body.dataset.placed = String(placements.length);
  document.body.dataset.fixed = String(fixed.length);
  const mism = last.mismatches;
  $("faults").replaceChildren(...mism.map((f) => el("li", {}, f)));
  if (!mism.length) $("faults").append(el("li", { class: "muted" }, "none"));
  if (last.open && last.open.length) $("faults").append(el("li", { class: "muted" }, `${last.open.length} beam${last.open.length > 1 ? "s" : ""} still meet${last.open.length > 1 ? "" : "s"} nothing yet`));
  $("palette").replaceChildren(...last.left.map((n) => {
    const b = el("button", { class: "piece", "data-piece": n, draggable: "true", onclick: () => place(n),
      ondragstart: (ev) => ev.dataTransfer.setData("text/plain", String(n)) });
    setSvg(b, pictures[n]);
    return b;
  }));
  markTurns();
  const filled = placements.length + fixed.length;
  const of = last.kind === "compact" ? `${filled} of ${last.cells.length} cells filled` : `${filled} of ${filled + last.left.length} pieces placed`;
  $("status").textContent = last.complete ? "Complete: the verifier accepts this arrangement." :
    `${of}${chosen ? ` · cell ${chosen} chosen: pick a piece` : ""}`;
}

function onCell(name, node) {
  const [x, y] = name.split(",").map(Number);
  if (isFixed(x, y)) {
    if (mode() === "fix") { fixed = fixed.filter((p) => p.cell[0] !== x || p.cell[1] !== y); puzzleSeed = null; remember(); say("fixed piece taken back"); redraw(); return; }
    say(`cell ${name} is locked: a fixed piece of the puzzle`, true);
    return;
  }
  const mine = placements.findIndex((p) => p.cell[0] === x && p.cell[1] === y);
  if (mine >= 0) { placements.splice(mine, 1); chosen = null; say("piece taken back"); redraw(); return; }
  chosen = name;
  for (const n of $("board").querySelectorAll(".selected-cell")) n.classList.remove("selected-cell");
  node.classList.add("selected-cell");
  $("status").textContent = `cell ${name} chosen: pick a ${mode() === "fix" ? "piece to fix" : "piece"}`;
  markTurns();
}

// On the triangle grid a piece points up or down like its cell: the palette dims the pieces
// that cannot go on the chosen cell (the verifier would refuse them).
function markTurns() {
  const turn = chosen && last ? last.orientation[chosen] : "any";
  for (const b of $("palette").querySelectorAll(".piece")) {
    const t = pieceTurn[b.dataset.piece];
    const off = turn !== "any" && t !== turn;
    b.classList.toggle("wrong-turn", off);
    b.title = off ? `piece ${b.dataset.piece} points ${t}; cell ${chosen} points ${turn}` : "";
  }
}

function place(n) {
  if (!chosen) { say("click a cell first", true); return; }
  const [x, y] = chosen.split(",").map(Number);
  if (mode() === "fix") { fixed.push({ cell: [x, y], piece: n }); puzzleSeed = null; remember(); }
  else placements.push({ cell: [x, y], piece: n });
  chosen = null;
  say("");
  redraw();
}

async function loadSet() {
  const doc = await (await fetch(`/api/arrange/pieces/${$("set").value}`)).json();
  pictures = doc.pieces;
  pieceTurn = doc.orientation;
}

const fixedText = () => fixed.map((p) => `${p.cell[0]},${p.cell[1]}:${p.piece}`).join(";");

function remember() {  // the address names the puzzle on the board, so it can be shared
  const q = new URLSearchParams({ set: $("set").value, kind: $("kind").value, region: $("region").value });
  if (puzzleSeed !== null) q.set("puzzle", String(puzzleSeed));
  else if (fixed.length) q.set("fixed", fixedText());
  history.replaceState(null, "", `/arrange?${q}`);
}

async function restart(keepRegion = null) {
  fillChoices(keepRegion);
  fixed = []; placements = []; chosen = null; puzzleSeed = null;
  await loadSet();
  remember();
  redraw();
}
$("kind").addEventListener("change", () => restart());
$("set").addEventListener("change", () => restart());
$("region").addEventListener("change", () => restart($("region").value));
$("border").addEventListener("change", () => redraw());
$("empty").onclick = () => { fixed = []; placements = []; chosen = null; puzzleSeed = null; remember(); redraw(); };
$("clear").onclick = () => { placements = []; chosen = null; redraw(); };
async function generate() {
  say("generating a puzzle with exactly one completion…");
  try {
    const p = await post("/api/arrange/puzzle", { set: $("set").value, kind: $("kind").value, region: $("region").value, border: $("border").value, seed: parseInt($("seed").value, 10) || 0 });
    fixed = p.fixed; placements = []; chosen = null; puzzleSeed = p.seed;
    remember();
    say(`puzzle ${p.seed}: ${fixed.length} fixed pieces (outlined in red, locked); place the rest`);
  } catch (e) { say(e.message, true); }
  redraw();
}
$("generate").onclick = generate;
$("completions").onclick = async () => {
  say("counting the completions of the fixed pieces…");
  try {
    const c = await post("/api/arrange/completions", body());
    say(c.message + (c.differ.length ? ` (e.g. cell ${c.differ[0].join(",")})` : ""), c.completions !== 1);
    document.body.dataset.completions = String(c.completions);
  } catch (e) { say(e.message, true); }
};
$("hint").onclick = async () => {
  say("asking the engines…");
  try {
    const h = await post("/api/arrange/hint", body());
    say(h.message, !h.hint && !last.complete);
    if (h.hint) { placements.push(h.hint); redraw(); }
  } catch (e) { say(e.message, true); }
};
$("check").onclick = () => {
  if (!last) return;
  say(last.complete ? "the verifier accepts this arrangement" : `not yet: ${last.faults[0]}`, !last.complete);
};
$("solution").onclick = async () => {
  say("solving…");
  try {
    const s = await post("/api/arrange/solution", body());
    const fixedCells = new Set(fixed.map((p) => p.cell.join(",")));
    placements = s.placements.filter((p) => !fixedCells.has(p.cell.join(",")));
    say("a solution");
    redraw();
  } catch (e) { say(e.message, true); }
};

const root = $("arrange");
fillChoices($("region").value);
await loadSet();
if (root.dataset.puzzle !== undefined) await generate();  // /arrange?puzzle=SEED
else {
  if (root.dataset.fixed) {  // /arrange?fixed=x,y:n;... : a puzzle made by hand
    fixed = root.dataset.fixed.split(";").map((t) => { const [c, n] = t.split(":"); return { cell: c.split(",").map(Number), piece: parseInt(n, 10) }; });
  }
  redraw();
}
