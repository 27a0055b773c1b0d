"""Schotten Totten 2 notation, records (text and packed) and the revenge match."""

import pytest

from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import game
from engine.st2 import moves as T
from engine.st2.cards import name
from engine.st2.match import REVENGE, SINGLE, Match
from engine.st2.notation import move_text, parse_card, parse_move, parse_position, position_text
from engine.st2.play import random_move
from engine.st2.record import Record, unpack
from engine.st2.recordtext import parse_record, record_text, replay_text
from engine.st2.rmatch import random_match
from engine.st2.state import State
from tests.st2_helpers import build, check_invariants, snapshot

parse = parse_card

# Every move of the space: the base game's, then the tactic variant's (elite troops at a tile,
# action cards, pass, the draws, the steps)
VALID = [m for m in range(T.NMOVES) if m < 64 * 7 or T.DECLARE <= m <= T.DONE and m != T.RETREAT]
VALID += [c * 7 for c in range(64, 71)] + list(range(T.PASS, T.TARGET_CARD + 71))
VALID += list(range(T.TARGET_TILE, T.TARGET_DISCARD + 1))
VALID.sort()


def test_card_names_round_trip():
    """DESIGN.md: 'Schotten Totten 2: colours R Y G B P, strengths 0–11 (B11)'."""
    assert parse("B11") == 47 and name(47) == "B11" and parse("R0") == 0 and name(59) == "P11"
    assert [parse(name(c)) for c in range(60)] == list(range(60))
    assert parse("g7") == parse("G7")
    for bad in ("B12", "X1", "B011", "B-1", "B", "B1 ", "", "O5", None, 7):
        with pytest.raises(IllegalMove):
            parse(bad)
    # Issue 12, item 15: str.isdigit() took these; int() then refused "B²" (a ValueError, not
    # IllegalMove) and read the Arabic-Indic "B١" as B1
    for bad in ("B²", "B¹¹", "B١", "B١١", "R\uff11", "B1²"):
        with pytest.raises(IllegalMove, match="unknown card"):
            parse(bad)
        with pytest.raises(IllegalMove, match="unknown card"):
            parse_move(bad + "@3")


def test_bools_are_no_moves():
    """Issue 12, item 15: a bool is an int in Python; True is no move (it was R0@2)."""
    for m in (True, False):
        for f in (move_text, game.decode):
            with pytest.raises(IllegalMove, match="no such move"):
                f(m)


def test_every_move_round_trips():
    for m in VALID:
        t = move_text(m)
        assert parse_move(t) == m, (m, t)
        assert game.encode(*game.decode(m)) == m
    assert move_text(331) == "B11@3" and move_text(T.DECLARE + 2) == "C3"
    assert move_text(T.CAULDRON + 2) == "oil3" and move_text(T.encode_retreat([0, 2, 4])) == "ret135"
    assert move_text(T.DONE) == "done"
    for m in set(range(T.NMOVES + 1)) - set(VALID):
        with pytest.raises(IllegalMove):
            move_text(m)
        with pytest.raises(IllegalMove):
            game.decode(m)
    for bad in ("B11@8", "B11@0", "C8", "oil", "oil9", "ret", "ret31", "ret11", "Z1@1", "x", "B11"):
        with pytest.raises(IllegalMove):
            parse_move(bad)


def test_positions_round_trip_through_random_games():
    rng = Rng(21)
    phases = set()
    for g in range(30):
        st = State(g)
        while True:
            text = position_text(st)
            back = parse_position(text)
            assert snapshot(back, False) == snapshot(st, False), text
            assert position_text(back) == text
            check_invariants(back)
            phases.add(st.phase)
            if st.phase == T.PH_OVER:
                break
            st.apply(random_move(st, rng))
    assert phases == {T.PH_PLAY, T.PH_DECLARE, T.PH_OVER}


