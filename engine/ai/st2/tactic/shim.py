"""The base game's eyes on a tactic table: `Shim` copies what engine.ai.st2's Judge and Easy
read of a table (a TView of the second game's tactic variant) with every elite troop on the
wall stood in for by one siege card, the value its owner is likeliest to give it (`stand_in`),
so the base game's knowledge (card chances, reachable formations, tile chances, the game value)
judges the clan cards unchanged. Declarations are still the engine's (the real view's
`declare_check`, elite troops at their best). Nothing here sees a hidden card.

A stand-in never has strength 0 or 11 (Chicken versus Chef does not apply to elite troops:
docs/RULES.md), so a lowest-sum tile's Joker counts as a 1, a high one as a 10.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import K_LOW, K_SAME, K_SUM, NTILES, WALL

_SLOTS = const(4)
_FIRST = const(60)
_ACTIONS = const(64)
_SPY = const(62)
_SHIELD = const(63)
_NONE = const(255)


def stand_in(board, o, k, kd, e, skip=-1):
    """The siege card elite troop e stands for among the k cards at board[o:o + k] (a side;
    the slot `skip` not counted), on a tile of kind kd: the Spy a 10, the Shield a 3 (a 1
    on a lowest-sum tile, the side's strength if it is 1..3), a Joker the next card of the
    side's run, its strength in another colour, else a 10 (a 1 on a lowest-sum tile); the
    colour the side's most common one."""
    cols = 0  # 3 bits a colour: how many of the side's siege cards have it
    lo = 12
    hi = -1
    same = -1  # the side's common strength, -2 when they differ
    n = 0
    for x in range(k):
        if x == skip:
            continue
        c = board[o + x]
        if c >= _FIRST:
            continue
        n += 1
        s = c % 12
        cols += 1 << (c // 12) * 3
        if s < lo:
            lo = s
        if s > hi:
            hi = s
        same = s if same == -1 or same == s else -2
    col = 0
    best = -1
    for q in range(5):
        m = cols >> q * 3 & 7
        if m > best:
            best = m
            col = q
    if e == _SPY:
        return col * 12 + 10
    if kd == K_LOW:
        return col * 12 + 1
    if e == _SHIELD:
        return col * 12 + (same if 1 <= same <= 3 else 3)
    if kd == K_SUM:
        return col * 12 + 10
    if n and 1 <= same <= 10 and (kd == K_SAME or best < n or n > 1):
        for q in range(5):  # the same strength in a colour the side lacks
            if not cols >> q * 3 & 7:
                return q * 12 + same
    if n and best == n:
        if hi < 10:
            return col * 12 + hi + 1
        if lo > 1:
            return col * 12 + lo - 1
    return col * 12 + 10


class Shim:
    """What the base game's Judge and Easy read of a table, elite troops stood in for."""

    GAME = 2

    def __init__(self):
        self.board = bytearray(NTILES * 2 * _SLOTS)
        self.cnt = bytearray(NTILES * 2)
        self.done = bytearray(NTILES * 2)
        self.side = bytearray(NTILES)
        self.loc = bytearray(72)
        self.v = None
        self.oil = self.ndeck = self.to_move = self.phase = self.prep = 0

    def load(self, v):
        """Copy table v (a TView or TState), elite troops stood in for."""
        self.v = v
        b = self.board
        vb = v.board
        for i in range(len(b)):
            b[i] = vb[i]
        for i in range(NTILES * 2):
            self.cnt[i] = v.cnt[i]
            self.done[i] = v.done[i]
        for i in range(NTILES):
            self.side[i] = v.side[i]
        loc = self.loc
        for i in range(72):
            loc[i] = v.loc[i]
        self.oil = v.oil
        self.ndeck = v.ndeck
        self.to_move = v.to_move
        self.phase = v.phase
        self.prep = v.prep
        for i in range(NTILES * 2):
            k = self.cnt[i]
            o = i * _SLOTS
            for x in range(k):
                e = b[o + x]
                if _FIRST <= e < _ACTIONS:
                    c = stand_in(b, o, k, WALL[(i >> 1) * 2 + self.side[i >> 1]] & 15, e, x)
                    b[o + x] = c
                    if not loc[c]:
                        loc[c] = 1  # counted as seen: not a card either side may still get
        return self

    def cards_at(self, t, p):
        o = (t * 2 + p) * _SLOTS
        return self.board[o : o + self.cnt[t * 2 + p]]

    def declare_check(self, t):
        return self.v.declare_check(t)


def siege_hand(v, p):
    """Player p's siege cards (a list) in table v's hand."""
    return [c for c in v.hand_of(p) if c < _FIRST]


def tactic_in_hand(v, p):
    """How many tactic cards player p holds."""
    n = 0
    for c in v.hand_of(p):
        if c != _NONE and c >= _FIRST:
            n += 1
    return n
