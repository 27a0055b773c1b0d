"""`python -m sim.screens_t DIR`: one screenshot of each screen of Schotten Totten's tactic
variant (issue 17 item 2), for docs/screens/ and the README.

Plays pass-and-play games headless by keys (random legal moves, tactic ones half of the time,
seeded: the same pictures on every run) and saves 160x128 PNGs the first time each screen
shows: tactic-table (combat modes on stones, a Mud Fight stone's four slots a side, an elite
troop's value on a claimed stone, the decks), tactic-info (Down: tactics played, the one-more
rule, the discard), tactic-draw (the deck to draw from), tactic-banshee (a ruse's target on
the table), tactic-strategist (where the chosen card goes, or the discard), tactic-recruiter
(nine cards in hand, two to put back), tactic-handover, tactic-tracker (the pause menu's card
tracker with its row of tactic cards), tactic-help (the variant's first help page)."""

import os
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.games import load  # noqa: E402
from engine.rng import Rng  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pick as P  # noqa: E402
from ui import session as S  # noqa: E402
from ui.help import HELP  # noqa: E402
from ui.pages import P_HELP, P_TRACKER  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_RIGHT, K_START  # noqa: E402

g = load("st1")
NAMES = (
    "tactic-table",
    "tactic-info",
    "tactic-draw",
    "tactic-banshee",
    "tactic-strategist",
    "tactic-recruiter",
    "tactic-handover",
    "tactic-tracker",
    "tactic-help",
)


def parts(m, legal, g=g):
    """The (part, value) pairs a player picks for move m of game object g."""
    d = g.decode(m)
    out = [(i, d[i]) for i in (P.CARD, P.TARGET) if d[i] != -1]
    if d[P.EXTRA] or any(g.decode(x)[P.EXTRA] for x in legal if g.decode(x)[:3] == d[:3]):
        out.append((P.EXTRA, d[P.EXTRA]))
    return out


def press_move(app, m):
    """Move m by keys: Right to each part, A; B for a move without parts."""
    todo = parts(m, app.session.state.legal_moves(), app.session.g)
    if not todo:
        app.key(K_B)
        return
    for part, value in todo:
        want = P.option(part, value)
        for _ in range(len(P.read(app)) + 1):
            if P.cur(app) == want:
                break
            app.key(K_RIGHT)
        app.key(K_A)


def which(app):
    """The screen on show now that has no picture yet, or None."""
    s = app.session
    st = s.state
    if app.mode == A.HANDOVER:
        return "tactic-handover"
    if st.phase == g.PH_DRAW:
        return "tactic-draw"
    if st.phase == g.PH_ACTION:
        if st.act == 60 and st.rets == 2:
            return "tactic-recruiter"
        if st.act == 62:
            return "tactic-banshee"
        if st.act == 61 and st.asel != 255:
            return "tactic-strategist"
    if (
        st.phase == g.PH_PLAY
        and any(st.mode[i] & 2 and not st.owner[i] for i in range(9))
        and any(st.mode[i] & 1 for i in range(9))
        and any(st.elite_value(c) is not None for c in range(54, 58))
    ):
        return "tactic-table"
    return None


def tracker_ready(st):
    """A turn's start with tactic cards played and several still unseen by the mover."""
    if st.phase != g.PH_PLAY or st.tp[0] + st.tp[1] < 2:
        return False
    hand = st.hand_of(st.to_move)
    return sum(1 for c in range(54, 64) if not st.public[c] and c not in hand) >= 4


def pause_item(app, i):
    """Start, then Down to the pause menu's item i, then A."""
    app.key(K_START)
    while app.pages.pause_menu.index != i:
        app.key(K_DOWN)
    app.key(K_A)


PREFIX = "tactic-"
FIRST = 54  # the first tactic card's int
HELP_PAGES = len(HELP)  # the base game's help pages: the variant's first follows them


def new_session(app, seed):
    app.settings.variant = 1
    app.settings.opponent = S.OPP_PASS
    return S.Session(app.settings, seed, None)


def keep(g, m):
    """The moves the pictures' random players choose among (all of this game's)."""
    return True


def main(out, spec=None):
    """The pictures of `spec` (this module, or another with the same names: sim.screens2t)
    into folder `out`; 0 if every one was made."""
    spec = spec or sys.modules[__name__]
    names = spec.NAMES
    pre = spec.PREFIX
    os.makedirs(out, exist_ok=True)
    save = os.path.join(tempfile.mkdtemp(), "save.bin")
    p = SimPlatform(save, headless=True, step_ms=20)
    todo = set(names)

    def shot(name):
        p.refresh()
        p.screenshot(os.path.join(out, name + ".png"))
        todo.discard(name)

    for seed in range(1, 40):
        app = A.App(p, seed=seed)
        app.session = spec.new_session(app, seed)
        app._enter_board()
        rng = Rng(seed)
        gm = app.session.g
        while app.session is not None and not app.session.round_over():
            name = spec.which(app)
            if name in todo:
                shot(name)
                if name == pre + "table":
                    app.key(K_DOWN)
                    shot(pre + "info")
                    app.key(K_A)
            if pre + "tracker" in todo and app.mode == A.BOARD and spec.tracker_ready(app.session.state):
                pause_item(app, P_TRACKER)
                shot(pre + "tracker")
                app.key(K_B)
                pause_item(app, P_HELP)
                for _ in range(spec.HELP_PAGES):
                    app.key(K_RIGHT)
                shot(pre + "help")
                app.key(K_B)
            if app.mode == A.HANDOVER:
                app.key(K_A)
                continue
            legal = [m for m in app.session.state.legal_moves() if spec.keep(gm, m)]
            tac = [
                m
                for m in legal
                if gm.decode(m)[1] >= spec.FIRST or gm.decode(m)[0] in (gm.KIND_DRAW, gm.KIND_STEP)
            ]
            pick = tac if tac and rng.randrange(2) else legal
            press_move(app, pick[rng.randrange(len(pick))])
        if not todo:
            break
    p.close()
    for name in names:
        print(("missing " if name in todo else "wrote ") + os.path.join(out, name + ".png"))
    return 1 if todo else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
