"""Random matches of Schotten Totten 2 with their records, for tests and the tools (apart from
engine.st2.play, whose random mover the VM's self-play compiles at 48K)."""

from engine.st2.moves import PH_OVER
from engine.st2.play import random_move


def random_match(mode, seed, rng, variant=0):
    """Play a match (engine.st2.match: SINGLE or REVENGE) of random games of a variant (0 the
    base game, 1 the tactic variant), game i dealt from seed + i; returns (Match, Record) with
    every move recorded."""
    from engine.st2.match import Match
    from engine.st2.record import Record

    move = random_move
    if variant:
        from engine.st2.tactic.play import random_move as move
    m = Match(mode, variant)
    rec = Record(None, None, mode, variant)
    while not m.over():
        g = len(rec.games)
        moves = rec.add_game(seed + g)
        st = m.new_game(seed + g)
        while st.phase != PH_OVER:
            mv = move(st, rng)
            st.apply(mv)
            moves.append(mv)
        m.finish_game(st)
    return m, rec
