"""`python -m sim.tacflow [--game st1|st2] [--timing 2016|1999] --a LEVEL --b LEVEL --games N --seed S`

Do tactic cards flow? Plays N games of a tactic variant as `sim arena` deals them (game i
from seed + i, seats or roles alternating; the same games as the arena's when neither level
is `greedy`) and prints, per side, the tactic cards played and drawn a game and A's win
rate. Level B may also be `greedy`: plays a tactic card whenever the one-more-tactic rule
lets it (Easy's choice among them), draws a tactic card whenever it holds none, and is Easy
otherwise (issue 36: the opponent that tests whether an AI lets the player's cards flow).
Desktop only.
"""

import argparse
import sys

from sim.cli import count


class Greedy:
    """A seat that plays a tactic card whenever it may, else Easy."""

    def __init__(self, game, seed):
        from engine.rng import Rng

        self.g = game
        self.rng = Rng(seed)
        self.first = 60 if game.NAME == "st2" else 54  # the first tactic card

    def move(self, v):
        from engine import ai

        g = self.g
        moves = v.legal_moves()
        if v.phase == g.PH_PLAY:
            tac = [m for m in moves if g.kind(m) == g.KIND_PLAY and g.decode(m)[1] >= self.first]
            if tac:
                if g.NAME == "st2":
                    from engine.ai.st2.tactic.easy import choose_teasy

                    return next(choose_teasy(v, self.rng, tac))
                from engine.ai.st1.tactic.easy import choose_teasy

                return choose_teasy(v, self.rng, tac)
        if v.phase == g.PH_DRAW:
            dt = g.encode(g.KIND_DRAW, -1, -1, 1)
            if dt in moves and not any(c >= self.first for c in v.hand_of(v.me) if c < 255):
                return dt
        return ai.choose(v, self.rng, ai.EASY)


def seat(game, name, seed, game_name):
    """A Player for a level name (or `hard-notac`; `hard:topt=200,tcost=0`: the level's budget
    with those knobs), or Greedy."""
    if name == "greedy":
        return Greedy(game, seed)
    from engine.ai.player import Player
    from sim.arena import _level

    name, _, knobs = name.partition(":")
    lv = _level(name, "tactic", game_name)
    if knobs:
        import copy

        if game_name == "st2":
            from engine.ai.st2.tactic import BUDGETS
        else:
            from engine.ai.st1.tactic import BUDGETS
        lv = copy.copy(BUDGETS[lv] if isinstance(lv, int) else lv)
        for kv in knobs.split(","):
            k, _, x = kv.partition("=")
            setattr(lv, k, int(x))
    return Player(lv, seed)


def play(game, opts, seed, a, b, a_seat, game_name):
    """One game; returns (A won?, played[2], drawn[2]) per side (A's first)."""
    st = game.new_state(opts, seed)
    seats = [None, None]
    seats[a_seat] = seat(game, a, seed * 2 + 1, game_name)
    seats[a_seat ^ 1] = seat(game, b, seed * 2 + 2, game_name)
    first = 60 if game.NAME == "st2" else 54
    dt = game.encode(game.KIND_DRAW, -1, -1, 1)
    played = [0, 0]
    drawn = [0, 0]
    while not game.is_over(st):
        p = st.to_move
        mv = seats[p].move(st.view(p))
        side = 0 if p == a_seat else 1
        if game.kind(mv) == game.KIND_PLAY and game.decode(mv)[1] >= first:
            played[side] += 1
        elif mv == dt:
            drawn[side] += 1
        st.apply(mv)
    return st.winner == a_seat, played, drawn


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m sim.tacflow")
    ap.add_argument("--game", default="st1", choices=("st1", "st2"))
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="easy")
    ap.add_argument("--games", type=count, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.game == "st2":
        from engine.st2 import game

        opts = {"variant": 1}
    else:
        from engine import st1
        from engine.st1 import game

        opts = game.options(variant=1, timing=st1.T1999 if args.timing == "1999" else st1.T2016)
    n = args.games
    won = 0
    played = [0, 0]
    drawn = [0, 0]
    for i in range(n):
        w, p, d = play(game, opts, args.seed + i, args.a, args.b, i & 1, args.game)
        won += w
        for k in range(2):
            played[k] += p[k]
            drawn[k] += d[k]
    print(
        "games=%d a_wins=%d a_win_rate=%.3f a_played=%.2f a_drawn=%.2f b_played=%.2f b_drawn=%.2f"
        % (n, won, won / n, played[0] / n, drawn[0] / n, played[1] / n, drawn[1] / n)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
