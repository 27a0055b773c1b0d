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
from engine.st2 import game as G2  # noqa: E402
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


# Issue 36 item 6: a record's header says what happened in its game. In the second game the
# roles swap from one game of a match to the next (the rulebook's revenge: "two games back to
# back, exchanging roles"; the Attacker takes the first turn), and the App has moved on to the
# next game, its roles swapped, by the time the finished one is written.

_ROLE_LINE = re.compile(r"^# game (\d+): the Attacker: (.+), the Defender: (.+)$", re.M)
_PLAYERS_LINE = re.compile(r"^# player 1 \(the Attacker in game 1\): (.+), player 2: (.+)$", re.M)


def _st2_match(plat, folder, role, kind, opponent, variant="base"):
    """A second-game match to its end: the human's turns by keys, the AI's by a first-legal
    chooser that notes each move it makes as (game, move index). Returns the record files,
    the AI's moves, the session and the end panel's lines."""
    from sim.run import preset
    from tests.test_ui_st2 import play_game_by_keys
    from tests.test_ui_st2 import press as press2
    from ui import pages as P

    ai = set()
    app = None

    def chooser_for(settings):
        def choose(view, rng, seat, tick):
            s = app.session
            ai.add((len(s.games), len(s.rec.moves)))
            return view.legal_moves()[0]

        return choose

    app = A.App(plat, seed=3, chooser_for=chooser_for)
    plat.recorder = Recorder(app, str(folder), out=None)
    app.settings.opponent = opponent
    app.settings.kind = kind
    preset(app, "st2", variant, ("attacker", "defender")[role])
    for _ in range(6):
        if app.pages.title_menu.index == P.T_NEW:
            break
        press2(app, 5)  # Down
    press2(app, K_A)
    s = app.session
    while True:
        play_game_by_keys(app)
        if s.match.over():
            break
        press2(app, K_A)  # the next game, roles swapped
    panel = [ln.text for ln in app.board.panel.lines]
    press2(app, K_A)  # the title
    plat.refresh()
    assert len(plat.recorder.written) == len(s.games)
    return plat.recorder.written, ai, s, panel


def _check_st2_records(files, ai, s, kind, variant=0):
    """Each file: its game's number, the match's mode, the games up to it (the replay's game
    numbers), and the header's role names checked against who made each move."""
    from engine.st2.recordtext import replay_text as replay2

    roles = []
    for n, path in enumerate(files, 1):
        text = open(path).read()
        assert ("tactic variant" in text.splitlines()[0]) == bool(variant)
        assert "\nmode %s\n" % ("single", "revenge")[kind] in text
        heads = _ROLE_LINE.findall(text)
        assert len(heads) == 1 and int(heads[0][0]) == n, text[:300]
        names = heads[0][1:]
        roles.append(names)
        rec, match, st = replay2(text)
        assert rec.mode == kind and len(rec.games) == n  # the games before it, then its own
        assert [[g.seed, g.moves] for g in s.games[:n]] == rec.games
        assert len(match.results) == n and st.phase == G2.PH_OVER
        st = rec.replay(n - 1, 0)
        assert st.to_move == 0  # the Attacker takes the first turn
        for k, m in enumerate(rec.games[n - 1][1]):
            who = names[st.to_move]
            assert ((n, k) in ai) == who.startswith("AI"), (n, k, who)
            st.apply(m)
    return roles


