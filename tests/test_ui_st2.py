"""Schotten Totten 2 on the handheld, driven like a player on the headless simulator (issue 17
items 3-4): whole games against the AI in each role, the revenge match to its end screen, a
retreat, a cauldron, a failed manual declaration with its counter-example, the hand-over in
pass-and-play (pixels: no hand), hint and undo, save and resume, statistics per role."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.st2 import game as G  # noqa: E402
from engine.st2.cards import NSIEGE  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from sim.run import preset  # noqa: E402
from ui import app as A  # noqa: E402
from ui import pages as P  # noqa: E402
from ui import session as S  # noqa: E402
from ui.st2 import ending  # noqa: E402
from ui.st2.play import ROLES  # noqa: E402

S_GAME = P.S_CLEAR + 1  # the Game row
from ui.gfx import C_CLAN, CHARS, PALETTE  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP  # noqa: E402


def first_legal_chooser(settings):
    return lambda view, rng, seat, tick: view.legal_moves()[0]


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def press(app, *keys):
    """Press keys in order, stopping at the end of a game (the panel waits for its own A)."""
    for i, k in enumerate(keys):
        if i and app.mode == A.ROUND_END:
            return
        app.key(k)
        app.finish_anim()


def start(app, role=0, opponent=S.OPP_EASY, kind=0, auto=1):
    """The settings preset (as python -m sim --game st2 does), then New game by keys."""
    app.settings.opponent = opponent
    app.settings.kind = kind
    app.settings.auto_claims = auto
    preset(app, "st2", "base", ("attacker", "defender")[role])
    for _ in range(6):
        if app.pages.title_menu.index == P.T_NEW:
            break
        press(app, 5)  # Down
    press(app, K_A)
    s = app.session
    assert s is not None and s.g.NAME == "st2" and s.me == role
    return s


def check_state(st):
    """Every card once: in a hand, a deck, on the wall, discarded or (the tactic variant's
    action cards played) kept on its player's side; the 60 siege cards, and the 11 tactic
    cards in the tactic variant (whose players are at most one tactic card apart)."""
    tactic = getattr(st, "VARIANT", 0)
    n = 71 if tactic else NSIEGE
    seen = bytearray(n)
    for p in (0, 1):
        for c in st.hand_of(p):
            seen[c] += 1
        for t in range(7):
            for c in st.cards_at(t, p):
                seen[c] += 1
    for c in st.deck[: st.ndeck]:
        seen[c] += 1
    for c in st.tdeck[: st.ntdeck] if tactic else ():
        seen[c] += 1
    for c in range(n):
        seen[c] += st.loc[c] >= 2  # discarded, or kept on its side
    assert all(x == 1 for x in seen), [c for c in range(n) if seen[c] != 1]
    assert st.damaged() <= 4 and 0 <= st.oil <= 3
    assert not tactic or abs(st.tcount[0] - st.tcount[1]) <= 1


def play_game_by_keys(app, check=None, limit=800):
    """The human's turns by keys (A, A: the first card at the first tile the cursor offers;
    in the declare step A on a declarable tile, else B), the AI's by ai_turn, to the end."""
    for _ in range(limit):
        if app.mode == A.ROUND_END:
            return
        s = app.session
        if app.mode == A.HANDOVER:
            if check:
                check(app)
            press(app, K_A)
        elif app.ai_pending():
            app.ai_turn()
        elif s.state.phase == G.PH_DECLARE:
            press(app, K_A if app.stone_i in G.claimable(s.state) else K_B)
        else:
            n = len(s.rec.moves)
            press(app, K_A, K_A)
            if len(s.rec.moves) == n:  # the cursor was on a tile (oil, declare): to a card
                press(app, K_B, K_RIGHT, K_A, K_A)
        check_state(app.session.state if app.session is not None else s.state)
        if app.board is not None:  # every character the screen writes is one the font has
            texts = [app.board.msg.text] + (
                [ln.text for ln in app.board.panel.lines] if app.board.panel else []
            )
            assert all(ch in CHARS for t in texts for ch in t), texts
    pytest.fail("the game did not end")


