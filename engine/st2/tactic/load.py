"""Schotten Totten 2 tactic variant: importing this module loads the variant's modules leaves
first (each one's imports before it), with a collection after each, as tests/mp/selfplay.py
does. Compiling a module from source is the heap's peak on a board without precompiled
modules: lower when that compile is not nested in the imports of the modules that need it,
and with each compile's garbage gone before the next (docs/BENCHMARKS.md). engine.st2.game's
new_state imports it for the variant; the base game never does. The last three (the
declarations' and cauldrons' code, the views the AI decides on) every game needs: compiled
here, at the game's start, not at the first declaration in a heap the game has cut up (on the
device twin a whole game against Hard then fits from 248K, was 256K)."""

import gc

for m in (
    "forms",
    "prove",
    "legal",
    "table",
    "rules",
    "state",
    "tactic.forms",
    "tactic.prove",
    "tactic.legal",
    "tactic.state",
    "actions",
    "view",
    "tactic.view",
):
    gc.collect()
    __import__("engine.st2." + m)
gc.collect()
