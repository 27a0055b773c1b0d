"""sim.minify: the bundle's device sources ship without docstrings and comments and with short
local and private names (fewer qstrs for CircuitPython to intern), the same program on the
same lines (issue 10)."""

import subprocess
import sys
import textwrap

import pytest

from sim.minify import MinifyError, minify, private_names

TRICKY = textwrap.dedent(
    '''
    """Module docstring."""
    import sys

    TOTAL = 3  # a comment


    def outer(values, scale=2):
        """Docstring."""
        result = []
        total = 0
        for value in values:
            doubled = value * scale
            total += doubled
            result.append(doubled)
        squares = [item * item for item in result if item]
        pairs = {key: key + 1 for key in squares}
        captured = total + 1

        def inner(extra):
            return captured + extra

        fn = lambda k: k + TOTAL  # noqa: E731
        try:
            raise ValueError("x")
        except ValueError as problem:
            message = str(problem)
        with open(__file__) as handle:
            first = handle.readline()
        del doubled
        return result, total, squares, sorted(pairs.items()), inner(1), fn(2), message, first[:3]


    def only_doc():
        """Nothing else."""


    class K:
        """A class."""

        def method(self, amount):
            step = amount + 1
            self._private = step
            return self._helper(step)

        def _helper(self, value):
            square = value * value
            return square


    def uses_global():
        global TOTAL
        TOTAL = TOTAL + 1
        return TOTAL


    def keyword_caller():
        return outer([1, 2], scale=3)
    '''
)


def run(src):
    g = {"__file__": __file__, "__name__": "m"}
    exec(compile(src, "m.py", "exec"), g)
    return (
        g["outer"]([1, 2, 3]),
        g["K"]().method(4),
        g["uses_global"](),
        g["keyword_caller"](),
        g["only_doc"](),
    )


def test_same_results_same_lines_shorter():
    private = private_names({"m.py": TRICKY})
    out = minify(TRICKY, "m.py", private)
    assert run(out) == run(TRICKY)
    assert out.count("\n") == TRICKY.count("\n")
    assert "docstring" not in out.lower() and "# a comment" not in out
    assert len(out) < len(TRICKY)
    # Locals of a function are renamed; parameters (callers may name them), names a nested
    # scope reads, except names and globals keep theirs.
    assert "doubled" not in out and "squares" not in out and "step" not in out
    assert "def outer(values, scale=2)" in out and "scale=3" in out
    assert "captured" in out and "problem" in out and "global TOTAL" in out
    # Private names are renamed everywhere at once, the definition and every use.
    assert set(private) == {"_private", "_helper"}
    assert "_helper" not in out and "def %s(self, value)" % private["_helper"] in out
    assert "self.%s(" % private["_helper"] in out


def test_line_numbers_are_kept_for_tracebacks():
    src = 'def f(a):\n    """Doc\n    on two lines."""\n    b = a + 1\n    return 1 / (b - b)\n'
    out = minify(src, "m.py")
    g = {}
    exec(compile(out, "m.py", "exec"), g)
    with pytest.raises(ZeroDivisionError) as e:
        g["f"](1)
    assert e.traceback[-1].lineno + 1 == 5  # pytest counts from 0


def test_what_is_not_renamed():
    src = textwrap.dedent(
        """
        def dyn(a):
            b = a
            return locals()

        def imp():
            import os
            from os import path as p
            return os, p

        def reads_string():
            return getattr(X, "_seen")

        class X:
            _seen = 1
            _free = 2
        """
    )
    out = minify(src, "m.py", private_names({"m.py": src}))
    assert "b = a" in out  # locals() sees the names
    assert "import os" in out and "path as p" in out
    assert "_seen" in out  # a string spells it: getattr may use it
    assert "_free" not in out


def test_names_from_elsewhere_are_kept():
    # `_x` is read but bound by no module of the program: it belongs to a library.
    src = "import lib\n\ndef f():\n    return lib._x\n"
    assert private_names({"m.py": src}) == {}
    assert private_names({"m.py": src}, keep=("_x",)) == {}


