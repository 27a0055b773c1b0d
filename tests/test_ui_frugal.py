"""Issue 17 item 5 for the new rulesets: "the UI's bitmaps and palettes <= 24 KB on the largest
screen of any game". Every refresh of a whole game played by keys (the first game's tactic
variant, the second game in both roles), with the pause menu, the card tracker and the help
pages on the way, is weighed by sim.platform.ram_estimate (what CircuitPython would hold for
the bitmaps, palettes and tile maps on screen); the largest must stay within 24 KB."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.rng import Rng  # noqa: E402
from sim.platform import ram_estimate  # noqa: E402
from tests import test_ui_st2 as U2  # noqa: E402
from tests import test_ui_tactic as UT  # noqa: E402
from ui import app as A  # noqa: E402
from ui.pages import P_HELP, P_TRACKER  # noqa: E402
from ui.platform import K_B, K_RIGHT  # noqa: E402

LIMIT = 24 * 1024


def weigh(plat):
    """Wrap plat.refresh: every frame's estimate is kept; returns the list."""
    seen = []
    refresh = plat.refresh

    def weighed(*a, **k):
        seen.append(ram_estimate(plat.root)["total"])
        return refresh(*a, **k)

    plat.refresh = weighed
    return seen


def menus(app, pause_item):
    """The card tracker and two help pages from the pause menu, back to the table."""
    pause_item(app, P_TRACKER)
    app.key(K_B)
    pause_item(app, P_HELP)
    app.key(K_RIGHT)
    app.key(K_B)
    assert app.mode == A.BOARD


@pytest.fixture
def plat(tmp_path):
    from sim.platform import SimPlatform

    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def test_the_tactic_tables_bitmaps_and_palettes_stay_within_24k(plat):
    seen = weigh(plat)
    app = UT.tactic_app(plat, 11)
    rng = Rng(11)
    UT.human_turns(app, rng, lambda a: a.session.human_to_move() and a.session.state.tp[0] >= 1)
    menus(app, UT.pause_item)
    UT.human_turns(app, rng)
    assert app.mode == A.ROUND_END
    assert len(seen) > 100 and max(seen) <= LIMIT, max(seen)


@pytest.mark.parametrize("role", (0, 1))
def test_the_second_games_bitmaps_and_palettes_stay_within_24k(plat, role):
    seen = weigh(plat)
    app = A.App(plat, seed=5 + role, chooser_for=U2.first_legal_chooser)
    U2.start(app, role)
    if app.ai_pending():
        app.ai_turn()
    menus(app, UT.pause_item)
    U2.play_game_by_keys(app)
    assert app.mode == A.ROUND_END
    assert len(seen) > 50 and max(seen) <= LIMIT, max(seen)


@pytest.mark.parametrize("ruleset", ("st1 tactic", "st2 attacker", "st2 defender"))
def test_one_refresh_per_key_and_nothing_allocated_while_idle(tmp_path, ruleset):
    """As tests/test_ui_screen.py checks for the base game: on the new rulesets' tables each key
    refreshes the screen once, the idle loop refreshes nothing, and ui/ allocates no more than
    the keys' own work ("no per-frame allocation")."""
    import tracemalloc

    from sim.platform import Idle, SimPlatform

    p = SimPlatform(str(tmp_path / "s.bin"), headless=True, step_ms=20, stop_after_idle=300)
    try:
        if ruleset == "st1 tactic":
            app = UT.tactic_app(p, 4)
            UT.human_turns(app, Rng(4), lambda a: a.session.human_to_move())
        else:
            app = A.App(p, seed=4, chooser_for=U2.first_legal_chooser)
            U2.start(app, ruleset.endswith("defender"))
            if app.ai_pending():
                app.ai_turn()
        assert app.mode == A.BOARD and app.session.human_to_move()
        p.inject(["RIGHT", "RIGHT", "LEFT", "A", "RIGHT", "B"])
        before = p.display.refreshes
        tracemalloc.start()
        snap = tracemalloc.take_snapshot()
        with pytest.raises(Idle):
            app.run()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        assert p.display.refreshes - before == 6  # the keys; the 300 idle polls refresh nothing
        ui_only = [tracemalloc.Filter(True, "*/ui/*")]
        grown = after.filter_traces(ui_only).compare_to(snap.filter_traces(ui_only), "lineno")
        assert sum(d.size_diff for d in grown if d.size_diff > 0) < 512
    finally:
        p.close()