def test_bad_positions_are_rejected_with_the_reason():
    text = position_text(build({3: ("R1 R2 R3", "G5")}, damaged=(4,)))
    assert " 4d=" in text and " 3u=R1.R2.R3@3/G5 " in text
    for old, new, why in (
        ("3u=R1.R2.R3@3/G5", "3u=R1.R2.R3/G5", "carries @n"),
        ("3u=R1.R2.R3@3/G5", "3u=R1.R2.R3.R4@3/G5", "more than 3"),
        ("3u=R1.R2.R3@3/G5", "3u=R1.R2.R3@3/R1", "twice"),
        ("3u=R1.R2.R3@3/G5", "3u=R1.R2.R3@3/-", "missing"),
        ("ST2 p1", "ST2 p3", "out of range"),
        (" o3 ", " o4 ", "out of range"),
        (" 4d=", " 4x=", "tile 4"),
    ):
        assert old in text
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(old, new))
    # Issue 12, item 15: numbers are ASCII digits of bounded length ("²" passed str.isdigit()
    # and int() refused it; int() refuses over 4,300 digits): each a clear IllegalMove
    for i in (1, 3, 4, 5, 6, 7):  # p, w, t, n, o, x
        f = text.split()
        for num in ("²", "١", "9" * 5000, "0" * 5000, "", "+1", "1_0"):
            f[i] = f[i][0] + num
            with pytest.raises(IllegalMove, match="expected %s<number>" % f[i][0]):
                parse_position(" ".join(f))


def test_a_declare_phase_hand_holds_the_card_played():
    """The declare phase comes after the Attacker's card ("play a card, then declare, then
    draw"): a position there with a full hand (6) would draw a 7th card after `done`."""
    st, rng = State(1), Rng(1)
    while st.phase != T.PH_DECLARE:
        st.apply(random_move(st, rng))
    text = position_text(st)
    f = text.split()
    h1 = f[8][len("h1=") :].split(".") if f[8] != "h1=-" else []
    d = f[11][len("d=") :].split(".")
    assert len(h1) == T.HAND - 1 and d, text
    f[8] = "h1=" + ".".join(h1 + d[:1])
    f[11] = "d=" + ".".join(d[1:]) if len(d) > 1 else "d=-"
    with pytest.raises(IllegalMove, match="holds %d at most" % (T.HAND - 1)):
        parse_position(" ".join(f))
    assert position_text(parse_position(text)) == text  # the real one still parses


def _play_out(st, rng, moves):
    while st.phase != T.PH_OVER:
        m = random_move(st, rng)
        st.apply(m)
        moves.append(m)
    return st


def test_single_game_record_text_and_packed_replay():
    rng = Rng(8)
    rec = Record(77, [], SINGLE)
    st = _play_out(rec.replay(), rng, rec.games[0][1])
    assert any(m >= T.DECLARE for m in rec.games[0][1])  # not just card plays
    text = record_text(rec)
    assert text.startswith("game st2\nmode single\nseed 77\nmoves\n")
    assert text.endswith("result %d\n" % (st.winner + 1))
    rec2, match, st2 = replay_text(text)
    assert snapshot(st2, False) == snapshot(st, False) and match.winner() == st.winner
    assert record_text(rec2) == text
    back = unpack(rec.pack())
    assert back.games == rec.games and back.mode == SINGLE and snapshot(back.replay()) == snapshot(st)
    assert snapshot(rec.replay(upto=5)) == snapshot(Record(77, rec.games[0][1][:5]).replay())


def test_revenge_match_records_replay():
    """'playing two games back to back, exchanging roles': the record holds both games."""
    rng = Rng(3)
    for seed in range(6):
        m, rec = random_match(REVENGE, seed * 10, rng)
        assert len(rec.games) >= 2 and len(rec.games) % 2 == 0
        text = record_text(rec)
        assert text.count("\nseed ") == len(rec.games)
        rec2, m2, _ = replay_text(text)
        assert m2.winner() == m.winner() and m2.results == m.results
        m3, _ = unpack(rec.pack()).replay_match()
        assert m3.results == m.results


