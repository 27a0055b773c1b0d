"""`python -m sim.screens DIR [--game st1|st2] [--variant base|tactic]`: one screenshot of each
screen of the rulesets asked for (all four without options), for docs/screens/ and the README.
Each ruleset's pictures come the same on every run (seeded), driven headless by keys, as a
player would, as 160x128 PNGs (NAMES lists them):

- st1 base: title, settings, confirm-clear, help, board, board-choose-stone, claim (a claimed
  stone blinking), pause, tracker, round-end, match-end, statistics, handover, claim-refused.
- st2 base (Schotten Totten 2): st2-title, st2-settings, st2-board, st2-tile-need (a card being
  placed: the tile's need in words), st2-cauldron (the card it removes, framed), st2-retreat
  (tiles marked), st2-declare-refused (the counter-example), st2-handover, st2-tracker,
  st2-help, st2-game-end, st2-revenge-end.
- The tactic variants (issue 17) play pass-and-play games (random legal moves, tactic ones half
  of the time) and take each picture the first time its screen shows. st1 tactic:
  tactic-table (combat modes on stones, a Mud Fight stone's four slots a side, an elite
  troop's value on a claimed stone, the decks), tactic-info (Down: tactics played, the one-more
  rule, the discard), tactic-draw (the deck to draw from), tactic-banshee (a ruse's target on
  the table), tactic-strategist (where the chosen card goes, or the discard), tactic-recruiter
  (nine cards in hand, two to put back), tactic-handover, tactic-tracker (the pause menu's card
  tracker with its row of tactic cards), tactic-help (the variant's first help page).
- st2 tactic: st2t-table (elite troops on the wall, tactic cards in hand, both decks),
  st2t-info (Down: tactics played, each side's action cards, the one-more rule), st2t-draw
  (the deck to draw from), st2t-treason (the other side's card to take), st2t-redeploy (a tile
  for the card chosen, or the discard), st2t-recruit (a discarded card named), st2t-exchange
  (three cards to give), st2t-declared (an elite troop's value at a declaration),
  st2t-handover, st2t-tracker (the siege cards and the tactic cards unseen), st2t-help (the
  variant's first help page)."""

import argparse
import os
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.cli import ruleset_options, rulesets  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START  # noqa: E402

# ---- the first game's base screens


def quick(settings):
    """A fast stand-in AI for the first game's pictures: the Easy level."""
    from engine import ai

    return lambda view, rng, seat, tick: ai.choose(view, rng, ai.EASY)


def title_row(app, row):
    app.pages.title_menu.select(row)
    app.key(K_A)


def human_turn(app):
    """The human's turn by keys: the first card on the first open stone; end claim steps."""
    from engine import st1

    if app.session.state.phase == st1.PH_CLAIM:
        app.key(K_B)
    else:
        app.key(K_A)
        app.key(K_A)


