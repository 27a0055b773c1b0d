"""The match controller behind the screens: turns, automatic steps, claims, undo, saves (their
format versions: a version-1 save resumes exactly, anything else is refused clearly)."""

import pytest

from engine import st1
from engine.errors import IllegalMove
from engine.games import load
from engine.notation import position_text
from engine.rng import Rng
from engine.st1.play import random_move
from tests import save_v1
from ui.session import GAME_VERSION, MSG_NEWER, OPP_DEMO, OPP_EASY, OPP_PASS, Session, Settings

G = load("st1")


def claim(stone):
    return G.encode(G.KIND_CLAIM, -1, stone)


def first_legal(view, rng, seat, tick):
    """A stand-in AI: the first legal move (claims first, as they sort before DONE)."""
    return view.legal_moves()[0]


def human_turn(s, rng):
    """Whatever the human can decide, decided at random (every provable claim made)."""
    st = s.state
    if st.phase == st1.PH_CLAIM:
        while s.human_to_move() and st.phase == st1.PH_CLAIM:
            stones = G.claimable(st)
            s.do(claim(stones[0]) if stones else G.encode(G.KIND_DONE))
    else:
        s.do(random_move(st, rng))


def play_out(s, rng):
    s.settle()
    while not s.round_over():
        if s.human_to_move():
            human_turn(s, rng)
        else:
            s.ai_step()
            s.settle()


@pytest.mark.parametrize("timing", [st1.T2016, st1.T1999])
@pytest.mark.parametrize("auto", [0, 1])
def test_whole_matches_against_the_ai(timing, auto):
    rng = Rng(timing * 2 + auto)
    s = Session(Settings(timing, OPP_EASY, rounds=3, auto_claims=auto), 1234, first_legal)
    while True:
        play_out(s, rng)
        w = s.state.winner
        before = list(s.match.scores)
        over = s.finish_round()
        assert s.match.scores[w] == before[w] + 5
        if over:
            break
        s.next_round()
        assert s.state.to_move == w  # the winner starts the next round
    assert s.match.played == 3


def test_automatic_claims_happen_for_the_human():
    s = Session(Settings(st1.T2016, OPP_PASS, auto_claims=1), 5, first_legal)
    rng = Rng(3)
    claimed = 0
    while not s.round_over():
        if s.state.phase == st1.PH_CLAIM:
            # With automatic claims a human never sits in the claim step.
            pytest.fail("human left in the claim step")
        m = random_move(s.state, rng)
        claimed += sum(1 for x in s.do(m) if G.kind(x) == G.KIND_CLAIM)
    assert claimed >= 3 and claimed == s.state.stones_of(0) + s.state.stones_of(1)


def test_failed_manual_claim_shows_a_counterexample_and_changes_nothing():
    s = Session(Settings(st1.T2016, OPP_PASS, auto_claims=0), 5, first_legal)
    from tests.helpers import build, cards

    s.state = build({2: ("R1 R2 R3", "G8 G9")}, hand1="B1", phase=st1.PH_CLAIM)
    n = len(s.rec.moves)
    before = position_text(s.state)
    assert G.claim_check(s.state, 1) == cards("G7")  # what the screen says
    with pytest.raises(IllegalMove):
        s.do(claim(1))
    assert len(s.rec.moves) == n and s.state.owner[1] == 0 and s.marks == []
    assert position_text(s.state) == before
    # Issue 36 item 8: stone 2 may still be tried (the screen says why not): the step waits
    # for the player, whose B (DONE) ends it.
    assert s.settle() == [] and s.state.phase == st1.PH_CLAIM and s.state.to_move == 0
    s.do(G.encode(G.KIND_DONE))
    assert s.rec.moves[n] == G.encode(G.KIND_DONE) and s.state.owner[1] == 0 and s.state.turn > 0


