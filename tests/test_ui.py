"""Driving the handheld game like a player, on the headless simulator: keys in, state and
pixels checked."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine import st1  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from tests.helpers import build  # noqa: E402
from ui import app as A  # noqa: E402
from ui.board import HAND_Y  # noqa: E402
from ui.gfx import C_CLAN, PALETTE  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP  # noqa: E402


def first_legal_chooser(settings):
    return lambda view, rng, seat, tick: view.legal_moves()[0]


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def press(app, *keys):
    for k in keys:
        app.key(k)


def settings_via_menu(app, opponent, claims_manual=False, timing=0):
    """From the title: Settings, set rules/opponent/claims by keys, back to the title."""
    to_row(app, 2)  # Settings
    press(app, K_A)
    assert app.mode == A.SETTINGS
    for _ in range(timing):
        press(app, K_RIGHT)
    press(app, K_DOWN)
    cur = app.pages.settings_menu.choice(1)
    for _ in range((opponent - cur) % 5):
        press(app, K_RIGHT)
    press(app, K_DOWN, K_DOWN)
    if claims_manual:
        press(app, K_RIGHT)
    press(app, K_B)
    assert app.mode == A.TITLE and app.settings.opponent == opponent


def to_row(app, row):
    """Move the title menu's marker down to `row` by keys."""
    for _ in range(8):
        if app.pages.title_menu.index == row:
            return
        press(app, K_DOWN)
    pytest.fail("the marker never reached row %d" % row)


def new_game(app):
    to_row(app, 1)
    press(app, K_A)
    assert app.session is not None


CLAN_RGB = [tuple((PALETTE[C_CLAN + i] >> s) & 255 for s in (16, 8, 0)) for i in range(6)]


def hand_area_is_blank(p):
    """No card face in the hand row: not one pixel of a clan colour (RGB565: loosely)."""
    import numpy as np

    img = np.frombuffer(p.rgb(), dtype=np.uint8).reshape(128, 160, 3).astype(int)
    area = img[HAND_Y : HAND_Y + 30, 2:134]
    for rgb in CLAN_RGB:
        if (np.abs(area - np.array(rgb)).max(axis=2) <= 8).any():
            return False
    return True


def play_round_by_keys(app, p, check=None):
    """Play the human side by keys (first card, first open stone; in a claim step, A on the
    stone the cursor starts on if it is claimable, else B) and let the AI move, until the
    round ends."""
    for _ in range(400):
        if app.mode == A.ROUND_END:
            return
        if app.mode == A.HANDOVER:
            p.refresh()
            if check:
                check(app, p)
            press(app, K_A)
        elif app.ai_pending():
            app.ai_turn()
        elif app.session.state.phase == st1.PH_CLAIM:
            st = app.session.state
            press(app, K_A if app.stone_i in st.claimable() else K_B)
        else:
            press(app, K_A, K_A)
    pytest.fail("the round did not end")


def test_whole_game_against_the_ai_through_the_menus(plat):
    app = A.App(plat, seed=5)
    settings_via_menu(app, opponent=0)
    new_game(app)
    assert app.mode == A.BOARD and app.session.humans == (True, False)
    play_round_by_keys(app, plat)
    st = app.result[0]
    assert st.phase == st1.PH_OVER and st.winner in (0, 1)
    assert app.stats.wins(0) + app.stats.losses(0) == 1
    press(app, K_A)
    assert app.mode == A.TITLE and app.session is None


def test_whole_pass_and_play_game_never_shows_a_hand_at_handover(plat):
    app = A.App(plat, seed=9, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=3)
    new_game(app)
    assert app.mode == A.HANDOVER
    seen = []

    def check(app, p):
        assert hand_area_is_blank(p), "a hand is visible at the hand-over"
        seen.append(1)

    play_round_by_keys(app, plat, check)
    assert len(seen) > 20  # one hand-over per turn


def test_hand_is_visible_after_taking_the_handheld(plat):
    app = A.App(plat, seed=9, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=3)
    new_game(app)
    plat.refresh()
    assert hand_area_is_blank(plat)
    press(app, K_A)
    plat.refresh()
    assert not hand_area_is_blank(plat)
    press(app, K_A, K_A)  # player 1 plays: the hand-over hides everything again
    plat.refresh()
    assert app.mode == A.HANDOVER and hand_area_is_blank(plat)


