"""Random legal play of the tactic variant, for self-play statistics, tests and benchmarks."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st1.table import CLAIM, DONE, NSTONES, PASS, SLOTS

_NCLAN = const(54)
_JOKER2 = const(55)
_SHIELD = const(57)
_MUD = const(59)
_DRAW = const(587)
_PH_PLAY = const(0)
_PH_CLAIM = const(1)
_PH_OVER = const(2)
_PH_DRAW = const(3)


def random_move(st, rng):
    """A random legal move: claims are taken as soon as they hold (the lowest stone first, as
    engine.st1.play does), the deck is chosen at random, every other step is a uniformly
    random legal move."""
    ph = st.phase
    if ph == _PH_CLAIM:
        return _first_claim(st)
    if ph == _PH_DRAW:
        return _DRAW + rng.randrange(2)
    if ph == _PH_PLAY:
        return _random_play(st, rng)
    moves = st.legal_moves()
    return moves[rng.randrange(len(moves))]


def _first_claim(st):
    """CLAIM + the lowest stone the player to move may claim, else DONE. A failed proof is
    kept with its counter-example (on the state, as `rcache`): while the stone's cards, modes
    and completion stamps are the same and every card of the counter-example is still unseen,
    that completion still wins, so the proof still fails and is not redone."""
    p = st.to_move
    cache = getattr(st, "rcache", None)
    if cache is None:
        cache = st.rcache = [None] * (NSTONES * 2)
    unseen = None
    board = st.board
    pub = st.public
    for s in range(NSTONES):
        i = s * 2 + p
        if st.owner[s] or st.cnt[i] < st.need[s]:
            continue
        key = bytes(board[s * 2 * SLOTS : s * 2 * SLOTS + 2 * SLOTS]) + bytes(
            (st.mode[s], st.done[s * 2], st.done[s * 2 + 1])
        )
        old = cache[i]
        if old is not None and old[0] == key:
            for c in old[1]:
                if pub[c]:
                    break
            else:
                continue  # the same completion still beats this side
        if unseen is None and st.cnt[i ^ 1] < st.need[s]:
            unseen = st.unseen(-1)
        why = st.claim_check(s, p, unseen)
        if why is None:
            return CLAIM + s
        cache[i] = (key, why) if not isinstance(why, str) else None
    return DONE


def _random_play(st, rng):
    """legal_moves()[rng.randrange(len(legal_moves()))] in the card step, without building
    the list: count the moves of each card of the sorted hand, then walk to the drawn one
    (tests/test_tactic_play.py checks that both give the same move)."""
    p = st.to_move
    owner = st.owner
    opens = st.open_stones(p)
    no = len(opens)
    hand = st.hand_of(p)
    hand.sort()
    tac = st.tp[p] <= st.tp[p ^ 1]
    counts = []
    total = 0
    clan = False
    for c in hand:
        k = 0
        if c < _NCLAN:
            k = no
            clan = clan or no > 0
        elif not tac:
            pass
        elif c <= _SHIELD:
            if c > _JOKER2 or not st.jk >> p & 1:
                k = no
        elif c <= _MUD:  # a combat mode: any unclaimed stone (its card is not on one)
            for s in range(NSTONES):
                if not owner[s]:
                    k += 1
        elif st.can_resolve(c, p):
            k = 1
        counts.append(k)
        total += k
    r = rng.randrange(total + (0 if clan else 1))
    for i in range(len(hand)):
        k = counts[i]
        if r >= k:
            r -= k
            continue
        c = hand[i]
        if c < _NCLAN or c <= _SHIELD:
            return c * 9 + opens[r]
        if c > _MUD:
            return c * 9
        for s in range(NSTONES):
            if not owner[s]:
                if not r:
                    return c * 9 + s
                r -= 1
    return PASS


def random_game(seed, timing, rng, first=0, check=None):
    """Play one tactic game from `seed` with random moves from `rng`; returns the final
    TState. `check(state)`, if given, runs on every state (tests use it for invariants)."""
    from engine.st1.tactic.state import TState

    st = TState(seed, timing, first)
    while st.phase != _PH_OVER:
        if check is not None:
            check(st)
        st.apply(random_move(st, rng))
    if check is not None:
        check(st)
    return st
