"""Runs once at power-on or reset, before code.py (and not on a reload).

Hold SELECT while switching on (or pressing reset) to let the game write files to the
CIRCUITPY drive: the computer then sees the drive read-only until the next plain reset.
Without SELECT nothing changes: the drive belongs to the computer, as usual. Saves and
statistics never need this (they live in microcontroller.nvm). See docs/DEVICE.md.
"""

import time

import board
import keypad
import storage

SELECT = 3  # in the shift register order B A START SELECT (the same on PyGamer and PyBadge)


def select_held():
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=4 if hasattr(board, "JOYSTICK_X") else 8,
        value_when_pressed=True,
    )
    try:
        time.sleep(0.1)  # a few scans: a key already down reports as a new press
        held = False
        ev = keys.events.get()
        while ev:
            if ev.pressed and ev.key_number == SELECT:
                held = True
            ev = keys.events.get()
        return held
    finally:
        keys.deinit()  # free the pins for code.py


try:
    if select_held():
        storage.remount("/", readonly=False)
        print("boot.py: CIRCUITPY is writable by the game, read-only over USB.")
        print("boot.py: reset without holding SELECT to give the drive back.")
    else:
        print("boot.py: CIRCUITPY left to the computer (hold SELECT at power-on for the game).")
except Exception as e:  # never stop the boot: code.py runs either way
    print("boot.py:", e)
