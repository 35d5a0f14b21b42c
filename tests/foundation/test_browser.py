"""Open a generated HTML report in headless Chromium and check through the browser that the
pictures rendered (each inline SVG has a non-empty box and drawn beams)."""

import re
import subprocess
from pathlib import Path

import pytest
from system import CHROMIUM, needs_chromium

PROBE = """
<script>
window.addEventListener('load', () => {
  const svgs = Array.from(document.querySelectorAll('svg'));
  const drawn = svgs.filter(s => {
    const r = s.getBoundingClientRect();
    const lines = Array.from(s.querySelectorAll('path, line'))
      .filter(l => l.getBBox().width + l.getBBox().height > 0);
    return r.width > 20 && r.height > 20 && lines.length > 0;
  });
  // every <text> inside its picture's box, as Chromium lays it out at 100% zoom
  const outside = [];
  svgs.filter(s => !s.parentElement.closest('svg')).forEach(s => {
    const box = s.getBoundingClientRect();
    s.querySelectorAll('text').forEach(t => {
      const r = t.getBoundingClientRect();
      if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 ||
                          r.top < box.top - 1 || r.bottom > box.bottom + 1)) {
        outside.push(t.textContent.replace(/ /g, '_'));
      }
    });
  });
  const hidden = Array.from(document.querySelectorAll('details:not([open]) figure')).length;
  const out = document.createElement('div');
  out.id = 'probe';
  out.textContent = 'svgs=' + svgs.length + ' drawn=' + drawn.length + ' hidden=' + hidden +
    ' outside=' + outside.length + ' [' + outside.slice(0, 5).join(' ') + ']';
  document.body.appendChild(out);
});
</script>
"""


@pytest.mark.browser
@needs_chromium
def test_demo_pictures_render_in_chromium(tmp_path: Path, demo_page: Path) -> None:
    page = demo_page
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    assert CHROMIUM is not None
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )
    match = re.search(r'id="probe">svgs=(\d+) drawn=(\d+) hidden=(\d+) outside=(\d+) '
                      r'\[(.*?)\]<', result.stdout)
    assert match, result.stderr[-2000:]
    svgs, drawn = int(match.group(1)), int(match.group(2))
    assert svgs >= 3
    assert drawn == svgs
    assert int(match.group(3)) >= 2, "puzzle answers are behind a click (<details>)"
    assert int(match.group(4)) == 0, f"text leaves its picture: {match.group(5)}"
