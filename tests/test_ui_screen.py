"""What the table screen does between keys: cursors that remember, claimable stones marked,
the claim animation and the lights, the AI's thinking indicator, and the redraw budget
(pixels per move, refreshes per key, nothing allocated while idle)."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine import st1  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from tests.helpers import build  # noqa: E402
from tests.test_ui import first_legal_chooser, new_game, press, settings_via_menu  # noqa: E402
from ui import app as A  # noqa: E402
from ui import play as PL  # noqa: E402
from ui.gfx import T_NUMBERED  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP  # noqa: E402


def stone_tile(kind, s):
    """The numbered stone s (0-based) of a kind: 0 plain, 1 the player's, 2 the other's, 3
    claimable (ui.gfx)."""
    return T_NUMBERED + kind * 9 + s


T_STONE, T_STONE_P1, T_CLAIM = stone_tile(0, 0), stone_tile(1, 0), stone_tile(3, 0)


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


class Clock:
    def __init__(self):
        self.ms = 1000

    def __call__(self):
        return self.ms


@pytest.fixture
def clocked(tmp_path):
    """A headless platform whose clock only moves when the test moves it."""
    clock = Clock()
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, clock=clock)
    p.clock = clock
    yield p
    p.close()


def test_stone_cursor_starts_at_the_last_stone_played(plat):
    app = A.App(plat, seed=8, chooser_for=first_legal_chooser)
    new_game(app)
    press(app, K_RIGHT, K_RIGHT, K_A, K_LEFT, K_LEFT)  # third card, stone 3 (from the middle)
    assert app.sel == 1 and app.stone_i == 2 and app.hand_i == 2
    press(app, K_A)
    app.ai_turn()
    assert app.sel == 0 and app.hand_i == 2  # the hand cursor stays where it was
    press(app, K_UP)  # Up takes the card, like A
    assert app.sel == 1 and app.stone_i == 2  # stone 3 is still open: the cursor is back there
    press(app, K_DOWN)
    assert app.sel == 0
    st = app.session.state
    for _ in range(2):  # fill stone 3 on our side: the cursor then starts next to it
        press(app, K_A, K_A)
        app.ai_turn()
    assert st.cnt[2 * 2] == 3 or app.session.state.cnt[2 * 2] == 3
    press(app, K_A)
    assert app.stone_i in (1, 3)


def test_a_claimable_stone_is_marked(plat):
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0, claims_manual=True)
    new_game(app)
    app.session.state = build(
        {1: ("R1 R2 R3", "G2 Y5 B7"), 4: ("B1 B2 B3", "")}, hand1="P9 Y9", hand2="P1 P2"
    )
    app.redraw()
    assert app.board.stones.grid[0] == T_CLAIM  # proven: colour-run against a sum
    assert app.board.stones.grid[3] == stone_tile(0, 3)  # complete, but the opponent could still win
    press(app, K_A, K_A)  # play: the claim step starts on the claimable stone
    assert app.session.state.phase == st1.PH_CLAIM and app.stone_i == 0
    press(app, K_A)
    assert app.session.state.owner[0] == 1


def claim_by_playing(app):
    """A position where playing R3 on stone 1 proves it (colour-run against a sum)."""
    app.session.state = build({1: ("R1 R2", "G2 Y5 B7")}, hand1="R3 P9 Y9", hand2="P1 P2")
    app.stone_i = 4
    app.redraw()
    press(app, K_A)
    while app.stone_i != 0:
        press(app, K_LEFT)
    press(app, K_A)


def test_automatic_claims_blink_the_stone_and_flash_the_lights(clocked):
    p = clocked
    app = A.App(p, seed=3, chooser_for=first_legal_chooser)
    new_game(app)
    assert p.last_lights == A.TURN_LIGHTS[0]
    claim_by_playing(app)
    st = app.session.state
    assert st.owner[0] == 1 and app.anim_n > 0 and not app.ai_pending()
    tiles = [app.board.stones.grid[0]]
    lights = [p.last_lights]
    for _ in range(20):
        assert not app.step()  # nothing is due until the clock moves
        p.clock.ms += PL.ANIM_MS
        if app.step():
            p.refresh()
            assert p.last_refresh_pixels <= 2 * 187  # the stone tile, nothing else
            tiles.append(app.board.stones.grid[0])
            lights.append(p.last_lights)
        if not app.anim_n:
            break
    assert tiles[0] == T_CLAIM and tiles[1] != T_CLAIM and tiles.count(T_CLAIM) >= 2
    assert tiles[-1] == T_STONE_P1 and len(tiles) == PL.ANIM_FRAMES + 1
    assert lights[0] == A.CLAIM_LIGHTS and lights[-1] == A.TURN_LIGHTS[1]  # the AI's turn now
    assert app.ai_pending()


def test_a_key_ends_the_animation_at_once(clocked):
    app = A.App(clocked, seed=3, chooser_for=first_legal_chooser)
    new_game(app)
    claim_by_playing(app)
    assert app.anim_n
    press(app, K_START)
    assert not app.anim_n and app.mode == A.PAUSE and app.board is None  # no table under a menu
    press(app, K_A)  # Resume: the table is built again, the stone claimed
    assert app.mode == A.BOARD and app.board.stones.grid[0] == T_STONE_P1


def test_the_ai_tick_moves_the_thinking_indicator(clocked):
    p = clocked

    class FakeAI:
        """An AI that reports progress: it calls tick while the clock runs on."""

        @staticmethod
        def choose(view, rng, level, tick=None):
            for _ in range(5):
                p.clock.ms += 200
                tick()
                xs.append(app.board.think.text)
            return view.legal_moves()[0]

    xs = []
    app = A.App(p, seed=3, chooser_for=lambda s: lambda v, r, seat, tick: FakeAI.choose(v, r, 1, tick))
    new_game(app)
    press(app, K_A, K_A)
    before = p.display.refreshes
    app.ai_turn()
    assert p.display.refreshes - before >= 6  # the indicator's steps, then the AI's move
    assert len(set(xs)) == 3  # the dot walks


# -- frugality: redraws per move, refreshes per key, nothing allocated while idle ---------------


def test_cursor_and_menu_moves_redraw_under_ten_percent(plat):
    app = A.App(plat, seed=12, chooser_for=first_legal_chooser)
    frame = 160 * 128
    press(app, K_DOWN)
    assert plat.last_refresh_pixels <= frame // 10
    new_game(app)
    for _ in range(4):
        press(app, K_A, K_A)
        app.ai_turn()
        for k in (K_RIGHT, K_RIGHT, K_LEFT, K_A, K_RIGHT, K_LEFT):
            press(app, k)
            assert plat.last_refresh_pixels <= frame // 10, k
        press(app, K_B)
    press(app, K_START, K_DOWN)
    assert plat.last_refresh_pixels <= frame // 10


def test_one_refresh_per_key_and_none_while_idle(tmp_path):
    import tracemalloc

    from sim.platform import Idle

    p = SimPlatform(str(tmp_path / "s.bin"), headless=True, step_ms=20, stop_after_idle=300)
    try:
        app = A.App(p, seed=4, chooser_for=first_legal_chooser)
        new_game(app)
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
        assert sum(d.size_diff for d in grown if d.size_diff > 0) < 512  # the keys' own work only
    finally:
        p.close()


def test_the_whole_app_fits_the_bitmap_budget(plat):
    from sim.platform import ram_estimate

    app = A.App(plat, seed=4, chooser_for=first_legal_chooser)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    press(app, K_START, K_DOWN, K_DOWN, K_A, K_B)  # the card tracker
    press(app, K_START, K_DOWN, K_DOWN, K_DOWN, K_A)  # a help page fills the text lines
    assert app.mode == A.TEXT
    assert ram_estimate(plat.root)["total"] <= 24 * 1024  # issue 4: bitmaps and palettes
