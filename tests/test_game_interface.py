"""The one game interface (issue 11, docs/ENGINE.md): both games' game objects, the shared
modules that go through them, records carrying game and variant, and the rule that nothing
outside a game's own modules reads its moves by arithmetic."""

import os
import re

import pytest

from engine import st1
from engine.errors import IllegalMove
from engine.games import load, of
from engine.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("st1", "st2")
_SHARED = ("NAME", "ID", "NPLAYERS", "NCARDS", "HAND", "HMAX", "NTARGETS", "NMOVES", "VARIANTS")
_FUNCS = ("new_state", "options_of", "decode", "encode", "kind", "move_text", "parse_move")
_FUNCS += ("position_text", "parse_position", "claim_check", "claimable", "is_over", "result")
_FUNCS += ("new_match", "can_try")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_object_has_the_interface(name):
    g = load(name)
    assert load(g.ID) is g and g.NAME == name
    for attr in _SHARED + _FUNCS:
        assert hasattr(g, attr), attr
    # Kinds and phases are numbered alike in every game.
    assert (g.KIND_PLAY, g.KIND_CLAIM, g.KIND_DONE) == (0, 1, 4)
    assert (g.PH_PLAY, g.PH_OVER) == (0, 2)
    assert g.VARIANTS[0] == "base"


@pytest.mark.parametrize("name", GAMES)
def test_random_games_through_the_game_object(name):
    """Every move decodes, encodes back, reads and writes as text; the state names its game."""
    from sim.tools import random_mover

    g = load(name)
    rng = Rng(4)
    random_move = random_mover(g)
    for seed in range(6):
        st = g.new_state(None, seed)
        assert of(st) is g and of(st.view(0)) is g
        while not g.is_over(st):
            moves = st.legal_moves()
            for mv in moves:
                parts = g.decode(mv)
                assert len(parts) == 4 and g.kind(mv) == parts[0]
                assert g.encode(*parts) == mv
                assert g.parse_move(g.move_text(mv)) == mv
                if parts[0] == g.KIND_PLAY:
                    assert parts[1] in st.hand_of(st.to_move) and 0 <= parts[2] < g.NTARGETS
                elif parts[0] == g.KIND_CLAIM:
                    assert parts[2] in g.claimable(st) and g.claim_check(st, parts[2]) is None
            st.apply(random_move(st, rng), st.to_move)
        assert g.result(st)[0] == st.winner
        assert g.parse_position(g.position_text(st)).legal_moves() == st.legal_moves()


def test_st1_decode_examples_and_errors():
    g = load("st1")
    assert g.decode(299) == (g.KIND_PLAY, 33, 2, 0)  # G7 on stone 3
    assert g.decode(578) == (g.KIND_CLAIM, -1, 2, 0)
    assert g.decode(st1.DONE)[0] == g.KIND_DONE and g.decode(st1.PASS)[0] == g.KIND_PASS
    for m in list(range(60 * 9)) + list(range(60 * 9, st1.CLAIM, 9)) + list(range(st1.CLAIM, g.NMOVES)):
        assert g.encode(*g.decode(m)) == m
    assert g.encode(g.KIND_CLAIM, target=8) == 584
    for bad in (-1, g.NMOVES, "C3", 60 * 9 + 1, st1.CLAIM - 1):  # a ruse is played on no stone
        with pytest.raises(IllegalMove):
            g.decode(bad)
    for parts in (
        (g.KIND_PLAY, 64, 0),
        (g.KIND_PLAY, 60, 0),
        (g.KIND_PLAY, 54, -1),
        (g.KIND_DRAW, -1, -1, 2),
    ):
        with pytest.raises(IllegalMove):
            g.encode(*parts)
    with pytest.raises(IllegalMove):
        g.new_state({"variant": 2}, 1)
    st = g.new_state(g.options(timing=st1.T1999, first=1), 9)
    assert (st.timing, st.first, st.to_move, st.phase) == (st1.T1999, 1, 1, st1.PH_CLAIM)
    assert g.options_of(st) == {"variant": 0, "timing": st1.T1999, "first": 1}
    assert g.result(st) == (-1, 0, 0)
    assert g.new_match(3, st1.T1999, 1).new_round(2).first == 1


