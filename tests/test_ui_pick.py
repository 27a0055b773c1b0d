"""The generic move picker (ui/pick.py) and the board layouts (ui/board.py), issue 11 item 4:
options read from the legal moves through the game object alone, checked against the legal
moves by brute force in random positions of both games (the second game's turns mix plays,
declarations, retreats and cauldrons, which the screens do not offer yet: the same picker
reaches every one of them by keys), and a layout with four cards a side and seven in hand."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.games import load  # noqa: E402
from engine.rng import Rng  # noqa: E402
from sim.tools import random_mover  # noqa: E402
from ui import gfx  # noqa: E402
from ui import pick as P  # noqa: E402
from ui.board import BASE, HAND_Y, MINE_Y, MSG_Y, SIDE_X, STONE_Y, BoardView, layout_for  # noqa: E402
from ui.pick import CARD, EXTRA, NO, TARGET, option, options, tryable  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP  # noqa: E402
from ui.play import Play  # noqa: E402
from ui.session import CLAIM_STEP  # noqa: E402


def parts(g, m, legal=None):
    """The (part, value) pairs of move m that a player picks, in order (brute force: decode's
    -1 is no part; an extra of 0 is one only if a legal move of the same kind, card and target
    has another extra)."""
    d = g.decode(m)
    out = [(i, d[i]) for i in (CARD, TARGET) if d[i] != -1]
    sib = [g.decode(x)[EXTRA] for x in (legal or [m]) if g.decode(x)[:EXTRA] == d[:EXTRA]]
    if d[EXTRA] or any(sib):
        out.append((EXTRA, d[EXTRA]))
    return out


def leaves(g, moves, chosen, out):
    """Every move the picker can complete from `chosen`, walking every option (brute force)."""
    opts = []
    done = options(g, moves, chosen, opts)
    if not opts:
        if done >= 0 and chosen != [NO] * 4:
            out.append(done)
        return
    for o in opts:
        part, value = o >> 10, o & 1023
        chosen[part] = value
        leaves(g, moves, chosen, out)
        chosen[part] = NO


def positions(name, games=4, seed=1):
    """States of random games of one game (every state met)."""
    g = load(name)
    rng = Rng(seed)
    move = random_mover(g)
    for i in range(games):
        st = g.new_state(None, seed * 100 + i)
        while not g.is_over(st):
            yield g, st
            st.apply(move(st, rng), st.to_move)


@pytest.mark.parametrize("name", ["st1", "st2"])
def test_the_options_walk_to_exactly_the_legal_moves(name):
    """From nothing picked, walking every option reaches each legal move with parts exactly
    once, and nothing else; the moves without parts are what B plays (DONE)."""
    n = 0
    for g, st in positions(name):
        legal = st.legal_moves()
        got = []
        leaves(g, legal, [NO] * 4, got)
        with_parts = [m for m in legal if parts(g, m, legal)]
        assert sorted(got) == with_parts, (g.position_text(st), got)
        opts = []
        done = options(g, legal, [NO] * 4, opts)
        partless = [m for m in legal if not parts(g, m, legal)]
        assert done == (partless[0] if partless else -1)
        assert opts == sorted(set(option(*parts(g, m, legal)[0]) for m in with_parts))
        n += 1
    assert n > 150


def test_the_first_game_offers_the_hand_then_the_open_stones():
    """The first game's steps, said the old way: the sorted hand, then the open stones."""
    for g, st in positions("st1", 3, 5):
        opts = []
        options(g, st.legal_moves(), [NO] * 4, opts)
        if st.phase == g.PH_PLAY and len(st.legal_moves()) > 1:
            hand = sorted(st.hand_of(st.to_move))
            assert opts == [option(CARD, c) for c in hand]
            chosen = [NO, hand[-1], NO, NO]
            options(g, st.legal_moves(), chosen, opts)
            assert opts == [option(TARGET, s) for s in st.open_stones(st.to_move)]
        elif st.phase == g.PH_CLAIM:
            assert opts == [option(TARGET, s) for s in g.claimable(st)]