@pytest.mark.parametrize("role", (0, 1))
@pytest.mark.parametrize("kind", (0, 1))
def test_st2_records_name_the_roles_mode_and_game_of_each_game(plat, tmp_path, role, kind):
    """Against the AI, either role first, a single game and a revenge match: the header names
    the side that made each move of the file's game (the player attacked in game 1 of a
    revenge match and the header said "the Attacker: AI Medium"); the mode is the match's
    ("single" was written for a revenge match); game 2's file replays as game 2 ("game 1:")."""
    files, ai, s, panel = _st2_match(plat, tmp_path / "games", role, kind, 1)
    roles = _check_st2_records(files, ai, s, kind)
    for n, names in enumerate(roles):
        assert names == (("you", "AI Medium") if (n + role) & 1 == 0 else ("AI Medium", "you"))
    if not kind:
        assert len(files) == 1
        return
    assert len(files) >= 2
    for path in files:  # record player 1: the Attacker of game 1, whom the match's end names
        first = _PLAYERS_LINE.findall(open(path).read())
        assert first == [roles[0]]
    w = first[0][s.match.winner()]
    assert panel[1] == ("You win the match!" if w == "you" else "AI wins the match!")
    r = subprocess.run(
        [sys.executable, "-m", "sim", "replay", files[1]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    said = re.findall(r"^game (\d+): player (\d) attacks", r.stdout, re.M)
    assert said == [("1", "1"), ("2", "2")], r.stdout


def test_st2_pass_and_play_records_name_p1_and_p2_as_the_end_screen_does(plat, tmp_path):
    """P1 (the settings' role in game 1: here the Defender) attacks in game 2; the record's
    player 1 is the Attacker of game 1, and the match's winner is the one the end screen
    names."""
    files, ai, s, panel = _st2_match(plat, tmp_path / "games", 1, 1, 3)
    assert not ai
    roles = _check_st2_records(files, ai, s, 1)
    assert roles[:2] == [("P2", "P1"), ("P1", "P2")]
    first = _PLAYERS_LINE.findall(open(files[-1]).read())
    assert first == [("P2", "P1")]
    assert panel[1] == "%s wins the match!" % first[0][s.match.winner()]


def test_st2_demo_records_name_the_ai_each_role_has(plat, tmp_path, monkeypatch):
    """The AI demo (the tactic variant): Hard attacks and Medium defends in every game, as
    ui.app.default_chooser gives the levels; the header says the variant."""
    import types

    import engine
    from ui.session import OPP_DEMO

    files, ai, s, _ = _st2_match(plat, tmp_path / "games", 0, 1, OPP_DEMO, "tactic")
    roles = _check_st2_records(files, ai, s, 1, variant=1)
    assert roles == [("AI Hard", "AI Medium")] * len(files)
    assert not _PLAYERS_LINE.findall(open(files[-1]).read())  # the demo's AIs keep their roles
    levels = []
    fake = types.SimpleNamespace(HARD=2, MEDIUM=1, stats=None)
    fake.entry = lambda view, lv: (levels.append(lv), (lambda *a: 0, None))[1]
    monkeypatch.setitem(sys.modules, "engine.ai", fake)
    monkeypatch.delattr(engine, "ai", raising=False)
    choose = A.default_chooser(s.settings)
    for seat in (0, 1):
        choose(None, None, seat, None)
    assert levels == [2, 1]  # the Attacker (seat 0) Hard, the Defender Medium


def test_st1_tactic_records_name_the_variant_and_each_round(plat, tmp_path):
    """The first game's tactic variant, an AI demo match of two rounds: each file its round's
    number and the variant; player 1 is seat 0, the AI Hard of ui.app.default_chooser."""
    from engine.record_text import game_of
    from engine.st1.recordtext import replay_text as replay1
    from ui.session import _round_seed

    app = A.App(plat, seed=5, chooser_for=first_legal_chooser)
    plat.recorder = Recorder(app, str(tmp_path / "games"), out=None)
    app.settings.variant = 1
    app.settings.opponent = 4  # the AI demo
    app.settings.rounds = 2
    new_game(app)
    for _ in range(2):
        play_round_by_keys(app, plat)
        press(app, K_A)
    assert app.mode == A.TITLE
    plat.refresh()
    assert len(plat.recorder.written) == 2
    for n, path in enumerate(plat.recorder.written, 1):
        text = open(path).read()
        assert text.startswith("# Schotten Totten, tactic variant, played on")
        assert "# player 1: AI Hard, player 2: AI Medium\n" in text
        assert "# round %d of 2 (match seed 5)\n" % n in text
        assert game_of(text) == "st1" and "\nvariant tactic\n" in text
        rec, st = replay1(text)
        assert rec.seed == _round_seed(5, n - 1) and rec.variant == 1
        assert st.phase == st1.PH_OVER