def test_the_ai_dispatches_on_the_views_game():
    from engine import ai

    for name in GAMES:
        st = load(name).new_state(None, 1)
        v = st.view(st.to_move)
        assert ai.choose(v, Rng(1), ai.MEDIUM) in v.legal_moves()

    class Other:
        GAME = 3

    with pytest.raises(IllegalMove, match="no AI for game 3"):
        ai.choose(Other(), Rng(1))


def test_records_carry_game_and_variant_and_migrate_format_1():
    """A record is 0x12 (game 1, format 2), the variant, the options, the seed, the moves;
    format 1 (saves made before it) still loads; unknown formats and variants are refused."""
    from engine.record import Record, unpack

    rec = Record(42, st1.T1999, 1, [299])
    data = rec.pack()
    assert data == b"\x12\x00\x03\x00\x00\x00\x2a\x01\x2b"
    back = unpack(data)
    assert (back.game, back.variant, back.seed, back.timing, back.first, back.moves) == (
        1,
        0,
        42,
        1,
        1,
        [299],
    )
    old = b"\x01\x03\x00\x00\x00\x2a\x01\x2b"  # the same record in format 1
    mig = unpack(old)
    assert (mig.game, mig.variant, mig.seed, mig.timing, mig.first, mig.moves) == (1, 0, 42, 1, 1, [299])
    assert mig.pack() == data
    for bad, why in (
        (b"\x13" + data[1:], "format 19, variant 0: this version reads 0x12 and 0x01"),
        (b"\x12\x02" + data[2:], "format 18, variant 2: .* 1 the tactic variant"),
        (b"\x03" + data[1:], "format 3"),
        (data[:-1], "too short, odd length"),
        (data[:2] + b"\x04" + data[3:], "bad options"),
        (b"", "format 0"),
    ):
        with pytest.raises(IllegalMove, match=why):
            unpack(bad)


def test_second_game_records_through_engine_record():
    from engine.record import unpack
    from engine.st2.rmatch import random_match

    _, rec = random_match(1, 7, Rng(7))
    data = rec.pack()
    assert data[0] == 0x22 and data[1] == 0  # game 2, format 2; the base game
    back = unpack(data)
    assert back.game == 2 and back.variant == 0 and back.games == rec.games
    old = bytes([0x21]) + data[2:]  # format 1: no variant byte
    assert unpack(old).games == rec.games
    assert unpack(b"\x22\x01" + data[2:]).variant == 1  # the tactic variant (issue 15)
    with pytest.raises(IllegalMove, match="variant 2"):
        unpack(b"\x22\x02" + data[2:])
    with pytest.raises(IllegalMove, match="0x22"):
        unpack(b"\x23" + data[1:])


def test_notation_and_record_text_serve_both_games():
    from engine import notation, record_text
    from engine.st2.rmatch import random_match

    assert notation.move_text(299) == "G7@3" and notation.parse_move("G7@3") == 299
    assert notation.move_text(331, "st2") == "B11@3" and notation.parse_move("B11@3", "st2") == 331
    for name in GAMES:
        st = load(name).new_state(None, 3)
        text = notation.position_text(st)
        assert text.startswith(name.upper() + " ")
        assert notation.position_text(notation.parse_position(text)) == text
    _, rec = random_match(0, 3, Rng(3))
    text = record_text.record_text(rec)
    assert record_text.game_of(text) == "st2" and record_text.game_of("# c\ngame st1\n") == "st1"
    from engine.record import Record

    st = load("st1").new_state(None, 5)
    mv = st.legal_moves()[0]
    one = record_text.record_text(Record(5, 0, 0, [mv]))
    assert record_text.game_of(one) == "st1" and record_text.replay_text(one)[0].moves == [mv]
    with pytest.raises(IllegalMove, match="the variant is base or tactic"):
        record_text.replay_text(one.replace("timing", "variant expert\ntiming"))
    assert record_text.replay_text(one.replace("timing", "variant base\ntiming"))[0].moves == [mv]


# -- nothing outside a game's own modules reads its moves by arithmetic ----------------------

