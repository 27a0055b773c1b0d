"""AI arena on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/arena.py GAME VARIANT LEVEL_A LEVEL_B GAMES SEED [OPTION] [mem]
GAME st1 (OPTION: the timing, 2016 by default, or 1999) or st2 (OPTION: single, by default,
or revenge: GAMES revenge matches), VARIANT base or tactic, levels
easy/medium/hard/expert. Only the
chosen game's modules are imported. Prints a timing line per seat, memory_fallbacks=K, then
the summary line of engine.ai.bench (st1: games=N a_wins=A b_wins=B a_win_rate=R ci95=L..H
a_ms_per_move=X b_ms_per_move=Y; st2 adds A's results per role). With `mem` last, it first
prints the bytes of heap the compiled modules hold (gc.mem_alloc() around each import):
mem engine=E ai=A harness=H.
"""

import gc
import sys

sys.path.insert(0, ".")

_MODULES = {
    "st1": (
        "engine.st1",
        "engine.ai",
        "engine.ai.odds",
        "engine.ai.st1.know",
        "engine.ai.st1.judge",
        "engine.ai.st1.search",
        "engine.ai.st1.lookahead",
    ),
    # The tactic variant of the first game: its engine's largest modules first.
    "st1t": (
        "engine.st1.tactic.prove",
        "engine.st1.tactic.table",
        "engine.st1.tactic.legal",
        "engine.st1.tactic.ruse",
        "engine.st1.tactic.turn",
        "engine.st1.tactic.state",
        "engine.st1.tactic.view",
        "engine.st1.game",
        "engine.ai",
        "engine.ai.st1.know",
        "engine.ai.st1.easy",
        "engine.ai.st1.tactic.know",
        "engine.ai.st1.tactic.judge",
        "engine.ai.st1.tactic.easy",
        "engine.ai.st1.tactic",
        "engine.ai.st1.tactic.search",
        "engine.ai.st1.tactic.medium",  # Medium's (compiled while the heap is in one piece)
    ),
    # The second game's largest modules first, while the heap is empty (their compile is
    # the peak), then the rest leaves first.
    "st2": (
        "engine.st2.cards",
        "engine.st2.prove",
        "engine.st2.moves",
        "engine.st2.game",
        "engine.ai.odds",
        "engine.ai.st2.know",
        "engine.ai.st2.judge",
        "engine.st2.forms",
        "engine.st2.legal",
        "engine.st2.table",
        "engine.st2.rules",
        "engine.st2.state",
        "engine.st2.view",
        "engine.st2.actions",
        "engine.ai",
        "engine.ai.st2.easy",
        "engine.ai.st2",
        "engine.ai.st2.search",
    ),
}


def main(argv):
    ok = argv[1:2] in (["base"], ["tactic"])
    if len(argv) < 6 or argv[0] not in _MODULES or not ok:
        print(
            "usage: arena.py st1|st2 base|tactic LEVEL_A LEVEL_B GAMES SEED [2016|1999|single|revenge] [mem]"
        )
        sys.exit(2)
    tactic = argv[1] == "tactic"
    mem = argv[-1] == "mem"
    if mem:
        argv = argv[:-1]
    # Load the modules leaves first, collecting after each: compiling from source is the
    # peak of the heap (the device loads precompiled .mpy files instead). With `mem`, the
    # heap each part's compiled code holds is printed: the game's engine, the AI (engine.ai
    # and what it loads), the harness (engine.ai.bench).
    mods = list(_MODULES["st1t" if tactic and argv[0] == "st1" else argv[0]])
    if tactic and argv[0] == "st2":  # the variant's engine (engine.st2.tactic.load's order) and AI
        mods += "engine.st2.tactic.load engine.st2.tactic.steps engine.st2.tactic.choice engine.st2.tactic.view engine.ai.st2.tactic.search".split()
    if "expert" in argv[2:4] and not (tactic and argv[0] == "st2"):
        look = "engine.ai.st1.tactic.lookahead" if tactic else "engine.ai.st1.lookahead"
        mods.append(look if argv[0] == "st1" else "engine.ai.st2.lookahead")
    mods.append("engine.ai.bench")
    parts = {}
    for m in mods:
        gc.collect()
        a = gc.mem_alloc()
        __import__(m)
        gc.collect()
        part = "harness" if m == "engine.ai.bench" else "ai" if m.startswith("engine.ai") else "engine"
        parts[part] = parts.get(part, 0) + gc.mem_alloc() - a
    if mem:
        print("mem engine=%d ai=%d harness=%d" % (parts["engine"], parts["ai"], parts["harness"]))
    del mods, parts
    gc.collect()
    import engine.ai as ai
    from engine.ai import level_of
    from engine.ai.bench import run, run2

    la = level_of(argv[2])
    lb = level_of(argv[3])
    games = int(argv[4])
    seed = int(argv[5])
    opt = argv[6] if len(argv) > 6 else ""
    if argv[0] == "st2":
        line = run2(la, lb, games, seed, print, opt == "revenge", 1 if tactic else 0)
    else:
        from engine import st1

        line = run(st1.T1999 if opt == "1999" else st1.T2016, la, lb, games, seed, print, 1 if tactic else 0)
    print("memory_fallbacks=%d" % ai.stats[0])
    print(line)


main(sys.argv[1:])
