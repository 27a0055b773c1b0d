"""The desktop platform: ui/ code over Blinka displayio in a pygame window, or headless.

`SimPlatform` implements ui.platform.Platform. The display is a subclass of
blinka_displayio_pygamedisplay.PyGameDisplay that draws only the dirty areas (as the
device does) into an off-screen 160x128 surface, which is what screenshots, `pixel()`
and `rgb()` read, and scales it x4 into the window, above a strip showing the five
NeoPixels. Keys: arrows; Z = A; X = B; Enter = Start; Space or Shift = Select;
F12 = screenshot into `shots/` (under the working directory, or `shots_dir`).
Sounds are the device's tunes (code.py's SOUND_NOTES), played through pygame's mixer in the
window when a sound device opens, silently skipped otherwise. `idle()` sleeps: the game's
loop calls it when nothing happens, so an idle window costs next to no CPU.

Headless (SDL_VIDEODRIVER=dummy, or `headless=True`): keys come from `inject()`;
`ticks_ms()` can be driven by a `clock` callable for deterministic runs.
Only one display exists per process (CIRCUITPY_DISPLAY_LIMIT is 1 in Blinka too):
creating a SimPlatform closes any earlier one.
"""

import contextlib
import io
import os
import struct
import sys
import time
import zlib
from collections import deque

from ui.platform import (
    KEY_NAMES,
    NO_KEY,
    SAVE_SIZE,
    SOUNDS,
    TICKS_PERIOD,
    Platform,
    check_save,
    key_code,
    ticks_add,
    ticks_diff,
)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

WIDTH = 160
HEIGHT = 128
STRIP = 12  # height of the NeoPixel strip under the screen (screen pixels)
NPIXELS = 5
IDLE_S = 0.01  # idle()'s sleep: keys wait in pygame's queue meanwhile
SHOTS_DIR = "shots"  # as the README's headless example; ignored by git
NO_DISPLAY = "No display for the simulator: run it headless with SDL_VIDEODRIVER=dummy (docs/PLATFORM.md)."
REPEAT_DELAY_MS = 300
REPEAT_EVERY_MS = 90

_display_class = None


def headless_requested():
    """True when SDL is told to use its dummy (headless) video driver."""
    return os.environ.get("SDL_VIDEODRIVER", "") == "dummy"


def display_available():
    """True if a pygame window can be opened here (or headless is requested); no traceback."""
    if headless_requested():
        return True
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    err = os.dup(2)  # SDL writes its complaints (XDG_RUNTIME_DIR ...) straight to fd 2
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        import pygame

        pygame.display.init()
        # without a usable display SDL quietly falls back to its "offscreen" driver
        ok = pygame.display.get_driver() not in ("offscreen", "dummy")
        pygame.display.quit()
        return ok
    except Exception:  # pygame.error, or no pygame at all
        return False
    finally:
        os.dup2(err, 2)
        os.close(err)


