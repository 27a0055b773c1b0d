"""Schotten Totten: the package of the first game. Layout, moves: engine.st1.table; the
base game's State: engine.st1.state; the game object: engine.st1.game (docs/ENGINE.md, which
also says what engine.st1 may import).

`State` and `View` are loaded when first asked for (`from engine.st1 import State`: the
module-level __getattr__ of PEP 562, which MicroPython and CircuitPython have too): the tactic
variant's modules import engine.st1.table and engine.st1.prove, which runs this file, and
need neither.
"""

from engine.st1.table import (  # noqa: F401 - re-exported: what ui/ imports from engine.st1
    CLAIM,
    DONE,
    HAND,
    HMAX,
    NMOVES,
    NSTONES,
    PASS,
    PH_CLAIM,
    PH_OVER,
    PH_PLAY,
    SLOTS,
    T1999,
    T2016,
    Table,
    copy_table,
    decode_play,
    encode_play,
)


def __getattr__(name):
    if name == "State":
        from engine.st1.state import State

        return State
    if name == "View":
        from engine.st1.view import View

        return View
    # MicroPython asks this function before it looks for a submodule (`from engine.st1 import
    # game`): import it here, as CPython would.
    import sys

    try:
        __import__("engine.st1." + name)
    except ImportError:
        raise AttributeError(name) from None
    return sys.modules["engine.st1." + name]
