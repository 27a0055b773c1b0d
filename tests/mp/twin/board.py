"""CircuitPython's `board` of an Adafruit PyGamer on the twin: its pins and DISPLAY.

The display draws nothing: it keeps root_group, auto_refresh and counts refresh() calls. The
runner puts its own refresh in place (twin.refresh: the count and a heap sample in one frame,
as the board's refresh is C and puts no frame on the Python stack)."""

import _twin

_twin.begin()
from microcontroller import Pin  # noqa: E402

_PINS = (
    "A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12 A13 A14 A15 D0 D1 D2 D3 D4 D5 D6 D8 D9 D10 D11 "
    "D12 D13 SCL SDA SCK MOSI MISO RX TX LIGHT ACCELEROMETER_INTERRUPT NEOPIXEL "
    "BUTTON_CLOCK BUTTON_OUT BUTTON_LATCH JOYSTICK_X JOYSTICK_Y SPEAKER SPEAKER_ENABLE "
    "TFT_BACKLIGHT TFT_CS TFT_DC TFT_RESET TFT_LITE SD_CS L"
).split()
for _n in _PINS:
    globals()[_n] = Pin(_n)


class _Display:
    """board.DISPLAY (a busdisplay.BusDisplay on CircuitPython 10)."""

    width = 160
    height = 128
    rotation = 270
    brightness = 1.0

    def __init__(self):
        self._root = None
        self.auto_refresh = True

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        import displayio

        global _ROOT
        if _ROOT is None:
            _ROOT = displayio._Root()

        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("root_group must be a Group")
        if group is self._root:
            return
        if group is not None:
            if group._parent is not None:
                raise ValueError("Group already used")
            group._parent = _ROOT
        if self._root is not None:
            self._root._parent = None
        self._root = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        _twin.refreshes += 1
        return True


_ROOT = None
DISPLAY = _Display()


def I2C():
    raise RuntimeError("no I2C on the twin")


def SPI():
    raise RuntimeError("no SPI on the twin")


_twin.loaded()
