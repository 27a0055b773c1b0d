"""Inline the program's integer constants into the bundle's sources (issue 10: fewer qstrs).

CircuitPython compiles `.py` files on the board and interns every identifier it reads as a
qstr that stays in RAM for the rest of the run; a module-level constant also takes a slot in
its module's globals, and every use is a dictionary lookup. `micropython.const()` only helps
inside one module (and only for `_private` names). So the bundle replaces, program-wide, each
module-level integer constant with its value wherever the program reads it, and drops its
definition and the `from ... import` of it:

    ui/gfx.py   C_BLACK = 1                    ->   (blank line)
    ui/board.py from ui.gfx import C_BLACK, Box ->  from ui.gfx import Box
                pal[C_BLACK] = 0                ->  pal[1] = 0

A constant is a name bound exactly once in its module, by a top-level `NAME = expr` (or
`A, B = range(n)`) whose value is an int computed from literals, arithmetic, `const()` and
other constants; or bound once by `from m import NAME` of another module's constant (a
re-export). It is inlined only when every use of the name in the program can be resolved to
its definition: a name is left alone everywhere when any of these spells it

- an attribute not reached through a module of the program (`game.PASS` on an object, which
  may be a module handed around: the game interface does that),
- a string literal (`getattr`, messages), or a name in `keep` (read from outside the
  program: the device twin's runner),
- a `global` or `nonlocal` statement, a relative import, or an import that cannot be
  resolved (the importing module binds the name more than once).

Line numbers do not change. `inline_constants()` checks its output as sim.minify does: every
module must parse to the source's tree with the same replacements applied, or InlineError.
"""

import ast
import io
import re
import tokenize


class InlineError(Exception):
    pass


_WORD = re.compile(r"[A-Za-z_]\w*")
# String tokens; from Python 3.12 an f-string's text is FSTRING_MIDDLE tokens.
_STRINGS = (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING))


def _binding_counts(tree):
    """{name: how many times the module binds it}, at any scope (a conservative count: a
    function's local of the same name counts, so the constant is left alone)."""
    out = {}

    def add(n):
        out[n] = out.get(n, 0) + 1

    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            add(n.id)
        elif isinstance(n, ast.arg):
            add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(n.name)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            add(n.name)
        elif isinstance(n, ast.alias):
            add((n.asname or n.name).split(".")[0])
    return out


def _package_names(tree, binds):
    """Names bound only by `import name` / `import name.sub...` statements (no `as`): the
    package `name` however often it is imported. `binds`: _binding_counts(tree)."""
    imports = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                if not a.asname:
                    top = a.name.split(".")[0]
                    imports[top] = imports.get(top, 0) + 1
    return {p for p, k in imports.items() if binds.get(p) == k}


class _Module:
    def __init__(self, name, src):
        self.name = name
        self.src = src
        self.tree = ast.parse(src, name)
        self.binds = _binding_counts(self.tree)
        self.defs = {}  # name: (statement, value expression or int from range())
        self.imports = {}  # local name: ("module", mod) or ("from", mod, name)
        self.fixed = set()  # names a global/nonlocal statement spells
        self.pkg_names = _package_names(self.tree, self.binds)
        for st in self.tree.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1:
                t = st.targets[0]
                if isinstance(t, ast.Name):
                    self.defs[t.id] = (st, st.value)
                elif isinstance(t, ast.Tuple) and all(isinstance(e, ast.Name) for e in t.elts):
                    vals = _range_values(st.value)
                    if vals is not None and len(vals) == len(t.elts):
                        for e, v in zip(t.elts, vals):
                            self.defs[e.id] = (st, v)
        for n in ast.walk(self.tree):
            if isinstance(n, (ast.Global, ast.Nonlocal)):
                self.fixed.update(n.names)


