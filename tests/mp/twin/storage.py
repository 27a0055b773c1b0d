"""CircuitPython's `storage` on the twin: getmount("/") of a CIRCUITPY that the computer owns
(read-only for the code unless boot.py remounted it), remount."""

import _twin

_twin.begin()


class VfsFat:
    def __init__(self):
        self.readonly = True
        self.label = "CIRCUITPY"


_root = VfsFat()


def getmount(mount_path):
    if mount_path != "/":
        raise OSError(22)
    return _root


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    getmount(mount_path).readonly = readonly


_twin.loaded()
