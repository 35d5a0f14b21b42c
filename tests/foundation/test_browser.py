"""Open a generated HTML report in headless Chromium and check through the browser that the
pictures rendered (each inline SVG has a non-empty box and drawn beams)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from solver.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

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
  const out = document.createElement('div');
  out.id = 'probe';
  out.textContent = 'svgs=' + svgs.length + ' drawn=' + drawn.length;
  document.body.appendChild(out);
});
</script>
"""


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (apt-get install chromium)")
def test_demo_pictures_render_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "demo.html"
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--out", str(page), "--quiet"])
    assert exit_info.value.code == 0
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
         "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )
    match = re.search(r'id="probe">svgs=(\d+) drawn=(\d+)<', result.stdout)
    assert match, result.stderr[-2000:]
    svgs, drawn = int(match.group(1)), int(match.group(2))
    assert svgs >= 3
    assert drawn == svgs
