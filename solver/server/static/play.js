// The play page (seat or spectator): one websocket; the board is drawn here from each state
// message's view (/static/board/<game>.js), as lichess's chessground draws from a FEN.
// Game-specific panels, hands, clicks and keys live in /static/games/<game>.js; the club's
// panel (draw offers, a failed computer player, the rematch) in /static/club.js.
import { el, fmtClock } from "/static/util.js";
import { attachKeyboard } from "/static/board/keyboard.js";
import { showRules } from "/static/rules.js";
import { LABELS, CONFIRM, drawClub, loadPlayers } from "/static/club.js";

const root = document.getElementById("play");
const ctx = {
  id: root.dataset.id,
  game: root.dataset.game,
  seat: root.dataset.seat === "" ? null : parseInt(root.dataset.seat, 10),
  token: root.dataset.token,
  state: null,
  selected: null,
  els: Object.fromEntries(["status", "board", "choices", "seats", "info", "hand", "hand-box",
    "controls", "message", "moves", "hint"].map((k) => [k, document.getElementById(k)])),
  received: 0,
};
const moduleName = ctx.game === "dominomega" ? "dominimum" : ctx.game;
const mod = await import(`/static/games/${moduleName}.js`);
let ws = null;
let retry = 0;
loadPlayers(ctx);

ctx.send = (obj) => {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
};
ctx.move = (text) => ctx.send({ type: "move", move: text, ply: ctx.state ? ctx.state.ply : null });
ctx.say = (text, isError = false) => {
  ctx.els.message.textContent = text;
  ctx.els.message.className = "message" + (isError ? " error" : "");
};
ctx.myTurn = () => ctx.state && ctx.seat !== null && ctx.state.status === "live" && ctx.state.to_move === ctx.seat;
// Put a drawn board on the page: clicks and the keyboard (arrows + Enter) reach mod.onCell.
const keys = attachKeyboard(ctx.els.board, {
  activate: (name, node, ev) => mod.onCell && mod.onCell(ctx, name, node, ev),
  describe: (name) => (mod.describe && ctx.state ? mod.describe(ctx, name) : name),
  start: () => (mod.startCell ? mod.startCell(ctx) : null),
});
ctx.showBoard = (svg) => {
  ctx.els.board.replaceChildren(svg);
  for (const node of svg.querySelectorAll("[data-cell]")) {
    node.addEventListener("click", (ev) => mod.onCell && mod.onCell(ctx, node.dataset.cell, node, ev));
  }
  keys.refresh();
  return svg;
};
ctx.keys = keys;

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = ctx.token ? `?token=${encodeURIComponent(ctx.token)}` : "";
  ws = new WebSocket(`${proto}://${location.host}/ws/${ctx.id}${q}`);
  ws.addEventListener("open", () => { retry = 0; });
  ws.addEventListener("message", (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "state") onState(m);
    else if (m.type === "error") ctx.say(m.rule ? `refused (${m.rule}): ${m.message}` : m.message, true);
    else if (m.type === "cell" && mod.onCellReply) mod.onCellReply(ctx, m);
    else if (m.type === "moved" && ctx.state && m.ply === ctx.state.ply + 1) {
      ctx.els.moves.append(el("li", { class: "pending" }, m.move));  // the drawn position follows
    }
  });
  ws.addEventListener("close", () => {
    ctx.els.status.textContent = "connection lost, reconnecting…";
    setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
  });
}

function onState(m) {
  if (ctx.state && m.rev < ctx.state.rev) return;  // arrived late (rev grows with every change)
  const first = ctx.state === null;
  const changed = !ctx.state || ctx.state.ply !== m.ply;
  ctx.state = m;
  ctx.received = performance.now();
  document.body.dataset.ply = m.ply;
  ctx.els.status.textContent = (m.status_line || m.status) + (m.waiting.length && m.status === "live"
    ? ` · waiting for ${m.waiting.map((i) => m.seats[i].name).join(", ")} to open the seat link (the clock starts then)` : "");
  drawSeats(m);
  drawControls(m);
  const list = ctx.els.moves;
  list.replaceChildren(...m.moves.map((t) => el("li", {}, t)));
  list.scrollTop = list.scrollHeight;
  if (changed && !first) ctx.say("");
  mod.render(ctx, m, changed);
  ctx.hint();
}

// The one line that says what to do next.
ctx.hint = () => {
  const m = ctx.state;
  if (!m || !ctx.els.hint) return;
  let text;
  if (m.status !== "live") text = "The game is over: open the review to study it move by move.";
  else if (ctx.seat === null) text = "You are watching: the board follows the game live.";
  else if (m.waiting.length) text = "Send the other seats their links; the game starts when everyone has opened theirs.";
  else if (!ctx.myTurn()) text = `Wait: ${m.seats[m.to_move] ? m.seats[m.to_move].name : "the other side"} is to move.`;
  else text = mod.hint ? mod.hint(ctx, m) : "Your move.";
  ctx.els.hint.textContent = text;
};

function drawSeats(m) {
  const box = ctx.els.seats;
  box.replaceChildren();
  m.seats.forEach((s, i) => {
    const colour = (m.seat_colours || [])[i] || "";
    const row = el("div", { class: `seat ${colour}${m.to_move === i ? " to-move" : ""}${ctx.seat === i ? " me" : ""}`, "data-seat": i },
      el("span", {}, `${m.seat_labels ? m.seat_labels[i] + " · " : ""}${s.name}${s.kind === "computer" ? " (computer)" : ""}${ctx.seat === i ? " (you)" : ""}`),
      el("span", { class: "clock", id: `clock-${i}` }, ""));
    box.append(row);
  });
  tickClocks();
}

function tickClocks() {
  const m = ctx.state;
  if (!m || !m.clock) return;
  const elapsed = (performance.now() - ctx.received) / 1000;
  m.clock.seats.forEach((c, i) => {
    const node = document.getElementById(`clock-${i}`);
    if (!node) return;
    const running = m.status === "live" && m.clock.mover === i && m.clock.running !== false;
    const game = c.left === null ? null : c.left - (running ? elapsed : 0);
    let text = `game ${fmtClock(game)}`;
    let low = game !== null && game < 30;
    if (m.clock.mover === i && m.status === "live" && m.clock.move_left !== null) {
      const move = m.clock.move_left - (running ? elapsed : 0);
      text = `move ${fmtClock(move)} · ` + text;
      low = low || move < 10;
    }
    node.textContent = text;
    node.classList.toggle("low", !!low);
  });
}
setInterval(tickClocks, 250);

function drawControls(m) {
  const box = ctx.els.controls;
  box.replaceChildren();
  const labels = LABELS;
  const actions = [...(m.actions || [])];
  if (m.undo && ctx.seat !== null && m.status === "live") actions.push("undo");
  for (const a of actions) {
    const b = el("button", { id: `btn-${a}`, onclick: () => {
      if (a === "pass") ctx.move(m.pass_text || "pass");
      else if (a === "undo") ctx.send({ type: "undo" });
      else if (CONFIRM[a] && !confirm(CONFIRM[a])) return;
      else ctx.send({ type: "action", action: a });
    } }, labels[a] || a);
    box.append(b);
  }
  if (mod.controls) mod.controls(ctx, m, box);
  drawClub(ctx, m, box);
}

document.addEventListener("keydown", (ev) => mod.onKey && mod.onKey(ctx, ev));
showRules(ctx.game, document.getElementById("rules"));
connect();
