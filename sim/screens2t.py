"""`python -m sim.screens2t DIR`: one screenshot of each screen of Schotten Totten 2's tactic
variant (issue 17), for docs/screens/ and the README.

Plays pass-and-play games headless by keys (random legal moves, tactic ones half of the time,
seeded: the same pictures on every run; sim.screens_t's main with this module's names) and saves 160x128 PNGs the first
time each screen shows: st2t-table (elite troops on the wall, tactic cards in hand, both
decks), st2t-info (Down: tactics played, each side's action cards, the one-more rule),
st2t-draw (the deck to draw from), st2t-treason (the other side's card to take),
st2t-redeploy (a tile for the card chosen, or the discard), st2t-recruit (a discarded card
named), st2t-exchange (three cards to give), st2t-declared (an elite troop's value at a
declaration), st2t-handover, st2t-tracker (the siege cards and the tactic cards unseen),
st2t-help (the variant's first help page)."""

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.games import load  # noqa: E402
from sim import screens_t  # noqa: E402
from ui import app as A  # noqa: E402
from ui import session as S  # noqa: E402
from ui.st2.menus import HELP  # noqa: E402
from ui.st2.session import Session  # noqa: E402

g = load("st2")
NAMES = (
    "st2t-table",
    "st2t-info",
    "st2t-draw",
    "st2t-treason",
    "st2t-redeploy",
    "st2t-recruit",
    "st2t-exchange",
    "st2t-declared",
    "st2t-handover",
    "st2t-tracker",
    "st2t-help",
)
REDEPLOYMENT, RECRUITMENT, TREASON, EXCHANGE = 64, 65, 67, 70


def which(app):
    """The screen on show now, or None."""
    s = app.session
    st = s.state
    if app.mode == A.HANDOVER:
        return "st2t-handover"
    if "=" in app.board.msg.text and "took" in app.board.msg.text:
        return "st2t-declared"
    if st.phase == g.PH_DRAW:
        return "st2t-draw"
    if st.phase == g.PH_EXCHANGE:
        return "st2t-exchange"
    if st.phase == g.PH_ACTION:
        if st.act == TREASON and st.nstep == 0:
            return "st2t-treason"
        if st.act == REDEPLOYMENT and st.nstep == 1:
            return "st2t-redeploy"
        if st.act == RECRUITMENT and st.nstep == 0:
            return "st2t-recruit"
    if (
        st.phase == g.PH_PLAY
        and sum(1 for c in range(60, 64) if st.loc[c] == 1) >= 2
        and any(c >= 60 for c in st.hand_of(st.to_move))
    ):
        return "st2t-table"
    return None


def tracker_ready(st):
    """A turn's start with tactic cards played and several still unseen by the mover."""
    if st.phase != g.PH_PLAY or st.tcount[0] + st.tcount[1] < 2:
        return False
    hand = st.hand_of(st.to_move)
    return sum(1 for c in range(60, 71) if not st.loc[c] and c not in hand) >= 4


PREFIX = "st2t-"
FIRST = 60
HELP_PAGES = len(HELP)


def new_session(app, seed):
    t = app.settings
    t.game, t.variant, t.opponent = 2, 1, S.OPP_PASS
    return Session(t, seed, None)


def keep(g, m):
    """No retreat (its step is the base game's picture)."""
    return g.kind(m) != g.KIND_RETREAT


def main(out):
    return screens_t.main(out, sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