def test_tryable_adds_the_complete_formations_not_proven_yet():
    """In the claim step the cursor may also go to a complete, unclaimed side that is not
    proven (to be told why): brute force from the table's counts."""
    seen = 0
    for g, st in positions("st1", 6, 2):
        if st.phase != g.PH_CLAIM:
            continue
        p = st.to_move
        opts = []
        options(g, st.legal_moves(), [NO] * 4, opts)
        tryable(g, st, opts)
        complete = [s for s in range(9) if not st.owner[s] and st.cnt[s * 2 + p] == st.need[s]]
        assert opts == [option(TARGET, s) for s in complete]
        seen += len(complete) > len(g.claimable(st))
    assert seen > 10


class FakeGame:
    """A game object of three-part moves (the shape of a variant's action cards): a card then
    a target then an extra; a target alone; an extra alone; a card alone; one move without
    parts. Move ints are arbitrary: only decode() gives their parts."""

    NTARGETS = 3
    KIND_PLAY = 0
    MOVES = {}

    @classmethod
    def decode(cls, m):
        return cls.MOVES[m]


FakeGame.MOVES = {
    10: (0, 5, 0, 1),
    11: (0, 5, 0, 2),
    12: (0, 5, 2, 1),
    13: (0, 7, 1, 3),
    20: (1, -1, 1, 0),
    30: (3, -1, -1, 5),
    31: (3, -1, -1, 6),
    40: (7, 9, -1, 0),
    50: (6, -1, -1, 0),  # a draw from the first deck: extra 0, yet a choice beside 51
    51: (6, -1, -1, 1),
    99: (4, -1, -1, 0),
}


def test_a_game_of_three_part_moves():
    g = FakeGame
    moves = sorted(g.MOVES)
    got = []
    leaves(g, moves, [NO] * 4, got)
    assert sorted(got) == [10, 11, 12, 13, 20, 30, 31, 40, 50, 51]
    opts = []
    assert options(g, moves, [NO] * 4, opts) == 99
    assert opts == [option(CARD, 5), option(CARD, 7), option(CARD, 9), option(TARGET, 1)] + [
        option(EXTRA, 0),
        option(EXTRA, 1),
        option(EXTRA, 5),
        option(EXTRA, 6),
    ]
    assert options(g, moves, [NO, NO, NO, 0], opts) == 50 and opts == []
    assert options(g, [50, 99], [NO] * 4, opts) == 50 and opts == []  # alone: a forced move
    assert options(g, moves, [NO, 5, NO, NO], opts) == -1 and opts == [option(TARGET, 0), option(TARGET, 2)]
    assert options(g, moves, [NO, 5, 0, NO], opts) == -1 and opts == [option(EXTRA, 1), option(EXTRA, 2)]
    assert options(g, moves, [NO, 5, 0, 2], opts) == 11 and opts == []
    assert options(g, moves, [NO, 9, NO, NO], opts) == 40 and opts == []


# -- the picker's keys, on a stand-in table ------------------------------------------------------


class _Board:
    def __init__(self):
        self.hand = self.stone = None

    def point_hand(self, i):
        self.hand = i

    def point_stone(self, s, k):
        self.stone = None if s is None else (s, k)

    def point_last(self, s, k):
        self.stone = None

    def point_target(self, st, seat, t, slot):
        self.stone = (t, "slot" if slot else "on")


class _Clock:
    def ticks_ms(self):
        return 0


class _Rec:
    def __init__(self):
        self.moves = []


class _Session:
    def __init__(self, g, st, auto_claims=1):
        from ui.session import Settings

        self.g = g
        self.state = st
        self.rec = _Rec()
        self.settings = Settings(auto_claims=auto_claims)

    def do(self, m):
        self.state.apply(m)
        self.rec.moves.append(m)
        return [m]


class Table(Play):
    """The picker's functions (ui.pick) on a stand-in session and board: the picker's state and
    unpick() from ui.play.Play, as the App has them."""

    def __init__(self, g, st):
        self.session = _Session(g, st)
        self.board = _Board()
        self.played = []
        self.notes = []
        self.p = _Clock()
        self._init_play()

    def pick_key(self, k):
        P.pick_key(self, k)

    def point_at(self, m):
        P.point_at(self, m)

    def _pick(self):
        return P.read(self)

    def _cur(self):
        return P.cur(self)

    def sound(self, name):
        pass

    def redraw(self, note=None):
        P.point(self, self.board, self.session.state, self.session.state.to_move)
        self.notes.append(note)

    def _after_human(self, moves, before):
        self.played.append(moves[0])
        self.unpick()