# Move arithmetic: a move variable divided or taken modulo, offsets of the move space compared
# or added, the move numbers themselves. (Card arithmetic, colour = c // 9, is not moves.)
_MOVE_VAR = r"\b(m|mv|move|moves\[\w+\]|played|best)\s*(//|%)\s*\d"
_OFFSETS = r"\b(CLAIM|DONE|PASS|DECLARE|CAULDRON|RETREAT|DRAW_SIEGE|TARGET_CARD|TARGET_TILE)\b"
_PATTERNS = (
    re.compile(_MOVE_VAR),
    re.compile(r"[<>]=?\s*(\w+\.)?" + _OFFSETS),
    re.compile(_OFFSETS + r"\s*([<>]=?|[-+])"),
    re.compile(r"(?<![\w.])(576|585|586|504|511|518|646|648|649)(?![\w.])"),
    re.compile(r"\w\s*\*\s*[79]\s*\+\s*(s|t|stone|tile)\b(?!\s*-\s*1)"),  # not a card: col * 9 + s - 1
)
# Sources outside engine/st1/ and engine/st2/ still reading moves by arithmetic, each with
# who removes it. Empty since the screens pick moves through the game object (issue 11 item 4).
PENDING = {}


def _sources():
    for top in ("engine", "sim", "ui", "device"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            rel = os.path.relpath(dirpath, ROOT).replace(os.sep, "/")
            if rel.startswith(("engine/st1", "engine/st2")):
                continue
            for f in sorted(files):
                if f.endswith(".py"):
                    yield rel + "/" + f
    yield "code.py"


def _hits(rel):
    out = []
    with open(os.path.join(ROOT, rel)) as fh:
        for no, line in enumerate(fh, 1):
            code = line.split("#", 1)[0]
            if code.strip().startswith(('"', "'")):
                continue  # docstring lines
            for p in _PATTERNS:
                if p.search(code):
                    out.append("%s:%d: %s" % (rel, no, line.strip()))
                    break
    return out


@pytest.mark.parametrize("name", ("st1", "st2"))
def test_text_that_is_not_a_str_is_a_clear_error(name):
    """Bad input gets a clear error: parse_move and parse_position of None, a number or bytes
    raise IllegalMove (they raised AttributeError or TypeError)."""
    g = load(name)
    for bad in (None, 5, b"R1@1"):
        for parse in (g.parse_move, g.parse_position):
            with pytest.raises(IllegalMove):
                parse(bad)


def test_no_move_arithmetic_outside_the_games():
    found = []
    for rel in _sources():
        if rel not in PENDING:
            found += _hits(rel)
    assert not found, "decode moves through the game object (docs/ENGINE.md):\n" + "\n".join(found)


def test_the_scan_sees_move_arithmetic():
    """The patterns catch what they are for (and the pending list is not stale)."""
    for line in (
        "c = mv // 9",
        "if m < st1.CLAIM:",
        "x = CLAIM + s",
        "if mv >= 576:",
        "k * 9 + s",
        "move % 7",
    ):
        assert any(p.search(line) for p in _PATTERNS), line
    for line in ("col = c // 9", "s = c % 9 + 1", "for s in range(9):", "if st.phase == st1.PH_CLAIM:"):
        assert not any(p.search(line) for p in _PATTERNS), line
    for rel in PENDING:
        assert _hits(rel), "%s no longer reads moves by arithmetic: drop it from PENDING" % rel


def test_no_import_from_one_game_into_the_other():
    other = {
        "st1": ("engine.st2", "engine import st2"),
        "st2": (
            "engine.st1",
            "engine import st1",
            "engine.cards",
            "engine.match",
        ),
    }
    for name, banned in other.items():
        d = os.path.join(ROOT, "engine", name)
        for f in os.listdir(d):
            if f.endswith(".py"):
                with open(os.path.join(d, f)) as fh:
                    for line in fh:
                        if line.lstrip().startswith(("import ", "from ")):
                            assert not any(b in line for b in banned), "engine/%s/%s: %s" % (name, f, line)
                            # `from engine import cards, match`: the first game's modules too
                            m = re.match(r"\s*from engine import (.*)", line)
                            if name == "st2" and m:
                                got = {w.strip(" ()\n") for w in m.group(1).split(",")}
                                assert not got & {"cards", "match", "st1"}, line
