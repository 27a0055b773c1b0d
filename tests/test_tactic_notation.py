"""Tactic variant: notation of every move and step, positions, records and replay, the
desktop commands, and the base game loading none of it (issue 13 items 1 and 5)."""

import os
import re
import subprocess
import sys

import pytest

from engine.errors import IllegalMove
from engine.record import Record, unpack
from engine.record_text import record_text, replay_text
from engine.rng import Rng
from engine.st1 import game
from engine.st1.table import PH_OVER
from engine.st1.tactic.deal import key
from engine.st1.tactic.play import random_move
from engine.st1.tactic.state import TState
from engine.st1.tactic.table import DRAW, STEP_CARD, STEP_DISCARD, STEP_STONE, TNMOVES
from tests.tactic_helpers import tcheck

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUMMARY = r"games=(\d+) p1_wins=(\d+) p2_wins=(\d+) avg_turns=([\d.]+) games_per_s=[\d.]+"


def _game(seed, timing=0, first=0):
    rng = Rng(seed)
    st = TState(seed, timing, first)
    moves = []
    while st.phase != PH_OVER:
        m = random_move(st, rng)
        moves.append(m)
        st.apply(m)
    return st, moves


def test_every_move_has_a_text_and_a_decoding():
    """Every number of the move space reads and writes back; the docs' examples."""
    n = 0
    for m in range(TNMOVES):
        try:
            parts = game.decode(m)
        except IllegalMove:
            assert m < 576 and m // 9 >= 60 and m % 9  # a ruse on a stone: no move
            continue
        n += 1
        assert game.encode(*parts) == m and game.kind(m) == parts[0]
        t = game.move_text(m)
        assert game.parse_move(t) == m and " " not in t
    assert n == 60 * 9 + 4 + 9 + 2 + 2 + 64 + 9 + 1
    examples = {
        "SPY@3": (506, (game.KIND_PLAY, 56, 2, 0)),
        "JOKER2@1": (495, (game.KIND_PLAY, 55, 0, 0)),
        "MUD@9": (539, (game.KIND_PLAY, 59, 8, 0)),
        "BANSHEE": (558, (game.KIND_PLAY, 62, -1, 0)),
        "+clan": (DRAW, (game.KIND_DRAW, -1, -1, 0)),
        "+tactic": (DRAW + 1, (game.KIND_DRAW, -1, -1, 1)),
        "*G7": (STEP_CARD + 33, (game.KIND_STEP, 33, -1, 0)),
        "*JOKER": (STEP_CARD + 54, (game.KIND_STEP, 54, -1, 0)),
        ">3": (STEP_STONE + 2, (game.KIND_STEP, -1, 2, 0)),
        ">discard": (STEP_DISCARD, (game.KIND_STEP, -1, -1, game.X_DISCARD)),
    }
    for text, (m, parts) in examples.items():
        assert game.parse_move(text) == m and game.move_text(m) == text and game.decode(m) == parts
    assert game.parse_move(" banshee ") == 558 and game.parse_move("spy@3") == 506
    for bad in ("BANSHEE@3", "SPY", "*Z9", ">0", ">10", "+deck", "JOKER3@1", "*", ">", "@3", ""):
        with pytest.raises(IllegalMove):
            game.parse_move(bad)
    with pytest.raises(IllegalMove, match="expected like G7@3, SPY@3, BANSHEE"):
        game.parse_move("G0@3")


def test_the_tactic_notation_refuses_what_is_not_text():
    """engine.st1.tactic.notation's readers, called directly, refuse a non-str as the base game's
    do (engine.text.text_of): IllegalMove, not an AttributeError from None.split()."""
    from engine.st1.tactic import notation as tnotation

    for bad in (None, 5, b"ST1 2016 tactic"):
        with pytest.raises(IllegalMove, match="malformed move .*: not text"):
            tnotation.parse_move(bad)
        with pytest.raises(IllegalMove, match="malformed position .*: not text"):
            tnotation.parse_position(bad)