def pick_by_keys(t, m):
    """Press keys as a player would to play move m: Right until the cursor is on the next
    part, A; B for a move without parts. Returns the keys pressed."""
    g = t.session.g
    keys = 0
    todo = parts(g, m, t.session.state.legal_moves())
    if not todo:
        t.pick_key(K_B)
        return 1
    for part, value in todo:
        want = option(part, value)
        for _ in range(len(t._pick()) + 1):
            if t._cur() == want:
                break
            t.pick_key(K_RIGHT)
            keys += 1
        assert t._cur() == want, (m, t.opts)
        t.pick_key(K_A)
        keys += 1
    return keys


@pytest.mark.parametrize("name", ["st1", "st2"])
def test_every_legal_move_is_picked_by_keys(name):
    """From random positions of either game, each legal move is played by Right and A (and B
    for DONE) on the same picker, which knows nothing of the game but its game object."""
    count = 0
    for i, (g, st) in enumerate(positions(name, 3, 7)):
        if i % 3:
            continue
        for m in st.legal_moves():
            t = Table(g, st.copy())
            t.redraw()
            pick_by_keys(t, m)
            assert t.played == [m] and t.session.rec.moves == [m]
            count += 1
    assert count > 200


def test_the_tactic_draw_from_the_clan_deck_is_picked_like_the_tactic_deck():
    """A tactic variant's draw from the clan deck decodes to extra 0, as a move without an
    extra part does: it is still one of the two decks the cursor offers (both picked by keys,
    each with Right and A), never the move B plays."""
    g = load("st1")
    rng = Rng(5)
    move = random_mover(g)
    seen = 0
    for seed in range(40):
        st = g.new_state(g.options(variant=1), seed)
        while not g.is_over(st) and seen < 6:
            legal = st.legal_moves()
            draws = [m for m in legal if g.kind(m) == g.KIND_DRAW]
            if len(draws) == 2:
                opts = []
                assert options(g, legal, [NO] * 4, opts) == -1
                assert opts == [option(EXTRA, 0), option(EXTRA, 1)]
                for m in draws:
                    t = Table(g, st.copy())
                    t.redraw()
                    pick_by_keys(t, m)
                    assert t.played == [m]
                    t = Table(g, st.copy())
                    t.pick_key(K_B)  # no move without parts here
                    assert t.played == []
                seen += 1
            st.apply(move(st, rng), st.to_move)
        if seen >= 6:
            break
    assert seen >= 6


def test_back_left_and_the_cursor_memory():
    g = load("st1")
    st = g.new_state(None, 3)
    t = Table(g, st)
    t.redraw()
    hand = sorted(st.hand_of(0))
    assert t.board.hand == 0 and t.board.stone is None
    t.pick_key(K_LEFT)  # wraps to the last card
    assert t.board.hand == len(hand) - 1 and t._cur() == option(CARD, hand[-1])
    t.pick_key(K_UP)  # Up takes a hand card like A
    assert t.sel == 1 and t.chosen[CARD] == hand[-1] and t.board.stone == (4, "slot")
    t.pick_key(K_RIGHT)
    assert t.stone_i == 5
    t.pick_key(K_UP)  # not a card step: nothing
    assert t.sel == 1
    t.pick_key(K_DOWN)  # back: the card under the cursor again
    assert t.sel == 0 and t.chosen[CARD] == NO and t._cur() == option(CARD, hand[-1])
    t.pick_key(K_B)  # nothing to go back to, and no move without parts in this step
    assert t.played == [] and t.sel == 0
    t.pick_key(K_A)
    assert t.stone_i == 5  # the stone cursor remembers
    t.pick_key(K_A)
    assert t.played == [g.encode(g.KIND_PLAY, hand[-1], 5)]


def test_a_hint_puts_the_cursor_on_its_last_part():
    g = load("st1")
    st = g.new_state(None, 4)
    t = Table(g, st)
    m = st.legal_moves()[7]
    _, card, stone, _ = g.decode(m)
    t.point_at(m)
    assert t.sel == 1 and t.chosen[CARD] == card and t._cur() == option(TARGET, stone)
    assert t.hand_i == sorted(st.hand_of(0)).index(card)
    t.pick_key(K_A)
    assert t.played == [m]