def test_failed_manual_claim_shows_the_counterexample(plat):
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=3, claims_manual=True)
    new_game(app)
    press(app, K_A)
    s = app.session
    s.state = build({2: ("R1 R2 R3", "G8 G9")}, hand1="B1 B2", hand2="P1", phase=st1.PH_CLAIM)
    app.redraw()
    moves = len(s.rec.moves)
    press(app, K_A)
    assert app.board.msg.text == "They could add G7"
    assert s.state.owner[1] == 0 and len(s.rec.moves) == moves
    assert plat.last_sound == "error"
    # The marked stone: none is claimable, so no claim marker is shown.
    press(app, K_B)  # end the claim step: player 2's turn, hand-over
    assert app.mode == A.HANDOVER and s.state.to_move == 1


def test_a_hint_without_memory_says_so(plat):
    def chooser_for(settings):
        def choose(view, rng, seat, tick):
            if seat < 0:
                raise MemoryError
            return view.legal_moves()[0]

        return choose

    app = A.App(plat, seed=11, chooser_for=chooser_for)
    new_game(app)
    moves = list(app.session.rec.moves)
    press(app, K_SELECT)
    assert app.mode == A.BOARD and app.board.msg.text == "No memory for a hint now"
    assert app.session.rec.moves == moves and app.sel == 0


def test_undo_and_hint_against_the_ai(plat):
    app = A.App(plat, seed=11)
    settings_via_menu(app, opponent=0)
    new_game(app)
    s = app.session
    hand = sorted(s.state.hand_of(0))
    press(app, K_SELECT)
    assert app.board.msg.text.startswith("Hint: ")
    assert app.sel == 1  # the cursor went to the suggested card and stone
    press(app, K_A)  # play the hint
    assert len(s.state.hand_of(0)) == 5 or s.state.to_move == 1
    app.ai_turn()
    assert s.human_to_move()
    press(app, K_START)
    assert app.mode == A.PAUSE
    press(app, K_DOWN, K_A)  # Undo
    assert app.mode == A.BOARD and app.board.msg.text == "Undone"
    assert sorted(s.state.hand_of(0)) == hand and s.rec.moves == []