def _range_values(node):
    """The ints of `range(a[, b])` with literal bounds, else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and not node.keywords
        and 1 <= len(node.args) <= 2
        and all(isinstance(a, ast.Constant) and type(a.value) is int for a in node.args)
    ):
        return list(range(*[a.value for a in node.args]))
    return None


class _Program:
    def __init__(self, sources):
        self.mods = {m: _Module(m, src) for m, src in sources.items()}
        for mod in self.mods.values():
            self._scan_imports(mod)
        self._values = {}

    def _scan_imports(self, mod):
        for n in ast.walk(mod.tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    if a.asname:
                        mod.imports[a.asname] = ("module", a.name)
                    else:
                        top = a.name.split(".")[0]
                        mod.imports[top] = ("module", top)
            elif isinstance(n, ast.ImportFrom):
                if n.level:
                    for a in n.names:
                        mod.imports[a.asname or a.name] = ("unknown",)
                    continue
                for a in n.names:
                    if a.name == "*":
                        raise InlineError("%s: a star import" % mod.name)
                    sub = n.module + "." + a.name
                    if sub in self.mods:
                        mod.imports[a.asname or a.name] = ("module", sub)
                    else:
                        mod.imports[a.asname or a.name] = ("from", n.module, a.name, a.asname)

    def value(self, modname, name, seen=()):
        """The int that `name` has in module `modname` if it is a constant, else None."""
        key = (modname, name)
        if key in self._values:
            return self._values[key]
        if key in seen:
            return None
        seen = seen + (key,)
        mod = self.mods.get(modname)
        v = None
        if mod is not None and mod.binds.get(name) == 1 and name not in mod.fixed:
            if name in mod.defs:
                expr = mod.defs[name][1]
                v = expr if type(expr) is int else self._eval(mod, expr, seen)
            else:
                imp = mod.imports.get(name)
                if imp and imp[0] == "from" and imp[3] is None:
                    v = self.value(imp[1], imp[2], seen)
        self._values[key] = v
        return v

    def _eval(self, mod, node, seen):
        if isinstance(node, ast.Constant):
            return node.value if type(node.value) is int else None
        if isinstance(node, ast.Name):
            return self.value(mod.name, node.id, seen)
        if isinstance(node, ast.Attribute):
            target = self.attribute_target(mod, node)
            return self.value(*target, seen) if target else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
            v = self._eval(mod, node.operand, seen)
            if v is None:
                return None
            return -v if isinstance(node.op, ast.USub) else (~v if isinstance(node.op, ast.Invert) else v)
        if isinstance(node, ast.BinOp):
            a = self._eval(mod, node.left, seen)
            b = self._eval(mod, node.right, seen)
            if a is None or b is None:
                return None
            ops = {
                ast.Add: lambda: a + b,
                ast.Sub: lambda: a - b,
                ast.Mult: lambda: a * b,
                ast.FloorDiv: lambda: a // b if b else None,
                ast.Mod: lambda: a % b if b else None,
                ast.LShift: lambda: a << b if 0 <= b < 64 else None,
                ast.RShift: lambda: a >> b if 0 <= b else None,
                ast.BitOr: lambda: a | b,
                ast.BitAnd: lambda: a & b,
                ast.BitXor: lambda: a ^ b,
            }
            f = ops.get(type(node.op))
            return f() if f else None
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "const"
            and len(node.args) == 1
            and not node.keywords
        ):
            return self._eval(mod, node.args[0], seen)
        return None

    def module_of(self, mod, node):
        """The program's module that expression `node` (a name or a dotted chain) is in `mod`,
        or None."""
        if isinstance(node, ast.Name):
            if node.id in mod.pkg_names and node.id in self.mods and node.id not in mod.fixed:
                return node.id
            if mod.binds.get(node.id) != 1 or node.id in mod.fixed:
                return None
            imp = mod.imports.get(node.id)
            if imp and imp[0] == "module" and imp[1] in self.mods:
                return imp[1]
            return None
        if isinstance(node, ast.Attribute):
            base = self.module_of(mod, node.value)
            if base is not None and base + "." + node.attr in self.mods:
                return base + "." + node.attr
        return None

    def attribute_target(self, mod, node):
        """(module, name) that attribute `node` reads from a module of the program, or None."""
        base = self.module_of(mod, node.value)
        if base is None or base + "." + node.attr in self.mods:
            return None
        return (base, node.attr)


def _plan(prog, keep):
    """{module: [(node, value)]} of the reads to replace, {module: {names to drop}} of the
    definitions and imports to remove."""
    tainted = set(keep)
    for mod in prog.mods.values():
        tainted |= mod.fixed
        # A package's own name that is also one of its submodules': which one a reader gets
        # depends on import order. Left alone (counter-example in tests/test_inline.py).
        tainted.update(n for n in mod.binds if mod.name + "." + n in prog.mods)
        for t in tokenize.generate_tokens(io.StringIO(mod.src).readline):
            if t.type in _STRINGS:
                tainted.update(_WORD.findall(t.string))
        for n in ast.walk(mod.tree):
            if isinstance(n, ast.Attribute):
                tgt = prog.attribute_target(mod, n)
                if tgt is None and prog.module_of(mod, n) is None:
                    tainted.add(n.attr)
                elif tgt is not None and not isinstance(n.ctx, ast.Load):
                    tainted.add(n.attr)
            elif isinstance(n, ast.ImportFrom):
                for a in n.names:
                    local = a.asname or a.name
                    if n.level or a.asname:
                        tainted.add(a.name)
                    elif mod.imports.get(local, ("",))[0] == "from":
                        if prog.value(mod.name, local) is None and prog.value(n.module, a.name) is not None:
                            tainted.add(a.name)  # imported but not resolvable here
    reads = {}
    drops = {}
    for mod in prog.mods.values():
        r = reads.setdefault(mod.name, [])
        d = drops.setdefault(mod.name, set())
        for name in mod.defs:
            if name not in tainted and prog.value(mod.name, name) is not None:
                d.add(name)
        for name, imp in mod.imports.items():
            if imp[0] == "from" and name not in tainted and prog.value(mod.name, name) is not None:
                d.add(name)
        for n in ast.walk(mod.tree):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in tainted:
                v = prog.value(mod.name, n.id)
                if v is not None:
                    r.append((n, v))
            elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and n.attr not in tainted:
                tgt = prog.attribute_target(mod, n)
                if tgt is not None:
                    v = prog.value(*tgt)
                    if v is not None:
                        r.append((n, v))
    # A definition whose statement also binds a name that stays (A, B = range(2) with B
    # tainted) stays whole, and so do its names' values elsewhere: drop no part of it.
    for mod in prog.mods.values():
        d = drops[mod.name]
        for name in list(d):
            if name in mod.defs:
                st = mod.defs[name][0]
                others = [
                    e.id for e in ast.walk(st) if isinstance(e, ast.Name) and isinstance(e.ctx, ast.Store)
                ]
                if any(o not in d for o in others):
                    d.discard(name)
    return reads, drops


def _dropped(st, drops):
    """Whether module statement `st` defines constants that are all dropped."""
    if not isinstance(st, ast.Assign):
        return False
    targets = [e.id for e in ast.walk(st.targets[0]) if isinstance(e, ast.Name)]
    return bool(targets) and all(t in drops for t in targets)


def _literal(v, bare):
    """The text of int v where a name stood; in parentheses when negative or when an
    attribute is read from it (`16 .bit_length()`)."""
    return "%d" % v if v >= 0 and bare else "(%d)" % v


def _import_text(node, names):
    return "from %s import %s" % (node.module, ", ".join(names)) if names else "__import__(%r)" % node.module


def _edits(mod, reads, drops):
    """[(line, col, end_line, end_col, text)] (1-based lines, character columns of the
    source's lines: ast's columns are UTF-8 bytes, converted by the caller)."""
    edits = []
    inner = set()
    for st in mod.tree.body:
        if _dropped(st, drops):
            inner.update(id(m) for m in ast.walk(st))
    for node, _v in reads:
        for m in ast.walk(node):
            if m is not node:
                inner.add(id(m))
    owners = {id(n.value) for n in ast.walk(mod.tree) if isinstance(n, ast.Attribute)}
    for node, v in reads:
        if id(node) not in inner:
            text = _literal(v, id(node) not in owners)
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, text))
    for st in mod.tree.body:
        if _dropped(st, drops):
            edits.append((st.lineno, st.col_offset, st.end_lineno, st.end_col_offset, "pass"))
    for n in ast.walk(mod.tree):
        if isinstance(n, ast.ImportFrom) and not n.level:
            names = [a for a in n.names if (a.asname or a.name) in drops and not a.asname]
            if names:
                rest = [
                    a.name if not a.asname else "%s as %s" % (a.name, a.asname)
                    for a in n.names
                    if a not in names
                ]
                edits.append((n.lineno, n.col_offset, n.end_lineno, n.end_col_offset, _import_text(n, rest)))
    return edits


def _apply(src, edits):
    # Lines as ast counts them: split at "\n" only (str.splitlines also splits at form feeds
    # and U+2028, which may stand inside a string).
    blines = [ln.encode("utf-8") + b"\n" for ln in src.split("\n")]
    blines[-1] = blines[-1][:-1]
    out = []
    for line, col, eline, ecol, text in edits:
        # The text keeps the statement's line count: its own lines, then blank ones.
        pad = "\n" * (eline - line)
        out.append((line, col, eline, ecol, (text + pad).encode("utf-8")))
    out.sort(reverse=True)
    last = None
    for line, col, eline, ecol, text in out:
        if last is not None and (eline, ecol) > last:
            raise InlineError("overlapping edits at line %d" % line)
        last = (line, col)
        blines[line - 1 : eline] = [blines[line - 1][:col] + text + blines[eline - 1][ecol:]]
    return b"".join(blines).decode("utf-8")


class _Expected(ast.NodeTransformer):
    """The source's tree with the plan's replacements: what the output must parse to."""

    def __init__(self, spots, drops):
        self.spots = spots  # {(line, col, end_line, end_col): value}
        self.drops = drops

    def _spot(self, node):
        key = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        if key in self.spots:
            return ast.Constant(self.spots[key])
        return None

    def visit_Name(self, node):
        return self._spot(node) or node

    def visit_Attribute(self, node):
        return self._spot(node) or self.generic_visit(node)

    def visit_Module(self, node):
        body = []
        for st in node.body:
            if _dropped(st, self.drops):
                body.append(ast.Pass())
                continue
            body.append(self.visit(st))
        node.body = body
        return node

    def visit_ImportFrom(self, node):
        if node.level:
            return node
        keep = [a for a in node.names if not ((a.asname or a.name) in self.drops and not a.asname)]
        if len(keep) == len(node.names):
            return node
        if keep:
            node.names = keep
            return node
        call = ast.Call(ast.Name("__import__", ast.Load()), [ast.Constant(node.module)], [])
        return ast.Expr(call)


def _normal(tree):
    """ast.dump without the UnaryOp a negative literal parses to."""

    class Fold(ast.NodeTransformer):
        def visit_UnaryOp(self, node):
            self.generic_visit(node)
            if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
                if type(node.operand.value) is int:
                    return ast.Constant(-node.operand.value)
            return node

    return ast.dump(Fold().visit(tree))


def inline_constants(sources, keep=()):
    """{module: source} with the program's integer constants inlined (see the module's
    docstring). `sources`: {module name: source} (a package by its name, its `__init__.py`'s
    source); `keep`: names used from outside the program."""
    prog = _Program(sources)
    reads, drops = _plan(prog, keep)
    out = {}
    for name, mod in prog.mods.items():
        r, d = reads[name], drops[name]
        if not r and not d:
            out[name] = drop_const_fallback(mod.src, name)
            continue
        edits = _edits(mod, r, d)
        # ast's columns count UTF-8 bytes: the edits do too.
        text = _apply(mod.src, edits)
        if text.count("\n") != mod.src.count("\n"):
            raise InlineError("%s: the line count changed" % name)
        spots = {(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset): v for n, v in r}
        want = _normal(_Expected(spots, d).visit(ast.parse(mod.src, name)))
        try:
            got = _normal(ast.parse(text, name))
        except SyntaxError as e:
            raise InlineError("%s: the result does not parse: %s" % (name, e)) from None
        if got != want:
            raise InlineError("%s: the result is not the source with its constants inlined" % name)
        out[name] = drop_const_fallback(text, name)
    return out


def _is_const_fallback(node):
    """Is `node` the device modules' `try: from micropython import const` / `except
    ImportError: def const(x): return x` block?"""
    if not (isinstance(node, ast.Try) and len(node.body) == 1 and len(node.handlers) == 1):
        return False
    imp, h = node.body[0], node.handlers[0]
    return (
        not node.orelse
        and not node.finalbody
        and isinstance(imp, ast.ImportFrom)
        and imp.module == "micropython"
        and [(a.name, a.asname) for a in imp.names] == [("const", None)]
        and isinstance(h.type, ast.Name)
        and h.type.id == "ImportError"
        and h.name is None
        and len(h.body) == 1
        and isinstance(h.body[0], ast.FunctionDef)
        and h.body[0].name == "const"
    )


def drop_const_fallback(src, name="<module>"):
    """`src` without its top-level const() block (`_is_const_fallback`) when nothing else in
    it spells `const` (every constant was inlined): on the board the block costs a global, and
    four names in the table of names its compile builds (a map of 16 bytes a slot on the 64-bit
    VM, 8 on the board, allocated in one piece: 73 names need a 1,168-byte block, 74 a
    1,552-byte one). The lines are blanked: line numbers do not change."""
    tree = ast.parse(src, name)
    blocks = [n for n in tree.body if _is_const_fallback(n)]
    if len(blocks) != 1:
        return src
    uses = sum(
        1
        for t in tokenize.generate_tokens(io.StringIO(src).readline)
        if t.type == tokenize.NAME and t.string == "const"
    )
    if uses != 2:  # the import and the def: any other use keeps the block
        return src
    node = blocks[0]
    lines = src.splitlines(True)
    for i in range(node.lineno - 1, node.end_lineno):
        lines[i] = "\n" if lines[i].endswith("\n") else ""
    text = "".join(lines)
    tree.body.remove(node)
    if ast.dump(ast.parse(text, name)) != ast.dump(tree):
        raise InlineError("%s: dropping the const() block changed the program" % name)
    return text
