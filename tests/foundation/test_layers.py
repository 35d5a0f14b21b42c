"""The floors of the house: puzzles imports nothing of ours, reports only puzzles, and no two
modules import each other in a circle; the generic game code knows no game."""

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
FLOORS = {"puzzles": 0, "reports": 1, "solver": 2}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = module_name(path).rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                found.add(f"{base}.{node.module}" if node.module else base)
            elif node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] in FLOORS}


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for top in FLOORS for p in (ROOT / top).rglob("*.py")}


def test_no_floor_imports_a_floor_above_it() -> None:
    offences = []
    for name, path in project_modules().items():
        floor = FLOORS[name.split(".")[0]]
        for imported in imports_of(path):
            if FLOORS[imported.split(".")[0]] > floor:
                offences.append(f"{name} imports {imported}")
    assert offences == []


def test_no_import_cycles() -> None:
    modules = project_modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for imported in imports_of(path):
            target = imported
            while target and target not in modules:
                target = target.rsplit(".", 1)[0] if "." in target else ""
            if target and target != name and not name.startswith(target + "."):
                # importing a package's own __init__ from inside it is not a cycle of modules
                graph.add_edge(name, target)
    cycles = [c for c in nx.simple_cycles(graph) if len(c) > 1]
    assert cycles == [], cycles[:3]


def game_packages() -> set[str]:
    """The packages of a game (``puzzles.<game>``, ``solver.<game>``): those with a game
    object module ``gamedef.py``."""
    return {module_name(p.parent) for top in ("puzzles", "solver")
            for p in (ROOT / top).glob("*/gamedef.py")}


def test_generic_play_code_imports_no_game_package_and_no_registry() -> None:
    packages = game_packages()
    assert {"puzzles.dominions", "solver.numbridge"} <= packages
    offences = []
    for name, path in project_modules().items():
        if name == "solver.play" or name.startswith("solver.play."):
            for imported in imports_of(path):
                if imported == "solver.games" or any(
                        imported == r or imported.startswith(r + ".") for r in packages):
                    offences.append(f"{name} imports {imported}")
    assert offences == []


def test_generic_play_code_imports_no_server_room() -> None:
    """``solver.play`` is below the server: it imports no game room
    (``solver/server/room_<game>.py``), no room list and nothing else of the server."""
    offences = [f"{name} imports {imported}" for name, path in project_modules().items()
                if name == "solver.play" or name.startswith("solver.play.")
                for imported in imports_of(path) if imported.startswith("solver.server")]
    assert offences == []
