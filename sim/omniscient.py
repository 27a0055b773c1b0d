"""`python -m sim.omniscient --level hard --games N --seed S`: the distance to the limit for
Schotten Totten 2 (issue 16's yardstick, desktop only: never reachable from the device's AI).

The opponent is an omniscient Hard: Hard's search (engine.ai.st2.search) on the full State,
with a Judge that knows the other hand and the deck order: each side's availability is a
hand card's (600/1024: a card serves one tile) for the cards it holds or will draw while it
still has a turn to play them (the deck's order tells which), and 0 for every other card. LEVEL plays from its View as always. Roles
alternate (LEVEL attacks in even games, game i dealt from seed + i); the summary line gives
LEVEL's win rate overall and per role.
"""

import argparse
import sys

from sim.cli import count


def _omni_judge():
    from engine.ai.st2.judge import Judge
    from engine.st2.cards import NSIEGE

    class OmniJudge(Judge):
        """A Judge that reads the hidden cards of the State it is given."""

        def setup(self, t, me, hand, opp_hand):
            Judge.setup(self, t, me, hand, opp_hand)
            am = self.mine.avail
            ao = self.theirs.avail
            for c in range(NSIEGE):
                am[c] = 0
                ao[c] = 0
            for c in hand:
                am[c] = self.hand_w
            for c in t.hand_of(me ^ 1):
                ao[c] = self.hand_w
            # Draws alternate from the end of the deck, the player to move first; a card
            # drawn after a side's last turn is of no use to it.
            nd = t.ndeck
            p = t.to_move
            left = [0, 0]
            left[me] = self.left
            left[me ^ 1] = self.oleft
            k = nd - 1
            while k >= 0:
                left[p] -= 1
                if left[p] > 0:
                    (am if p == me else ao)[t.deck[k]] = self.hand_w
                k -= 1
                p ^= 1
            self.tables()

    return OmniJudge


def omni_player(b):
    """A move function (state, rng) -> move: Hard's search with the omniscient Judge."""
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


def run(level, games, seed):
    """LEVEL (from its View) against the omniscient Hard; returns the summary line."""
    from engine.ai.bench import wilson
    from engine.ai.player import Player
    from engine.ai.st2 import BUDGETS
    from engine.rng import Rng
    from engine.st2.moves import PH_OVER
    from engine.st2.state import State

    omni = omni_player(BUDGETS[2])
    won = [0, 0]
    for i in range(games):
        r = i & 1  # LEVEL's role: 0 attacks
        st = State(seed + i)
        seat = Player(level, (seed + i) * 2 + 1)
        rng = Rng((seed + i) * 2 + 2)
        while st.phase != PH_OVER:
            p = st.to_move
            st.apply(seat.move(st.view(p)) if p == r else omni(st, rng))
        won[r] += st.winner == r
    w = won[0] + won[1]
    lo, hi = wilson(w, games)
    half = [(games + 1) // 2, games // 2]
    return "games=%d a_wins=%d a_win_rate=%.3f ci95=%.3f..%.3f a_att_wins=%d/%d a_def_wins=%d/%d" % (
        games,
        w,
        w / games if games else 0.0,
        lo,
        hi,
        won[0],
        half[0],
        won[1],
        half[1],
    )


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.omniscient")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=count, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    from engine.ai import level_of
    from engine.errors import IllegalMove

    try:
        level = level_of(args.level)
    except IllegalMove as e:
        print(e, file=sys.stderr)
        return 2
    print(run(level, args.games, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
