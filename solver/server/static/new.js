// The "new game" page: room settings, seats (person or computer), create, show the links.
import { el } from "/static/util.js";
import { showRules } from "/static/rules.js";

const info = JSON.parse(document.getElementById("room-info").textContent);
const settingsBox = document.getElementById("settings");
const seatsBox = document.getElementById("seats");
const seatCount = document.getElementById("seat-count");

for (const s of info.settings) {
  let input;
  if (s.kind === "bool") {
    input = el("input", { type: "checkbox", name: s.name, checked: s.default ? true : null });
  } else if (s.kind === "choice") {
    input = el("select", { name: s.name }, ...s.choices.map((c) => el("option", { value: c, selected: c === s.default ? true : null }, c)));
  } else {
    input = el("input", { type: "number", name: s.name, value: s.default, min: s.min, max: s.max, step: s.kind === "float" ? "any" : "1" });
  }
  settingsBox.append(el("label", {}, s.label + " ", input));
}
if (!info.settings.length) settingsBox.append(el("span", { class: "muted" }, "This game has no room settings."));

for (const n of info.seats) seatCount.append(el("option", { value: n }, n));

function seatRow(i, box, prefix) {
  const kind = el("select", { name: `${prefix}kind${i}` },
    el("option", { value: "human" }, i === 0 ? "me" : "a person (by link)"),
    prefix === "" && i > 0 ? el("option", { value: "open" }, "anyone from the lobby (a seek)") : null,
    el("option", { value: "computer" }, "the computer"));
  const player = el("select", { name: `${prefix}player${i}` }, ...info.players.map((p) => el("option", { value: p, selected: p === info.default_player }, p)));
  const time = el("input", { type: "number", name: `${prefix}time${i}`, value: "1", min: "0.05", max: "60", step: "any", size: 4 });
  const name = el("input", { type: "text", name: `${prefix}name${i}`, maxlength: 40, placeholder: "name", size: 10 });
  const computerBits = el("span", {}, " player ", player, " seconds per move ", time);
  const sync = () => { computerBits.hidden = kind.value !== "computer"; };
  kind.addEventListener("change", sync);
  if (i > 0) kind.value = "computer";
  sync();
  box.append(el("div", { class: "seat-row" }, `Seat ${i + 1}: `, kind, " ", name, computerBits));
}

function seatsFrom(box, prefix, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const q = (k) => box.querySelector(`[name=${prefix}${k}${i}]`);
    const kind = q("kind").value;
    out.push({ kind, name: q("name").value, player: kind === "computer" ? q("player").value : "",
               move_time: parseFloat(q("time").value) || 1 });
  }
  return out;
}

function drawSeats() {
  seatsBox.replaceChildren();
  for (let i = 0; i < parseInt(seatCount.value, 10); i++) seatRow(i, seatsBox, "");
}
seatCount.addEventListener("change", drawSeats);
seatCount.value = String(info.seats.includes(2) ? 2 : info.seats[0]);
drawSeats();

function settingsValues() {
  const out = {};
  for (const s of info.settings) {
    const input = settingsBox.querySelector(`[name=${s.name}]`);
    if (s.kind === "bool") out[s.name] = input.checked;
    else if (s.kind === "choice") out[s.name] = s.choices.find((c) => String(c) === input.value);
    else out[s.name] = s.kind === "int" ? parseInt(input.value, 10) : parseFloat(input.value);
  }
  return out;
}

function showLinks(created) {
  const list = document.getElementById("link-list");
  list.replaceChildren();
  let mine = null;
  for (const s of created.seats) {
    if (s.link) {
      if (mine === null) mine = s.link;
      list.append(el("li", {}, `Seat ${s.seat + 1} (${s.name}): `, el("a", { href: s.link, class: "seat-link" }, s.link)));
    } else {
      list.append(el("li", {}, `Seat ${s.seat + 1}: computer ${s.name}`));
    }
  }
  list.append(el("li", {}, "Spectators: ", el("a", { href: created.watch, class: "watch-link" }, created.watch)));
  if (mine) list.append(el("li", {}, el("a", { href: mine, class: "button", id: "take-seat" }, "Take my seat")));
  document.getElementById("links").hidden = false;
}

async function post(url, body) {
  const err = document.getElementById("error");
  err.textContent = "";
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const doc = await r.json();
  if (!r.ok) {
    err.textContent = typeof doc.detail === "string" ? doc.detail : JSON.stringify(doc.detail);
    return;
  }
  showLinks(doc);
}

const clockBox = document.getElementById("clock");
if (info.own_clock) clockBox.hidden = true;  // the game's settings hold its clock

function timeControl() {
  if (info.own_clock) return null;
  return { move: parseFloat(document.getElementById("clock-move").value) || 0,
           game: parseFloat(document.getElementById("clock-game").value) || 0 };
}

async function seek(seats) {
  // a seek: the open seats (and people's seats by link) are filled from the lobby
  const err = document.getElementById("error");
  err.textContent = "";
  const body = { game: info.game, settings: settingsValues(), clock: timeControl(), me: 0, name: seats[0].name,
    seats: seats.map((s) => ({ kind: s.kind === "computer" ? "computer" : "human", name: "", player: s.player, move_time: s.move_time })) };
  const r = await fetch("/api/seeks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const doc = await r.json();
  if (!r.ok) { err.textContent = typeof doc.detail === "string" ? doc.detail : JSON.stringify(doc.detail); return; }
  const status = document.getElementById("seek-status");
  document.getElementById("seek").hidden = false;
  status.textContent = "Your seek is in the lobby; this page opens your seat when someone accepts.";
  const poll = async () => {
    const s = await (await fetch(`/api/seeks/${doc.id}?token=${encodeURIComponent(doc.token)}`)).json();
    if (s.you && s.you.link) { location.href = s.you.link; return; }
    if (s.detail) { status.textContent = s.detail; return; }
    status.textContent = `Waiting in the lobby for ${s.open} more ${s.open === 1 ? "player" : "players"}…`;
    setTimeout(poll, 1000);
  };
  document.getElementById("cancel-seek").onclick = async () => {
    await fetch(`/api/seeks/${doc.id}?token=${encodeURIComponent(doc.token)}`, { method: "DELETE" });
    status.textContent = "Seek taken back.";
  };
  poll();
}

document.getElementById("new-game").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const seed = document.getElementById("seed").value;
  const seats = seatsFrom(seatsBox, "", parseInt(seatCount.value, 10));
  if (seats.some((s) => s.kind === "open")) { seek(seats); return; }
  post("/api/games", { game: info.game, settings: settingsValues(), clock: timeControl(),
    seats, seed: seed === "" ? null : parseInt(seed, 10) });
});

const importForm = document.getElementById("import-record");
if (importForm) {
  const box = document.getElementById("import-seats");
  seatRow(0, box, "i");
  seatRow(1, box, "i");
  importForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    post("/api/import", { game: info.game, record: document.getElementById("record").value, seats: seatsFrom(box, "i", 2) });
  });
}

showRules(info.game, document.getElementById("rules"));
