"""`python -m sim.screens2 DIR`: one screenshot of each of the second game's screens (Schotten
Totten 2), for docs/screens/ and the README: st2-title, st2-settings, st2-board, st2-tile-need
(a card being placed: the tile's need in words), st2-cauldron (the card it removes, framed),
st2-retreat (tiles marked), st2-declare-refused (the counter-example), st2-handover, st2-tracker,
st2-help, st2-game-end, st2-revenge-end. Driven headless by keys, as a player would."""

import os
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.platform import SimPlatform  # noqa: E402
from sim.run import preset  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START  # noqa: E402

PH_DECLARE = 1


def first_legal(settings):
    """A fast stand-in opponent for the pictures: the first legal move."""
    return lambda view, rng, seat, tick: view.legal_moves()[0]


def _app(path, seed, role=0, opponent=0, kind=0, auto=1):
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed, chooser_for=first_legal)
    app.settings.opponent, app.settings.kind, app.settings.auto_claims = opponent, kind, auto
    preset(app, "st2", "base", ("attacker", "defender")[role])
    return p, app


def _new(app):
    app.pages.title_menu.select(P.T_NEW)
    app.key(K_A)


def _turn(app):
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


def _shot(p, folder, name):
    p.refresh()
    p.screenshot(os.path.join(folder, "st2-%s.png" % name))


def main(folder):
    os.makedirs(folder, exist_ok=True)
    tmp = tempfile.mkdtemp()
    p, app = _app(os.path.join(tmp, "a.bin"), 11, kind=1)
    _shot(p, folder, "title")
    app.pages.title_menu.select(P.T_SETTINGS)
    app.key(K_A)
    _shot(p, folder, "settings")
    app.key(K_B)
    _new(app)
    for _ in range(8):
        _turn(app)
    while app.ai_pending():
        app.ai_turn()
    _shot(p, folder, "board")
    app.key(K_A)  # a card taken: the cursor on a tile says what it needs
    _shot(p, folder, "tile-need")
    app.key(K_B)
    for _ in range(12):  # the retreat entry: left of the first card
        app.key(K_LEFT)
        if app.board.msg.text.startswith("Retreat"):
            break
    app.key(K_A)
    app.key(K_A)
    app.key(K_RIGHT)
    app.key(K_A)
    _shot(p, folder, "retreat")
    app.key(K_DOWN)
    app.key(K_START)
    app.pages.pause_menu.select(P.P_TRACKER)
    app.key(K_A)
    _shot(p, folder, "tracker")
    app.key(K_B)
    app.key(K_START)
    app.pages.pause_menu.select(P.P_HELP)
    app.key(K_A)
    app.key(K_RIGHT)
    app.key(K_RIGHT)
    _shot(p, folder, "help")
    app.key(K_B)
    for _ in range(2000):  # the revenge match to its end
        if app.mode == A.ROUND_END:
            if app.session is None:
                break
            if len(app.session.match.results) == 1:
                _shot(p, folder, "game-end")
            app.key(K_A)
            continue
        _turn(app)
    _shot(p, folder, "revenge-end")
    p.close()
    p, app = _app(os.path.join(tmp, "b.bin"), 13, role=1)  # the Defender: a cauldron
    _new(app)
    s = app.session
    for _ in range(60):
        st = s.state
        if st.to_move == 1 and not app.ai_pending() and any(st.cnt[t * 2] for t in range(7)):
            break
        _turn(app)
    app.key(K_B)  # the cauldron's own step (ui.st2.steps): the card it would remove, framed
    _shot(p, folder, "cauldron")
    p.close()
    p, app = _app(os.path.join(tmp, "c.bin"), 17, opponent=3)  # pass-and-play
    _new(app)
    app.key(K_A)
    app.key(K_A)
    app.key(K_A)
    _shot(p, folder, "handover")
    p.close()
    for seed in range(1, 80):  # a failed manual declaration
        p, app = _app(os.path.join(tmp, "d%d.bin" % seed), seed, auto=0)
        _new(app)
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
                    _shot(p, folder, "declare-refused")
                    p.close()
                    return 0
            _turn(app)
        p.close()
    print("no failed declaration found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
