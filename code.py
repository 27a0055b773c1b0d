"""PyGamer / PyBadge entry point: the device platform, then the game; a crash shows its error.

CircuitPython runs this file after boot.py. `DevicePlatform` implements ui.platform.Platform
over the board's display, buttons (and the PyGamer's joystick), speaker, NeoPixels and
`microcontroller.nvm`. If the game raises, the screen shows the error (drawn with the
built-in font, no library needed) until A restarts it or SELECT restarts it without the
saved game; the save area only ever holds complete records (ui/store.py), so the last save
survives the crash. See docs/DEVICE.md.
"""

import sys

if sys.implementation.name != "cpython":  # CircuitPython (or the MicroPython twin)
    import gc
    import time
    from array import array

    import analogio
    import audiocore
    import audioio
    import board
    import digitalio
    import displayio
    import keypad
    import microcontroller
    import storage
    import supervisor
    import terminalio

    from ui.platform import SAVE_SIZE, Platform, check_save, ticks_add, ticks_diff
else:
    # A desktop Python finds this file for `import code` (pdb and pytest do that) when the
    # repository root is on sys.path: serve the standard library's module instead.
    import importlib.util
    import sysconfig

    _spec = importlib.util.spec_from_file_location("code", sysconfig.get_path("stdlib") + "/code.py")
    _std = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_std)
    globals().update((k, v) for k, v in _std.__dict__.items() if k == "__all__" or k[:2] != "__")
    Platform = object

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_REPEAT_DELAY_MS = const(300)
_REPEAT_EVERY_MS = const(90)
_STICK_DEAD = const(17000)  # joystick: 0..65535, centre about 32768
_RATE = const(8000)  # sound sample rate
_WAVE_MAX = const(4000)  # samples in the sound buffer (half a second)
_VOLUME = const(40)  # square wave amplitude around 128 (8-bit samples)

# name -> (frequency Hz, milliseconds) notes; 0 Hz is a rest.
SOUND_NOTES = {
    "move": ((1175, 20),),
    "play": ((784, 45),),
    "claim": ((784, 60), (1175, 90)),
    "win": ((523, 90), (659, 90), (784, 90), (1047, 200)),
    "lose": ((392, 130), (0, 20), (330, 130), (0, 20), (262, 200)),
    "error": ((196, 140),),
}


class NvmArea:
    """The save area in microcontroller.nvm; each save() is one flash write (docs/DEVICE.md)."""

    def load(self):
        return microcontroller.nvm[0:SAVE_SIZE]

    def save(self, offset, data):
        check_save(offset, data)
        microcontroller.nvm[offset : offset + len(data)] = data