def test_a_claim_tried_on_an_unproven_formation_says_why_and_changes_nothing():
    from tests.helpers import build

    g = load("st1")
    st = build({2: ("R1 R2 R3", "G8 G9"), 5: ("B1 B2 B3", "Y1 Y2")}, hand1="P1", phase=g.PH_CLAIM)
    t = Table(g, st)
    t.redraw()
    assert t.opts == [option(TARGET, 1), option(TARGET, 4)] and t._cur() == option(TARGET, 4)
    t.pick_key(K_LEFT)
    t.pick_key(K_A)
    assert t.played == [] and t.notes[-1] == "They could add G7" and t.sel == 0
    assert t._cur() == option(TARGET, 1) and st.owner[1] == 0
    t.pick_key(K_RIGHT)
    t.pick_key(K_A)  # stone 5: B1 B2 B3 against two yellows is proven
    assert t.played == [g.encode(g.KIND_CLAIM, -1, 4)]


# -- layouts --------------------------------------------------------------------------------------


def test_layouts_are_chosen_through_the_game_object():
    st1, st2 = load("st1"), load("st2")
    assert layout_for(st1) == BASE == (9, 3, 6)
    assert layout_for(st1, 1) == (9, 4, 9)  # the tactic variant: Mud Fight, nine hand slots (Recruiter)
    assert layout_for(st2) == (7, 4, 6)


def _boxes(b):
    """(name, x, y, w, h) of the table's parts."""
    out = []
    for name in ("opp", "stones", "mine", "hand"):
        c = getattr(b, name)
        g = c.grid
        w, h = gfx.TILE_W[c.size], gfx.TILE_H[c.size]
        out.append((name, g.x, g.y, g.width * w, g.height * h))
    for name in ("msg_area", "side"):
        t = getattr(b, name)
        cols = b.narrow if name == "msg_area" else t.cols  # a longer message blanks the decks' line
        out.append((name, t.grid.x, t.grid.y, cols * gfx.FONT_W, t.rows * gfx.FONT_H))
    return out


@pytest.mark.parametrize("layout", [BASE, (9, 4, 7), (7, 4, 6), (9, 3, 7)])
def test_every_layout_fits_the_screen_without_overlap(layout):
    b = BoardView(layout)
    boxes = _boxes(b)
    for name, x, y, w, h in boxes:
        assert 0 <= x and x + w <= 160 and 0 <= y and y + h <= 128, (name, x, y, w, h)
    for i in range(len(boxes)):
        for j in range(i):
            a, c = boxes[i], boxes[j]
            apart = a[1] + a[3] <= c[1] or c[1] + c[3] <= a[1] or a[2] + a[4] <= c[2] or c[2] + c[4] <= a[2]
            assert apart, (a, c)
    assert b.hand.grid.width == layout[2] and b.opp.grid.height == layout[1]


def test_the_base_layout_is_the_one_the_screens_had():
    b = BoardView()
    assert (b.stones.grid.y, b.mine.grid.y, b.msg_area.grid.y, b.hand.grid.y) == (
        STONE_Y,
        MINE_Y,
        MSG_Y,
        HAND_Y,
    )
    assert (STONE_Y, MINE_Y, MSG_Y, HAND_Y) == (33, 44, 78, 92)
    assert (b.side.grid.x, b.side.grid.y, b.side.cols, b.side.rows) == (SIDE_X, HAND_Y - 1, 4, 3)
    assert b.hand.size == gfx.LARGE and b.stones.grid.x == 3


