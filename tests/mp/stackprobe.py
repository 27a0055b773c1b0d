"""The AI's Python-stack use per decision, on CircuitPython's VM (../shared/tools/cpy):

    CIRCUITPY_PYSTACK_SIZE=3072 cpy -X heapsize=400K tests/mp/stackprobe.py GAME VARIANT LEVEL GAMES SEED [TOP] [--random]
    cpy -X heapsize=400K tests/mp/stackprobe.py - - - replay FIXTURE_FILE FRAMES

Probe mode: plays GAMES games (game i dealt from SEED + i, both seats at LEVEL, each with its
own random stream as engine.ai.bench's; with --random the moves played are random legal
ones, and the AI at LEVEL is asked at every position all the same), and measures the AI's
decisions' depth: the decision
is run again under a padding of K small frames, K searched for the largest that still leaves
it room (its random stream and the seat's plan put back before each try; the engine's
RuntimeError "pystack exhausted" is the only signal). A decision's use is the pad frames it
displaces from the bottom of engine.ai.choose: U = K_noop - K_decision; BYTES = U * FRAME, the
pad frame's size (FRAME). A decision is measured in full only when it is deeper than the
TOP-th deepest so far (one try under that pad tells), so the deepest figure is exact. Prints the deepest U and the TOP deepest decisions as
fixture lines (GAME VARIANT LEVEL SEED RNG_Z RNG_W BYTES then the moves that lead there),
which `replay` mode reads.

Replay mode: replays each fixture line's position and asks engine.ai.choose for the move
with only FRAMES pad frames of stack left to it (the pad takes the rest); prints "ok N" when
every decision completed, else the first one that ran out of Python stack ("exhausted ..."),
exit status 1.
"""

import gc
import sys

sys.path.insert(0, ".")

from engine.rng import Rng  # noqa: E402

# Bytes of one _pad frame on cpy: a one-argument recursion reaches 48 frames at 2,048 bytes,
# 61 at 2,560 and 74 at 3,072 (13 frames a 512 bytes: 40-byte frames, the pystack's
# allocations rounded to 8 bytes). A decision's figure is thus good to one frame.
FRAME = 40
_call = [None, None, None, None]  # fn, a, b, c: _pad's call (one argument a frame: fine steps)


def _pad(k):
    """_call's fn(a, b, c) called k small frames deeper."""
    if k:
        return _pad(k - 1)
    c = _call
    return c[0](c[1], c[2], c[3])


def _noop(a, b, c):
    return 0


def _fits(k, fn, a, b, c):
    _call[0], _call[1], _call[2], _call[3] = fn, a, b, c
    try:
        _pad(k)
        return True
    except RuntimeError as e:
        if "pystack" not in str(e):
            raise  # the C stack's limit (a larger CIRCUITPY_PYSTACK_SIZE than the C stack holds)
        return False
    finally:
        _call[0] = _call[1] = _call[2] = _call[3] = None


def _kmax(fn, a, b, c, before=None):
    """The largest pad K at which fn(a, b, c) completes (before() runs before each try)."""
    lo, hi = -1, 1
    while True:
        if before:
            before()
        if not _fits(hi, fn, a, b, c):
            break
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if before:
            before()
        if _fits(mid, fn, a, b, c):
            lo = mid
        else:
            hi = mid
    return lo


def _load(game, variant):
    import engine.ai  # noqa: F401

    if game == "st2":
        import engine.ai.st2.search  # noqa: F401
        from engine.st2 import game as g

        if variant == "tactic":
            import engine.ai.st2.tactic.search  # noqa: F401
        return g, ({"variant": 1} if variant == "tactic" else None)
    from engine.st1 import game as g

    return g, g.options(variant=1 if variant == "tactic" else 0)


def probe(game, variant, level, games, seed, top, randomly=False):
    from engine.ai import choose, level_of, release

    g, opts = _load(game, variant)
    lv = level_of(level)
    k0 = _kmax(_noop, 0, 0, 0)
    deepest = []  # (U, line): the top decisions so far, deepest first
    cut = 0  # the U a decision must pass to be among them (measured only then)
    worst = 0
    n = 0
    for i in range(games):
        st = g.new_state(opts, seed + i)
        rngs = [Rng((seed + i) * 2 + 1), Rng((seed + i) * 2 + 2)]
        mover = Rng(seed + i + 7777)  # --random: the moves played
        moves = []
        while not g.is_over(st):
            p = st.to_move
            v = st.view(p)
            r = rngs[p]
            s0 = r.state()

            def back(r=r, s0=s0):
                r.set_state(s0)
                release()  # a decision cut short leaves nothing behind for the next
                gc.collect()

            n += 1
            back()
            if len(deepest) < top or not _fits(k0 - cut, choose, v, r, lv):
                back()
                u = k0 - _kmax(choose, v, r, lv, back)
                if u > worst:
                    worst = u
                line = "%s %s %s %d %d %d %d %s" % (
                    game,
                    variant,
                    level,
                    seed + i,
                    s0[0],
                    s0[1],
                    u * FRAME,
                    ",".join(str(m) for m in moves),
                )
                deepest.append((u, line))
                deepest.sort(key=lambda t: -t[0])
                del deepest[top:]
                cut = deepest[-1][0]
            if randomly:
                legal = st.legal_moves()
                mv = legal[mover.randrange(len(legal))]
            else:
                back()
                mv = choose(v, r, lv)
            st.apply(mv)
            moves.append(mv)
    print("# decisions=%d pad_frame=%d deepest_frames=%d deepest_bytes=%d" % (n, FRAME, worst, worst * FRAME))
    for _u, line in deepest:
        print(line)


def replay(path, allowed):
    """Each fixture line's decision under a pad that leaves it `allowed` pad frames above
    engine.ai.choose; exit status 1 at the first that runs out of stack."""
    from engine.ai import choose, level_of, release

    k0 = _kmax(_noop, 0, 0, 0)
    n = 0
    with open(path) as f:
        lines = [x.strip() for x in f if x.strip() and not x.startswith("#")]
    for line in lines:
        parts = line.split(" ")
        game, variant, level = parts[0], parts[1], parts[2]
        sd, z, w = int(parts[3]), int(parts[4]), int(parts[5])
        ms = [int(x) for x in parts[7].split(",")] if len(parts) > 7 and parts[7] else []
        g, opts = _load(game, variant)
        st = g.new_state(opts, sd)
        for m in ms:
            st.apply(m)
        r = Rng(1)
        r.set_state((z, w))
        release()
        gc.collect()
        if not _fits(k0 - allowed, choose, st.view(st.to_move), r, level_of(level)):
            print("exhausted (more than %d frames): %s" % (allowed, line[:100]))
            sys.exit(1)
        n += 1
    print("ok %d" % n)


def main(argv):
    if len(argv) >= 5 and argv[3] == "replay":
        replay(argv[4], int(argv[5]))
        return
    if len(argv) < 5:
        print(__doc__)
        sys.exit(2)
    randomly = "--random" in argv
    argv = [a for a in argv if a != "--random"]
    probe(
        argv[0], argv[1], argv[2], int(argv[3]), int(argv[4]), int(argv[5]) if len(argv) > 5 else 10, randomly
    )


main(sys.argv[1:])
