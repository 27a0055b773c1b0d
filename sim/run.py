"""`python -m sim [--headless --keys K,K,... --shots DIR] [--seed S] [--save FILE]`.

In a window (`make play`): the handheld game, keys as in docs/PLATFORM.md. Headless
(SDL_VIDEODRIVER=dummy): the keys given are pressed in order (A, B, START, SELECT, UP, DOWN,
LEFT, RIGHT, and WAIT: let the AI play its turn) and DIR/0001.png, DIR/0002.png, ... get the
160x128 screen after each. Prints the final position (docs/NOTATION.md) when done.
"""

import argparse
import os
import sys

from sim.platform import SimPlatform, display_available
from ui.platform import key_code

KEYS = ("A", "B", "START", "SELECT", "UP", "DOWN", "LEFT", "RIGHT", "WAIT")


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


def headless(keys, shots, seed, save):
    """Press `keys` on a headless simulator; one screenshot per key into `shots`."""
    from ui.app import App

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    if shots:
        os.makedirs(shots, exist_ok=True)
    p = SimPlatform(save, headless=True, step_ms=20)
    try:
        app = App(p, seed)
        for i, k in enumerate(keys):
            if k == "WAIT":
                app.ai_turn()
            else:
                app.key(key_code(k))
            app.finish_anim()  # claims blink in the window; a screenshot shows them settled
            p.refresh()
            if shots:
                p.screenshot(os.path.join(shots, "%04d.png" % (i + 1)))
        if app.session is not None:
            from engine.notation import position_text

            print(position_text(app.session.state))
        return app
    finally:
        p.close()


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m sim")
    ap.add_argument("--headless", action="store_true", help="no window: press --keys, save --shots")
    ap.add_argument("--keys", default="", help="comma-separated: " + ",".join(KEYS))
    ap.add_argument("--shots", default="", help="folder for one 160x128 PNG per key")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (default: the clock)")
    ap.add_argument("--save", default=None, help="save file (default sim_save.bin; headless: none kept)")
    a = ap.parse_args(argv)
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
        headless(keys, a.shots, a.seed if a.seed is not None else 1, save)
        return 0
    if not display_available():
        # One line, no traceback, and not a failure: the machine simply has no screen.
        print("No display here: try  .venv/bin/python -m sim --headless --keys A,A,A,WAIT --shots shots/")
        return 0
    from ui.app import App

    p = SimPlatform(a.save or "sim_save.bin")
    p.inject(keys)
    try:
        App(p, a.seed).run()
    except SystemExit:
        pass
    finally:
        p.close()
    return 0
