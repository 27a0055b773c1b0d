"""The AI's MemoryError fallback on the MicroPython VM, from the repository root:
micropython -X heapsize=160K tests/mp/ai_oom.py [LEVEL] [POSITIONS]
After the code is loaded, ballast fills the heap until only a few KB are free, so the
search's buffers, deals or lists cannot all be made: every answer must still be a legal
move (the best found so far, or Easy's), and the search's buffers must be let go.
Prints: positions=N answers=A legal=L fallbacks=F freed=R
"""

import gc
import sys

sys.path.insert(0, ".")

import engine.ai as ai  # noqa: E402
import engine.ai.search  # noqa: E402, F401  (load every module before the heap is filled)
from engine import st1  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.st1 import State  # noqa: E402, F401  (engine.st1 loads it when first asked for)


def positions(n):
    out = []
    g = 0
    while len(out) < n:
        st = st1.State(500 + g, st1.T2016 if g & 1 else st1.T1999, 0)
        pl = (ai.Player(ai.EASY, g), ai.Player(ai.EASY, g + 1))
        stop = 6 + (g * 11) % 50
        k = 0
        while st.phase != st1.PH_OVER and k < stop:
            st.apply(pl[st.to_move].move(st.view(st.to_move)))
            k += 1
        if st.phase == st1.PH_PLAY and len(st.legal_moves()) > 1:
            out.append(st.view(st.to_move))
        g += 1
    return out


def fill(free):
    """Fill the heap but for one free block of `free` bytes: reserve it, fill every hole
    (big blocks first, down to the smallest), then let the reserve go."""
    reserve = bytearray(free)
    chain = None
    size = 1 << 16
    while size >= 16:
        try:
            chain = [chain, bytearray(size)]
        except MemoryError:
            size //= 2
    reserve = None  # noqa: F841
    return chain


def main(argv):
    level = ai.level_of(argv[0]) if argv else ai.EXPERT
    if level == ai.EXPERT:
        import engine.ai.lookahead  # noqa: F401  (Expert's look-ahead, loaded before the heap is filled)
    n = int(argv[1]) if len(argv) > 1 else 6
    views = positions(n)
    answers = legal = freed = 0
    ai.stats[0] = 0
    for i in range(len(views)):
        v = views[i]
        ok = v.legal_moves()
        for free in (2000, 8000, 16000, 32000, 48000, 64000):
            ai.release()
            gc.collect()
            ballast = fill(free)
            before = ai.stats[0]
            mv = ai.choose(v, Rng(i), level)
            if ai.stats[0] > before and ai._srch is None:
                freed += 1
            ballast = None  # noqa: F841  (let the ballast go)
            gc.collect()
            answers += 1
            if mv in ok:
                legal += 1
    print(
        "positions=%d answers=%d legal=%d fallbacks=%d freed=%d"
        % (len(views), answers, legal, ai.stats[0], freed)
    )


main(sys.argv[1:])
