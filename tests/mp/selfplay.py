"""Random self-play on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/selfplay.py GAME GAMES SEED [VARIANT] [TIMING]
GAME st1 (VARIANT base|tactic, TIMING 2016|1999) or st2 (Schotten Totten 2, VARIANT base or
tactic; player 1 is the Attacker). Only the chosen game's modules are imported (and of a
variant's, only the tactic variant's for tactic).
Prints: games=N p1_wins=A p2_wins=B avg_turns=T games_per_s=R
"""

import sys

sys.path.insert(0, ".")

import time  # noqa: E402

from engine.rng import Rng  # noqa: E402


def _ms():
    return time.ticks_ms() if "ticks_ms" in dir(time) else time.monotonic_ns() // 1000000


def _load(package, modules):
    """Import the modules leaves first, collecting after each: compiling from source is the
    heap's peak (the device loads precompiled modules instead), and fragments it."""
    import gc

    gc.collect()
    for m in modules:
        __import__(package + m)
        gc.collect()


def main(argv):
    variant = argv[3] if len(argv) > 3 else "base"
    if len(argv) < 3 or argv[0] not in ("st1", "st2") or variant not in ("base", "tactic"):
        print("usage: selfplay.py st1|st2 GAMES SEED [base|tactic] [2016|1999]")
        sys.exit(2)
    games = int(argv[1])
    seed = int(argv[2])
    rng = Rng(seed)
    wins = [0, 0]
    turns = 0
    t0 = _ms()
    if argv[0] == "st2":
        mods = ("cards", "forms", "prove", "moves", "legal", "table", "rules", "state", "actions")
        if variant == "tactic":  # the variant's modules, and not the base game's random mover
            mods += (
                "tactic.forms",
                "tactic.prove",
                "tactic.legal",
                "tactic.state",
                "tactic.choice",
                "tactic.steps",
                "tactic.hidden",
                "tactic.play",
            )
        else:
            mods += ("play",)
        _load("engine.st2.", mods)
        random_game = sys.modules["engine.st2." + mods[-1]].random_game

        for i in range(games):
            st = random_game(seed + i, rng)
            wins[st.winner] += 1
            turns += st.turn
    elif variant == "tactic":
        from tselfplay import run  # tests/mp/tselfplay.py

        wins, turns = run(games, seed, 1 if len(argv) > 4 and argv[4] == "1999" else 0, rng)
    else:
        _load("engine.st1.", ("prove", "table", "state", "play"))
        from engine import st1
        from engine.st1.play import random_game

        timing = st1.T1999 if len(argv) > 4 and argv[4] == "1999" else st1.T2016
        for i in range(games):
            st = random_game(seed + i, timing, rng, i & 1)
            wins[st.winner] += 1
            turns += st.turn
    ms = max(1, _ms() - t0)
    print(
        "games=%d p1_wins=%d p2_wins=%d avg_turns=%.1f games_per_s=%.1f"
        % (games, wins[0], wins[1], turns / games, games * 1000 / ms)
    )


main(sys.argv[1:])
