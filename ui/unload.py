"""Letting go of modules by name: every screen that imports code for a moment calls it (its own
module, loaded with ui.app, so that none of them imports ui.app for it; not the ui package,
whose names hold every ui module it has loaded: a crash's screen then found no room).
"""

import gc
import sys


def unload(names):
    """Let go of the modules `names` (dotted) and their submodules: out of sys.modules and off
    their package, so that the collection that follows frees their code."""
    mods = sys.modules
    for full in names:
        for k in [k for k in mods if k == full or k.startswith(full + ".")]:
            del mods[k]
        pkg, _, n = full.rpartition(".")
        try:  # not hasattr: engine.st1's module __getattr__ would import it again
            delattr(mods[pkg], n)
        except (KeyError, AttributeError):
            pass
    gc.collect()
