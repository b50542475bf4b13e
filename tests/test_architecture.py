"""The import graph of the rules core and the app (issue 30): no cycles,
imports inside functions and ``__import__("name")`` included, and no module
of the app imports the app module (a screen reaches the app through the
object it is given)."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = {"dws_core": "dws_core", "dws_app": "lib/dws_app", "dws_hw": "lib/dws_hw"}


def modules():
    out = {}
    for package, folder in PACKAGES.items():
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".py"):
                module = package if name == "__init__.py" else package + "." + name[:-3]
                out[module] = os.path.join(ROOT, folder, name)
    return out


def imported(path, known):
    """The modules of ``known`` that the file at ``path`` imports anywhere."""
    with open(path) as f:
        tree = ast.parse(f.read())
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [node.module + "." + alias.name for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" \
                and node.args and isinstance(node.args[0], ast.Constant):
            names = [node.args[0].value]
        found.update(name for name in names if name in known)
    return found


def graph():
    known = modules()
    return {m: imported(path, known) - {m} for m, path in known.items()}


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_finder_sees_a_cycle_through_a_function_level_import():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_in_the_core_and_the_app():
    assert cycles(graph()) == []


def test_no_app_module_imports_the_app_module():
    edges = graph()
    assert [m for m, targets in edges.items() if "dws_app.app" in targets] == []


def test_the_rules_core_imports_nothing_of_the_app():
    edges = graph()
    assert [(m, sorted(t)) for m, t in edges.items()
            if m.startswith("dws_core") and any(not x.startswith("dws_core") for x in t)] == []
