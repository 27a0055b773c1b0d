"""Issue 12, the table's feedback (items 1-7) and item 10's device side: keys pressed on the
headless simulator, then the pixels, the message line or the state checked. Each test quotes
the issue's sentence it checks."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from engine import st1  # noqa: E402
from engine.games import load  # noqa: E402
from sim.platform import SimPlatform  # noqa: E402
from tests.helpers import build  # noqa: E402
from tests.test_ui import first_legal_chooser, new_game, play_round_by_keys, press, settings_via_menu, to_row  # noqa: E402
from ui import app as A  # noqa: E402
from ui import gfx  # noqa: E402
from ui.board import OPP_Y, STONE_Y  # noqa: E402
from ui.platform import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_START, K_UP  # noqa: E402

G = load("st1")
GOLD = tuple((gfx.PALETTE[gfx.C_GOLD] >> s) & 255 for s in (16, 8, 0))
STONE_GREY = tuple((gfx.PALETTE[gfx.C_STONE] >> s) & 255 for s in (16, 8, 0))


def near(rgb, want):
    """The screen is RGB565: a colour comes back within a few steps."""
    return max(abs(a - b) for a, b in zip(rgb, want)) <= 8


@pytest.fixture
def plat(tmp_path):
    p = SimPlatform(str(tmp_path / "save.bin"), headless=True, step_ms=20)
    yield p
    p.close()


def side_text(b, row):
    """The characters of one row of the area beside the hand (read back from its tiles)."""
    out = ""
    for c in range(b.side.cols):
        t = b.side.grid[row * b.side.cols + c]
        out += " " if t == 0 else gfx.CHARS[t % gfx.GLYPHS] if t % gfx.GLYPHS < len(gfx.CHARS) else "?"
    return out.strip()


def test_the_stones_carry_their_numbers(plat):
    """Item 1: "The stones carry no numbers, yet every message says "stone N": the player
    counts. Number them ... in a way that costs no memory per frame": tiles of the sprite
    sheet (flash), one per stone, set only when a stone changes."""
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    new_game(app)
    b = app.board
    assert [b.stones.grid[s] for s in range(9)] == [gfx.T_NUMBERED + s for s in range(9)]
    plat.refresh()
    x0 = b.x
    faces = set()
    for s in range(9):  # each stone's pixels differ from every other's: the digit
        faces.add(
            bytes(
                bytearray(
                    v for x in range(17) for y in range(11) for v in plat.pixel(x0 + s * 17 + x, STONE_Y + y)
                )
            )
        )
    assert len(faces) == 9
    claim_by_playing(app)
    app.finish_anim()
    assert b.stones.grid[0] == gfx.T_NUMBERED + 9  # the player's stone 1, still numbered


def claim_by_playing(app):
    """A position where playing R3 on stone 1 proves it (colour-run against a sum)."""
    app.session.state = build({1: ("R1 R2", "G2 Y5 B7")}, hand1="R3 P9 Y9", hand2="P1 P2")
    app.stone_i = 4
    app.redraw()
    press(app, K_A)
    while app.stone_i != 0:
        press(app, K_LEFT)
    press(app, K_A)


def test_claims_are_said_and_the_ais_card_is_framed(plat):
    """Item 2: "The AI's last card is not highlighted; claims — the AI's and your own
    automatic ones — are not said in the message line ... ("AI played R3 on stone 3, claimed
    3"; "You claimed 8")." """
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    new_game(app)
    claim_by_playing(app)
    assert app.session.state.owner[0] == 1 and app.board.msg.text == "You claimed 1"
    # The AI (the first legal move: its lowest card on its first open stone, then every
    # claim) plays P1 on stone 2 and claims stone 1, where its colour-run beats a sum.
    app.session.state = build({1: ("G2 Y5 B7", "R1 R2 R3")}, hand1="Y9 B9", hand2="P1 P2")
    app.redraw()
    press(app, K_A, K_A)  # Y9 on the stone under the cursor
    assert app.ai_pending()
    app.ai_turn()
    b = app.board
    assert app.session.state.owner[0] == 2
    assert b.msg.text == "AI: P1 on 2, claimed 1"
    assert app.sel == 0 and b.stone_cursor.grid[0] == gfx.T_LAST and not b.stone_cursor.grid.hidden
    x, y = b.x + 1 * 17, OPP_Y + 2 * 11  # stone 2, the AI's first slot (its bottom row)
    assert (b.stone_cursor.grid.x, b.stone_cursor.grid.y) == (x, y)
    plat.refresh()
    assert near(plat.pixel(x, y), GOLD) and near(plat.pixel(x + 16, y + 10), GOLD)
    press(app, K_A)  # a card taken: the cursor goes to the stones, the frame with it
    assert app.sel == 1 and b.stone_cursor.grid[0] == gfx.T_CURSOR


def test_played_text_without_claims_is_unchanged():
    from ui.turn import played_text

    play = G.encode(G.KIND_PLAY, 33, 2)
    assert played_text(G, "AI", [play, G.encode(G.KIND_DONE)]) == "AI played G7 on stone 3"
    assert played_text(G, "AI", [G.encode(G.KIND_PASS)]) == "AI could not play"
    # the 1999 timing: the human's automatic claims come after the AI's moves
    both = [play, G.encode(G.KIND_CLAIM, -1, 0), G.encode(G.KIND_CLAIM, -1, 7)]
    assert played_text(G, "AI", both, 1) == "AI: G7 on 3; you claimed 1 8"
    assert played_text(G, "AI", both) == "AI: G7 on 3, claimed 1 8"


def test_the_stones_held_and_the_match_points(plat, tmp_path):
    """Item 3: "The running count of stones held by each side is never shown; the "0-0" is
    match points and stays 0-0 for a one-round game. Show both where they mean something."
    Beside the hand: the stones held (the player's first), then the match's points in gold,
    only in a match of several rounds."""
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    new_game(app)
    b = app.board
    assert side_text(b, 1) == "0-0" and side_text(b, 2) == ""
    claim_by_playing(app)
    assert side_text(b, 1) == "1-0" and side_text(b, 2) == ""
    # a match of three rounds: the points show in gold
    press(app, K_A)
    app2 = A.App(
        SimPlatform(str(tmp_path / "s2.bin"), headless=True), seed=4, chooser_for=first_legal_chooser
    )
    try:
        to_row(app2, 2)
        press(app2, K_A, K_DOWN, K_DOWN, K_RIGHT, K_B)  # Rounds: 3
        assert app2.settings.rounds == 3
        new_game(app2)
        b2 = app2.board
        assert side_text(b2, 1) == "0-0" and side_text(b2, 2) == "0-0"
        assert b2.side.grid[2 * b2.side.cols] == gfx.glyph("0", gfx.GOLD)
        app2.session.match.scores[0] = 5
        app2.redraw()
        assert side_text(b2, 2) == "5-0"
    finally:
        app2.p.close()


def test_the_manual_claim_step_shows_only_with_a_stone_to_try(plat):
    """Item 4: "With manual claims, the claim step (and its extra B press) appears on every
    turn once any stone is complete, even when nothing can be claimed: skip it when no claim
    is possible." Issue 36 item 8 then: "Offer every complete tile (stone) in the manual step;
    the refusal explains." A whole game by keys: the player is in the claim step only with a
    complete stone of theirs to claim or to try, and it came up, once with nothing provable."""
    app = A.App(plat, seed=6, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0, claims_manual=True)
    new_game(app)
    steps = []
    orig = app.redraw

    def redraw(note=None):
        st = app.session.state if app.session else None
        if (
            st is not None
            and app.mode == A.BOARD
            and app.session.human_to_move()
            and st.phase == st1.PH_CLAIM
        ):
            steps.append((sum(G.can_try(st, t) for t in range(9)), len(G.claimable(st))))
        orig(note)

    app.redraw = redraw
    play_round_by_keys(app, plat)
    assert steps and min(steps)[0] >= 1 and min(n for _, n in steps) == 0


def test_a_refused_claim_says_the_hand_counts(plat):
    """Item 5: "A refused claim names a counter-example card the player holds in their own
    hand ("They could add R7 R8" with R7 in hand). The rule is right; the screen must say
    why"."""
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0, claims_manual=True)
    new_game(app)
    # stone 3: R1 R2 R3 against G8 G9, which G7 (in the player's own hand) would beat; stone 6
    # proven, so the claim step shows.
    st = build({3: ("R1 R2 R3", "G8 G9"), 6: ("B1 B2 B3", "Y1 Y2")}, hand1="G7 P9", phase=st1.PH_CLAIM)
    app.session.state = st
    app.unpick()
    app.redraw()
    assert app.stone_i == 5  # on the claimable stone
    press(app, K_LEFT)
    assert app.stone_i == 2
    press(app, K_A)
    assert app.board.msg.text == "Your hand counts: G7" and st.owner[2] == 0
    # without the card in hand: the old words
    st2 = build({3: ("R1 R2 R3", "G8 G9"), 6: ("B1 B2 B3", "Y1 Y2")}, hand1="P9", phase=st1.PH_CLAIM)
    app.session.state = st2
    app.unpick()
    app.redraw()
    press(app, K_LEFT, K_A)
    assert app.board.msg.text == "They could add G7"


def test_the_claimable_stone_shows_inside_the_cursor(plat):
    """Item 6: "The claimable marker is a 1-px rim that the cursor box hides during the claim
    step." The claimable stone is gold inside, where the cursor's rings do not reach."""
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    settings_via_menu(app, opponent=0, claims_manual=True)
    new_game(app)
    app.session.state = build({1: ("R1 R2 R3", "G2 Y5 B7")}, hand1="P9", phase=st1.PH_CLAIM)
    app.unpick()
    app.redraw()
    b = app.board
    assert app.stone_i == 0 and not b.stone_cursor.grid.hidden
    assert (b.stone_cursor.grid.x, b.stone_cursor.grid.y) == (b.x, STONE_Y)
    plat.refresh()
    inside = [plat.pixel(b.x + x, STONE_Y + y) for x in (3, 4, 12, 13) for y in (4, 5, 6)]
    assert all(near(c, GOLD) for c in inside)
    press(app, K_A)  # claimed: the stone is the player's, grey inside
    app.finish_anim()
    plat.refresh()
    assert near(plat.pixel(b.x + 12, STONE_Y + 2), STONE_GREY)


def test_the_settings_say_what_the_keys_do_and_grey_rows_are_skipped(plat):
    """Item 7: "The settings screen says only "B: back"; A, Left and Right change values,
    which nobody discovers. A greyed-out "Continue" can still be selected." """
    app = A.App(plat, seed=3, chooser_for=first_legal_chooser)
    menu = app.pages.title_menu
    assert menu.grey[0] and menu.index == 1
    rows = set()
    for k in (K_UP,) * 6 + (K_DOWN,) * 6:
        press(app, k)
        rows.add(menu.index)
    assert 0 not in rows and rows == {1, 2, 3, 4}
    to_row(app, 2)
    press(app, K_A)
    assert app.mode == A.SETTINGS and app.pages.settings_note.text == "A < >: change   B: back"
    for _ in range(6):
        press(app, K_DOWN)
    assert app.pages.settings_menu.index == 6 and app.pages.settings_note.text == "A: clear...   B: back"
    press(app, K_DOWN)
    assert app.pages.settings_note.text == "A < >: change   B: back"
    press(app, K_B)
    new_game(app)
    press(app, K_A, K_A)
    app.ai_turn()
    press(app, K_START, K_UP, K_A)  # Quit to title: a game to continue
    menu = app.pages.title_menu  # the pages are made again for the title
    assert app.mode == A.TITLE and not menu.grey[0]
    for _ in range(5):
        press(app, K_UP)
        rows.add(menu.index)
    assert 0 in rows


# -- item 10, the device's side ------------------------------------------------------------------


class Drive(SimPlatform):
    """A platform whose drive is writable (boot.py's option), keeping what is written; `fail`
    makes write_text raise that exception, `full` makes it answer False (a full drive)."""

    drive_writable = True
    fail = None
    full = False

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.files = {}

    def write_text(self, path, text):
        if self.fail is not None:
            raise self.fail
        if self.full:
            return False
        self.files[path] = text
        return True


@pytest.fixture
def fake_os(monkeypatch):
    """os.mkdir and os.remove as the game calls them, recorded (no folder on this machine)."""
    calls = []

    def mkdir(path):
        calls.append(("mkdir", path))
        raise OSError(17, "exists")

    def remove(path):
        calls.append(("remove", path))

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(os, "remove", remove)
    return calls


def test_a_finished_game_is_written_to_a_writable_drive(tmp_path, fake_os):
    """Item 10: "the device, when its drive is writable (the boot.py option), does too": each
    finished round's record, a file per game, that replays to the game played."""
    import sys

    from engine.record_text import replay_text

    p = Drive(str(tmp_path / "save.bin"), headless=True)
    try:
        app = A.App(p, seed=7, chooser_for=first_legal_chooser)
        new_game(app)
        seed = app.session.rec.seed
        play_round_by_keys(app, p)
        final = app.result[0]
        # let go of after writing: out of sys.modules and off its package, or its code stays
        import engine.st1
        import ui

        assert "ui.gamefile" not in sys.modules and "gamefile" not in vars(ui)
        assert "engine.st1.notation" not in sys.modules and "notation" not in vars(engine.st1)
        assert list(p.files) == ["/games/st1-%d-1.txt" % seed]
        rec, st = replay_text(p.files["/games/st1-%d-1.txt" % seed])
        assert st.winner == final.winner and st.phase == st1.PH_OVER and rec.seed == seed
        assert ("mkdir", "/games") in fake_os
    finally:
        p.close()


@pytest.mark.parametrize("how", ["oserror", "full", "memory", "readonly"])
def test_a_record_not_written_never_stops_the_game(tmp_path, fake_os, how):
    """Item 10: "nothing when read-only; a full drive or an OSError never crashes the game"."""
    import sys

    p = Drive(str(tmp_path / "save.bin"), headless=True)
    p.fail = {"oserror": OSError(5, "EIO"), "memory": MemoryError()}.get(how)
    p.full = how == "full"
    p.drive_writable = how != "readonly"
    try:
        app = A.App(p, seed=7, chooser_for=first_legal_chooser)
        new_game(app)
        if how == "readonly":
            sys.modules.pop("ui.gamefile", None)
        play_round_by_keys(app, p)
        assert app.mode == A.ROUND_END and app.board.panel.lines[0].text == "GAME OVER"
        assert p.files == {}
        if how == "readonly":
            assert fake_os == [] and "ui.gamefile" not in sys.modules
        elif how == "full":
            assert fake_os[-1][0] == "remove"  # what the full drive kept of it
        press(app, K_A)
        assert app.mode == A.TITLE and app.stats.wins() + app.stats.losses() == 1
    finally:
        p.close()


def test_a_tactic_games_record_on_the_drive_replays():
    """The drive's record of a tactic game says its variant ("variant tactic", as the desktop
    writer does), so `replay` rebuilds the tactic game and not a base game of its moves."""
    from engine.record import Record
    from engine.record_text import replay_text
    from engine.rng import Rng
    from engine.st1 import game as g
    from ui.gamefile import record_text

    rec = Record(11, 0, 0, None, 1)
    st = rec.start()
    rng = Rng(3)
    while not g.is_over(st):
        legal = st.legal_moves()
        m = legal[rng.randrange(len(legal))]
        st.apply(m)
        rec.moves.append(m)
    text = record_text(g, rec, st.winner, 1, 1)
    assert "\nvariant tactic\n" in text
    got, end = replay_text(text)
    assert got.variant == 1 and got.moves == rec.moves and end.winner == st.winner
