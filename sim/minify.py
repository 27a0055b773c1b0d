"""Shrink device sources for the bundle without changing what they do or their line numbers.

CircuitPython compiles `.py` files on the board, and its lexer interns every identifier it
reads as a qstr that stays in RAM for the rest of the run, local variable names included,
although the compiled code only uses their slots. So the bundle ships each module with:

- docstrings and comments removed (less for the lexer to read; the board never shows them),
- every function's own local variables renamed to short names shared by all modules
  (`_a`, `_b`, ...), so that hundreds of local names cost a few dozen qstrs,
- the program's private names (`_name`: module globals, methods, attributes) renamed to
  short ones (`_A`, `_B`, ...) in every module at once (`private_names()`), when the
  program binds the name itself, no import spells it and no string in it spells the name
  (no `getattr` use).

Line numbers do not change (a traceback's `file:line` still points at the source in the
repository). What is renamed is a function's local that is bound in its body (assignment,
augmented assignment, `for`, `with ... as`, `del`; a comprehension's target only if the
function binds the name outside its comprehensions too) and used nowhere else in a nested
function, lambda or class; parameters (callers may name them), names
declared `global` or `nonlocal`, names bound by `import` or `except ... as`, and functions
that call `locals`, `vars`, `eval` or `exec` keep their names. `minify()` checks its own
output: the result must parse to the same tree as the source with the same renaming
applied and the docstrings dropped, or it raises MinifyError.

    python -m sim.minify FILE.py      print the minified source
"""

import ast
import io
import re
import sys
import tokenize

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_DYNAMIC = {"locals", "vars", "eval", "exec"}


class MinifyError(Exception):
    pass


def _short_names(taken, upper=False):
    """_a, _b, ..., _z, _a0, _b0, ... (upper: _A, ...): names not already in `taken`."""
    n = 0
    while True:
        q, r = divmod(n, 26)
        name = "_" + chr((65 if upper else 97) + r) + (str(q - 1) if q else "")
        n += 1
        if name not in taken:
            yield name


def _children_in_scope(node):
    """Nodes below `node` that belong to its scope (not inside a nested def, lambda or class).
    For a function: its body, not its defaults, decorators or annotations, which the
    enclosing scope evaluates."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        todo = list(node.body)
    else:
        todo = list(ast.iter_child_nodes(node))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, _SCOPES):
            todo.extend(ast.iter_child_nodes(n))


def _renames(fn):
    """{old: None} of the locals of function `fn` that may be renamed (not its parameters:
    a caller may name them)."""
    a = fn.args
    fixed = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
    fixed |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
    bound = set()
    # A comprehension's targets are its own scope's: a name bound there and nowhere else in
    # the function may be a global or builtin elsewhere in it (and its first iterable is
    # read in the function's scope), so such a name is not the function's to rename.
    in_comp = set()
    for n in _children_in_scope(fn):
        if isinstance(n, ast.comprehension):
            in_comp.update(id(m) for m in ast.walk(n.target))
    for n in _children_in_scope(fn):
        if isinstance(n, ast.Name):
            if isinstance(n.ctx, (ast.Store, ast.Del)) and id(n) not in in_comp:
                bound.add(n.id)
            elif n.id in _DYNAMIC:
                return {}
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            fixed.update(n.names)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            fixed.update((x.asname or x.name).split(".")[0] for x in n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            fixed.add(n.name)
        elif isinstance(n, _SCOPES):
            if not isinstance(n, ast.Lambda):
                fixed.add(n.name)
            for m in ast.walk(n):  # a nested scope sees our names: leave those alone
                if isinstance(m, ast.Name):
                    fixed.add(m.id)
                elif isinstance(m, ast.arg):
                    fixed.add(m.arg)
    return {name: None for name in sorted(bound - fixed)}


def _docstring_nodes(tree):
    out = []
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            b = n.body
            if b and isinstance(b[0], ast.Expr) and isinstance(b[0].value, ast.Constant):
                if isinstance(b[0].value.value, str):
                    out.append((n, b[0]))
    return out


def _plan(tree, taken):
    """[(function node, {old: new})] for every function of the module."""
    names = _short_names(taken)
    pool = []
    plan = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            m = _renames(fn)
            while len(pool) < len(m):
                pool.append(next(names))
            for i, old in enumerate(m):
                m[old] = pool[i]  # the same short names in every function: fewer qstrs
            if m:
                plan.append((fn, m))
    return plan


def _expected(src, filename, taken):
    """ast.dump of the source with the renaming applied and the docstrings dropped: what the
    minified text must parse to."""
    tree = ast.parse(src, filename)
    for fn, m in _plan(tree, taken):
        for n in _children_in_scope(fn):
            if isinstance(n, ast.Name) and n.id in m:
                n.id = m[n.id]
    for owner, expr in _docstring_nodes(tree):
        owner.body.remove(expr)
        if not owner.body:
            owner.body.append(ast.Pass())
    return ast.dump(tree)


_PRIVATE = re.compile(r"^_[A-Za-z0-9]\w*$")
_LOCAL = re.compile(r"^_[a-z][0-9]*$")  # the local renamer's names


def _bound_names(tree):
    """Identifiers the module itself binds (assigns, defines, imports, takes as parameters)."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            out.add(n.attr)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.alias) and n.asname:
            out.add(n.asname)  # `import m` / `from m import x` bind names made elsewhere
    return out