def test_the_move_numbers_agree_between_the_game_object_and_the_engine():
    """engine.st1.game and engine.st1.tactic.table spell the move numbers each (the game object
    loads no tactic module); every module's private copies agree with ttable's."""
    from engine.st1.tactic import table as ttable

    for name in ("DRAW", "STEP_CARD", "STEP_STONE", "STEP_DISCARD"):
        assert getattr(game, name) == getattr(ttable, name)
    assert (game.NMOVES, game.NCARDS, game.PH_DRAW, game.PH_ACTION) == (
        ttable.TNMOVES,
        ttable.NALL,
        ttable.PH_DRAW,
        ttable.PH_ACTION,
    )
    from engine.st1 import table

    public = {k: v for k, v in vars(ttable).items() if k.isupper() and isinstance(v, int)}
    public.update({k: v for k, v in vars(table).items() if k.isupper() and isinstance(v, int)})
    for mod in ("table", "legal", "ruse", "turn", "state", "view", "play"):
        with open(os.path.join(ROOT, "engine", "st1", "tactic", mod + ".py")) as f:
            for name, value in re.findall(r"^_([A-Z0-9_]+) = const\((\d+)\)", f.read(), re.M):
                if name in ("T1999",):
                    assert int(value) == table.T1999
                    continue
                assert name in public and public[name] == int(value), (mod, name)


@pytest.mark.parametrize("timing", [0, 1])
def test_positions_round_trip_on_every_state(timing):
    """position_text and parse_position round-trip every state of random games (every phase,
    ruses half resolved, Recruiter's known cards, elite values, both modes), and the parsed
    state plays on exactly as the original."""
    phases = set()
    for g in range(25):
        rng = Rng(g)
        st = TState(40 + g, timing, g & 1)
        while True:
            t = game.position_text(st)
            back = game.parse_position(t)
            tcheck(back)
            assert game.position_text(back) == t and back.legal_moves() == st.legal_moves()
            assert key(game.parse_position(t).view(0)) == key(st.view(0))
            phases.add(t.split()[4])
            if st.phase == PH_OVER:
                break
            st.apply(random_move(st, rng))
    assert phases == {"play", "claim", "over", "draw", "action"}


def test_bad_positions_are_refused_with_the_reason():
    st, _ = _game(3)
    t = game.position_text(st)
    f = t.split()
    assert f[:3] == ["ST1", "2016", "tactic"]
    bad = {
        "29 fields": " ".join(f[:-1]),
        "appears twice": t.replace("h1=", "h1=R1.", 1)
        if "R1" not in f[12]
        else t.replace("h2=", "h2=R1.", 1),
        "bad timing": t.replace("ST1 2016", "ST1 2017", 1),
        "expected j-": t.replace(" " + f[10] + " ", " jx ", 1),
        "modes are": t.replace(f[20], f[20][: f[20].rindex("/")] + "/Q", 1),
    }
    for why, text in bad.items():
        with pytest.raises(IllegalMove, match=why):
            game.parse_position(text)


def test_the_number_of_cards_played_is_bounded_so_the_stamps_fit_a_byte():
    """n (cards placed so far) is at most 64 and at least the cards on the stones: a game
    places at most 60 (54 clan cards, 4 elite troops, Strategist's and Traitor's moves), and a
    side's stamp (a byte) is n after its last card. n250 used to parse, and a few moves later
    a stamp past 255 raised ValueError with the card already on the board."""
    st = game.new_state(game.options(variant=1), 1)
    t = game.position_text(st)
    assert " n0 " in t
    for n in (65, 250):
        with pytest.raises(IllegalMove, match="out of range"):
            game.parse_position(t.replace(" n0 ", " n%d " % n, 1))
    st = game.parse_position(t.replace(" n0 ", " n64 ", 1))
    rng = Rng(1)
    while st.phase != PH_OVER:  # a whole game on from n64: every stamp fits
        st.apply(random_move(st, rng))
    most = 0
    for seed in range(40):
        most = max(most, _game(seed, seed & 1)[0].nplayed)
    assert most <= 60
    st, rng = TState(3, 0, 0), Rng(3)
    while sum(st.cnt) < 2:  # two cards on the stones, no side complete
        st.apply(random_move(st, rng))
    t = game.position_text(st)
    n = " n%d " % st.nplayed
    assert n == " n2 " and "@" not in t
    with pytest.raises(IllegalMove, match="fewer than the cards on the stones"):
        game.parse_position(t.replace(n, " n%d " % (sum(st.cnt) - 1), 1))


