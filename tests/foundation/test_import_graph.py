"""The import graph of our three floors (puzzles, reports, solver), as a reader sees it.

- **Module-top imports** are the graph: among the *wings* (a floor's direct subpackages and
  modules: ``solver.play``, ``solver.dominions``, ``reports.beams``, ...) no arrow runs up a
  floor and none closes a circle; among packages, apart from a package and its own
  ancestors, neither.
- **Function-level imports** of our modules are allowed only with a reason on the import
  (on one of its lines or the line just above): ``# local: WHY``, where WHY is short, e.g.
  ``start-up`` (the import is heavy and only this function needs it: ``solver --help`` and
  the other commands stay fast), ``cycle`` (at the top it would import a module that imports
  this one), ``optional`` (guarded by ``ImportError``) or a phrase naming what it loads.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
FLOORS = {"puzzles": 0, "reports": 1, "solver": 2}
MARKER = re.compile(r"#\s*local:\s*\S")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for top in FLOORS for p in sorted((ROOT / top).rglob("*.py"))}


def package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rsplit(".", 1)[0]


def targets(name: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Our modules an import statement of module ``name`` loads (the deepest that exist)."""
    wanted: list[str] = []
    if isinstance(node, ast.Import):
        wanted = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = package_of(name).split(".")
            package = package[:len(package) - (node.level - 1)]
            base = ".".join(package + ([node.module] if node.module else []))
        wanted = [base] + [f"{base}.{a.name}" for a in node.names]
    found = []
    for w in wanted:
        while w and w not in MODULES:
            w = w.rsplit(".", 1)[0] if "." in w else ""
        if w:
            found.append(w)
    return found


def ours(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return bool(node.level) or (node.module or "").split(".")[0] in FLOORS
    return any(a.name.split(".")[0] in FLOORS for a in node.names)


def top_imports(name: str) -> set[str]:
    """The modules ``name`` imports when it is imported (module level, ``if`` and ``try``
    blocks included, ``if TYPE_CHECKING:`` left out)."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for s in body:
            if isinstance(s, ast.Import | ast.ImportFrom) and ours(s):
                found.update(targets(name, s))
            elif isinstance(s, ast.If) and "TYPE_CHECKING" not in ast.unparse(s.test):
                visit(s.body)
                visit(s.orelse)
            elif isinstance(s, ast.Try):
                visit(s.body)
                for h in s.handlers:
                    visit(h.body)
                visit(s.orelse)
                visit(s.finalbody)

    visit(ast.parse(MODULES[name].read_text(encoding="utf-8")).body)
    return found - {name}


GRAPH = {name: top_imports(name) for name in MODULES}


def wing(name: str) -> str:
    """The wing of ``name``: the direct subpackage or module of its floor it belongs to."""
    return ".".join(name.split(".")[:2])


def wing_graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for name, imported in GRAPH.items():
        for target in imported:
            if "." in name and "." in target and wing(name) != wing(target):
                g.add_edge(wing(name), wing(target))
    return g


def test_no_module_top_arrow_runs_up_a_floor() -> None:
    up = [f"{n} -> {t}" for n, imported in GRAPH.items() for t in imported
          if FLOORS[t.split(".")[0]] > FLOORS[n.split(".")[0]]]
    assert up == []


def test_the_wings_import_each_other_in_no_circle() -> None:
    g = wing_graph()
    assert g.number_of_nodes() > 30 and g.has_edge("solver.play", "puzzles.game")
    cycles = list(nx.simple_cycles(g))
    assert cycles == [], cycles[:3]


def test_the_packages_import_each_other_in_no_circle() -> None:
    """A package may use its ancestors' modules (``solver.arrange.engines`` imports
    ``solver.arrange.problem``); any other circle of packages is a defect."""
    g = nx.DiGraph()
    for name, imported in GRAPH.items():
        for target in imported:
            a, b = package_of(name), package_of(target)
            if a != b and not a.startswith(b + ".") and not b.startswith(a + "."):
                g.add_edge(a, b)
    cycles = list(nx.simple_cycles(g))
    assert cycles == [], cycles[:3]


def function_level_imports(path: Path) -> list[tuple[int, int]]:
    """(first line, last line) of every import of our modules inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Import | ast.ImportFrom) and ours(sub):
                    out.append((sub.lineno, sub.end_lineno or sub.lineno))
    return sorted(set(out))


def silent_imports(path: Path, root: Path = ROOT) -> list[str]:
    """The function-level imports of ours in ``path`` without a ``# local:`` reason."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [f"{path.relative_to(root)}:{a}: {lines[a - 1].strip()}"
            for a, b in function_level_imports(path)
            if not any(MARKER.search(lines[k - 1]) for k in range(max(a - 1, 1), b + 1))]


def test_every_function_level_import_of_ours_says_why() -> None:
    silent = [s for path in MODULES.values() for s in silent_imports(path)]
    assert silent == []


def test_the_marker_check_sees_a_silent_import(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "def f():\n"
        "    from solver.games import get_game  # local: start-up\n"
        "    # local: cycle\n"
        "    from puzzles.game import (\n        GameDef,\n    )\n"
        "    from reports import text  # drawing\n"
        "    import json\n", encoding="utf-8")
    assert silent_imports(tmp_path / "m.py", tmp_path) == [
        "m.py:7: from reports import text  # drawing"]


def counts() -> str:
    """The figures of docs/extending.md ("Imports"): wings, arrows, arrows up, circles, and
    the function-level imports of ours."""
    g = wing_graph()
    up = sum(1 for n, imported in GRAPH.items() for t in imported
             if FLOORS[t.split(".")[0]] > FLOORS[n.split(".")[0]])
    local = sum(len(function_level_imports(p)) for p in MODULES.values())
    silent = sum(len(silent_imports(p)) for p in MODULES.values())
    return (f"{g.number_of_nodes()} wings, {g.number_of_edges()} module-top arrows, {up} up a "
            f"floor, {len(list(nx.simple_cycles(g)))} circles; {local} function-level imports "
            f"of ours, {silent} without '# local:'")


if __name__ == "__main__":
    print(counts())
