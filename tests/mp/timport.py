"""Where the tactic game's heap goes while its modules compile from source, on the MicroPython
VM, from the repository root (docs/BENCHMARKS.md, "Schotten Totten tactic variant"):
micropython -X heapsize=64K tests/mp/timport.py prove,tactic.prove,table,tactic.table,tactic.legal,tactic.ruse,tactic.turn,tactic.state
imports engine.st1.<module> in the order given, as tests/mp/tselfplay.py does (leaves first, a
collection after each), and prints the live heap and the total free heap (gc.mem_free()) after
each; with a second argument, micropython.mem_info() too (its "max free sz" is the largest free
block). With sim.bench._smallest it gives the smallest heap that loads a prefix of the list."""

import gc
import sys

import micropython

sys.path.insert(0, ".")

from engine.rng import Rng  # noqa: E402, F401 - as tests/mp/selfplay.py loads it first

for m in sys.argv[1].split(","):
    __import__("engine.st1." + m)
    gc.collect()
    print("%s: live %d free %d" % (m, gc.mem_alloc(), gc.mem_free()))
    if len(sys.argv) > 2:
        micropython.mem_info()
