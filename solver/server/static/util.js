// Small helpers shared by the pages (plain ES modules, no build step).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));  // text is escaped
  }
  return node;
}

export function setSvg(container, svgText) {
  // The SVG comes from the server's reports/ code (never from another user's text).
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  container.replaceChildren(document.importNode(svg, true));
  return container.firstElementChild;
}

export function fmtClock(seconds) {
  if (seconds === null || seconds === undefined) return "–";
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export function fill(container, ...children) {
  // replaceChildren without the null/undefined entries of optional parts
  container.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
}
