"""Arena games between two AI levels, shared by `python -m sim arena` and tests/mp/arena.py.

The first game (`run`, `play`): game i is dealt from seed + i; player 1 always starts, and
the seats alternate: level A is player 1 in even games and player 2 in odd ones. The second
game (`run2`, `play2`, either variant): game i is dealt from seed + i and the roles alternate: level A
attacks in even games and defends in odd ones; with `revenge`, the games are revenge matches
(engine.st2.match: two games with the roles swapped, and another pair while tied), level A
attacking first in even matches. Each seat has its own random stream. Only the decisions of
the card step are timed (claims, declarations and DONE are instant; in the second game the
step's first decision, which weighs the preparation actions, is timed whatever it chooses;
the AI modules are loaded before the first game, so compiling them is not counted); every
move is checked legal by the engine, which raises IllegalMove otherwise. Each game's modules
are imported only when it is played.
"""

from array import array

from engine.ai.player import Player
from engine.clock import ticks_diff

try:
    from time import process_time_ns  # CPython: CPU time of this process, so a busy
    # machine's preemptions (4 ms slices) are not counted as thinking

    def ticks_us():
        return process_time_ns() // 1000

except ImportError:  # MicroPython and CircuitPython: wall-clock time
    from engine.clock import ticks_us


def _seats(la, lb, a_seat, seed):
    """The two seats of a game dealt from `seed`: level A in seat a_seat, each seat its own
    random stream."""
    seats = [None, None]
    seats[a_seat] = Player(la, seed * 2 + 1)
    seats[a_seat ^ 1] = Player(lb, seed * 2 + 2)
    return seats


def _play(game, opts, seed, la, lb, a_seat, times, act=-1):
    """Play one game of `game` (engine.st1.game or engine.st2.game) made by
    game.new_state(opts, seed), level A in seat a_seat; returns (state, A won?). times: two
    arrays (or lists) of microseconds per timed decision (the card step, and the phase `act`:
    the tactic variant's ruse steps), A's then B's."""
    st = game.new_state(opts, seed)
    seats = _seats(la, lb, a_seat, seed)
    while not game.is_over(st):
        p = st.to_move
        v = st.view(p)
        timed = st.phase == game.PH_PLAY or st.phase == act
        t0 = ticks_us()
        mv = seats[p].move(v)
        dt = ticks_diff(ticks_us(), t0)
        if timed:
            times[0 if p == a_seat else 1].append(dt)
        st.apply(mv)
    return st, st.winner == a_seat


def play(seed, timing, la, lb, a_seat, times, variant=0):
    """One game of the first game (variant 1: the tactic variant, its ruse steps timed too);
    returns (state, A won?). times: as _play's."""
    if variant:
        if la == 3 or lb == 3 or not isinstance(la, int) or not isinstance(lb, int):
            import engine.ai.st1.tactic.lookahead  # noqa: F401  (loaded now: not thinking time)
    else:
        import engine.ai.st1.lookahead  # noqa: F401  (loaded now: compiling it is not thinking time)
    from engine.st1 import game

    opts = game.options(variant=variant, timing=timing)
    return _play(game, opts, seed, la, lb, a_seat, times, game.PH_ACTION if variant else -1)