@pytest.mark.parametrize("timing", [st1.T2016, st1.T1999])
def test_the_manual_claim_step_shows_while_a_stone_may_be_tried(timing):
    """Issue 36 item 8: "Offer every complete tile (stone) in the manual step; the refusal
    explains": the step waits while a complete stone of the player's is unclaimed, proven or
    not, and is skipped (DONE) only when there is nothing to try (issue 12 item 4: "skip it
    when no claim is possible")."""
    from tests.helpers import build

    nxt = (1, st1.PH_PLAY) if timing == st1.T2016 else (0, st1.PH_PLAY)  # after DONE
    s = Session(Settings(timing, OPP_EASY, auto_claims=0), 5, first_legal)
    # stone 2 complete but not proven (G7 could still beat it), stone 5 proven (build: 1-based)
    s.state = build(
        {2: ("R1 R2 R3", "G8 G9"), 5: ("B1 B2 B3", "Y1 Y2")}, hand1="B9", phase=st1.PH_CLAIM, timing=timing
    )
    assert s.settle() == [] and s.state.phase == st1.PH_CLAIM and s.state.to_move == 0
    s.do(claim(4))
    assert s.state.owner[4] == 1  # stone 2 is left to try: the step stays
    assert s.state.phase == st1.PH_CLAIM and s.state.to_move == 0 and s.rec.moves[-1] == claim(4)
    s.do(G.encode(G.KIND_DONE))
    assert (s.state.to_move, s.state.phase) == nxt and s.state.owner[1] == 0
    # Only the unproven stone, nothing claimable: the step still waits for the player.
    s.state = build({2: ("R1 R2 R3", "G8 G9")}, hand1="B9", phase=st1.PH_CLAIM, timing=timing)
    assert s.settle() == [] and s.state.phase == st1.PH_CLAIM
    # A stone claimed already and sides not complete: nothing to try, the step is skipped.
    s.state = build(
        {2: ("R1 R2", "G8 G9"), 5: ("B1 B2 B3", "Y1 Y2 Y3")}, hand1="B9", phase=st1.PH_CLAIM, timing=timing
    )
    s.state.owner[4] = 1
    assert s.settle()[0] == G.encode(G.KIND_DONE) and (s.state.to_move, s.state.phase) == nxt
    # Automatic claims: what holds is claimed, and the unproven stone holds no step.
    a = Session(Settings(timing, OPP_EASY, auto_claims=1), 5, first_legal)
    a.state = build(
        {2: ("R1 R2 R3", "G8 G9"), 5: ("B1 B2 B3", "Y1 Y2")}, hand1="B9", phase=st1.PH_CLAIM, timing=timing
    )
    assert a.settle() == [claim(4), G.encode(G.KIND_DONE)] and a.state.owner[1] == 0


def test_the_tactic_variants_manual_claim_step_shows_while_a_stone_may_be_tried():
    """The same in the first game's tactic variant (a Mud Fight stone: four cards a side)."""
    from tests.tactic_helpers import tbuild

    t = Settings(st1.T2016, OPP_EASY, auto_claims=0)
    t.variant = 1
    s = Session(t, 5, first_legal)
    s.state = tbuild(
        {3: ("R1 R2 R3 R4", "G8 G9 G7"), 6: ("B1 B2", "Y1 Y2 Y3")}, "B9", modes={3: "M"}, phase=1
    )
    assert (
        G.claimable(s.state) == [] and G.can_try(s.state, 2) and isinstance(G.claim_check(s.state, 2), list)
    )
    assert s.settle() == [] and s.state.phase == st1.PH_CLAIM
    s.state = tbuild({3: ("R1 R2 R3", "G8 G9 G7"), 6: ("B1 B2", "Y1 Y2 Y3")}, "B9", modes={3: "M"}, phase=1)
    assert s.settle()[0] == G.encode(G.KIND_DONE) and s.state.phase != st1.PH_CLAIM


