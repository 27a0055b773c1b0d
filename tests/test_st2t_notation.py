"""Schotten Totten 2 tactic variant: the notation of every tactic move and step, positions,
records (text and packed, through engine.record too) and the desktop commands."""

import re

import pytest

from engine.errors import IllegalMove
from engine.rng import Rng
from engine.st2 import game
from engine.st2 import moves as T
from engine.st2.match import REVENGE, SINGLE
from engine.st2.notation import move_text, parse_move, parse_position, position_text
from engine.st2.record import Record
from engine.st2.recordtext import parse_record, record_text, replay_text
from engine.st2.rmatch import random_match
from engine.st2.tactic.cards import NAMES, name, parse
from engine.st2.tactic.play import random_move
from engine.st2.tactic.state import TState
from tests.st2t_helpers import build, check_invariants, snapshot
from tests.test_cli import sim


def test_tactic_card_names():
    """docs/NOTATION.md: tactic cards by name; the two Jokers are JOKER and JOKER2."""
    assert [name(c) for c in range(60, 71)] == list(NAMES)
    assert NAMES[:4] == ("JOKER", "JOKER2", "SPY", "SHIELD")
    assert all(parse(n) == 60 + i for i, n in enumerate(NAMES)) and parse("spy") == 62
    assert parse("B11") == 47 and name(47) == "B11"
    for bad in ("JOKER3", "SPY2", "EXCHANGES", "", None, 71):
        with pytest.raises(IllegalMove):
            parse(bad)
    with pytest.raises(IllegalMove):
        name(71)


def test_tactic_moves_and_their_decoding():
    """Every step of the variant: the text, the int and decode() (docs/ENGINE.md)."""
    table = [
        ("JOKER@3", 60 * 7 + 2, (game.KIND_PLAY, 60, 2, 0)),
        ("SHIELD@7", 63 * 7 + 6, (game.KIND_PLAY, 63, 6, 0)),
        ("DESERTION", 66 * 7, (game.KIND_PLAY, 66, -1, 0)),
        ("EXCHANGE", 70 * 7, (game.KIND_PLAY, 70, -1, 0)),
        ("pass", T.PASS, (game.KIND_PASS, -1, -1, 0)),
        ("ds", T.DRAW_SIEGE, (game.KIND_DRAW, -1, -1, 0)),
        ("dt", T.DRAW_TACTIC, (game.KIND_DRAW, -1, -1, 1)),
        (">B11", T.TARGET_CARD + 47, (game.KIND_STEP, 47, -1, 0)),
        (">JOKER2", T.TARGET_CARD + 61, (game.KIND_STEP, 61, -1, 0)),
        (">EXCHANGE", T.TARGET_CARD + 70, (game.KIND_STEP, 70, -1, 0)),
        (">3", T.TARGET_TILE + 2, (game.KIND_STEP, -1, 2, 0)),
        (">k", T.TARGET_DISCARD, (game.KIND_STEP, -1, -1, 1)),
    ]
    for text, m, parts in table:
        assert move_text(m) == text and parse_move(text) == m and game.decode(m) == parts, text
        assert game.encode(*parts) == m and game.kind(m) == parts[0]
    assert game.decode(462) == (game.KIND_PLAY, 66, -1, 0) and game.decode(697) == (game.KIND_STEP, 47, -1, 0)
    assert parse_move("joker@3") == 60 * 7 + 2 and parse_move(">b11") == T.TARGET_CARD + 47
    for bad in ("DESERTION@3", "SPY", "JOKER@8", ">", ">0", ">8", ">Q1", "JOKER3@1", "draw", ">kk"):
        with pytest.raises(IllegalMove):
            parse_move(bad)
    for bad in (64 * 7 + 1, 71 * 7, T.TARGET_CARD + 71, T.TARGET_DISCARD + 1, T.NMOVES - 1):
        with pytest.raises(IllegalMove):
            game.decode(bad)
        with pytest.raises(IllegalMove):
            move_text(bad)


def test_positions_round_trip_through_random_games():
    rng = Rng(21)
    phases = set()
    for g in range(25):
        st = TState(g)
        while True:
            text = position_text(st)
            back = parse_position(text)
            assert position_text(back) == text and snapshot(back)[:5] == snapshot(st)[:5], text
            assert (
                sorted(back.hand_of(0)) == sorted(st.hand_of(0))
                and back.deck[: back.ndeck] == st.deck[: st.ndeck]
            )
            assert back.legal_moves() == st.legal_moves()
            check_invariants(back)
            phases.add(st.phase)
            if st.phase == T.PH_OVER:
                break
            st.apply(random_move(st, rng))
    assert phases == set(range(6))


def test_a_position_in_the_middle_of_an_exchange():
    st = build({2: ("SPY R5", "G7")}, hand1="EXCHANGE Y1 Y2 Y3 Y4 Y5 Y6", tcount=(1, 1), used2="DESERTION")
    for t in ("EXCHANGE", ">Y1", ">Y2", ">Y3"):
        st.apply(parse_move(t))
    text = position_text(st)
    assert (
        text.startswith("ST2T p2 exchange w- ") and " a=EXCHANGE/3/Y1.Y2.Y3/- " in text and " c2/1 " in text
    )
    assert " u1=EXCHANGE u2=DESERTION " in text and " 2u=SPY.R5/G7 " in text
    back = parse_position(text)
    assert position_text(back) == text and back.legal_moves() == st.legal_moves()


