// BackSlide: fifteen square-set pieces and a hole on a 4x4 board. Click a piece next to the
// hole (or arrows + Enter) to slide it in; solved when every beam meets a beam and none points
// off the board (the server's verifier judges each position). "Fewest slides left" asks the
// server's IDA* search, which answers within its node and time limit or says it ran out.
import { el } from "/static/util.js";
import { attachKeyboard } from "/static/board/keyboard.js";
import { drawBackSlide } from "/static/board/backslide.js";
import { showRules } from "/static/rules.js";

const $ = (id) => document.getElementById(id);
const root = $("backslide");
let start = null;  // the dealt position
let position = null;
let taken = [];  // positions before each slide
let verdict = null;  // the server's judgement of `position`
let nextSlide = null;  // a piece to outline (the first slide of a shortest way)
let optimalFor = null;  // the position the last optimal answer was about

async function post(path, doc) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(doc) });
  const out = await r.json();
  if (!r.ok) throw new Error(typeof out.detail === "string" ? out.detail : JSON.stringify(out.detail));
  return out;
}
const say = (text, isError = false) => { $("message").textContent = text; $("message").className = "message" + (isError ? " error" : ""); };

const keys = attachKeyboard($("board"), {
  activate: (name) => slide(position[cellIndex(name)]),
  describe: (name) => { const v = position[cellIndex(name)]; return v ? `piece ${v}${slidable().includes(v) ? ", can slide" : ""}` : "the hole"; },
  start: () => { const s = slidable(); return s.length ? cellName(position.indexOf(s[0])) : null; },
});
const cellName = (i) => `${i % 4},${Math.floor(i / 4)}`;
const cellIndex = (name) => { const [x, y] = name.split(",").map(Number); return y * 4 + x; };

function slidable() {
  const h = position.indexOf(0);
  const r = Math.floor(h / 4);
  const c = h % 4;
  const out = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < 4 && cc >= 0 && cc < 4) out.push(position[rr * 4 + cc]);
  }
  return out;
}

function draw() {
  const svg = drawBackSlide(position, { open: $("show-open").checked, movable: verdict && !verdict.solved ? slidable() : [], next: nextSlide });
  $("board").replaceChildren(svg);
  for (const node of svg.querySelectorAll("[data-cell]")) node.addEventListener("click", () => slide(position[cellIndex(node.dataset.cell)]));
  keys.refresh();
  $("moves").textContent = String(taken.length);
  document.body.dataset.slides = String(taken.length);
  document.body.dataset.solved = verdict && verdict.solved ? "true" : "false";
  const solved = verdict && verdict.solved;
  $("status").textContent = solved ? `Solved in ${taken.length} slides: every beam meets a beam.`
    : `${taken.length} slides · ${verdict ? verdict.fault_count : "?"} faults left`;
  $("status").className = "status" + (solved ? " solved" : "");
  $("hint").textContent = solved ? "Solved. Deal a new puzzle, or start again and try for fewer slides."
    : "Click a piece next to the hole to slide it in (or Tab to the board, arrows, Enter); make every beam meet a beam.";
  $("faults").replaceChildren(...(verdict ? verdict.faults : []).map((f) => el("li", {}, f)));
  if (verdict && verdict.fault_count > verdict.faults.length) $("faults").append(el("li", { class: "muted" }, `… ${verdict.fault_count - verdict.faults.length} more`));
  $("undo").disabled = !taken.length;
  $("remaining").textContent = optimalFor === position.join(",") ? $("remaining").textContent : "fewest left: ask";
}

async function judge() {
  try {
    verdict = await post("/api/backslide/check", { position });
  } catch (e) { say(e.message, true); }
  draw();
}

function slide(piece) {
  if (!piece) { say("that is the hole: click a piece next to it", true); return; }
  if (verdict && verdict.solved) { say("solved already: deal a new puzzle or start again"); return; }
  if (!slidable().includes(piece)) { say(`piece ${piece} is not next to the hole`, true); return; }
  taken.push(position);
  const cells = [...position];
  const h = cells.indexOf(0);
  const p = cells.indexOf(piece);
  cells[h] = piece;
  cells[p] = 0;
  position = cells;
  nextSlide = null;
  say("");
  keys.set(cellName(h));
  judge();
}

async function deal() {
  const seed = parseInt($("seed").value, 10) || 0;
  const slides = Math.max(0, parseInt($("slides").value, 10) || 0);
  say("");
  try {
    const d = await post("/api/backslide/deal", { seed, slides });
    start = d.position; position = d.position; taken = []; verdict = d; nextSlide = null; optimalFor = null;
    window.history.replaceState(null, "", `/backslide?seed=${seed}&slides=${slides}`);
    draw();
  } catch (e) { say(e.message, true); }
}

async function askOptimal(show) {
  $("remaining").textContent = "searching…";
  const asked = position;
  try {
    const o = await post("/api/backslide/optimal", { position: asked });
    if (asked !== position) return;
    optimalFor = asked.join(",");
    if (!o.answered) {
      $("remaining").textContent = "fewest left: not found within the limit";
      say(`${o.message} (limit ${o.limits.max_nodes.toLocaleString("en")} nodes, ${o.limits.max_seconds} s)`, true);
      draw();
      return;
    }
    $("remaining").textContent = `fewest left: ${o.remaining}`;
    $("remaining").dataset.remaining = String(o.remaining);
    if (show && o.slides.length) { nextSlide = o.slides[0]; say(`slide piece ${nextSlide} (outlined in green): ${o.message}`); }
    else say(o.message);
    draw();
  } catch (e) { $("remaining").textContent = "fewest left: ask"; say(e.message, true); }
}

$("optimal").onclick = () => askOptimal(false);
$("next-slide").onclick = () => askOptimal(true);
$("undo").onclick = () => { if (!taken.length) return; position = taken.pop(); nextSlide = null; judge(); };
$("restart").onclick = () => { if (!start) return; position = start; taken = []; nextSlide = null; judge(); };
$("show-open").onchange = () => draw();
$("deal-form").addEventListener("submit", (ev) => { ev.preventDefault(); deal(); });
$("seed").value = root.dataset.seed;
$("slides").value = root.dataset.slides;
showRules("backslide", $("rules"));
deal();
