"""The simulator around the game (issue 12, items 8 to 10): the NeoPixels beside the screen,
sounds through pygame, an idle loop that sleeps, where screenshots and game records go, and
what a headless run prints."""

import os
import re
import subprocess
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from engine import st1  # noqa: E402
from engine.cards import name  # noqa: E402
from engine.record_text import replay_text  # noqa: E402
from sim import platform as simp  # noqa: E402
from sim.records import Recorder  # noqa: E402
from sim.run import summary  # noqa: E402
from tests.mp_util import ROOT  # noqa: E402
from tests.test_ui import first_legal_chooser, new_game, play_round_by_keys, press, settings_via_menu  # noqa: E402
from ui import app as A  # noqa: E402
from ui.platform import K_A  # noqa: E402

GREEN = (0, 255, 0)  # the strip shows a lit pixel's hue at full brightness
OFF = (40, 40, 40)


def light_centres(y0, width=160, height=simp.STRIP):
    return [(width * (2 * i + 1) // 10, y0 + height // 2) for i in range(5)]


@pytest.fixture
def plat(tmp_path):
    p = simp.SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def test_the_window_shows_the_five_neopixels_under_the_screen(plat):
    win = plat.display._window  # headless, the window is drawn at scale 1
    assert win.get_size() == (160, 128 + simp.STRIP)
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    new_game(app)  # player 1's turn: the game lights the pixels green (ui.play.TURN_LIGHTS)
    assert plat.last_lights == 0x001800
    assert [tuple(win.get_at(c))[:3] for c in light_centres(128)] == [GREEN] * 5
    plat.lights(None)
    assert [tuple(win.get_at(c))[:3] for c in light_centres(128)] == [OFF] * 5
    plat.lights((0x30, 0x20, 0))
    assert tuple(win.get_at(light_centres(128)[2]))[:3] == (255, 170, 0)


def test_screenshots_show_the_lights_only_when_asked(plat, tmp_path):
    plat.lights(0x000018)
    plat.refresh()
    w, h, _ = simp.read_png(plat.screenshot(str(tmp_path / "plain.png")))
    assert (w, h) == (160, 128)
    w, h, rgb = simp.read_png(plat.screenshot(str(tmp_path / "lit.png"), lights=True))
    assert (w, h) == (160, 128 + simp.STRIP)
    for x, y in light_centres(128):
        i = (y * 160 + x) * 3
        assert tuple(rgb[i : i + 3]) == (0, 0, 255)


def test_sounds_play_through_pygame_when_a_sound_device_opens(tmp_path, monkeypatch):
    """SDL's "disk" audio driver stands for a sound card: what the mixer plays lands in a file."""
    import numpy as np

    out = tmp_path / "audio.raw"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(out))
    p = simp.SimPlatform(str(tmp_path / "save.bin"), headless=True, sound=True)
    try:
        assert p.audio.mixer is not None
        p.sound("win")
        end = time.monotonic() + 10
        while p.audio.mixer.get_busy() and time.monotonic() < end:  # the tune is 470 ms
            time.sleep(0.05)
        time.sleep(0.2)  # the driver writes the last buffer out
    finally:
        p.close()
    a = np.fromfile(str(out), dtype=np.int16)
    want = sum(ms for _, ms in simp.load_tunes()["win"]) * 22050 // 1000
    assert abs(int((a != 0).sum()) - want) < 600  # the square wave (give or take a buffer), silence around
    assert set(np.unique(a)) <= {-6000, 0, 6000}


def test_no_sound_device_is_no_error(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    p = simp.SimPlatform(str(tmp_path / "save.bin"), headless=True, sound=True)
    try:
        assert p.audio.mixer is None
        for name in ("move", "play", "claim", "win", "lose", "error"):
            p.sound(name)
            assert p.last_sound == name
    finally:
        p.close()


def test_the_tunes_are_the_devices():
    tunes = simp.load_tunes()
    assert set(tunes) == {"move", "play", "claim", "win", "lose", "error"}
    assert tunes["win"][0] == (523, 90)


def test_an_idle_game_sleeps(tmp_path):
    """On the title screen with the real clock, the game's loop (App.run) waits for keys: a
    second of it costs little CPU (it took 65-90 % of a core)."""
    p = simp.SimPlatform(str(tmp_path / "save.bin"), headless=True)
    app = A.App(p, seed=1)
    end = time.monotonic() + 1.0
    poll = p.poll

    def poll_for_a_second():
        if time.monotonic() > end:
            raise SystemExit(0)
        return poll()

    p.poll = poll_for_a_second
    cpu = time.thread_time()
    try:
        with pytest.raises(SystemExit):
            app.run()
    finally:
        p.close()
    assert time.thread_time() - cpu < 0.2


def test_f12_writes_into_the_screenshots_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = simp.SimPlatform("save.bin", headless=True)
    try:
        pg = p._pygame
        for _ in range(2):
            pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_F12))
            p.poll()
    finally:
        p.close()
    assert sorted(os.listdir(tmp_path / "shots")) == ["screenshot-001.png", "screenshot-002.png"]
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".png")]
    w, h, _ = simp.read_png(str(tmp_path / "shots" / "screenshot-001.png"))
    assert (w, h) == (160, 128)


