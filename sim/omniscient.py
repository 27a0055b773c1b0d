"""`python -m sim.omniscient [--game st1|st2] [--variant base|tactic] [--timing 2016|1999]
--level LEVEL --games N --seed S`: the distance to the limit (issue 16's yardstick, desktop
only: never reachable from the device's AI).

The opponent is an omniscient Hard: Hard's own search with a Judge that knows the other hand
and the deck order.
- Schotten Totten 2, both variants (engine.ai.st2.search / engine.ai.st2.tactic.search): each
  side's availability is a hand card's (600/1024: a card serves one tile) for the siege cards
  it holds or will draw while it still has a turn to play them (the deck's order tells
  which), and 0 for every other card.
- Schotten Totten's tactic variant (engine.ai.st1.tactic.search): the other hand's clan cards
  are the opponent's for sure, and so are the top two cards of the clan deck, the mover's
  next draw and the opponent's (a hand card's weight); the rest of the deck is shared as the
  search shares every unseen card. Further down, who draws which card turns on both players'
  deck choices (a tactic-deck draw shifts the alternation): docs/AI.md says what counting
  the whole order did.
LEVEL plays from its View as always. The seats (the first game, player 1 starting) or the
roles (the second game: LEVEL attacks in even games) alternate; game i is dealt from
seed + i. The summary line gives LEVEL's win rate overall and per seat or role.
"""

import argparse
import sys

from sim.cli import count


def _omni_judge():
    """The second game's omniscient Judge (both variants): it reads the hidden cards of
    `self.st` (the variant's State, the Judge's table being a Shim), else of the table."""
    from engine.ai.st2.judge import Judge
    from engine.st2.cards import NSIEGE

    class OmniJudge(Judge):
        """A Judge that reads the hidden cards of the State it is given."""

        st = None

        def setup(self, t, me, hand, opp_hand):
            Judge.setup(self, t, me, hand, opp_hand)
            src = t if self.st is None else self.st
            am = self.mine.avail
            ao = self.theirs.avail
            for c in range(NSIEGE):
                am[c] = 0
                ao[c] = 0
            for c in hand:
                am[c] = self.hand_w
            for c in src.hand_of(me ^ 1):
                if c < NSIEGE:
                    ao[c] = self.hand_w
            # Draws alternate from the end of the deck, the player to move first; a card
            # drawn after a side's last turn is of no use to it.
            nd = src.ndeck
            p = src.to_move
            left = [0, 0]
            left[me] = self.left
            left[me ^ 1] = self.oleft
            k = nd - 1
            while k >= 0:
                left[p] -= 1
                if left[p] > 0:
                    (am if p == me else ao)[src.deck[k]] = self.hand_w
                k -= 1
                p ^= 1
            self.tables()

    return OmniJudge


def _omni_tjudge():
    """The first game's tactic variant's omniscient TJudge: it reads `self.st` (the TState):
    the other hand's clan cards are the opponent's (a hand card's weight), the top card of the
    clan deck the mover's next draw and the one under it the opponent's (the same weight, and
    no one else's); the rest of the deck is shared as the search shares every unseen card."""
    from engine.ai.st1.tactic.judge import TJudge
    from engine.st1.game import NCLAN

    class OmniTJudge(TJudge):
        st = None

        def setup(self, v, me, hand, opp_clan, known):
            st = self.st
            opp = [c for c in st.hand_of(me ^ 1) if c < NCLAN]
            TJudge.setup(self, v, me, hand, len(opp), opp)
            am = self.mine.avail
            ao = self.theirs.avail
            p = st.to_move
            for k in (st.ndeck - 1, st.ndeck - 2):
                if k >= 0:
                    c = st.deck[k]
                    am[c] = self.hand_w if p == me else 0
                    ao[c] = self.hand_w if p != me else 0
                p ^= 1
            self.mine.build()
            self.theirs.build()

    return OmniTJudge


def omni_player(b):
    """The second game's base variant: a move function (state, rng) -> move, Hard's search
    with the omniscient Judge."""
    from engine.ai.st2.search import Search, hard_move

    srch = Search()
    srch.j = _omni_judge()()

    def move(st, rng):
        p = st.to_move
        moves = st.legal_moves()
        if len(moves) == 1:
            return moves[0]
        mv = hard_move(st, p, st.hand_of(p), len(st.hand_of(p ^ 1)), srch, b, moves)[0]
        return mv if mv in moves else moves[0]

    return move