def test_records_of_tactic_games_pack_replay_and_read_as_text():
    """A record carries the variant (byte 1 = 1, "variant tactic"); packed, unpacked, written
    as text and read back, it replays to the same final state."""
    for seed in range(12):
        timing, first = seed & 1, seed >> 1 & 1
        st, moves = _game(seed, timing, first)
        rec = Record(seed, timing, first, moves, 1)
        data = rec.pack()
        assert data[:2] == b"\x12\x01"
        back = unpack(data)
        assert (back.variant, back.moves, back.timing, back.first) == (1, moves, timing, first)
        assert game.position_text(back.replay()) == game.position_text(st)
        text = record_text(rec)
        assert "\nvariant tactic\n" in text and text.endswith("result %d\n" % (st.winner + 1))
        rec2, st2 = replay_text(text)
        assert rec2.variant == 1 and game.position_text(st2) == game.position_text(st)
    lines = text.split("\n")
    k = lines.index("moves") + 1
    lines[k] = lines[k] + " BANSHEE@3"
    with pytest.raises(IllegalMove, match="line %d:" % (k + 1)):
        replay_text("\n".join(lines))


def _sim(args):
    return subprocess.run(
        [sys.executable, "-m", "sim"] + args, cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_selfplay_and_replay_commands(tmp_path):
    """`python -m sim selfplay --game st1 --variant tactic` prints the summary line of the
    same games tplay plays; `python -m sim replay` reads a tactic record."""
    r = _sim(
        [
            "selfplay",
            "--game",
            "st1",
            "--variant",
            "tactic",
            "--games",
            "30",
            "--seed",
            "4",
            "--timing",
            "1999",
        ]
    )
    assert r.returncode == 0, r.stderr
    m = re.fullmatch(SUMMARY, r.stdout.strip())
    wins, turns = [0, 0], 0
    rng = Rng(4)
    for i in range(30):
        st = game.new_state(game.options(1, 1, i & 1), 4 + i)
        while not game.is_over(st):
            st.apply(random_move(st, rng))
        wins[st.winner] += 1
        turns += st.turn
    assert m and (int(m.group(2)), int(m.group(3)), m.group(4)) == (wins[0], wins[1], "%.1f" % (turns / 30))
    st, moves = _game(8)
    p = tmp_path / "t.txt"
    p.write_text(record_text(Record(8, 0, 0, moves, 1)))
    r = _sim(["replay", str(p)])
    assert r.returncode == 0, r.stderr
    assert "result: player %d wins" % (st.winner + 1) in r.stdout and "discard:" in r.stdout
    r = _sim(["selfplay", "--game", "st1", "--variant", "expert", "--games", "3"])
    assert r.returncode == 2 and "--variant base|tactic" in r.stderr


def test_the_base_game_loads_no_tactic_module():
    """The base game (its State, game object, records, notation, match, random play, the AI's
    view) imports no module of the tactic variant."""
    code = (
        "import sys\n"
        "from engine.st1 import game, play\n"
        "from engine.record import Record, unpack\n"
        "from engine.record_text import record_text, replay_text\n"
        "from engine.rng import Rng\n"
        "from engine.st1.deal import sample\n"
        "st = game.new_state(game.options(), 3)\n"
        "rng = Rng(3); moves = []\n"
        "while not game.is_over(st):\n"
        "    m = play.random_move(st, rng); moves.append(m); game.move_text(m); st.apply(m)\n"
        "game.parse_position(game.position_text(st)); sample(st.view(0), rng)\n"
        "t = record_text(unpack(Record(3, 0, 0, moves).pack())); replay_text(t)\n"
        "game.new_match(3).new_round(1); game.decode(588); game.parse_move('G7@3')\n"
        "print(' '.join(sorted(k for k in sys.modules if k.startswith('engine'))))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    mods = r.stdout.split()
    assert "engine.st1.game" in mods
    assert not [m for m in mods if m.startswith("engine.st1.t") and m != "engine.st1.table"], mods