@pytest.mark.parametrize("role", (0, 1))
def test_a_whole_game_against_the_ai_in_each_role(plat, role):
    app = A.App(plat, seed=7 + role)
    s = start(app, role)
    assert app.mode == A.BOARD and app.seat() == role
    play_game_by_keys(app)
    st = s.state
    assert st.phase == G.PH_OVER
    lines = [ln.text for ln in app.board.panel.lines]
    assert lines[0] == "GAME OVER" and lines[3] == "A: title"
    won = st.winner == role
    assert lines[1] == "%s as %s" % ("You win" if won else "AI wins", ROLES[st.winner])
    # the statistics per game (1: the second), role and variant
    assert app.stats.wins(1, role, 0, S.OPP_EASY) == won and app.stats.losses(1, role, 0, S.OPP_EASY) == (
        not won
    )
    assert app.stats.wins(0) + app.stats.losses(0) == 0
    assert app.session is None and s.match.over()
    from ui.play import LOSE_LIGHTS, WIN_LIGHTS

    app.finish_anim()  # a declaration that ended the game blinks first
    assert app._lit == (WIN_LIGHTS if won else LOSE_LIGHTS)  # the player's result, either role
    press(app, K_A)
    assert app.mode == A.TITLE
    app.pages.title_menu.select(P.T_STATS)
    press(app, K_A)
    lines = app.pages.text_lines
    assert lines[0] == "STATISTICS: ST2"
    want = [0, 0, 0, 0]
    want[role * 2 + (not won)] = 1
    assert lines[1] == "AI Easy: A %d-%d  D %d-%d" % tuple(want)


def test_the_revenge_match_to_its_end_screen(plat):
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    s = start(app, 0, kind=1)
    games = 0
    while True:
        play_game_by_keys(app)
        games += 1
        lines = [ln.text for ln in app.board.panel.lines]
        m = s.match
        if m.over():
            break
        assert lines[0] in ("GAME %d: SWAP ROLES" % games, "TIED: ANOTHER PAIR")
        press(app, K_A)
        assert app.session is s and s.me == games & 1  # the roles swapped
    assert lines[0] == "MATCH OVER  A: title" and games >= 2
    a, b = m.results[-2], m.results[-1]
    w = m.winner()
    if a[0] == b[0]:
        assert lines[2] == "Won both games"
    elif a[1]:
        assert lines[2] == "Both won as Attacker:"
        assert lines[3] == "%d cards left against %d" % ((a[2], b[2]) if a[0] == w else (b[2], a[2]))
    else:
        assert lines[2] == "Both won as Defender:"
    assert lines[1] == ("You win the match!" if w == 0 else "AI wins the match!")


def test_the_revenge_tie_break_is_explained():
    """ "If both players win as the Attacker, the player who won with more cards left in the
    deck is the ultimate winner." (both as Defender: tiles in good repair plus cauldrons)"""
    from engine.st2.match import REVENGE, Match

    class Ses:
        pass

    s = Ses()
    s.match = Match(REVENGE)
    st = G.new_state(None, 1)
    st.winner = 0
    s.match.results = [(0, True, 12, 7), (1, True, 7, 4)]
    lines = ending.end_lines(s, st, True, ("You", "AI"))
    assert lines == (
        "MATCH OVER  A: title",
        "You win the match!",
        "Both won as Attacker:",
        "12 cards left against 7",
    )
    s.match.results = [(1, False, 0, 5), (0, False, 0, 6)]
    lines = ending.end_lines(s, st, True, ("P1", "P2"))
    assert lines[1:] == ("P1 wins the match!", "Both won as Defender:", "6 tiles+oil against 5")
    s.match.results = [(1, False, 0, 5), (0, False, 0, 5)]
    assert not s.match.over()
    assert ending.end_lines(s, st, False, ("You", "AI"))[0] == "TIED: ANOTHER PAIR"


def _to_attacker_turn_with_cards(app, tiles=2):
    """Play (by keys) until the human Attacker is to play with cards on `tiles` tiles."""
    for _ in range(200):
        s = app.session
        st = s.state
        if app.ai_pending():
            app.ai_turn()
            continue
        if st.phase == G.PH_PLAY and st.to_move == 0 and not st.prep:
            if sum(1 for t in range(7) if st.cnt[t * 2]) >= tiles:
                return st
        if st.phase == G.PH_DECLARE:
            press(app, K_B)
        else:
            press(app, K_A, K_A)
    pytest.fail("no such turn")