def test_an_illegal_decision_changes_nothing():
    """Session.do refuses what is not a legal move now: the state, the record and the undo
    marks stay as they were."""
    s = Session(Settings(st1.T2016, OPP_EASY), 12, first_legal)
    legal = s.state.legal_moves()
    before = (position_text(s.state), list(s.rec.moves), list(s.marks))
    for bad in (claim(0), G.encode(G.KIND_DONE), G.encode(G.KIND_PASS), max(legal) + 1, -1, 10**6, True):
        if bad in legal:
            continue
        with pytest.raises(IllegalMove):
            s.do(bad)
        assert (position_text(s.state), s.rec.moves, s.marks) == before
    s.do(legal[0])
    assert s.rec.moves[0] == legal[0] and len(s.marks) == 1


def test_undo_goes_back_to_the_humans_turn():
    s = Session(Settings(st1.T2016, OPP_EASY), 77, first_legal)
    s.settle()
    assert not s.can_undo()
    start = list(s.rec.moves)
    hand = s.state.hand_of(0)
    s.do(s.state.legal_moves()[5])
    while not s.human_to_move():
        s.ai_step()
        s.settle()
    assert s.can_undo()
    assert s.undo()
    assert s.rec.moves == start and s.state.hand_of(0) == hand and s.human_to_move()
    assert not s.can_undo()


def test_pass_and_play_undoes_only_the_turn_being_played():
    """Issue 36 item 3: the player's own steps before the hand-over, not the other's turn."""
    s = Session(Settings(st1.T2016, OPP_PASS), 77, first_legal)
    s.settings.auto_claims = 0
    s.do(s.state.legal_moves()[0])  # a card: the turn passes (nothing to claim)
    assert s.state.to_move == 1 and not s.can_undo() and not s.undo()
    n = len(s.rec.moves)
    s.do(s.state.legal_moves()[0])
    if s.state.to_move == 1:  # still player 2's turn (the claim step): their card comes back
        assert s.can_undo() and s.undo() and len(s.rec.moves) == n


OPP_HARD_ = 2


def test_save_and_resume_mid_match():
    rng = Rng(8)
    settings = Settings(st1.T1999, OPP_EASY, rounds=3, auto_claims=0)
    s = Session(settings, 99, first_legal)
    play_out(s, rng)
    s.finish_round()
    s.next_round()
    s.settle()
    for _ in range(6):
        if s.human_to_move():
            human_turn(s, rng)
        else:
            s.ai_step()
    blob = s.pack()
    seed = s.seed.to_bytes(4, "big")
    m = s.match
    assert blob[:14] == bytes((GAME_VERSION, 1, 0, 0, 0)) + seed + bytes((3, 1, *m.scores, m.next_first))
    assert blob[14:] == s.rec.pack()
    r = Session.unpack(blob, Settings.unpack(settings.pack()), first_legal)
    assert r.rec.moves == s.rec.moves and r.match.scores == s.match.scores
    assert r.state.legal_moves() == s.state.legal_moves() and r.match.played == 1
    assert position_text(r.state) == position_text(s.state)
    with pytest.raises(IllegalMove):
        Session.unpack(blob[:-1], settings, first_legal)
    with pytest.raises(IllegalMove):
        Session.unpack(blob, Settings(st1.T2016, OPP_EASY, rounds=3), first_legal)


def test_a_version_1_save_resumes_exactly():
    """The game bytes saved before issue 11 (version 1: no game, variant, role or match kind;
    the record in format 0x12, and in the older 0x01) resume the same match, move for move."""
    settings = Settings.unpack(save_v1.SETTINGS)
    old_record = save_v1.GAME[:10] + b"\x01" + save_v1.GAME[12:]  # 0x12, variant 0 -> 0x01
    for data in (save_v1.GAME, old_record):
        s = Session.unpack(data, settings, first_legal)
        assert s.rec.moves == save_v1.MOVES and s.seed == save_v1.SEED
        assert (s.match.played, s.match.scores, s.match.next_first) == (
            save_v1.PLAYED,
            save_v1.SCORES,
            save_v1.NEXT_FIRST,
        )
        assert position_text(s.state) == save_v1.POSITION
        again = Session.unpack(s.pack(), settings, first_legal)  # saved again: version 2
        assert s.pack()[0] == 2 and position_text(again.state) == save_v1.POSITION
        assert again.rec.moves == save_v1.MOVES and again.match.scores == save_v1.SCORES