def wilson(k, n):
    """95 % Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, c - h), min(1.0, c + h)


def _median(xs):
    """The middle value (xs[n // 2] of the sorted values) without sorting a copy: a binary
    search on the value, so the VM's small heap needs nothing more."""
    n = len(xs)
    if not n:
        return 0
    lo, hi = 0, max(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        k = 0
        for x in xs:
            if x <= mid:
                k += 1
        if k > n // 2:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _timing_lines(times, out):
    """Mean ms per timed decision of each seat; prints a line per seat to `out`."""
    ms = []
    for k in range(2):
        t = times[k]
        ms.append(sum(t) / len(t) / 1000 if t else 0.0)
        if out is not None:
            out(
                "%s plays=%d ms_mean=%.3f ms_median=%.3f ms_max=%.3f"
                % ("a" if k == 0 else "b", len(t), ms[k], _median(t) / 1000, max(t) / 1000 if t else 0)
            )
    return ms


def run(timing, la, lb, games, seed, out=None, variant=0):
    """Play `games` games (variant 1: the tactic variant); print per-level timing lines to
    `out` (a function) and return the closing summary line."""
    times = [array("I"), array("I")]  # 4 bytes a play: fits the VM's small heap
    aw = 0
    for i in range(games):
        _, a_won = play(seed + i, timing, la, lb, i & 1, times, variant)
        if a_won:
            aw += 1
    lo, hi = wilson(aw, games)
    ms = _timing_lines(times, out)
    return (
        "games=%d a_wins=%d b_wins=%d a_win_rate=%.3f ci95=%.3f..%.3f a_ms_per_move=%.3f b_ms_per_move=%.3f"
        % (
            games,
            aw,
            games - aw,
            aw / games if games else 0.0,
            lo,
            hi,
            ms[0],
            ms[1],
        )
    )


def play2(seed, la, lb, a_role, times, variant=0):
    """One game of the second game (variant 1: the tactic variant, its action steps timed),
    level A in role a_role (0 attacks: the role is the seat); returns (state, A won?)."""
    import engine.ai.st2.search  # noqa: F401  (loaded now: compiling it is not thinking time)

    if variant:
        import engine.ai.st2.tactic.search  # noqa: F401  (likewise)

        if la == 3 or lb == 3 or not isinstance(la, int) or not isinstance(lb, int):
            import engine.ai.st2.tactic.lookahead  # noqa: F401  (Expert's, likewise)
    elif la == 3 or lb == 3:
        import engine.ai.st2.lookahead  # noqa: F401  (Expert's, likewise)
    from engine.st2 import game

    return _play(
        game,
        {"variant": 1} if variant else None,
        seed,
        la,
        lb,
        a_role,
        times,
        game.PH_ACTION if variant else -1,
    )


def run2(la, lb, games, seed, out=None, revenge=False, variant=0):
    """Play `games` games (revenge: matches) of the second game (variant 1: its tactic
    variant); print per-level timing lines
    to `out` and return the summary line: games or matches won, A's win rate overall and as
    Attacker and Defender (games), the time per decision."""
    times = [array("I"), array("I")]
    won = [0, 0]  # A's wins as Attacker, as Defender
    played = [0, 0]
    aw = 0
    n = 0  # games played
    for i in range(games):
        if not revenge:
            r = i & 1
            _, a_won = play2(seed + i, la, lb, r, times, variant)
            won[r] += a_won
            played[r] += 1
            aw += a_won
            n += 1
            continue
        from engine.st2.match import REVENGE, Match

        m = Match(REVENGE)
        a_player = i & 1  # the match player level A is (match player 0 attacks first)
        while not m.over():
            r = m.attacker() ^ a_player  # A's role in this game: 0 attacks
            st, a_won = play2(seed + n, la, lb, r, times, variant)
            m.finish_game(st)
            won[r] += a_won
            played[r] += 1
            n += 1
        aw += m.winner() == a_player
    lo, hi = wilson(aw, games)
    ms = _timing_lines(times, out)
    what = (
        "matches=%d a_match_wins=%d b_match_wins=%d a_match_win_rate"
        if revenge
        else "games=%d a_wins=%d b_wins=%d a_win_rate"
    )
    line = (what + "=%.3f ci95=%.3f..%.3f a_ms_per_move=%.3f b_ms_per_move=%.3f") % (
        games,
        aw,
        games - aw,
        aw / games if games else 0.0,
        lo,
        hi,
        ms[0],
        ms[1],
    )
    return line + " games_played=%d a_att_wins=%d/%d a_def_wins=%d/%d a_att_rate=%.3f a_def_rate=%.3f" % (
        n,
        won[0],
        played[0],
        won[1],
        played[1],
        won[0] / played[0] if played[0] else 0.0,
        won[1] / played[1] if played[1] else 0.0,
    )


def costs(game, opts, level, games, seed, repeat, clock):
    """(ns, seat) of every card-step decision of `level` in `games` games of `game`
    ("st1" or "st2", made by engine.games.load(game).new_state(opts, seed + i)) against Easy,
    each the fastest of `repeat` runs; with opts' variant, the ruse steps (PH_ACTION) too.
    clock: a function of no argument giving ns (sim.aitime: CPU time; tests/mp/aitime.py on
    CircuitPython's VM: time.monotonic_ns, wall time)."""
    from engine.ai import EASY, choose
    from engine.games import load
    from engine.rng import Rng

    gm = load(game)
    act = gm.PH_ACTION if opts and opts.get("variant") else -1
    out = []
    for i in range(games):
        g = seed + i
        st = gm.new_state(opts, g)
        a = i & 1
        seats = _seats(level, EASY, a, g)
        while not gm.is_over(st):
            p = st.to_move
            v = st.view(p)
            timed = st.phase == gm.PH_PLAY or st.phase == act
            if p == a and timed and len(v.legal_moves()) > 1:
                best = None
                for r in range(repeat):
                    t0 = clock()
                    choose(v, Rng(r + 1), seats[p].level)
                    dt = clock() - t0
                    if best is None or dt < best:
                        best = dt
                out.append((best, p))
            st.apply(seats[p].move(v))
    return out