def test_four_cards_a_side_and_a_seven_card_hand_are_drawn(tmp_path):
    """The compact layout on screen: a stone with four cards on each side (the Mud Fight's
    formations) and a hand of seven, every card where the layout puts it."""
    from engine import st1
    from sim.platform import SimPlatform
    from tests.helpers import cards

    st = st1.State(None)
    mine, theirs = cards("R1 R2 R3 R4"), cards("B5 B6 B7 B8")
    st.need[0] = 4
    for k in range(4):
        st.board[0 * 4 + k] = mine[k]  # stone 1, player 1's side
        st.board[1 * 4 + k] = theirs[k]
    st.cnt[0] = st.cnt[1] = 4
    hand = cards("G1 G2 G3 G4 G5 G6 G7")
    for i, c in enumerate(hand):
        st.hand[i] = c
    p = SimPlatform(str(tmp_path / "s.bin"), headless=True)
    try:
        b = BoardView((9, 4, 7))
        p.root.append(b.group)
        b.draw(st, 0, None, (), [0, 0])
        b.point_hand(6)
        b.point_target(st, 0, 0, False)
        p.refresh()
        assert [b.mine.cards[k * 9] for k in range(4)] == list(mine)
        assert [b.opp.cards[(3 - k) * 9] for k in range(4)] == list(theirs)  # last card on top
        assert list(b.hand.cards) == sorted(hand)
        table = tuple((gfx.PALETTE[gfx.C_TABLE] >> s) & 255 for s in (16, 8, 0))
        # the fourth card of each side and the seventh hand card show a face, not the table
        for x, y in ((b.x + 8, b.mine_y + 3 * 11 + 5), (b.x + 8, 5), (2 + 6 * 17 + 8, b.hand_y + 5)):
            assert p.pixel(x, y) != table, (x, y)
        assert b.hand_cursor.grid.x == 2 + 6 * 17 and b.hand_cursor.grid.y == b.hand_y
        b.thinking(True)
        assert b.side.grid[b.side.cols] != 0 and b.think.row == b.score.row
        b.thinking(False)  # the score's line comes back
        assert b.score.text == "0-0" and b.side.grid[b.side.cols] == gfx.glyph("0", gfx.GOLD)
    finally:
        p.close()


# -- manual claims: every complete target may be tried (issue 36 item 8) ------------------------

# (game, variant, timing): the first game's base game under both timings, its tactic variant,
# the second game's base game and tactic variant
RULESETS = ((1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0), (2, 1, 0))


def _try_app(tmp_path, game, variant, timing, auto, seed):
    """A pass-and-play App of the ruleset (both players at the handheld: every claim step is a
    human's), started with the settings set directly."""
    from sim.platform import SimPlatform
    from ui import app as A
    from ui import session as S

    p = SimPlatform(str(tmp_path / ("s%d.bin" % seed)), headless=True, step_ms=20)
    app = A.App(p, seed=seed)
    t = app.settings
    t.game, t.variant, t.timing, t.opponent, t.auto_claims = game, variant, timing, S.OPP_PASS, auto
    if game == 2:
        from ui.st2 import session

        app.session = session.Session(t, seed, None)
    else:
        app.session = S.Session(t, seed, None)
    app._enter_board()
    return p, app


def _may_try(g, st):
    """The targets the player to move may try to claim now, from the table's counts (brute
    force): the first game's claim step, a complete unclaimed side; the second game's
    Attacker before the card or in the declare step, a complete formation."""
    if g.NAME == "st1":
        if st.phase != g.PH_CLAIM:
            return []
        p = st.to_move
        return [t for t in range(9) if not st.owner[t] and st.cnt[t * 2 + p] == st.need[t]]
    from engine.st2.cards import need

    if st.to_move or st.phase not in (g.PH_PLAY, g.PH_DECLARE):
        return []
    return [t for t in range(7) if st.cnt[t * 2] == need(t, st.side[t])]


def _refusal(g, st, t):
    """What the screen says when a claim on t does not hold (the counter-example)."""
    why = g.claim_check(st, t)
    assert isinstance(why, list), why
    hand = st.hand_of(st.to_move)
    mine = any(c in hand for c in why)
    if g.NAME == "st1":
        from engine.cards import name

        if not why:
            return "Their formation wins"
        return ("Your hand counts: " if mine else "They could add ") + " ".join([name(c) for c in why])
    from engine.st2.cards import name

    if not why:
        return "Their side wins"
    return ("Yours: " if mine else "They add ") + " ".join([name(c) for c in why[:3]])