class DevicePlatform(Platform):
    """ui.platform.Platform on a PyGamer or PyBadge."""

    def __init__(self):
        super().__init__()
        if len(microcontroller.nvm) < SAVE_SIZE:
            raise RuntimeError("microcontroller.nvm is smaller than %d bytes" % SAVE_SIZE)
        pygamer = hasattr(board, "JOYSTICK_X")
        self.name = "pygamer" if pygamer else "pybadge"
        self._display = board.DISPLAY
        self._display.auto_refresh = False
        self.root = displayio.Group()
        self._display.root_group = self.root
        # Shift register order is the PyBadge numbering: B A START SELECT RIGHT DOWN UP LEFT;
        # the PyGamer has only the first four and a joystick for the rest.
        self._keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=4 if pygamer else 8,
            value_when_pressed=True,
            max_events=16,
        )
        self._event = keypad.Event()
        self._stick = None
        if pygamer:
            self._stick = (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
        self._stick_dir = -1
        self._held = -1  # direction key held down, for auto-repeat
        self._repeat_at = 0
        self.drive_writable = not getattr(storage.getmount("/"), "readonly", True)  # boot.py
        self._audio = self._speaker_on = None
        try:
            self._wave = array("B", bytes(_WAVE_MAX))
            self._speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self._speaker_on.switch_to_output(value=False)
            self._audio = audioio.AudioOut(board.SPEAKER)
        except Exception as e:  # no sound is no reason to stop the game
            print("sound disabled:", e)
            self._audio = self._speaker_on = None
        self._pixels = None
        try:
            import neopixel

            self._pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=False)
            self._pixels.fill(0)
            self._pixels.show()
        except Exception as e:
            print("lights disabled:", e)

    def poll(self):
        now = supervisor.ticks_ms()
        if self._audio is not None and self._speaker_on.value and not self._audio.playing:
            self._speaker_on.value = False  # quiet between sounds: no hiss
        ev = self._event
        while self._keys.events.get_into(ev):
            k = ev.key_number
            if ev.pressed:
                if k >= 4:
                    self._hold(k, now)
                return k
            if k == self._held:
                self._held = -1
        if self._stick is not None:
            d = self._read_stick()
            if d != self._stick_dir:
                self._stick_dir = d
                self._held = -1
                if d >= 0:
                    self._hold(d, now)
                    return d
        if self._held >= 0 and ticks_diff(now, self._repeat_at) >= 0:
            self._repeat_at = ticks_add(now, _REPEAT_EVERY_MS)
            return self._held
        return -1

    def _hold(self, k, now):
        self._held = k
        self._repeat_at = ticks_add(now, _REPEAT_DELAY_MS)

    def _read_stick(self):
        dx = self._stick[0].value - 32768
        dy = self._stick[1].value - 32768
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        if ax < _STICK_DEAD and ay < _STICK_DEAD:
            return -1
        if ax >= ay:
            return 4 if dx > 0 else 7
        return 5 if dy > 0 else 6

    def refresh(self):
        self._display.refresh()

    def ticks_ms(self):
        return supervisor.ticks_ms()

    load = NvmArea.load
    save = NvmArea.save

    def sound(self, name):
        """Start a short square-wave tune; it plays in the background and stops by itself."""
        self.last_sound = name
        notes = SOUND_NOTES.get(name)
        if self._audio is None or notes is None:
            return
        try:
            self._audio.stop()
            wave = self._wave
            n = 0
            for freq, ms in notes:
                count = min(_RATE * ms // 1000, _WAVE_MAX - n)
                half = _RATE // (2 * freq) if freq else 1
                hi = 128 + _VOLUME if freq else 128  # a rest (0 Hz) stays at the midpoint
                lo = 128 - _VOLUME if freq else 128
                for i in range(count):
                    wave[n + i] = hi if (i // half) & 1 else lo
                n += count
            sample = audiocore.RawSample(memoryview(wave)[:n], sample_rate=_RATE)
            self._speaker_on.value = True
            self._audio.play(sample)
        except Exception as e:  # a sound must never stop the game
            print("sound disabled:", e)
            self._audio = None

    def lights(self, rgb):
        self.last_lights = rgb
        try:
            if self._pixels is not None:
                self._pixels.fill(0 if rgb is None else rgb)
                self._pixels.show()
        except Exception as e:
            print("lights disabled:", e)
            self._pixels = None

    def write_text(self, path, text):
        """Write a text file on CIRCUITPY if boot.py made it writable; False if not."""
        if not self.drive_writable:
            return False
        try:
            with open(path, "w") as f:
                f.write(text)
            return True
        except OSError:
            return False

    def quiet(self):
        """Sound and lights off (before showing the crash screen)."""
        try:
            if self._audio is not None:
                self._audio.stop()
                self._speaker_on.value = False
            self.lights(None)
        except Exception:
            pass


def wrap(text, cols):
    """Lines of at most cols characters, broken at spaces where possible."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def describe(exc):
    """Type, message and innermost file:line of an exception, as text for the screen."""
    text = type(exc).__name__
    try:
        msg = str(exc)
        if msg:
            text = text + ": " + msg
    except Exception:
        pass
    try:
        import traceback

        where = ""
        for line in traceback.format_exception(exc):
            i = line.find('File "')
            if i >= 0:
                j = line.find('"', i + 6)
                k = line.find("line ", j)
                num = line[k + 5 :].split(",")[0].strip() if k >= 0 else "?"
                where = line[i + 6 : j] + ":" + num
        if where:
            text = text + "\nat " + where
        traceback.print_exception(exc)
    except Exception:
        print(text)
    return text


def show_text(title, body, footer):
    """Draw text with the built-in font straight from its glyph bitmap (one TileGrid)."""
    display = board.DISPLAY
    font = terminalio.FONT
    w, h = font.get_bounding_box()[:2]
    cols = display.width // w
    rows = display.height // h
    lines = wrap(title, cols) + [""]
    lines += wrap(body, cols)[: rows - len(lines) - len(footer) - 1]
    lines += [""] * (rows - len(lines) - len(footer)) + footer
    palette = displayio.Palette(2)
    palette[0] = 0x301010
    palette[1] = 0xFFFFFF
    blank = font.get_glyph(32).tile_index
    grid = displayio.TileGrid(
        font.bitmap,
        pixel_shader=palette,
        width=cols,
        height=rows,
        tile_width=w,
        tile_height=h,
        default_tile=blank,
        x=(display.width - cols * w) // 2,
        y=(display.height - rows * h) // 2,
    )
    for r in range(rows):
        line = lines[r]
        for c in range(min(cols, len(line))):
            glyph = font.get_glyph(ord(line[c])) or font.get_glyph(63)
            grid[c, r] = glyph.tile_index
    group = displayio.Group()
    group.append(grid)
    display.root_group = group
    display.auto_refresh = True


def wait_for_choice(platform):
    """1 (A: restart) or 3 (SELECT: restart without the saved game); waits forever."""
    keys = None
    if platform is None:
        try:
            keys = keypad.ShiftRegisterKeys(
                clock=board.BUTTON_CLOCK,
                data=board.BUTTON_OUT,
                latch=board.BUTTON_LATCH,
                key_count=4 if hasattr(board, "JOYSTICK_X") else 8,
                value_when_pressed=True,
            )
        except Exception:
            pass
    start = time.monotonic()
    while True:
        k = -1
        try:
            if platform is not None:
                k = platform.poll()
            elif keys is not None:
                ev = keys.events.get()
                if ev and ev.pressed:
                    k = ev.key_number
        except Exception:
            pass
        # Presses in the first second were meant for the game, not for this screen.
        if k in (1, 3) and time.monotonic() - start > 1.0:
            return k
        time.sleep(0.02)


def drop_saved_game(platform):
    """Rewrite the save without the game in progress; settings and statistics stay."""
    from ui.store import Store

    store = Store(platform if platform is not None else NvmArea())
    settings, stats, game, message = store.load()
    if message is None:
        store.save(settings, stats, None)


def crash_screen(text, platform, title):
    """Show text until A or SELECT, then restart (SELECT drops the saved game first)."""
    if platform is not None:
        platform.quiet()
        try:
            while len(platform.root):
                platform.root.pop()
        except Exception:
            pass
    gc.collect()
    footer = ["A: restart", "SELECT: drop saved game"]
    try:
        show_text(title, text, footer)
    except Exception as e:  # the screen itself failed: the serial console has the error
        print("crash screen failed:", e)
    if wait_for_choice(platform) == 3:
        try:
            drop_saved_game(platform)
        except Exception as e:
            print("could not drop the saved game:", e)
    supervisor.reload()


def main():
    platform = None
    try:
        gc.collect()
        print("free memory at start:", gc.mem_free())
        platform = DevicePlatform()
        from ui.app import main as app_main

        app_main(platform)
        title = "The game ended."
        text = "Restart to play again."
    except Exception as e:  # KeyboardInterrupt (Ctrl-C) still reaches the REPL
        title = "Oops, the game crashed."
        try:
            text = describe(e)
        except Exception:
            text = "(no details: out of memory)"
    crash_screen(text, platform, title)


if __name__ == "__main__":
    main()
