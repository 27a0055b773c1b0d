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