def test_resume_after_power_off(plat, tmp_path):
    app = A.App(plat, seed=21, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    moves = list(app.session.rec.moves)
    plat.close()
    p2 = SimPlatform(str(tmp_path / "save.bin"), headless=True)
    try:
        app2 = A.App(p2, seed=99, chooser_for=first_legal_chooser)
        # Saved after the human's turn; the AI's reply is recomputed, the same.
        assert app2.mode == A.BOARD and app2.session.rec.moves == moves[: len(app2.session.rec.moves)]
        assert app2.ai_pending() and app2.ai_turn()
        assert app2.session.rec.moves == moves
    finally:
        p2.close()


def _human_turn(app):
    """Play the human's turn by keys (the card under the cursor, on the stone offered)."""
    st = app.session.state
    turn = st.turn
    for _ in range(20):
        if app.mode != A.BOARD or app.session.state.turn != turn or app.session.round_over():
            return
        press(app, K_B if app.session.state.phase == st1.PH_CLAIM else K_A)
    pytest.fail("the human's turn did not end")


def test_one_flash_erase_per_human_turn_and_a_resume_recomputes_the_ai(tmp_path):
    """Each save erases the board's 8 KB nvm block: one per human turn and one per round end
    (plus the new game's), never one for the AI's reply, which a resume plays again exactly."""
    path = str(tmp_path / "save.bin")
    writes = []

    def counting(p):
        real = p.save
        p.save = lambda off, data: (writes.append(off), real(off, data))[1]
        return p

    p = counting(SimPlatform(path, headless=True, step_ms=20))
    app = A.App(p, seed=5)  # the real AI
    settings_via_menu(app, opponent=1)
    start = len(writes)
    new_game(app)
    turns = 0
    while app.mode != A.ROUND_END:
        if app.ai_pending():
            n = len(writes)
            app.ai_turn()
            assert len(writes) == n or app.mode == A.ROUND_END  # no save for the AI's reply
            continue
        _human_turn(app)
        turns += 1
        if turns == 6 and app.ai_pending():  # power cut before the AI's reply is shown
            app.ai_turn()
            moves = list(app.session.rec.moves)
            p.close()
            p = counting(SimPlatform(path, headless=True, step_ms=20))
            app = A.App(p, seed=77)
            assert app.mode == A.BOARD and app.ai_pending()
            app.ai_turn()
            assert app.session.rec.moves == moves
    p.close()
    # new game + one per human turn (the last may end the round: then its save is the round's)
    assert len(writes) - start <= 1 + turns + 1 and turns >= 8, (len(writes) - start, turns)


def test_card_tracker_and_help(plat):
    app = A.App(plat, seed=4, chooser_for=first_legal_chooser)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    press(app, K_START, K_DOWN, K_DOWN, K_A)
    assert app.mode == A.TRACKER
    view = app.session.state.view(0)
    unseen = view.unseen(0)
    assert app.pages.tracker_note.text.startswith("%d unseen" % sum(unseen))
    assert sum(unseen) == 54 - 2 - 6  # two cards on the table, six in my hand
    for c in range(54):
        assert app.pages.grid.cards[c] == (c if unseen[c] else 255)
    press(app, K_B)
    assert app.mode == A.BOARD
    press(app, K_START, K_DOWN, K_DOWN, K_DOWN, K_A)
    assert app.mode == A.TEXT
    press(app, K_RIGHT)
    assert app.help_page == 1
    press(app, K_LEFT, K_B)
    assert app.mode == A.BOARD


# -- settings, end of round and match, pass-and-play at the end -------------------------------


def test_clear_data_asks_first(plat):
    app = A.App(plat, seed=2, chooser_for=first_legal_chooser)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    app.stats.record(0, 0, 0, 1, True)
    press(app, K_START, K_UP, K_A)  # pause, Quit to title
    to_row(app, 2)
    press(app, K_A)
    app.pages.settings_menu.select(6)
    press(app, K_A)
    assert app.mode == A.CONFIRM and app.pages.text_lines[0] == "CLEAR ALL DATA?"
    press(app, K_B)
    assert app.mode == A.SETTINGS and app.session is not None and app.stats.wins() == 1
    press(app, K_A, K_A)
    assert app.mode == A.SETTINGS and app.session is None and app.stats.wins() == 0
    assert app.pages.settings_note.text == "Statistics and game cleared"


def test_a_match_of_three_rounds_shows_each_round_and_the_match(plat):
    app = A.App(plat, seed=6, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=1)
    app.settings.rounds = 3
    new_game(app)
    seen = []
    for _ in range(3):
        play_round_by_keys(app, plat)
        lines = [t.text for t in app.board.panel.lines]
        assert not app.board.panel.group.hidden
        seen.append(lines[0])
        assert "You" in lines[1] or "AI" in lines[1]
        press(app, K_A)
    assert seen[:2] == ["ROUND 1 OF 3", "ROUND 2 OF 3"] and seen[2].startswith("MATCH OVER: You ")
    assert app.mode == A.TITLE and app.session is None


def test_pass_and_play_round_end_shows_no_hand(plat):
    app = A.App(plat, seed=9, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=3)
    new_game(app)
    play_round_by_keys(app, plat)
    plat.refresh()
    assert app.board.panel.lines[0].text == "GAME OVER"
    assert hand_area_is_blank(plat) and all(c == 255 for c in app.board.hand.cards)


def test_settings_during_a_game(plat):
    app = A.App(plat, seed=5, chooser_for=first_legal_chooser)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    s = app.session
    press(app, K_START, K_UP, K_A)  # Quit to title
    to_row(app, 2)
    press(app, K_A, K_DOWN, K_DOWN, K_DOWN, K_RIGHT)  # Claims: Manual
    assert app.pages.settings_note.text == "A < >: change   B: back"
    press(app, K_B)
    assert app.session is s and s.settings.auto_claims == 0  # applies to the game at once
    to_row(app, 2)
    press(app, K_A, K_DOWN, K_RIGHT)  # Opponent: another one
    assert app.pages.settings_note.text == "This ends the current game"
    press(app, K_B)
    assert app.session is None and app.pages.title_menu.grey[0]


def test_the_menus_code_is_loaded_only_while_a_menu_shows(plat):
    """Import per screen: the table runs without ui.menus, ui.pages and ui.widgets in memory."""
    import sys

    app = A.App(plat, seed=8, chooser_for=first_legal_chooser)
    assert app.pages is not None and "ui.menus" in sys.modules
    new_game(app)
    gone = ("ui.menus", "ui.pages", "ui.widgets")
    assert app.mode == A.BOARD and app.pages is None and not any(m in sys.modules for m in gone)
    press(app, K_START)
    assert app.mode == A.PAUSE and app.pages.pause_menu.index == 0 and "ui.menus" in sys.modules
    press(app, K_A)  # Resume
    assert app.mode == A.BOARD and app.pages is None and not any(m in sys.modules for m in gone)
    assert len(plat.root[0]) == 1  # only the table's group is left under the app's root


# -- saves of other versions (issue 11 item 3) --------------------------------------------------


def save_area(path, mem):
    with open(path, "wb") as f:
        f.write(bytes(mem))


def test_the_save_of_commit_c0c3d8b_resumes_exactly(tmp_path):
    """The save area written by the game before issue 11 (tests/save_v1.py: store format 1,
    settings and game of version 1) resumes the same match at the same move; the next save
    is of the new formats and resumes the same again."""
    from engine.notation import position_text
    from tests import save_v1

    path = str(tmp_path / "save.bin")
    save_area(path, save_v1.area())
    for _ in range(2):
        p = SimPlatform(path, headless=True, step_ms=20)
        try:
            app = A.App(p, seed=99, chooser_for=first_legal_chooser)
            t = app.settings
            assert (t.timing, t.opponent, t.rounds, t.auto_claims, t.sound, t.first) == (1, 0, 3, 0, 1, 1)
            assert (t.game, t.variant, t.role, t.kind) == (1, 0, 0, 0)
            s = app.session
            assert app.mode == A.BOARD and s.rec.moves == save_v1.MOVES
            assert (s.match.played, s.match.scores) == (save_v1.PLAYED, save_v1.SCORES)
            assert position_text(s.state) == save_v1.POSITION
            assert app.stats.losses(0, -1, 0, 0) == 1 and app.stats.wins() == 0
            app.save()  # as the next human turn would: now format 2 with a version-2 game
        finally:
            p.close()
        with open(path, "rb") as f:
            mem = f.read()
        assert mem[4096 + 4] == 2 and mem[4096 + 16 + 1] == 2  # the new slot: format 2, settings v2
    # and the match goes on to its end
    p = SimPlatform(path, headless=True, step_ms=20)
    try:
        app = A.App(p, seed=99, chooser_for=first_legal_chooser)
        for _ in range(3):
            play_round_by_keys(app, p)
            press(app, K_A)
            if app.mode == A.TITLE:
                break
        assert app.mode == A.TITLE and app.stats.wins() + app.stats.losses() >= 2
    finally:
        p.close()


def _with_game(path, game, settings=None):
    """A save area holding the default settings (or `settings`), empty statistics and `game`."""
    from ui.session import Settings
    from ui.store import Stats, Store

    class Area:
        mem = bytearray(b"\xff" * 8192)

        def load(self):
            return bytes(self.mem)

        def save(self, off, data):
            self.mem[off : off + len(data)] = data

    a = Area()
    st = Stats()
    st.record(0, 0, 0, 2, True)
    Store(a).save((settings or Settings(opponent=2)).pack(), st, game)
    save_area(path, a.mem)


def test_a_game_saved_by_a_newer_version_is_refused_and_kept(tmp_path):
    """The title says so; the settings and the statistics load; the game's bytes are saved
    again as they are (a settings change does not lose them) until a new game replaces them."""
    from ui.session import MSG_NEWER
    from ui.store import Store

    path = str(tmp_path / "save.bin")
    future = bytes((9, 1, 0, 0, 0)) + b"a game of a later version"
    _with_game(path, future)
    p = SimPlatform(path, headless=True, step_ms=20)
    try:
        app = A.App(p, seed=3, chooser_for=first_legal_chooser)
        assert app.mode == A.TITLE and app.session is None
        assert app.pages.title_note.text == MSG_NEWER and app.pages.title_menu.grey[0]
        assert app.settings.opponent == 2 and app.stats.wins(0, 0, 0, 2) == 1
        settings_via_menu(app, opponent=1)  # a settings change saves
        assert Store(p).load()[2] == future
        new_game(app)
        assert app.kept is None and Store(p).load()[2] == app.session.pack()
    finally:
        p.close()


@pytest.mark.parametrize(
    "game",
    [
        b"\x02",
        b"\x02\x01\x00\x00\x00\x00",
        b"\x00junk",
        b"\x02\x02\x00\x00\x00" + bytes(20),
        b"\x01" + bytes(40),
    ],
)
def test_a_corrupt_saved_game_is_refused_and_nothing_else_is_lost(tmp_path, game):
    from ui.session import MSG_REFUSED

    path = str(tmp_path / "save.bin")
    _with_game(path, game)
    p = SimPlatform(path, headless=True, step_ms=20)
    try:
        app = A.App(p, seed=3, chooser_for=first_legal_chooser)
        assert app.mode == A.TITLE and app.session is None and app.kept == game
        assert app.pages.title_note.text == MSG_REFUSED
        assert app.settings.opponent == 2 and app.stats.wins() == 1
    finally:
        p.close()


def test_a_match_counts_in_the_statistics(plat):
    """A match of several rounds is counted once in the match cells (and each round as a game),
    and the statistics page shows it."""
    app = A.App(plat, seed=6, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=1)
    app.settings.rounds = 3
    new_game(app)
    for _ in range(3):
        play_round_by_keys(app, plat)
        press(app, K_A)
    won = app.stats.matches(True, 0, 0, 1)
    assert won + app.stats.matches(False, 0, 0, 1) == 1 and app.stats.wins() + app.stats.losses() == 3
    to_row(app, 4)
    press(app, K_A)
    assert "Matches: %d won %d lost" % (won, 1 - won) in app.pages.text_lines


def test_code_that_a_game_does_not_need_is_not_in_ram_during_it(plat):
    """Import per screen (docs/BENCHMARKS.md, Memory): the save's reading code goes after the
    start; the title's and settings' code is not loaded by the pause menu or the help pages;
    the end-of-round panel's code only while the panel shows; the AI's code goes when a match
    ends; the game object, the State's code and the picker when the title shows with no game
    to continue; a pass-and-play game never loads the AI."""
    import sys

    game_code = (
        "engine.games",
        "engine.match",
        "engine.st1",
        "engine.st1.game",
        "engine.st1.state",
        "ui.pick",
    )

    def gone(name):  # out of sys.modules and off its package: its code can be freed
        pkg, _, n = name.rpartition(".")
        mod = sys.modules.get(pkg)
        return name not in sys.modules and (mod is None or n not in vars(mod))

    app = A.App(plat, seed=8)
    assert "ui.resume" not in sys.modules and "ui.title" in sys.modules  # the title is on
    assert not [m for m in game_code if m in sys.modules]  # nothing to continue: no game code
    settings_via_menu(app, opponent=0)
    new_game(app)
    assert "ui.title" not in sys.modules and "ui.panel" not in sys.modules
    press(app, K_A, K_A)
    app.ai_turn()
    assert "engine.ai" in sys.modules
    press(app, K_START, K_DOWN, K_DOWN, K_DOWN, K_A)  # pause, How to play
    assert app.mode == A.TEXT and "ui.menus" in sys.modules and "ui.title" not in sys.modules
    press(app, K_B)
    play_round_by_keys(app, plat)
    assert "ui.panel" in sys.modules and gone("engine.ai")  # the match is over: all the AI's
    assert not [m for m in sys.modules if m.startswith("engine.ai.")]  # modules (odds included)
    press(app, K_A)
    assert app.mode == A.TITLE and gone("ui.panel")
    assert all(gone(m) for m in game_code) and app.g is None and app.result is None
    settings_via_menu(app, opponent=3)
    new_game(app)
    for _ in range(8):  # hand-overs and plays of both players
        press(app, K_A, K_A, K_A)
    assert app.session.state.turn >= 6 and "engine.ai" not in sys.modules
    assert all(m in sys.modules for m in game_code)
    if app.mode == A.HANDOVER:
        press(app, K_A)
    turn, moves = app.session.state.turn, list(app.session.rec.moves)
    press(app, K_START, K_UP, K_A)  # pause, Quit to title: Continue needs the game's code
    assert app.mode == A.TITLE and all(m in sys.modules for m in game_code)
    to_row(app, 0)
    press(app, K_A)  # Continue: the same game, played on
    assert app.mode in (A.BOARD, A.HANDOVER) and app.session.state.turn == turn
    assert app.session.rec.moves == moves
    press(app, K_A, K_A, K_A, K_A)
    assert len(app.session.rec.moves) > len(moves)


def test_undo_with_a_card_taken_starts_the_turn_afresh(plat):
    from ui.pick import CARD, NO, option

    app = A.App(plat, seed=11, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    press(app, K_RIGHT, K_A)  # a card taken: choosing its stone
    assert app.sel == 1 and app.chosen[CARD] != NO
    press(app, K_START, K_DOWN, K_A)  # pause, Undo
    assert app.board.msg.text == "Undone" and app.sel == 0 and app.chosen[CARD] == NO
    hand = sorted(app.session.state.hand_of(0))
    assert app.opts == [option(CARD, c) for c in hand] and app.board.hand_cursor.grid.hidden is False
