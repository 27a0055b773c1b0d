"""Random legal play of the Schotten Totten 2 tactic variant, for self-play, tests and
benchmarks (engine.st2.play's random mover for the base game, whose choices before a card it
shares)."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.cards import WALL as _WALL
from engine.st2.play import random_game as _random_game
from engine.st2.play import random_move as _base_move

_PH_DECLARE = const(1)
_PH_DRAW = const(3)
_SLOTS = const(4)
_NTILES = const(7)
_FIRST = const(60)
_ACTIONS = const(64)
_PASS = const(647)
_DRAW_SIEGE = const(648)
_DRAW_TACTIC = const(649)


def random_move(st, rng):
    """A random legal move: a random deck to draw from; the base game's choices before a card
    (engine.st2.play.random_move: declarations, a random step of an action card, a random
    preparation action one turn in PREP_RATE); otherwise a random card of the hand, or a random
    playable one when that one cannot be played (at a random open tile); a pass when none can."""
    if st.phase == _PH_DRAW:
        return _DRAW_TACTIC if rng.randrange(2) else _DRAW_SIEGE
    return _base_move(st, rng, _card, _declarable)


def _declarable(st):
    """st.declarable()'s first tile (as a list: [] or [t]), the only one random_move uses. A
    failed check is kept with its answer (on the State, as `dcache`): while the tile's cards,
    side and completion stamps are the same and every card of the answer (the Defender's
    completion that beats the Attacker, or [] when its complete formation already does) is
    still unseen, the check still fails and is not redone (tests/test_st2t_random_play.py compares
    with st.declarable() on every state)."""
    if st.to_move or st.phase > _PH_DECLARE:
        return []
    cache = getattr(st, "dcache", None)
    if cache is None:
        cache = st.dcache = [None] * _NTILES
    board, cnt, side, done, loc = st.board, st.cnt, st.side, st.done, st.loc
    for t in range(_NTILES):
        i = t * 2
        if cnt[i] != _WALL[i + side[t]] >> 4:
            continue
        o = i * _SLOTS
        key = bytes(board[o : o + 2 * _SLOTS]) + bytes((side[t], done[i], done[i + 1]))
        old = cache[t]
        if old is not None and old[0] == key:
            for c in old[1]:
                if loc[c]:
                    break
            else:
                continue  # the same completion still beats the Attacker here
        why = st.declare_check(t)
        if why is None:
            return [t]
        cache[t] = (key, why)
    return []


def _card(st, rng, p, tiles):
    """A random card of player p's hand (engine.st2.play.random_move's last choice)."""
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
    """engine.st2.play.random_game of the tactic variant (tests/mp/selfplay.py calls it)."""
    from engine.st2.tactic.state import TState

    return _random_game(seed, rng, check, TState, random_move)
