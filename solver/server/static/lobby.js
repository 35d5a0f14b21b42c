// The lobby on the start page: open seeks (accept one to take its seat) and the live games
// to watch, refreshed every few seconds from GET /api/lobby.
import { el } from "/static/util.js";

const seeksBody = document.querySelector("#seeks tbody");
const liveBody = document.querySelector("#live-games tbody");
const nameInput = document.getElementById("lobby-name");
const error = document.getElementById("lobby-error");
nameInput.value = localStorage.getItem("solver-name") || "";
nameInput.addEventListener("change", () => localStorage.setItem("solver-name", nameInput.value));

function clockText(c) {
  if (!c) return "the game's";
  const part = (s) => (s ? (s >= 60 ? `${Math.round(s / 60)} min` : `${s} s`) : "none");
  return `${part(c.move)} per move · ${part(c.game)} per game`;
}

function settingsText(s) {
  return Object.entries(s || {}).map(([k, v]) => `${k} ${v}`).join(", ") || "defaults";
}

async function accept(seek) {
  error.textContent = "";
  const r = await fetch(`/api/seeks/${seek.id}/accept`, { method: "POST",
    headers: { "content-type": "application/json" }, body: JSON.stringify({ name: nameInput.value }) });
  const doc = await r.json();
  if (!r.ok) { error.textContent = doc.detail; refresh(); return; }
  if (doc.link) { location.href = doc.link; return; }
  const wait = async () => {  // more seats to fill: wait with the seat's token
    const s = await (await fetch(`/api/seeks/${doc.id}?token=${encodeURIComponent(doc.token)}`)).json();
    if (s.you && s.you.link) location.href = s.you.link;
    else { error.textContent = `Seat ${doc.seat + 1} is yours; waiting for ${s.open} more…`; setTimeout(wait, 1000); }
  };
  wait();
}

function drawSeeks(seeks) {
  seeksBody.replaceChildren(...seeks.map((s) => el("tr", { "data-seek": s.id },
    el("td", {}, s.title),
    el("td", {}, s.seats.map((x, i) => `${i + 1}: ${x.kind === "computer" ? `computer ${x.player}` : x.name || "open"}`).join(" · ")),
    el("td", {}, settingsText(s.settings)),
    el("td", {}, clockText(s.clock)),
    el("td", {}, el("button", { type: "button", class: "accept", onclick: () => accept(s) }, "Accept")))));
  document.getElementById("no-seeks").hidden = seeks.length > 0;
  document.getElementById("seeks").hidden = seeks.length === 0;
}

function drawLive(games) {
  liveBody.replaceChildren(...games.map((g) => el("tr", { "data-id": g.id },
    el("td", {}, g.game), el("td", {}, g.seats.join(" · ")), el("td", {}, g.moves),
    el("td", {}, el("a", { href: `/watch/${g.id}` }, "watch")))));
  document.getElementById("no-live").hidden = games.length > 0;
  document.getElementById("live-games").hidden = games.length === 0;
}

async function refresh() {
  try {
    const doc = await (await fetch("/api/lobby")).json();
    drawSeeks(doc.seeks);
    drawLive(doc.live);
  } catch (e) { /* the next refresh tries again */ }
}
refresh();
setInterval(refresh, 3000);