def omni_player2t(b):
    """The second game's tactic variant: Hard's decision (engine.ai.st2.tactic.search.decide) on
    the mover's View, with the omniscient Judge reading the State."""
    from engine.ai.st2.tactic.search import TSearch, decide

    ts = TSearch()
    j = _omni_judge()()
    j.shim = ts.sh
    j.real = None
    ts.s.j = ts.j = j

    def move(st, rng):
        moves = st.legal_moves()
        if len(moves) == 1:
            return moves[0]
        j.st = st
        j.units = 0
        ts.best = -1
        mv = decide(st.view(st.to_move), moves, ts, b)
        return mv if mv in moves else moves[0]

    return move


def omni_player1t(b):
    """The first game's tactic variant: Hard's decision (engine.ai.st1.tactic.search.decide) on
    the mover's View, with the omniscient TJudge reading the State; claims as Hard makes
    them (the first proven claim, else DONE)."""
    from engine.ai.st1.tactic import Search
    from engine.ai.st1.tactic.search import decide
    from engine.st1.game import PH_CLAIM

    srch = Search()
    j = _omni_tjudge()()
    j.hand_w = b.hand
    j.late = b.late
    srch.j = j

    def move(st, rng):
        moves = st.legal_moves()
        if st.phase == PH_CLAIM or len(moves) == 1:
            return moves[0]
        j.st = st
        srch.best = -1
        mv = decide(st.view(st.to_move), moves, srch, b)
        return mv if mv in moves else moves[0]

    return move


def run(level, games, seed, game="st2", variant=0, timing=None):
    """LEVEL (from its View) against the omniscient Hard; returns the summary line."""
    from engine.ai.bench import wilson
    from engine.ai.player import Player
    from engine.rng import Rng

    if game == "st1":
        from engine.ai.st1.tactic import BUDGETS
        from engine.st1 import game as g

        if not variant:
            raise ValueError("the first game's yardstick is its tactic variant's")
        omni = omni_player1t(BUDGETS[2])
        opts = g.options(variant=1, timing=g.T2016 if timing is None else timing)
    else:
        from engine.st2 import game as g

        if variant:
            from engine.ai.st2.tactic import BUDGETS

            omni = omni_player2t(BUDGETS[2])
        else:
            from engine.ai.st2 import BUDGETS

            omni = omni_player(BUDGETS[2])
        opts = {"variant": 1} if variant else None
    won = [0, 0]
    for i in range(games):
        r = i & 1  # LEVEL's seat; in the second game its role (0 attacks)
        st = g.new_state(opts, seed + i)
        seat = Player(level, (seed + i) * 2 + 1)
        rng = Rng((seed + i) * 2 + 2)
        while not g.is_over(st):
            p = st.to_move
            st.apply(seat.move(st.view(p)) if p == r else omni(st, rng))
        won[r] += st.winner == r
    w = won[0] + won[1]
    lo, hi = wilson(w, games)
    half = [(games + 1) // 2, games // 2]
    names = ("a_p1_wins", "a_p2_wins") if game == "st1" else ("a_att_wins", "a_def_wins")
    return "games=%d a_wins=%d a_win_rate=%.3f ci95=%.3f..%.3f %s=%d/%d %s=%d/%d" % (
        games,
        w,
        w / games if games else 0.0,
        lo,
        hi,
        names[0],
        won[0],
        half[0],
        names[1],
        won[1],
        half[1],
    )


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.omniscient")
    ap.add_argument("--game", choices=("st1", "st2"), default="st2")
    ap.add_argument("--variant", choices=("base", "tactic"), default=None)
    ap.add_argument("--timing", choices=("2016", "1999"), default="2016")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=count, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    from engine.ai import level_of
    from engine.errors import IllegalMove

    variant = args.variant or ("tactic" if args.game == "st1" else "base")
    if args.game == "st1" and variant != "tactic":
        print("the first game's yardstick is its tactic variant's (--variant tactic)", file=sys.stderr)
        return 2
    try:
        level = level_of(args.level)
    except IllegalMove as e:
        print(e, file=sys.stderr)
        return 2
    timing = None
    if args.game == "st1":
        from engine.st1 import game as g

        timing = g.T1999 if args.timing == "1999" else g.T2016
    print(run(level, args.games, args.seed, args.game, variant == "tactic", timing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
