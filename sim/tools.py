"""Desktop commands over the engine: prove (JSON lines), replay, selfplay, demo."""

import json
import sys
import time

from engine import st1
from engine.cards import NCARDS, name, parse
from engine.errors import IllegalMove
from engine.games import load
from engine.record_text import game_of, replay_text
from engine.rng import Rng
from engine.st1.play import random_move
from engine.st1.tactic.prove import JOKER, beat_t, score_t

FIELDS = ("game", "my_cards", "opp_cards", "visible_elsewhere", "me_completed_first")
FIELDS_ST1 = FIELDS + ("mud", "blind")
FIELDS_ST2 = FIELDS + ("tile", "damaged")
# The tactic cards by name (ids 54..63, the two Jokers first); elites are 54..57.
TACTICS = ("JOKER", "JOKER", "SPY", "SHIELD", "BLIND", "MUD", "RECRUITER", "STRATEGIST", "BANSHEE", "TRAITOR")
ONE_JOKER = "each player can only have one Joker on his side of the border"
MAX_LINE = 1 << 16  # bytes of one request line: a longer one is answered with an error, unread


def check_fields(obj):
    """The request's game (1 or 2); IllegalMove for a missing or unknown field."""
    if not isinstance(obj, dict):
        raise IllegalMove("each line must be a JSON object")
    game = obj.get("game", 1)
    if type(game) is not int or game not in (1, 2):
        raise IllegalMove("only game 1 (Schotten Totten) and game 2 (Schotten Totten 2) exist")
    known = FIELDS_ST1 if game == 1 else FIELDS_ST2
    for k in obj:
        if k not in known:
            raise IllegalMove(
                "unknown field %s (game %d takes: %s)" % (json.dumps(k), game, ", ".join(known))
            )
    for k in ("my_cards",) if game == 1 else ("my_cards", "tile"):
        if k not in obj:
            raise IllegalMove("missing field %s" % k)
    first = obj.get("me_completed_first")
    if first is not None and first is not True and first is not False:
        raise IllegalMove("me_completed_first must be true, false or null")
    for k in ("mud", "blind"):
        if type(obj.get(k, False)) is not bool:
            raise IllegalMove("%s must be true or false" % k)
    return game


def _st1_cards(obj, key, used):
    """A game-1 card list: clan names and tactic names (docs/NOTATION.md) to ids. `used`
    counts the tactic cards met so far (bytearray of 10): each exists once, the Joker twice."""
    v = obj.get(key, [])
    if not isinstance(v, list):
        raise IllegalMove("%s must be a list of card names" % key)
    out = []
    for x in v:
        t = TACTICS.index(x.upper()) if isinstance(x, str) and x.upper() in TACTICS else -1
        if t < 0:
            out.append(parse(x))
            continue
        if t >= 4 and key != "visible_elsewhere":
            why = 'a combat mode: give the stone\'s modes as "mud"/"blind"' if t < 6 else "a ruse"
            raise IllegalMove("%s is %s, not a card at a side of a stone" % (TACTICS[t], why))
        if t == 0 and used[0]:
            t = 1  # the second Joker
        if used[t]:
            raise IllegalMove("duplicate card %s%s" % (TACTICS[t], " (there are two)" if t == 1 else ""))
        used[t] = 1
        out.append(54 + t)
    if key != "visible_elsewhere" and (JOKER in out) + (JOKER + 1 in out) > 1:
        raise IllegalMove("two Jokers in %s: %s (2016 rulebook)" % (key, ONE_JOKER))
    return out


def _elite_names(cards, vals):
    """The elite troops among cards with the values they take: ["JOKER=B9"]."""
    out = []
    for c in cards:
        if c >= NCARDS:
            out.append(TACTICS[c - NCARDS] + "=" + name(vals[len(out)]))
    return out