def test_a_retreat_by_keys(plat):
    app = A.App(plat, seed=11, chooser_for=first_legal_chooser)
    start(app, 0)
    st = _to_attacker_turn_with_cards(app)
    s = app.session
    mine = [t for t in range(7) if st.cnt[t * 2]]
    press(app, K_LEFT)  # from the first card, wrapping to the end: the one Retreat entry
    assert app.board.msg.text == "Retreat? A: tiles"
    press(app, K_LEFT)  # one more: off the retreat entry (not to the next tile set)
    assert app.board.msg.text != "Retreat? A: tiles"
    press(app, K_RIGHT, K_A)  # back on it, A: the retreat step
    assert app.ret == 0 and app.stone_i == mine[0]
    assert app.board.msg.text == "A: mark  B: back"
    press(app, K_A)  # mark the first tile
    assert app.board.msg.text == "B: retreat %d" % (mine[0] + 1)
    gone = list(st.cards_at(mine[0], 0))
    n = len(s.rec.moves)
    press(app, K_B)
    assert s.rec.moves[n] == G.encode(G.KIND_RETREAT, -1, -1, 1 << mine[0])
    st = s.state
    assert st.cnt[mine[0] * 2] == 0 and all(st.loc[c] == 2 for c in gone)
    assert st.prep == 1 and st.to_move == 0  # the card is still to play
    check_state(st)


def test_left_and_right_over_the_retreat_entry_redraw_once(plat):
    """The retreat's many tile sets are one "Retreat?" entry: each Left or Right on it moves
    the cursor off it in one step and redraws the table once (it redrew twice)."""
    from ui import pick as P

    app = A.App(plat, seed=11, chooser_for=first_legal_chooser)
    start(app, 0)
    _to_attacker_turn_with_cards(app)
    calls = []
    redraw = app.redraw
    app.redraw = lambda note=None: calls.append(note) or redraw(note)
    press(app, K_LEFT)  # from the first card, wrapping to the end: on the Retreat entry
    assert app.cpart == P.EXTRA and len(calls) == 1
    o = app.opts
    last = max(x for x in o if x >> 10 != P.EXTRA)
    del calls[:]
    press(app, K_LEFT)
    assert P.cur(app) == last and len(calls) == 1
    press(app, K_RIGHT)  # onto the entry again
    del calls[:]
    press(app, K_RIGHT)  # off it: to the first option (the first card)
    assert P.cur(app) == o[0] and len(calls) == 1


def test_the_retreats_are_one_option_of_the_picker(plat):
    """The retreat's sets of tiles (up to 127 legal moves in a turn) are one "Retreat?" option:
    the wall's board offers the picker the first only (its step picks the tiles), and every
    other legal move as it is."""
    from ui import pick as P

    app = A.App(plat, seed=11, chooser_for=first_legal_chooser)
    start(app, 0)
    st = _to_attacker_turn_with_cards(app, 3)
    legal = st.legal_moves()
    rets = [m for m in legal if G.kind(m) == G.KIND_RETREAT]
    assert len(rets) >= 7  # three tiles with cards: seven sets
    assert app.board.moves(st) == [m for m in legal if m not in rets[1:]]
    extras = [o for o in P.read(app) if o >> 10 == P.EXTRA]
    assert extras == [P.option(P.EXTRA, G.decode(rets[0])[3])]


