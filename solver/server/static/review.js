// The review page: step through a game's positions with the analysis overlay at each one.
import { el, setSvg } from "/static/util.js";

const root = document.getElementById("review");
const id = root.dataset.id;
const slider = document.getElementById("ply");
const label = document.getElementById("ply-label");
const info = document.getElementById("info");
let busy = 0;

function layers() {
  return [...document.querySelectorAll("#layers input:checked")].map((x) => x.value).join(",");
}

async function show() {
  const ply = parseInt(slider.value, 10);
  const token = ++busy;
  const r = await fetch(`/api/games/${id}/review/${ply}?layers=${encodeURIComponent(layers())}`);
  const doc = await r.json();
  if (token !== busy) return;
  if (!r.ok) { info.textContent = doc.detail; return; }
  if (+slider.max !== doc.moves) slider.max = String(doc.moves);  // an imported game: its moves
  setSvg(document.getElementById("board"), doc.board);
  label.textContent = `after move ${ply} of ${doc.moves}`;
  document.body.dataset.ply = ply;
  info.replaceChildren(...Object.entries(doc.info).map(([k, v]) =>
    el("div", {}, el("b", {}, k + ": "), shown(v))));
}

function shown(v) {
  // a fact of many entries (each group's status or liberties) one line each, others inline
  if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 3)
    return el("ul", { class: "facts" }, ...Object.entries(v).map(([k, x]) => el("li", {}, `${k}: ${fmt(x)}`)));
  return fmt(v);
}

function fmt(v) {
  // a fact beside the board, readable: {"A": 1, "B": 0} -> "A 1 · B 0", lists joined
  if (Array.isArray(v)) return v.map(fmt).join(", ") || "none";
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${fmt(x)}`).join(" · ") || "none";
  return String(v);
}

const step = (d) => { slider.value = String(Math.min(+slider.max, Math.max(0, +slider.value + d))); show(); };
document.getElementById("first").onclick = () => { slider.value = "0"; show(); };
document.getElementById("last").onclick = () => { slider.value = slider.max; show(); };
document.getElementById("prev").onclick = () => step(-1);
document.getElementById("next").onclick = () => step(1);
slider.addEventListener("input", show);
document.getElementById("layers").addEventListener("change", show);
document.addEventListener("keydown", (ev) => {
  if (ev.key === "ArrowLeft") step(-1);
  if (ev.key === "ArrowRight") step(1);
  if (ev.key === "Home") { slider.value = "0"; show(); }
  if (ev.key === "End") { slider.value = slider.max; show(); }
});
show();