def test_bad_tactic_positions_are_rejected_with_the_reason():
    st = build({3: ("R1 JOKER R3", "G5")}, hand1="SPY Y1 Y2 Y3 Y4 Y5 Y6", tcount=(1, 0))
    text = position_text(st)
    assert " 3u=R1.JOKER.R3@3/G5 " in text and text.startswith("ST2T ")
    for old, new, why in (
        (" c1/0 ", " c1/12 ", "out of range"),
        (" u1=- ", " u1=SPY ", "appears twice"),
        (" a=- ", " a=SPY/0/-/- ", "no action card"),
        (" a=- ", " a=DESERTION/0/-/- ", "action and exchange phases"),
        (" v=- ", " v=R1:1 ", "R1 is not hidden"),
        (" s=- ", " s=JOKER=B11.R1=B2 ", "an elite troop and the siege card"),
        (" q=", " q=R0.", "appears twice|cannot be in q="),
        ("ST2T p1", "ST2 p1", "19 fields"),
    ):
        assert old in text, old
        with pytest.raises(IllegalMove, match=why):
            parse_position(text.replace(old, new, 1))
    top = text.split(" d=")[1].split(".")[0]  # a siege card moved from the deck to the used actions
    with pytest.raises(IllegalMove, match="%s cannot be in u1=" % top):
        parse_position(text.replace(" d=%s." % top, " d=").replace(" u1=- ", " u1=%s " % top))


def _tactic_record(mode, seed):
    m, rec = random_match(mode, seed, Rng(seed), 1)
    return m, rec


def test_records_text_and_packed_replay():
    """A tactic record says 'variant tactic'; packed, its variant byte is 1; both replay the
    same games (engine.record.unpack too)."""
    from engine.record import unpack as unpack_any

    for mode in (SINGLE, REVENGE):
        m, rec = _tactic_record(mode, 40 + mode)
        text = record_text(rec)
        assert text.startswith("game st2\nvariant tactic\nmode %s\n" % ("single", "revenge")[mode])
        rec2, m2, st = replay_text(text)
        assert rec2.variant == 1 and m2.results == m.results and record_text(rec2) == text
        data = rec.pack()
        assert data[:2] == b"\x22\x01"
        back = unpack_any(data)
        assert back.variant == 1 and back.games == rec.games and back.replay_match()[0].results == m.results
        assert any(">" in line for line in text.splitlines())  # action steps were recorded
    with pytest.raises(IllegalMove, match="line 2"):
        parse_record("game st2\nvariant strategic\nmode single\n")
    bad = text.replace("variant tactic\n", "")  # the base game cannot replay tactic moves
    with pytest.raises(IllegalMove, match="line"):
        replay_text(bad)


def test_a_record_replays_to_every_position():
    m, rec = _tactic_record(SINGLE, 7)
    moves = rec.games[0][1]
    st = TState(7)
    for i, mv in enumerate(moves):
        assert snapshot(Record(7, moves[:i], SINGLE, 1).replay()) == snapshot(st)
        st.apply(mv)
        if i > 40:
            break


def test_the_desktop_commands(tmp_path):
    """`python -m sim selfplay --game st2 --variant tactic` and `python -m sim replay` of a
    tactic record."""
    r = sim(["selfplay", "--game", "st2", "--variant", "tactic", "--games", "30", "--seed", "3"])
    assert r.returncode == 0, r.stderr
    got = re.fullmatch(
        r"games=30 p1_wins=(\d+) p2_wins=(\d+) avg_turns=[\d.]+ games_per_s=[\d.]+", r.stdout.strip()
    )
    assert got and int(got.group(1)) + int(got.group(2)) == 30
    m, rec = _tactic_record(REVENGE, 11)
    p = tmp_path / "t.txt"
    p.write_text(record_text(rec))
    r = sim(["replay", str(p)])
    assert r.returncode == 0, r.stderr
    assert "result: player %d wins the match" % (m.winner() + 1) in r.stdout and "tactic deck" in r.stdout
    r = sim(["selfplay", "--game", "st2", "--variant", "strategic"])
    assert r.returncode == 2 and "base|tactic" in r.stderr


def test_tactic_games_through_the_game_object():
    """docs/ENGINE.md: every legal move of tactic games decodes, encodes back and reads and
    writes as text; plays name a card of the hand, declarations a tile that holds; the state
    names its game and variant."""
    from engine.games import of

    rng = Rng(4)
    kinds = set()
    for seed in range(8):
        st = game.new_state({"variant": 1}, seed)
        assert of(st) is game and of(st.view(0)) is game and game.options_of(st) == {"variant": 1}
        while not game.is_over(st):
            for mv in st.legal_moves():
                parts = game.decode(mv)
                assert game.encode(*parts) == mv and game.kind(mv) == parts[0]
                assert game.parse_move(game.move_text(mv)) == mv
                if parts[0] == game.KIND_PLAY:
                    assert parts[1] in st.hand_of(st.to_move) and (parts[2] >= 0) == (parts[1] < 64)
                elif parts[0] == game.KIND_DECLARE:
                    assert parts[2] in game.claimable(st) and game.claim_check(st, parts[2]) is None
                kinds.add(parts[0])
            st.apply(random_move(st, rng), st.to_move)
        assert game.result(st)[0] == st.winner
        assert game.parse_position(game.position_text(st)).legal_moves() == st.legal_moves()
    assert kinds >= {0, 1, 2, 3, 4, 6, 7}  # every kind but the pass (rare) is listed