def st1_base(out):
    from engine import st1
    from ui import pages as P

    os.makedirs(out, exist_ok=True)
    save = os.path.join(tempfile.mkdtemp(), "save.bin")
    p = SimPlatform(save, headless=True, step_ms=20)
    app = A.App(p, seed=2024, chooser_for=quick)

    def shot(name):
        p.refresh()
        p.screenshot(os.path.join(out, name + ".png"))

    shot("title")
    title_row(app, P.T_SETTINGS)
    for k in (K_DOWN, K_DOWN, K_RIGHT):  # a match of 3 rounds
        app.key(k)
    shot("settings")
    app.pages.settings_menu.select(P.S_CLEAR)
    app.key(K_A)
    shot("confirm-clear")
    app.key(K_B)
    app.key(K_B)
    title_row(app, P.T_HELP)
    shot("help")
    app.key(K_B)
    title_row(app, P.T_NEW)
    for _ in range(9):
        human_turn(app)
        app.ai_turn()
    app.key(K_RIGHT)
    shot("board")
    app.key(K_A)
    shot("board-choose-stone")
    app.key(K_B)
    app.key(K_START)
    shot("pause")
    for k in (K_DOWN, K_DOWN, K_A):
        app.key(k)
    shot("tracker")
    app.key(K_B)
    claim_shot = False
    rounds = 0
    while rounds < 3:
        if app.mode == A.ROUND_END:
            app.finish_anim()
            rounds += 1
            if rounds != 2:
                shot("round-end" if rounds == 1 else "match-end")
            app.key(K_A)
        elif app.ai_pending():
            app.ai_turn()
        else:
            human_turn(app)
        if app.anim_n and not claim_shot and app.mode == A.BOARD:
            shot("claim")
            claim_shot = True
    title_row(app, P.T_STATS)
    shot("statistics")
    app.key(K_B)
    # Pass-and-play hand-over, and a failed manual claim.
    app.settings.opponent = 3
    app.settings.auto_claims = 0
    app.settings.rounds = 1
    title_row(app, P.T_NEW)
    for _ in range(3):  # player 1 takes the handheld, plays; player 2, the same; player 1 plays
        app.key(K_A)
        human_turn(app)
    shot("handover")
    app.key(K_A)
    from tests.helpers import build

    app.session.state = build(
        {2: ("R1 R2 R3", "G8 G9"), 5: ("Y4", "B5 B6")},
        hand1="B1 O2 P3 P9 Y9 G1",
        hand2="P1",
        phase=st1.PH_CLAIM,
    )
    app.redraw()
    app.key(K_A)
    shot("claim-refused")
    p.close()
    print("screens written to", out)
    return 0


# ---- the second game's base screens

PH_DECLARE = 1


def first_legal(settings):
    """A fast stand-in opponent for the second game's pictures: the first legal move."""
    return lambda view, rng, seat, tick: view.legal_moves()[0]


def _st2_app(path, seed, role=0, opponent=0, kind=0, auto=1):
    from sim.run import preset

    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed, chooser_for=first_legal)
    app.settings.opponent, app.settings.kind, app.settings.auto_claims = opponent, kind, auto
    preset(app, "st2", "base", ("attacker", "defender")[role])
    return p, app


def _st2_new(app):
    from ui import pages as P

    app.pages.title_menu.select(P.T_NEW)
    app.key(K_A)


def _st2_turn(app):
    """One human decision by keys (a card at the first tile offered; B ends a declare step)."""
    s = app.session
    if app.ai_pending():
        app.ai_turn()
    elif s.state.phase == PH_DECLARE:
        app.key(K_B)
    else:
        n = len(s.rec.moves)
        app.key(K_A)
        if app.mode == A.BOARD:
            app.key(K_A)
        if len(s.rec.moves) == n and app.mode == A.BOARD:
            app.key(K_B)
            app.key(K_LEFT)
            app.key(K_A)
            app.key(K_A)
    app.finish_anim()


def _st2_shot(p, folder, name):
    p.refresh()
    p.screenshot(os.path.join(folder, "st2-%s.png" % name))


