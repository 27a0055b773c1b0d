"""sim.inline: the bundle's integer constants inlined program-wide (issue 10: fewer qstrs on
the board), the same program on every path: small programs run before and after, and the
real engine and AI play the same games move for move from the transformed sources."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sim import inline as inl
from sim.inline import InlineError, inline_constants
from tests.mp_util import ROOT

A = textwrap.dedent(
    """\
    try:
        from micropython import const
    except ImportError:
        def const(x):
            return x
    X = 5
    Y = X * 2 + 1
    NEG = -3
    P, Q, R = range(3)
    Z = const(1 << 4)
    NAMES = ("x", "y")
    def f(n):
        return n + X + Y + NEG.bit_length() + Z.bit_length() + Q
    """
)
B = textwrap.dedent(
    """\
    from pkg.a import X, Y, f
    import pkg.a
    import pkg.a as al
    def g():
        return X * 100 + Y + pkg.a.P + al.R + f(1) + pkg.a.Z
    def h():
        from pkg.a import NEG
        return NEG
    """
)


def _write(tmp, files):
    for name, src in files.items():
        p = Path(tmp) / (name.replace(".", "/") + ".py")
        if name == "pkg":
            p = Path(tmp) / "pkg" / "__init__.py"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(src)


def _run(tmp, code):
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _program(**extra):
    srcs = {"pkg": "", "pkg.a": A, "pkg.b": B}
    srcs.update(extra)
    return srcs


def test_constants_are_inlined_and_the_program_is_the_same(tmp_path):
    srcs = _program()
    out = inline_constants(srcs)
    for name in srcs:
        assert out[name].count("\n") == srcs[name].count("\n"), "line numbers kept"
    a, b = out["pkg.a"], out["pkg.b"]
    for gone in ("X =", "Y =", "NEG =", "P, Q, R", "Z ="):
        assert gone not in a
    assert "NAMES = (" in a  # not an int: stays
    assert "from pkg.a import f\n" in b and "(-3).bit_length()" in a
    assert "__import__('pkg.a')" in b  # the lazy import of NEG keeps its side effect
    assert "pkg.a.P" not in b and "al.R" not in b and "return 5 * 100 + 11 + 0 + 2 + f(1) + 16" in b
    code = "from pkg.b import g, h; import sys; print(g(), h(), 'pkg.a' in sys.modules)"
    _write(tmp_path / "before", srcs)
    _write(tmp_path / "after", out)
    assert _run(tmp_path / "after", code) == _run(tmp_path / "before", code) == "554 -3 True\n"


@pytest.mark.parametrize(
    "extra, name",
    [
        # an attribute on an object (a module handed around, as the game interface does)
        ({"pkg.c": "def k(obj):\n    return obj.X\n"}, "X"),
        # a string spells it (getattr)
        ({"pkg.c": "import pkg.a\ndef k():\n    return getattr(pkg.a, 'Y')\n"}, "Y"),
        # assigned from outside
        ({"pkg.c": "import pkg.a\ndef k():\n    pkg.a.X = 7\n"}, "X"),
    ],
)
def test_a_name_used_in_a_way_it_cannot_follow_is_left_alone(extra, name):
    out = inline_constants(_program(**extra))
    assert "\n%s = " % name in out["pkg.a"]
    assert out["pkg.c"] == extra["pkg.c"]


def test_kept_names_a_local_of_the_same_name_and_global_statements():
    srcs = _program()
    out = inline_constants(srcs, keep={"Y"})
    assert "\nY = X * 2 + 1" not in out["pkg.a"] and "\nY = 5 * 2 + 1" in out["pkg.a"]
    assert "import X, Y, f" not in out["pkg.b"] and "from pkg.a import Y, f" in out["pkg.b"]
    shadow = {
        "pkg.d": "W = 1\ndef k(W):\n    return W\n",
        "pkg.e": "V = 1\ndef k():\n    global V\n    V = 2\n",
    }
    out = inline_constants(_program(**shadow))
    assert out["pkg.d"] == shadow["pkg.d"] and out["pkg.e"] == shadow["pkg.e"]


def test_a_re_export_through_a_package():
    srcs = {"pkg": "from pkg.t import N, Table\n", "pkg.t": "N = 9\nclass Table:\n    pass\n"}
    srcs["use"] = "from pkg import N\nimport pkg\ndef k():\n    return N + pkg.N\n"
    out = inline_constants(srcs)
    assert out["pkg"] == "from pkg.t import Table\n" and out["use"].endswith("return 9 + 9\n")
    assert "N" not in out["pkg.t"].replace("\n", " ").split()


def test_the_check_refuses_an_edit_that_changes_the_program(monkeypatch):
    real = inl._apply
    monkeypatch.setattr(inl, "_apply", lambda src, edits: real(src, edits).replace("* 100", "* 10"))
    with pytest.raises(InlineError, match="not the source with its constants inlined"):
        inline_constants(_program())


def test_a_star_import_is_refused():
    with pytest.raises(InlineError, match="star import"):
        inline_constants({"a": "X = 1\n", "b": "from a import *\n"})


# The real program: the engine's games, the AIs' decisions and random tactic games from the
# sources as the bundle transforms them (constants inlined, private names renamed, minified),
# against the same from the repository's sources.
_GAMES = textwrap.dedent(
    """\
    import sys
    sys.path.insert(0, sys.argv[1])
    from engine.ai.player import Player
    from engine.rng import Rng
    from engine.st1 import game
    from engine.st1.tactic.play import random_game as t1
    from engine.st2.state import State as State2
    from engine.st2.tactic.play import random_game as t2
    out = []
    for seed in range(1, 4):
        st = game.new_state(game.options(timing=seed & 1), seed)
        seats = (Player(seed % 3, seed * 2 + 1), Player(2, seed * 2 + 2))
        while not game.is_over(st):
            m = seats[st.to_move].move(st.view(st.to_move))
            out.append(m)
            st.apply(m)
        out.append(st.winner)
    for seed in range(1, 3):
        st = State2(seed)
        seats = (Player(1, seed), Player(2, seed + 9))
        while st.phase != 2:
            m = seats[st.to_move].move(st.view(st.to_move))
            out.append(m)
            st.apply(m)
        out.append(st.winner)
    for seed in range(1, 40):
        out.append(t1(seed, seed & 1, Rng(seed)).winner)
        out.append(t2(seed, Rng(seed)).winner)
    print(len(out), hash(tuple(out)))
    """
)


def test_the_transformed_engine_plays_the_same_games(tmp_path):
    """The engine as the bundle transforms it, with the desktop-only modules these games use
    (random tactic play) transformed as part of the same program."""
    from sim.bundle import module_files
    from sim.minify import minify, private_names

    mods = module_files(ROOT, "engine")
    sources = {m: (Path(ROOT) / rel).read_text() for m, rel in mods.items()}
    texts = inline_constants(sources)
    assert sum(t.count("\n") for t in texts.values()) == sum(t.count("\n") for t in sources.values())
    assert sum(len(t) for t in texts.values()) < sum(len(t) for t in sources.values())
    private = private_names({str(mods[m]): t for m, t in texts.items()})
    for m, rel in mods.items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(minify(texts[m], str(rel), private))
    script = tmp_path / "games.py"
    script.write_text(_GAMES)
    env = {"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}

    def run(path):
        r = subprocess.run(
            [sys.executable, str(script), str(path)],
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
            cwd=tmp_path,
        )
        assert r.returncode == 0, r.stderr[-3000:]
        return r.stdout

    before = run(ROOT)
    assert int(before.split()[0]) > 300
    assert run(tmp_path) == before


def test_a_package_name_that_is_also_a_submodule_is_left_alone():
    # `from pkg import b` gives the int or the submodule depending on import order.
    srcs = {"pkg": "b = 3\n", "pkg.b": "Y = 7\n", "use": "from pkg import b\ndef k():\n    return b\n"}
    out = inline_constants(srcs)
    assert out["pkg"] == srcs["pkg"] and out["use"] == srcs["use"]


def test_lines_are_split_at_newlines_only():
    srcs = {"a": "X = 1\nS = 'a\u2028b\x0cc'\ndef f():\n    return X\n"}
    out = inline_constants(srcs)
    assert out["a"] == "pass\nS = 'a\u2028b\x0cc'\ndef f():\n    return 1\n"


def test_the_const_block_goes_when_every_constant_was_inlined(tmp_path):
    # After inlining, pkg.a reads no const() any more: its try/except block is blanked (a
    # global and four names fewer for the board's compile), its lines kept.
    out = inline_constants(_program())
    a = out["pkg.a"]
    assert "micropython" not in a and "def const" not in a and a.count("\n") == A.count("\n")
    assert a.splitlines()[:5] == [""] * 5
    # A constant left alone (the twin's runner reads it) still calls const(): the block stays.
    kept = inline_constants(_program(), keep={"Z"})["pkg.a"]
    assert kept.startswith("try:\n    from micropython import const\n") and "Z = const(1 << 4)" in kept
    _write(tmp_path, out)
    assert _run(tmp_path, "from pkg.b import g; print(g())") == "554\n"


@pytest.mark.parametrize(
    "src",
    [
        # const used elsewhere (a name read, not a call)
        "try:\n    from micropython import const\nexcept ImportError:\n    def const(x):\n        return x\nf = const\n",
        # another block's shape: an else clause
        "try:\n    from micropython import const\nexcept ImportError:\n    def const(x):\n        return x\n"
        "else:\n    pass\n",
        # imported under another name
        "try:\n    from micropython import const as c\nexcept ImportError:\n    def c(x):\n        return x\n",
        # inside a function
        "def f():\n    try:\n        from micropython import const\n    except ImportError:\n        pass\n",
    ],
)
def test_a_const_block_in_use_or_of_another_shape_stays(src):
    assert inl.drop_const_fallback(src) == src


def test_dropping_the_const_block_keeps_the_rest():
    src = '"""doc"""\nimport gc\ntry:\n    from micropython import const\nexcept ImportError:\n\n    def const(x):\n        return x\n\n\nN = 3\n'
    got = inl.drop_const_fallback(src)
    assert got == '"""doc"""\nimport gc\n\n\n\n\n\n\n\n\nN = 3\n'
