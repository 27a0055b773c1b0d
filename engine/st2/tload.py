"""Schotten Totten 2 tactic variant: importing this module loads the variant's modules leaves
first (each one's imports before it), with a collection after each, as tests/mp/selfplay.py
does. Compiling a module from source is the heap's peak on a board without precompiled
modules: lower when that compile is not nested in the imports of the modules that need it,
and with each compile's garbage gone before the next (docs/BENCHMARKS.md). engine.st2.game's
new_state imports it for the variant; the base game never does."""

import gc

for m in ("forms", "prove", "legal", "table", "rules", "state", "tforms", "tprove", "tlegal", "tstate"):
    gc.collect()
    __import__("engine.st2." + m)
gc.collect()
