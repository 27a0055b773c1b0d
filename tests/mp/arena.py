"""AI arena on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/arena.py GAME VARIANT LEVEL_A LEVEL_B GAMES SEED [TIMING]
GAME st1, VARIANT base, levels easy/medium/hard/expert, TIMING 2016 (default) or 1999.
Prints a timing line per seat, then:
games=N a_wins=A b_wins=B a_win_rate=R ci95=L..H a_ms_per_move=X b_ms_per_move=Y
"""

import gc
import sys

sys.path.insert(0, ".")

# Load the modules leaves first, collecting after each: compiling from source is the peak
# of the heap (the device loads precompiled .mpy files instead).
for _m in (
    "engine.st1",
    "engine.ai",
    "engine.ai.know",
    "engine.ai.judge",
    "engine.ai.search",
    "engine.ai.lookahead",
):
    __import__(_m)
    gc.collect()

import engine.ai as ai  # noqa: E402
from engine import st1  # noqa: E402
from engine.ai import level_of  # noqa: E402
from engine.ai.bench import run  # noqa: E402


def main(argv):
    if len(argv) < 6 or argv[0] != "st1" or argv[1] != "base":
        print("usage: arena.py st1 base LEVEL_A LEVEL_B GAMES SEED [2016|1999]")
        sys.exit(2)
    timing = st1.T1999 if len(argv) > 6 and argv[6] == "1999" else st1.T2016
    line = run(timing, level_of(argv[2]), level_of(argv[3]), int(argv[4]), int(argv[5]), print)
    print("memory_fallbacks=%d" % ai.stats[0])
    print(line)


main(sys.argv[1:])