def test_a_cauldron_shows_the_card_it_removes(plat):
    """Issue 36 item 3: the cauldron is out of the hand's loop (B from the hand opens its own
    step), the step frames the Attacker's card it would remove and asks before throwing: no
    single press from the hand throws it."""
    app = A.App(plat, seed=13, chooser_for=first_legal_chooser)
    s = start(app, 1)  # the Defender
    for _ in range(60):
        if app.ai_pending():
            app.ai_turn()
        st = s.state
        if st.to_move == 1 and any(st.cnt[t * 2] for t in range(7)):
            break
        press(app, K_A, K_A)
    st = s.state
    n = len(s.rec.moves)
    assert app.board.msg.text.startswith("AI: ")  # the AI's move first (item 2)
    assert all(G.kind(m) != G.KIND_CAULDRON for m in app.board.moves(st))
    assert app.opts and all(o >> 10 == 1 for o in app.opts)  # the hand's loop: cards only
    for k in (K_LEFT, K_RIGHT, K_DOWN, K_UP, K_B):  # no single press from the hand throws oil
        press(app, k)
        assert len(s.rec.moves) == n and st.oil == 3
        press(app, K_B, K_B, K_B)  # back to the hand
    press(app, K_RIGHT)
    assert app.board.msg.text == "Your turn. B: oil"
    press(app, K_B)
    t = app.stone_i
    first = st.board[t * 8]  # the Attacker's card closest to the tile
    assert app.oil == 0 and st.cnt[t * 2]
    assert app.board.msg.text == "Oil %d: off %s? A" % (t + 1, G.move_text(first * 7 + t).split("@")[0])
    # the gold frame is round that card (the cursor sprite on the opponent's row next to the tile)
    c = app.board.stone_cursor
    assert not c.grid.hidden and c.grid.x == app.board.x + t * 17 and c.grid.y == 3 * 11
    assert app.board.hand_cursor.grid.hidden
    press(app, K_A)  # asked
    assert app.board.msg.text == "Throw oil on %d? A" % (t + 1) and len(s.rec.moves) == n
    press(app, K_B)  # back to the tile, then back to the hand
    assert app.oil == 0 and len(s.rec.moves) == n
    press(app, K_B)
    assert app.oil == -1 and len(s.rec.moves) == n and not app.board.hand_cursor.grid.hidden
    press(app, K_B, K_A, K_A)
    assert s.rec.moves[n] == G.encode(G.KIND_CAULDRON, -1, t) and s.state.loc[first] == 2
    assert s.state.oil == 2 and app.oil == -1 and s.state.to_move == 1  # the card comes next


def test_a_failed_manual_declaration_shows_the_counter_example(plat):
    for seed in range(1, 60):
        app = A.App(plat, seed=seed, chooser_for=first_legal_chooser)
        s = start(app, 0, auto=0)
        for _ in range(150):
            if app.mode == A.ROUND_END or s.round_over():
                break
            if app.ai_pending():
                app.ai_turn()
                continue
            st = s.state
            if st.phase == G.PH_DECLARE:
                bad = [t for t in range(7) if isinstance(G.claim_check(st, t), list) and G.claim_check(st, t)]
                if bad:
                    t = bad[0]
                    for _ in range(10):
                        if app.stone_i == t and app.cpart == 2:
                            break
                        press(app, K_RIGHT)
                    before = st.copy()
                    n = len(s.rec.moves)
                    press(app, K_A)
                    why = G.claim_check(st, t)
                    names = " ".join(G.move_text(c * 7).split("@")[0] for c in why[:3])
                    mine = any(c in st.hand_of(0) for c in why)
                    assert app.board.msg.text == (("Yours: " if mine else "They add ") + names)[:17]
                    assert len(s.rec.moves) == n and bytes(s.state.board) == bytes(before.board)
                    return
                press(app, K_B)
            else:
                press(app, K_A, K_A)
        app = None
    pytest.fail("no failed declaration found")


def _hand_blank(p):
    import numpy as np

    img = np.frombuffer(p.rgb(), dtype=np.uint8).reshape(128, 160, 3).astype(int)
    area = img[113:124, 2:104]
    for i in range(6):
        rgb = tuple((PALETTE[C_CLAN + i] >> s) & 255 for s in (16, 8, 0))
        if (np.abs(area - np.array(rgb)).max(axis=2) <= 8).any():
            return False
    return True


def test_pass_and_play_hands_over_without_a_hand_on_screen(plat):
    app = A.App(plat, seed=17, chooser_for=first_legal_chooser)
    start(app, 0, opponent=S.OPP_PASS)
    assert app.mode == A.HANDOVER
    seen = []

    def check(app):
        plat.refresh()
        assert _hand_blank(plat)
        lines = [ln.text for ln in app.board.panel.lines]
        who = ROLES[app.session.state.to_move]
        assert lines[0] == who.upper() + "'S TURN" and lines[3] == who + ": press A"
        seen.append(who)

    check(app)
    press(app, K_A)
    plat.refresh()
    assert not _hand_blank(plat)  # the Attacker's hand, once they hold the handheld
    play_game_by_keys(app, check)
    assert "Defender" in seen and "Attacker" in seen


