"""Notation: cards, moves, positions and records round-trip; malformed input is rejected clearly."""

import pytest

from engine import st1
from engine.cards import name, parse
from engine.errors import IllegalMove
from engine.notation import move_text, parse_move, parse_position, position_text
from engine.record import Record, unpack
from engine.record_text import parse_text, record_text, replay_text
from engine.rng import Rng
from engine.st1.play import random_move
from tests.helpers import snapshot


def test_cards_round_trip():
    assert parse("G7") == 33 and name(33) == "G7" and parse("r1") == 0 and name(53) == "P9"
    for c in range(54):
        assert parse(name(c)) == c
    for bad in ("G0", "X5", "G10", "", "7G", None, "G"):
        with pytest.raises(IllegalMove):
            parse(bad)


def test_moves_round_trip():
    assert move_text(299) == "G7@3" and parse_move("G7@3") == 299
    assert parse_move("C3") == st1.CLAIM + 2 and parse_move("done") == st1.DONE
    for m in list(range(54 * 9)) + [st1.CLAIM + s for s in range(9)] + [st1.DONE, st1.PASS]:
        assert parse_move(move_text(m)) == m
    for bad in ("G7@0", "G7@10", "G7", "C0", "claim", "Z1@1", "G7@"):
        with pytest.raises(IllegalMove):
            parse_move(bad)


def _random_states(n, timing):
    rng = Rng(3)
    for g in range(n):
        st = st1.State(g, timing, g & 1)
        while True:
            yield st
            if st.phase == st1.PH_OVER:
                break
            st.apply(random_move(st, rng))


@pytest.mark.parametrize("timing", [st1.T2016, st1.T1999])
def test_positions_round_trip(timing):
    for st in _random_states(30, timing):
        text = position_text(st)
        back = parse_position(text)
        assert position_text(back) == text
        assert snapshot(back) == snapshot(st)
        assert back.legal_moves() == st.legal_moves()


def test_malformed_positions_are_rejected():
    good = position_text(st1.State(1))
    bad = [
        good.replace("ST1", "ST9"),
        good.replace(" p1 ", " p3 "),
        " ".join(good.split()[:-1]),
        good.replace("h1=", "h1=R1."),  # duplicates a card
        good.replace("s1=-/-/-", "s1=-/-/3"),
        good.replace("s1=-/-/-", "s1=-@3/-/-"),
    ]
    for text in bad:
        with pytest.raises(IllegalMove):
            parse_position(text)


def test_records_replay_exactly_and_pack():
    rng = Rng(1)
    for timing in (st1.T2016, st1.T1999):
        rec = Record(77, timing, 1)
        st = rec.start()
        while st.phase != st1.PH_OVER:
            m = random_move(st, rng)
            st.apply(m)
            rec.moves.append(m)
        text = record_text(rec)
        assert text.strip().endswith("result %d" % (st.winner + 1))
        rec2, end = replay_text(text)
        assert snapshot(end) == snapshot(st)
        assert snapshot(unpack(rec.pack()).replay()) == snapshot(st)


def test_malformed_records_name_the_line():
    text = "game st1\ntiming 2016\nfirst 1\nseed 5\nmoves\n"
    st = st1.State(5)
    m = st.legal_moves()[0]
    ok = text + move_text(m) + " done\n"
    replay_text(ok)
    cases = {
        text.replace("seed 5", "seed x"): "line 4",
        text.replace("timing 2016", "timing 2017"): "line 2",
        text + move_text(m) + " done\nZZ@1\n": "line 7",
        text + move_text(m) + "\n" + move_text(m) + "\n": "line 7",  # claim step: not a play
        text + "done\n": "line 6",
        ok + "result 2\n": "line 7",
        "timing 2016\nmoves\n": "missing",
        text.replace("game st1", "game st3"): "line 1",
    }
    for bad, where in cases.items():
        with pytest.raises(IllegalMove, match=where):
            replay_text(bad)
    rec, lines = parse_text(ok)
    assert lines == [6, 6]
    for blob in (b"", b"\x01\x00\x00", b"\x02" + bytes(5), b"\x01\x09" + bytes(4)):
        with pytest.raises(IllegalMove):
            unpack(blob)


def _final_position(timing=st1.T2016, seed=4):
    rng = Rng(seed)
    st = st1.State(seed, timing)
    while st.phase != st1.PH_OVER:
        st.apply(random_move(st, rng))
    return st


def _field(text, i, value):
    """The position text with its field `i` replaced by `value`."""
    f = text.split()
    f[i] = value
    return " ".join(f)


def test_impossible_positions_are_rejected():
    """Issue 12, item 15: well-formed fields that no game can reach are refused, with why."""
    start = st1.State(1)
    good = position_text(start)
    deck = start.deck[: start.ndeck]
    h1 = ".".join(name(c) for c in start.hand_of(0))
    seven = _field(
        _field(good, 8, "h1=%s.%s" % (h1, name(deck[-1]))),
        10,
        "d=" + ".".join(name(c) for c in deck[:-1]),
    )
    over = position_text(_final_position())
    w = over.split()[4]
    cases = {
        seven: "more than 6 cards",
        _field(good, 6, "n3"): "n3, but 0 cards are on the stones",
        _field(good, 2, "p2"): "player 1 starts, so after 0 turns it is player 1's turn",
        over.replace(" over %s " % w, " claim w- "): "winning set of stones, but the game goes on",
        over.replace(" over ", " claim "): "over exactly when it has a winner",
        _field(good, 11, "s1=-/-/1"): "claimed it without a complete side",
    }
    for text, why in cases.items():
        with pytest.raises(IllegalMove, match=why):
            parse_position(text)
    for text in (good.replace(" t0 ", " t² "), good.replace(" t0 ", " t" + "9" * 5000 + " ")):
        with pytest.raises(IllegalMove, match="expected t<number>"):
            parse_position(text)
    assert position_text(parse_position(over)) == over


def test_apply_refuses_what_is_not_a_move_or_a_player():
    """Issue 12, item 15: apply(move, "1") raised TypeError and apply(True) played move 1."""
    st = st1.State(3)
    before = snapshot(st)
    m = st.legal_moves()[0]
    for args in ((m, "1"), (m, "0"), (m, 1.0), (m, True), (True,), (False,), (float(m),), ("G7@3",), (m, 2)):
        with pytest.raises(IllegalMove):
            st.apply(*args)
        assert snapshot(st) == before
    st.apply(m, 0)
    assert st.phase == st1.PH_CLAIM


def test_a_bool_or_a_negative_int_is_no_move():
    from engine.st1 import game
    from engine.st1.notation import move_text as text1

    for bad in (True, False, -1, "1"):
        with pytest.raises(IllegalMove):
            game.decode(bad)
        with pytest.raises(IllegalMove):
            text1(bad)