def _tour(app, rng, on_step, limit=3000):
    """Random legal moves by keys (claims half of the time when one holds; no retreat), the
    hand-overs; on_step(app) before every decision. With manual claims, no claim step is
    skipped (an automatic DONE) while the player could try a target there."""
    from tests.test_ui_tactic import press_move
    from ui import app as A

    s = app.session
    g = s.g
    skipped = []
    apply = s.apply

    def spy(m, apply=apply):
        if g.kind(m) == g.KIND_DONE:
            skipped.append(_may_try(g, s.state))
        apply(m)

    s.apply = spy
    for _ in range(limit):
        if s.round_over() or app.mode == A.ROUND_END:
            return skipped
        if app.mode == A.HANDOVER:
            app.key(K_A)
            continue
        on_step(app)
        legal = [m for m in s.state.legal_moves() if g.kind(m) != getattr(g, "KIND_RETREAT", -1)]
        claims = [m for m in legal if g.kind(m) == g.KIND_CLAIM]
        m = claims[0] if claims and rng.randrange(2) else legal[rng.randrange(len(legal))]
        n = len(s.rec.moves)
        del skipped[:]  # (the player's own DONE is pressed, not skipped)
        press_move(app, m)
        assert s.rec.moves[n] == m, g.move_text(m)  # a claim that holds is still made
        skipped.pop(0) if skipped and g.kind(m) == g.KIND_DONE else None
        for left in skipped if not s.settings.auto_claims else ():
            assert not left, "a claim step skipped with targets to try: %s" % left
    pytest.fail("the game did not end")


@pytest.mark.parametrize("game,variant,timing", RULESETS)
def test_manual_claims_offer_every_complete_target_and_the_refusal_explains(tmp_path, game, variant, timing):
    """Issue 36 item 8: "Offer every complete tile (stone) in the manual step; the refusal
    explains." In every ruleset, with manual claims, the cursor reaches every target the
    player may try (the first game's claim step; the second game's Attacker before the card
    and in the declare step); A on one that does not hold says the counter-example, plays
    nothing and keeps the undo; a claim step with nothing to try is never shown, one with
    something to try always is (even with nothing provable); a claim that holds is made."""
    from engine.games import load

    g = load("st1" if game == 1 else "st2")
    tried = alone = 0
    for seed in range(1, 40):
        p, app = _try_app(tmp_path, game, variant, timing, 0, seed)
        s = app.session
        rng = Rng(seed)

        def on_step(app, s=s, p=p, rng=rng):
            nonlocal tried, alone
            st = s.state
            if st.phase == CLAIM_STEP:
                assert _may_try(g, st), "a claim step with nothing to try"
            want = _may_try(g, st)
            opts = P.read(app)
            if app.sel:
                return
            assert [t for t in want if option(TARGET, t) not in opts] == [], (want, opts)
            bad = [t for t in want if t not in g.claimable(st)]
            if not bad or tried >= 6:
                return
            t = bad[rng.randrange(len(bad))]
            for _ in range(len(opts) + 1):
                if P.cur(app) == option(TARGET, t):
                    break
                app.key(K_RIGHT)
            assert P.cur(app) == option(TARGET, t)
            before = (g.position_text(st), list(s.rec.moves), list(s.marks), s.can_undo(0))
            app.key(K_A)
            assert app.board.msg.text == _refusal(g, st, t)
            assert p.last_sound == "error" and s.state is st
            assert (g.position_text(st), s.rec.moves, s.marks, s.can_undo(0)) == before
            assert len(app.board.msg.text) <= 26
            tried += 1
            alone += not g.claimable(st)

        try:
            _tour(app, rng, on_step)
        finally:
            p.close()
        if tried >= 6 and alone:
            break
    assert tried >= 6 and alone >= 1, (tried, alone)


@pytest.mark.parametrize("game,variant,timing", RULESETS)
def test_automatic_claims_offer_only_the_claims_that_hold(tmp_path, game, variant, timing):
    """With automatic claims nothing changes for the player: no claim step is shown, and the
    second game's Attacker is offered the declarations that hold, not the ones to try."""
    from engine.games import load

    g = load("st1" if game == 1 else "st2")
    p, app = _try_app(tmp_path, game, variant, timing, 1, 3)
    s = app.session
    seen = [0]

    def on_step(app):
        st = s.state
        assert st.phase != CLAIM_STEP
        opts = P.read(app)
        if not app.sel and st.phase <= CLAIM_STEP:  # (an action card's step: tiles, not claims)
            targets = [o & 1023 for o in opts if o >> 10 == TARGET]
            assert targets == g.claimable(st)
            seen[0] += len(_may_try(g, st)) > len(targets)

    try:
        _tour(app, Rng(3), on_step)
    finally:
        p.close()
    assert game == 1 or seen[0]