def private_names(sources, keep=()):
    """{old: new} for the private names of a program given as {filename: source}: names
    `_x` (not dunder) that some module binds, that no import spells and that no string
    literal of the program contains; `keep` lists names to leave alone (used from outside
    the program)."""
    names = set()
    bound = set()
    strings = []
    imported = set()  # names an import spells: modules' and other files' names stay as they are
    for filename, src in sources.items():
        tree = ast.parse(src, filename)
        bound |= _bound_names(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.alias):
                imported.update(n.name.split("."))
            elif isinstance(n, ast.ImportFrom) and n.module:
                imported.update(n.module.split("."))
        for t in tokenize.generate_tokens(io.StringIO(src).readline):
            if t.type == tokenize.NAME:
                names.add(t.string)
            elif t.type == tokenize.STRING:
                strings.append(t.string)
    text = "\n".join(strings)
    private = sorted(
        n
        for n in names & bound - imported
        if _PRIVATE.match(n) and not _LOCAL.match(n) and n not in keep and n not in text
    )
    new = _short_names(names, upper=True)
    return {old: next(new) for old in private}


def _module_only(sources, private):
    """{filename: [old]} of the private names that belong to one module: every token of the
    name is in that module's source, and no module spells it as an attribute, a keyword
    argument, an import or a name bound in a class body (a method or attribute could meet
    another module's name on one object: those stay program-wide)."""
    where = {}
    shared = set()
    for filename, src in sources.items():
        for t in tokenize.generate_tokens(io.StringIO(src).readline):
            if t.type == tokenize.NAME and t.string in private:
                where.setdefault(t.string, set()).add(filename)
        for n in ast.walk(ast.parse(src, filename)):
            if isinstance(n, ast.ClassDef):  # a class body's names are attributes too
                for m in n.body:
                    if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        shared.add(m.name)
                    for t in ast.walk(m) if isinstance(m, (ast.Assign, ast.AnnAssign, ast.AugAssign)) else ():
                        if isinstance(t, ast.Name):
                            shared.add(t.id)
            elif isinstance(n, ast.Attribute):
                shared.add(n.attr)
            elif isinstance(n, ast.keyword) and n.arg:
                shared.add(n.arg)
            elif isinstance(n, ast.alias):
                shared.add(n.name)
                shared.add(n.asname)
    out = {}
    for name in sorted(private):
        files = where.get(name, ())
        if len(files) == 1 and name not in shared:
            out.setdefault(next(iter(files)), []).append(name)
    return out


def module_private_names(sources, keep=()):
    """{filename: {old: new}}: private_names() for the names several modules share, and for a
    name that belongs to one module (`_module_only`: its globals, functions and classes that
    no other module and no attribute spells) a short name of that module's own, taken from
    the same `_A`, `_B`, ... sequence: every module starts again from the first name it does
    not already spell, so modules share their short names (a qstr is interned once and
    never freed: fewer distinct names on the board)."""
    private = private_names(sources, keep)
    local = _module_only(sources, private)
    own = {name for names in local.values() for name in names}
    shared = private_names({f: s for f, s in sources.items()}, tuple(keep) + tuple(own))
    out = {}
    for filename, src in sources.items():
        m = dict(shared)
        names = local.get(filename)
        if names:
            taken = set()
            for t in tokenize.generate_tokens(io.StringIO(src).readline):
                if t.type == tokenize.NAME:
                    taken.add(shared.get(t.string, t.string))
            gen = _short_names(taken, upper=True)
            for name in names:
                m[name] = next(gen)
        out[filename] = m
    return out