def test_hint_undo_save_and_resume(tmp_path):
    path = str(tmp_path / "save.bin")
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed=19)  # the real AI (Easy), hints at Hard
    s = start(app, 1)
    for _ in range(3):
        app.ai_turn()
        press(app, K_A, K_A)
    app.ai_turn()
    st = s.state
    assert st.to_move == 1 and s.human_to_move()
    press(app, K_SELECT)
    assert app.board.msg.text.startswith("Hint: ")
    moves = list(s.rec.moves)
    press(app, K_B, K_B)
    press(app, K_A, K_A)
    assert len(s.rec.moves) > len(moves)
    app.ai_turn()
    press(app, K_START)
    assert app.mode == A.PAUSE and app.pages.pause_note.text == "You defend"
    from ui.pages import P_UNDO

    app.pages.pause_menu.select(P_UNDO)
    press(app, K_A)
    assert app.mode == A.BOARD and s.rec.moves == moves
    for _ in range(4):  # a cauldron, then a card: saved when the turn passes
        press(app, K_A, K_A)
        if s.state.to_move == 0:
            break
    saved = list(s.rec.moves)
    p.close()
    p2 = SimPlatform(path, headless=True, step_ms=20)  # power off and on
    app2 = A.App(p2, seed=99)
    s2 = app2.session
    assert s2 is not None and s2.g.NAME == "st2" and s2.me == 1 and s2.rec.moves == saved
    assert bytes(s2.state.board) == bytes(s.state.board) and s2.state.hand == s.state.hand
    assert app2.mode == A.BOARD
    app2.ai_turn()
    assert s2.human_to_move()
    p2.close()


