// The club's part of the play page: draw offers, a computer player that failed (give its seat
// to another one), the rematch, and the labels of the club's buttons.
import { el } from "/static/util.js";

export const LABELS = { pass: "Pass", offer: "Offer draw", accept: "Accept draw", decline: "Decline draw",
  resign: "Resign", abort: "Abort", rematch: "Rematch", undo: "Undo" };
export const CONFIRM = { resign: "Resign this game?", abort: "Abort this game (no result)?" };

export function drawClub(ctx, m, box) {
  const name = (i) => `${m.seats[i].name} (seat ${i + 1})`;
  if (m.offers && m.offers.length && m.status === "live") {
    box.append(el("p", { class: "notice", id: "draw-offer" }, `${m.offers.map(name).join(", ")} offered a draw`));
  }
  for (const t of m.trouble || []) {
    const row = el("div", { class: "notice error", id: `trouble-${t.seat}` }, `${name(t.seat)}: ${t.message}. `);
    if (ctx.seat !== null) {
      const players = ctx.players || [m.seats[t.seat].player];
      const pick = el("select", { "aria-label": "computer player" }, ...players.map((p) => el("option", { value: p }, p)));
      const time = el("input", { type: "number", value: m.seats[t.seat].move_time || 1, min: "0.05", max: "60", step: "any", size: 4, "aria-label": "seconds per move" });
      row.append("Give the seat to ", pick, " with ", time, " s per move ",
        el("button", { type: "button", id: `replace-${t.seat}`, onclick: () => ctx.send({ type: "computer", seat: t.seat,
          player: pick.value, move_time: parseFloat(time.value) || 1 }) }, "Replace the computer player"));
    }
    box.append(row);
  }
  if (m.status !== "live" && m.rematch) {
    if (m.rematch.link) box.append(el("p", {}, el("a", { href: m.rematch.link, class: "button", id: "rematch-link" }, "Play the rematch")));
    else if (m.rematch.wanted.length) box.append(el("p", { class: "notice" }, `${m.rematch.wanted.map(name).join(", ")} asked for a rematch`));
  }
}

export async function loadPlayers(ctx) {
  // the computer players of this game, for the "replace the computer player" choice
  try {
    const rooms = await (await fetch("/api/rooms")).json();
    ctx.players = (rooms.find((r) => r.game === ctx.game) || {}).players;
  } catch (e) { ctx.players = null; }
}
