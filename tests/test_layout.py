"""docs/ENGINE.md's layout table matches the tree (issue 37 item 4): each path it names exists,
each module a package row names (a bare name in backticks) is a module of that package or a
name the engine defines, and each module of engine/ is named: a top-level one by its path, a
package's in its package's row."""

import ast
import os
import re

from tests.mp_util import ROOT

ENGINE_MD = os.path.join(ROOT, "docs", "ENGINE.md")
ROW = re.compile(r"^\| (.+?) \| (.+) \|$")
TICKS = re.compile(r"`([^`]+)`")
NAME = re.compile(r"^_?[a-z][a-z0-9_]*$")


def layout_rows():
    """(first cell, second cell) of each row of the Layout section's table."""
    with open(ENGINE_MD, encoding="utf-8") as f:
        text = f.read()
    part = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in part.splitlines():
        m = ROW.match(line)
        if m and not set(m.group(1)) <= {"-", "|", " "}:
            rows.append((m.group(1), m.group(2)))
    return rows


def engine_modules():
    """{package folder relative to the root: {module names}} under engine/."""
    out = {}
    for d, _, files in os.walk(os.path.join(ROOT, "engine")):
        if "__pycache__" in d:
            continue
        rel = os.path.relpath(d, ROOT).replace(os.sep, "/") + "/"
        out[rel] = {f[:-3] for f in files if f.endswith(".py")}
    return out


def engine_names():
    """Every name engine/ defines: functions, classes, assigned names (module level or not)."""
    names = set()
    for d, _, files in os.walk(os.path.join(ROOT, "engine")):
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                        names.add(node.name)
                    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                        names.add(node.id)
    return names


def test_the_layout_table_names_every_engine_module_and_only_real_ones():
    rows = layout_rows()
    assert len(rows) > 10
    mods = engine_modules()
    defined = engine_names()
    named_paths = set()
    named_in = {}
    for first, second in rows:
        for path in TICKS.findall(first):
            assert os.path.exists(os.path.join(ROOT, path)), "docs/ENGINE.md names %s: not in the tree" % path
            named_paths.add(path)
        for path in TICKS.findall(first):
            if path.endswith("/"):
                assert path in mods, path
                for name in TICKS.findall(second):
                    if NAME.match(name):
                        assert name in mods[path] or name in defined, (
                            "docs/ENGINE.md, row %s: `%s` is neither a module of it nor a name the engine defines"
                            % (path, name)
                        )
                        named_in.setdefault(path, set()).add(name)
    missing = []
    for pkg, names in sorted(mods.items()):
        for m in sorted(names):
            if m == "__init__":
                continue
            if pkg == "engine/":
                if pkg + m + ".py" not in named_paths:
                    missing.append(pkg + m + ".py")
            elif m not in named_in.get(pkg, ()):
                missing.append(pkg + m + ".py")
    assert not missing, "modules docs/ENGINE.md's layout table does not name: %s" % ", ".join(missing)


# Issue 37 item 2: no two modules of engine/, ui/ and sim/ import each other (a package's
# __init__ counted as a module; imports inside functions counted). The pairs below remain:
# each is a lazy import that keeps code out of RAM on the board, the parent loading the
# child only when it is needed and the child reading the parent's names. The test fails on a
# new pair, and on a pair listed here that is gone (so that the list only shrinks).
KNOWN_PAIRS = {
    # The game object makes a match (new_match); the match deals its rounds (new_state).
    ("engine.match", "engine.st1.game"),
    ("engine.st2.game", "engine.st2.match"),
    # Desktop only: the base game's text hands a tactic State or move to the variant's.
    ("engine.st2.notation", "engine.st2.tactic.cards"),
    ("engine.st2.notation", "engine.st2.tactic.notation"),
    # Screens: the table loads a rarer part (panel, round's end, the second game's hooks,
    # the tactic table, its rarer words) which reads the table's names.
    ("ui.board", "ui.panel"),
    ("ui.play", "ui.st1.ending"),
    ("ui.play", "ui.st2.play"),
    ("ui.st2.board", "ui.st2.tactic"),
    ("ui.st1.tactic", "ui.st1.tactic_info"),
    ("ui.st2.tactic", "ui.st2.tactic_info"),
    ("ui.menus", "ui.title"),
    # The save: the store reads old formats (resume) and counts statistics (stats) on demand.
    ("ui.resume", "ui.session"),
    ("ui.resume", "ui.store"),
    ("ui.stats", "ui.store"),
}


def module_imports():
    """{module: {modules it imports}} over engine/, ui/ and sim/: every import statement, at
    module level or inside a function, resolved to the longest module name it names (`from
    engine.st1 import game` is engine.st1.game; `from engine.st1 import PASS` is engine.st1)."""
    mods = {}
    for top in ("engine", "ui", "sim"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            if "__pycache__" in d:
                continue
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(d, f), ROOT)[:-3].replace(os.sep, ".")
                    mods[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(d, f)

    def resolve(name):
        parts = name.split(".")
        while parts and ".".join(parts) not in mods:
            parts.pop()
        return ".".join(parts) or None

    graph = {}
    for m, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        pkg = m.split(".") if path.endswith("__init__.py") else m.split(".")[:-1]
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                deps.update(resolve(a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(pkg[: len(pkg) - node.level + 1] + ([node.module] if node.module else []))
                deps.update(resolve(base + "." + a.name) for a in node.names)
        deps.discard(None)
        deps.discard(m)
        graph[m] = deps
    return graph


def import_pairs(graph):
    return {tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph.get(b, ())}


def test_no_two_modules_import_each_other_but_the_known_pairs():
    graph = module_imports()
    assert len(graph) > 150 and "engine.ai.st1.tactic.search" in graph["engine.ai.st1.tactic.medium"]
    pairs = import_pairs(graph)
    new = sorted(pairs - KNOWN_PAIRS)
    assert not new, "modules that import each other (make one import point one way): %s" % new
    gone = sorted(KNOWN_PAIRS - pairs)
    assert not gone, "pairs in KNOWN_PAIRS that no longer import each other (drop them): %s" % gone


def test_the_pair_check_sees_imports_inside_functions():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "b"}}
    assert import_pairs(graph) == {("b", "c")}
    g = module_imports()
    assert "engine.ai.st1.tactic.medium" in g["engine.ai.st1.tactic"]  # choose's lazy import
    assert "engine.st1.game" in g["engine.match"]  # inside Match.new_round