def test_tracker_and_help_pages(plat):
    app = A.App(plat, seed=23, chooser_for=first_legal_chooser)
    s = start(app, 0)
    press(app, K_A, K_A)
    app.ai_turn()
    press(app, K_START)
    from ui.pages import P_HELP, P_TRACKER

    app.pages.pause_menu.select(P_TRACKER)
    press(app, K_A)
    lines = app.pages.text_lines
    v = s.state.view(0)
    unseen = v.unseen()
    for c in v.hand_of(0):
        unseen[c] = 0
    assert lines[0] == "UNSEEN CARDS: %d" % sum(unseen)
    assert lines[1].startswith("R ") and lines[6].startswith("DISCARD")
    for c in range(NSIEGE):  # a card seen is a dash in its colour's line
        v12 = c % 12
        row = lines[1 + c // 12][2:].split(" ")
        digits = row[0]
        shown = digits[v12] != "-" if v12 < 10 else row[v12 - 9] != "--"
        assert shown == bool(unseen[c]), c
    press(app, K_B)
    assert app.mode == A.BOARD
    press(app, K_START)
    app.pages.pause_menu.select(P_HELP)
    press(app, K_A)
    assert app.pages.text_lines[0] == "SCHOTTEN TOTTEN 2"
    press(app, K_RIGHT)
    assert app.pages.text_lines[0] == "A TURN"


def test_each_game_imports_only_its_own_modules(plat):
    """The device imports only the game being played: no module of the first game during a
    second game, and none of the second game's (nor its screens') during a first game."""
    import sys

    from ui.app import _unload

    def loaded(prefixes):
        return [m for m in sys.modules if m.startswith(prefixes)]

    _unload(("engine.st1", "engine.cards", "engine.match", "engine.st2", "ui.st2"))
    app = A.App(plat, seed=29)
    start(app, 1)
    for _ in range(4):
        app.ai_turn()
        press(app, K_A, K_A)
    assert loaded(("engine.st2", "ui.st2"))
    assert loaded(("engine.st1", "engine.cards", "engine.match")) == []
    press(app, K_START)
    app.pages.pause_menu.select(P.P_QUIT)
    press(app, K_A)
    preset(app, "st1", "base")  # ends the second game's match: the title lets go of it
    assert loaded(("engine.st2", "engine.ai")) == []
    _unload(("ui.st2"))
    press(app, K_A)  # New game (the first game)
    assert app.session.g.NAME == "st1"
    for _ in range(3):
        press(app, K_A, K_A)
        app.ai_turn()
    assert loaded(("engine.st2", "ui.st2")) == []


def test_cursor_moves_redraw_at_most_a_tenth_of_the_screen(plat):
    """Issue 17 item 5: a cursor move (hand, tiles, the retreat's tiles) redraws <= 10 % of
    the 160 x 128 frame; the redrawn pixels are the simulator's dirty areas."""
    app = A.App(plat, seed=31, chooser_for=first_legal_chooser)
    s = start(app, 0)
    moves = []
    for turn in range(12):
        if app.ai_pending():
            app.ai_turn()
        if s.state.phase == G.PH_DECLARE:
            press(app, K_B)
            continue
        for k in (K_RIGHT, K_RIGHT, K_LEFT):  # over the hand (and on to the tiles, the retreat)
            app.key(k)
            moves.append(plat.last_refresh_pixels)
        if app.cpart == 1:
            app.key(K_A)  # a card taken: the tile cursor
            for k in (K_RIGHT, K_LEFT):
                app.key(k)
                moves.append(plat.last_refresh_pixels)
            app.key(K_B)
        if turn == 6 and s.state.to_move == 0:  # the retreat step's cursor
            for _ in range(12):
                app.key(K_LEFT)
                if app.board.msg.text.startswith("Retreat"):
                    break
            app.key(K_A)
            for k in (K_RIGHT, K_LEFT):
                app.key(k)
                moves.append(plat.last_refresh_pixels)
            app.key(K_DOWN)
        press(app, K_A, K_A)
    assert len(moves) > 40 and max(moves) <= 160 * 128 // 10, max(moves)
    print(
        "cursor moves: %d, mean %.0f px, max %d px (%.1f %%)"
        % (len(moves), sum(moves) / len(moves), max(moves), 100 * max(moves) / (160 * 128))
    )


def test_an_ai_demo_game_plays_itself_and_counts_nowhere(plat):
    app = A.App(plat, seed=37, chooser_for=first_legal_chooser)
    s = start(app, 0, opponent=S.OPP_DEMO)
    assert s.humans == (False, False)
    for _ in range(400):
        app.finish_anim()  # a declaration blinks first
        if app.mode == A.ROUND_END:
            break
        assert app.ai_pending()
        app.ai_turn()
        check_state(s.state)
    assert app.mode == A.ROUND_END and s.state.phase == G.PH_OVER
    assert app.stats.wins() + app.stats.losses() == 0  # demo games are not the player's


def test_chicken_versus_chef_is_shown_as_it_happens(plat):
    """ "If a 0 is played opposite an 11 of the same colour (or the reverse), both cards are
    discarded" (issue 14's summary of the rule): the table says so on the next turn."""
    app = A.App(plat, seed=15, chooser_for=first_legal_chooser)
    s = start(app, 0)
    for _ in range(300):
        if app.ai_pending():
            app.ai_turn()
        elif s.state.phase == G.PH_DECLARE:
            press(app, K_B)
        else:
            press(app, K_A, K_A)
        if "meets" in app.board.msg.text:
            break
    text = app.board.msg.text
    assert text == "AI: R11 meets R0"  # the AI's move, said first (issue 36 item 2)
    st = s.state
    assert st.loc[11] == 2 and st.loc[0] == 2  # both in the discard
    plays = [m for m in s.rec.moves if G.kind(m) == G.KIND_PLAY]
    assert G.decode(plays[-1])[1] in (0, 11)  # the turn's card was one of them
    t = G.decode(plays[-1])[2]
    assert not st.side[t]  # not a declaration's discard: the tile is undamaged


def test_the_table_words_for_a_turn_and_a_hint():
    """The line under the wall: the player's own automatic declarations ("You took 3", not a
    stray colon), another's turn ("AI: R5 on 2, took 3 4") and the hint ("Hint: R5 on 2")."""
    from engine.st2.cards import name
    from ui.st2.play import hint, played_text

    card = 4  # a siege card
    play = G.encode(G.KIND_PLAY, card, 1, 0)
    took3 = G.encode(G.KIND_DECLARE, -1, 2, 0)
    took4 = G.encode(G.KIND_DECLARE, -1, 3, 0)
    assert played_text(G, "", [took3], 0) == "You took 3"
    assert played_text(G, "AI", [play, took3, took4]) == "AI: %s on 2, took 3 4" % name(card)
    assert hint(G, play) == "Hint: %s on 2" % name(card)
    assert played_text(G, "", []) == ""


def test_cursor_moves_run_no_proof(plat, monkeypatch):
    """The declarable tiles (a proof on each complete tile) are found once a position: the
    cursor walking the hand and the wall runs none."""
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    g = start(app, role=0).g  # the game object the session loaded (the title let go of G's)
    calls = []
    real = g.claimable
    monkeypatch.setattr(g, "claimable", lambda st: calls.append(1) or real(st))
    app._marks_key = None  # a fresh position for the cache
    press(app, K_RIGHT)
    n = len(calls)
    press(app, K_RIGHT, K_RIGHT, K_LEFT, K_RIGHT, K_LEFT)
    assert n <= 1 and len(calls) == n


def test_a_save_that_runs_out_of_memory_is_retried_and_loses_nothing(tmp_path):
    """A MemoryError in the save (the device's heap too broken up) never ends the game: the
    save is tried again at once, and if that fails too, after the AI's turn; a resume then
    has every move."""
    path = str(tmp_path / "save.bin")
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed=31, chooser_for=first_legal_chooser)
    s = start(app, 0)
    fails = _flaky_pack(s)
    fails[0] = 1  # the first try fails, the second writes
    press(app, K_A, K_A)
    assert s.state.to_move == 1 and not app.unsaved and fails[0] == 0
    app.ai_turn()
    fails[0] = 2  # both tries fail: the game goes on, the save waits for the AI's turn
    press(app, K_A, K_A)
    assert s.state.to_move == 1 and app.unsaved and app.mode == A.BOARD
    app.ai_turn()
    assert not app.unsaved and s.human_to_move()
    saved = list(s.rec.moves)
    p.close()
    assert saved and _resumed_moves(path) == saved


