"""`python -m sim.screens DIR`: one screenshot of each screen, for docs/screens/ and the README.

Drives the game headless with keys, as a player would, and saves 160x128 PNGs: title,
settings, confirm-clear, help, board, board-choose-stone, claim (a claimed stone blinking),
pause, tracker, round-end, match-end, statistics, handover, claim-refused."""

import os
import sys
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine import st1  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_RIGHT, K_START  # noqa: E402


def quick(settings):
    """A fast stand-in AI for the pictures: the Easy level."""
    from engine import ai

    return lambda view, rng, seat, tick: ai.choose(view, rng, ai.EASY)


def title_row(app, row):
    app.pages.title_menu.select(row)
    app.key(K_A)


def human_turn(app):
    """The human's turn by keys: the first card on the first open stone; end claim steps."""
    if app.session.state.phase == st1.PH_CLAIM:
        app.key(K_B)
    else:
        app.key(K_A)
        app.key(K_A)


def main(out):
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


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
