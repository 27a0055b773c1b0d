"""A new player's tour of each ruleset (issue 36), by keys on the headless simulator: against
the AI and in pass-and-play, every human turn opens on the other side's last move in words
(the card and the target, a declaration and what it took, a tactic card and its targets), no
text the screens write overflows its line, and the cauldron is never thrown by one press from
the hand (its own step: B, a tile, A asks, A throws)."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine.rng import Rng  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from tests.test_ui_tactic import press_move  # noqa: E402
from ui import app as A  # noqa: E402
from ui import gfx  # noqa: E402
from ui import pick as P  # noqa: E402
from ui import session as S  # noqa: E402
from ui.platform import K_A, K_RIGHT  # noqa: E402

RULESETS = ((1, 0), (1, 1), (2, 0), (2, 1))  # (game, variant)


def easy(settings):
    from engine import ai

    return lambda view, rng, seat, tick: ai.choose(view, rng, ai.EASY)


@pytest.fixture
def overflow(monkeypatch):
    """Every text written into a text area that does not fit from where it starts."""
    out = []
    put = gfx.TextGrid.put

    def checked(self, col, row, text, ink=gfx.WHITE, width=-1):
        if text and col + len(text) > self.cols:
            out.append(text)
        put(self, col, row, text, ink, width)

    monkeypatch.setattr(gfx.TextGrid, "put", checked)
    return out


def new_app(tmp_path, game, variant, opp, role=0, seed=5):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    app = A.App(p, seed=seed, chooser_for=easy)
    t = app.settings
    t.game, t.variant, t.opponent, t.role, t.auto_claims = game, variant, opp, role, 1
    if game == 2:
        from ui.st2 import session

        app.session = session.Session(t, seed, easy(t))
    else:
        app.session = S.Session(t, seed, easy(t))
    app._enter_board()
    return p, app


def tour(app, rng, on_turn, limit=3000):
    """Random legal moves by keys (no retreat: its own test), the AI's turns, the hand-overs;
    on_turn(app) at the first screen of every human turn. Returns the turns seen."""
    s = app.session
    g = s.g
    turns = 0
    fresh = False
    for _ in range(limit):
        if s.round_over() or app.mode == A.ROUND_END:
            return turns
        if app.mode == A.HANDOVER:
            on_turn(app)
            app.key(K_A)
            fresh = True
        elif not s.human_to_move():
            app.ai_turn()
            fresh = s.human_to_move() and s.state.phase != getattr(g, "PH_EXCHANGE", -1)
        else:
            if fresh:
                on_turn(app)
                turns += 1
                fresh = False
            legal = [m for m in s.state.legal_moves() if g.kind(m) != 3]  # 3: KIND_RETREAT
            m = legal[rng.randrange(len(legal))]
            n = len(s.rec.moves)
            keys = []
            key = app.key

            def counted(k, keys=keys, key=key):
                keys.append((k, app.oil))
                key(k)

            app.key = counted
            try:
                press_move(app, m)
            finally:
                del app.key
            assert s.rec.moves[n] == m, g.move_text(m)
            if g.kind(m) == getattr(g, "KIND_CAULDRON", -1):  # never one press from the hand
                assert len(keys) >= 3 and keys[-1] == (K_A, 1) and keys[0][1] == -1, keys
    pytest.fail("the game did not end")


@pytest.mark.parametrize("game,variant", RULESETS)
def test_every_turn_against_the_ai_opens_on_its_move(tmp_path, overflow, game, variant):
    for role in (0, 1) if game == 2 else (0,):
        p, app = new_app(tmp_path, game, variant, S.OPP_EASY, role, seed=5 + role)
        said = []

        def on_turn(app, said=said):
            said.append(app.board.msg.text)

        try:
            n = tour(app, Rng(7 + role), on_turn)
        finally:
            p.close()
        assert n >= 8 and len(said) == n
        assert all(t.startswith("AI") for t in said), said
        assert not overflow, overflow


@pytest.mark.parametrize("game,variant", RULESETS)
def test_every_hand_over_says_the_other_players_whole_turn(tmp_path, overflow, game, variant):
    p, app = new_app(tmp_path, game, variant, S.OPP_PASS, seed=9)
    s = app.session
    seen = []

    def on_turn(app):
        if app.mode == A.HANDOVER:
            lines = [ln.text for ln in app.board.panel.lines]
            seen.append(lines[1])
        else:
            seen.append(app.board.msg.text)

    try:
        tour(app, Rng(3), on_turn)
    finally:
        p.close()
    after = seen[2:]  # the first hand-over of the game says so
    bad = [t for t in after if t[:2] not in ("P1", "P2")]
    assert len(after) >= 16 and not bad, bad
    assert not overflow, overflow
    assert s.round_over()


@pytest.mark.parametrize("game", (1, 2))
def test_the_tactic_card_under_the_cursor_is_named_with_its_effect(tmp_path, game):
    """Item 7: not a code ("TRS", "BN"): the card's name and a one-line effect."""
    if game == 1:
        from ui.st1.tactic_info import EFFECT
        from ui.st1.tactic_info import effect as eff
    else:
        from ui.st2.tactic_info import EFFECT
        from ui.st2.tactic_info import effect as eff
    assert all(len(t) <= 26 and ": " in t for t in EFFECT) and len(set(EFFECT)) == len(EFFECT) - 1
    first = 54 if game == 1 else 60
    for seed in range(1, 12):
        p, app = new_app(tmp_path, game, 1, S.OPP_EASY, seed=seed)
        s = app.session
        try:
            for _ in range(400):
                if s.round_over():
                    break
                if app.ai_pending():
                    app.ai_turn()
                    continue
                tac = [c for c in P.read(app) if c >> 10 == 1 and c & 1023 >= first]
                if tac and not app.sel and s.state.phase == 0:
                    for _ in range(12):
                        app.key(K_RIGHT)
                        if P.cur(app) == tac[0]:
                            break
                    assert app.board.msg.text == eff(tac[0] & 1023)
                    return
                legal = s.state.legal_moves()
                g = s.g
                dt = [m for m in legal if g.kind(m) == g.KIND_DRAW and g.decode(m)[3] == 1]
                press_move(app, (dt or legal)[0])  # draw from the tactic deck
        finally:
            p.close()
    pytest.fail("no tactic card to play")


def test_pass_and_play_says_whose_turn_not_a_role(tmp_path):
    """Item 9: not "You attack" on the Defender's pass-and-play turn, nor in the title."""
    from ui.st2 import menus

    p, app = new_app(tmp_path, 2, 1, S.OPP_PASS)
    try:
        assert menus.head(app.settings)[1] == "Tactic, Pass & play, single"
        app.key(K_A)  # the hand-over
        s = app.session
        while s.state.to_move == 0:
            press_move(app, s.state.legal_moves()[0])
        app.key(K_A)  # the Defender takes the handheld
        app.key(2)  # Start: the pause menu
        assert app.pages.pause_note.text == "Defender to play"
    finally:
        p.close()
