"""Schotten Totten's tactic variant on the handheld (issue 17 items 2, 4-6), driven like a
player on the headless simulator: keys in, the engine's state, the pixels and the message
line checked. A tactic game is started by setting the Settings fields (the menus' variant
row is another branch's)."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.games import load  # noqa: E402
from engine.rng import Rng  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from ui import app as A  # noqa: E402
from ui import gfx  # noqa: E402
from ui import pick as P  # noqa: E402
from ui import session as S  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START  # noqa: E402
from ui.st1 import tactic as T  # noqa: E402
from ui.st1 import tactic_info as TI  # noqa: E402

g = load("st1")
JOKER, SPY, SHIELD, BLIND, MUD = 54, 56, 57, 58, 59
RECRUITER, STRATEGIST, BANSHEE, TRAITOR = 60, 61, 62, 63
TACTICS = set(range(54, 64))
FRAME = 160 * 128


def easy(settings):
    """The Easy AI (a fast opponent; the level does not matter to the screens)."""
    from engine import ai

    return lambda view, rng, seat, tick: ai.choose(view, rng, ai.EASY)


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def tactic_app(p, seed, opp=S.OPP_EASY, chooser_for=easy):
    """An App at the title, then a tactic game started with the settings set directly."""
    app = A.App(p, seed=seed, chooser_for=chooser_for)
    app.settings.variant = 1
    app.settings.opponent = opp
    app.session = S.Session(app.settings, seed, app.chooser_for(app.settings))
    app._enter_board()
    p.refresh()
    return app


def parts(m, legal, g=g):
    """The (part, value) pairs a player picks for move m of game object g (brute force over
    the legal moves)."""
    d = g.decode(m)
    out = [(i, d[i]) for i in (P.CARD, P.TARGET) if d[i] != -1]
    if d[P.EXTRA] or any(g.decode(x)[P.EXTRA] for x in legal if g.decode(x)[:3] == d[:3]):
        out.append((P.EXTRA, d[P.EXTRA]))
    return out


def press_move(app, m):
    """Play move m by keys: Right until the cursor is on each part, then A; B for a move
    without parts. The cursor never leaves the legal options. Any game (the session's)."""
    g = app.session.g
    if g.NAME == "st2" and g.kind(m) == g.KIND_CAULDRON:  # its own step: B, a tile, A, A
        t = g.decode(m)[2]
        app.key(K_B)
        for _ in range(7):
            if app.stone_i == t:
                break
            app.key(K_RIGHT)
        assert app.oil == 0 and app.stone_i == t
        app.key(K_A)
        assert g.move_text(m) not in [g.move_text(x) for x in app.session.rec.moves[-1:]] or app.oil == 1
        app.key(K_A)
        return
    todo = parts(m, app.session.state.legal_moves(), g)
    if not todo:
        app.key(K_B)
        return
    for part, value in todo:
        want = P.option(part, value)
        for _ in range(len(P.read(app)) + 1):
            if P.cur(app) == want:
                break
            app.key(K_RIGHT)
            assert P.cur(app) in app.opts
        assert P.cur(app) == want, (g.move_text(m), app.opts)
        app.key(K_A)


def human_turns(app, rng, until=None, tactic_first=True, limit=3000):
    """Play the humans' decisions by keys (random legal moves, tactic ones half of the time)
    and let the AI play, until `until(app)` or the round's end. Returns the humans' moves."""
    played = []
    for _ in range(limit):
        s = app.session
        if s is None or s.round_over() or app.mode == A.ROUND_END or (until is not None and until(app)):
            return played
        if app.mode == A.HANDOVER:
            app.key(K_A)
            continue
        if not s.human_to_move():
            app.ai_turn()
            continue
        legal = s.state.legal_moves()
        tac = [m for m in legal if g.decode(m)[1] >= 54 or g.decode(m)[0] in (g.KIND_DRAW, g.KIND_STEP)]
        m = (
            tac[rng.randrange(len(tac))]
            if tac and tactic_first and rng.randrange(2)
            else legal[rng.randrange(len(legal))]
        )
        rec = s.rec  # the round's (a match's next round gets a new one)
        n = len(rec.moves)
        press_move(app, m)
        assert rec.moves[n] == m, g.move_text(m)  # the move pressed is the move played
        played.append(m)
    pytest.fail("the game did not end")


def text(app):
    return app.board.msg.text


def pixel_has(p, x0, y0, w, h, rgb):
    """True if some pixel of the box is `rgb` (a palette colour; RGB565 on screen: loosely)."""
    want = tuple((rgb >> s) & 255 for s in (16, 8, 0))
    for x in range(x0, x0 + w):
        for y in range(y0, y0 + h):
            if max(abs(a - b) for a, b in zip(p.pixel(x, y), want)) <= 8:
                return True
    return False


# -- whole games ---------------------------------------------------------------------------------


def test_a_whole_tactic_game_against_the_ai_by_keys(plat):
    """Every human decision by keys (tactic cards, steps and draws among them) to the end of
    the game; the record replays to the final table; the statistics count a tactic game."""
    app = tactic_app(plat, 11)
    s = app.session
    assert s.state.VARIANT == 1 and len(s.state.hand_of(0)) == 7
    played = human_turns(app, Rng(11))
    assert app.mode == A.ROUND_END and app.result[0].phase == g.PH_OVER
    kinds = {g.decode(m)[0] for m in played}
    assert {g.KIND_PLAY, g.KIND_DRAW} <= kinds
    assert any(g.decode(m)[1] >= 54 for m in played if g.decode(m)[0] == g.KIND_PLAY)
    st = app.result[0]
    assert app.stats.wins(0, -1, 1) + app.stats.losses(0, -1, 1) == 1  # mode 1: the variant
    assert app.stats.wins(0, -1, 0) + app.stats.losses(0, -1, 0) == 0
    assert st.winner in (0, 1)


def test_every_tactic_card_is_played_through_the_keys(plat):
    """Pass-and-play: both players' decisions by keys; over a few games every one of the ten
    tactic cards (both Jokers) is played, with its steps, and each game ends."""
    seen = set()
    for seed in range(1, 6):
        app = tactic_app(plat, seed, S.OPP_PASS)
        for m in human_turns(app, Rng(seed)):
            kind, card, _, _ = g.decode(m)
            if kind == g.KIND_PLAY and card >= 54:
                seen.add(card)
        assert app.mode == A.ROUND_END
        app.key(K_A)  # to the title
        if seen == TACTICS:
            break
    assert seen == TACTICS


# -- steps, prompts and B ------------------------------------------------------------------------


def until_playable(card):
    """until(): the human may play `card` now (and nothing is picked)."""

    def ok(app):
        s = app.session
        st = s.state
        return (
            s.human_to_move()
            and app.mode == A.BOARD
            and st.phase == s.g.PH_PLAY
            and any(s.g.decode(m)[1] == card for m in st.legal_moves())
        )

    return ok


def reach(plat, card, seeds=range(1, 30)):
    """A pass-and-play game in which the player to move may play `card` now."""
    for seed in seeds:
        app = tactic_app(plat, seed, S.OPP_PASS)
        human_turns(app, Rng(seed), until_playable(card), tactic_first=False)
        if app.session is not None and not app.session.round_over():
            return app
    pytest.fail("no game reached a playable %s" % T.card_name(card))


def play_card(app, card):
    press_move(app, g.encode(g.KIND_PLAY, card, -1))


def test_strategist_steps_say_what_to_choose_and_b_takes_each_back(plat):
    """ "Strategist: choose a Clan or Tactic card on your side of the border on an unclaimed
    Stone. Place it face-up on a different unclaimed Stone or discard it face-up next to the
    deck." Each step says what comes next; B takes a step back, then the card itself."""
    app = reach(plat, STRATEGIST)
    s = app.session
    me = s.state.to_move
    n = len(s.rec.moves)
    play_card(app, STRATEGIST)
    st = s.state
    assert st.phase == g.PH_ACTION and st.act == STRATEGIST and text(app) == "Strategist: your card"
    # The cursor is on a card of the player's own side, on the table (not in the hand).
    c = P.cur(app) & 1023
    stone, side, slot = st.find(c)
    assert side == me and app.tcard == c and app.board.stone_cursor.grid.hidden is False
    assert app.board.stone_cursor.grid.x == app.board.x + stone * 17
    app.key(K_A)
    assert s.state.asel == c and text(app) == "%s: stone or discard" % T.card_name(c)
    for _ in range(len(app.opts)):  # Left round to the discard (the last option)
        if P.cur(app) >> 10 == P.EXTRA:
            break
        app.key(K_LEFT)
    assert P.cur(app) >> 10 == P.EXTRA and text(app) == "A: discard %s" % T.card_name(c)
    app.key(K_B)
    assert s.state.asel == 255 and s.state.act == STRATEGIST and len(s.rec.moves) == n + 1
    assert text(app) == "Step taken back"
    app.key(K_B)
    st = s.state
    assert st.phase == g.PH_PLAY and STRATEGIST in st.hand_of(me) and len(s.rec.moves) == n
    # And again, to the end: the card discarded.
    play_card(app, STRATEGIST)
    press_move(app, g.encode(g.KIND_STEP, c))
    press_move(app, g.encode(g.KIND_STEP, -1, -1, g.X_DISCARD))
    assert c in s.state.discard() and STRATEGIST in s.state.discard()


def test_banshee_and_traitor_point_at_the_opponents_cards(plat):
    """ "Banshee: choose a Clan or Tactic card on your opponent's side of the border on an
    unclaimed Stone and discard it"; "Traitor: choose a Clan card on your opponent's side ...
    and place it on an unclaimed Stone on your side." The cursor walks the opponent's cards on
    the table, in table order."""
    for card, line in ((BANSHEE, "Banshee: their card"), (TRAITOR, "Traitor: their clan")):
        app = reach(plat, card)
        s = app.session
        me = s.state.to_move
        play_card(app, card)
        assert text(app) == line
        walked = []
        for _ in range(len(app.opts)):
            c = P.cur(app) & 1023
            walked.append(s.state.find(c))
            assert walked[-1][1] == me ^ 1 and (card == BANSHEE or c < 54)
            y = app.board.stone_cursor.grid.y
            assert y < app.board.stone_y  # the opponent's rows are above the stones
            app.key(K_RIGHT)
        assert walked == sorted(walked)
        c = P.cur(app) & 1023
        if card == BANSHEE:
            app.key(K_A)
            assert c in s.state.discard() and s.state.find(c) is None
        else:
            app.key(K_A)
            assert text(app) == "%s to which stone?" % T.card_name(c)
            t = P.cur(app) & 1023
            app.key(K_A)
            assert s.state.find(c) == (t, me, s.state.cnt[t * 2 + me] - 1)


def test_recruiter_draws_by_deck_and_returns_from_a_hand_of_nine(plat):
    """ "Recruiter: draw three cards from one or both of the decks. Choose two cards from your
    entire hand and place them at the bottom of the corresponding deck." The hand shows nine
    cards; a draw cannot be taken back, a returned card can."""
    app = reach(plat, RECRUITER)
    s = app.session
    me = s.state.to_move
    play_card(app, RECRUITER)
    st = s.state
    while st.phase == g.PH_ACTION and st.left:
        assert text(app).startswith("Recruit: draw %d" % st.left)
        press_move(app, st.legal_moves()[0])
        st = s.state
    assert text(app) == "Put back 2 cards" and len(st.hand_of(me)) == 9
    assert [c for c in app.board.hand.cards] == sorted(st.hand_of(me))
    assert app.board.side.grid[app.board.side.cols] == 0  # the side's second line gives way
    app.key(K_B)
    assert text(app) == "Cannot take back a draw" and len(s.state.hand_of(me)) == 9
    first = sorted(st.hand_of(me))[0]
    press_move(app, g.encode(g.KIND_STEP, first))
    assert text(app) == "Put back 1 card" and first not in s.state.hand_of(me)
    app.key(K_B)
    assert first in s.state.hand_of(me) and text(app) == "Step taken back"
    press_move(app, g.encode(g.KIND_STEP, first))
    press_move(app, s.state.legal_moves()[0])
    assert RECRUITER in s.state.discard() and len(s.state.hand_of(me)) == 7


def test_the_draw_asks_which_deck_and_remembers(plat):
    """ "When drawing to refill your hand to seven cards, choose to draw either a Clan card or
    a Tactic card." The draw step starts on the deck drawn from last time; the chosen deck is
    gold beside the hand."""
    app = tactic_app(plat, 4)
    s = app.session
    rng = Rng(4)

    def drawing(app):
        return app.session.human_to_move() and app.session.state.phase == g.PH_DRAW

    human_turns(app, rng, drawing, tactic_first=False)
    assert text(app) == "Draw: clan deck  A" and P.cur(app) == P.option(P.EXTRA, 0)
    assert app.board.side.grid[0] == gfx.glyph("C", gfx.GOLD)
    app.key(K_RIGHT)
    assert text(app) == "Draw: tactic deck  A" and app.board.side.grid[0] == gfx.glyph("C")
    nt = s.state.ntdeck
    app.key(K_A)
    assert s.state.ntdeck == nt - 1 and any(c >= 54 for c in s.state.hand_of(0))
    human_turns(app, rng, drawing, tactic_first=False)
    assert P.cur(app) == P.option(P.EXTRA, 1) and text(app) == "Draw: tactic deck  A"


# -- the table --------------------------------------------------------------------------------------


def test_the_tactic_table_shows_modes_slots_elites_and_decks(plat):
    """A Mud Fight stone shows four outlined slots a side, Blind-Man's Bluff is marked on its
    stone, an elite troop on a claimed stone shows the value it took, the decks are counted,
    a tactic card is drawn with its own tile."""
    app = tactic_app(plat, 3, S.OPP_PASS)
    rng = Rng(3)

    def rich(app):
        st = app.session.state
        return (
            app.mode == A.BOARD
            and st.phase == g.PH_PLAY
            and any(m & 2 for m, o in zip(st.mode, st.owner) if not o)
            and any(st.mode[s] & 1 for s in range(9))
            and any(st.elite_value(c) is not None for c in range(54, 58))
        )

    human_turns(app, rng, rich)
    app.redraw("Your turn")  # (a longer message takes the decks' line: BoardView.say)
    plat.refresh()
    st = app.session.state
    b = app.board
    seat = app.seat()
    for s in range(9):
        m = st.mode[s]
        assert b.tx.modes.grid[s] == (T.T_MODES + m - 1 if m else gfx.T_BLANK)
        if m & 1:  # the "B" mark, gold, at the stone's top right
            assert pixel_has(plat, b.x + s * 17 + 13, b.stone_y, 4, 6, gfx.PALETTE[gfx.C_GOLD])
        if m & 2 and not st.owner[s]:
            mine = st.cnt[s * 2 + seat]
            assert [b.mine.grid[k * 9 + s] for k in range(mine, 4)] == [gfx.T_EMPTY] * (4 - mine)
    for c in range(54, 58):
        v = st.elite_value(c)
        if v is not None:
            s, side, k = st.find(c)
            i = k * 9 + s if side == seat else (3 - k) * 9 + s
            grid = b.mine if side == seat else b.opp
            assert grid.cards[i] == v and grid.grid[i] == gfx.st1_tile(v)
    assert b.side.grid[0] == gfx.glyph("C") and b.side.grid[len("C%d" % st.ndeck)] == gfx.glyph("T")


def test_tactic_tiles_carry_a_symbol_each():
    """Each of the nine tactic cards' tiles differs from the others in its symbol (not only
    its letters): the left part of the small tiles, where the symbol is, differs pairwise."""
    from sim.make_assets import draw_tile

    tiles = [T.tile(c) for c in range(55, 64)]
    assert len(set(tiles)) == 9 and T.tile(54) == T.tile(55)
    symbols = [tuple(tuple(row[2:7]) for row in draw_tile(gfx.SMALL, t).px[3:8]) for t in tiles]
    assert len(set(symbols)) == 9
    for sym in symbols:
        assert any(gfx.C_WHITE in row for row in sym)


def test_the_info_panel_shows_tactics_played_and_the_discard(plat):
    """Down with nothing picked: the tactics each side played (the one-more rule: "You cannot
    play more than one card more than your opponent has played"), the discard; any key closes
    it without acting."""
    app = tactic_app(plat, 7)
    s = app.session
    rng = Rng(7)

    def ahead(app):
        st = app.session.state
        return app.session.human_to_move() and st.phase == g.PH_PLAY and st.tp[0] > st.tp[1] and st.ndisc

    human_turns(app, rng, ahead)
    st = s.state
    n = len(s.rec.moves)
    app.key(K_DOWN)
    lines = [ln.text for ln in app.board.panel.lines]
    assert lines[0] == "Tactics: You %d, AI %d" % (st.tp[0], st.tp[1])
    assert lines[1] == "You: wait for AI's"
    assert lines[2].startswith("Discard: ") and TI.short(st.discard()[0]) in lines[2]
    assert not app.board.panel.group.hidden
    app.key(K_A)
    assert app.board.panel is None and len(s.rec.moves) == n


def test_hint_names_a_tactic_move(plat):
    """SELECT against the AI (the hint thinks at Hard): at the draw step the hint is a deck,
    said in words, and the cursor waits on it."""
    app = tactic_app(plat, 2, chooser_for=A.default_chooser)
    s = app.session
    app.session.chooser = easy(app.settings)  # the AI's own turns: quick
    human_turns(app, Rng(2), lambda a: a.session.human_to_move() and a.session.state.phase == g.PH_DRAW)
    s.chooser = A.default_chooser(app.settings)
    app.key(K_SELECT)
    assert text(app) in ("Hint: draw clan", "Hint: draw tactic")
    tac = int(text(app).endswith("tactic"))
    assert P.cur(app) == P.option(P.EXTRA, tac)
    n = s.state.ntdeck
    app.key(K_A)
    assert s.state.ntdeck == n - tac


# -- everything the base game has -----------------------------------------------------------------


def test_pass_and_play_hands_over_with_no_hand_on_screen(plat):
    """The hand-over screen of a tactic game shows no hand: no card face in the hand row."""
    app = tactic_app(plat, 5, S.OPP_PASS)
    assert app.mode == A.HANDOVER
    b = app.board
    assert all(c == 255 for c in b.hand.cards)
    faces = [gfx.PALETTE[gfx.C_CLAN + i] for i in range(6)] + [gfx.PALETTE[gfx.C_BLACK]]
    app.key(K_A)
    plat.refresh()
    assert any(pixel_has(plat, 2, b.hand_y, 119, 11, c) for c in faces)
    human_turns(app, Rng(5), lambda a: a.mode == A.HANDOVER)
    plat.refresh()
    for c in faces:
        assert not pixel_has(plat, 2, b.hand_y, 153, 11, c)


def test_a_tactic_game_saves_after_each_turn_and_resumes(plat, tmp_path):
    """Saved after every human turn (the AI's reply is not saved: it is recomputed exactly): a
    new App on the same save area resumes the same table."""
    app = tactic_app(plat, 6)
    rng = Rng(6)
    human_turns(app, rng, lambda a: a.session.state.turn >= 12 and a.session.human_to_move())
    st = app.session.state
    text_before = g.position_text(st)
    again = A.App(plat, seed=99, chooser_for=easy)
    assert again.session is not None and again.settings.variant == 1
    while not again.session.human_to_move():
        again.ai_turn()
    assert g.position_text(again.session.state) == text_before
    assert again.mode == A.BOARD and again.board.tx is not None


def test_cursor_moves_redraw_little_of_the_tactic_table(plat):
    """A cursor move on the tactic table redraws at most 10 % of the frame."""
    app = tactic_app(plat, 8)
    rng = Rng(8)
    worst = 0
    for _ in range(6):
        human_turns(
            app, rng, lambda a: a.session.human_to_move() and a.mode == A.BOARD and len(P.read(a)) > 1
        )
        if app.session is None or app.session.round_over():
            break
        plat.refresh()
        for k in (K_RIGHT, K_RIGHT, K_LEFT):
            app.key(k)
            worst = max(worst, plat.last_refresh_pixels)
        press_move(app, app.session.state.legal_moves()[0])
    assert 0 < worst <= FRAME // 10


def test_the_base_game_imports_no_tactic_screen_code(plat):
    """A base game's table never loads ui.st1.tactic (nor the engine's tactic modules)."""
    import sys

    for k in [k for k in sys.modules if k == "ui.st1.tactic" or k.startswith("engine.st1.t")]:
        del sys.modules[k]
    app = A.App(plat, seed=1, chooser_for=easy)
    app.settings.opponent = S.OPP_PASS
    app.session = S.Session(app.settings, 1, None)
    app._enter_board()
    app.key(K_A)
    app.key(K_A)
    app.key(K_A)
    assert app.board.tx is None
    assert "ui.st1.tactic" not in sys.modules and "engine.st1.tactic.state" not in sys.modules


def test_the_tactic_screenshots_are_made_by_keys_and_committed(tmp_path):
    """`python -m sim.screens --game st1 --variant tactic` reaches every tactic screen by keys,
    and makes exactly the pictures docs/screens/ holds (the README shows them)."""
    from sim import screens

    assert screens.main([str(tmp_path), "--game", "st1", "--variant", "tactic"]) == 0
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    for name in screens.NAMES["st1", "tactic"]:
        with open(os.path.join(root, "docs", "screens", name + ".png"), "rb") as f:
            assert f.read() == (tmp_path / (name + ".png")).read_bytes(), name
        assert "docs/screens/%s.png" % name in readme


def test_undo_against_the_ai_takes_back_a_whole_tactic_turn(plat):
    """The pause menu's Undo in a tactic game: back to the start of the human's last turn (the
    card, its steps, the claims and the draw all taken back), the hand as it was."""
    app = tactic_app(plat, 9)
    s = app.session
    rng = Rng(9)
    human_turns(app, rng, lambda a: a.session.human_to_move() and a.session.state.turn >= 6)
    hand = sorted(s.state.hand_of(0))
    n = len(s.rec.moves)
    human_turns(app, rng, lambda a: len(a.session.rec.moves) > n and a.session.human_to_move())
    app.key(K_START)
    assert app.mode == A.PAUSE
    app.key(K_DOWN)
    app.key(K_A)  # Undo
    assert app.mode == A.BOARD and text(app) == "Undone"
    assert len(s.rec.moves) == n and sorted(s.state.hand_of(0)) == hand
    assert s.state.VARIANT == 1 and app.board.tx is not None


def test_what_a_tactic_turn_did_is_said_without_the_secret_cards():
    """The line after the other player's turn (and the hand-over's): the tactic card and its
    public steps; the cards Recruiter put back stay the player's secret."""
    from engine.cards import parse
    from ui.turn import played_text

    e = g.encode
    b5, r2, g7 = parse("B5"), parse("R2"), parse("G7")
    assert played_text(g, "AI", [e(g.KIND_PLAY, BANSHEE), e(g.KIND_STEP, g7)]) == "AI: BANSHEE G7"
    traitor = [e(g.KIND_PLAY, TRAITOR), e(g.KIND_STEP, b5), e(g.KIND_STEP, -1, 2), e(g.KIND_CLAIM, -1, 2)]
    assert played_text(g, "P2", traitor) == "P2: TRAITOR B5 to 3, claimed 3"
    strat = [e(g.KIND_PLAY, STRATEGIST), e(g.KIND_STEP, r2), e(g.KIND_STEP, -1, -1, g.X_DISCARD)]
    assert played_text(g, "AI", strat) == "AI: STRATEGIST R2 out"
    recruit = (
        [e(g.KIND_PLAY, RECRUITER)]
        + [e(g.KIND_DRAW, -1, -1, 1)] * 3
        + [e(g.KIND_STEP, b5), e(g.KIND_STEP, g7)]
    )
    assert played_text(g, "P1", recruit) == "P1: RECRUITER"
    assert played_text(g, "AI", [e(g.KIND_PLAY, SPY, 2), e(g.KIND_DRAW, -1, -1, 0)]) == "AI: SPY on 3"
    assert played_text(g, "AI", [e(g.KIND_PLAY, b5, 2)]) == "AI played B5 on stone 3"  # as before


def test_the_info_panel_lines_fit_with_a_long_discard_and_four_elites():
    """Eight cards in the discard and four elite troops' values: each line fits the panel's 26
    characters, the newest discarded cards kept (the oldest counted), every elite named."""
    from engine.cards import parse

    st = g.new_state({"variant": 1}, 1)
    cards = [RECRUITER, parse("B9"), BANSHEE, parse("G7"), STRATEGIST, parse("R2"), TRAITOR, SPY]
    for i, c in enumerate(cards):
        st.disc[i] = c
    st.ndisc = len(cards)
    for i, v in enumerate(("B9", "R7", "G7", "Y3")):
        st.ev[i] = parse(v)
    st.tp[0], st.tp[1] = 2, 1
    lines = TI.info_lines(st, 0, ("You", "AI"))
    assert all(len(ln) <= 26 for ln in lines), lines
    assert lines[0] == "Tactics: You 2, AI 1" and lines[1] == "You: wait for AI's"
    assert lines[2].startswith("Discard +") and lines[2].endswith("STR R2 TRT SPY")
    k = int(lines[2].split("+")[1].split(":")[0])
    assert lines[2].split(": ")[1].split() == [TI.short(c) for c in cards[k:]]
    assert lines[3] == "JK=B9 JK=R7 SP=G7 SH=Y3"
    st.ndisc = 2
    assert TI.info_lines(st, 1, ("P2", "P1"))[1:3] == ("P2 may play a tactic", "Discard: RCR B9")


def test_a_match_of_three_tactic_rounds_by_keys(plat):
    """A match of several rounds plays tactic rounds to its end screen, and counts as a match
    of the variant ("the winner gains 5 victory points and his opponent gains as many victory
    points as Stones he controls")."""
    app = A.App(plat, seed=3, chooser_for=easy)
    app.settings.variant = 1
    app.settings.rounds = 3
    app.settings.opponent = S.OPP_EASY
    app.session = S.Session(app.settings, 3, app.chooser_for(app.settings))
    app._enter_board()
    rng = Rng(3)
    m = app.session.match
    for r in range(3):
        human_turns(app, rng)
        st = app.result[0]
        assert app.mode == A.ROUND_END and st.VARIANT == 1 and m.played == r + 1
        lines = [ln.text for ln in app.board.panel.lines]
        assert lines[0] == (
            "ROUND %d OF 3" % (r + 1) if r < 2 else "MATCH OVER: You %d - AI %d" % tuple(m.scores)
        )
        app.key(K_A)
    assert app.session is None and app.mode == A.TITLE
    assert app.stats.matches(True, 0, 1) + app.stats.matches(False, 0, 1) == 1
    assert app.stats.wins(0, -1, 1) + app.stats.losses(0, -1, 1) == 3


def pause_item(app, i):
    """Start, then Down to the pause menu's item i (greyed items are passed over), then A."""
    app.key(K_START)
    for _ in range(5):
        if app.pages.pause_menu.index == i:
            break
        app.key(K_DOWN)
    assert app.pages.pause_menu.index == i
    app.key(K_A)


def test_the_tracker_lists_the_unseen_tactic_cards(plat):
    """The pause menu's card tracker in a tactic game: the clan cards as in the base game, and
    a row of the tactic cards' kinds, each shown while a card of it is neither on the table,
    in the discard ("You can look at the contents of the discard at any time") nor in hand."""
    app = tactic_app(plat, 7)
    rng = Rng(7)

    def some_played(app):
        st = app.session.state
        return app.session.human_to_move() and st.phase == g.PH_PLAY and st.tp[0] + st.tp[1] >= 2

    human_turns(app, rng, some_played)
    pause_item(app, 2)  # Card tracker
    assert app.mode == A.TRACKER
    st = app.session.state
    view = st.view(0)
    hand = view.hand_of(0)
    unseen_t = [c for c in TACTICS if not st.public[c] and c not in hand]
    assert len(unseen_t) <= 10 - 2
    kinds = {T.tile(c) for c in unseen_t}
    for k in range(9):
        tile = T.tile(54) + k
        assert app.pages.grid.grid[54 + k] == (tile if tile in kinds else gfx.T_BLANK)
    unseen = view.unseen(0)
    assert app.pages.tracker_note.text == "%d clan %d tactic  B: back" % (sum(unseen), len(unseen_t))
    # the tactic cards' tiles are on screen: a symbol's white pixels in the first kind shown
    k = min(kinds) - T.tile(54)
    assert pixel_has(plat, 3 + 17 * k, 20 + 6 * 11, 17, 11, 0xFFFFFF)
    app.key(K_B)
    assert app.mode == A.BOARD


def test_the_tactic_help_pages_follow_the_base_games(plat):
    """How to play in a tactic game: the base game's pages, then the variant's (every tactic
    card named, the one-more rule: "You cannot play more than one card more than your
    opponent has played"); a base game shows the base pages only."""
    from ui import help as H
    from ui.st1.tactic_help import TACTIC

    app = tactic_app(plat, 5)
    human_turns(app, Rng(5), lambda a: a.session.human_to_move())
    pause_item(app, 3)  # How to play
    assert app.mode == A.TEXT
    n = len(H.HELP) + len(TACTIC)
    assert app.pages.footer == "<  page 1/%d  >  B: back" % n
    seen = []
    for _ in range(n):
        seen.append("\n".join(app.pages.text_lines))
        app.key(K_RIGHT)
    words = "\n".join(seen)
    for name in T.NAMES:
        assert name in words.upper(), name
    assert "more than one" in words
    assert all(len(ln) <= 26 for ln in words.split("\n")) and all(len(p.split("\n")) <= 9 for p in seen)
    app.key(K_B)
    base = A.App(plat, seed=5, chooser_for=easy)
    base.session = S.Session(base.settings, 5, base.chooser_for(base.settings))
    base._enter_board()
    human_turns(base, Rng(5), lambda a: a.session.human_to_move())
    pause_item(base, 3)
    assert base.pages.footer == "<  page 1/%d  >  B: back" % len(H.HELP)


def test_a_player_with_no_clan_card_to_play_is_told_to_pass(plat):
    """ "A player with no clan card to play ... may pass": the table says so, and B passes."""

    def passable(app):
        s = app.session
        st = s.state
        return (
            app.mode == A.BOARD
            and s.human_to_move()
            and st.phase == g.PH_PLAY
            and not app.sel
            and g.encode(g.KIND_PASS) in st.legal_moves()
        )

    app = tactic_app(plat, 24, S.OPP_PASS)
    human_turns(app, Rng(24), passable, tactic_first=False)
    assert passable(app), "seed 24 no longer reaches a pass"
    assert text(app).startswith("P2: ")  # the other player's turn is said first (issue 36 item 2)
    app.key(K_RIGHT)  # then the step's prompt
    assert text(app) == "No clan card. B: pass"
    s = app.session
    n = len(s.rec.moves)
    app.key(K_B)
    assert s.rec.moves[n] == g.encode(g.KIND_PASS)


@pytest.mark.parametrize("opp", [S.OPP_EASY, S.OPP_PASS])
def test_the_one_more_rule_is_said_on_the_main_line(plat, opp):
    """A turn where the player's tactic cards may not be played ("You cannot play more than
    one card more than your opponent"): the line first says what the other side did, then,
    once the player moves, why the cards wait, naming whose turn it is to play one (issue 36:
    "Tactics 1-0: wait for AI"; in pass-and-play the other player)."""

    def blocked(a):
        s = a.session
        st = s.state
        p = st.to_move
        return (
            a.mode == A.BOARD
            and s.human_to_move()
            and st.phase == g.PH_PLAY
            and not st.tactic_ok(p)
            and any(c >= 54 for c in st.hand_of(p))
            and a.last_play
        )

    for seed in range(1, 30):
        app = tactic_app(plat, seed, opp)
        human_turns(app, Rng(seed), blocked)
        if app.session is not None and not app.session.round_over():
            break
    else:
        pytest.fail("no turn with a tactic card held back")
    st = app.session.state
    p = st.to_move
    who = "AI" if opp == S.OPP_EASY else "P%d" % (2 - p)
    assert text(app) == app.last_play and text(app).startswith(who)
    P._go(app, P.read(app)[0])  # the cursor on the first playable card (a clan card)
    app.last_play = ""  # what the player's first key does (shown until the player acts)
    app.redraw()
    assert text(app) == "Tactics %d-%d: wait for %s" % (st.tp[p], st.tp[p ^ 1], who)
    assert len(text(app)) <= app.board.msg_area.cols