def test_a_rename_that_changes_the_program_is_refused(monkeypatch):
    # A dotted import of a private module: no import's name is planned for renaming...
    src = "import pkg._inner\n_inner = 1\n\ndef f():\n    return pkg._inner, _inner\n"
    assert private_names({"m.py": src}) == {}
    # ...and were it renamed token by token anyway, the check against the tree would refuse.
    with pytest.raises(MinifyError, match="changed the program"):
        minify(src, "m.py", {"_inner": "_A"})
    # The local renaming is checked too: an edit that lands elsewhere than planned is refused.
    import sim.minify as mz

    real = mz._plan

    def one_name_short(tree, taken):
        plan = real(tree, taken)
        for _fn, m in plan:
            m.popitem()  # the text edits and the check's tree then disagree
        return plan

    calls = []

    def plan(tree, taken):
        calls.append(1)
        return real(tree, taken) if len(calls) > 1 else one_name_short(tree, taken)

    monkeypatch.setattr(mz, "_plan", plan)
    with pytest.raises(MinifyError, match="differs from the source"):
        minify("def f(a):\n    b = a\n    c = b\n    return c\n", "m.py")


def test_non_ascii_lines():
    src = 'def f():\n    s = "é"  # café\n    return s\n'
    out = minify(src, "m.py")
    g = {}
    exec(out, g)
    assert g["f"]() == "é" and "café" not in out


def test_defaults_belong_to_the_enclosing_scope():
    # `limit`'s default is the module's `n`, evaluated where the function is defined: the
    # function's own local `n` is renamed, the default's reference is not.
    src = "n = 5\n\ndef f(limit=n):\n    n = limit * 2\n    return n\n"
    out = minify(src, "m.py")
    assert "def f(limit=n):" in out
    g = {}
    exec(out, g)
    assert g["f"]() == 10


def test_a_name_bound_only_in_a_comprehension_is_not_the_functions():
    # `x` after the comprehension is the module's; `C` the class; `[y for y in y]` reads the
    # module's y first. None of them may be renamed with the comprehension's targets.
    src = textwrap.dedent(
        """
        x = 5
        y = [1, 2]

        class C:
            pass

        def f():
            a = [x for x in range(3)]
            return a, x

        def g(v):
            ys = [C for C in v]
            return ys, C()

        def h():
            return [y for y in y]

        def both():
            z = 1
            return [z for z in range(z + 2)], z
        """
    )
    out = minify(src, "m.py")
    g1, g2 = {}, {}
    exec(src, g1)
    exec(out, g2)
    assert g2["f"]() == g1["f"]() and g2["h"]() == g1["h"]() and g2["both"]() == g1["both"]()
    assert len(g2["g"]([1])[0]) == 1 and isinstance(g2["g"]([1])[1], g2["C"])


def test_imported_names_are_not_renamed():
    # `_pixelbuf` names a module; renaming the import would make it fail (and be caught).
    src = "try:\n    import _pixelbuf\nexcept ImportError:\n    _pixelbuf = None\n"
    assert private_names({"m.py": src}) == {}


MOD_A = (
    "_LIMIT = [3]\n"
    "def _half(x):\n    return x // 2\n"
    "class _Box:\n    def __init__(self):\n        self._size = _half(_LIMIT[0] * 4)\n"
    "def shared():\n    return _Box()._size + _common()\n"
    "def _common():\n    return 1\n"
)
MOD_B = (
    "from a import shared, _common\n"
    "_LIMIT = [10]\n"
    "def _twice(x):\n    return x * 2\n"
    "def run():\n    return _twice(_LIMIT[0]) + shared() + _common()\n"
)


def test_a_module_s_own_private_names_share_short_names_across_modules(tmp_path):
    from sim.minify import module_private_names

    srcs = {"a.py": MOD_A, "b.py": MOD_B}
    got = module_private_names(srcs)
    a, b = got["a.py"], got["b.py"]
    # _half, _Box belong to a; _twice to b: each module numbers its own from the first short
    # name it does not spell, so b's _twice reuses a name a has. _LIMIT is bound in both
    # modules and _size is an attribute (an object's: never per module): program-wide.
    # _common is imported by b: not renamed at all.
    assert b["_twice"] in a.values()
    assert "_twice" not in a and "_half" not in b and "_Box" not in b and "_common" not in a
    for name in ("_LIMIT", "_size"):
        assert a[name] == b[name]
    assert len(set(a.values())) == len(a), "no clash in a module"
    assert b["_twice"] != b["_LIMIT"]  # b does not spell _size: its short name is b's to use
    (tmp_path / "a.py").write_text(minify(MOD_A, "a.py", a))
    (tmp_path / "b.py").write_text(minify(MOD_B, "b.py", b))
    r = subprocess.run(
        [sys.executable, "-c", "import b; print(b.run())"], cwd=tmp_path, capture_output=True, text=True
    )
    assert r.stdout == "28\n", r.stderr  # 2 * 10 + (6 + 1) + 1, as from the sources
