"""Memory of the engine and AI on the MicroPython VM, from the repository root:
micropython -X heapsize=256K tests/mp/mem.py [LEVEL] [SEED]
Prints the live heap (gc.mem_alloc() after a collection) after each import group and the
largest live heap seen during one AI-vs-AI game at LEVEL (sampled at every AI progress tick
and after every move)."""

import gc
import sys

sys.path.insert(0, ".")
gc.collect()
base = gc.mem_alloc()


def live():
    gc.collect()
    return gc.mem_alloc() - base


from engine import st1  # noqa: E402

print("import engine core (st1, table, view, prove, cards, rng): %d bytes" % live())
from engine import notation, record  # noqa: E402, F401

print("+ notation, record: %d bytes" % live())
import engine.ai as ai  # noqa: E402

print("+ engine.ai: %d bytes" % live())
level = ai.level_of(sys.argv[1] if len(sys.argv) > 1 else "hard")
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
from engine.rng import Rng  # noqa: E402

peak = [0]


def tick():
    n = live()
    if n > peak[0]:
        peak[0] = n


st = st1.State(seed)
rng = Rng(seed)
moves = 0
while st.phase != st1.PH_OVER:
    st.apply(ai.choose(st.view(st.to_move), rng, level, tick=tick))
    moves += 1
    tick()
print("game of %d moves at level %s: peak live heap %d bytes" % (moves, ai.NAMES[level], peak[0]))
