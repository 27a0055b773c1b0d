"""PyGamer / PyBadge entry point: the device platform, then the game; a crash shows its error.

CircuitPython runs this file after boot.py. `DevicePlatform` implements ui.platform.Platform
over the board's display, buttons (and the PyGamer's joystick), speaker, NeoPixels and
`microcontroller.nvm`. If the game raises, device/crash.py (imported only then) shows the
error (drawn with the built-in font, no library needed) until A restarts it or SELECT
restarts it without the saved game; the save area only ever holds complete records
(ui/store.py), so the last save survives the crash. See docs/DEVICE.md.
"""

import sys

if sys.implementation.name != "cpython":  # CircuitPython (or the MicroPython twin)
    import gc
    import time

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
_VOLUME = const(40)  # square wave amplitude around 128 (8-bit samples)
_IDLE_S = 0.005  # the main loop's sleep when there is nothing to do

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
        # The nvm object itself, not an 8 KB copy: the store reads it by index (no
        # allocation) and by short slices (each a new bytearray of just that length).
        return microcontroller.nvm

    def save(self, offset, data):
        check_save(offset, data)
        microcontroller.nvm[offset : offset + len(data)] = data


class DevicePlatform(Platform):
    """ui.platform.Platform on a PyGamer or PyBadge."""

    keys = None  # the keypad, once made

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
        DevicePlatform.keys = self._keys  # for the crash screen, if this __init__ fails later
        self._event = keypad.Event()
        self._stick = None
        if pygamer:
            self._stick = (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
        self._stick_dir = -1
        self._held = -1  # direction key held down, for auto-repeat
        self._repeat_at = 0
        self.drive_writable = not getattr(storage.getmount("/"), "readonly", True)  # boot.py
        self._audio = self._speaker_on = None
        self._wave = None  # the note playing: one period of 8-bit unsigned samples, looped
        self._notes = None  # the tune playing (SOUND_NOTES), its note index and end time
        self._note = self._note_end = 0
        try:
            self._speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self._speaker_on.switch_to_output(value=False)
            self._audio = audioio.AudioOut(board.SPEAKER)
        except Exception as e:  # no sound is no reason to stop the game
            print("sound disabled:", e)
            self._audio = self._speaker_on = None
        self._pixels = None
        try:
            # The five NeoPixels driven as lib/neopixel.py's NeoPixel drives them (the core
            # PixelBuf: GRB, its brightness; neopixel_write on the pin) without compiling that
            # library in RAM (3 KB live on the twin). These boards have no NeoPixel power pin.
            import adafruit_pixelbuf
            from neopixel_write import neopixel_write

            class Pixels(adafruit_pixelbuf.PixelBuf):
                def _transmit(self, buf):
                    neopixel_write(self.pin, buf)

            px = Pixels(5, brightness=0.1, byteorder="GRB", auto_write=False)
            px.pin = digitalio.DigitalInOut(board.NEOPIXEL)
            px.pin.switch_to_output()
            self._pixels = px
            px.fill(0)
            px.show()
        except Exception as e:
            print("lights disabled:", e)

    def poll(self):
        now = supervisor.ticks_ms()
        if self._notes is not None and ticks_diff(now, self._note_end) >= 0:
            self._next_note(now)  # the note's time is up
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
        # The AI's thinking indicator refreshes while no key is polled: a tune goes on.
        if self._notes is not None and ticks_diff(supervisor.ticks_ms(), self._note_end) >= 0:
            self._next_note(supervisor.ticks_ms())

    def idle(self):
        """Nothing to do (App.run): sleep a little. The keypad queues presses meanwhile
        (it scans every 20 ms), so a press waits at most this long."""
        time.sleep(_IDLE_S)

    def ticks_ms(self):
        return supervisor.ticks_ms()

    load = NvmArea.load
    save = NvmArea.save

    def sound(self, name):
        """Start a short square-wave tune; it plays in the background and stops by itself.
        Each note is one period of samples played in a loop (40 bytes at most), the next
        note started by poll() or refresh() when its time is up: no buffer of the whole
        tune (4 KB for the longest, at the round's end). A note that finds no memory ends
        the tune."""
        self.last_sound = name
        notes = SOUND_NOTES.get(name)
        if self._audio is None or notes is None:
            return
        self._notes = notes
        self._note = -1
        self._next_note(supervisor.ticks_ms())

    def _next_note(self, now):
        """Stop the note playing and start the tune's next one (none left: the speaker off)."""
        try:
            self._audio.stop()
            self._wave = None  # the AudioOut let go of it: free
            self._note += 1
            if self._note >= len(self._notes):
                self._notes = None
                self._speaker_on.value = False  # quiet between sounds: no hiss
                return
            freq, ms = self._notes[self._note]
            half = _RATE // (2 * freq) if freq else 1
            wave = bytearray(2 * half)
            d = _VOLUME if freq else 0  # a rest (0 Hz) stays at the midpoint
            for i in range(half):
                wave[i] = 128 - d
                wave[half + i] = 128 + d
            self._note_end = ticks_add(now, ms)
            self._speaker_on.value = True
            self._audio.play(audiocore.RawSample(wave, sample_rate=_RATE), loop=True)
            self._wave = wave
        except MemoryError:  # no room for this note now: the game goes on without the tune
            self._notes = self._wave = None
            self._speaker_on.value = False
        except Exception as e:  # a sound must never stop the game
            print("sound disabled:", e)
            self._audio = self._wave = self._notes = None
            try:
                self._speaker_on.value = False
            except Exception:  # noqa: BLE001 - no speaker pin left to switch off
                pass

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
                self._wave = self._notes = None
                self._speaker_on.value = False
            self.lights(None)
        except Exception:
            pass


def intern_crash_names():
    """Load the crash screen's module and let it go again. Its names stay interned (qstrs are
    never freed), so loading it after a crash makes no new qstr: a new qstr pool is one block
    of 10 to 15 KB, which the heap a crash leaves may not have in one piece (the twin's
    memory sweep found such heaps)."""
    import device.crash  # noqa: F401

    for name in ("device.crash", "device"):
        del sys.modules[name]


def main():
    platform = None
    err = None
    try:
        intern_crash_names()
        gc.collect()
        print("free memory at start:", gc.mem_free())
        platform = DevicePlatform()
        import ui.app as ua

        # The App's loop straight from here, no function between (the Python stack is 2 KB);
        # ui.app.APP holds it (the device twin reads it).
        ua.APP = ua.App(platform)
        ua.APP.run()
    except Exception as e:  # KeyboardInterrupt (Ctrl-C) still reaches the REPL
        err = e
    ua = None  # the module goes with the others below
    # Let go of the game's screens and code before the crash screen needs memory. The heap
    # may be full of the unwound game's objects: collect first, and allocate nothing until
    # the modules are gone (no list of their names).
    gc.collect()
    if platform is not None:
        platform.quiet()
        try:
            while len(platform.root):
                platform.root.pop()
        except Exception:
            pass
    name = ""
    while name is not None:
        name = None
        for m in sys.modules:
            if m in ("ui", "engine") or m.startswith("ui.") or m.startswith("engine."):
                name = m
                break
        if name is not None:
            del sys.modules[name]
    gc.collect()
    title = "The game ended."
    text = "Restart to play again."
    try:
        from device import crash
    except Exception as e:  # not even the crash screen's code fits: the console only
        print("crash:", err, "/ crash screen:", e)
        while True:
            time.sleep(1)
    if err is not None:
        title = "Oops, the game crashed."
        try:
            text = crash.describe(err)
        except Exception:
            text = "(no details: out of memory)"
    err = None
    crash.screen(text, platform, title, DevicePlatform.keys, NvmArea())


if __name__ == "__main__":
    main()
