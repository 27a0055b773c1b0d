"""`python -m sim.uibench`: the UI's frugality figures in the real game screens (docs/BENCHMARKS.md, "UI").

Headless, virtual clock (so every run gives the same numbers): the pixels each refresh redraws
(the device's dirty areas) per cursor move, per menu move, per played card and the AI's reply,
per claim animation frame; refreshes per key and in the idle loop; memory allocated by ui/ in
the idle loop; the bytes of every bitmap, palette and tile map the whole app holds.
"""

import os
import sys
import tempfile
import tracemalloc

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine import st1  # noqa: E402
from sim.platform import Idle, SimPlatform, ram_estimate  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP  # noqa: E402

FRAME = 160 * 128


class Meter:
    """Counts refreshes and the pixels they redraw (wraps platform.refresh)."""

    def __init__(self, p):
        self.p = p
        self.n = 0
        self.px = 0
        self.each = []
        inner = p.refresh

        def refresh():
            inner()
            self.n += 1
            self.px += p.last_refresh_pixels
            self.each.append(p.last_refresh_pixels)

        p.refresh = refresh

    def take(self):
        """(refreshes, pixels) since the last take."""
        r = (self.n, self.px)
        self.n = self.px = 0
        self.each = []
        return r


class Stat:
    def __init__(self, label):
        self.label = label
        self.v = []

    def add(self, px):
        self.v.append(px)

    def row(self):
        if not self.v:
            return "| %s | - | - | - |" % self.label
        mean = sum(self.v) / len(self.v)
        mx = max(self.v)
        return "| %s | %d | %.0f (%.1f %%) | %d (%.1f %%) |" % (
            self.label,
            len(self.v),
            mean,
            100 * mean / FRAME,
            mx,
            100 * mx / FRAME,
        )


def new_app(seed, opponent=1, save=None):
    p = SimPlatform(save or os.path.join(tempfile.mkdtemp(), "s.bin"), headless=True, step_ms=20)
    app = A.App(p, seed=seed)
    app.settings.opponent = opponent
    return p, app


def measure(seeds):
    stats = {}
    for key in (
        "hand cursor, one card",
        "stone cursor, one stone",
        "take a card (cursor to the stones)",
        "play the card (key A)",
        "AI reply (whole turn: thinking, card, claims)",
        "play + AI reply, all refreshes",
        "claim animation, one frame",
        "the round ends (panel shown)",
        "title menu, one row",
        "settings menu, one row",
        "settings value change",
        "pause menu, one row",
    ):
        stats[key] = Stat(key)
    per_key = []
    for seed in seeds:
        p, app = new_app(seed)
        m = Meter(p)
        # menus
        app.pages.title_menu.select(P.T_CONTINUE)
        p.refresh()
        m.take()
        for _ in range(4):
            app.key(K_DOWN)
            stats["title menu, one row"].add(m.take()[1])
        app.pages.title_menu.select(P.T_SETTINGS)
        app.key(K_A)
        m.take()
        for _ in range(6):
            app.key(K_DOWN)
            stats["settings menu, one row"].add(m.take()[1])
        app.pages.settings_menu.select(P.S_ROUNDS)
        for _ in range(4):
            app.key(K_RIGHT)
            stats["settings value change"].add(m.take()[1])
        app.pages.settings_menu.set_choice(P.S_ROUNDS, 0)
        app.key(K_B)
        app.pages.title_menu.select(P.T_NEW)
        app.key(K_A)
        m.take()
        for turn in range(40):
            if app.mode == A.ROUND_END or app.session is None:
                break
            st = app.session.state
            if st.phase == st1.PH_CLAIM:
                app.key(K_B)
                m.take()
                continue
            for k in (K_RIGHT, K_RIGHT, K_LEFT):
                app.key(k)
                n, px = m.take()
                per_key.append(n)
                stats["hand cursor, one card"].add(px)
            app.key(K_A)
            n, px = m.take()
            per_key.append(n)
            stats["take a card (cursor to the stones)"].add(px)
            if len(app.opts) > 2:  # the stones the card may go to
                for k in (K_RIGHT, K_LEFT):
                    app.key(k)
                    n, px = m.take()
                    per_key.append(n)
                    stats["stone cursor, one stone"].add(px)
            app.key(K_A)
            n, px_play = m.take()
            per_key.append(n)
            if app.mode == A.ROUND_END:
                stats["the round ends (panel shown)"].add(px_play)
                break
            stats["play the card (key A)"].add(px_play)
            px_anim = _animate(app, p, m, stats)
            app.ai_turn()
            n, px_ai = m.take()
            if app.mode == A.ROUND_END:
                stats["the round ends (panel shown)"].add(px_ai)
                break
            stats["AI reply (whole turn: thinking, card, claims)"].add(px_ai)
            px_anim += _animate(app, p, m, stats)
            stats["play + AI reply, all refreshes"].add(px_play + px_ai + px_anim)
            if turn == 5:
                app.key(K_START)
                m.take()
                for _ in range(4):
                    app.key(K_DOWN)
                    stats["pause menu, one row"].add(m.take()[1])
                app.key(K_UP)
                app.pages.pause_menu.select(0)
                app.key(K_A)
                m.take()
        p.close()
    return stats, per_key