def test_bad_records_name_the_line():
    rng = Rng(4)
    rec = Record(5, [], SINGLE)
    st = _play_out(rec.replay(), rng, rec.games[0][1])
    lines = record_text(rec).splitlines()
    bad = lines[:]
    bad[5] = bad[5] + " Z9@1"
    with pytest.raises(IllegalMove, match="line 6"):
        replay_text("\n".join(bad))
    bad = lines[:]
    bad[4] = "B11@3 " + bad[4] if "B11@3" not in bad[4] else "R0@1 " + bad[4]
    with pytest.raises(IllegalMove, match="line 5"):
        replay_text("\n".join(bad))
    bad = lines[:-1] + ["result %d" % (2 - st.winner)]
    with pytest.raises(IllegalMove, match="line %d" % len(lines)):
        replay_text("\n".join(bad))
    for text, why in (
        ("game st1\n", "game st2"),
        ("game st2\nmode duel\n", "mode"),
        ("game st2\nmode single\n", "at least one"),
    ):
        with pytest.raises(IllegalMove, match=why):
            parse_record(text)
    # Issue 12, item 15: the seed is ASCII digits below 2**32 ("²" passed str.isdigit() and
    # int() refused it with a ValueError, as it does over 4,300 digits)
    text = record_text(rec)
    assert "\nseed 5\n" in text
    for seed in ("²", "5²", "١", "9" * 5000, "0" * 5000, "4294967296", "-1", "+5"):
        for f in (parse_record, replay_text):
            with pytest.raises(IllegalMove, match="line 3: seed is a number below 2"):
                f(text.replace("\nseed 5\n", "\nseed %s\n" % seed))
    assert replay_text(text.replace("\nseed 5\n", "\nseed 0000000005\n"))[0].games == rec.games
    data = rec.pack()
    for broken in (data[:-1], data[:2], b"\x01" + data[1:], data + b"\x00"):
        with pytest.raises(IllegalMove):
            unpack(broken)


def _won(attacker_won, deck=10, damaged=(), oil=3):
    st = build({}, damaged=damaged, oil=oil)
    st.winner = 0 if attacker_won else 1
    st.phase = T.PH_OVER
    st.ndeck = deck
    return st


def test_revenge_match_tie_breaks():
    """'If the same player wins each time, they are the undisputed champion.' 'If both players
    win as the Attacker, the player who won with more cards left in the deck is the ultimate
    winner. If both players win as the Defender, the player with more Wall tiles in good repair
    plus unused Oil Cauldron tokens is the ultimate winner. In case of a tie, play a rematch'."""
    m = Match(REVENGE)
    m.finish_game(_won(True))  # player 1 attacks and wins
    assert m.winner() is None and m.attacker() == 1
    m.finish_game(_won(False))  # player 2 attacks and loses: player 1 won both
    assert m.winner() == 0 and m.over()
    with pytest.raises(IllegalMove):
        m.new_game(1)
    m = Match(REVENGE)
    m.finish_game(_won(True, deck=12))
    m.finish_game(_won(True, deck=20))
    assert m.winner() == 1  # both won attacking: more cards left wins
    m = Match(REVENGE)
    m.finish_game(_won(False, damaged=(1, 2), oil=0))  # player 2 defends: 5 good + 0
    m.finish_game(_won(False, damaged=(1,), oil=1))  # player 1 defends: 6 good + 1
    assert m.winner() == 0
    m = Match(REVENGE)
    m.finish_game(_won(True, deck=12))
    m.finish_game(_won(True, deck=12))
    assert m.winner() is None and m.attacker() == 0  # tied: a rematch pair, same seating
    m.finish_game(_won(False))
    m.finish_game(_won(True))
    assert m.winner() == 1
    s = Match(SINGLE)
    s.finish_game(_won(False))
    assert s.winner() == 1 and s.over()