def prove_one(obj):
    """One `python -m sim prove` request (a dict) to its answer (a dict)."""
    if check_fields(obj) == 2:
        from sim.tools_st2 import prove_st2

        return prove_st2(obj)
    used = bytearray(len(TACTICS))
    mine = _st1_cards(obj, "my_cards", used)
    opp = _st1_cards(obj, "opp_cards", used)
    vis = _st1_cards(obj, "visible_elsewhere", used)
    mud, blind = obj.get("mud", False), obj.get("blind", False)
    if (mud and used[5]) or (blind and used[4]):
        raise IllegalMove("duplicate card %s: it is this stone's" % ("MUD" if mud and used[5] else "BLIND"))
    seen = bytearray(NCARDS)
    for c in mine + opp + vis:
        if c < NCARDS:
            if seen[c]:
                raise IllegalMove("duplicate card %s" % name(c))
            seen[c] = 1
    n = 4 if mud else 3
    if len(mine) > n or len(opp) > n:
        raise IllegalMove(
            "too many cards: at most %d on each side of a stone%s" % (n, " (Mud Fight)" if mud else "")
        )
    first = obj.get("me_completed_first")
    if len(mine) < n:
        return {"provable": False, "counterexample": None, "error": None}
    target, vals = score_t(mine, n, blind)
    out = {"provable": False, "counterexample": None, "error": None}
    if vals:
        out["my_values"] = _elite_names(mine, vals)
    if len(opp) == n:
        theirs, tvals = score_t(opp, n, blind)
        if target == theirs and first is None:
            raise IllegalMove("equal formations: me_completed_first must be true or false")
        ok = target > theirs or (target == theirs and first)
        out["provable"] = bool(ok)
        out["counterexample"] = None if ok else _elite_names(opp, tvals)
        return out
    unseen = bytearray(NCARDS)
    for c in range(NCARDS):
        unseen[c] = 0 if seen[c] else 1
    add = beat_t(target, opp, len(opp), n, unseen, blind)
    if add is None:
        out["provable"] = True
        return out
    full = opp + add
    out["counterexample"] = _elite_names(opp, score_t(full, n, blind)[1]) + [name(c) for c in add]
    return out


def _lines(stream):
    """The stream's lines as bytes (or str for a text stream); None for a line over MAX_LINE
    bytes, whose rest is skipped unread into memory."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and line[-1:] not in (b"\n", "\n"):
            while True:
                more = stream.readline(MAX_LINE)
                if not more or more[-1:] in (b"\n", "\n"):
                    break
            yield None
        else:
            yield line


def answer(line):
    """The answer (a dict) to one request line: bytes, str, or None for an overlong line."""
    if line is None:
        return _error("line longer than %d bytes" % MAX_LINE)
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as e:
            return _error("not UTF-8 text (byte %d)" % (e.start + 1))
    if not line.strip():
        return _error("empty line: one JSON object a line")
    try:
        obj = json.loads(line)
    except RecursionError:
        return _error("malformed JSON: nested too deeply")
    except ValueError as e:  # json.JSONDecodeError
        return _error("malformed JSON: %s" % e)
    try:
        return prove_one(obj)
    except IllegalMove as e:
        return _error(str(e))
    except RecursionError:
        return _error("request nested too deeply")


def _error(why):
    if len(why) > 300:  # a 60 KB "card" is named by its start
        why = why[:300] + "..."
    return {"provable": False, "counterexample": None, "error": why}


def prove(stdin, stdout):
    """Answer JSON-line requests (docs/NOTATION.md): exactly one answer line per input line."""
    for line in _lines(stdin):
        stdout.write(json.dumps(answer(line)) + "\n")
        stdout.flush()


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
        from sim.tools_st2 import replay_st2

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
    variant's engine.<game>.tplay: claims taken as soon as they hold). Desktop only: the device
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
    """A human-readable picture of the table: player 2's side on top, player 1's below (a
    tactic game: four rows a side, tactic cards by their first five letters, the combat modes
    under the stones' numbers: B Blind-Man's Bluff, M Mud Fight)."""
    if getattr(st, "VARIANT", 0):
        from sim.tools_t import board_text_t

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
