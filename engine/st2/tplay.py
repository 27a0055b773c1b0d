"""Random legal play of the Schotten Totten 2 tactic variant, for self-play, tests and
benchmarks (engine.st2.play's random mover for the base game)."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ATTACKER = const(0)
_PH_PLAY = const(0)
_PH_DECLARE = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)
_FIRST = const(60)
_ACTIONS = const(64)
_DECLARE = const(504)
_RETREAT = const(518)
_DONE = const(646)
_PASS = const(647)
_DRAW_SIEGE = const(648)
_DRAW_TACTIC = const(649)

PREP_RATE = 8  # a random preparation action one turn in 8, when one is possible


def random_move(st, rng):
    """A random legal move: the Attacker declares control as soon as it is provable; a random
    preparation action one turn in PREP_RATE; a random deck to draw from; a random step of an
    action card; otherwise a random card of the hand, or a random playable one when that one
    cannot be played (at a random open tile); a pass when none can."""
    p = st.to_move
    ph = st.phase
    if ph == _PH_DRAW:
        return _DRAW_TACTIC if rng.randrange(2) else _DRAW_SIEGE
    if p == _ATTACKER and ph <= _PH_DECLARE:
        tiles = st.declarable()
        if tiles:
            return _DECLARE + tiles[0]
        if ph == _PH_DECLARE:
            return _DONE
    if ph != _PH_PLAY:
        moves = st.legal_moves()
        return moves[rng.randrange(len(moves))]
    tiles = st.open_tiles(p)
    if not st.prep and (not tiles or rng.randrange(PREP_RATE) == 0):
        if p == _ATTACKER:
            full = st.retreat_mask()
            if full:
                m = 0
                while not m:
                    m = rng.randrange(128) & full
                return _RETREAT + m
        else:
            prep = st.prep_moves()
            if prep:
                return prep[rng.randrange(len(prep))]
    hand = st.hand_of(p)
    c = hand[rng.randrange(len(hand))]
    ok = st.may_tactic(p)
    if c < _FIRST or (c < _ACTIONS and ok):
        if tiles:
            return c * 7 + tiles[rng.randrange(len(tiles))]
    elif ok and st.playable(c, p):
        return c * 7
    cands = []  # that card cannot be played: a random one that can
    for c in hand:
        if c < _FIRST or (c < _ACTIONS and ok):
            if tiles:
                cands.append(c * 7 + tiles[rng.randrange(len(tiles))])
        elif ok and st.playable(c, p):
            cands.append(c * 7)
    if cands:
        return cands[rng.randrange(len(cands))]
    return _PASS


def random_game(seed, rng, check=None):
    """Play one tactic game from `seed` with random moves from `rng`; returns the final State.
    `check(state)`, if given, runs on every state (tests use it for invariants)."""
    from engine.st2.tstate import TState

    st = TState(seed)
    while st.phase != _PH_OVER:
        if check is not None:
            check(st)
        st.apply(random_move(st, rng))
    if check is not None:
        check(st)
    return st