def st2_base(folder):
    from ui import pages as P

    os.makedirs(folder, exist_ok=True)
    tmp = tempfile.mkdtemp()
    p, app = _st2_app(os.path.join(tmp, "a.bin"), 11, kind=1)
    _st2_shot(p, folder, "title")
    app.pages.title_menu.select(P.T_SETTINGS)
    app.key(K_A)
    _st2_shot(p, folder, "settings")
    app.key(K_B)
    _st2_new(app)
    for _ in range(8):
        _st2_turn(app)
    while app.ai_pending():
        app.ai_turn()
    _st2_shot(p, folder, "board")
    app.key(K_A)  # a card taken: the cursor on a tile says what it needs
    _st2_shot(p, folder, "tile-need")
    app.key(K_B)
    for _ in range(12):  # the retreat entry: left of the first card
        app.key(K_LEFT)
        if app.board.msg.text.startswith("Retreat"):
            break
    app.key(K_A)
    app.key(K_A)
    app.key(K_RIGHT)
    app.key(K_A)
    _st2_shot(p, folder, "retreat")
    app.key(K_DOWN)
    app.key(K_START)
    app.pages.pause_menu.select(P.P_TRACKER)
    app.key(K_A)
    _st2_shot(p, folder, "tracker")
    app.key(K_B)
    app.key(K_START)
    app.pages.pause_menu.select(P.P_HELP)
    app.key(K_A)
    app.key(K_RIGHT)
    app.key(K_RIGHT)
    _st2_shot(p, folder, "help")
    app.key(K_B)
    for _ in range(2000):  # the revenge match to its end
        if app.mode == A.ROUND_END:
            if app.session is None:
                break
            if len(app.session.match.results) == 1:
                _st2_shot(p, folder, "game-end")
            app.key(K_A)
            continue
        _st2_turn(app)
    _st2_shot(p, folder, "revenge-end")
    p.close()
    p, app = _st2_app(os.path.join(tmp, "b.bin"), 13, role=1)  # the Defender: a cauldron
    _st2_new(app)
    s = app.session
    for _ in range(60):
        st = s.state
        if st.to_move == 1 and not app.ai_pending() and any(st.cnt[t * 2] for t in range(7)):
            break
        _st2_turn(app)
    app.key(K_B)  # the cauldron's own step (ui.st2.steps): the card it would remove, framed
    _st2_shot(p, folder, "cauldron")
    p.close()
    p, app = _st2_app(os.path.join(tmp, "c.bin"), 17, opponent=3)  # pass-and-play
    _st2_new(app)
    app.key(K_A)
    app.key(K_A)
    app.key(K_A)
    _st2_shot(p, folder, "handover")
    p.close()
    for seed in range(1, 80):  # a failed manual declaration
        p, app = _st2_app(os.path.join(tmp, "d%d.bin" % seed), seed, auto=0)
        _st2_new(app)
        s = app.session
        for _ in range(150):
            st = s.state
            if app.mode != A.BOARD or s.round_over():
                break
            if st.phase == PH_DECLARE and not app.ai_pending():
                g = s.g
                bad = [t for t in range(7) if isinstance(g.claim_check(st, t), list) and g.claim_check(st, t)]
                if bad:
                    for _ in range(10):
                        if app.stone_i == bad[0] and app.cpart == 2:
                            break
                        app.key(K_RIGHT)
                    app.key(K_A)
                    _st2_shot(p, folder, "declare-refused")
                    p.close()
                    return 0
            _st2_turn(app)
        p.close()
    print("no failed declaration found", file=sys.stderr)
    return 1


# ---- the tactic variants: random pass-and-play games by keys, a picture when a screen shows


def parts(m, legal, g):
    """The (part, value) pairs a player picks for move m of game object g."""
    from ui import pick as P

    d = g.decode(m)
    out = [(i, d[i]) for i in (P.CARD, P.TARGET) if d[i] != -1]
    if d[P.EXTRA] or any(g.decode(x)[P.EXTRA] for x in legal if g.decode(x)[:3] == d[:3]):
        out.append((P.EXTRA, d[P.EXTRA]))
    return out


def press_move(app, m):
    """Move m by keys: Right to each part, A; B for a move without parts."""
    from ui import pick as P

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


def pause_item(app, i):
    """Start, then Down to the pause menu's item i, then A."""
    app.key(K_START)
    while app.pages.pause_menu.index != i:
        app.key(K_DOWN)
    app.key(K_A)


class St1Tactic:
    """Schotten Totten's tactic variant: its pictures' names and when each screen shows."""

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
    PREFIX = "tactic-"
    FIRST = 54  # the first tactic card's int

    def __init__(self):
        from engine.games import load
        from ui.help import HELP

        self.g = load("st1")
        self.HELP_PAGES = len(HELP)  # the base game's help pages: the variant's first follows them

    def which(self, app):
        """The screen on show now, or None."""
        g = self.g
        st = app.session.state
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

    def tracker_ready(self, st):
        """A turn's start with tactic cards played and several still unseen by the mover."""
        if st.phase != self.g.PH_PLAY or st.tp[0] + st.tp[1] < 2:
            return False
        hand = st.hand_of(st.to_move)
        return sum(1 for c in range(54, 64) if not st.public[c] and c not in hand) >= 4

    def new_session(self, app, seed):
        from ui import session as S

        app.settings.variant = 1
        app.settings.opponent = S.OPP_PASS
        return S.Session(app.settings, seed, None)

    def keep(self, g, m):
        """The moves the pictures' random players choose among (all of this game's)."""
        return True


