"""Random legal play of the Schotten Totten 2 tactic variant, for self-play, tests and
benchmarks (engine.st2.play's random mover for the base game, whose choices before a card it
shares)."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from engine.st2.play import random_game as _random_game
from engine.st2.play import random_move as _base_move

_PH_DRAW = const(3)
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
    return _base_move(st, rng, _card)


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
    return _random_game(seed, rng, check, 1)
