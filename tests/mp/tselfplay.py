"""The tactic variant's random games for tests/mp/selfplay.py (GAME st1, VARIANT tactic), in a
module of its own so that the base game's runs do not compile it. The moves are those of
engine.st1.tactic.play.random_move (tests/test_tactic_play.py checks that its shortcuts choose what
the legal list does), without loading tplay: the same games as on CPython."""

import gc


def _move(st, rng):
    """The lowest claimable stone, else done; a random deck; else a random legal move."""
    if st.phase == 1:  # PH_CLAIM
        ok = st.claimable()
        return 576 + ok[0] if ok else 585  # CLAIM + stone, DONE
    if st.phase == 3:  # PH_DRAW
        return 587 + rng.randrange(2)  # DRAW + deck
    moves = st.legal_moves()
    return moves[rng.randrange(len(moves))]


def run(games, seed, timing, rng):
    """(wins, turns) of `games` games dealt from seed + i, the players starting in turn."""
    # Leaves first, collecting after each: compiling from source is the heap's peak.
    for m in (
        "prove",
        "tactic.prove",
        "table",
        "tactic.table",
        "tactic.legal",
        "tactic.ruse",
        "tactic.turn",
        "tactic.state",
    ):
        __import__("engine.st1." + m)
        gc.collect()
    from engine.st1.tactic.state import TState

    wins = [0, 0]
    turns = 0
    for i in range(games):
        st = TState(seed + i, timing, i & 1)
        while st.phase != 2:  # PH_OVER
            st.apply(_move(st, rng))
        wins[st.winner] += 1
        turns += st.turn
    return wins, turns
