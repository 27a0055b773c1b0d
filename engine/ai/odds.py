"""The chance arithmetic both games' AI share (engine.ai.st1.know, engine.ai.st2.know): chances
are ints scaled to ONE (1024), and a reachable formation is a packed int `score << 11 | prob`.
No imports, so either game's AI loads it without the other game's modules.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ONE = const(1024)
_PMASK = const(2047)


def pwin(mine, theirs, tie):
    """P(our best formation beats theirs): both lists sorted descending, tie in 0..ONE (the
    chance an equal formation is ours)."""
    res = 0
    none = ONE  # P(none of our better candidates came true)
    gt = ONE  # P(they reach nothing strictly above the current score)
    j = 0
    nt = len(theirs)
    for x in mine:
        s = x >> 11
        p = x & _PMASK
        while j < nt and (theirs[j] >> 11) > s:
            gt = (gt * (ONE - (theirs[j] & _PMASK))) >> 10
            j += 1
        ge = gt
        i = j
        while i < nt and (theirs[i] >> 11) == s:
            ge = (ge * (ONE - (theirs[i] & _PMASK))) >> 10
            i += 1
        pm = (none * p) >> 10
        res += (pm * (ge + (((gt - ge) * tie) >> 10))) >> 10
        none = (none * (ONE - p)) >> 10
        if not none:
            break
    return res
