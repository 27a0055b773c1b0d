"""Schotten Totten records as text (docs/NOTATION.md), for the desktop tools: the device never
imports this module (saves use engine.record's packed bytes). engine.record_text serves both
games.

    # comments and blank lines are ignored
    game st1
    variant base      (optional: the base game; "variant tactic" the tactic variant)
    timing 2016
    first 1
    seed 42
    moves
    G7@3 done B2@1 done ...
    result 2          (optional: checked against the replay)
"""

from engine import st1
from engine.cards import NONE
from engine.errors import IllegalMove
from engine.record import Record
from engine.st1.game import move_text, parse_move
from engine.text import digits


def record_text(rec):
    """The record as text, one turn per line, with the result if the game is over."""
    out = ["game st1"]
    if rec.variant:
        out.append("variant tactic")
    out += [
        "timing " + ("1999" if rec.timing else "2016"),
        "first %d" % (rec.first + 1),
        "seed %d" % rec.seed,
        "moves",
    ]
    # One line per turn: replay to see where each turn ends.
    game = rec.start()
    line = []
    for m in rec.moves:
        p = game.to_move
        game.apply(m)
        line.append(move_text(m))
        if game.to_move != p or game.phase == st1.PH_OVER:
            out.append(" ".join(line))
            line = []
    if line:
        out.append(" ".join(line))
    if game.winner != NONE:
        out.append("result %d" % (game.winner + 1))
    return "\n".join(out) + "\n"


def parse_text(text):
    """Text to (Record, line number of each move); IllegalMove "line N: why" if malformed."""
    opts = {}
    moves = []
    lines = []
    in_moves = False
    result = None
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        key = words[0].lower()
        if key == "result":
            if len(words) != 2 or words[1] not in ("1", "2"):
                raise IllegalMove("line %d: result must be 1 or 2" % no)
            result = (int(words[1]) - 1, no)
            continue
        if in_moves:
            for w in words:
                try:
                    moves.append(parse_move(w))
                except IllegalMove as e:
                    raise IllegalMove("line %d: %s" % (no, e)) from None
                lines.append(no)
            continue
        if key == "moves":
            in_moves = True
            continue
        if key not in ("game", "variant", "timing", "first", "seed") or len(words) != 2:
            raise IllegalMove("line %d: expected game/variant/timing/first/seed <value> or moves" % no)
        if key in opts:
            raise IllegalMove("line %d: %s given twice" % (no, key))
        opts[key] = (words[1], no)
    for key in ("game", "seed"):
        if key not in opts:
            raise IllegalMove("line 1: missing '%s'" % key)
    if opts["game"][0].lower() != "st1":
        raise IllegalMove("line %d: only game st1 is supported" % opts["game"][1])
    variant = opts.get("variant", ("base", 0))
    if variant[0].lower() not in ("base", "tactic"):
        raise IllegalMove("line %d: the variant is base or tactic" % variant[1])
    timing = opts.get("timing", ("2016", 0))
    if timing[0] not in ("2016", "1999"):
        raise IllegalMove("line %d: timing is 2016 or 1999" % timing[1])
    first = opts.get("first", ("1", 0))
    if first[0] not in ("1", "2"):
        raise IllegalMove("line %d: first is 1 or 2" % first[1])
    seed = opts["seed"]
    if not digits(seed[0], 10) or int(seed[0]) >= 1 << 32:
        raise IllegalMove("line %d: seed is a number below 2**32" % seed[1])
    tactic = 1 if variant[0].lower() == "tactic" else 0
    rec = Record(int(seed[0]), 1 if timing[0] == "1999" else 0, int(first[0]) - 1, moves, tactic)
    rec.result = result
    return rec, lines


def replay_text(text):
    """Validate and replay a text record: the final State; IllegalMove "line N: why" if bad."""
    rec, lines = parse_text(text)
    st = rec.start()
    for i, m in enumerate(rec.moves):
        try:
            st.apply(m)
        except IllegalMove as e:
            raise IllegalMove("line %d: move %s: %s" % (lines[i], move_text(m), e)) from None
    if rec.result is not None and rec.result[0] != st.winner:
        raise IllegalMove(
            "line %d: the record says player %d won, the replay does not" % (rec.result[1], rec.result[0] + 1)
        )
    return rec, st