class St2Tactic:
    """Schotten Totten 2's tactic variant: its pictures' names and when each screen shows."""

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
    PREFIX = "st2t-"
    FIRST = 60
    REDEPLOYMENT, RECRUITMENT, TREASON, EXCHANGE = 64, 65, 67, 70

    def __init__(self):
        from engine.games import load
        from ui.st2.menus import HELP

        self.g = load("st2")
        self.HELP_PAGES = len(HELP)

    def which(self, app):
        """The screen on show now, or None."""
        g = self.g
        st = app.session.state
        if app.mode == A.HANDOVER:
            return "st2t-handover"
        if "=" in app.board.msg.text and "took" in app.board.msg.text:
            return "st2t-declared"
        if st.phase == g.PH_DRAW:
            return "st2t-draw"
        if st.phase == g.PH_EXCHANGE:
            return "st2t-exchange"
        if st.phase == g.PH_ACTION:
            if st.act == self.TREASON and st.nstep == 0:
                return "st2t-treason"
            if st.act == self.REDEPLOYMENT and st.nstep == 1:
                return "st2t-redeploy"
            if st.act == self.RECRUITMENT and st.nstep == 0:
                return "st2t-recruit"
        if (
            st.phase == g.PH_PLAY
            and sum(1 for c in range(60, 64) if st.loc[c] == 1) >= 2
            and any(c >= 60 for c in st.hand_of(st.to_move))
        ):
            return "st2t-table"
        return None

    def tracker_ready(self, st):
        """A turn's start with tactic cards played and several still unseen by the mover."""
        if st.phase != self.g.PH_PLAY or st.tcount[0] + st.tcount[1] < 2:
            return False
        hand = st.hand_of(st.to_move)
        return sum(1 for c in range(60, 71) if not st.loc[c] and c not in hand) >= 4

    def new_session(self, app, seed):
        from ui import session as S
        from ui.st2.session import Session

        t = app.settings
        t.game, t.variant, t.opponent = 2, 1, S.OPP_PASS
        return Session(t, seed, None)

    def keep(self, g, m):
        """No retreat (its step is the base game's picture)."""
        return g.kind(m) != g.KIND_RETREAT


def tactic(out, spec):
    """The pictures of `spec` (St1Tactic() or St2Tactic()) into folder `out`; 0 if every one
    was made."""
    from engine.rng import Rng
    from ui.pages import P_HELP, P_TRACKER

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


# ---- the command

ST1_BASE = (
    "title",
    "settings",
    "confirm-clear",
    "help",
    "board",
    "board-choose-stone",
    "pause",
    "tracker",
    "claim",
    "round-end",
    "match-end",
    "statistics",
    "handover",
    "claim-refused",
)
ST2_BASE = tuple(
    "st2-" + n
    for n in (
        "title",
        "settings",
        "board",
        "tile-need",
        "retreat",
        "tracker",
        "help",
        "game-end",
        "revenge-end",
        "cauldron",
        "handover",
        "declare-refused",
    )
)
NAMES = {
    ("st1", "base"): ST1_BASE,
    ("st1", "tactic"): St1Tactic.NAMES,
    ("st2", "base"): ST2_BASE,
    ("st2", "tactic"): St2Tactic.NAMES,
}


def shoot(out, game, variant):
    """One ruleset's pictures into folder `out`; 0 if every one was made."""
    if (game, variant) == ("st1", "base"):
        return st1_base(out)
    if (game, variant) == ("st2", "base"):
        return st2_base(out)
    return tactic(out, St1Tactic() if game == "st1" else St2Tactic())


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.screens")
    ap.add_argument("out", nargs="?", default="docs/screens", help="folder (default docs/screens)")
    ruleset_options(ap)
    args = ap.parse_args(argv)
    rc = 0
    for game, variant in rulesets(args):
        rc |= shoot(args.out, game, variant)
    return rc


if __name__ == "__main__":
    sys.exit(main())