def _rename_tokens(src, mapping):
    """src with every NAME token in `mapping` replaced (strings and comments untouched)."""
    lines = src.splitlines(True)
    edits = []
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.NAME and t.string in mapping:
            edits.append((t.start[0], t.start[1], t.end[1], mapping[t.string]))
    for line, col, ecol, text in sorted(edits, reverse=True):
        s = lines[line - 1]
        lines[line - 1] = s[:col] + text + s[ecol:]
    return "".join(lines)


class _Renamer(ast.NodeTransformer):
    """Applies {old: new} to every identifier position of a tree (the check)."""

    def __init__(self, mapping):
        self.m = mapping

    def generic_visit(self, node):
        m = self.m
        for field in ("id", "attr", "name", "arg", "asname"):
            v = getattr(node, field, None)
            if isinstance(v, str) and v in m:
                setattr(node, field, m[v])
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            node.names = [m.get(x, x) for x in node.names]
        return super().generic_visit(node)


def minify(src, filename="<source>", private=None):
    """The minified source of module text `src` (same line numbers). `private`: the
    program's {old: new} private names (private_names()). MinifyError if the result would
    not be the same program."""
    if private:
        renamed = _rename_tokens(src, private)
        want = ast.dump(_Renamer(private).visit(ast.parse(src, filename)))
        if ast.dump(ast.parse(renamed, filename)) != want:
            raise MinifyError("%s: renaming the private names changed the program" % filename)
        src = renamed
    tree = ast.parse(src, filename)
    taken = set()
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.NAME:
            taken.add(t.string)
    lines = src.splitlines(True)
    edits = []  # (line, col, end_line, end_col, text, columns in characters?), 1-based lines
    plan = _plan(tree, taken)
    for fn, m in plan:
        for n in _children_in_scope(fn):
            if isinstance(n, ast.Name) and n.id in m:
                edits.append((n.lineno, n.col_offset, n.end_lineno, n.end_col_offset, m[n.id], False))
    docs = _docstring_nodes(tree)
    for owner, expr in docs:
        only = len(owner.body) == 1
        text = ("pass" if only else "") + "\n" * (expr.end_lineno - expr.lineno)
        edits.append((expr.lineno, expr.col_offset, expr.end_lineno, expr.end_col_offset, text, False))
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.COMMENT:
            edits.append((t.start[0], t.start[1], t.end[0], t.end[1], "", True))
    # ast's columns count UTF-8 bytes, tokenize's characters: work on bytes.
    blines = [ln.encode("utf-8") for ln in lines]
    bedits = []
    for line, col, eline, ecol, text, chars in edits:
        if chars:
            col = len(lines[line - 1][:col].encode("utf-8"))
            ecol = len(lines[eline - 1][:ecol].encode("utf-8"))
        bedits.append((line, col, eline, ecol, text.encode("utf-8")))
    bedits.sort(reverse=True)
    last = None
    for line, col, eline, ecol, text in bedits:
        if last is not None and (eline, ecol) > last:
            raise MinifyError("%s: overlapping edits at line %d" % (filename, line))
        last = (line, col)
        blines[line - 1 : eline] = [blines[line - 1][:col] + text + blines[eline - 1][ecol:]]
    out = b"".join(blines).decode("utf-8")
    # Strip what removing comments and docstrings left at line ends (keep the newlines).
    out = "\n".join(ln.rstrip() for ln in out.split("\n"))
    if out.count("\n") != src.count("\n"):
        raise MinifyError("%s: the line count changed" % filename)
    try:
        got = ast.dump(ast.parse(out, filename))
    except SyntaxError as e:
        raise MinifyError("%s: the minified source does not parse: %s" % (filename, e)) from None
    want = _expected(src, filename, taken)
    if got != want:
        raise MinifyError("%s: the minified program differs from the source" % filename)
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1].strip())
        return 2
    with open(argv[0], encoding="utf-8") as f:
        sys.stdout.write(minify(f.read(), argv[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
