"""CircuitPython's `analogio` on the twin: AnalogIn (0..65535). The PyGamer's joystick pins
read _twin.stick, which the runner's key driver deflects for one poll and that springs back
to the centre after being read (see _twin.stick_reads)."""

import _twin

_twin.begin()
import board  # noqa: E402


class AnalogIn(_twin.PinUser):
    def __init__(self, pin):
        self._take(pin)
        x, y = getattr(board, "JOYSTICK_X", None), getattr(board, "JOYSTICK_Y", None)
        self._axis = 0 if pin is x else 1 if pin is y else -1

    @property
    def value(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        if self._axis < 0:
            return 32768
        v = _twin.stick[self._axis]
        if _twin.stick_reads > 0:
            _twin.stick_reads -= 1
            if not _twin.stick_reads:
                _twin.stick[0] = _twin.stick[1] = 32768
        return v

    reference_voltage = 3.3


_twin.loaded()
