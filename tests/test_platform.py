"""The platform interface and the headless desktop platform (sim/platform.py)."""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402

from sim import platform as simp  # noqa: E402
from ui import platform as up  # noqa: E402


class Clock:
    def __init__(self):
        self.ms = 0

    def __call__(self):
        return self.ms


@pytest.fixture
def sim(tmp_path):
    """A headless platform with a hand-driven clock and an empty screen."""
    p = simp.SimPlatform(save_path=str(tmp_path / "save.bin"), clock=Clock())
    p.refresh()
    yield p
    p.close()


def box(x, y, w, h, color):
    from ui.gfx import Box

    return Box(x, y, w, h, color).grid


def test_key_numbering_is_the_pybadge_one():
    assert up.KEY_NAMES == ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
    assert (up.K_B, up.K_A, up.K_START, up.K_SELECT) == (0, 1, 2, 3)
    assert (up.K_RIGHT, up.K_DOWN, up.K_UP, up.K_LEFT) == (4, 5, 6, 7)
    assert up.key_code("a") == 1 and up.key_code("LEFT") == 7 and up.key_code(5) == 5
    with pytest.raises(ValueError):
        up.key_code("C")


def test_ticks_diff_across_the_wrap():
    near_end = up.TICKS_PERIOD - 10
    later = up.ticks_add(near_end, 25)
    assert later == 15
    assert up.ticks_diff(later, near_end) == 25
    assert up.ticks_diff(near_end, later) == -25


def test_base_platform_is_a_quiet_fake():
    p = up.Platform()
    assert (p.width, p.height, p.poll()) == (160, 128, -1)
    assert p.load() == bytes(up.SAVE_SIZE)
    p.save(8190, b"xy")
    assert p.load()[-2:] == b"xy"
    with pytest.raises(ValueError):
        p.save(8191, b"xy")
    p.sound("win")
    p.lights((1, 2, 3))
    assert (p.last_sound, p.last_lights) == ("win", (1, 2, 3))
    assert 0 <= p.ticks_ms() < up.TICKS_PERIOD


def test_injected_keys_come_out_in_order(sim):
    sim.inject(["A", "RIGHT", 3, "b"])
    assert sim.pending() == 4
    assert [sim.poll() for _ in range(5)] == [1, 4, 3, 0, -1]


def test_pygame_key_events_are_read_headless(sim):
    pg = sim._pygame
    for key in (pg.K_z, pg.K_x, pg.K_RETURN, pg.K_SPACE, pg.K_LSHIFT, pg.K_UP, pg.K_a):
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=key))
        pg.event.post(pg.event.Event(pg.KEYUP, key=key))
    assert [sim.poll() for _ in range(7)] == [1, 0, 2, 3, 3, 6, -1]


def test_held_direction_repeats_and_buttons_do_not(sim):
    pg, clock = sim._pygame, sim._clock
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_LEFT))
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_z))
    assert (sim.poll(), sim.poll(), sim.poll()) == (7, 1, -1)
    clock.ms += simp.REPEAT_DELAY_MS
    assert (sim.poll(), sim.poll()) == (7, -1)
    clock.ms += simp.REPEAT_EVERY_MS
    assert (sim.poll(), sim.poll()) == (7, -1)
    pg.event.post(pg.event.Event(pg.KEYUP, key=pg.K_LEFT))
    clock.ms += 1000
    assert sim.poll() == -1


def test_screenshot_is_160x128_of_what_the_root_shows(sim, tmp_path):
    sim.root.append(box(10, 20, 30, 40, 0xFF0000))
    sim.root.append(box(100, 0, 60, 8, 0x0000FF))
    sim.refresh()
    path = sim.screenshot(str(tmp_path / "shot.png"))
    w, h, rgb = simp.read_png(path)
    assert (w, h, len(rgb)) == (160, 128, 160 * 128 * 3)

    def at(x, y):
        i = (y * 160 + x) * 3
        return tuple(rgb[i : i + 3])

    assert at(10, 20) == at(39, 59) == sim.pixel(25, 40) == (255, 0, 0)
    assert at(9, 20) == at(40, 59) == at(10, 60) == (0, 0, 0)
    assert at(159, 7) == sim.pixel(100, 0) == (0, 0, 255)
    assert at(159, 8) == (0, 0, 0)


def test_screenshots_are_deterministic(sim, tmp_path):
    sim.root.append(box(0, 0, 160, 128, 0x1E4A2A))
    sim.root.append(box(5, 5, 7, 9, 0xF0DC28))
    sim.refresh()
    a = sim.screenshot(str(tmp_path / "a.png"))
    b = sim.screenshot(str(tmp_path / "b.png"))
    assert Path(a).read_bytes() == Path(b).read_bytes()


