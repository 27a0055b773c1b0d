"""Desktop commands over the engine, for both games: replay (a record checked and its table
drawn as text), selfplay, demo; `python -m sim prove` is sim.prove's."""

import sys
import time

from engine import st1
from engine.cards import name
from engine.errors import IllegalMove
from engine.games import load
from engine.record_text import game_of, replay_text
from engine.rng import Rng
from engine.st1.play import random_move

MAX_RECORD = 1 << 20  # bytes: a record of the longest game is a few KB


def read_record(path):
    """The text of a record file; IllegalMove saying why it is not one (too large, not UTF-8,
    a save area) or OSError."""
    with open(path, "rb") as f:
        data = f.read(MAX_RECORD + 1)  # a cap: /dev/urandom never ends
    if len(data) > MAX_RECORD:
        raise IllegalMove("larger than %d KB: not a game record" % (MAX_RECORD >> 10))
    if data[:4] == b"STsv":
        raise IllegalMove(
            "a save area (packed, ui/store.py), not a game record: the simulator writes each "
            "finished game's record as text into games/"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise IllegalMove(
            "line %d: not UTF-8 text (byte %d): a record is UTF-8 text" % (line, e.start + 1)
        ) from None


def replay(path):
    try:
        text = read_record(path)
    except OSError as e:
        print("cannot read %s: %s" % (path, e.strerror or e), file=sys.stderr)
        return 2
    except IllegalMove as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 1
    if _is_st2(text):
        return replay_st2(path, text)
    try:
        rec, st = replay_text(text)
    except IllegalMove as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 1
    print(board_text(st))
    if st.phase == st1.PH_OVER:
        print("result: player %d wins, %d stones to %d" % (st.winner + 1, st.stones_of(0), st.stones_of(1)))
    else:
        print("game not finished: player %d to move (%d moves replayed)" % (st.to_move + 1, len(rec.moves)))
    return 0


def _is_st2(text):
    """True if a text record is of the second game (`game st2` first)."""
    return game_of(text) == "st2"


def random_mover(game, variant=0):
    """A game's random-move function for self-play (engine.<game>.play.random_move, or the
    variant's engine.<game>.tactic.play: claims taken as soon as they hold). Desktop only: the device
    bundle leaves the play modules out."""
    import importlib

    return importlib.import_module("engine.%s.%splay" % (game.NAME, "tactic." if variant else "")).random_move


def selfplay_st2(games, seed, variant=0):
    """Schotten Totten 2 random self-play: the summary line of selfplay (p1 = the Attacker);
    variant 1 is the tactic variant."""
    opts = {"variant": variant} if variant else None
    return _selfplay(games, seed, load("st2"), lambda i: opts, variant)


def selfplay(games, seed, timing, variant=0):
    """Schotten Totten random self-play, the players starting in turn (variant 1: tactic)."""
    g = load("st1")
    return _selfplay(games, seed, g, lambda i: g.options(variant, timing, i & 1), variant)


def _selfplay(games, seed, game, options, variant=0):
    """The summary line of `games` random games through a game object: game i dealt from
    seed + i with options(i), every move random_mover(game, variant) with one random stream."""
    rng = Rng(seed)
    move = random_mover(game, variant)
    wins = [0, 0]
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        st = game.new_state(options(i), seed + i)
        while not game.is_over(st):
            st.apply(move(st, rng))
        wins[st.winner] += 1
        turns += st.turn
    dt = max(time.perf_counter() - t0, 1e-9)
    return "games=%d p1_wins=%d p2_wins=%d avg_turns=%.1f games_per_s=%.1f" % (
        games,
        wins[0],
        wins[1],
        turns / games,
        games / dt,
    )


def board_text(st):
    """A human-readable picture of the table (a State or View of either game): player 2's side
    on top, player 1's below (a tactic game: four rows a side, tactic cards by their first five
    letters, the combat modes under the stones' numbers: B Blind-Man's Bluff, M Mud Fight); the
    second game's wall: board_text_st2."""
    if st.GAME == 2:
        return board_text_st2(st)
    if st.VARIANT:
        return board_text_t(st)
    rows = []
    for p, label in ((1, "P2"), (0, "P1")):
        for k in (2, 1, 0) if p == 1 else (0, 1, 2):
            cells = []
            for s in range(st1.NSTONES):
                side = st.side(s, p)
                cells.append(name(side[k]) if k < len(side) else "..")
            rows.append("%s  %s" % (label if k == (2 if p == 1 else 0) else "  ", "  ".join(cells)))
        if p == 1:
            marks = []
            for s in range(st1.NSTONES):
                o = st.owner[s]
                marks.append("[%s]" % ("12"[o - 1] if o else str(s + 1)))
            rows.append("    " + " ".join(marks))
    rows.append(
        "deck %d  turn %d  stones P1 %d P2 %d" % (st.ndeck, st.turn, st.stones_of(0), st.stones_of(1))
    )
    return "\n".join(rows)


def demo(seed):
    """A random-vs-random game printed turn by turn (a stand-in before the AI and screens)."""
    rng = Rng(seed)
    st = st1.State(seed, st1.T2016, 0)
    while st.phase != st1.PH_OVER:
        st.apply(random_move(st, rng))
    print(board_text(st))
    print("player %d wins" % (st.winner + 1))
    return 0


def main_selfplay(args):
    if args.game == "st2" and args.variant in ("base", "tactic"):
        print(selfplay_st2(args.games, args.seed, 1 if args.variant == "tactic" else 0))
        return 0
    if args.game != "st1" or args.variant not in ("base", "tactic"):
        print(
            "only --game st1|st2 with --variant base|tactic exist",
            file=sys.stderr,
        )
        return 2
    timing = st1.T1999 if args.timing == "1999" else st1.T2016
    print(selfplay(args.games, args.seed, timing, 1 if args.variant == "tactic" else 0))
    return 0


# ---- pictures of a tactic game and of the second game

_W = 5  # cell width: "G7", "JOKER", "SHIEL"


def board_text_t(st):
    """A tactic game's table: player 2's side on top (four rows: Mud Fight), the stones with
    their combat modes, then player 1's side; elite troops' values once claimed, the discard
    and the decks below."""
    from engine.st1.tactic.table import cname

    def cell(c):
        t = cname(c)[:_W] if c is not None else ".."
        return t + " " * (_W - len(t))

    rows = []
    for p, label in ((1, "P2"), (0, "P1")):
        for k in (3, 2, 1, 0) if p == 1 else (0, 1, 2, 3):
            cells = []
            for s in range(st1.NSTONES):
                side = st.side(s, p)
                cells.append(cell(side[k] if k < len(side) else None))
            rows.append("%s  %s" % (label if k == (3 if p == 1 else 0) else "  ", " ".join(cells)))
        if p == 1:
            marks = []
            for s in range(st1.NSTONES):
                o = st.owner[s]
                m = st.mode[s]
                modes = ("B" if m & 1 else "") + ("M" if m & 2 else "")
                t = "[%s]%s" % ("12"[o - 1] if o else str(s + 1), modes)
                marks.append(t + " " * (_W - len(t)))
            rows.append("    " + " ".join(marks))
    vals = []
    for e in range(4):
        if st.ev[e] != 255:
            vals.append("%s=%s" % (cname(54 + e), cname(st.ev[e])))
    if vals:
        rows.append("elite troops: " + " ".join(vals))
    rows.append("discard: " + (" ".join([cname(c) for c in st.discard()]) or "-"))
    rows.append(
        "clan deck %d  tactic deck %d  turn %d  stones P1 %d P2 %d"
        % (st.ndeck, st.ntdeck, st.turn, st.stones_of(0), st.stones_of(1))
    )
    return "\n".join(rows)


def board_text_st2(st):
    """A picture of the second game's wall: the Defender's side on top, the Attacker's below."""
    from engine.st2.cards import NSIEGE, NTILES
    from engine.st2.cards import name as nm

    if st.variant:
        from engine.st2.tactic.cards import name as nm  # tactic cards have names too
    rows = []
    for p, label in ((1, "D "), (0, "A ")):
        ks = (3, 2, 1, 0) if p == 1 else (0, 1, 2, 3)
        for k in ks:
            cells = []
            for t in range(NTILES):
                side = st.cards_at(t, p)
                cells.append("%-4s" % (nm(side[k]) if k < len(side) else ("." if k < st.need(t) else "")))
            rows.append("%s %s" % (label if k == ks[0] else "  ", " ".join(cells)))
        if p == 1:
            rows.append("   " + " ".join(["[%d%s]" % (t + 1, "ud"[st.side[t]]) for t in range(NTILES)]))
    disc = " ".join([nm(c) for c in range(NSIEGE + 4 * st.variant) if st.loc[c] == 2])
    rows.append("deck %d  turn %d  damaged %d  cauldrons left %d" % (st.ndeck, st.turn, st.damaged(), st.oil))
    rows.append("discard: " + (disc or "-"))
    if st.variant:
        shown = [
            "%s=%s" % (nm(st.shown[j]), nm(st.shown[j + 1])) for j in range(0, 8, 2) if st.shown[j] != 255
        ]
        if shown:
            rows.append("the last declaration's elite troops: " + " ".join(shown))
        rows.append(
            "tactic deck %d  tactic cards played %d / %d  used: %s"
            % (
                st.ntdeck,
                st.tcount[0],
                st.tcount[1],
                " ".join([nm(c) for c in range(64, 71) if st.loc[c] > 2]) or "-",
            )
        )
    return "\n".join(rows)


def replay_st2(path, text):
    """`python -m sim replay` of a second game's record (text, docs/NOTATION.md)."""
    from engine.st2.moves import PH_OVER
    from engine.st2.recordtext import replay_text

    try:
        rec, match, st = replay_text(text)
    except IllegalMove as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 1
    for i, r in enumerate(match.results):
        print(
            "game %d: player %d attacks, player %d wins as the %s (deck %d, tiles in good repair + "
            "cauldrons %d)" % (i + 1, (i & 1) + 1, r[0] + 1, "Attacker" if r[1] else "Defender", r[2], r[3])
        )
    print(board_text(st))
    if match.winner() is not None:
        print("result: player %d wins the %s" % (match.winner() + 1, "match" if rec.mode else "game"))
    elif st.phase == PH_OVER:
        print("match not decided after %d games" % len(rec.games))
    else:
        print("game not finished: %s to move" % ("the Attacker" if st.to_move == 0 else "the Defender"))
    return 0
