"""`python -m sim [--headless --keys K,K,... --shots DIR [--lights]] [--seed S] [--save FILE]
[--records DIR] [--screenshots DIR] [--game st1|st2] [--variant base|tactic]
[--role attacker|defender]`.

--game, --variant and --role preset the settings (saved, as the settings menu would), then
the title shows as usual: the menus are still there to change them.

In a window (`make play`): the handheld game, keys as in docs/PLATFORM.md; F12 writes a
screenshot-NNN.png into `shots/`, and each finished game's record is written into `games/`
(both under the working directory unless --screenshots / --records say otherwise).
Headless (SDL_VIDEODRIVER=dummy): the keys given are pressed in order (A, B, START, SELECT,
UP, DOWN, LEFT, RIGHT, and WAIT: let the AI play its turn) and DIR/0001.png, DIR/0002.png,
... get the 160x128 screen after each (the folder's old NNNN.png are removed first;
--lights adds the NeoPixel strip under the screen). Then it prints what a player may see:
each game finished during the run (with its record's path, if --records), and the table,
the player's hand and whose turn it is; never the AI's hand or the deck order.
"""

import argparse
import os
import re
import sys

from sim.platform import SHOTS_DIR, SimPlatform, display_available
from sim.records import RECORDS_DIR, Recorder
from ui.platform import key_code

KEYS = ("A", "B", "START", "SELECT", "UP", "DOWN", "LEFT", "RIGHT", "WAIT")
HEADLESS_SEED = 1


def parse_keys(text):
    out = []
    for k in text.split(","):
        k = k.strip().upper()
        if not k:
            continue
        if k not in KEYS:
            raise ValueError("unknown key %r (keys: %s)" % (k, ", ".join(KEYS)))
        out.append(k)
    return out


def clear_shots(folder):
    """Remove the numbered screenshots (NNNN.png) an earlier run left in `folder`."""
    if not os.path.isdir(folder):
        return
    for f in os.listdir(folder):
        if re.fullmatch(r"\d{4}\.png", f):
            os.remove(os.path.join(folder, f))


GAMES = ("st1", "st2")
VARIANTS = ("base", "tactic")
ROLES = ("attacker", "defender")


def preset(app, game=None, variant=None, role=None):
    """Settings chosen on the command line (--game, --variant, --role) set and saved; the
    title shows with them (the menus are still there to change them)."""
    if game is None and variant is None and role is None:
        return
    from ui import title
    from ui.session import Settings

    app._title()
    s = app.settings
    new = Settings(s.timing, s.opponent, s.rounds, s.auto_claims, s.sound, s.first)
    new.game = s.game if game is None else GAMES.index(game) + 1
    new.variant = s.variant if variant is None else VARIANTS.index(variant)
    new.role = s.role if role is None else ROLES.index(role)
    new.kind = s.kind
    if title.ends_game(app, new):
        app.session = None  # a saved game under other settings: ended, as the menu would
    app.settings = new
    app.save()
    app._title("A: choose")


def headless(keys, shots, seed, save, lights=False, records=None, out=print, settings=()):
    """Press `keys` on a headless simulator; one screenshot per key into `shots`. `settings`:
    preset()'s (game, variant, role), None for each left as saved."""
    from ui.app import App

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    if shots:
        os.makedirs(shots, exist_ok=True)
        clear_shots(shots)
    p = SimPlatform(save, headless=True, step_ms=20)
    try:
        app = App(p, seed)
        preset(app, *settings)
        rec = p.recorder = Recorder(app, records, out=None)
        rec.check()
        for i, k in enumerate(keys):
            if k == "WAIT":
                app.ai_turn()
            else:
                app.key(key_code(k))
            app.finish_anim()  # claims blink in the window; a screenshot shows them settled
            p.refresh()
            if shots:
                p.screenshot(os.path.join(shots, "%04d.png" % (i + 1)), lights=lights)
        out(summary(app, rec))
        return app
    finally:
        p.close()


