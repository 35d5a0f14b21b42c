// Keyboard use of a drawn board: the board takes the focus (Tab), the arrow keys move a
// cursor to the nearest cell in that direction on screen, Enter or Space acts on the cell
// as a click does. The cursor survives redraws (it is remembered by cell name).

const STEP = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function centreOf(node) {
  const b = node.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

// Make `container` (holding an <svg> whose cells carry data-cell) keyboard-usable.
//   activate(name, node, event): what Enter/Space does; describe(name): the spoken label.
export function attachKeyboard(container, { activate, describe = (n) => n, start = null }) {
  container.tabIndex = 0;
  container.setAttribute("role", "application");
  container.setAttribute("aria-roledescription", "board");
  const st = { cursor: null };
  const cells = () => [...container.querySelectorAll("svg [data-cell]")];
  const find = (name) => container.querySelector(`svg [data-cell="${CSS.escape(name)}"]`);
  function show() {
    for (const n of container.querySelectorAll(".cursor")) n.classList.remove("cursor");
    const node = st.cursor && find(st.cursor);
    if (!node) return;
    node.classList.add("cursor");
    container.setAttribute("aria-label", `board, cursor on ${describe(st.cursor)}; arrows move, Enter plays`);
    container.dataset.cursor = st.cursor;
  }
  function ensure() {
    if (st.cursor && find(st.cursor)) return;
    const all = cells();
    if (!all.length) { st.cursor = null; return; }
    const wanted = typeof start === "function" ? start() : start;
    if (wanted && find(wanted)) { st.cursor = wanted; return; }
    // the cell nearest the middle of the board
    const pts = all.map((n) => [n, centreOf(n)]);
    const mx = pts.reduce((s, p) => s + p[1][0], 0) / pts.length;
    const my = pts.reduce((s, p) => s + p[1][1], 0) / pts.length;
    pts.sort((a, b) => Math.hypot(a[1][0] - mx, a[1][1] - my) - Math.hypot(b[1][0] - mx, b[1][1] - my));
    st.cursor = pts[0][0].dataset.cell;
  }
  function move([dx, dy]) {
    ensure();
    const here = st.cursor && find(st.cursor);
    if (!here) return;
    const [x, y] = centreOf(here);
    let best = null;
    let bestScore = Infinity;
    for (const n of cells()) {
      if (n === here) continue;
      const [cx, cy] = centreOf(n);
      const along = (cx - x) * dx + (cy - y) * dy;
      const across = Math.abs((cx - x) * dy - (cy - y) * dx);
      if (along <= 1e-6 || across > 2 * along) continue;  // within 63 degrees of the arrow
      const score = along + 1.5 * across;
      if (score < bestScore) { bestScore = score; best = n; }
    }
    if (best) st.cursor = best.dataset.cell;
    show();
  }
  container.addEventListener("keydown", (ev) => {
    if (ev.target !== container) return;
    if (STEP[ev.key]) { ev.preventDefault(); move(STEP[ev.key]); return; }
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ensure();
      const node = st.cursor && find(st.cursor);
      if (node) activate(st.cursor, node, ev);
    }
  });
  container.addEventListener("focus", () => { ensure(); show(); });
  container.addEventListener("blur", () => { for (const n of container.querySelectorAll(".cursor")) n.classList.remove("cursor"); });
  return {
    // call after every redraw: the cursor is drawn again when the board has the focus
    refresh() { if (document.activeElement === container) { ensure(); show(); } },
    set(name) { st.cursor = name; show(); },
    get cursor() { return st.cursor; },
  };
}
