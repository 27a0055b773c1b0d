"""Desktop commands for Schotten Totten 2: `python -m sim prove` with "game": 2, and the replay
of st2 records (text, docs/NOTATION.md). Called from sim.tools."""

import sys

from engine.errors import IllegalMove
from engine.st2.cards import NSIEGE, NTILES, kind, name, need
from engine.st2.notation import parse_card
from engine.st2.prove import beat, score


def _cards(obj, key):
    v = obj.get(key, [])
    if not isinstance(v, list):
        raise IllegalMove("%s must be a list of card names" % key)
    return [parse_card(x) for x in v]


def prove_st2(obj):
    """One game-2 request to its answer: can the Attacker ("my" side) declare control of
    `tile` (1..7) on its `damaged` side (true/false) against the Defender's `opp_cards`, with
    `visible_elsewhere` every other visible card (other tiles and the discard pile)?"""
    tile = obj.get("tile")
    if isinstance(tile, bool) or not isinstance(tile, int) or not 1 <= tile <= NTILES:
        raise IllegalMove('game 2 needs "tile": 1..7')
    dmg = obj.get("damaged", False)
    if dmg is not True and dmg is not False:
        raise IllegalMove("damaged must be true or false")
    t, side = tile - 1, 1 if dmg else 0
    n, kd = need(t, side), kind(t, side)
    mine = _cards(obj, "my_cards")
    opp = _cards(obj, "opp_cards")
    vis = _cards(obj, "visible_elsewhere")
    seen = bytearray(72)
    for c in mine + opp + vis:
        if seen[c]:
            raise IllegalMove("duplicate card %s" % name(c))
        seen[c] = 1
    if len(mine) > n or len(opp) > n:
        raise IllegalMove("too many cards: tile %d%s takes %d on each side" % (tile, "d" if dmg else "u", n))
    first = obj.get("me_completed_first")
    if first not in (True, False, None):
        raise IllegalMove("me_completed_first must be true, false or null")
    if len(mine) < n:
        return {"provable": False, "counterexample": None, "error": None}
    target = score(mine, n, kd)
    if len(opp) == n:
        theirs = score(opp, n, kd)
        if target == theirs and first is None:
            raise IllegalMove("equal formations: me_completed_first must be true or false")
        ok = target > theirs or (target == theirs and first)
        return {"provable": bool(ok), "counterexample": None if ok else [], "error": None}
    add = beat(target, opp, len(opp), n, kd, seen)
    if add is None:
        return {"provable": True, "counterexample": None, "error": None}
    return {"provable": False, "counterexample": [name(c) for c in add], "error": None}


def board_text(st):
    """A picture of the wall: the Defender's side on top, the Attacker's below."""
    nm = name
    if st.variant:
        from engine.st2.tcards import name as nm  # tactic cards have names too
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