def test_each_finished_game_is_written_as_a_record_that_replays(plat, tmp_path, capsys):
    """A match of three rounds by keys: one record file per round, written when it ends,
    which `python -m sim replay` reads back; an unfinished game writes none."""
    app = A.App(plat, seed=6, chooser_for=first_legal_chooser)
    folder = tmp_path / "games"
    plat.recorder = Recorder(app, str(folder))
    settings_via_menu(app, opponent=1)
    app.settings.rounds = 3
    new_game(app)
    finals = []
    for n in range(3):
        play_round_by_keys(app, plat)
        finals.append(app.result[0])
        files = [os.path.basename(f) for f in plat.recorder.written]
        assert sorted(os.listdir(folder)) == sorted(files) and len(files) == n + 1
        press(app, K_A)
    assert app.mode == A.TITLE
    out = capsys.readouterr().out
    for n, f in enumerate(files):
        assert "game record: %s" % (folder / f) in out
        text = (folder / f).read_text()
        assert "# player 1: you, player 2: AI Medium\n" in text
        assert "# round %d of 3 (match seed 6)\n" % (n + 1) in text
        rec, st = replay_text(text)
        assert st.phase == st1.PH_OVER and bytes(st.board) == bytes(finals[n].board)
        assert text.rstrip().endswith("result %d" % (st.winner + 1))
    lines = summary(app, plat.recorder).splitlines()
    for n in range(3):
        assert lines[n].startswith("game %d over: player %d wins" % (n + 1, finals[n].winner + 1))
    r = subprocess.run(
        [sys.executable, "-m", "sim", "replay", str(folder / files[0])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0 and "result: player %d wins" % (finals[0].winner + 1) in r.stdout
    new_game(app)  # a game left unfinished: no record
    press(app, K_A, K_A)
    plat.close()
    assert len(os.listdir(folder)) == 3


def _headless(args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, "-m", "sim", "--headless"] + args,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    return r.stdout


def test_headless_prints_what_the_player_sees_and_clears_old_shots(tmp_path):
    """Issue 12, item 9: no AI hand and no deck order in the output; old NNNN.png gone (other
    files kept); --lights puts the NeoPixels in the shots."""
    from ui.session import Session, Settings
    from ui.store import Store

    shots = tmp_path / "shots"
    shots.mkdir()
    (shots / "0099.png").write_bytes(b"old")
    (shots / "mine.png").write_bytes(b"keep")
    save = tmp_path / "save.bin"
    out = _headless(["--keys", "A,A,A,WAIT", "--shots", str(shots), "--lights", "--save", str(save)])
    assert sorted(os.listdir(shots)) == ["0001.png", "0002.png", "0003.png", "0004.png", "mine.png"]
    w, h, _ = simp.read_png(str(shots / "0004.png"))
    assert (w, h) == (160, 128 + simp.STRIP)
    # the game in progress, from the save: what the output may and may not show
    p = simp.SimPlatform(str(save), headless=True)
    try:
        settings, _, game, _ = Store(p).load()
        st = Session.unpack(game, Settings.unpack(settings)).state
    finally:
        p.close()
    # saved before the AI's turn: of its hand and the deck, only the card it played shows
    hidden = {name(c) for c in st.hand_of(1) + list(st.deck[: st.ndeck])}
    # the words that can be cards: not the row labels P1, P2, nor the line of stones held
    rows = [line[3:] if line[:3] in ("P1 ", "P2 ") else line for line in out.splitlines()]
    rows = [line for line in rows if not line.startswith("deck ")]
    shown = set(" ".join(rows).split()) & hidden
    assert len(shown) == 1 and shown <= set(" ".join(rows[:3]).split())
    mine = " ".join(name(c) for c in sorted(st.hand_of(0)))
    assert "your hand: %s\n" % mine in out
    assert out.rstrip().endswith("player 1 to move (to play)")
    assert "h2=" not in out and "d=" not in out


def test_headless_prints_a_finished_game_and_writes_its_record(tmp_path):
    """Issue 12, items 9 and 10: a game played to its end against Medium by keys prints its
    result and the record's path (it printed nothing); the record replays."""
    keys = "A" + ",A,A,WAIT" * 40
    out = _headless(["--keys", keys, "--records", str(tmp_path), "--seed", "1"])
    m = re.search(r"^game 1 over: player (\d) wins, (\d) stones to (\d); record (\S+)$", out, re.M)
    assert m, out
    rec, st = replay_text(open(m.group(4)).read())
    assert st.winner + 1 == int(m.group(1)) and st.stones_of(st.winner) == int(m.group(2))


def test_help_says_what_the_seed_is():
    r = subprocess.run(
        [sys.executable, "-m", "sim", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert "the clock in the window; 1 headless" in " ".join(r.stdout.split())


def test_headless_summary_of_pass_and_play_shows_a_hand_only_when_the_screen_does(plat):
    app = A.App(plat, seed=9, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=3)
    new_game(app)
    rec = Recorder(app, None)
    assert app.mode == A.HANDOVER
    text = summary(app, rec)
    assert "hand:" not in text and text.endswith("player 1 to move (to play)")
    press(app, K_A)  # player 1 takes the handheld
    hand = " ".join(name(c) for c in sorted(app.session.state.hand_of(0)))
    assert "player 1's hand: %s\n" % hand in summary(app, rec)
