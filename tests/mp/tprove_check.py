"""The tactic prover on the MicroPython VM, from the repository root:
micropython -X heapsize=64K tests/mp/tprove_check.py COUNT SEED
Random positions (engine.rng, the same on CPython) with elite troops on both sides, Mud Fight
and Blind-Man's Bluff; prints one line per position (the claimant's score and values, the
opponent's completion or -) and "tprove mp: COUNT positions" (tests/test_tprove.py compares the
lines with CPython's)."""

import sys

sys.path.insert(0, ".")

from engine.rng import Rng  # noqa: E402
from engine.st1.tactic.prove import beat_t, score_t  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
rng = Rng(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
deck = bytearray(range(54))
unseen = bytearray(54)
mine = bytearray(4)
opp = bytearray(4)
for i in range(count):
    rng.shuffle(deck)
    n = 3 + rng.randrange(2)
    blind = rng.randrange(3) == 0
    j = 0  # next deck card
    # Elites: the Joker for one side or both, the Spy and the Shield-Bearer anywhere.
    nm = no = 0
    if rng.randrange(2):
        mine[nm] = 54
        nm += 1
    if rng.randrange(4):
        opp[no] = 55
        no += 1
    for e in (56, 57):
        r = rng.randrange(3)
        if r == 0 and nm < n:
            mine[nm] = e
            nm += 1
        elif r == 1 and no < n - 1:
            opp[no] = e
            no += 1
    while nm < n:
        mine[nm] = deck[j]
        nm += 1
        j += 1
    k = no + rng.randrange(n - no)
    while no < k:
        opp[no] = deck[j]
        no += 1
        j += 1
    seen = j + rng.randrange(55 - j)  # the rest of the deck up to here is visible elsewhere
    for c in range(54):
        unseen[c] = 1
    for t in range(seen):
        unseen[deck[t]] = 0
    sc, vals = score_t(mine, n, blind)
    add = beat_t(sc, opp, k, n, unseen, blind)
    print(i, sc, " ".join([str(v) for v in vals]), "-" if add is None else " ".join([str(c) for c in add]))
print("tprove mp: %d positions" % count)
