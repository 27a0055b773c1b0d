"""Arena games between two AI levels, shared by `python -m sim arena` and tests/mp/arena.py.

Game i is dealt from seed + i; player 1 always starts, and the seats alternate: level A is
player 1 in even games and player 2 in odd ones. Each seat has its own random stream.
Only card plays are timed (claims and DONE are instant; the AI modules are loaded before
the first game, so compiling them is not counted); every move is checked legal by the
engine, which raises IllegalMove otherwise.
"""

from array import array

import engine.ai.lookahead  # noqa: F401  (loaded now: compiling it is not thinking time)
from engine.ai import Player
from engine.clock import ticks_diff
from engine.st1 import game

try:
    from time import process_time_ns  # CPython: CPU time of this process, so a busy
    # machine's preemptions (4 ms slices) are not counted as thinking

    def ticks_us():
        return process_time_ns() // 1000

except ImportError:  # MicroPython and CircuitPython: wall-clock time
    from engine.clock import ticks_us


def play(seed, timing, la, lb, a_seat, times):
    """Play one game; returns (state, A won?). times: two arrays (or lists) of microseconds
    per play, A's then B's."""
    st = game.new_state(game.options(timing=timing), seed)
    seats = [None, None]
    seats[a_seat] = Player(la, seed * 2 + 1)
    seats[a_seat ^ 1] = Player(lb, seed * 2 + 2)
    while not game.is_over(st):
        p = st.to_move
        v = st.view(p)
        timed = st.phase == game.PH_PLAY
        t0 = ticks_us()
        mv = seats[p].move(v)
        dt = ticks_diff(ticks_us(), t0)
        if timed:
            times[0 if p == a_seat else 1].append(dt)
        st.apply(mv)
    return st, st.winner == a_seat


def wilson(k, n):
    """95 % Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, c - h), min(1.0, c + h)


def _median(xs):
    """The middle value (xs[n // 2] of the sorted values) without sorting a copy: a binary
    search on the value, so the VM's small heap needs nothing more."""
    n = len(xs)
    if not n:
        return 0
    lo, hi = 0, max(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        k = 0
        for x in xs:
            if x <= mid:
                k += 1
        if k > n // 2:
            hi = mid
        else:
            lo = mid + 1
    return lo


def run(timing, la, lb, games, seed, out=None):
    """Play `games` games; print per-level timing lines to `out` (a function) and return
    the closing summary line."""
    times = [array("I"), array("I")]  # 4 bytes a play: fits the VM's small heap
    aw = 0
    for i in range(games):
        _, a_won = play(seed + i, timing, la, lb, i & 1, times)
        if a_won:
            aw += 1
    lo, hi = wilson(aw, games)
    ms = []
    for k in range(2):
        t = times[k]
        ms.append(sum(t) / len(t) / 1000 if t else 0.0)
        if out is not None:
            out(
                "%s plays=%d ms_mean=%.3f ms_median=%.3f ms_max=%.3f"
                % ("a" if k == 0 else "b", len(t), ms[k], _median(t) / 1000, max(t) / 1000 if t else 0)
            )
    return (
        "games=%d a_wins=%d b_wins=%d a_win_rate=%.3f ci95=%.3f..%.3f a_ms_per_move=%.3f b_ms_per_move=%.3f"
        % (
            games,
            aw,
            games - aw,
            aw / games if games else 0.0,
            lo,
            hi,
            ms[0],
            ms[1],
        )
    )
