"""The AI's MemoryError fallback on the MicroPython VM, from the repository root:
micropython -X heapsize=160K tests/mp/ai_oom.py [LEVEL] [POSITIONS] [GAME]
GAME st1 (the default), st2 (positions of both roles), st1t (the first game's tactic
variant: card steps, deck choices and ruse steps) or st2t (the second game's tactic variant,
both roles: card steps, deck choices, action steps and the Exchange's step out of turn). After the code is loaded, ballast fills the heap until only a few KB are free, so the
search's buffers, deals or lists cannot all be made: every answer must still be a legal
move (the best found so far, or Easy's), and the search's buffers must be let go.
Prints: positions=N answers=A legal=L fallbacks=F freed=R
"""

import gc
import sys

sys.path.insert(0, ".")

import engine.ai as ai  # noqa: E402
from engine.ai.player import Player  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.st1 import State  # noqa: E402, F401  (engine.st1 loads it when first asked for)

DEBUG = len(sys.argv) > 4
ST2 = len(sys.argv) > 3 and sys.argv[3] == "st2"
ST1T = len(sys.argv) > 3 and sys.argv[3] == "st1t"
ST2T = len(sys.argv) > 3 and sys.argv[3] == "st2t"
if ST2T:
    import engine.ai.st2.tactic.search  # noqa: F401
    import engine.st2.tactic.choice  # noqa: F401
    import engine.st2.tactic.hidden  # noqa: F401
    import engine.st2.tactic.steps  # noqa: F401
    import engine.st2.tactic.view  # noqa: F401
    from engine.st2 import game as game2
elif ST1T:
    import engine.ai.st1.tactic.search  # noqa: F401
    from engine.st1.tactic.state import TState
elif ST2:
    import engine.ai.st2.search  # noqa: F401  (load every module before the heap is filled)
    from engine.st2.state import State as State2
else:
    import engine.ai.st1.easy  # noqa: F401
    import engine.ai.st1.search  # noqa: F401
    from engine import st1


def positions2(n):
    """Positions of the second game's Easy self-play, both roles, a card step to decide."""
    out = []
    g = 0
    while len(out) < n:
        st = State2(500 + g)
        pl = (Player(ai.EASY, g), Player(ai.EASY, g + 1))
        stop = 6 + (g * 11) % 70
        k = 0
        while st.phase != 2 and (k < stop or st.phase != 0 or st.to_move != g & 1):
            st.apply(pl[st.to_move].move(st.view(st.to_move)))
            k += 1
        if st.phase == 0 and len(st.legal_moves()) > 1:
            out.append(st.view(st.to_move))
        g += 1
    return out


def positions_t(n, make):
    """Tactic positions of Easy self-play with a choice to make (a card, a deck, a step): the
    games made by make(g) (the first game's or the second game's, both roles)."""
    out = []
    g = 0
    while len(out) < n:
        st = make(g)
        pl = (Player(ai.EASY, g), Player(ai.EASY, g + 1))
        stop = 6 + (g * 11) % 60
        k = 0
        while st.phase != 2 and (k < stop or st.phase == 1 or len(st.legal_moves()) < 2):
            st.apply(pl[st.to_move].move(st.view(st.to_move)))
            k += 1
        if st.phase != 2:
            out.append(st.view(st.to_move))
        g += 1
    return out


def positions(n):
    out = []
    g = 0
    while len(out) < n:
        st = st1.State(500 + g, st1.T2016 if g & 1 else st1.T1999, 0)
        pl = (Player(ai.EASY, g), Player(ai.EASY, g + 1))
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
    """Fill the heap but for one free block of `free` bytes (or the largest there is, if
    smaller): reserve it, fill every hole (big blocks first, down to the smallest), then let
    the reserve go."""
    reserve = None
    while reserve is None:
        try:
            reserve = bytearray(free)
        except MemoryError:  # a heap cut up by the positions' making: the largest there is
            free = free * 3 // 4
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
    if level == ai.EXPERT and not ST2T:  # (the second game's tactic Expert is its Hard)
        # Expert's look-ahead, loaded before the heap is filled
        __import__(
            "engine.ai.st2.lookahead"
            if ST2
            else "engine.ai.st1.tactic.lookahead"
            if ST1T
            else "engine.ai.st1.lookahead"
        )
    n = int(argv[1]) if len(argv) > 1 else 6
    if ST1T:
        views = positions_t(n, lambda g: TState(500 + g, g & 1, 0))
    elif ST2T:
        views = positions_t(n, lambda g: game2.new_state({"variant": 1}, 500 + g))
    else:
        views = positions2(n) if ST2 else positions(n)
    if ST2 or ST1T or ST2T:
        # A first search before the heap is filled: what it makes once and for all (its
        # names, its attributes' tables) is not made between two ballasts.
        ai.choose(views[0], Rng(0), level)
    answers = legal = freed = 0
    ai.stats[0] = 0
    for i in range(len(views)):
        v = views[i]
        ok = v.legal_moves()
        for free in (2000, 8000, 16000, 32000, 48000, 64000):
            ai.release()
            gc.collect()
            if DEBUG:
                print(i, free, gc.mem_free())
            ballast = fill(free)
            before = ai.stats[0]
            mv = ai.choose(v, Rng(i), level)
            released = ai._srch is None and (not ST2 or sys.modules["engine.ai.st2"]._srch is None)
            released = released and (not ST1T or sys.modules["engine.ai.st1.tactic"]._srch is None)
            released = released and (not ST2T or sys.modules["engine.ai.st2.tactic"]._srch is None)
            if ai.stats[0] > before and released:
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