def test_saved_games_of_other_versions_and_corrupt_ones_are_refused():
    """A clear IllegalMove (never another exception), the settings untouched: newer versions
    (MSG_NEWER, for the title), version 0, every truncation (but those between two moves: the
    same round, earlier), another game or variant in the header or the record, and random
    corruption (which may also read as another legal game)."""
    settings = Settings(st1.T2016, OPP_EASY, rounds=3)
    s = Session(settings, 7, first_legal)
    s.settle()
    for _ in range(5):
        s.do(s.state.legal_moves()[0])
        while not s.human_to_move():
            s.ai_step()
            s.settle()
    blob = s.pack()
    kept = settings.pack()
    for v in (3, 17, 255):
        with pytest.raises(IllegalMove, match="newer version"):
            Session.unpack(bytes((v,)) + blob[1:], settings)
    assert MSG_NEWER == "Saved game: newer version"
    for n in range(len(blob)):
        try:
            r = Session.unpack(blob[:n], settings)
        except IllegalMove:
            continue
        # The record has no move count: cut between two moves, it is the same round earlier.
        k = len(r.rec.moves)
        assert n == 14 + 7 + 2 * k and r.rec.moves == s.rec.moves[:k]
    for i, bad in ((0, 0), (1, 2), (2, 1), (3, 1), (4, 1), (9, 5), (10, 3), (14, 0x22), (15, 1)):
        data = bytearray(blob)
        data[i] = bad
        with pytest.raises(IllegalMove):
            Session.unpack(bytes(data), settings)
    rng = Rng(3)
    refused = 0
    for _trial in range(300):
        data = bytearray(blob)
        for _ in range(1 + rng.randrange(3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            Session.unpack(bytes(data), settings)
        except IllegalMove:
            refused += 1
    assert refused > 150
    assert settings.pack() == kept


def test_demo_has_no_human():
    s = Session(Settings(st1.T2016, OPP_DEMO), 4, first_legal)
    while not s.round_over():
        assert not s.human_to_move()
        s.ai_step()
    assert s.state.winner in (0, 1)


def fields(t):
    return (
        t.timing,
        t.opponent,
        t.rounds,
        t.auto_claims,
        t.sound,
        t.first,
        t.game,
        t.variant,
        t.role,
        t.kind,
    )


DEFAULTS = fields(Settings())


def test_settings_pack_and_reject_garbage():
    a = Settings(st1.T1999, OPP_PASS, 5, 0, 0, 1)
    # version 2: the six fields of version 1, then game, variant, role and match kind
    assert a.pack() == bytes((2, 1, 3, 5, 0, 0, 1, 1, 0, 0, 0))
    b = Settings.unpack(a.pack())
    assert fields(b) == (1, 3, 5, 0, 0, 1, 1, 0, 0, 0)
    d = Settings.unpack(b"\x01\x07\x09\x09\x09\x09\x09")
    assert (d.timing, d.opponent, d.rounds) == (0, 1, 1)
    # An even match length is not offered by the menu: refused, defaults instead.
    assert Settings.unpack(b"\x01\x00\x00\x04\x00\x00\x00").rounds == 1
    assert Settings.unpack(b"").rounds == 1
    assert fields(Settings.unpack(None)) == DEFAULTS


def test_settings_of_version_1_are_migrated():
    """The settings saved before issue 11 (7 bytes, version 1) keep every choice and become
    the first game's base game."""
    got = Settings.unpack(save_v1.SETTINGS)
    assert fields(got) == (1, 0, 3, 0, 1, 1, 1, 0, 0, 0)
    assert Settings.unpack(got.pack()).pack() == got.pack()


def test_settings_refuse_short_corrupt_and_unplayable_data():
    """Anything but a whole valid record of a known version gives the defaults (never an
    exception): every truncation, every unknown version, every field out of range. A game
    or variant these screens do not play yet is kept (the title refuses to start it with a
    note: tests/test_ui_settings.py), and Session plays the first game only (ui.session2
    the second)."""
    good = Settings(st1.T1999, OPP_HARD_, 3, 0, 1, 1).pack()
    for n in range(len(good)):
        assert fields(Settings.unpack(good[:n])) == DEFAULTS, n
    for v in (0, 3, 255):
        assert fields(Settings.unpack(bytes((v,)) + good[1:])) == DEFAULTS
    for i, bad in ((1, 2), (2, 5), (3, 2), (4, 2), (5, 2), (6, 2), (7, 3), (7, 0), (8, 2), (9, 2), (10, 2)):
        data = bytearray(good)
        data[i] = bad
        assert fields(Settings.unpack(bytes(data))) == DEFAULTS, (i, bad)
    data = bytearray(good)
    data[7], data[8], data[9], data[10] = 2, 1, 1, 1  # the second game's tactic variant, Defender, revenge
    got = Settings.unpack(bytes(data))
    assert (got.game, got.variant, got.role, got.kind) == (2, 1, 1, 1)
    with pytest.raises(IllegalMove):
        t = Settings()
        t.game = 2
        Session(t, 1)


def test_a_memory_error_in_the_ais_turn_falls_back_to_a_cheaper_move(monkeypatch):
    """A MemoryError anywhere in the AI's decision never reaches the player: the Easy AI
    answers, and if even that runs out of memory, the first legal move."""
    from engine import ai

    def broke(view, rng, seat, tick):
        raise MemoryError("search")

    s = Session(Settings(opponent=OPP_DEMO), 3, broke)
    rng = Rng(3)
    for _ in range(6):
        st = s.state
        legal = st.legal_moves()
        easy = ai.choose(st.view(st.to_move), Rng(1), ai.EASY)
        assert easy in legal
        m = s.ai_step()
        assert m in legal
        s.settle()
    assert s.fallbacks == 6
    real = ai.choose
    calls = []

    def out_of_memory(*a, **k):
        calls.append(a[2])
        raise MemoryError("easy too")

    monkeypatch.setattr(ai, "choose", out_of_memory)
    legal = s.state.legal_moves()
    assert s.ai_step() == legal[0] and calls == [ai.EASY] and s.fallbacks == 7
    monkeypatch.setattr(ai, "choose", real)
    play_out(s, rng)  # and the game goes on to its end
    assert s.round_over()


def test_a_rounds_move_list_has_room_made_when_it_starts():
    """ui.session.room: the moves given, room for a round's more; the Session's record (new
    and resumed) and the second game's current game hold such a list. On CircuitPython's VM
    appending a round's moves to it allocates nothing (grown mid-round, its 1 KB renewal
    found no free run on a fragmented heap: the twin's crash screen at ui/session.py)."""
    from tests.mp_util import run_vm
    from ui.resume import session as resume
    from ui.session import room

    assert room() == [] and room([5, 6]) == [5, 6] and room(list(range(300))) == list(range(300))
    s = Session(Settings(), 7, first_legal)
    for _ in range(6):
        s.ai_step() if not s.human_to_move() else s.do(s.state.legal_moves()[0])
    r = resume(s.pack(), s.settings, first_legal)
    assert r.rec.moves == s.rec.moves and r.rec.moves is not s.rec.moves
    code = (
        "import gc\nfrom ui.session import room\n"
        "for n in (0, 7, 230):\n"
        " r = room(list(range(n)))\n gc.collect()\n f = gc.mem_free()\n"
        " for i in range(256 - n if n < 224 else 64):\n  r.append(i)\n"
        " gc.collect()\n print(f - gc.mem_free(), len(r))\n"
    )
    p = run_vm(["-c", code], heap="64K")
    assert p.returncode == 0, p.stderr
    out = [line.split() for line in p.stdout.splitlines()]
    assert [n for _, n in out] == ["256", "256", "294"], p.stdout
    assert all(abs(int(d)) <= 16 for d, _ in out), p.stdout  # a block of the loop's, no list's 1 KB