def _animate(app, p, m, stats):
    """Step the claim animation frame by frame with the virtual clock; pixels drawn."""
    total = 0
    while app.anim_n:
        p.poll()
        if app.step():
            p.refresh()
            px = m.take()[1]
            stats["claim animation, one frame"].add(px)
            total += px
    return total


def idle_loop(seed):
    """Refreshes and ui/ allocations in 500 idle polls of App.run() with the human to move."""
    p, app = new_app(seed)
    app.pages.title_menu.select(P.T_NEW)
    app.key(K_A)
    p._stop_after = 500
    m = Meter(p)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    try:
        app.run()
    except Idle:
        pass
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    ui_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ui")
    diff = after.filter_traces([tracemalloc.Filter(True, ui_dir + "/*")]).compare_to(
        before.filter_traces([tracemalloc.Filter(True, ui_dir + "/*")]), "lineno"
    )
    grown = sum(d.size_diff for d in diff if d.size_diff > 0)
    n = m.take()[0]
    p.close()
    return n, grown


def memory(seed):
    """ram_estimate of the whole app (board and the pages) on each screen of a played game;
    the largest, and where."""
    p, app = new_app(seed)
    seen = []

    def note(where):
        p.refresh()
        seen.append((ram_estimate(p.root)["total"], where))

    note("title")
    app.pages.title_menu.select(P.T_SETTINGS)
    app.key(K_A)
    app.pages.settings_menu.select(P.S_CLEAR)
    app.key(K_A)
    note("confirm-clear")
    app.key(K_B)
    app.key(K_B)
    app.pages.title_menu.select(P.T_HELP)
    app.key(K_A)
    from ui.help import HELP

    for _ in HELP:
        note("help page %d" % (app.help_page + 1))
        app.key(K_RIGHT)
    app.key(K_B)
    app.pages.title_menu.select(P.T_STATS)
    app.key(K_A)
    note("statistics")
    app.key(K_B)
    app.pages.title_menu.select(P.T_NEW)
    app.key(K_A)
    for _ in range(60):
        if app.mode == A.ROUND_END:
            note("round end")
            break
        if app.ai_pending():
            app.ai_turn()
        elif app.session.state.phase == st1.PH_CLAIM:
            app.key(K_B)
        else:
            app.key(K_A)
            note("board, choosing a stone")
            app.key(K_A)
            if len(seen) == 12:
                app.key(K_START)
                note("pause")
                app.pages.pause_menu.select(P.P_TRACKER)
                app.key(K_A)
                note("tracker")
                app.key(K_B)
    est = ram_estimate(p.root)
    parts = {"board": ram_estimate(app.board.group)}
    app.key(K_A)  # the round end's A: the title page (the menus are loaded again)
    parts["pages"] = ram_estimate(app.pages.group)
    p.close()
    return max(seen), min(seen), est, parts


def main(argv):
    seeds = range(1, 6)
    stats, per_key = measure(seeds)
    print(
        "Pixels redrawn per step (frame: 160 x 128 = %d px), seeds %d-%d, AI Medium:"
        % (FRAME, seeds[0], seeds[-1])
    )
    print()
    print("| step | n | mean px (share) | max px (share) |")
    print("|---|---|---|---|")
    for s in stats.values():
        print(s.row())
    print()
    print(
        "refreshes per key press on the table: min %d, max %d (%d presses)"
        % (min(per_key), max(per_key), len(per_key))
    )
    n, grown = idle_loop(1)
    print("idle loop (500 polls, the human to move): %d refreshes, %d bytes allocated by ui/" % (n, grown))
    top, low, est, parts = memory(1)
    print()
    print("Bitmaps, palettes and tile maps of the whole app (ram_estimate), over every screen:")
    print("  largest %d bytes (on: %s), smallest %d bytes (on: %s)" % (top + low))
    print(
        "  at the round end: "
        + ", ".join("%s %d" % (k, est[k]) for k in ("bitmaps", "ondisk", "palettes", "tiles", "total"))
    )
    print(
        "  by group (the shared sheets' row caches and palettes in each): "
        + ", ".join("%s %d" % (k, v["total"]) for k, v in parts.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
