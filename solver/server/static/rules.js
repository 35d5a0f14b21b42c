// The rules panel of a game's pages: the server renders docs/rules/<game>.md to HTML
// (markdown-it-py with raw HTML off, so the text is escaped); a game without a file says so.
import { el } from "/static/util.js";

export async function showRules(game, box) {
  if (!box) return;
  const body = box.querySelector(".rules-body") || box;
  try {
    const r = await fetch(`/api/rules/${encodeURIComponent(game)}`);
    const doc = await r.json();
    if (!r.ok) throw new Error(doc.detail || r.statusText);
    if (doc.written) {
      // html rendered by the server from our own Markdown files, raw HTML escaped
      const tpl = document.createElement("template");
      tpl.innerHTML = doc.html;
      body.replaceChildren(tpl.content);
      box.dataset.written = "true";
    } else {
      body.replaceChildren(el("p", { class: "muted", id: "rules-missing" },
        `The rules of this game are not written yet (${doc.source}).`));
      box.dataset.written = "false";
    }
  } catch (e) {
    body.replaceChildren(el("p", { class: "error" }, `rules: ${e.message}`));
  }
}