def _blinka():
    """Import Blinka displayio and build the display class once (quietly)."""
    global _display_class
    if _display_class is not None:
        return _display_class
    # microcontroller prints "GENERIC_X86 is not fully supported" on import
    with contextlib.redirect_stdout(io.StringIO()):
        import busdisplay
        import pygame
        from blinka_displayio_pygamedisplay import PyGameDisplay
        from displayio._area import Area

    class SimDisplay(PyGameDisplay):
        """PyGameDisplay that redraws dirty areas only, off screen, scaled into the window."""

        def __init__(self, width, height, scale, caption):
            self._scale = scale
            self._window = None
            self.lights = None  # what the NeoPixels show (None, 0xRRGGBB or (r, g, b))
            self.areas = []  # (x1, y1, x2, y2) drawn by the last refresh
            self.pixels_drawn = 0  # their summed size, as the device would send them
            self.refreshes = 0
            super().__init__(width=width, height=height, caption=caption, auto_refresh=False)

        def _initialize(self, init_sequence):
            pygame.display.init()  # not pygame.init(): no mixer, no ALSA noise
            size = (self.width * self._scale, (self.height + STRIP) * self._scale)
            self._window = pygame.display.set_mode(size)
            pygame.display.set_caption(self._caption)
            self._pygame_screen = pygame.Surface((self.width, self.height))
            self._pygame_screen.fill((0, 0, 0))

        def _get_refresh_areas(self):
            # BusDisplay's: the root group's dirty areas (the whole screen the first
            # time), where PyGameDisplay always answers the whole screen
            full = self._core.full_refresh
            areas = busdisplay.BusDisplay._get_refresh_areas(self)
            if full and self._core.current_group is not None:
                # CircuitPython clears every change flag after a full refresh; this
                # Blinka only clears those of layers asked for their areas, so the
                # next refresh would redraw everything again. Ask them (and drop it).
                self._core.current_group._get_refresh_areas([])
            self.areas = []
            self.pixels_drawn = 0
            clipped = Area()
            for area in areas:
                if self._core.clip_area(area, clipped):
                    self.areas.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
                    self.pixels_drawn += clipped.size()
            return areas

        def _refresh_area(self, area):
            # PyGameDisplay's rounds the buffer down to whole 32-bit words, which
            # breaks on any dirty area of odd size; it only ever drew the whole screen
            clipped = Area()
            if not self._core.clip_area(area, clipped):
                return True
            n = clipped.size()
            buf = memoryview(bytearray((n + 1) // 2 * 4))
            mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
            self._core.fill_area(clipped, mask, buf)
            size = (clipped.width(), clipped.height())
            image = pygame.image.frombuffer(rgb565_to_rgb(buf[: n * 2]), size, "RGB")
            self._pygame_screen.blit(image, (clipped.x1, clipped.y1))
            return True

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self.refreshes += 1
            self.present()

        def present(self):
            """Scale the off-screen surface into the window and show it."""
            if self._window is not None:
                w, h = self._window.get_size()
                screen_h = self.height * self._scale
                target = self._window.subsurface((0, 0, w, screen_h))
                pygame.transform.scale(self._pygame_screen, (w, screen_h), target)
                draw_lights(self._window, (0, screen_h, w, h - screen_h), self.lights)
                pygame.display.flip()

        def render_full(self):
            """RGB bytes of the whole root group rendered now, bypassing dirty tracking."""
            area = Area(0, 0, self.width, self.height)
            buf = bytearray(area.size() * 2)
            mask = memoryview(bytearray((area.size() // 32 + 1) * 4)).cast("I")
            self._core.fill_area(area, mask, memoryview(buf))
            return rgb565_to_rgb(buf)

        def _background(self):
            # called from displayio's thread; we never auto-refresh, so just idle
            time.sleep(0.02)

        def _release(self):
            self._window = None
            pygame.display.quit()

    _display_class = SimDisplay
    return SimDisplay


def light_colour(rgb):
    """The colour a NeoPixel value looks on screen: off is dark grey; a lit pixel keeps its
    hue at full brightness (the game's values are dim, for a LED at 10 % brightness)."""
    if rgb is None:
        return (40, 40, 40)
    if isinstance(rgb, int):
        rgb = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
    top = max(rgb)
    if top == 0:
        return (40, 40, 40)
    return tuple(c * 255 // top for c in rgb)


def draw_lights(surface, rect, rgb):
    """The five NeoPixels, all showing `rgb`, in a row centred in `rect` (x, y, w, h)."""
    import pygame

    x, y, w, h = rect
    surface.fill((16, 16, 16), rect)
    r = max(1, h * 3 // 8)
    colour = light_colour(rgb)
    for i in range(NPIXELS):
        cx = x + w * (2 * i + 1) // (2 * NPIXELS)
        pygame.draw.circle(surface, colour, (cx, y + h // 2), r)


def load_tunes(path=None):
    """The device's tunes, {name: ((Hz, ms), ...)}, read from code.py's SOUND_NOTES (so the two
    never differ); {} if it cannot be read."""
    import ast

    path = path or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "code.py")
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in tree.body:
            if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
                "SOUND_NOTES"
            ]:
                return ast.literal_eval(node.value)
    except (OSError, SyntaxError, ValueError):
        pass
    return {}


def tune_samples(notes, rate, channels=1, volume=6000):
    """Signed 16-bit samples of a square-wave tune (as the device plays it), interleaved for
    `channels`, as bytes."""
    import numpy as np

    parts = []
    for freq, ms in notes:
        n = rate * ms // 1000
        if freq:
            half = max(1, rate // (2 * freq))
            wave = np.where((np.arange(n) // half) & 1, volume, -volume).astype(np.int16)
        else:
            wave = np.zeros(n, dtype=np.int16)
        parts.append(wave)
    mono = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int16)
    return np.repeat(mono, channels).tobytes()


class Audio:
    """pygame's mixer, if a sound device opens (quietly: SDL and ALSA complain on fd 2)."""

    def __init__(self):
        self.mixer = None
        self.sounds = {}
        self.tunes = load_tunes()
        err = os.dup(2)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 2)
            import pygame

            pygame.mixer.init(22050, -16, 1, 512)
            if pygame.mixer.get_init():
                self.mixer = pygame.mixer
        except Exception:  # pygame.error: no sound device; no reason to stop the game
            self.mixer = None
        finally:
            os.dup2(err, 2)
            os.close(err)

    def play(self, name):
        """Start the tune `name` (True), or do nothing without a mixer (False)."""
        if self.mixer is None or name not in self.tunes:
            return False
        snd = self.sounds.get(name)
        if snd is None:
            rate, size, channels = self.mixer.get_init()
            if size != -16:
                return False
            snd = self.sounds[name] = self.mixer.Sound(buffer=tune_samples(self.tunes[name], rate, channels))
        self.mixer.stop()  # as the device: a new sound cuts the last one short
        snd.play()
        return True

    def close(self):
        if self.mixer is not None:
            self.mixer.quit()
            self.mixer = None


def rgb565_to_rgb(buf):
    """Big-endian RGB565 bytes (as displayio fills them) to RGB888 bytes (r5 * 255 // 31 ...)."""
    import numpy as np

    v = np.frombuffer(buf, dtype=">u2").astype(np.uint32)
    out = np.empty((len(v), 3), dtype=np.uint8)
    out[:, 0] = (v >> 11) * 255 // 31
    out[:, 1] = ((v >> 5) & 0x3F) * 255 // 63
    out[:, 2] = (v & 0x1F) * 255 // 31
    return out.tobytes()


def write_png(path, width, height, rgb):
    """Write RGB888 bytes as a PNG: no timestamp or other varying chunk, so deterministic."""

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    stride = width * 3
    raw = b"".join(b"\x00" + rgb[y * stride : (y + 1) * stride] for y in range(height))
    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def read_png(path):
    """(width, height, RGB bytes) of an 8-bit RGB PNG written by write_png (for tests)."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        tag, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        if tag == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
            if body[8:10] != b"\x08\x02" or body[12] != 0:
                raise ValueError("not an 8-bit RGB PNG without interlace")
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 3
    rows = []
    for y in range(height):
        if raw[y * (stride + 1)] != 0:
            raise ValueError("filtered PNG rows are not supported")
        rows.append(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
    return width, height, b"".join(rows)


PALETTE_ENTRY_BYTES = 12  # CircuitPython's _displayio_color_t


def ram_estimate(group):
    """Bytes CircuitPython would hold for the bitmaps, palettes and tile maps under `group`.

    Returns a dict: "bitmaps" (RAM Bitmaps, stride * height), "ondisk" (an
    OnDiskBitmap's row cache and its own palette), "palettes", "tiles" (TileGrid maps,
    one byte a tile, four or fewer kept inline) and "total". Shared objects count once.
    """
    import displayio

    seen = set()
    out = {"bitmaps": 0, "ondisk": 0, "palettes": 0, "tiles": 0}

    def walk(layer):
        if isinstance(layer, displayio.Group):
            for i in range(len(layer)):
                walk(layer[i])
            return
        n = layer.width * layer.height
        out["tiles"] += n if n > 4 else 0
        bmp, shader = layer.bitmap, layer.pixel_shader
        if id(bmp) not in seen:
            seen.add(id(bmp))
            if isinstance(bmp, displayio.OnDiskBitmap):
                out["ondisk"] += bmp._stride + len(bmp.pixel_shader) * PALETTE_ENTRY_BYTES
            else:
                out["bitmaps"] += bmp._stride * 4 * bmp.height
        if isinstance(shader, displayio.Palette) and id(shader) not in seen:
            seen.add(id(shader))
            out["palettes"] += len(shader) * PALETTE_ENTRY_BYTES

    walk(group)
    out["total"] = sum(out.values())
    return out


class Idle(SystemExit):
    """Raised by poll() in a scripted run once the keys are used up and nothing more happens."""


class SimPlatform(Platform):
    """Platform over a pygame window (or SDL's dummy driver) and a save file."""

    name = "sim"
    width = WIDTH
    height = HEIGHT

    def __init__(
        self,
        save_path="sim_save.bin",
        headless=None,
        scale=4,
        clock=None,
        step_ms=0,
        stop_after_idle=0,
        caption=None,
        shots_dir=SHOTS_DIR,
        sound=None,
    ):
        """`clock`: a callable giving ms for ticks_ms(); `step_ms`: instead, a virtual clock
        that each poll() advances by this much; `stop_after_idle`: raise Idle (a SystemExit)
        from poll() once the injected keys are used up and that many polls found none;
        `shots_dir`: where F12 and screenshot() without a path write; `sound`: play sounds
        through pygame's mixer (default: in the window, not headless)."""
        super().__init__()
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        self.headless = headless_requested()
        if not self.headless and not display_available():
            raise RuntimeError(NO_DISPLAY)
        display_class = _blinka()
        import displayio
        import pygame

        self._pygame = pygame
        self._keymap = _keymap(pygame)
        displayio.release_displays()  # one display per process
        self.display = display_class(
            WIDTH, HEIGHT, 1 if self.headless else scale, caption or "Schotten Totten"
        )
        self.root = displayio.Group()
        self.display.root_group = self.root
        self.save_path = save_path
        self._clock = clock
        self._step = step_ms
        self._virtual = 0
        self._stop_after = stop_after_idle
        self._idle = 0
        self._start = time.monotonic()
        self._queue = deque()
        self._held = {}  # direction key -> ticks of its next repeat
        self.closed = False
        self.shots = 0
        self.shots_dir = shots_dir
        self.recorder = None  # a sim.records.Recorder, told of every refresh
        self.audio = Audio() if (not self.headless if sound is None else sound) else None
        self._ensure_save_file()

    # --- keys -------------------------------------------------------------

    def inject(self, keys):
        """Queue key presses, by name ("A", "RIGHT") or int, to come out of poll() in order."""
        for k in keys:
            self._queue.append(key_code(k))

    def pending(self):
        """Number of key presses queued and not yet polled."""
        return len(self._queue)

    def poll(self):
        """Next key press 0..7 or -1; raises SystemExit when the window is closed."""
        self._pump()
        self._virtual += self._step
        if self._queue:
            self._idle = 0
            return self._queue.popleft()
        if self._stop_after:
            self._idle += 1
            if self._idle >= self._stop_after:
                raise Idle(0)
        if self._held:
            now = self.ticks_ms()
            for k in self._held:
                if ticks_diff(now, self._held[k]) >= 0:
                    self._held[k] = ticks_add(now, REPEAT_EVERY_MS)
                    return k
        return NO_KEY

    def _pump(self):
        pg = self._pygame
        keymap = self._keymap
        for event in pg.event.get():
            if event.type == pg.QUIT:
                self.close()
                raise SystemExit(0)
            if event.type == pg.KEYDOWN:
                if event.key == pg.K_F12:
                    print("screenshot:", self.screenshot())
                elif event.key in keymap:
                    k = keymap[event.key]
                    self._queue.append(k)
                    if k >= 4:
                        self._held[k] = ticks_add(self.ticks_ms(), REPEAT_DELAY_MS)
            elif event.type == pg.KEYUP:
                self._held.pop(keymap.get(event.key, -1), None)
            elif event.type in (pg.WINDOWEXPOSED, pg.WINDOWSHOWN, pg.VIDEOEXPOSE):
                self.display.present()

    # --- screen -----------------------------------------------------------

    def refresh(self):
        """Redraw the dirty areas under `root` and show them."""
        self.display.refresh()
        if self.recorder is not None:
            self.recorder.check()

    def idle(self):
        """Nothing to do (the game's loop says so): sleep a little, unless time is virtual."""
        if self._clock is None and not self._step:
            time.sleep(IDLE_S)

    @property
    def last_refresh_pixels(self):
        """Pixels the last refresh redrew (summed over its dirty areas)."""
        return self.display.pixels_drawn

    @property
    def last_refresh_areas(self):
        """The dirty areas (x1, y1, x2, y2) the last refresh redrew."""
        return list(self.display.areas)

    def pixel(self, x, y):
        """(r, g, b) the screen shows at (x, y) since the last refresh."""
        r, g, b, _ = self.display._pygame_screen.get_at((x, y))
        return (r, g, b)

    def rgb(self):
        """RGB888 bytes (160 x 128 x 3) of what the screen shows since the last refresh."""
        return self._pygame.image.tobytes(self.display._pygame_screen, "RGB")

    def render_full(self):
        """RGB888 bytes of `root` drawn from scratch now (to check dirty-area drawing)."""
        return self.display.render_full()

    def screenshot(self, path=None, lights=False):
        """Write what the screen shows as a 160x128 PNG (160x140 with the NeoPixel strip
        under it if `lights`); returns the path. Without a path: the next free
        `screenshot-NNN.png` in `shots_dir` (made if needed)."""
        if path is None:
            os.makedirs(self.shots_dir, exist_ok=True)
            while True:
                self.shots += 1
                path = os.path.join(self.shots_dir, "screenshot-%03d.png" % self.shots)
                if not os.path.exists(path):
                    break
        if not lights:
            write_png(path, WIDTH, HEIGHT, self.rgb())
            return path
        pg = self._pygame
        surf = pg.Surface((WIDTH, HEIGHT + STRIP))
        surf.blit(self.display._pygame_screen, (0, 0))
        draw_lights(surf, (0, HEIGHT, WIDTH, STRIP), self.last_lights)
        write_png(path, WIDTH, HEIGHT + STRIP, pg.image.tobytes(surf, "RGB"))
        return path

    # --- time, save area, sound, lights -------------------------------------

    def ticks_ms(self):
        """Milliseconds since start (or from `clock`), wrapping at 2**29."""
        if self._clock is not None:
            ms = self._clock()
        elif self._step:
            ms = self._virtual
        else:
            ms = int((time.monotonic() - self._start) * 1000)
        return ms % TICKS_PERIOD

    def _ensure_save_file(self):
        size = os.path.getsize(self.save_path) if os.path.exists(self.save_path) else -1
        if size < SAVE_SIZE:
            with open(self.save_path, "ab") as f:
                f.write(bytes(SAVE_SIZE - max(size, 0)))

    def load(self):
        """The save file's first SAVE_SIZE bytes."""
        with open(self.save_path, "rb") as f:
            return f.read(SAVE_SIZE)

    def save(self, offset, data):
        """Write bytes at offset into the save file."""
        check_save(offset, data)
        with open(self.save_path, "r+b") as f:
            f.seek(offset)
            f.write(data)

    def sound(self, name):
        """Play the device's tune `name` if there is a mixer; remembers `last_sound` (unknown
        names raise)."""
        if name not in SOUNDS:
            raise ValueError("no such sound: %r" % (name,))
        self.last_sound = name
        if self.audio is not None:
            self.audio.play(name)

    def lights(self, rgb):
        """Show the five NeoPixels in the window's strip; remembers `last_lights` (None,
        0xRRGGBB or an (r, g, b) tuple)."""
        if not (rgb is None or isinstance(rgb, int) or len(rgb) == 3):
            raise ValueError("lights takes None, 0xRRGGBB or (r, g, b)")
        self.last_lights = rgb
        self.display.lights = rgb
        self.display.present()

    def close(self):
        """Write a just-finished game's record, release the display (and the window) and
        the mixer."""
        if not self.closed:
            import displayio

            if self.recorder is not None:
                self.recorder.check()
            self.closed = True
            displayio.release_displays()
            if self.audio is not None:
                self.audio.close()


def _keymap(pg):
    return {
        pg.K_RIGHT: 4,
        pg.K_DOWN: 5,
        pg.K_UP: 6,
        pg.K_LEFT: 7,
        pg.K_z: 1,
        pg.K_x: 0,
        pg.K_RETURN: 2,
        pg.K_KP_ENTER: 2,
        pg.K_SPACE: 3,
        pg.K_LSHIFT: 3,
        pg.K_RSHIFT: 3,
    }


def key_name(k):
    """Key int to its name, "" for -1."""
    return KEY_NAMES[k] if 0 <= k < 8 else ""


def play(app_main, keys=(), headless=None, save_path="sim_save.bin", screenshot=None, idle_polls=500):
    """Run `app_main(platform)` for the CLI; returns an exit code (1 with one line if no display).

    In the window it runs until the window is closed. Headless (or `headless=True`), the
    `keys` are injected, time is virtual (20 ms a poll, so a run is the same anywhere), and
    the run ends `idle_polls` polls after the last key; then `screenshot` (a PNG path), if
    given, gets what the screen shows.
    """
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    headless = headless_requested()
    if not display_available():
        print(NO_DISPLAY)
        return 1
    p = SimPlatform(
        save_path,
        step_ms=20 if headless else 0,
        stop_after_idle=idle_polls if headless else 0,
    )
    p.inject(keys)
    code = 0
    try:
        app_main(p)
    except SystemExit as e:  # the window closed, or Idle
        code = e.code or 0
    finally:
        if screenshot and not p.closed:
            p.screenshot(screenshot)
        p.close()
    return code
