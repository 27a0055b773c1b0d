"""Schotten Totten 2 records as text (docs/NOTATION.md), for files, logs and bug reports; the
device packs them instead (engine.st2.record).

    # comments and blank lines are ignored
    game st2
    variant tactic        (optional: base, the default, or tactic)
    mode revenge          (or single)
    seed 42               (each game: its seed, then its moves)
    moves
    B11@3 C4 done
    ...
    seed 43
    moves
    ...
    result 1              (optional, checked: the match winner, player 1 attacking first)
"""

from engine.errors import IllegalMove
from engine.st2.match import REVENGE, SINGLE
from engine.st2.moves import PH_OVER
from engine.st2.notation import move_text, parse_move
from engine.st2.record import Record
from engine.text import digits

_MODES = ("single", "revenge")
_VARIANTS = ("base", "tactic")


def record_text(rec):
    """The record as text, one turn per line, with the result once the match is decided."""
    out = ["game st2", "mode " + _MODES[rec.mode]]
    if rec.variant:
        out.insert(1, "variant " + _VARIANTS[rec.variant])
    for seed, moves in rec.games:
        out.append("seed %d" % seed)
        out.append("moves")
        game = Record(seed, [], 0, rec.variant)
        st = game.replay()
        line = []
        for m in moves:
            turn = st.turn  # a turn's line holds the Exchange's step of the other player too
            st.apply(m)
            line.append(move_text(m))
            if st.turn != turn or st.phase == PH_OVER:
                out.append(" ".join(line))
                line = []
        if line:
            out.append(" ".join(line))
    m, _ = rec.replay_match()
    if m.winner() is not None:
        out.append("result %d" % (m.winner() + 1))
    return "\n".join(out) + "\n"


def parse_record(text):
    """Text to (Record, [(game index, line) of each move]); IllegalMove "line N: why"."""
    rec = None
    lines = []
    state = "head"
    variant = None
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        key = words[0].lower()
        if state == "head":
            if key == "game" and len(words) == 2:
                if words[1].lower() != "st2":
                    raise IllegalMove("line %d: this reader is for game st2" % no)
                state = "mode"
                continue
            raise IllegalMove("line %d: a record starts with 'game st2'" % no)
        if state == "mode":
            if key == "variant" and len(words) == 2 and words[1].lower() in _VARIANTS and variant is None:
                variant = _VARIANTS.index(words[1].lower())
                continue
            if key == "mode" and len(words) == 2 and words[1].lower() in _MODES:
                rec = Record(None, None, _MODES.index(words[1].lower()), variant or 0)
                state = "seed"
                continue
            raise IllegalMove("line %d: expected 'variant base|tactic' or 'mode single|revenge'" % no)
        if key == "result":
            if len(words) != 2 or words[1] not in ("1", "2") or rec.result is not None:
                raise IllegalMove("line %d: one result, 1 or 2" % no)
            rec.result = (int(words[1]) - 1, no)
            state = "end"
            continue
        if state == "end":
            raise IllegalMove("line %d: nothing may follow the result" % no)
        if key == "seed":
            if len(words) != 2 or not digits(words[1], 10) or int(words[1]) >= 1 << 32:
                raise IllegalMove("line %d: seed is a number below 2**32" % no)
            rec.add_game(int(words[1]))
            state = "moves"
            continue
        if state == "moves" and key == "moves" and len(words) == 1:
            state = "in"
            continue
        if state != "in":
            raise IllegalMove("line %d: expected 'seed N' then 'moves'" % no)
        for w in words:
            try:
                rec.games[-1][1].append(parse_move(w))
            except IllegalMove as e:
                raise IllegalMove("line %d: %s" % (no, e)) from None
            lines.append((len(rec.games) - 1, no))
    if rec is None or not rec.games:
        raise IllegalMove("line 1: a record needs 'game st2', a mode and at least one game")
    if rec.mode == SINGLE and len(rec.games) > 1:
        raise IllegalMove("line 1: a single game has one seed")
    if rec.mode not in (SINGLE, REVENGE):
        raise IllegalMove("line 1: bad mode")
    return rec, lines


def replay_text(text):
    """Validate and replay a text record: (Record, Match, last State); IllegalMove "line N:
    why" if it is malformed, illegal, or its result is not the replay's."""
    rec, lines = parse_record(text)
    k = 0
    for g in range(len(rec.games)):
        st = rec.replay(g, 0)
        for m in rec.games[g][1]:
            try:
                st.apply(m)
            except IllegalMove as e:
                raise IllegalMove("line %d: move %s: %s" % (lines[k][1], move_text(m), e)) from None
            k += 1
    try:
        match, st = rec.replay_match()
    except IllegalMove as e:
        raise IllegalMove("line 1: %s" % e) from None
    if rec.result is not None and rec.result[0] != match.winner():
        raise IllegalMove(
            "line %d: the record says player %d won, the replay does not" % (rec.result[1], rec.result[0] + 1)
        )
    return rec, match, st