def summary(app, recorder):
    """What a player may see at the end of a headless run, as text."""
    from engine import st1
    from sim.tools import board_text
    from ui.play import HANDOVER
    from ui.session import OPP_PASS

    lines = []
    for i, (st, path) in enumerate(recorder.finished):
        if st.GAME == 2:
            line = "game %d over: the %s wins, deck %d, tiles in good repair + cauldrons %d" % (
                i + 1,
                ("Attacker", "Defender")[st.winner],
                st.ndeck,
                st.undamaged_plus_oil(),
            )
        else:
            line = "game %d over: player %d wins, %d stones to %d" % (
                i + 1,
                st.winner + 1,
                st.stones_of(st.winner),
                st.stones_of(st.winner ^ 1),
            )
        lines.append(line + ("; record %s" % path if path else ""))
    s = app.session
    if s is not None and not s.round_over():
        st = s.state
        p = st.to_move
        if app.mode == HANDOVER:
            me = None  # pass and play, between turns: the screen shows no hand either
        elif s.humans[p]:
            me = p
        elif s.humans[p ^ 1]:
            me = p ^ 1
        else:
            me = None  # the AI demo: nobody's hand is the player's
        lines.append(board_text(st.view(me if me is not None else 0)))
        two = s.g.NAME == "st2"
        if me is not None:
            who = "your" if s.settings.opponent < OPP_PASS else "player %d's" % (me + 1)
            if two:
                who = "your" if s.settings.opponent < OPP_PASS else "the %s's" % ("Attacker", "Defender")[me]
            lines.append("%s hand: %s" % (who, " ".join(sorted_names(st.hand_of(me), s.g))))
        step = "claim step" if st.phase == st1.PH_CLAIM else "to play"
        if two:
            lines.append(
                "the %s to move (%s)"
                % (("Attacker", "Defender")[p], "declare step" if st.phase else "to play")
            )
        else:
            lines.append("player %d to move (%s)" % (p + 1, step))
    elif recorder.finished:
        lines.append(board_text(recorder.finished[-1][0]))
    else:
        lines.append("no game in progress")
    return "\n".join(lines)


def sorted_names(cards, g=None):
    if g is not None and g.NAME == "st2":
        from engine.st2.cards import name
    else:
        from engine.cards import name

    return [name(c) for c in sorted(cards)]


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim")
    ap.add_argument("--headless", action="store_true", help="no window: press --keys, save --shots")
    ap.add_argument("--keys", default="", help="comma-separated: " + ",".join(KEYS))
    ap.add_argument(
        "--shots", default="", help="headless: folder for one 160x128 PNG per key (its old NNNN.png removed)"
    )
    ap.add_argument(
        "--lights", action="store_true", help="headless: --shots show the NeoPixels under the screen"
    )
    ap.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal seed (default: the clock in the window; %d headless, so runs repeat)" % HEADLESS_SEED,
    )
    ap.add_argument("--save", default=None, help="save file (default sim_save.bin; headless: none kept)")
    ap.add_argument(
        "--records",
        default=None,
        help="folder for each finished game's record (default %s/ in the window; headless: none written)"
        % RECORDS_DIR,
    )
    ap.add_argument(
        "--screenshots", default=SHOTS_DIR, help="folder for F12 screenshots (default %(default)s/)"
    )
    ap.add_argument("--game", choices=GAMES, default=None, help="preset the settings' game")
    ap.add_argument("--variant", choices=VARIANTS, default=None, help="preset the settings' variant")
    ap.add_argument(
        "--role", choices=ROLES, default=None, help="preset the second game's role (in its first game)"
    )
    a = ap.parse_args(argv)
    settings = (a.game, a.variant, a.role)
    try:
        keys = parse_keys(a.keys)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    if a.headless:
        save = a.save
        if save is None:
            import tempfile

            save = os.path.join(tempfile.mkdtemp(), "save.bin")
        seed = a.seed if a.seed is not None else HEADLESS_SEED
        headless(keys, a.shots, seed, save, a.lights, a.records, settings=settings)
        return 0
    if not display_available():
        # One line, no traceback, and not a failure: the machine simply has no screen.
        print("No display here: try  .venv/bin/python -m sim --headless --keys A,A,A,WAIT --shots shots/")
        return 0
    from ui.app import App

    p = SimPlatform(a.save or "sim_save.bin", shots_dir=a.screenshots)
    p.inject(keys)
    try:
        app = App(p, a.seed)
        preset(app, *settings)
        p.recorder = Recorder(app, a.records or RECORDS_DIR)
        p.recorder.check()
        app.run()
    except SystemExit:
        pass
    finally:
        p.close()
    return 0
