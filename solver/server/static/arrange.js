// The arrangements page: click a cell, then a piece of the palette; the server draws the
// board (reports/) and the verifier names every mismatch at once. Hints and solutions come
// from the engines.
import { el, setSvg } from "/static/util.js";

const $ = (id) => document.getElementById(id);
let pictures = {};
let fixed = [];
let placements = [];
let chosen = null;  // the clicked cell "x,y"
let last = null;

function body() {
  return { set: $("set").value, kind: "compact", region: $("region").value, border: $("border").value, fixed, placements };
}

async function post(path, doc) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(doc) });
  const out = await r.json();
  if (!r.ok) throw new Error(typeof out.detail === "string" ? out.detail : JSON.stringify(out.detail));
  return out;
}

function say(text, isError = false) { $("message").textContent = text; $("message").className = "message" + (isError ? " error" : ""); }

async function redraw() {
  try {
    last = await post("/api/arrange/board", body());
  } catch (e) { say(e.message, true); return; }
  const svg = setSvg($("board"), last.svg);
  for (const node of svg.querySelectorAll("[data-cell]")) {
    node.addEventListener("click", () => onCell(node.dataset.cell, node));
    node.addEventListener("dragover", (ev) => ev.preventDefault());
    node.addEventListener("drop", (ev) => {  // a piece dragged from the palette
      ev.preventDefault();
      const n = parseInt(ev.dataTransfer.getData("text/plain"), 10);
      if (Number.isNaN(n)) return;
      const [x, y] = node.dataset.cell.split(",").map(Number);
      if (fixed.some((p) => p.cell[0] === x && p.cell[1] === y)) { say("a fixed piece stays"); return; }
      placements = placements.filter((p) => p.cell[0] !== x || p.cell[1] !== y);
      chosen = node.dataset.cell;
      place(n);
    });
  }
  document.body.dataset.placed = String(placements.length);
  $("faults").replaceChildren(...last.mismatches.map((f) => el("li", {}, f)));
  if (!last.mismatches.length) $("faults").append(el("li", { class: "muted" }, "none"));
  $("palette").replaceChildren(...last.left.map((n) => {
    const b = el("button", { class: "piece", "data-piece": n, draggable: "true", onclick: () => place(n),
      ondragstart: (ev) => ev.dataTransfer.setData("text/plain", String(n)) });
    setSvg(b, pictures[n]);
    return b;
  }));
  $("status").textContent = last.complete ? "Complete: the verifier accepts this arrangement." :
    `${placements.length + fixed.length} of ${last.cells.length} cells filled${chosen ? ` · cell ${chosen} chosen: pick a piece` : ""}`;
}

function onCell(name, node) {
  const [x, y] = name.split(",").map(Number);
  if (fixed.some((p) => p.cell[0] === x && p.cell[1] === y)) { say("a fixed piece stays"); return; }
  const mine = placements.findIndex((p) => p.cell[0] === x && p.cell[1] === y);
  if (mine >= 0) { placements.splice(mine, 1); chosen = null; say("piece taken back"); redraw(); return; }
  chosen = name;
  for (const n of $("board").querySelectorAll(".selected-cell")) n.classList.remove("selected-cell");
  node.classList.add("selected-cell");
  $("status").textContent = `cell ${name} chosen: pick a piece`;
}

function place(n) {
  if (!chosen) { say("click a cell first", true); return; }
  const [x, y] = chosen.split(",").map(Number);
  placements.push({ cell: [x, y], piece: n });
  chosen = null;
  say("");
  redraw();
}

async function loadSet(keepRegion = false) {
  const doc = await (await fetch(`/api/arrange/pieces/${$("set").value}`)).json();
  pictures = doc.pieces;
  if (!keepRegion) $("region").value = doc.region;
}

$("set").addEventListener("change", async () => { fixed = []; placements = []; await loadSet(); redraw(); });
$("empty").onclick = () => { fixed = []; placements = []; chosen = null; redraw(); };
$("clear").onclick = () => { placements = []; chosen = null; redraw(); };
$("generate").onclick = async () => {
  say("generating a puzzle with exactly one completion…");
  try {
    const p = await post("/api/arrange/puzzle", { set: $("set").value, region: $("region").value, border: $("border").value, seed: parseInt($("seed").value, 10) || 0 });
    fixed = p.fixed; placements = [];
    say(`${fixed.length} fixed pieces (outlined); complete the arrangement`);
  } catch (e) { say(e.message, true); }
  redraw();
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

await loadSet();
redraw();
