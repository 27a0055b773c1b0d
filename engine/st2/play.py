"""Random legal play of Schotten Totten 2, for self-play statistics, tests and benchmarks."""

from engine.st2.moves import ATTACKER, DONE, PH_DECLARE, PH_OVER, PH_PLAY, RETREAT

PREP_RATE = 8  # a random preparation action one turn in 8, when one is possible


def random_move(st, rng, card=None, declarable=None):
    """A random legal move: the Attacker declares control as soon as it is provable; a random
    preparation action one turn in PREP_RATE; otherwise a random card at a random open tile,
    or card(st, rng, p, tiles)'s move (engine.st2.tactic.play's, the tactic variant's, with its
    `declarable`)."""
    p = st.to_move
    if p == ATTACKER and st.phase <= PH_DECLARE:
        tiles = st.declarable() if declarable is None else declarable(st)
        if tiles:
            return 504 + tiles[0]
        if st.phase == PH_DECLARE:
            return DONE
    if st.phase != PH_PLAY:
        moves = st.legal_moves()
        return moves[rng.randrange(len(moves))]
    tiles = st.open_tiles(p)
    if not st.prep and (not tiles or rng.randrange(PREP_RATE) == 0):
        if p == ATTACKER:
            full = st.retreat_mask()
            if full:
                # A random non-empty subset of the tiles that hold Attacker cards.
                m = 0
                while not m:
                    m = rng.randrange(128) & full
                return RETREAT + m
        else:
            prep = st.prep_moves()
            if prep:
                return prep[rng.randrange(len(prep))]
    if card is not None:
        return card(st, rng, p, tiles)
    hand = st.hand_of(p)
    return hand[rng.randrange(len(hand))] * 7 + tiles[rng.randrange(len(tiles))]


def random_game(seed, rng, check=None, make=None, move=random_move):
    """Play one game from `seed` with random moves from `rng`; returns the final State. `make`
    is the State class (None: the base game's) and `move` the mover: the tactic variant's
    engine.st2.tactic.play.random_game passes its own.

    `check(state)`, if given, runs on every state (tests use it for invariants)."""
    if make is None:
        from engine.st2.state import State as make

    st = make(seed)
    while st.phase != PH_OVER:
        if check is not None:
            check(st)
        st.apply(move(st, rng))
    if check is not None:
        check(st)
    return st