def _flaky_pack(s):
    """Session s's save packing made to fail (MemoryError) while fails[0] > 0, one a try."""
    pack = s.pack
    fails = [0]

    def flaky():
        if fails[0]:
            fails[0] -= 1
            raise MemoryError("memory allocation failed")
        return pack()

    s.pack = flaky
    return fails


def _resumed_moves(path):
    p2 = SimPlatform(path, headless=True, step_ms=20)  # power off and on
    app2 = A.App(p2, seed=99)
    moves = list(app2.session.rec.moves) if app2.session is not None else None
    p2.close()
    return moves


def test_a_put_off_save_is_written_before_the_quit_says_saved(tmp_path):
    """A save put off for memory (App.save failed twice) is tried at every key press and on
    the way to the title: Pause then Quit with no AI turn between them still saves the move,
    and the title says so; if the save still fails there, the title says it is not saved."""
    path = str(tmp_path / "save.bin")
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed=31, chooser_for=first_legal_chooser)
    s = start(app, 0)
    fails = _flaky_pack(s)
    fails[0] = 99  # every try fails, the retries at the keys too
    press(app, K_A, K_A)
    assert s.state.to_move == 1 and app.unsaved
    press(app, K_START)
    app.pages.pause_menu.select(P.P_QUIT)
    press(app, K_A)
    assert app.mode == A.TITLE and app.unsaved
    assert app.pages.title_note.text == "Not saved: memory"
    fails[0] = 0
    press(app, 5)  # any key: the put-off save is written
    assert not app.unsaved
    saved = list(s.rec.moves)
    p.close()
    assert saved and _resumed_moves(path) == saved


def test_a_put_off_save_in_pass_and_play_is_written_at_the_hand_over(tmp_path):
    """Pass-and-play has no AI turn to retry after: the hand-over's key press writes the
    move whose save was put off, before the next player moves."""
    path = str(tmp_path / "save.bin")
    p = SimPlatform(path, headless=True, step_ms=20)
    app = A.App(p, seed=17, chooser_for=first_legal_chooser)
    s = start(app, 0, opponent=S.OPP_PASS)
    press(app, K_A)  # the first hand-over
    fails = _flaky_pack(s)
    fails[0] = 2  # the move's save fails twice: put off
    press(app, K_A, K_A)
    assert app.mode == A.HANDOVER and app.unsaved
    n = len(s.rec.moves)
    press(app, K_A)  # the next player takes the handheld: the save is written first
    assert not app.unsaved and fails[0] == 0 and len(s.rec.moves) == n
    p.close()
    assert _resumed_moves(path) == list(s.rec.moves)