def test_refresh_without_changes_draws_nothing_and_a_move_draws_little(sim):
    sim.root.append(box(0, 0, 160, 128, 0x202020))
    mover = box(50, 50, 10, 10, 0xFFFFFF)
    sim.root.append(mover)
    sim.refresh()
    sim.refresh()
    assert sim.last_refresh_pixels == 0
    mover.x = 55  # overlapping spots: one area, their union
    sim.refresh()
    assert sim.last_refresh_areas == [(50, 50, 65, 60)]
    mover.x = 80  # apart: the old spot and the new one
    sim.refresh()
    assert sorted(sim.last_refresh_areas) == [(55, 50, 65, 60), (80, 50, 90, 60)]
    assert sim.last_refresh_pixels == 200
    assert sim.rgb() == sim.render_full()


def test_dirty_area_drawing_matches_a_full_render(sim):
    import random

    rnd = random.Random(7)
    sim.root.append(box(0, 0, 160, 128, 0x1E4A2A))
    boxes = [box(rnd.randrange(150), rnd.randrange(120), 9, 7, 0x111111 * (i + 3)) for i in range(6)]
    for b in boxes:
        sim.root.append(b)
    for _ in range(30):
        b = rnd.choice(boxes)
        b.x, b.y = rnd.randrange(-5, 158), rnd.randrange(-5, 126)
        b.hidden = rnd.random() < 0.2
        sim.refresh()
        assert sim.rgb() == sim.render_full()


def test_save_file_round_trips(tmp_path):
    path = tmp_path / "nvm.bin"
    plat = simp.SimPlatform(save_path=str(path))
    assert path.stat().st_size == up.SAVE_SIZE
    assert plat.load() == bytes(up.SAVE_SIZE)
    plat.save(100, b"abc")
    plat.save(up.SAVE_SIZE - 1, b"\xff")
    data = plat.load()
    assert len(data) == up.SAVE_SIZE and data[100:103] == b"abc" and data[-1] == 0xFF
    assert path.read_bytes() == data
    with pytest.raises(ValueError):
        plat.save(up.SAVE_SIZE - 1, b"ab")
    with pytest.raises(ValueError):
        plat.save(-1, b"a")
    plat.close()
    again = simp.SimPlatform(save_path=str(path))
    assert again.load() == data
    again.close()


def test_sound_and_lights_are_remembered(sim):
    for name in up.SOUNDS:
        sim.sound(name)
        assert sim.last_sound == name
    with pytest.raises(ValueError):
        sim.sound("boom")
    sim.lights(0x102030)
    assert sim.last_lights == 0x102030
    sim.lights(None)
    assert sim.last_lights is None


def test_display_available_without_a_display(monkeypatch):
    assert simp.display_available()  # dummy driver: headless counts
    if sys.platform.startswith("linux"):
        monkeypatch.delenv("SDL_VIDEODRIVER")
        monkeypatch.delenv("DISPLAY", raising=False)
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        assert simp.display_available() is False
        monkeypatch.setenv("DISPLAY", ":97")  # no X server there: SDL would go "offscreen"
        assert simp.display_available() is False
    assert "SDL_VIDEODRIVER=dummy" in simp.NO_DISPLAY and "\n" not in simp.NO_DISPLAY


def test_ticks_follow_the_injected_clock(sim):
    sim._clock.ms = up.TICKS_PERIOD + 5
    assert sim.ticks_ms() == 5


def test_play_runs_a_scripted_headless_session(tmp_path):
    from ui.gfx import Box

    seen = []

    def app(p):
        marker = Box(0, 0, 8, 8, 0x00FF00)
        p.root.append(marker.grid)
        p.refresh()
        while True:
            k = p.poll()
            if k == up.K_RIGHT:
                marker.grid.x += 8
                p.refresh()
            if k >= 0:
                seen.append((k, p.ticks_ms()))

    shot = tmp_path / "end.png"
    code = simp.play(app, ["RIGHT", "A", "RIGHT"], True, str(tmp_path / "s.bin"), str(shot), 50)
    assert code == 0
    assert seen == [(4, 20), (1, 40), (4, 60)]  # virtual time: 20 ms a poll
    w, h, rgb = simp.read_png(str(shot))
    assert (w, h) == (160, 128)
    assert rgb[(4 * 160 + 16) * 3 : (4 * 160 + 16) * 3 + 3] == b"\x00\xff\x00"
    assert rgb[(4 * 160 + 8) * 3 : (4 * 160 + 8) * 3 + 3] == b"\x00\x00\x00"
