"""CircuitPython's `digitalio` on the twin: DigitalInOut (claims its pin), Direction, Pull,
DriveMode."""

import _twin

_twin.begin()


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut(_twin.PinUser):
    def __init__(self, pin):
        self._take(pin)
        self.direction = Direction.INPUT
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL
        self.value = False

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = bool(value)

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull


_twin.loaded()
