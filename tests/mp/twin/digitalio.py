"""CircuitPython's `digitalio` on the twin: DigitalInOut (claims its pin), Direction, Pull,
DriveMode."""


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        pin._claim()
        self._pin = pin
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

    def deinit(self):
        if self._pin is not None:
            self._pin._release()
            self._pin = None

    def deinited(self):
        return self._pin is None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.deinit()
