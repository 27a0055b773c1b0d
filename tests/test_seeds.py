"""Where the handheld's deals come from (ui.app.next_seed): the first game after power-on is
dealt from the clock, and the clock reads almost the same number at every power-on."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from engine.games import load  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402

# CircuitPython's supervisor.ticks_ms() starts 65,536 ms before its 2**29 wrap at power-on.
POWER_ON = (1 << 29) - 65536


def first_tactic_card(seed):
    st = load("st1").new_state({"variant": 1}, seed)
    return st.tdeck[st.ntdeck - 1]  # the top of the tactic deck: the first one drawn


def test_first_games_after_power_on_can_start_with_any_tactic_card():
    """A game started 2 to 13 s after power-on: every one of the ten tactic cards can be the
    first one drawn, each about as often. Dealt from the clock itself, the first card was
    always one of five (engine.rng seeds its second generator from the seed's high 16 bits,
    the same for every clock reading of the first 65 s)."""
    seen = {}
    for t in range(300):
        c = first_tactic_card(A.next_seed(POWER_ON + 2000 + 37 * t))
        seen[c] = seen.get(c, 0) + 1
    assert sorted(seen) == list(range(54, 64))
    assert max(seen.values()) <= 3 * min(seen.values())


def test_an_app_without_a_seed_deals_from_the_next_seed_of_the_clock(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, clock=lambda: POWER_ON + 4321)
    try:
        app = A.App(p)
        assert app.seed == A.next_seed(POWER_ON + 4321)
        assert app.seed >> 16 != POWER_ON >> 16
    finally:
        p.close()
